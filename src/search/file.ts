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
}

export function searchOne(open: string | Uint8Array, matcher: Matcher, pathsOnly: boolean): FileOutcome {
  const r = readFile(open);
  if (r.kind !== "ok") return { status: r.kind };
  const { end, binary } = searchableEnd(r.buf, r.start, r.end);
  if (binary && end === r.start) return { status: "binary" };
  const matches = matcher.scan(r.buf, r.start, end, pathsOnly);
  if (matches.length === 0) return { status: binary ? "binary" : "nomatch" };
  // Offsets count from the start of the decoded content, as rg's (a UTF-8 BOM is not counted).
  if (r.start !== 0) for (const m of matches) m.byteOffset -= r.start;
  return binary ? { status: "match", matches, binaryCut: true } : { status: "match", matches };
}
