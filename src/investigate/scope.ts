import { statSync } from "node:fs";
import { join } from "node:path";
import { printedPrefix } from "../walk/display.ts";
import type { FileEntry, WalkOptions } from "../walk/types.ts";

/**
 * trace's `path:P`, when P names a directory or file under the walk's one root: the walk of P
 * alone, so the tree-wide search reads only that subtree (on the Linux tree, `path:net/ipv4`
 * reads 200 files instead of 79,000). `remap` turns an entry found there back into the
 * original walk's terms (its display path relative to the original root, printed under the
 * original root's prefix), so ranking, output and the path filter see what a whole-tree
 * search would have given for it. Undefined when P is no such path, or when the walk has
 * several roots or -g globs (globs are matched relative to a root: moving it would change them).
 */
export function narrowedWalk(walk: WalkOptions, hint: string): { walk: WalkOptions; remap: (e: FileEntry) => FileEntry } | undefined {
  if ((walk.roots && walk.roots.length > 1) || walk.globs.length > 0) return undefined;
  const rel = hint.replace(/^\.\/+/, "").replace(/\/+$/, "");
  if (!rel || rel.startsWith("/") || rel.split("/").some((s) => s === ".." || s === "." || s === "")) return undefined;
  const full = join(walk.root, rel);
  let isDir: boolean;
  try {
    const st = statSync(full);
    if (!st.isDirectory() && !st.isFile()) return undefined;
    isDir = st.isDirectory();
  } catch {
    return undefined;
  }
  const root = walk.rootsGiven ? { index: 0, prefix: printedPrefix(walk.root), explicit: false } : undefined;
  const dirBytes = Buffer.from(rel + "/").toString("hex");
  const remap = (e: FileEntry): FileEntry => {
    const display = isDir ? `${rel}/${e.display}` : rel;
    const out: FileEntry = { ...e, display, root };
    if (!root) delete out.root;
    if (e.pathBytes) out.pathBytes = isDir ? dirBytes + e.pathBytes : e.pathBytes;
    return out;
  };
  return { walk: { ...walk, root: full, roots: undefined, rootsGiven: true }, remap };
}
