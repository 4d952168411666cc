import type { Symbol } from "../structure/types.ts";

/**
 * Region units: the smallest useful enclosing unit (function, method, small type, assignment block)
 * around a line. Uses the structure layer's symbols; without them, falls back to an indentation and
 * brace heuristic so a file in an unparsed language still yields a sensible unit, never nothing.
 */

export interface Unit {
  start: number; // 1-based inclusive
  end: number;
  label: string;
  kind: string; // symbol kind, or "block"/"window"
  /** Index in the symbol list, or -1 for heuristic units. */
  symbol: number;
  /** For an excerpt window: the big unit it was cut from. */
  parent?: Unit;
  /** For a declaration head: the lines of the whole declaration (its body). */
  body?: { start: number; end: number };
  /** For a short declaration under its doc comment: the declaration's first line (start is the comment's). */
  head?: number;
}

export const FUNC_KINDS = new Set(["function", "method", "constructor", "macro", "getter", "setter", "arrow", "closure", "test"]);
const TYPE_KINDS = new Set(["class", "struct", "enum", "interface", "trait", "impl", "type", "union", "object", "record", "module", "namespace"]);

export const BIG_UNIT = 150;
export const BIG_TYPE_UNIT = 60;
const SMALL_OTHER = 40;

/**
 * The symbols covering each line, as a segment tree over the symbols' start and end lines: a
 * scan of every symbol per occurrence cost symbols x occurrences (a Python file of 20,000
 * one-line functions each naming the subject: 1.2 s, 40,000: 4x that).
 */
interface Stabber {
  count: number;
  /** Sorted distinct boundaries: segment j is the lines [points[j], points[j + 1]). */
  points: number[];
  /** Per tree node, the symbols (indices, ascending) covering its whole segment range. */
  nodes: number[][];
}
const stabbers = new WeakMap<Symbol[], Stabber>();
/** Below this many symbols a plain scan is cheaper than the tree. */
const STAB_MIN = 64;

function stabberOf(symbols: Symbol[]): Stabber {
  const have = stabbers.get(symbols);
  if (have && have.count === symbols.length) return have;
  const set = new Set<number>();
  for (const s of symbols) if (s.startLine <= s.endLine) set.add(s.startLine).add(s.endLine + 1);
  const points = [...set].sort((a, b) => a - b);
  const segs = Math.max(points.length - 1, 0);
  const nodes: number[][] = [];
  const seg = (line: number) => segmentOf(points, line);
  const insert = (node: number, lo: number, hi: number, a: number, b: number, idx: number): void => {
    if (a <= lo && hi <= b) {
      (nodes[node] ??= []).push(idx);
      return;
    }
    const mid = (lo + hi) >> 1;
    if (a <= mid) insert(node * 2, lo, mid, a, b, idx);
    if (b > mid) insert(node * 2 + 1, mid + 1, hi, a, b, idx);
  };
  for (let i = 0; i < symbols.length && segs > 0; i++) {
    const s = symbols[i]!;
    if (s.startLine > s.endLine) continue;
    insert(1, 0, segs - 1, seg(s.startLine), seg(s.endLine + 1) - 1, i);
  }
  const st = { count: symbols.length, points, nodes };
  stabbers.set(symbols, st);
  return st;
}

/** The index of the last boundary at or before `line` (0 when none is). */
function segmentOf(points: number[], line: number): number {
  let lo = 0, hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid]! <= line) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The indices (ascending) of the symbols whose range holds `line`. */
function covering(symbols: Symbol[], line: number): number[] {
  const chain: number[] = [];
  if (symbols.length < STAB_MIN) {
    for (let i = 0; i < symbols.length; i++) {
      const s = symbols[i]!;
      if (s.startLine <= line && line <= s.endLine) chain.push(i);
    }
    return chain;
  }
  const { points, nodes } = stabberOf(symbols);
  const segs = points.length - 1;
  if (segs <= 0 || line < points[0]! || line >= points[segs]!) return chain;
  let lo = 0, hi = segs - 1;
  const j = segmentOf(points, line); // line < points[segs]: j < segs
  for (let node = 1; ; ) {
    const here = nodes[node];
    if (here) for (const i of here) chain.push(i);
    if (lo === hi) break;
    const mid = (lo + hi) >> 1;
    if (j <= mid) { node = node * 2; hi = mid; }
    else { node = node * 2 + 1; lo = mid + 1; }
  }
  return chain.sort((a, b) => a - b);
}

/** The top-level symbols (pre-order lists them by start line), per symbol list. */
const topLevels = new WeakMap<Symbol[], { count: number; tops: Symbol[] }>();

/**
 * The lines around `line`, a line outside every symbol, that no symbol claims: after the end of
 * the symbol before it and before the next one's region (its doc comment, where `line` is not in
 * that comment). A window or shape unit there stays in them: a window around
 * `NOKPROBE_SYMBOL(f);` climbed to a statement start inside f's body (Linux fault.c: `@ 1391-1401`
 * under f's last `} else {`). Binary search over the top-level symbols: no scan per line.
 */
export function gapAround(symbols: Symbol[], line: number): { from: number; to: number } {
  let t = topLevels.get(symbols);
  if (!t || t.count !== symbols.length) topLevels.set(symbols, (t = { count: symbols.length, tops: symbols.filter((s) => s.parent < 0) }));
  const tops = t.tops;
  let lo = 0, hi = tops.length; // first top-level symbol starting after `line`
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tops[mid]!.startLine <= line) lo = mid + 1;
    else hi = mid;
  }
  let from = 1;
  for (let k = lo - 1; k >= 0 && k >= lo - 4; k--) from = Math.max(from, tops[k]!.endLine + 1);
  let to = Infinity;
  const next = tops[lo];
  if (next) {
    const head = next.attachedStart ?? next.startLine;
    to = head > line ? head - 1 : next.startLine - 1;
  }
  return { from: Math.min(from, line), to: Math.max(to, line) };
}

/** Innermost symbol containing `line`, and the chain of symbols containing it (outermost first). */
export function enclosing(symbols: Symbol[], line: number): number[] {
  const chain = covering(symbols, line);
  chain.sort((a, b) => symbols[a]!.depth - symbols[b]!.depth || symbols[a]!.startLine - symbols[b]!.startLine);
  return chain;
}

/** The last line of a declaration's head: from its start (decorators, doc comments) to the first line with an opener. */
export function headEnd(lines: string[], start: number, end: number): number {
  let headerEnd = start;
  for (let l = start; l <= Math.min(end, start + 12); l++) {
    headerEnd = l;
    const t = lines[l - 1] ?? "";
    if (/[{:]\s*(?:\/\/.*|#.*)?$|=>|\)\s*$|;\s*$/.test(t) && !/^\s*(?:@|#\[|\/\/|\/\*|\*|#)/.test(t)) break;
  }
  return headerEnd;
}

/** The symbol declared at `line` (its header spans that line), if any: used for definitions. */
export function declaredAt(symbols: Symbol[], line: number, lines: string[]): number {
  let best = -1;
  for (let i = 0; i < symbols.length; i++) {
    const s = symbols[i]!;
    if (s.startLine > line || s.endLine < line) continue;
    if (line <= headEnd(lines, s.startLine, s.endLine) && (best < 0 || s.depth > symbols[best]!.depth)) best = i;
  }
  return best;
}

/** A declaration longer than this is shown as its head (with its doc comment), its body named by range. */
export const HEAD_ONLY_TYPE = 15;
export const HEAD_ONLY_FUNCTION = 80;
const DOC_LINE = /^\s*(?:\/\*|\*|\/\/|#(?!\s*(?:include|define|if|ifdef|ifndef|endif|else|elif|undef|pragma)\b)|--|@[A-Za-z_]|#\[|\[[A-Z]\w*(?:\(.*\))?\]\s*$)/;
const DOCSTRING = /^\s*[rRuUbB]?("{3}|'{3})/;

/**
 * First line of the doc comment (and decorators/annotations/attributes) directly above `start`:
 * the lines that say what the declaration is. Stops at a blank line or code; at most 40 lines.
 */
export function docStart(lines: string[], start: number): number {
  let s = start;
  for (let l = start - 1; l >= 1 && l >= start - 40; l--) {
    const t = lines[l - 1] ?? "";
    if (!DOC_LINE.test(t)) break;
    s = l;
  }
  return s;
}

/**
 * First line of a parsed symbol's region: where grep groups it (Symbol.attachedStart: its doc
 * comment, and the decorator and attribute lines its syntax range leaves out, as the parser
 * attached them, src/structure/engine.ts), else its syntax start. One rule for both commands.
 */
export function symbolStart(startLine: number, attachedStart?: number): number {
  return attachedStart ?? startLine;
}

/** Leading annotations, attributes and decorators of a head line (`@Suppress("x")`, `#[inline]`, `[Obsolete]`). */
const LEADING_ANNOTATION = /^(?:@[A-Za-z_][\w.]*(?:\((?:[^()]|\([^()]*\))*\))?|#!?\[[^\]]*\]|\[[A-Z][\w.]*(?:\([^()]*\))?\])\s+(?=\S)/;
/** A function head whose body may follow `=` (Kotlin's, Scala's expression bodies). */
const EXPRESSION_BODY_HEAD = /(?:^|\s)(?:fun|def|func|fn)\s/;

/** Characters of a line a title reads (it keeps at most 100). */
const TITLE_READ = 400;

/**
 * A region's title from a line of code: one line, without the annotations before the head and the
 * body after it (from its `{` at bracket depth 0, or the `=` of an expression body), and without a
 * trailing opener (`{`, `:`, `=>`); at most 100 characters.
 */
export function titleOf(text: string): string {
  // Reading past the first TITLE_READ characters only cost time (an 8 MB one-line string with
  // 2,000,000 mentions took 7 s of trace in this function's scans).
  let t = text.trimStart();
  if (t.length > TITLE_READ) t = t.slice(0, TITLE_READ);
  t = t.trimEnd();
  for (let k = 0; k < 8; k++) {
    const m = LEADING_ANNOTATION.exec(t);
    if (!m) break;
    t = t.slice(m[0].length);
  }
  const exprBody = EXPRESSION_BODY_HEAD.test(t);
  let depth = 0, quote = "";
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "[") depth++;
    else if ((c === ")" || c === "]") && depth > 0) depth--;
    else if (depth === 0 && c === "{" && i > 0) { t = t.slice(0, i); break; }
    else if (depth === 0 && exprBody && c === "=" && t[i + 1] !== "=" && t[i + 1] !== ">" && !/[=!<>]/.test(t[i - 1] ?? "")) { t = t.slice(0, i); break; }
  }
  t = t.replace(/\s*(?:\{|:|=>|=)?\s*$/, "");
  return t.length > 100 ? t.slice(0, 100) : t;
}

/** The end of a Python docstring opening right after line `head` (or `head` when there is none). */
function docstringEnd(lines: string[], head: number, limit: number): number {
  const t = lines[head] ?? "";
  const m = DOCSTRING.exec(t);
  if (!m) return head;
  if (t.indexOf(m[1]!, m.index + m[0].length) >= 0) return head + 1;
  for (let l = head + 2; l <= Math.min(limit, head + 30); l++) if ((lines[l - 1] ?? "").includes(m[1]!)) return l;
  return head;
}

/**
 * The region for a declaration spanning [start, end] (labelled `label`, of `kind`): with its doc
 * comment above, whole when short; otherwise its head (and a Python docstring) with the body's
 * range named, so a definition never shows a whole class.
 */
export function declarationUnit(lines: string[], start: number, end: number, label: string, kind: string, symbol: number, attachedStart?: number): Unit {
  const from = symbol >= 0 ? symbolStart(start, attachedStart) : docStart(lines, start);
  const isType = TYPE_KINDS.has(kind) || kind === "block";
  const len = end - start + 1;
  if (len <= (isType ? HEAD_ONLY_TYPE : HEAD_ONLY_FUNCTION)) return { start: from, end, label, kind, symbol, ...(from < start ? { head: start } : {}) };
  let he = headEnd(lines, start, end);
  he = docstringEnd(lines, he, end);
  return { start: from, end: Math.max(he, start), label, kind, symbol, body: { start, end } };
}

export function unitFromSymbols(symbols: Symbol[], line: number, preferType: boolean): Unit | null {
  const chain = enclosing(symbols, line);
  if (!chain.length) return null;
  for (let k = chain.length - 1; k >= 0; k--) {
    const s = symbols[chain[k]!]!;
    const len = s.endLine - s.startLine + 1;
    if (FUNC_KINDS.has(s.kind) || (preferType && TYPE_KINDS.has(s.kind)) || len <= SMALL_OTHER) {
      return { start: s.startLine, end: s.endLine, label: s.label || s.name, kind: s.kind, symbol: chain[k]! };
    }
  }
  const s = symbols[chain[chain.length - 1]!]!;
  return { start: s.startLine, end: s.endLine, label: s.label || s.name, kind: s.kind, symbol: chain[chain.length - 1]! };
}

const HEADER = /^\s*(?:@[A-Za-z_][\w.]*(?:\((?:[^()]|\([^()]*\))*\))?\s+)*(?:(?:export|default|pub(?:\([^)]*\))?|public|private|protected|internal|static|async|abstract|override|final|unsafe|extern|inline|virtual|const|open|suspend|operator|infix|tailrec|data|sealed|enum|inner|annotation|companion)\s+)*(?:def|class|fn|func|fun|function\*?|impl|struct|enum|trait|interface|type|module|mod|namespace|object|macro_rules!)\b|^\s*(?:[\w$.]+)\s*[:=]\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>)|^\s*(?:async\s+|static\s+|get\s+|set\s+)*[\w$]+\s*\([^;]*\)\s*(?::\s*[^{;]+)?\{\s*$|^[A-Za-z_][\w\s*&<>,:]*\b[A-Za-z_]\w*\s*\([^;]*\)\s*\{?\s*$|^\s+(?!(?:new|return|throw|else|case|await|yield|delete|goto)\b)(?:(?:public|private|protected|internal|static|final|synchronized|abstract|native|override|open|virtual|inline|async|suspend)\s+)*[\w$<>\[\],.?]+(?:\s*<[^>]*>)?\s+[A-Za-z_$][\w$]*\s*\([^;=]*\)\s*(?:throws\s+[\w.,\s]+)?\{\s*$/;
const NOT_HEADER = /^\s*(?:if|else|for|while|switch|catch|return|do|try|with|match|loop|unless|elif|except|finally|case)\b/;

/** A goto label alone on its line (`out:`, `rearm_timer:`), as C code puts them at column 0. */
const GOTO_LABEL = /^[A-Za-z_]\w*:\s*(?:\/[/*].*)?$/;

/** Some character that trim() would keep (a blank-line test without building a string). */
const NON_BLANK = /\S/;

/** Width of the leading white space (JS \s), a tab counting 4. */
function indentOf(l: string): number {
  let w = 0;
  for (let i = 0; i < l.length; i++) {
    const c = l.charCodeAt(i);
    if (c === 9) w += 4;
    else if (c === 32 || (c >= 10 && c <= 13) || c === 160 || c === 0xfeff || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000) w++;
    else break;
  }
  return w;
}

/**
 * Block ends already found, per file (its line array): a file with many subject mentions asks for
 * the same enclosing block again and again.
 */
const blockEnds = new WeakMap<string[], Map<number, number>>();

/** End of the block opened at `start` (1-based): matching brace, or Python-style dedent. */
function blockEnd(lines: string[], start: number, python: boolean): number {
  let memo = blockEnds.get(lines);
  if (!memo) blockEnds.set(lines, (memo = new Map()));
  const key = python ? -start : start;
  let end = memo.get(key);
  if (end === undefined) memo.set(key, (end = blockEndOf(lines, start, python)));
  return end;
}

const EXPRESSION_BODY = /\)\s*(?::\s*[^=(){}]+)?=\s*[^\s=>]/;

/** A line without its strings and `//` comment: the braces that count. */
const codeOf = (l: string): string => l.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, "").replace(/\/\/.*$/, "");

/**
 * Per file (its line array), per line: the braces' net depth change and whether it opens one
 * (brace state 0 = not read yet, 1 = no `{`, 2 = a `{`), and for the indent rule its width
 * (-1 blank, -2 not read yet) and whether it starts with a closer. Each line is read once however
 * many block ends are asked for: a file whose every line opens a block (thousands of nested
 * blocks, each with a mention) asked for 600 lines of string-stripping per mention.
 */
interface LineFacts { net: Int32Array; brace: Uint8Array; indent: Int32Array; closer: Uint8Array }
const lineFacts = new WeakMap<string[], LineFacts>();
function factsOf(lines: string[]): LineFacts {
  let f = lineFacts.get(lines);
  if (!f) lineFacts.set(lines, (f = { net: new Int32Array(lines.length + 1), brace: new Uint8Array(lines.length + 1), indent: new Int32Array(lines.length + 1).fill(-2), closer: new Uint8Array(lines.length + 1) }));
  return f;
}

function blockEndOf(lines: string[], start: number, python: boolean): number {
  const cap = Math.min(lines.length, start + 600);
  const f = factsOf(lines);
  if (!python) {
    let depth = 0, opened = false;
    for (let l = start; l <= cap; l++) {
      if (f.brace[l] === 0) {
        let net = 0, open = false;
        for (const ch of codeOf(lines[l - 1] ?? "")) {
          if (ch === "{") { net++; open = true; }
          else if (ch === "}") net--;
        }
        f.net[l] = net;
        f.brace[l] = open ? 2 : 1;
      }
      if (f.brace[l] === 2) opened = true;
      depth += f.net[l]!;
      if (opened && depth <= 0) return l;
      // An expression body on the head's line (Kotlin's `fun f(x: Int) = g(x)`): the line is the unit.
      if (!opened && l === start && EXPRESSION_BODY.test(codeOf(lines[l - 1] ?? ""))) return start;
      if (!opened && l > start + 3) return start; // a declaration without a body
    }
    return start;
  }
  const ind = indentOf(lines[start - 1] ?? "");
  let last = start;
  for (let l = start + 1; l <= cap; l++) {
    if (f.indent[l] === -2) {
      const t = lines[l - 1] ?? "";
      f.indent[l] = NON_BLANK.test(t) ? indentOf(t) : -1;
      f.closer[l] = /^\s*[)\]}]/.test(t) ? 1 : 0;
    }
    if (f.indent[l] === -1) continue;
    if (f.indent[l]! <= ind && !f.closer[l]) break;
    last = l;
  }
  return last;
}

/** The last line of the brace block opened on line `brace` (1-based). */
export const braceBlockEnd = (lines: string[], brace: number): number => blockEnd(lines, brace, false);

/** Nearest enclosing function-like block by shape (no parser): for languages without structure. */
export function unitByShape(lines: string[], line: number, python: boolean): Unit | null {
  let memo = shapeUnits.get(lines);
  if (!memo) shapeUnits.set(lines, (memo = new Map()));
  const key = python ? -line : line;
  let u = memo.get(key);
  if (u === undefined) memo.set(key, (u = unitByShapeOf(lines, line, python)));
  // A copy: callers extend or relabel the unit they get.
  return u && { ...u };
}

const shapeUnits = new WeakMap<string[], Map<number, Unit | null>>();

function unitByShapeOf(lines: string[], line: number, python: boolean): Unit | null {
  const here = lines[line - 1] ?? "";
  const hereIndent = NON_BLANK.test(here) ? indentOf(here) : 1e9;
  let minIndent = hereIndent;
  for (let l = line; l >= Math.max(1, line - 250); l--) {
    const t = lines[l - 1] ?? "";
    if (!NON_BLANK.test(t)) continue;
    // Column-0 lines inside a C body that are not its edge: goto labels and preprocessor lines.
    if (l !== line && !python && (t.charCodeAt(0) === 35 /* # */ || GOTO_LABEL.test(t))) continue;
    const ind = indentOf(t);
    if (l !== line && ind >= minIndent) continue;
    minIndent = Math.min(minIndent, ind);
    if (HEADER.test(t) && !NOT_HEADER.test(t)) {
      const end = blockEnd(lines, l, python);
      if (end >= line) {
        const label = titleOf(t);
        return { start: l, end, label, kind: /\b(class|struct|impl|trait|interface|enum|object)\b/.test(t) ? "block" : "function", symbol: -1 };
      }
    }
    if (ind === 0 && l !== line) {
      // C's common style opens a function's body with a lone `{` at column 0, under a header that
      // may span several lines: the unit starts at that header.
      const h = NON_BLANK.test(t) && t.trim() === "{" && !python ? headerAbove(lines, l) : 0;
      const end = h ? blockEnd(lines, l, false) : 0;
      if (h && end >= line) return { start: h, end, label: titleOf(lines[h - 1]!), kind: "function", symbol: -1 };
      break;
    }
  }
  return null;
}

/**
 * The header line above a lone `{` at `brace`: the nearest line at column 0 within a few lines
 * that starts with a name and opens a parenthesis (lines between are the header's indented
 * continuation); 0 when there is none (a struct initialiser, a statement, a comment).
 */
function headerAbove(lines: string[], brace: number): number {
  for (let k = brace - 1; k >= Math.max(1, brace - 8); k--) {
    const t = lines[k - 1] ?? "";
    if (!NON_BLANK.test(t)) return 0;
    if (indentOf(t) > 0) continue;
    return /^[A-Za-z_]/.test(t) && t.includes("(") && !/[;=]\s*$/.test(t) && !NOT_HEADER.test(t) ? k : 0;
  }
  return 0;
}
