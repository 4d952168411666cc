/**
 * Markdown headings without a grammar: ATX (`## Title`) and setext (`Title` + `===`/`---`),
 * never inside fenced code blocks (``` or ~~~), HTML comments or front matter. A heading's
 * section ends on the line before the next heading of the same or a higher level (or at EOF);
 * nesting follows the levels.
 */
import type { Symbol } from "./types.ts";

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/**
 * An ATX heading (`## Title ##`): its level and text, or null. Written out instead of a regex:
 * `^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$` gives the same answers, but its lazy
 * text and optional closing run backtrack over runs of blanks (time squared in a long line).
 */
export function atxHeading(line: string): { level: number; text: string } | null {
  let i = 0;
  while (i < 3 && line.charCodeAt(i) === 32) i++;
  let h = 0;
  while (line.charCodeAt(i + h) === 35 /* # */) h++;
  if (h === 0 || h > 6) return null;
  const rest = line.slice(i + h);
  if (rest === "") return { level: h, text: "" };
  if (!isBlank(rest.charCodeAt(0)) || /[\r\u2028\u2029]/.test(rest)) return null;
  let e = rest.length;
  while (e > 0 && isBlank(rest.charCodeAt(e - 1))) e--;
  // A closing run of `#` counts only after a blank inside the text.
  let k = e;
  while (k > 0 && rest.charCodeAt(k - 1) === 35) k--;
  let b = k;
  while (b > 0 && isBlank(rest.charCodeAt(b - 1))) b--;
  if (k < e && b < k && b > 0) e = b;
  return { level: h, text: rest.slice(0, e).trim() };
}

const isBlank = (c: number) => c === 32 || c === 9;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const NOT_PARAGRAPH = /^ {0,3}(?:[-*+][ \t]|\d{1,9}[.)][ \t]|>|#|(?:[-*_][ \t]*){3,}$)|^(?: {4}|\t)/;

export function markdownSymbols(lines: string[]): Symbol[] {
  const heads: { level: number; text: string; line: number; sig: string }[] = [];
  let fence: { ch: string; len: number } | null = null;
  let inComment = false;
  let i = 0;
  // Front matter (YAML `---` or TOML `+++`) at the very top is metadata, not headings.
  if (lines[0] === "---" || lines[0] === "+++") {
    const close = lines[0] === "---" ? /^(---|\.\.\.)\s*$/ : /^\+\+\+\s*$/;
    for (let j = 1; j < lines.length; j++) if (close.test(lines[j]!)) { i = j + 1; break; }
  }
  let paragraph = false; // the previous line can be a setext heading's text
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      const m = FENCE.exec(line);
      if (m && m[1]![0] === fence.ch && m[1]!.length >= fence.len && m[2]!.trim() === "") fence = null;
      paragraph = false;
      continue;
    }
    if (inComment) {
      if (line.includes("-->")) inComment = false;
      paragraph = false;
      continue;
    }
    const f = FENCE.exec(line);
    if (f && !(f[1]![0] === "`" && f[2]!.includes("`"))) {
      fence = { ch: f[1]![0]!, len: f[1]!.length };
      paragraph = false;
      continue;
    }
    if (/^ {0,3}<!--/.test(line) && !line.includes("-->")) {
      inComment = true;
      paragraph = false;
      continue;
    }
    const atx = atxHeading(line);
    if (atx) {
      heads.push({ level: atx.level, text: atx.text, line: i + 1, sig: line.trim() });
      paragraph = false;
      continue;
    }
    const st = SETEXT.exec(line);
    if (st && paragraph) {
      const prev = heads.length && heads[heads.length - 1]!.line === i ? null : lines[i - 1]!;
      if (prev !== null) {
        heads.push({ level: st[1]![0] === "=" ? 1 : 2, text: prev.trim(), line: i, sig: prev.trim() });
        paragraph = false;
        continue;
      }
    }
    paragraph = line.trim() !== "" && !NOT_PARAGRAPH.test(line);
  }

  const out: Symbol[] = [];
  const stack: number[] = []; // indices of open headings, levels strictly increasing
  for (let k = 0; k < heads.length; k++) {
    const h = heads[k]!;
    let end = lines.length;
    for (let j = k + 1; j < heads.length; j++) {
      if (heads[j]!.level <= h.level) { end = heads[j]!.line - 1; break; }
    }
    while (stack.length && heads[stack[stack.length - 1]!]!.level >= h.level) stack.pop();
    const parent = stack.length ? stack[stack.length - 1]! : -1;
    out.push({
      kind: "heading",
      name: h.text,
      label: `${"#".repeat(h.level)} ${h.text}`.trimEnd(),
      startLine: h.line,
      endLine: Math.max(end, h.line),
      parent,
      depth: parent >= 0 ? out[parent]!.depth + 1 : 0,
      signature: h.sig,
    });
    stack.push(k);
  }
  return out;
}
