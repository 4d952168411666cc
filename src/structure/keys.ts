/**
 * Top-level keys of data files as symbols (kind "key"; TOML tables kind "table"), without a
 * grammar: JSON by a small tolerant scanner (comments and trailing commas allowed), YAML and
 * TOML by their line structure. Ranges cover the key's value.
 */
import type { Symbol } from "./types.ts";
import { signatureOf } from "./lines.ts";

function sym(kind: string, name: string, start: number, end: number, lines: string[], label = name, parent = -1, depth = 0): Symbol {
  return { kind, name, label, startLine: start, endLine: Math.max(start, end), parent, depth, signature: signatureOf(lines, start) };
}

/** JSON: keys of the top-level object; the range ends where the key's value ends. */
export function jsonSymbols(text: string, lines: string[]): Symbol[] {
  const out: Symbol[] = [];
  let depth = 0;
  let line = 1;
  let pendingKey: { name: string; line: number } | null = null;
  let current: { name: string; line: number } | null = null; // top-level key whose value is open
  let lastValueLine = 1;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) { line++; continue; }
    if (c === 32 || c === 9 || c === 13) continue;
    if (c === 47 && text[i + 1] === "/") { while (i < n && text.charCodeAt(i) !== 10) i++; i--; continue; }
    if (c === 47 && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      const stop = close < 0 ? n : close + 2;
      for (let j = i; j < stop; j++) if (text.charCodeAt(j) === 10) line++;
      i = stop - 1;
      continue;
    }
    if (c === 34 || c === 39) {
      const startLine = line;
      let j = i + 1;
      let s = "";
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === 92) { s += text[j + 1] ?? ""; j++; continue; }
        if (d === c) break;
        if (d === 10) line++;
        s += text[j];
      }
      i = j;
      // A string directly inside the top-level object followed by ':' is a key.
      if (depth === 1 && !current) {
        let k = i + 1;
        while (k < n && /\s/.test(text[k]!)) k++;
        if (text[k] === ":") { pendingKey = { name: s, line: startLine }; continue; }
      }
      lastValueLine = line;
      if (depth === 1 && current) { out.push(sym("key", current.name, current.line, lastValueLine, lines)); current = null; }
      continue;
    }
    if (c === 58 /* : */) { if (depth === 1 && pendingKey) { current = pendingKey; pendingKey = null; } continue; }
    if (c === 123 || c === 91) { depth++; continue; }
    if (c === 125 || c === 93) {
      depth--;
      if (depth === 1 && current) { out.push(sym("key", current.name, current.line, line, lines)); current = null; }
      if (depth === 0 && current) { out.push(sym("key", current.name, current.line, line, lines)); current = null; }
      continue;
    }
    if (c === 44 /* , */) {
      if (depth === 1 && current) { out.push(sym("key", current.name, current.line, lastValueLine, lines)); current = null; }
      continue;
    }
    // Bare value (number, true, false, null) or bare key (JSON5).
    let j = i;
    while (j < n && !/[\s,:{}\[\]"'\/]/.test(text[j]!)) j++;
    const word = text.slice(i, j);
    i = j - 1;
    if (depth === 1 && !current) {
      let k = j;
      while (k < n && /\s/.test(text[k]!)) k++;
      if (text[k] === ":") { pendingKey = { name: word, line }; continue; }
    }
    lastValueLine = line;
    if (depth === 1 && current) { out.push(sym("key", current.name, current.line, line, lines)); current = null; }
  }
  return out;
}

/** The line before `next` (1-based), stepping back over blank and comment lines. */
function endBefore(lines: string[], next: number, start: number, comment: RegExp): number {
  let e = next - 1;
  while (e > start && (lines[e - 1]!.trim() === "" || comment.test(lines[e - 1]!))) e--;
  return e;
}

const YAML_KEY = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s#\-?:,\[\]{}&*!|>'"%@`][^#]*?|-[^\s#][^#]*?))[ \t]*:(?:[ \t]|$)/;

/** YAML: keys at column 0 (of every document); each ends before the next top-level line. */
export function yamlSymbols(lines: string[]): Symbol[] {
  const starts: { name: string; line: number }[] = [];
  const stops: number[] = []; // lines that end the previous key without starting one (`---`, `- x`)
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l === "" || l[0] === " " || l[0] === "\t" || l[0] === "#") continue;
    const m = YAML_KEY.exec(l);
    if (m) starts.push({ name: m[1] ?? m[2]?.replace(/''/g, "'") ?? m[3]!.trim(), line: i + 1 });
    else stops.push(i + 1);
  }
  const bounds = [...starts.map((s) => s.line), ...stops].sort((a, b) => a - b);
  return starts.map((s) => {
    const next = bounds.find((b) => b > s.line) ?? lines.length + 1;
    return sym("key", s.name, s.line, endBefore(lines, next, s.line, /^\s*#/), lines);
  });
}

const TOML_TABLE = /^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/;
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
    if (t) {
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
