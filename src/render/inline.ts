/**
 * The one rule that decides when grep and trace print an enclosing symbol (trace: a region)
 * whole, instead of its matched lines (trace: its head and evidence lines). `--full-region auto`:
 *
 *   a symbol is printed whole when it is short (at most INLINE_MAX_LINES lines and
 *   INLINE_MAX_CHARS characters) and among the call's first INLINE_MAX_CANDIDATES candidates.
 *   grep's candidates are the symbols that hold its shown matches, and only a sparse result has
 *   any (its matches lie in at most INLINE_MAX_CANDIDATES symbols; never with -A/-B/-C, whose
 *   context lines print instead); trace's are its decisive regions (scoring at least half the
 *   best region), best first.
 *
 * `always` prints every candidate whole (trace: every shown region), `never` none. An agent trial
 * found the old split rules (grep: 3 symbols of 40 lines; trace: any decisive region of 12 lines)
 * unpredictable; one rule, stated in `grep --help`, `help agents` and INTERFACE.md, is not.
 */
export const INLINE_MAX_LINES = 40;
export const INLINE_MAX_CHARS = 2000;
export const INLINE_MAX_CANDIDATES = 3;

export type FullRegion = "auto" | "always" | "never";

/** The rule in words, for --help. */
export const INLINE_RULE = `auto prints a symbol whole when it is at most ${INLINE_MAX_LINES} lines and ${INLINE_MAX_CHARS} characters and the call's matches lie in at most ${INLINE_MAX_CANDIDATES} symbols, or it defines a name the patterns spell (at most ${INLINE_MAX_CANDIDATES} such; never with -A/-B/-C)`;

/** Lines [start, end] (1-based) of `lines` are short enough to print whole. */
export function shortEnough(lines: readonly string[], start: number, end: number): boolean {
  if (end - start + 1 > INLINE_MAX_LINES) return false;
  let chars = 0;
  for (let i = start - 1; i < end && i < lines.length; i++) chars += lines[i]!.length + 1;
  return chars <= INLINE_MAX_CHARS;
}
