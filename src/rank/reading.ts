/** Reading and scanning candidates' content, within a byte budget. */
import { readFile, searchableEnd } from "../read/index.ts";
import type { ContentScanner } from "./content.ts";
import type { Cand } from "./types.ts";

export const DEFAULT_BUDGET = 48 * 1024 * 1024;
/** Bigger files are ranked by path only (a scan costs about 1 ms per 100 KB; the budget bounds the total). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Above this many files the tree is searched by the worker pool first (tree-search.ts; the Linux kernel has ~80k). */
export const MAX_FILES_FULL_SCAN = 20000;

const BINARY_EXT = new Set(["png", "jpg", "jpeg", "gif", "ico", "webp", "bmp", "pdf", "zip", "gz", "tgz", "xz", "bz2", "7z", "jar", "class", "so", "dylib", "dll", "exe", "o", "a", "wasm", "woff", "woff2", "ttf", "otf", "eot", "mp3", "mp4", "mov", "avi", "pyc", "lockb", "bin", "dat", "db", "sqlite"]);
function isTextCandidate(display: string): boolean {
  const dot = display.lastIndexOf(".");
  if (dot < 0 || dot < display.lastIndexOf("/")) return true;
  return !BINARY_EXT.has(display.slice(dot + 1).toLowerCase());
}

/** Reads candidates' content within a byte budget and counts what it read, skipped and why. */
export class ContentReader {
  read = 0;
  used = 0;
  tooLarge = 0;
  binary = 0;
  /** Files that could not be opened or read (permission denied, ...): their content is not ranked. */
  readonly unreadable = new Set<string>();
  skippedBudget: number;
  constructor(private scanner: ContentScanner, readonly budget: number, notListed: number) {
    this.skippedBudget = notListed;
  }

  /** Reads `list` in order until the budget, or `cap` bytes read in all (an allowance past it), is reached. */
  readAll(list: Cand[], cap = this.budget): void {
    const limit = Math.max(this.budget, cap);
    for (const c of list) {
      if (c.ev) continue;
      if (this.used >= limit || (c.info.entry.size !== undefined && this.used + c.info.entry.size > limit)) { this.skippedBudget++; continue; }
      if (this.used >= cap) break;
      if (c.bytes > MAX_FILE_BYTES) { this.tooLarge++; continue; }
      if (!isTextCandidate(c.info.entry.display)) continue;
      const r = readFile(c.info.entry.open);
      if (r.kind === "unreadable") this.unreadable.add(c.info.entry.display);
      if (r.kind !== "ok") continue;
      if (r.size > MAX_FILE_BYTES) { this.tooLarge++; continue; }
      this.used += r.size;
      const { end, binary: isBin } = searchableEnd(r.buf, r.start, r.end);
      if (isBin && end === r.start) { this.binary++; continue; }
      this.read++;
      c.bytes = r.size;
      c.ev = this.scanner.scan(r.buf.subarray(r.start, end));
    }
  }
}
