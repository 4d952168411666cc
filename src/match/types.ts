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
}
