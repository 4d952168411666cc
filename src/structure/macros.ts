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
 *   name (`class Q_CORE_EXPORT QString {`), alone on a line over a declaration (`LLVM_NODISCARD`).
 * - A type argument of a macro that takes one (`min_t(unsigned int, a, b)`) becomes `0`, an
 *   operand the expression grammar accepts.
 * - With `loops` (C): an indented `name(args)` statement with no `;` after it and a statement
 *   after it is a macro loop (`list_for_each_entry(pos, head, member)`): its name becomes `while`
 *   (or `if` for short names), so the parse holds a loop and the body stays in its function.
 *
 * - Top-level `NAME(args)` lines with no `;` and no body after them (`BTF_ID_FLAGS(func, f, 0)`,
 *   `__diag_pop()`) are statement macros: blanked, so they do not turn what follows into a K&R
 *   function. So is an indented macro-like `NAME (args)` line with no `;` last in a brace body
 *   (`JUCE_LEAK_DETECTOR (Path)` over a class's `};`).
 * - A `#if`/`#ifdef` group whose first branch leaves a construct open (`{` without its `}`, or a
 *   head without its body: `#ifdef X\nvoid f(int a)\n#else\nstatic void f(int a)\n#endif\n{`)
 *   is read as its first branch: the directives and the other branches are blanked, so the
 *   parser sees one complete construct instead of two halves.
 *
 * Cost: a few regex passes and one scan per indented call-shaped line, linear in the text.
 * Preprocessor lines are left alone (a `#define __init ...` keeps its name).
 */
import type { MacroSpec } from "./grammar.ts";

interface Compiled {
  /** Candidates for known annotations: every `_`-word and the other listed words. */
  known: RegExp;
  words: Set<string>;
  calls: Set<string>;
  afterType: RegExp;
  beforeType: RegExp;
  classHead: RegExp;
  typeArgs: RegExp;
  keywords: Set<string>;
  complete: Set<string>;
  heads: Set<string>;
}
const compiled = new WeakMap<MacroSpec, Compiled>();

/** Modifiers that make a complete type alone and also combine with a type (`unsigned T`). */
const MODIFIERS = new Set(["unsigned", "signed", "long", "short"]);
/** A declarator's name at the start of a line: `name (`, `Class::name (`, `*name (`. */
const HEAD_NAME = /[*&]*[ \t]*(?:[A-Za-z_]\w*[ \t]*::[ \t]*)*~?[A-Za-z_]\w*[ \t]*\(/y;
/** What a declaration's annotation comes before: a declarator (`*name (`, `name;`), not K&R
 *  parameter declarations (`f (data)\n  arg_t *data;`: the call was the function's head). */
const DECLARED = /[*&]*[ \t]*[A-Za-z_]\w*[ \t]*[(;=,[]/y;
/** A type then a declarator: `tree x`, `vec<tree, va_gc> *x`, `struct_t *`. */
const TYPED = /[A-Za-z_]\w*(?:[ \t]*<[^;{}()]*>)?(?:[ \t]+|[ \t]*[*&][ \t]*)[*&]*[ \t]*[A-Za-z_]\w*[ \t]*[(;=,[]/y;
const WORD_AT = /[A-Za-z_]\w*/y;
/** `struct WORD (`: an aggregate head with a call-shaped word where only an annotation goes. */
const AGGREGATE_CALL = /\b(?:struct|union|class|enum)[ \t]+([A-Za-z_]\w*)[ \t]*\(/g;
/** `) WORD`: a word after a parameter list (optionally `const`). */
/** A macro-like word ending a line after a blank. */
const LINE_END_WORD = /[ \t](_\w*|[A-Z][A-Z0-9_]*[A-Z0-9])[ \t]*\r?\n/g;
/** A macro-like word called after a blank: a candidate annotation call (HEAD_CALL's use). */
const HEAD_CALL = /[ \t\r\n](_\w*|[A-Z][A-Z0-9_]*[A-Z0-9])[ \t]*\(/g;
const AGGREGATE_KEYWORDS = new Set(["struct", "union", "enum", "class", "typename"]);
const AGGREGATE_NAME = /[A-Za-z_]\w*/y;
const AFTER_DECLARATOR = /\)[ \t]*(?:const[ \t]+)?([A-Za-z_]\w*)\b/g;
/** `name WORD,` / `name WORD)`: a macro-like word after a parameter's name (capture 1; the name
 *  is read back from it). Anchored on the blank before the word: cheap to search. */
const AFTER_PARAMETER = /[ \t](_\w*|[A-Z][A-Z0-9_]*[A-Z0-9])[ \t]*(?=[,)])/g;
const LONE_WORD = /\n[ \t]*([A-Z][A-Z0-9_]*[A-Z0-9])[ \t]*(?=\r?\n)/g;
const MACRO_LIKE = /^(?:_\w*|[A-Z][A-Z0-9_]*[A-Z0-9])$/;

function compile(spec: MacroSpec): Compiled {
  let c = compiled.get(spec);
  if (c) return c;
  // One alternation of ~140 words is slow to try at every word; `_\w+` and a set lookup is not.
  const plain = [...spec.attributes, ...spec.attributeCalls].filter((w) => !w.startsWith("_")).map(esc).join("|");
  const complete = spec.completeTypes.join("|");
  const heads = spec.typeStarts.join("|");
  c = {
    known: new RegExp(`\\b(?:_\\w+${plain ? "|" + plain : ""})\\b`, "g"),
    words: new Set(spec.attributes),
    calls: new Set(spec.attributeCalls),
    // complete type [*...] WORD [*...] name, then `(` (or `;=,[)` when a `*` sits before the name).
    afterType: new RegExp(`(?:\\b(${complete})|\\b(?:struct|union|enum)[ \\t]+[A-Za-z_]\\w*)[ \\t]*(?:\\*[ \\t]*)*\\b([A-Za-z_]\\w*)[ \\t]+(\\*?)[ \\t*]*[A-Za-z_]\\w*[ \\t]*([(;=,\\[)])`, "g"),
    // A type or storage keyword after a blank: the word before it is read by hand (searching for
    // the keyword first is much cheaper than trying every word).
    beforeType: new RegExp(`[ \\t](?:${heads})\\b`, "g"),
    // class/struct WORD Name { or : or final, or the line's end (LF or CRLF: JUCE writes CRLF)
    classHead: new RegExp(`\\b(?:class|struct|union)[ \\t]+([A-Za-z_]\\w*)[ \\t]+(?!final\\b)[A-Za-z_]\\w*[ \\t]*(?=[:{\\r\\n]|final\\b)`, "g"),
    typeArgs: new RegExp(`\\b(?:${spec.typeArgCalls.map(esc).join("|")})[ \\t]*\\(`, "g"),
    keywords: new Set(spec.keywords),
    complete: new Set(spec.completeTypes),
    // A type or storage keyword then WORD(: an annotation call when a declarator follows (not
    // after `*`: `groups * BUCKETS(bb) * sizeof(long)` multiplies).
    heads: new Set(spec.typeStarts),
  };
  compiled.set(spec, c);
  return c;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with annotation macros blanked and macro loops turned into loops (same length). */
export function maskMacros(text: string, spec: MacroSpec): string {
  return maskWithCalls(text, spec).text;
}

/** maskMacros, plus the [start, end) offsets of the macro invocations' names it masked (loops and
 *  statement macros): a match there is a call, whatever the masked parse holds. */
export function maskWithCalls(text: string, spec: MacroSpec): { text: string; calls: number[] } {
  const c = compile(spec);
  const calls: number[] = [];
  const edits: [number, number, string][] = []; // start, end, replacement (same length)
  const blank = (start: number, end: number) => edits.push([start, end, ""]);

  // Learned annotation words: the shapes no type or name can take.
  const learned = new Set<string>();
  // Prose is no evidence: a word seen in a comment or a string is not learned (`in mode MODE,
  // yields`, `"unsupported map type BPF_MAP_TYPE_SOCKMAP)"`).
  let comments: number[] | undefined;
  const inProse = (at: number) => inSpans((comments ??= commentSpans(text)), at);
  const learn = (w: string | undefined, at: number) => {
    if (w && !learned.has(w) && MACRO_LIKE.test(w) && !c.keywords.has(w) && !onDirective(text, at) && !inProse(at)) learned.add(w);
  };
  // Not after a modifier that also combines with a type (`unsigned HOST_WIDE_INT x`): the word
  // may be a type macro.
  for (const m of text.matchAll(c.afterType)) if ((m[4] === "(" || m[3]) && !MODIFIERS.has(m[1] ?? "")) learn(m[2], m.index);
  for (const m of text.matchAll(c.beforeType)) {
    let e = m.index;
    while (e > 0 && (text[e - 1] === " " || text[e - 1] === "\t")) e--;
    let b = e;
    while (b > 0 && /\w/.test(text[b - 1]!)) b--;
    if (b < e) learn(text.slice(b, e), b);
  }
  for (const m of text.matchAll(c.classHead)) learn(m[1], m.index);
  // An ALL_CAPS word alone on its line, with a declaration after it (`LLVM_NODISCARD` over
  // `size_t find(...)`, `Q_OBJECT` over `public:`); not before `}` (an enum's last value).
  // Not over a line that starts with the declared name (GNU style: `CORE_ADDR` over
  // `target::read_pc (...)`): that word is the return type.
  for (const m of text.matchAll(LONE_WORD)) {
    const next = skipSpace(text, m.index + m[0].length, true);
    if (!/[A-Za-z_]/.test(text[next] ?? "")) continue;
    HEAD_NAME.lastIndex = next;
    if (!HEAD_NAME.test(text)) learn(m[1], m.index + 1);
  }
  // A word ending a head line after a complete type or an attribute, over the declared name
  // (`static int __attribute__((used)) ATTRIBUTE_NOCLONE` over `foo (void)`); not after a
  // modifier or a storage keyword, where it is the type (`static REAL_VALUE_TYPE`).
  for (const m of text.matchAll(LINE_END_WORD)) {
    HEAD_NAME.lastIndex = m.index + m[0].length;
    if (!HEAD_NAME.test(text)) continue;
    let e = m.index + 1;
    while (e > 0 && (text[e - 1] === " " || text[e - 1] === "\t")) e--;
    const prev = wordBefore(text, e);
    if (prev ? c.complete.has(prev) && !MODIFIERS.has(prev) : text[e - 1] === ")") learn(m[1], m.index);
  }
  // Annotation macros with an argument list, by the places only an annotation takes:
  // `struct GTY(()) name {`, `static void ATTRIBUTE_PRINTF (1, 2) name (`, `static GTY(()) tree x;`,
  // and after a declarator (`void f (int) ATTRIBUTE_NORETURN;`, `int x ATTRIBUTE_UNUSED,`).
  const learnedCalls = new Set<string>();
  const learnCall = (w: string | undefined, at: number) => {
    if (w && !learnedCalls.has(w) && MACRO_LIKE.test(w) && !c.keywords.has(w) && !onDirective(text, at) && !inProse(at)) learnedCalls.add(w);
  };
  // The aggregate's name must follow, then its body, base list or `;`: `union PREFIX(elt) {`
  // and `typedef union PREFIX(elt) PREFIX(elt_t);` build the name with a macro.
  for (const m of text.matchAll(AGGREGATE_CALL)) {
    const close = matchParen(text, m.index + m[0].length - 1);
    if (close < 0) continue;
    AGGREGATE_NAME.lastIndex = skipSpace(text, close + 1, true);
    const n = AGGREGATE_NAME.exec(text);
    if (n && /[{:;]/.test(text[skipSpace(text, n.index + n[0].length, true)] ?? "")) learnCall(m[1], m.index);
  }
  for (const m of text.matchAll(HEAD_CALL)) {
    // The word before: a type or storage keyword (blank lines between allowed). After an
    // aggregate keyword the call is its name or an annotation (AGGREGATE_CALL decides).
    let e = m.index + 1;
    while (e > 0 && /[ \t\r\n]/.test(text[e - 1]!)) e--;
    const head = wordBefore(text, e);
    if (!c.heads.has(head) || AGGREGATE_KEYWORDS.has(head)) continue;
    const close = matchParen(text, m.index + m[0].length - 1);
    if (close < 0) continue;
    // After a type a declarator follows; after a storage keyword alone, a type and a
    // declarator (`static GTY(()) tree x;`), not a name alone (`static PREFIX(type) var;`, where
    // the call is the type).
    const after = !c.complete.has(head) ? TYPED : DECLARED;
    const k = skipSpace(text, close + 1, true);
    after.lastIndex = k;
    if (!after.test(text)) continue;
    // A keyword there means the call was the declarator: `void _start() __asm__("_start");`.
    WORD_AT.lastIndex = k + /^[*&\s]*/.exec(text.slice(k, k + 64))![0].length;
    const next = WORD_AT.exec(text);
    if (next && !c.keywords.has(next[0])) learnCall(m[1], m.index);
  }
  for (const m of text.matchAll(AFTER_DECLARATOR)) {
    const w = m[1]!;
    if (!MACRO_LIKE.test(w) || c.keywords.has(w)) continue;
    // What follows: an argument list, more such words, then the end of the declaration.
    let k = m.index + m[0].length;
    let args = false;
    for (;;) {
      const o = skipSpace(text, k, false);
      if (text[o] === "(" && !args) {
        const e = matchParen(text, o);
        if (e < 0) break;
        k = e + 1;
        args = true;
        continue;
      }
      WORD_AT.lastIndex = o;
      const wm = WORD_AT.exec(text);
      if (wm && MACRO_LIKE.test(wm[0]) && !c.keywords.has(wm[0])) { k = o + wm[0].length; continue; }
      k = o;
      break;
    }
    const end = text[skipSpace(text, k, true)];
    if (end !== ";" && end !== "{" && end !== "=") continue;
    // ... and the `)` closes a declarator's parameter list: a name (no keyword) before its `(`.
    const open = matchParenBack(text, m.index);
    if (open < 0) continue;
    const before = wordBefore(text, open);
    if (!before || c.keywords.has(before)) continue;
    // ... not an aggregate's macro-built name (`union PREFIX(elt) PREFIX(elt_t);`).
    let bs = open;
    while (bs > 0 && (text[bs - 1] === " " || text[bs - 1] === "\t")) bs--;
    if (AGGREGATE_KEYWORDS.has(wordBefore(text, bs - before.length))) continue;
    if (args) learnCall(w, m.index); else learn(w, m.index);
  }
  for (const m of text.matchAll(AFTER_PARAMETER)) {
    const w = m[1]!;
    const name = wordBefore(text, m.index + 1);
    // Not after an ALL_CAPS "name": `(COLOR_BOLD COLOR_SEP COLOR_RED)` pastes macros together.
    if (!name || c.keywords.has(w) || c.keywords.has(name) || /^[A-Z][A-Z0-9_]*$/.test(name)) continue;
    // A type before the name (a complete type, a type name or `*`), and `(` or `,` before it.
    let nameStart = m.index + 1;
    while (nameStart > 0 && (text[nameStart - 1] === " " || text[nameStart - 1] === "\t")) nameStart--;
    nameStart -= name.length;
    let b = nameStart - 1;
    while (b >= 0 && (text[b] === " " || text[b] === "\t")) b--;
    let typeStart = b;
    if (text[b] === "*" || text[b] === "&") {
      while (typeStart >= 0 && /[*&\s]/.test(text[typeStart]!)) typeStart--;
    }
    let ws = typeStart;
    while (ws >= 0 && /\w/.test(text[ws]!)) ws--;
    const type = text.slice(ws + 1, typeStart + 1);
    if (!type || (c.keywords.has(type) && !c.complete.has(type))) continue;
    let p = ws;
    for (let guard = 0; p >= 0 && guard < 128 && /[\w \t\r\n*&]/.test(text[p]!); guard++) p--;
    if (text[p] !== "(" && text[p] !== ",") continue;
    // `struct tag NAME,` is a declaration list, not a parameter.
    const tagged = wordBefore(text, ws + 1);
    if (tagged === "struct" || tagged === "union" || tagged === "enum") continue;
    learn(w, m.index);
  }
  // `int __init foo` after a learned or known word is no evidence; dropping known ones keeps the
  // second pass to the new words only.
  // Known annotations, with their argument list when they take one.
  for (const m of text.matchAll(c.known)) {
    const w = m[0];
    let end = m.index + w.length;
    if (c.calls.has(w)) {
      const open = skipSpace(text, end, false);
      const close = text[open] === "(" ? matchParen(text, open) : -1;
      if (close < 0) continue;
      end = close + 1;
    } else if (!c.words.has(w)) continue;
    if (!onDirective(text, m.index)) blank(m.index, end);
  }
  if (learned.size || learnedCalls.size) {
    const re = new RegExp(`\\b(?:${[...learned, ...learnedCalls].map(esc).join("|")})\\b`, "g");
    for (const m of text.matchAll(re)) {
      if (onDirective(text, m.index)) continue;
      let end = m.index + m[0].length;
      if (learnedCalls.has(m[0])) {
        const open = skipSpace(text, end, false);
        const close = text[open] === "(" ? matchParen(text, open) : -1;
        if (close >= 0) end = close + 1;
        else if (!learned.has(m[0])) continue;
      }
      blank(m.index, end);
    }
  }
  for (const m of text.matchAll(c.typeArgs)) typeArguments(text, m.index + m[0].length - 1, edits);
  if (spec.loops) macroLoops(text, c.keywords, edits, calls);
  topStatements(text, c.keywords, edits, calls);
  memberStatements(text, c.keywords, edits, calls);
  openBranches(text, edits);
  if (!edits.length) return { text, calls };
  edits.sort((a, b) => a[0] - b[0] || b[1] - a[1]); // at one start, the longest edit holds
  const parts: string[] = [];
  let at = 0;
  for (const [s, e, r] of edits) {
    if (s < at) continue; // overlapping (a known word also learned): the first edit holds
    parts.push(text.slice(at, s), keepLineEnds(text, s, e, r));
    at = e;
  }
  parts.push(text.slice(at));
  return { text: parts.join(""), calls };
}

/**
 * `r` padded with blanks to text[s, e)'s length, that range's line ends kept where they were: an
 * edit over several lines (a two-line `RB_DECLARE_CALLBACKS_MAX(...)` call, an attribute's
 * argument list) must not join them, or every row after it is one early.
 */
function keepLineEnds(text: string, s: number, e: number, r: string): string {
  const out = r.padEnd(e - s, " ");
  // Scanned within the edit only: a search past it would cost a minified file's length per edit.
  let chars: string[] | undefined;
  for (let i = s; i < e; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || ch === 13) (chars ??= out.split(""))[i - s] = text[i]!;
  }
  return chars ? chars.join("") : out;
}

/** Whether offset `i` sits on a preprocessor directive line (`#define`, `#if`, ...), or on a
 *  continuation line of one (looked back a bounded number of lines). */
function onDirective(text: string, i: number): boolean {
  let ls = text.lastIndexOf("\n", i - 1) + 1;
  for (let guard = 0; guard < 64; guard++) {
    let j = ls;
    while (j < text.length && (text[j] === " " || text[j] === "\t")) j++;
    if (text[j] === "#") return true;
    if (ls === 0 || !continuesDefine(text, ls)) return false;
    ls = text.lastIndexOf("\n", ls - 2) + 1;
  }
  return false;
}

// Anchored on a newline rather than `^` with the m flag: a literal is searched for fast.
const LOOP_HEAD = /\n[ \t]+([A-Za-z_]\w*)[ \t]*\(/g;
const SCAN_MAX = 4096;

/** Indented `name(args)` lines that head a statement, as the `while`/`if` they expand to. */
function macroLoops(text: string, keywords: Set<string>, edits: [number, number, string][], calls: number[]): void {
  for (const m of text.matchAll(LOOP_HEAD)) {
    const name = m[1]!;
    if (keywords.has(name) || name.length < 2 || continuesDefine(text, m.index + 1)) continue;
    const open = m.index + m[0].length - 1;
    // Most such lines are calls: a line ending in `;` is rejected before any scan.
    let eol = text.indexOf("\n", open);
    if (eol < 0) eol = text.length;
    let last = eol - 1;
    while (last > open && (text[last] === " " || text[last] === "\t" || text[last] === "\r")) last--;
    if (text[last] === ";") continue;
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
    calls.push(start, start + name.length);
  }
}

/** Whether the line at `i` continues a `#define` (the line before ends with a backslash). */
function continuesDefine(text: string, i: number): boolean {
  let j = i - 1;
  if (text[j] === "\n") j--;
  if (text[j] === "\r") j--;
  return text[j] === "\\";
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

const COMMENT_OR_QUOTE = /\/\*|\/\/|["']/g;

/** [start, end) offsets of the comments and literals of `text`, in order (linear). */
function commentSpans(text: string): number[] {
  const out: number[] = [];
  COMMENT_OR_QUOTE.lastIndex = 0;
  for (let m = COMMENT_OR_QUOTE.exec(text); m; m = COMMENT_OR_QUOTE.exec(text)) {
    const a = m.index;
    let e: number;
    if (m[0] === "/*") { e = text.indexOf("*/", a + 2); e = e < 0 ? text.length : e + 2; out.push(a, e); }
    else if (m[0] === "//") { e = text.indexOf("\n", a); if (e < 0) e = text.length; out.push(a, e); }
    else {
      // A string or character literal ends at its quote or at the line's end.
      e = a + 1;
      while (e < text.length && text[e] !== m[0] && text[e] !== "\n") e += text[e] === "\\" ? 2 : 1;
      e++;
      out.push(a, e);
    }
    COMMENT_OR_QUOTE.lastIndex = e;
  }
  return out;
}

/** Whether `at` falls in one of the [start, end) pairs of `spans` (sorted). */
function inSpans(spans: number[], at: number): boolean {
  let lo = 0, hi = spans.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[2 * mid]! > at) hi = mid - 1;
    else if (spans[2 * mid + 1]! <= at) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Index of the `(` opening the `)` at `close`, or -1 (bounded backward scan; a `;`, `{` or `}`
 *  on the way ends it, so scans never overlap past a statement). */
function matchParenBack(text: string, close: number): number {
  let depth = 0;
  const stop = Math.max(0, close - SCAN_MAX);
  for (let i = close; i >= stop; i--) {
    const ch = text[i];
    if (ch === ")") depth++;
    else if (ch === "(") { if (--depth === 0) return i; }
    else if (ch === ";" || ch === "{" || ch === "}") return -1;
  }
  return -1;
}

/** The identifier that ends right before `i` (blanks skipped), or "". */
function wordBefore(text: string, i: number): string {
  let e = i;
  while (e > 0 && (text[e - 1] === " " || text[e - 1] === "\t")) e--;
  let b = e;
  while (b > 0 && /\w/.test(text[b - 1]!)) b--;
  return /^[A-Za-z_]/.test(text.slice(b, e)) ? text.slice(b, e) : "";
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

const TOP_CALL = /(?:^|\n)([A-Za-z_]\w*)[ \t]*\(/g;

/** Column-0 `NAME(args)` lines with nothing after them on the line and no body after them. */
function topStatements(text: string, keywords: Set<string>, edits: [number, number, string][], calls: number[]): void {
  for (const m of text.matchAll(TOP_CALL)) {
    if (keywords.has(m[1]!)) continue;
    const ls = m[0][0] === "\n" ? m.index + 1 : m.index;
    const close = matchParen(text, m.index + m[0].length - 1);
    if (close < 0) continue;
    const k = skipSpace(text, close + 1, false);
    if (!(text[k] === "\n" || text[k] === "\r" || k >= text.length)) continue;
    // What follows starts a line at column 0 and is no body (`{`), no K&R parameter declaration
    // (indented) and no continuation of a declaration (`;`, `,`, `=`).
    const n = skipSpace(text, k, true);
    if (n < text.length && (!atColumn0(text, n) || /[{;,=(]/.test(text[n]!))) continue;
    const prev = prevSignificant(text, ls);
    if (!(prev === "" || prev === ";" || prev === "}" || prev === ")")) continue;
    edits.push([ls, close + 1, ""]);
    calls.push(ls, ls + m[1]!.length);
  }
}

/** An indented macro-like `NAME (args)` line: a candidate member macro (memberStatements). */
const MEMBER_CALL = /\n[ \t]+(_\w*|[A-Z][A-Z0-9_]*[A-Z0-9])[ \t]*\(/g;

/**
 * An indented macro-like `NAME (args)` line with nothing after it, last in a brace body (the `}`
 * follows) and after a complete statement or member (`;`, `}`, `{`, or an access label's `:`):
 * a statement macro that supplies its own `;` (JUCE's `JUCE_LEAK_DETECTOR (Path)` closing every
 * class, `Q_DISABLE_COPY(X)`). Read as a declaration, it broke the class around it: JUCE's `class
 * Path` lost its class and namespace symbols.
 */
function memberStatements(text: string, keywords: Set<string>, edits: [number, number, string][], calls: number[]): void {
  for (const m of text.matchAll(MEMBER_CALL)) {
    if (keywords.has(m[1]!)) continue;
    const ns = m.index + m[0].indexOf(m[1]!);
    // Not a `#define` body's line (`#define X \` over `\tARMADA_IOCTL(IOWR, ...)`).
    if (onDirective(text, ns)) continue;
    const close = matchParen(text, m.index + m[0].length - 1);
    if (close < 0) continue;
    const k = skipSpace(text, close + 1, false);
    if (!(text[k] === "\n" || text[k] === "\r" || k >= text.length)) continue;
    if (text[skipSpace(text, k, true)] !== "}") continue;
    const prev = prevSignificant(text, ns);
    if (!(prev === ";" || prev === "}" || prev === "{" || prev === ":")) continue;
    edits.push([ns, close + 1, ""]);
    calls.push(ns, ns + m[1]!.length);
  }
}

function atColumn0(text: string, i: number): boolean {
  return i === 0 || text[i - 1] === "\n";
}

const BRANCH_MAX = 4096;
const DIRECTIVE = /(?:^|\n)[ \t]*#[ \t]*(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b/g;

/** `#if` groups whose first branch leaves a brace, a parenthesis or a head open. */
function openBranches(text: string, edits: [number, number, string][]): void {
  if (!text.includes("#")) return;
  // Directive lines: [kind, line start offset, line end offset].
  const groups: { lines: [string, number, number][] }[] = [];
  const stack: { lines: [string, number, number][] }[] = [];
  for (const d of text.matchAll(DIRECTIVE)) {
    const at = d[0][0] === "\n" ? d.index + 1 : d.index;
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    const kind = d[1]!;
    if (kind.startsWith("if")) stack.push({ lines: [[kind, at, end]] });
    else if (stack.length) {
      const g = stack[stack.length - 1]!;
      g.lines.push([kind, at, end]);
      if (kind === "endif") groups.push(stack.pop()!);
    }
  }
  for (const g of groups) {
    const [, , firstEnd] = g.lines[0]!;
    const [, secondStart] = g.lines[1]!;
    // An open construct is a few lines (alternative heads, a brace in one branch); a long first
    // branch (an include guard, a CONFIG_ block) is not read: bounded cost, no wide rewrite.
    if (secondStart - firstEnd > BRANCH_MAX || !incomplete(text, firstEnd + 1, secondStart)) continue;
    // Keep the first branch; blank every directive line and every other branch.
    edits.push([g.lines[0]![1], g.lines[0]![2], ""]);
    for (let j = 1; j < g.lines.length; j++) {
      const [kind, s, e] = g.lines[j]!;
      if (kind === "endif") edits.push([s, e, ""]);
      else edits.push(...blankKeepingLines(text, s, g.lines[j + 1]![1]));
    }
  }
}

/** Edits that blank text[s, e) but keep its line breaks. */
function blankKeepingLines(text: string, s: number, e: number): [number, number, string][] {
  const out: [number, number, string][] = [];
  let a = s;
  while (a < e) {
    let b = text.indexOf("\n", a);
    if (b < 0 || b > e) b = e;
    if (b > a) out.push([a, b, ""]);
    a = b + 1;
  }
  return out;
}

/** Whether code in text[s, e) leaves a brace or parenthesis open, or ends in a head (`)`). */
function incomplete(text: string, s: number, e: number): boolean {
  let braces = 0, parens = 0;
  let last = "";
  for (let i = s; i < e; i++) {
    const ch = text[i]!;
    if (ch === "/" && text[i + 1] === "*") { const c = text.indexOf("*/", i + 2); i = c < 0 || c > e ? e : c + 1; continue; }
    if (ch === "/" && text[i + 1] === "/") { const c = text.indexOf("\n", i); i = c < 0 || c > e ? e : c; continue; }
    if (ch === '"' || ch === "'") {
      for (i++; i < e && text[i] !== ch && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
      last = ch;
      continue;
    }
    if (ch === "#" && atLineStart(text, i)) {
      // A nested directive or a #define: its line (and continuations) are no code here.
      for (; i < e && text[i] !== "\n"; i++) if (text[i] === "\\" && text[i + 1] === "\n") i++;
      continue;
    }
    if (ch === "{") braces++;
    else if (ch === "}") braces--;
    else if (ch === "(") parens++;
    else if (ch === ")") parens--;
    if (ch !== " " && ch !== "\t" && ch !== "\n" && ch !== "\r") last = ch;
  }
  return braces !== 0 || parens !== 0 || last === ")";
}

/** A type as an argument: a type keyword first, or a name followed by `*`s. */
const TYPE_ARG = /^(?:(?:const|volatile|struct|union|enum|unsigned|signed|long|short|int|char|void|float|double|_Bool|bool)\b[^=]*|[A-Za-z_]\w*(?:\s*\*)+)$/;

/** Type arguments of the call whose `(` is at `open`, as `0` padded to their length. */
function typeArguments(text: string, open: number, edits: [number, number, string][]): void {
  const close = matchParen(text, open);
  if (close < 0) return;
  let depth = 0;
  let argStart = open + 1;
  for (let i = open + 1; i <= close; i++) {
    const ch = text[i];
    if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if ((ch === ")" || ch === "]" || ch === "}") && (i < close || depth > 0)) depth--;
    else if (ch === '"' || ch === "'") { for (i++; i < close && text[i] !== ch; i++) if (text[i] === "\\") i++; }
    if ((ch === "," && depth === 0) || i === close) {
      const raw = text.slice(argStart, i);
      const lead = raw.length - raw.trimStart().length;
      const arg = raw.trim();
      if (arg && TYPE_ARG.test(arg)) edits.push([argStart + lead, argStart + lead + arg.length, "0"]);
      argStart = i + 1;
    }
  }
}
