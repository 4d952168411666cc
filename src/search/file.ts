/** Searching one file: shared by the main thread (small trees) and the search workers. */
import { readFile, searchableEnd } from "../read/index.ts";
import type { LineMatch } from "../match/types.ts";
import type { Matcher } from "../match/index.ts";

export type FileStatus = "match" | "nomatch" | "binary" | "tooLarge" | "unreadable" | "special";

export interface FileOutcome {
  status: FileStatus;
  matches?: LineMatch[];
  /** Matches were found before a NUL byte: rg reports them and stops reading there. */
  binaryCut?: boolean;
  /** Why an unreadable file could not be read (an errno code such as EACCES). */
  error?: string;
}

/**
 * `explicit`: the file was named as the search root. rg searches such a file whole even when it
 * holds NUL bytes (its binary "quit" rule is for files found by walking).
 */
export function searchOne(open: string | Uint8Array, size: number | undefined, matcher: Matcher, pathsOnly: boolean, explicit = false): FileOutcome {
  const r = readFile(open, size);
  if (r.kind === "unreadable") return { status: "unreadable", error: r.error };
  if (r.kind !== "ok") return { status: r.kind };
  const { end, binary } = explicit ? { end: r.end, binary: false } : searchableEnd(r.buf, r.start, r.end);
  if (binary && end === r.start) return { status: "binary" };
  const matches = matcher.scan(r.buf, r.start, end, pathsOnly);
  if (matches.length === 0) return { status: binary ? "binary" : "nomatch" };
  // Offsets count from the start of the decoded content, as rg's (a UTF-8 BOM is not counted).
  if (r.start !== 0) for (const m of matches) m.byteOffset -= r.start;
  return binary ? { status: "match", matches, binaryCut: true } : { status: "match", matches };
}
