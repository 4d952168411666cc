/** Searching one file: shared by the main thread (small trees) and the search workers. */
import { readFile, searchableEnd } from "../read/index.ts";
import type { LineMatch } from "../match/types.ts";
import { countNewlines, type Matcher } from "../match/index.ts";

export type FileStatus = "match" | "nomatch" | "binary" | "tooLarge" | "unreadable" | "special";

/**
 * How much of a matching file to report: its first matching line (--paths-only), every matching
 * line ("full"), or only how many lines match ("count": text output decodes the lines of the
 * files it shows, after the search, and only counts the others).
 */
export type ScanMode = "first" | "count" | "full";

export interface FileOutcome {
  status: FileStatus;
  matches?: LineMatch[];
  /** Matching lines: matches.length, or the count alone in "count" mode. */
  count?: number;
  /** Matches were found before a NUL byte: rg reports them and stops reading there. */
  binaryCut?: boolean;
  /** Why an unreadable file could not be read (an errno code such as EACCES). */
  error?: string;
}

/**
 * `explicit`: the file was named as the search root. rg searches such a file whole even when it
 * holds NUL bytes (its binary "quit" rule is for files found by walking).
 */
export function searchOne(open: string | Uint8Array, size: number | undefined, matcher: Matcher, mode: ScanMode, explicit = false): FileOutcome {
  // A file bigger than the read buffer arrives in whole-line chunks (read/index.ts), searched as
  // they come; a file named as the root is read whole (rg searches it whole, NULs and all).
  let streamed = 0;
  const max = matcher.spec.maxCount ?? Infinity; // rg -m: lines per file, across chunks
  let lines = 0; // lines before the current chunk: only "full" reports line numbers
  const found: LineMatch[] = [];
  const sink = explicit
    ? undefined
    : (buf: Buffer, start: number, end: number, base: number): boolean => {
        if (mode === "count") {
          streamed = Math.min(max, streamed + matcher.count(buf, start, end));
          return streamed < max;
        }
        const ms = matcher.scan(buf, start, end, mode === "first");
        for (const m of ms) {
          if (found.length >= max) return false;
          m.line += lines;
          m.byteOffset += base;
          found.push(m);
        }
        if (mode === "first" || found.length >= max) return found.length === 0;
        lines += countNewlines(buf, start, end); // a chunk ends at a line end
        return true;
      };
  const r = readFile(open, size, sink);
  if (r.kind === "unreadable") return { status: "unreadable", error: r.error };
  if (r.kind === "streamed") {
    const n = mode === "count" ? streamed : found.length;
    if (n === 0) return { status: "nomatch" };
    return { status: "match", matches: found, count: n };
  }
  if (r.kind !== "ok") return { status: r.kind };
  const { end, binary } = explicit ? { end: r.end, binary: false } : searchableEnd(r.buf, r.start, r.end);
  if (binary && end === r.start) return { status: "binary" };
  let matches = mode === "count" ? [] : matcher.scan(r.buf, r.start, end, mode === "first");
  if (matches.length > max) matches = matches.slice(0, max);
  const count = mode === "count" ? Math.min(max, matcher.count(r.buf, r.start, end)) : matches.length;
  if (count === 0) return { status: binary ? "binary" : "nomatch" };
  // Offsets count from the start of the decoded content, as rg's (a UTF-8 BOM is not counted).
  if (r.start !== 0) for (const m of matches) m.byteOffset -= r.start;
  return binary ? { status: "match", matches, count, binaryCut: true } : { status: "match", matches, count };
}
