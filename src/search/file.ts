/** Searching one file: shared by the main thread (small trees) and the search workers. */
import { readFile, searchableEnd } from "../read/index.ts";
import type { LineMatch } from "../match/types.ts";
import type { Matcher } from "../match/index.ts";

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
  const r = readFile(open, size);
  if (r.kind === "unreadable") return { status: "unreadable", error: r.error };
  if (r.kind !== "ok") return { status: r.kind };
  const { end, binary } = explicit ? { end: r.end, binary: false } : searchableEnd(r.buf, r.start, r.end);
  if (binary && end === r.start) return { status: "binary" };
  if (mode === "count") {
    const count = matcher.count(r.buf, r.start, end);
    if (count === 0) return { status: binary ? "binary" : "nomatch" };
    return binary ? { status: "match", matches: [], count, binaryCut: true } : { status: "match", matches: [], count };
  }
  const matches = matcher.scan(r.buf, r.start, end, mode === "first");
  if (matches.length === 0) return { status: binary ? "binary" : "nomatch" };
  // Offsets count from the start of the decoded content, as rg's (a UTF-8 BOM is not counted).
  if (r.start !== 0) for (const m of matches) m.byteOffset -= r.start;
  const count = matches.length;
  return binary ? { status: "match", matches, count, binaryCut: true } : { status: "match", matches, count };
}
