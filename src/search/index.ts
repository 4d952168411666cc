// PLACEHOLDER (to be replaced by the search layer).
import type { WalkOptions, FileEntry, WalkStats } from "../walk/types.ts";
import type { MatchOptions, LineMatch } from "../match/types.ts";

export interface FileHits {
  entry: FileEntry;
  matches: LineMatch[];
}

export interface SearchStats extends WalkStats {
  searched: number;
  binary: number;
  tooLarge: number;
}

export interface SearchResult {
  /** Matching files sorted by raw path bytes; each with all its matching lines in order. */
  files: FileHits[];
  stats: SearchStats;
}

/** Exhaustive search of the walk's files. pathsOnly lets it stop at a file's first match. */
export async function search(_walk: WalkOptions, _match: MatchOptions, _opts: { pathsOnly?: boolean } = {}): Promise<SearchResult> {
  throw new Error("search: not implemented yet");
}
