/** Fixture trees for the walker tests: raw (non-UTF-8) names, symlinks, FIFOs, git markers. */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { WalkOptions, FileEntry } from "../../src/walk/types.ts";
import { rawPathBytes } from "../../src/walk/index.ts";

export type Spec =
  | string // file content
  | { link: string } // symlink target (as written)
  | { fifo: true }
  | { dir: true }; // empty directory

/**
 * Builds a tree under a fresh temp dir (or `root`). Keys are relative paths; a key may contain
 * `\xNN` escapes for raw bytes, so non-UTF-8 names can be written.
 */
export function rawTree(files: Record<string, Spec>, root = mkdtempSync(join(tmpdir(), "ag-walk-"))): string {
  for (const [rel, spec] of Object.entries(files)) {
    const bytes = rawBytes(rel);
    const full = Buffer.concat([Buffer.from(root + "/"), bytes]);
    const slash = full.lastIndexOf(0x2f);
    mkdirSync(full.subarray(0, slash) as unknown as string, { recursive: true });
    if (typeof spec === "string") writeFileSync(full, spec);
    else if ("link" in spec) symlinkSync(spec.link, full);
    else if ("dir" in spec) mkdirSync(full as unknown as string, { recursive: true });
    else {
      const r = spawnSync("mkfifo", [full.toString("latin1")], { encoding: "latin1" });
      if (r.status !== 0) throw new Error("mkfifo failed: " + r.stderr);
    }
  }
  return root;
}

/** `a\xffb` -> bytes 61 ff 62; other characters as UTF-8. */
export function rawBytes(s: string): Buffer {
  const parts: Buffer[] = [];
  let last = 0;
  for (const m of s.matchAll(/\\x([0-9a-fA-F]{2})/g)) {
    parts.push(Buffer.from(s.slice(last, m.index), "utf8"), Buffer.from([parseInt(m[1], 16)]));
    last = m.index! + m[0].length;
  }
  parts.push(Buffer.from(s.slice(last), "utf8"));
  return Buffer.concat(parts);
}

export function opts(root: string, o: Partial<WalkOptions> = {}): WalkOptions {
  return { root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [], ...o };
}

/** Raw relative path bytes of an entry, as a latin1 string (comparable with rg's output). */
export function rawOf(f: FileEntry): string {
  return rawPathBytes(f).toString("latin1");
}

/** An empty `.git` directory (with info/ for exclude): all rg needs to see a repository. */
export function gitDir(root: string, exclude?: string): void {
  mkdirSync(join(root, ".git", "info"), { recursive: true });
  if (exclude !== undefined) writeFileSync(join(root, ".git", "info", "exclude"), exclude);
}
