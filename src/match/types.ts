/** Contract of the match layer: find matching lines in a byte buffer, as rg would. */

export interface MatchOptions {
  pattern: string;
  regex: boolean;
  ignoreCase: boolean;
  wordRegexp: boolean;
  /** rg -v: select the lines that do not match. */
  invert?: boolean;
  /** rg -m: at most this many selected lines per file. */
  maxCount?: number;
  /** rg -U: a regex may match across lines (see match/multiline.ts). */
  multiline?: boolean;
  /** rg --multiline-dotall: with -U, `.` matches `\n` too. */
  dotall?: boolean;
  /** rg --crlf (regexes, not with -U): `$` also before `\r\n`; no class matches `\r`; a `\r` in the pattern is an error. */
  crlf?: boolean;
}

export interface LineMatch {
  /** 1-based line number. */
  line: number;
  /** 1-based column (in bytes, as rg) of the first match on the line. */
  column: number;
  /** Byte offset of the start of the line in the file. */
  byteOffset: number;
  /** The line's text, lossy UTF-8 decoded, without the line terminator (CRLF stripped). */
  text: string;
  /** Match spans within `text`, as [start, end) UTF-16 offsets. */
  spans: Array<[number, number]>;
  /** The file's last line, with no terminator (rg -o drops an empty match at its end). */
  openEnd?: true;
  /**
   * The spans before they were cut to `text`, set when a trailing `\r` was cut off the line and
   * a span reached past it or the line is the open end: rg -o counts a match of that `\r`
   * (`\r`, `\s`, `x*` after it) as the raw line has it, where the cut spans are all empty there.
   */
  rawSpans?: Array<[number, number]>;
}

/** Serializable form of a compiled query (sent to search workers). */
export type MatchSpec = BaseSpec & {
  /** rg -v: the matcher reports the lines that do not match. */
  invert?: boolean;
  /** rg -m: at most this many lines per file (applied by the file search, across streamed chunks). */
  maxCount?: number;
  /**
   * rg -U with a pattern that can match `\n` (or anchors at the text's ends): the file is read
   * and searched whole, and rg's multi-line rules apply (see multiline.ts).
   */
  multiline?: boolean;
};

export type BaseSpec =
  | { kind: "literal"; needle: string }
  | {
      kind: "regex";
      source: string;
      flags: string;
      risky: boolean;
      prefilter?: string;
      prefilterCaseless?: string;
      /** Every match contains one of these (byte search, case-sensitive). */
      prefilterAny?: string[];
      /**
       * The pattern is exactly the alternation of `prefilterAny` (plain literals, case-sensitive,
       * no -w): a line matches when it holds one of them, so counting needs no regex.
       */
      exactAny?: true;
      /** Every match contains one of these, ASCII-caselessly (fragments as caselessFragment). */
      prefilterAnyCaseless?: string[];
    };

export interface Matcher {
  readonly spec: MatchSpec;
  /** Matching lines of buf[start, end). `firstOnly` stops at the first (for --paths-only). */
  scan(buf: Buffer, start: number, end: number, firstOnly: boolean): LineMatch[];
  /**
   * How many lines of buf[start, end) `scan` would return, without decoding them: text output
   * shows the lines of a few files and only counts the rest.
   */
  count(buf: Buffer, start: number, end: number): number;
  /**
   * Whether any line of buf[start, end) matches (`scan(..., true).length > 0`), where a matcher
   * has a cheaper way to tell than finding the first line (files-with-matches).
   */
  any?(buf: Buffer, start: number, end: number): boolean;
  /**
   * A buffer to read the next file into, when the matcher scans its own memory (a file read
   * there is scanned without a copy); undefined otherwise. Valid until the next call.
   */
  into?(): Buffer | undefined;
}
