/**
 * Top-level units of C-family text by layout, for re-parsing a damaged stretch one unit at a
 * time (engine.ts): a unit ends at a line that closes a definition at column 0 (`}`, `};`,
 * `} name;`), or at a line ending in `;` or `}` with every brace and parenthesis opened since the
 * unit began closed again (a prototype, a declaration, an indented definition). Comments, strings
 * and preprocessor lines are skipped, so their braces count for nothing; a `}` at column 0 ends a
 * unit whatever the count says (a brace opened in one `#if` branch and in the other).
 *
 * Cost: one pass over the characters of [start, end).
 */

/** [start, end) offsets of the units of text[start, end), in order, covering it; null as soon
 *  as there are more than `max` (the scan stops there). */
export function layoutUnits(text: string, start: number, end: number, max = Infinity): [number, number][] | null {
  const out: [number, number][] = [];
  let unit = start;
  let depth = 0;
  let last = ""; // last significant character of the current line's code
  let lineStart = start;
  let i = start;
  const endLine = (next: number) => {
    // `next`: offset after the line's newline.
    const closes0 = lineStart >= 0 && text[lineStart] === "}";
    if (closes0 || (depth <= 0 && (last === ";" || last === "}"))) {
      out.push([unit, next]);
      unit = next;
      depth = 0;
    }
    lineStart = next;
    last = "";
  };
  while (i < end) {
    const ch = text[i]!;
    if (ch === "\n") {
      endLine(i + 1);
      if (out.length > max) return null;
      i++;
      continue;
    }
    if (ch === "#" && lineStart >= 0 && onlyBlanksBefore(text, lineStart, i)) {
      // A directive and its continuation lines: no code of the unit.
      while (i < end && text[i] !== "\n") i += text[i] === "\\" && text[i + 1] === "\n" ? 2 : 1;
      continue;
    }
    if (ch === "/" && text[i + 1] === "*") {
      const c = text.indexOf("*/", i + 2);
      const stop = c < 0 || c + 2 > end ? end : c + 2;
      // A comment across lines is blank space: no unit ends inside it, and the line it ends on
      // starts with no code.
      if (text.lastIndexOf("\n", stop - 1) >= i) lineStart = -1;
      i = stop;
      continue;
    }
    if (ch === "/" && text[i + 1] === "/") {
      const c = text.indexOf("\n", i);
      i = c < 0 || c > end ? end : c;
      continue;
    }
    if (ch === '"' || ch === "'") {
      for (i++; i < end && text[i] !== ch && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
      last = ch;
      i++;
      continue;
    }
    if (ch === "{" || ch === "(" || ch === "[") depth++;
    else if (ch === "}" || ch === ")" || ch === "]") depth--;
    if (ch !== " " && ch !== "\t" && ch !== "\r") last = ch;
    i++;
  }
  if (unit < end) out.push([unit, end]);
  return out;
}

function onlyBlanksBefore(text: string, from: number, i: number): boolean {
  for (let k = from; k < i; k++) if (text[k] !== " " && text[k] !== "\t") return false;
  return true;
}
