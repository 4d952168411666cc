/**
 * Top-level keys of data files as symbols (kind "key"; TOML tables kind "table"), without a
 * grammar: JSON by a small tolerant scanner (comments and trailing commas allowed), YAML and
 * TOML by their line structure. Ranges cover the key's value.
 */
import type { Symbol } from "./types.ts";
import { signatureOf } from "./lines.ts";

function sym(kind: string, name: string, start: number, end: number, lines: string[], label = name, parent = -1, depth = 0, column = 0): Symbol {
  return { kind, name, label, startLine: start, endLine: Math.max(start, end), parent, depth, signature: signatureOf(lines, start, column) };
}

/** Longest key name kept (a generated file can hold a key of megabytes). */
const KEY_MAX = 512;

/**
 * JSON: keys of the top-level object; the range ends where the key's value ends. One pass over
 * the text: strings are skipped to their closing quote and only keys are decoded (building every
 * string value character by character cost hundreds of MB on one-line JSON).
 */
export function jsonSymbols(text: string, lines: string[]): Symbol[] {
  const out: Symbol[] = [];
  let depth = 0;
  let line = 1;
  let lineStart = 0; // index of the current line's first character (for signature columns)
  let pendingKey: { name: string; line: number; column: number } | null = null;
  let current: { name: string; line: number; column: number } | null = null; // top-level key whose value is open
  let lastValueLine = 1;
  const n = text.length;
  const push = (k: { name: string; line: number; column: number }, end: number) => out.push(sym("key", k.name, k.line, end, lines, k.name, -1, 0, k.column));
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) { line++; lineStart = i + 1; continue; }
    if (c === 32 || c === 9 || c === 13) continue;
    if (c === 47 && text[i + 1] === "/") { while (i < n && text.charCodeAt(i) !== 10) i++; i--; continue; }
    if (c === 47 && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      const stop = close < 0 ? n : close + 2;
      for (let j = i; j < stop; j++) if (text.charCodeAt(j) === 10) { line++; lineStart = j + 1; }
      i = stop - 1;
      continue;
    }
    if (c === 34 || c === 39) {
      const startLine = line;
      const column = i - lineStart;
      let j = i + 1;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === 92) { j++; continue; }
        if (d === c) break;
        if (d === 10) { line++; lineStart = j + 1; }
      }
      const open = i;
      i = j;
      // A string directly inside the top-level object followed by ':' is a key.
      if (depth === 1 && !current) {
        let k = i + 1;
        while (k < n && isBlank(text.charCodeAt(k))) k++;
        if (text[k] === ":") { pendingKey = { name: unescapeKey(text, open + 1, Math.min(j, n)), line: startLine, column }; continue; }
      }
      lastValueLine = line;
      if (depth === 1 && current) { push(current, lastValueLine); current = null; }
      continue;
    }
    if (c === 58 /* : */) { if (depth === 1 && pendingKey) { current = pendingKey; pendingKey = null; } continue; }
    if (c === 123 || c === 91) { depth++; continue; }
    if (c === 125 || c === 93) {
      depth--;
      if (depth === 1 && current) { push(current, line); current = null; }
      if (depth === 0 && current) { push(current, line); current = null; }
      continue;
    }
    if (c === 44 /* , */) {
      if (depth === 1 && current) { push(current, lastValueLine); current = null; }
      continue;
    }
    // Bare value (number, true, false, null) or bare key (JSON5).
    let j = i;
    while (j < n && !BARE_END.has(text.charCodeAt(j)) && !isBlank(text.charCodeAt(j))) j++;
    const column = i - lineStart;
    const start = i;
    i = j - 1;
    if (depth === 1 && !current) {
      let k = j;
      while (k < n && isBlank(text.charCodeAt(k))) k++;
      if (text[k] === ":") { pendingKey = { name: text.slice(start, Math.min(j, start + KEY_MAX)), line, column }; continue; }
    }
    lastValueLine = line;
    if (depth === 1 && current) { push(current, line); current = null; }
  }
  return out;
}

/** Characters that end a bare JSON5 word (besides white space): `,:{}[]"'/`. */
const BARE_END = new Set([44, 58, 123, 125, 91, 93, 34, 39, 47]);
/** JSON white space plus the other characters `\s` matched here before (form feed, NBSP, ...). */
const isBlank = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || ((c === 11 || c === 12 || c === 0xa0 || c === 0xfeff || c >= 0x1680) && /\s/.test(String.fromCharCode(c)));

/** A key's text: a backslash keeps the character after it (as before: no \n or \u decoding). */
function unescapeKey(text: string, from: number, to: number): string {
  const raw = text.slice(from, Math.min(to, from + KEY_MAX));
  return raw.indexOf("\\") < 0 ? raw : raw.replace(/\\([\s\S]?)/g, "$1");
}

/** The line before `next` (1-based), stepping back over blank and comment lines. */
function endBefore(lines: string[], next: number, start: number, comment: RegExp): number {
  let e = next - 1;
  while (e > start && (lines[e - 1]!.trim() === "" || comment.test(lines[e - 1]!))) e--;
  return e;
}

const YAML_QUOTED = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)')[ \t]*:(?:[ \t]|$)/;
/** Characters a plain (unquoted) YAML key cannot start with (white space aside). */
const YAML_PLAIN_BAD_FIRST = new Set("#-?:,[]{}&*!|>'\"%@`");

/**
 * A top-level YAML key on line `l`, or null. Quoted keys by regex; a plain key is the text before
 * the first `:` that a blank or the line end follows, with no `#` before it (the same answers as
 * the regex `([^\s#\-?:,\[\]{}&*!|>'"%@`][^#]*?|-[^\s#][^#]*?)[ \t]*:(?:[ \t]|$)`, which
 * backtracks over runs of blanks: time squared in a long line).
 */
export function yamlKey(l: string): string | null {
  const c = l[0];
  if (c === undefined) return null;
  if (c === '"' || c === "'") {
    const m = YAML_QUOTED.exec(l);
    return m ? (m[1] ?? m[2]!.replace(/''/g, "'")) : null;
  }
  let from = 1;
  if (c === "-") {
    const d = l[1];
    if (d === undefined || d === "#" || /\s/.test(d)) return null;
    from = 2;
  } else if (YAML_PLAIN_BAD_FIRST.has(c) || /\s/.test(c)) return null;
  for (let p = from; p < l.length; p++) {
    const ch = l.charCodeAt(p);
    if (ch === 35) return null; // `#`
    if (ch === 58 && (p + 1 === l.length || l[p + 1] === " " || l[p + 1] === "\t")) return l.slice(0, p).trim();
  }
  return null;
}

/** YAML: keys at column 0 (of every document); each ends before the next top-level line. */
export function yamlSymbols(lines: string[]): Symbol[] {
  // Top-level lines in order: keys, and lines that end the previous key without starting one
  // (`---`, `- x`). A key ends before the next of them.
  const tops: { name: string | null; line: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l === "" || l[0] === " " || l[0] === "\t" || l[0] === "#") continue;
    tops.push({ name: yamlKey(l), line: i + 1 });
  }
  const out: Symbol[] = [];
  tops.forEach((t, k) => {
    if (t.name === null) return;
    const next = tops[k + 1]?.line ?? lines.length + 1;
    out.push(sym("key", t.name, t.line, endBefore(lines, next, t.line, /^\s*#/), lines));
  });
  return out;
}

// The table name is taken whole up to its `]` and trimmed after: a lazy name followed by `\s*\]`
// backtracked over runs of blanks (time squared in a long line).
const TOML_TABLE = /^\s*(\[\[?)([^\]]*)\]\]?\s*(?:#.*)?$/;
const TOML_KEY = /^\s*((?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+))*)\s*=/;

/** TOML: tables (`[a.b]`, `[[arr]]`) and the keys before the first table. */
export function tomlSymbols(lines: string[]): Symbol[] {
  const out: Symbol[] = [];
  const marks: { kind: string; name: string; label: string; line: number }[] = [];
  let inTable = false;
  let multi: string | null = null; // open multi-line string delimiter
  let bracket = 0; // open multi-line array/inline-table depth
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (multi) {
      if (l.includes(multi)) multi = null;
      continue;
    }
    if (bracket > 0) {
      bracket += depthDelta(l);
      continue;
    }
    const t = TOML_TABLE.exec(l);
    if (t) t[2] = t[2]!.trim();
    if (t && t[2]) {
      inTable = true;
      const arr = t[1] === "[[";
      marks.push({ kind: "table", name: t[2]!, label: arr ? `[[${t[2]}]]` : `[${t[2]}]`, line: i + 1 });
      continue;
    }
    const k = TOML_KEY.exec(l);
    if (k) {
      if (!inTable) marks.push({ kind: "key", name: k[1]!.replace(/\s+/g, ""), label: k[1]!.replace(/\s+/g, ""), line: i + 1 });
      const rest = l.slice(k[0].length);
      const q = /("""|''')/.exec(rest);
      if (q && rest.indexOf(q[1]!, q.index + 3) < 0) multi = q[1]!;
      else bracket = Math.max(0, depthDelta(rest));
    }
  }
  for (let j = 0; j < marks.length; j++) {
    const m = marks[j]!;
    const next = marks[j + 1]?.line ?? lines.length + 1;
    out.push(sym(m.kind, m.name, m.line, endBefore(lines, next, m.line, /^\s*#/), lines, m.label));
  }
  return out;
}

/** Net `[`/`{` nesting of a TOML value line, ignoring brackets inside strings and comments. */
function depthDelta(s: string): number {
  let d = 0;
  let q: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (q) {
      if (c === "\\" && q === '"') i++;
      else if (c === q) q = null;
      continue;
    }
    if (c === '"' || c === "'") q = c;
    else if (c === "#") break;
    else if (c === "[" || c === "{") d++;
    else if (c === "]" || c === "}") d--;
  }
  return d;
}
