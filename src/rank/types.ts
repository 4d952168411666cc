/** The shapes find's pipeline passes along and returns (rank/find.ts runs the pipeline). */
import type { FileEntry, WalkOptions, WalkStats } from "../walk/types.ts";
import type { FileStructure } from "../structure/index.ts";
import type { Role } from "../classify/role.ts";
import type { FindQuery } from "./find-query.ts";
import type { PathHit, PathInfo } from "./path.ts";
import type { SymbolHit } from "./symbols.ts";
import type { ContentEvidence } from "./content.ts";
import type { LearnedName } from "./learned.ts";

export interface FindOptions {
  walk: WalkOptions;
  maxFiles: number;
  /** Parse structure for this many top files (the summary in text/json output; 0 for paths-only). */
  structureFor: number;
  /** Content bytes scanned at most; beyond it only files with path evidence are read. */
  contentBudget?: number;
  /** Above this many files only the best path candidates are read (tests lower it). */
  fullScanFiles?: number;
}

export interface Components {
  path: number;
  /** The rarest set of 3+ query words said within PASSAGE_BYTES of each other. */
  passage: number;
  /** Its name holds a word the tree's comments tie to the query (see learnNames). */
  learned: number;
  /** Query words in the file's leading description (headerSpans). */
  header: number;
  symbols: number;
  content: number;
  proximity: number;
  coverage: number;
  roleFactor: number;
  /** Below 1 for a C/C++ header (declarations; see formFactor), times a tiny depth tie-break. */
  formFactor: number;
}

export interface RankedFile {
  entry: FileEntry;
  path: string;
  role: Role;
  score: number;
  components: Components;
  pathHits: PathHit[];
  /** Terms found in the file's leading description. */
  headerWords: number[];
  /** The definition whose doc comment gives the header score, when not the leading comment. */
  docAt?: { name: string; line: number };
  /** Terms of the best passage (see passageMasks). */
  passageWords: number[];
  /** Words of its name the tree ties to the query (see learnNames). */
  learnedHits: LearnedName[];
  symbolHits: SymbolHit[];
  /** Quality-weighted mentions per term (all identifiers, definitions included). */
  tf: number[];
  /** Per term: mentions written out as the word or its stem (absent when the content was not read). */
  spelled?: number[];
  /** Terms with any evidence in this file. */
  matched: number[];
  nearPairs: number;
  contentRead: boolean;
  /** A big file whose mentions come from its best window (WINDOW_BYTES). */
  windowed?: boolean;
  bytes: number;
  structure?: FileStructure;
  /** The text `structure` was parsed from (render/find.ts's summary reads which symbols mention the query). */
  structureText?: string;
  /** Among the files summarised, but left unparsed: it did not fit the parse budget. */
  overBudget?: boolean;
  /**
   * A test, translation catalog or change log the query did not ask for, moved below the
   * implementation files with content evidence (periphery.ts); its score is then theirs.
   */
  belowImplementation?: "test" | "translation" | "changelog";
}

export interface FindStats extends WalkStats {
  walked: number;
  contentRead: number;
  /** Files whose content was not read because the scope exceeded the content budget. */
  contentSkippedBudget: number;
  tooLarge: number;
  binary: number;
  budgetBytes: number;
  /** Over MAX_FILES_FULL_SCAN files: only the best path candidates were read. */
  hugeTree: boolean;
  hugeTreeFiles: number;
  maxContentFiles: number;
}

export interface FindResult {
  query: FindQuery;
  ranked: RankedFile[];
  totalScored: number;
  stats: FindStats;
  idf: number[];
  /** Per term: number of files with any evidence for it. */
  termFiles: number[];
  /** Terms no file matches, with the nearest words of the scope's paths. */
  suggestions: Map<number, string[]>;
  /** Words the tree ties to the query (see learnNames). */
  learned: LearnedName[];
  /** The query terms an identifier says ([term, quality], the content pass's memo, warm from
   *  every file read): render/find.ts's structure line reads the summarised files' symbols with it. */
  identTerms?: (ident: string) => ReadonlyArray<readonly [number, number]>;
}

/** A file under consideration: its path evidence and, once read, its content evidence. */
export interface Cand {
  info: PathInfo;
  ev: ContentEvidence | null;
  bytes: number;
  /** Path score with path-only rarities (orders the reading). */
  ps: number;
  structure?: FileStructure;
}
