/** Line helpers shared by the extractors. */

/** Lines of a text as editors count them: a final newline does not start another line. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

const SIG_MAX = 160;
/**
 * How much of a line a signature looks at. A minified bundle is one line of megabytes holding
 * thousands of symbols: trimming and collapsing the whole line once per symbol cost time that
 * grew with the line's length times its symbol count (a 1 MB bundle's outline ran for minutes).
 */
const SIG_WINDOW = 4 * SIG_MAX;

/**
 * The declaration's first line, trimmed and clipped (counted in code points). On a line longer
 * than the window, the signature starts at `column` (the symbol's own start, in UTF-16 units)
 * instead of the line's start, so each symbol of a minified line shows its own declaration.
 */
export function signatureOf(lines: string[], line: number, column = 0): string {
  let raw = lines[line - 1] ?? "";
  let clipped = false;
  if (raw.length > SIG_WINDOW) {
    const from = Math.min(column, raw.length);
    clipped = from + SIG_WINDOW < raw.length;
    raw = raw.slice(from, from + SIG_WINDOW);
  }
  const s = raw.trim().replace(/\s+/g, " ");
  if (s.length <= SIG_MAX && !clipped) return s; // UTF-16 units >= code points: short enough either way
  if (!clipped && cpEnd(s, SIG_MAX) >= s.length) return s;
  return s.slice(0, cpEnd(s, SIG_MAX - 1)) + "…";
}

/** UTF-16 index after the first `n` code points of `s` (a surrogate pair is one). */
function cpEnd(s: string, n: number): number {
  let i = 0;
  for (let k = 0; k < n && i < s.length; k++) {
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? 2 : 1;
  }
  return i;
}
