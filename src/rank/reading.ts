/**
 * Which files' content find reads, and the reading itself: every file of a small scope; on a
 * huge tree the best path candidates and their directories' other files (within budgets that
 * the output states).
 */
import type { FileEntry } from "../walk/types.ts";
import { readFile, searchableEnd } from "../read/index.ts";
import { inferRole } from "../classify/role.ts";
import type { ContentScanner } from "./content.ts";
import type { Cand } from "./types.ts";

export const DEFAULT_BUDGET = 48 * 1024 * 1024;
/** Bigger files are ranked by path only (a scan costs about 1 ms per 100 KB; the budget bounds the total). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Above this many files only path candidates are read (the Linux kernel has ~80k). */
export const MAX_FILES_FULL_SCAN = 20000;
export const HUGE_TREE_CONTENT_FILES = 400;

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
  skippedBudget: number;
  constructor(private scanner: ContentScanner, readonly budget: number, notListed: number) {
    this.skippedBudget = notListed;
  }

  /** Reads `list` in order until the budget, or `cap` bytes read in all, is reached. */
  readAll(list: Cand[], cap = this.budget): void {
    for (const c of list) {
      if (this.used >= this.budget || (c.info.entry.size !== undefined && this.used + c.info.entry.size > this.budget)) { this.skippedBudget++; continue; }
      if (this.used >= cap) break;
      if (c.bytes > MAX_FILE_BYTES) { this.tooLarge++; continue; }
      if (!isTextCandidate(c.info.entry.display)) continue;
      const r = readFile(c.info.entry.open);
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

/** Neighbourhood reading on huge trees: the directories of this many leading files... */
const NEIGHBOUR_SEEDS = 8;
/** ...that hold at most this many files each, up to this many files and bytes (read) in all. */
const NEIGHBOUR_DIR_FILES = 300;
const NEIGHBOUR_FILES = 300;
export const NEIGHBOUR_BYTES = 6 * 1024 * 1024;

function dirOf(display: string): string {
  const k = display.lastIndexOf("/");
  return k < 0 ? "" : display.slice(0, k);
}

/**
 * Indexes of files without path evidence (hitAt 0) in the directories of the leading
 * implementation files (`ranked`, best first): each directory taken whole or not at all, in rank
 * order, within the budgets above. A topic's files sit together: the best matches' directory holds
 * the ones whose names say nothing.
 */
export function neighbourFiles(files: FileEntry[], hitAt: Uint8Array, ranked: FileEntry[]): number[] {
  const dirs: string[] = [];
  for (const e of ranked) {
    if (dirs.length >= NEIGHBOUR_SEEDS) break;
    if (inferRole(e.display) !== "implementation") continue;
    const d = dirOf(e.display);
    if (!dirs.includes(d)) dirs.push(d);
  }
  if (dirs.length === 0) return [];
  const members = new Map<string, number[]>(dirs.map((d) => [d, []]));
  for (let i = 0; i < files.length; i++) {
    if (hitAt[i]) continue;
    members.get(dirOf(files[i]!.display))?.push(i);
  }
  const out: number[] = [];
  for (const d of dirs) {
    const l = members.get(d)!;
    if (l.length === 0 || l.length > NEIGHBOUR_DIR_FILES || out.length + l.length > NEIGHBOUR_FILES) continue;
    out.push(...l);
  }
  return out;
}
