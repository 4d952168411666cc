// PLACEHOLDER (to be replaced by the walker implementation): naive recursive walk, no ignore rules.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { WalkOptions, FileEntry, WalkStats } from "./types.ts";
export type { WalkOptions, FileEntry, WalkStats } from "./types.ts";

/** Calls onFile for every selected file (any order); returns counts of what was left out. */
export function walk(opts: WalkOptions, onFile: (f: FileEntry) => void): WalkStats {
  const stats: WalkStats = { ignored: 0, hidden: 0, filtered: 0, unreadable: 0, special: 0 };
  const rec = (dir: string, rel: string) => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith(".") && !opts.hidden) { stats.hidden++; continue; }
      const p = join(dir, name);
      const r = rel ? rel + "/" + name : name;
      const st = statSync(p);
      if (st.isDirectory()) rec(p, r);
      else if (st.isFile()) onFile({ open: p, display: r, size: st.size });
    }
  };
  rec(opts.root, "");
  return stats;
}

/** Walk and return entries sorted by raw path bytes (deterministic order). */
export function walkSorted(opts: WalkOptions): { files: FileEntry[]; stats: WalkStats } {
  const files: FileEntry[] = [];
  const stats = walk(opts, (f) => files.push(f));
  files.sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
  return { files, stats };
}

/** rg's --type-list text. */
export function typeList(): string {
  return "";
}
