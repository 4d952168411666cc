/**
 * What the C preprocessor would have removed, removed before tree-sitter sees the text. The C and
 * C++ grammars know no macros, so `static int __init foo(void)` parses as a declaration of
 * `__init` and a function named `void`, and `for_each_entry(pos) stmt;` as a K&R function that
 * swallows the rest of the file. Each fix here replaces text with text of the same length
 * (spaces, or a keyword padded with spaces), so every line, column and offset stays exact and the
 * symbols keep the file's own names and ranges.
 *
 * - Annotation macros (grammar data: `__init`, `__user`, `__printf(1, 2)`) are blanked.
 * - Macro-like words (a leading `_` or ALL_CAPS) in a place only an annotation can take are
 *   learned from the file and blanked everywhere in it: right after a complete type and before
 *   the declared name (`int WINAPI main(`, `void __iomem *p;`), right before a type or storage
 *   keyword (`SQLITE_API int f(`, `static __always_inline int`), between `class` and the class
 *   name (`class Q_CORE_EXPORT QString {`).
 * - With `loops` (C): an indented `name(args)` statement with no `;` after it and a statement
 *   after it is a macro loop (`list_for_each_entry(pos, head, member)`): its name becomes `while`
 *   (or `if` for short names), so the parse holds a loop and the body stays in its function.
 *
 * Cost: a few regex passes and one scan per indented call-shaped line, linear in the text.
 * Preprocessor lines are left alone (a `#define __init ...` keeps its name).
 */
import type { MacroSpec } from "./grammar.ts";

interface Compiled {
  known: RegExp;
  afterType: RegExp;
  beforeType: RegExp;
  classHead: RegExp;
  keywords: Set<string>;
}
const compiled = new WeakMap<MacroSpec, Compiled>();

const MACRO_LIKE = /^(?:_\w*|[A-Z][A-Z0-9_]*[A-Z0-9])$/;

function compile(spec: MacroSpec): Compiled {
  let c = compiled.get(spec);
  if (c) return c;
  const words = spec.attributes.map(esc).join("|");
  const calls = spec.attributeCalls.map(esc).join("|");
  const complete = spec.completeTypes.join("|");
  const heads = spec.typeStarts.join("|");
  c = {
    // A known annotation, with its balanced (one nesting level deep) argument list when it takes one.
    known: new RegExp(`\\b(?:(?:${calls})[ \\t]*\\((?:[^()\\n]|\\([^()\\n]*\\))*\\)|(?:${words})\\b)`, "g"),
    // complete type [*...] WORD [*...] name, then `(` (or `;=,[)` when a `*` sits before the name).
    afterType: new RegExp(`(?:\\b(?:${complete})|\\b(?:struct|union|enum)[ \\t]+[A-Za-z_]\\w*)[ \\t]*(?:\\*[ \\t]*)*\\b([A-Za-z_]\\w*)[ \\t]+(\\*?)[ \\t*]*[A-Za-z_]\\w*[ \\t]*([(;=,\\[)])`, "g"),
    // WORD right before a type or storage keyword.
    beforeType: new RegExp(`\\b([A-Za-z_]\\w*)[ \\t]+(?:${heads})\\b`, "g"),
    // class/struct WORD Name { or : or final
    classHead: new RegExp(`\\b(?:class|struct|union)[ \\t]+([A-Za-z_]\\w*)[ \\t]+[A-Za-z_]\\w*[ \\t]*(?=[:{\\n]|final\\b)`, "g"),
    keywords: new Set(spec.keywords),
  };
  compiled.set(spec, c);
  return c;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with annotation macros blanked and macro loops turned into loops (same length). */
export function maskMacros(text: string, spec: MacroSpec): string {
  const c = compile(spec);
  const edits: [number, number, string][] = []; // start, end, replacement (same length)
  const blank = (start: number, end: number) => edits.push([start, end, ""]);

  // Learned annotation words: the shapes no type or name can take.
  const learned = new Set<string>();
  const learn = (w: string | undefined, at: number) => {
    if (w && MACRO_LIKE.test(w) && !c.keywords.has(w) && !onDirective(text, at)) learned.add(w);
  };
  for (const m of text.matchAll(c.afterType)) if (m[3] === "(" || m[2]) learn(m[1], m.index);
  for (const m of text.matchAll(c.beforeType)) learn(m[1], m.index);
  for (const m of text.matchAll(c.classHead)) learn(m[1], m.index);
  // `int __init foo` after a learned or known word is no evidence; dropping known ones keeps the
  // second pass to the new words only.
  for (const m of text.matchAll(c.known)) {
    if (!onDirective(text, m.index)) blank(m.index, m.index + m[0].length);
  }
  if (learned.size) {
    const re = new RegExp(`\\b(?:${[...learned].map(esc).join("|")})\\b`, "g");
    for (const m of text.matchAll(re)) if (!onDirective(text, m.index)) blank(m.index, m.index + m[0].length);
  }
  if (spec.loops) macroLoops(text, c.keywords, edits);
  if (!edits.length) return text;
  edits.sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let at = 0;
  for (const [s, e, r] of edits) {
    if (s < at) continue; // overlapping (a known word also learned): the first edit holds
    parts.push(text.slice(at, s), r.padEnd(e - s, " "));
    at = e;
  }
  parts.push(text.slice(at));
  return parts.join("");
}

/** Whether offset `i` sits on a preprocessor directive line (`#define`, `#if`, ...). */
function onDirective(text: string, i: number): boolean {
  let j = text.lastIndexOf("\n", i - 1) + 1;
  while (j < i && (text[j] === " " || text[j] === "\t")) j++;
  return text[j] === "#";
}

const LOOP_HEAD = /^[ \t]+([A-Za-z_]\w*)[ \t]*\(/gm;
const SCAN_MAX = 4096;

/** Indented `name(args)` lines that head a statement, as the `while`/`if` they expand to. */
function macroLoops(text: string, keywords: Set<string>, edits: [number, number, string][]): void {
  for (const m of text.matchAll(LOOP_HEAD)) {
    const name = m[1]!;
    if (keywords.has(name) || name.length < 2) continue;
    const open = m.index + m[0].length - 1;
    const close = matchParen(text, open);
    if (close < 0) continue;
    // Nothing but a `{` or a comment may follow on the line, and a statement must come next.
    let k = skipSpace(text, close + 1, false);
    if (text[k] === "{") { /* braced body */ } else if (text[k] === "\n" || text[k] === "\r" || k >= text.length) {
      k = skipSpace(text, k, true);
      const ch = text[k];
      if (!ch || !(ch === "{" || ch === "(" || ch === "*" || /[A-Za-z_]/.test(ch))) continue;
      if (/^else\b/.test(text.slice(k, k + 5))) continue;
    } else continue;
    // ... and the line must start a statement: after `;`, `{`, `}`, `:`, `)` or `else`.
    const start = m.index + m[0].indexOf(name);
    const prev = prevSignificant(text, start);
    if (!(prev === ";" || prev === "{" || prev === "}" || prev === ":" || prev === ")" || prev === "else")) continue;
    edits.push([start, start + name.length, name.length >= 5 ? "while" : "if"]);
  }
}

/** Index of the `)` closing the `(` at `open`, or -1 (strings skipped, bounded scan). */
function matchParen(text: string, open: number): number {
  let depth = 0;
  const stop = Math.min(text.length, open + SCAN_MAX);
  for (let i = open; i < stop; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")") { if (--depth === 0) return i; }
    else if (ch === '"' || ch === "'") {
      for (i++; i < stop && text[i] !== ch && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
    } else if (ch === ";" || ch === "{" || ch === "}") return -1;
  }
  return -1;
}

/** First index at or after `i` that is not blank or a comment (newlines crossed when `lines`). */
function skipSpace(text: string, i: number, lines: boolean): number {
  for (;;) {
    const ch = text[i];
    if (ch === " " || ch === "\t" || (lines && (ch === "\n" || ch === "\r"))) i++;
    else if (ch === "/" && text[i + 1] === "*") {
      const e = text.indexOf("*/", i + 2);
      if (e < 0) return text.length;
      i = e + 2;
    } else if (ch === "/" && text[i + 1] === "/") {
      const e = text.indexOf("\n", i);
      if (e < 0) return text.length;
      i = e;
    } else if (lines && ch === "#" && atLineStart(text, i)) {
      const e = text.indexOf("\n", i);
      if (e < 0) return text.length;
      i = e;
    } else return i;
  }
}

function atLineStart(text: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (text[j] === " " || text[j] === "\t")) j--;
  return j < 0 || text[j] === "\n";
}

/** The last significant token before `i`: one punctuation character, or `else`; comments,
 *  blanks and preprocessor lines skipped (a bounded look back). */
function prevSignificant(text: string, i: number): string {
  for (let guard = 0; guard < 64; guard++) {
    let j = i - 1;
    while (j >= 0 && (text[j] === " " || text[j] === "\t" || text[j] === "\r")) j--;
    if (j < 0) return "";
    if (text[j] === "\n") {
      // The previous line: skip it when it is a directive; drop a `//` comment.
      const ls = text.lastIndexOf("\n", j - 1) + 1;
      let line = text.slice(ls, j);
      if (/^[ \t]*#/.test(line)) { i = ls; continue; }
      const sl = line.indexOf("//");
      if (sl >= 0 && !line.slice(0, sl).includes('"')) line = line.slice(0, sl);
      if (/^[ \t]*$/.test(line)) { i = ls; continue; }
      i = ls + line.length;
      const t = line.trimEnd();
      if (t.endsWith("*/")) { const o = text.lastIndexOf("/*", ls + t.length - 2); if (o < 0) return ""; i = o; continue; }
      return /\belse$/.test(t) ? "else" : t[t.length - 1] ?? "";
    }
    if (text[j] === "/" && text[j - 1] === "*") { const o = text.lastIndexOf("/*", j - 2); if (o < 0) return ""; i = o; continue; }
    const t = text.slice(Math.max(0, j - 4), j + 1);
    return /\belse$/.test(t) || t === "else" ? "else" : text[j]!;
  }
  return "";
}
