/** Line helpers shared by the extractors. */

/** Lines of a text as editors count them: a final newline does not start another line. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

const SIG_MAX = 160;

/** The declaration's first line, trimmed and clipped (counted in code points). */
export function signatureOf(lines: string[], line: number): string {
  const s = (lines[line - 1] ?? "").trim().replace(/\s+/g, " ");
  if (s.length <= SIG_MAX) return s; // UTF-16 units >= code points: short enough either way
  const cps = Array.from(s);
  return cps.length <= SIG_MAX ? s : cps.slice(0, SIG_MAX - 1).join("") + "…";
}
