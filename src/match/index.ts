/**
 * The match layer: finds matching lines in a byte range the way rg does (line-oriented, a line
 * counts once, `\n` terminated, the last line may lack its terminator).
 *
 * Literal, case-sensitive queries run on bytes (Buffer.indexOf, i.e. memmem) and decode only the
 * matching lines. Everything else (-i, -w, --regex) runs a translated JS RegExp over the decoded
 * range; a required literal, when known, prefilters files on bytes first.
 */
import { UserError } from "../util/errors.ts";
import type { BaseSpec, LineMatch, Matcher, MatchOptions, MatchSpec } from "./types.ts";
import { LINE_BUDGET_MS, RegexTimeout, afterEmpty, byteMapper, caselessFinder, caselessLocator } from "./shared.ts";
import { RegexError, SIZE_LIMIT, escapeLiteral, literalSize, regexFlags, shown, sizeError, translateRegex, wordWrap, type Translated } from "./regex.ts";
import { MAX_LITERALS, literalAlternatives, requiredLiteralSet } from "./literals.ts";
import { decodeForRegex, shownText } from "./decode.ts";
import { multilineMatcher } from "./multiline.ts";
import { anyLiteral, caselessScan, type CaselessScan } from "./literal-scan.ts";
import { pikeProgram, pikeSearch, type Program } from "./pike.ts";

/**
 * Literals from which a prefilter set is checked in one pass (below it, memmem each costs less:
 * over CPython's 40 MB, 3 literals took 5 ms by memmem and 9 ms copied into the scanner; the two
 * met at 5-6 literals there and over 300 MB of Linux).
 */
const ANY_SCAN_MIN = 6;
/**
 * Bytes a matcher checks with memmem before it compiles the one-pass scanner: the first wasm
 * module of a thread costs ~10 ms of wall time (little CPU), more than memmem over a small tree.
 */
const ANY_SCAN_AFTER = 8 << 20;
export type { LineMatch, Matcher, MatchOptions, MatchSpec } from "./types.ts";

/** JSC's own limit on a pattern's size (rg has none of that kind for an alternation of literals). */
const TOO_LARGE_HINT = "split the patterns across several calls (-f with fewer lines each)";
function tooLarge(e: unknown): boolean {
  return /regular expression too large/.test(String((e as Error)?.message ?? e));
}

/** rg's hint wording for invalid patterns: one line, points at the literal alternative. */
const REGEX_HINT = "drop --regex to search for this text literally, or escape the special characters (e.g. \\( \\[ \\.)";

export function compileSpec(o: MatchOptions): MatchSpec {
  const spec: MatchSpec = o.multiline && o.regex ? compileMultiline(o) : compileBase(o);
  if (o.invert) spec.invert = true;
  if (o.maxCount !== undefined) spec.maxCount = o.maxCount;
  return spec;
}

function compileBase(o: MatchOptions): BaseSpec {
  if (!o.regex) {
    // rg compiles a literal too: past its size limit, rg's error (a 4 MB literal: 128 MB).
    if (literalSize(o.pattern, o.ignoreCase) > SIZE_LIMIT) {
      const e = sizeError(o.pattern);
      throw new UserError(e.message, "search for a shorter part of the text");
    }
    if (!o.ignoreCase && !o.wordRegexp && o.pattern.indexOf("\n") < 0) return { kind: "literal", needle: o.pattern };
    // rg -F with a newline means one pattern per line (an alternation).
    const parts = o.pattern.split("\n");
    let src = parts.map((p) => escapeLiteral(p, false)).join("|");
    if (o.wordRegexp) src = wordWrap(src);
    const prefilter = parts.length === 1 && !o.ignoreCase && o.pattern.length > 0 ? o.pattern : undefined;
    const prefilterCaseless = parts.length === 1 && o.ignoreCase ? caselessFragment(o.pattern) : undefined;
    const spec: BaseSpec = { kind: "regex", source: src, flags: regexFlags(src, o.ignoreCase, false), risky: false, prefilter, prefilterCaseless };
    // JSC refuses a regex past its own size (about 100,000 alternatives): an error, not an internal one.
    if (parts.length > 1000) {
      try {
        new RegExp(src, spec.flags);
      } catch (e) {
        if (!tooLarge(e)) throw e;
        throw new UserError(`${parts.length} patterns are too many for one search here (the JS regex engine's size limit; rg takes them)`, TOO_LARGE_HINT);
      }
    }
    // U+FFFD is what invalid bytes decode to: such a line has no literal bytes to find.
    if (parts.length > 1 && parts.length <= MAX_LITERALS && parts.every((q) => q.length >= 2 && !q.includes("\uFFFD"))) {
      const set = withSet(spec, parts, o.ignoreCase);
      return !o.ignoreCase && !o.wordRegexp && parts.every((q) => /^[\x20-\x7e]+$/.test(q)) ? { ...set, exactAny: true } : set;
    }
    return spec;
  }
  const t = translated(o);
  const src = checkedSource(o, t);
  const lit = requiredLiteral(o.pattern);
  const base: BaseSpec = { kind: "regex", source: src, flags: t.flags, risky: t.risky };
  // Case aside, a required literal is still required: compared caselessly on bytes.
  if (lit !== undefined) return o.ignoreCase ? { ...base, prefilterCaseless: caselessFragment(lit) } : { ...base, prefilter: lit };
  const exact = !o.ignoreCase && !o.wordRegexp ? literalAlternatives(o.pattern) : undefined;
  if (exact) return { ...base, prefilterAny: exact, exactAny: true };
  const set = requiredLiteralSet(o.pattern);
  return set ? withSet(base, set, o.ignoreCase) : base;
}

/** The pattern translated to JS (rg's syntax errors as a UserError). */
function translated(o: MatchOptions, multiline?: { dotall: boolean }): Translated {
  try {
    return translateRegex(o.pattern, o.ignoreCase, multiline, o.crlf === true, o.wordRegexp);
  } catch (e) {
    if (e instanceof RegexError) throw new UserError(`invalid regex: ${e.message}`, e.hint ?? REGEX_HINT);
    throw e;
  }
}

/** The final source (-w wrapped), checked by the JS engine itself. */
function checkedSource(o: MatchOptions, t: Translated): string {
  const src = o.wordRegexp ? wordWrap(t.source) : t.source;
  try {
    new RegExp(src, t.flags);
  } catch (e: any) {
    throw new UserError(`invalid regex: ${String(e?.message ?? e).split("\n")[0]} (in ${shown(o.pattern)})`, tooLarge(e) ? TOO_LARGE_HINT : REGEX_HINT);
  }
  return src;
}

/**
 * rg -U: a pattern that can match `\n` searches the text whole (see multiline.ts); any other
 * pattern is matched line by line, as rg does (its -c then still counts lines).
 */
function compileMultiline(o: MatchOptions): MatchSpec {
  const t = translated(o, { dotall: o.dotall ?? false });
  if (!t.whole) return compileBase(o);
  // A nested repetition over a whole file has no line to bound its backtracking.
  if (t.risky)
    throw new UserError(`-U with nested repetition (${JSON.stringify(o.pattern)}) is not supported: backtracking over a whole file has no bound`, "simplify nested repetition such as (a+)+ or (a|aa)*, or drop -U to match line by line");
  // rg's automaton is linear; a backtracking engine retrying `.*` from every start over a whole
  // file is quadratic (7.5 MB with `a[^b]*c`: over 10 minutes).
  if (t.unbounded !== undefined)
    throw new UserError(`-U with ${t.unbounded} (matches newlines and text, without a bound) is not supported: its cost would grow with the file's size squared`, `bound the repetition, e.g. ${boundedHint(t.unbounded)}, or use \\s* / \\n between the parts`);
  const src = checkedSource(o, t);
  const lit = requiredLiteral(o.pattern);
  const spec: MatchSpec = { kind: "regex", source: src, flags: t.flags, risky: false, multiline: true };
  if (lit !== undefined && !lit.includes("\n")) return o.ignoreCase ? { ...spec, prefilterCaseless: caselessFragment(lit) } : { ...spec, prefilter: lit };
  return spec;
}

/** `X*` -> `X{0,1000}?`-style advice: the same atom with a bound (lazy when it was lazy). */
function boundedHint(rep: string): string {
  const m = /^(.*?)(\*|\+|\{(\d+),\})(\??)$/s.exec(rep);
  if (!m) return "{0,1000}";
  const lo = m[2] === "+" ? "1" : m[2] === "*" ? "0" : m[3];
  return `${m[1]}{${lo},1000}${m[4]}`;
}

/** Adds a one-of-these-literals prefilter; under -i, only when every literal keeps a caseless fragment. */
function withSet(spec: BaseSpec & { kind: "regex" }, set: string[], ignoreCase: boolean): BaseSpec {
  if (!ignoreCase) return { ...spec, prefilterAny: set };
  const frags: string[] = [];
  for (const s of set) {
    const f = caselessFragment(s);
    if (f === undefined) return spec;
    frags.push(f);
  }
  return { ...spec, prefilterAnyCaseless: frags };
}

/**
 * A literal every match must contain, when the pattern is plainly `literal + rest` (no
 * alternation, no flags): lets files without it be skipped on bytes. Conservative on purpose.
 */
function requiredLiteral(p: string): string | undefined {
  if (p.includes("|") || /\(\?(?!:|P<)/.test(p)) return undefined;
  let best = "";
  let cur = "";
  let depth = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === "\\") {
      const n = p[i + 1] ?? "";
      if (/[.+*?()|[\]{}^$\\\-#&~ ]/.test(n) && depth === 0) {
        cur += n;
        i++;
        continue;
      }
      if (/[xpPuU]/.test(n)) return undefined; // multi-char escapes: not worth parsing here
      if (cur.length > best.length) best = cur;
      cur = "";
      i++;
      continue;
    }
    if (c === "(") depth++;
    if (c === ")") depth--;
    // A counted repetition's digits (`{20,}`) are not text: skip them (the run ends here).
    const counted = c === "{" ? /^\{\s*\d+\s*(,\s*\d*\s*)?\}/.exec(p.slice(i)) : null;
    if (counted) {
      if (cur.length > best.length) best = cur;
      cur = "";
      i += counted[0].length - 1;
      continue;
    }
    if (depth === 0 && /[A-Za-z0-9_\-:;,'"<>=!@%/ ]/.test(c)) {
      // A quantifier after this char makes it optional: drop it.
      const q = p[i + 1];
      if (q === "*" || q === "?" || q === "{") {
        if (cur.length > best.length) best = cur;
        cur = "";
        continue;
      }
      cur += c;
      if (q === "+") {
        if (cur.length > best.length) best = cur;
        cur = "";
      }
      continue;
    }
    if (c === "[") {
      const close = p.indexOf("]", i + 2);
      const body = close > 0 ? p.slice(i + 1, close) : "";
      if (close < 0 || body.includes("\\") || body.includes("[")) return undefined;
      i = close;
    }
    if (cur.length > best.length) best = cur;
    cur = "";
  }
  if (cur.length > best.length) best = cur;
  return best.length >= 3 ? best : undefined;
}

/**
 * For -i literals: the longest ASCII run that no non-ASCII character can match under Unicode
 * simple case folding (K KELVIN SIGN folds to k, LONG S to s, so k and s end a run). Files
 * without it, compared ASCII-caselessly on their raw bytes, cannot match.
 */
function caselessFragment(p: string): string | undefined {
  let best = "";
  for (const run of p.split(/[^\x20-\x7e]|[kKsS]/)) if (run.length > best.length) best = run;
  return best.length >= 3 ? best : undefined;
}


export function compileMatcher(o: MatchOptions): Matcher {
  return fromSpec(compileSpec(o));
}

export function fromSpec(spec: MatchSpec): Matcher {
  const m = baseMatcher(spec);
  return spec.invert ? inverted(m) : m;
}

/**
 * rg -v: every line the matcher does not report, whole (no spans; column 1). Counting needs no
 * decoding: the range's lines minus the matching ones.
 */
function inverted(m: Matcher): Matcher {
  return {
    spec: m.spec,
    // A multi-line matcher counts matches, not lines (rg -U -c): count the lines it touches.
    count: (buf, start, end) => everyLineCount(buf.subarray(0, end), start, end) - (m.spec.multiline ? m.scan(buf, start, end, false).length : m.count(buf, start, end)),
    scan(buf, start, end, firstOnly) {
      const hit = m.scan(buf, start, end, false);
      const view = buf.subarray(0, end);
      const out: LineMatch[] = [];
      let k = 0;
      let ls = start;
      for (let line = 1; ls < end; line++) {
        let le = view.indexOf(10, ls);
        if (le < 0) le = end;
        while (k < hit.length && hit[k]!.line < line) k++;
        if (k >= hit.length || hit[k]!.line !== line) {
          out.push({ line, column: 1, byteOffset: ls, text: lineText(view, ls, le), spans: [] });
          if (firstOnly) break;
        }
        ls = le + 1;
      }
      return out;
    },
  };
}

function baseMatcher(spec: MatchSpec): Matcher {
  if (spec.kind === "regex" && spec.multiline) return multilineMatcher(spec, new RegExp(spec.source, spec.flags + "g"));
  if (spec.kind === "literal") {
    const needle = Buffer.from(spec.needle, "utf8");
    return { spec, scan: (b, s, e, f) => scanLiteral(b, s, e, needle, f), count: (b, s, e) => countLiteral(b, s, e, needle) };
  }
  const re = new RegExp(spec.source, spec.flags + "g");
  // A pattern that can repeat without bound runs on long lines in the linear VM (pike.ts).
  const vm = pikeProgram(spec.source, spec.flags);
  const pre = spec.prefilter ? Buffer.from(spec.prefilter, "utf8") : undefined;
  const preI = spec.prefilterCaseless ? caselessFinder(spec.prefilterCaseless) : undefined;
  const any = spec.prefilterAny?.map((s) => Buffer.from(s, "utf8"));
  // ANY_SCAN_MIN or more literals: one pass for all of them (literal-scan.ts) beats memmem per literal,
  // once the search has seen enough bytes to pay for compiling it (a small tree never does).
  let anyOne: ((buf: Buffer, start: number, end: number) => boolean) | null | undefined = any && any.length >= ANY_SCAN_MIN ? undefined : null;
  let anyBytes = 0;
  const holdsAny = (buf: Buffer, start: number, end: number): boolean => {
    if (anyOne === undefined && (anyBytes += end - start) > ANY_SCAN_AFTER) anyOne = anyLiteral(any!) ?? null;
    if (anyOne) return anyOne(buf, start, end);
    // One view for all literals (none when the range ends the buffer): a view per literal per
    // file was a third of the allocations that pushed a CPython alternation grep past JSC's
    // first 8 MB GC budget (docs/perf-warm-grep-notes.md).
    const view = end === buf.length ? buf : buf.subarray(0, end);
    for (const b of any!) if (view.indexOf(b, start) >= 0) return true;
    return false;
  };
  // Plain literal alternatives: the byte prefilter alone settles whether a range matches.
  const exact = spec.exactAny && any ? any : undefined;
  const caseless = spec.prefilterAnyCaseless ?? (spec.prefilterCaseless !== undefined ? [spec.prefilterCaseless] : undefined);
  // Caseless fragments: the regex runs only on the lines holding one (see scanLocated), found in
  // one pass for all of them. A set is not checked first: the locator is that check.
  // Once the search has seen ANY_SCAN_AFTER bytes, the fragments are found by the one-pass
  // scanner (literal-scan.ts caselessScan, files read straight into its memory: `into`) instead of
  // a Latin-1 decode and a caseless regex: over the Linux tree, `-l -i -F -e page -e reclaim`
  // spent more CPU there than in reading the files.
  const slow = caseless && !spec.risky ? caselessLocator(caseless) : undefined;
  let fast: CaselessScan | null | undefined = slow ? undefined : null;
  let seen = 0;
  const locate = slow && ((buf: Buffer, start: number, end: number) => {
    if (fast === undefined && (seen += end - start) > ANY_SCAN_AFTER) fast = caselessScan(caseless!) ?? null;
    return fast ? fast.locate(buf, start, end) : slow(buf, start, end);
  });
  const anyI = !locate ? spec.prefilterAnyCaseless?.map(caselessFinder) : undefined;
  // The byte prefilters: false when no line of buf[start, end) can match.
  const possible = (buf: Buffer, start: number, end: number): boolean => {
    if (pre && buf.subarray(0, end).indexOf(pre, start) < 0) return false;
    // The scanner is that check already, in one pass (preI is up to 8 memmem passes).
    if (preI && !fast && !preI(buf, start, end)) return false;
    if (any && !holdsAny(buf, start, end)) return false;
    if (anyI && !anyI.some((f) => f(buf, start, end))) return false;
    return true;
  };
  const scan = (buf: Buffer, start: number, end: number, firstOnly: boolean): LineMatch[] => {
    if (!possible(buf, start, end)) return [];
    if (locate) return scanLocated(buf.subarray(0, end), start, end, re, vm, locate(buf, start, end), firstOnly);
    if (any && !spec.risky) return scanHitLines(buf.subarray(0, end), start, end, re, vm, any, firstOnly);
    return spec.risky ? scanRegexByLine(buf, start, end, re, vm, firstOnly) : scanRegex(buf, start, end, re, vm, firstOnly);
  };
  const m: Matcher = {
    spec,
    scan,
    count(buf, start, end) {
      if (!possible(buf, start, end)) return 0;
      if (exact) return countHoldingLines(buf.subarray(0, end), start, end, exact);
      if (any || locate || spec.risky) return scan(buf, start, end, false).length;
      return countRegex(buf, start, end, re, vm);
    },
  };
  if (exact) m.any = possible;
  if (locate) m.into = () => fast?.data();
  if (locate) {
    // Files-with-matches: the forms a word is usually written in (page, Page, PAGE) are found
    // with memmem, no decoding; a line holding one that matches settles it. Only a file without
    // such a line is decoded and searched for every case form.
    const common = [...new Set(caseless!.flatMap(commonForms))].map((f) => Buffer.from(f, "latin1"));
    m.any = (buf, start, end) => {
      if (!possible(buf, start, end)) return false;
      const view = buf.subarray(0, end);
      // The scanner finds the first line holding a fragment in one pass: cheaper than a memmem per form.
      if (fast) return scanLocated(view, start, end, re, vm, locate!(buf, start, end), true).length !== 0;
      for (const f of common) {
        const h = view.indexOf(f, start);
        if (h < 0) continue;
        const ls = h === start ? start : Math.max(start, view.lastIndexOf(10, h - 1) + 1);
        let le = view.indexOf(10, h);
        if (le < 0) le = end;
        if (scanRegex(view, ls, le, re, vm, true, true).length !== 0) return true;
      }
      return scanLocated(view, start, end, re, vm, locate(buf, start, end), true).length !== 0;
    };
  }
  // Files-with-matches (-l, -q, --files-without-match) asks only whether a line matches: a long
  // line's VM search stops at its first match (every span was quadratic, as for count).
  if (!m.any && !any && !spec.risky) m.any = (buf, start, end) => possible(buf, start, end) && scanRegex(buf, start, end, re, vm, true, false, true).length !== 0;
  return m;
}

/** Counts `\n` in buf[a, b). */
export function countNewlines(buf: Buffer, a: number, b: number): number {
  let n = 0;
  let p = a;
  for (;;) {
    p = buf.indexOf(10, p);
    if (p < 0 || p >= b) return n;
    n++;
    p++;
  }
}

export function lineText(buf: Buffer, ls: number, le: number): string {
  if (le > ls && buf[le - 1] === 13) le--;
  return buf.toString("utf8", ls, le);
}

/** UTF-16 length of the decoded bytes buf[a, b) (the bytes are inside one line). */
function u16(buf: Buffer, a: number, b: number): number {
  for (let k = a; k < b; k++) if (buf[k] >= 0x80) return buf.toString("utf8", a, b).length;
  return b - a;
}

function scanLiteral(buf: Buffer, start: number, end: number, needle: Buffer, firstOnly: boolean): LineMatch[] {
  const out: LineMatch[] = [];
  const view = buf.subarray(0, end);
  if (needle.length === 0) return everyLine(view, start, end, firstOnly);
  let pos = start;
  let line = 1;
  let counted = start;
  for (;;) {
    const hit = view.indexOf(needle, pos);
    if (hit < 0) break;
    const ls = hit === start ? start : Math.max(start, view.lastIndexOf(10, hit - 1) + 1);
    let le = view.indexOf(10, hit);
    if (le < 0) le = end;
    line += countNewlines(view, counted, ls);
    counted = ls;
    const text = lineText(view, ls, le);
    const spans: Array<[number, number]> = [];
    // A needle may contain "\r" and end past the trimmed text: clamp spans to the text.
    // UTF-16 offsets advance from the previous hit, never from the line start: a minified line
    // holds thousands of hits, and counting from its start each time grew with hits x length.
    const nlen = u16(view, hit, hit + needle.length);
    let at = ls;
    let a = 0;
    for (let h = hit; h >= 0 && h + needle.length <= le; h = view.indexOf(needle, h + needle.length)) {
      a += u16(view, at, h);
      at = h;
      spans.push([a, Math.min(text.length, a + nlen)]);
      if (h + needle.length >= le) break;
    }
    out.push({ line, column: hit - ls + 1, byteOffset: ls, text, spans });
    if (firstOnly) break;
    pos = le + 1;
    if (pos >= end) break;
  }
  return out;
}

/** scanLiteral's line count, without decoding: one count per line holding the needle. */
function countLiteral(buf: Buffer, start: number, end: number, needle: Buffer): number {
  const view = buf.subarray(0, end);
  if (needle.length === 0) return everyLineCount(view, start, end);
  let n = 0;
  for (let hit = view.indexOf(needle, start); hit >= 0; ) {
    n++;
    const le = view.indexOf(10, hit);
    if (le < 0 || le + 1 >= end) break;
    hit = view.indexOf(needle, le + 1);
  }
  return n;
}

export function everyLineCount(view: Buffer, start: number, end: number): number {
  if (end <= start) return 0;
  return countNewlines(view, start, end) + (view[end - 1] === 10 ? 0 : 1);
}

function everyLine(view: Buffer, start: number, end: number, firstOnly: boolean): LineMatch[] {
  const out: LineMatch[] = [];
  let ls = start;
  let line = 1;
  while (ls < end) {
    let le = view.indexOf(10, ls);
    if (le < 0) le = end;
    out.push({ line, column: 1, byteOffset: ls, text: lineText(view, ls, le), spans: [[0, 0]] });
    if (firstOnly) break;
    ls = le + 1;
    line++;
  }
  return out;
}


function scanRegex(buf: Buffer, start: number, end: number, re: RegExp, vm: Program | undefined, firstOnly: boolean, oneLine = false, linesOnly = false): LineMatch[] {
  if (vm && end - start > LONG_LINE && firstLongLine(buf, start, end) >= 0) return scanAroundLong(buf, start, end, re, vm, firstOnly, oneLine, linesOnly);
  const out: LineMatch[] = [];
  const dec = decodeForRegex(buf, start, end);
  const text = dec.text;
  const offs = dec.offsets;
  const toByte = offs ? (i: number) => start + offs[i]! : byteMapper(text, start, end);
  const phantom = text.length === 0 || text.charCodeAt(text.length - 1) === 10 ? text.length : -1;
  let line = 1;
  let counted = 0;
  re.lastIndex = 0;
  for (;;) {
    const m = re.exec(text);
    if (!m) break;
    const i = m.index;
    if (i === phantom) break; // empty match after the final newline: no such line in rg
    // i === 0: lastIndexOf's fromIndex -1 is read as 0, and would find a newline at 0.
    const ls = i === 0 ? 0 : text.lastIndexOf("\n", i - 1) + 1;
    let le = text.indexOf("\n", i);
    if (le < 0) le = text.length;
    for (let p = text.indexOf("\n", counted); p >= 0 && p < ls; p = text.indexOf("\n", p + 1)) line++;
    counted = ls;
    const te = le > ls && text.charCodeAt(le - 1) === 13 ? le - 1 : le;
    const lt = offs ? shownText(text.slice(ls, te)) : text.slice(ls, te);
    const spans: Array<[number, number]> = [];
    const raw: Array<[number, number]> | undefined = te < le ? [] : undefined;
    let past = false;
    let mm: RegExpExecArray | null = m;
    while (mm && mm.index <= le) {
      const a = mm.index - ls;
      const b = a + mm[0].length;
      spans.push([Math.min(a, lt.length), Math.min(b, lt.length)]);
      if (raw) {
        raw.push([a, b]);
        if (b > lt.length) past = true;
      }
      if (mm[0].length === 0) re.lastIndex = afterEmpty(text, mm.index);
      if (re.lastIndex > le) break;
      mm = re.exec(text);
    }
    const lsB = toByte(ls);
    const lm: LineMatch = { line, column: toByte(i) - lsB + 1, byteOffset: lsB, text: lt, spans };
    // No `\n` after the line: the range (whole lines) ends at the file's end; a range of one
    // line without its terminator (`oneLine`, buf cut at the range's end) has a `\n` after it.
    if (le === text.length && (!oneLine || end >= buf.length || buf[end] !== 10)) lm.openEnd = true;
    if (raw && (past || lm.openEnd)) lm.rawSpans = raw;
    out.push(lm);
    if (firstOnly || le >= text.length) break;
    re.lastIndex = le + 1;
  }
  return out;
}

/**
 * scanRegex's line count: the same walk over the decoded text, with `test` instead of `exec`
 * (no match object per line: 7.6M matching lines of Linux cost 17 s with exec). A match never
 * spans a line, so the line of a match ending at `end` ends at the first `\n` from `end`; one
 * ending at the phantom position past a final newline is an empty match there (not a line).
 */
function countRegex(buf: Buffer, start: number, end: number, re: RegExp, vm: Program | undefined): number {
  if (vm && end - start > LONG_LINE && firstLongLine(buf, start, end) >= 0) return scanAroundLong(buf, start, end, re, vm, false, false, true).length;
  const text = decodeForRegex(buf, start, end).text;
  const phantom = text.length === 0 || text.charCodeAt(text.length - 1) === 10 ? text.length : -1;
  let n = 0;
  re.lastIndex = 0;
  while (re.test(text)) {
    const e = re.lastIndex;
    if (e === phantom) break;
    n++;
    const le = text.indexOf("\n", e);
    if (le < 0) break;
    re.lastIndex = le + 1;
  }
  return n;
}

/**
 * For a literal-set prefilter: every match contains one of `lits` and no match crosses a line
 * (the translated `.`, classes and anchors never consume or look past one `\n`), so the regex runs
 * only on the lines holding a literal instead of the whole decoded file. Each line is scanned as
 * its own range, where `^`, `$`, `\b` and -w's lookarounds see a line edge either way.
 */
function scanHitLines(view: Buffer, start: number, end: number, re: RegExp, vm: Program | undefined, lits: Buffer[], firstOnly: boolean): LineMatch[] {
  const starts: number[] = [];
  for (const lit of lits) {
    for (let h = view.indexOf(lit, start); h >= 0; ) {
      const ls = h === start ? start : Math.max(start, view.lastIndexOf(10, h - 1) + 1);
      starts.push(ls);
      const le = view.indexOf(10, h);
      if (le < 0) break;
      h = view.indexOf(lit, le + 1);
    }
  }
  starts.sort((a, b) => a - b);
  const out: LineMatch[] = [];
  let line = 1;
  let counted = start;
  let prev = -1;
  for (const ls of starts) {
    if (ls === prev) continue;
    prev = ls;
    let le = view.indexOf(10, ls);
    if (le < 0) le = end;
    const m = scanRegex(view, ls, le, re, vm, true, true);
    if (m.length === 0) continue;
    line += countNewlines(view, counted, ls);
    counted = ls;
    m[0]!.line = line;
    out.push(m[0]!);
    if (firstOnly) break;
  }
  return out;
}

/**
 * Lines of view[start, end) holding one of `lits` (literals without `\n`): the line count of a
 * pattern that is exactly their alternation. Each literal's next hit is kept; the nearest one
 * counts its line, and only the literals whose hit fell on that line search again past it.
 */
function countHoldingLines(view: Buffer, start: number, end: number, lits: Buffer[]): number {
  const next = lits.map((l) => view.indexOf(l, start));
  let n = 0;
  for (;;) {
    let h = -1;
    for (const x of next) if (x >= 0 && (h < 0 || x < h)) h = x;
    if (h < 0) return n;
    n++;
    const le = view.indexOf(10, h);
    if (le < 0 || le + 1 >= end) return n;
    for (let k = 0; k < next.length; k++) if (next[k]! >= 0 && next[k]! < le) next[k] = view.indexOf(lits[k]!, le + 1);
  }
}

/** A fragment as usually written: lower case, capitalized, upper case. */
function commonForms(f: string): string[] {
  const lower = f.toLowerCase();
  const i = lower.search(/[a-z]/);
  return i < 0 ? [f] : [lower, lower.slice(0, i) + lower[i]!.toUpperCase() + lower.slice(i + 1), f.toUpperCase()];
}

/**
 * scanHitLines for caseless fragments: `next` (caselessLocator) gives the next line holding one,
 * and the regex runs on that line alone (the same reasoning: no match crosses a line).
 */
function scanLocated(view: Buffer, start: number, end: number, re: RegExp, vm: Program | undefined, next: (from: number) => number, firstOnly: boolean): LineMatch[] {
  const out: LineMatch[] = [];
  let line = 1;
  let counted = start;
  for (let p = next(start); p >= 0; ) {
    const ls = p === start ? start : Math.max(start, view.lastIndexOf(10, p - 1) + 1);
    let le = view.indexOf(10, p);
    if (le < 0) le = end;
    const m = scanRegex(view, ls, le, re, vm, true, true);
    if (m.length !== 0) {
      line += countNewlines(view, counted, ls);
      counted = ls;
      m[0]!.line = line;
      out.push(m[0]!);
      if (firstOnly) break;
    }
    if (le + 1 >= end) break;
    p = next(le + 1);
  }
  return out;
}

/** Line-at-a-time with a time budget per line: for patterns that can backtrack exponentially. */
function scanRegexByLine(buf: Buffer, start: number, end: number, re: RegExp, vm: Program | undefined, firstOnly: boolean): LineMatch[] {
  const out: LineMatch[] = [];
  const view = buf.subarray(0, end);
  let ls = start;
  let line = 1;
  while (ls < end) {
    let le = view.indexOf(10, ls);
    if (le < 0) le = end;
    if (vm && le - ls > LONG_LINE) {
      const m = vmLine(view, ls, le, vm, false); // as below: this path reports no open end
      if (m) {
        m.line = line;
        out.push(m);
        if (firstOnly) break;
      }
      ls = le + 1;
      line++;
      continue;
    }
    // Match the raw line (a trailing \r included: rg's `$` does not match before it), show it trimmed.
    const dec = decodeForRegex(view, ls, le);
    const raw = dec.text;
    const trimmed = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const text = dec.offsets ? shownText(trimmed) : trimmed;
    re.lastIndex = 0;
    const t0 = performance.now();
    let m = re.exec(raw);
    if (!m && performance.now() - t0 > LINE_BUDGET_MS) {
      // Once more, so a scheduler stall on a loaded machine is not mistaken for a blow-up.
      const t1 = performance.now();
      re.lastIndex = 0;
      m = re.exec(raw);
      if (!m && performance.now() - t1 > LINE_BUDGET_MS)
        throw new RegexTimeout(`regex gave up on line ${line} (${text.length} chars): catastrophic backtracking`);
    }
    if (m) {
      const spans: Array<[number, number]> = [];
      const col = (dec.offsets ? dec.offsets[m.index]! : Buffer.byteLength(raw.slice(0, m.index), "utf8")) + 1;
      while (m) {
        spans.push([Math.min(m.index, text.length), Math.min(m.index + m[0].length, text.length)]);
        if (m[0].length === 0) re.lastIndex = afterEmpty(raw, m.index);
        if (re.lastIndex > raw.length) break;
        m = re.exec(raw);
      }
      out.push({ line, column: col, byteOffset: ls, text, spans });
      if (firstOnly) break;
    }
    ls = le + 1;
    line++;
  }
  return out;
}

/**
 * Lines longer than this (in bytes) are matched by the linear VM (pike.ts) when the pattern can
 * repeat without bound: JSC's backtracking costs up to a line's length squared, so a line of this
 * length costs at most ~LONG_LINE steps per character there, where the VM costs the pattern's size.
 */
export const LONG_LINE = 4096;

/**
 * Start of the first line of buf[start, end) longer than LONG_LINE bytes, or -1. Looks back from
 * LONG_LINE past each line start it reaches for the last `\n`: about one line's bytes read per
 * LONG_LINE of text, where finding every line end reads them all.
 */
export function firstLongLine(buf: Buffer, start: number, end: number): number {
  const view = buf.subarray(0, end);
  for (let p = start; p + LONG_LINE < end; ) {
    const nl = view.lastIndexOf(10, p + LONG_LINE);
    if (nl < p) return p;
    p = nl + 1;
  }
  return -1;
}

/** Lines matched in the VM (tests read it to see which strategy ran). */
export const longLineStats = { lines: 0 };

/**
 * scanRegex for a range holding long lines: the runs of short lines go to JSC as before, each
 * long line to the VM.
 */
function scanAroundLong(buf: Buffer, start: number, end: number, re: RegExp, vm: Program, firstOnly: boolean, oneLine: boolean, linesOnly = false): LineMatch[] {
  const view = buf.subarray(0, end);
  const out: LineMatch[] = [];
  let line = 1;
  for (let pos = start; pos < end; ) {
    const ll = firstLongLine(view, pos, end);
    const stop = ll < 0 ? end : ll;
    if (stop > pos) {
      for (const m of scanRegex(view, pos, stop, re, undefined, firstOnly, ll < 0 && oneLine)) {
        m.line += line - 1;
        out.push(m);
        if (firstOnly) return out;
      }
      if (ll < 0) break;
      line += countNewlines(view, pos, stop);
    }
    let le = view.indexOf(10, ll);
    if (le < 0) le = end;
    const m = vmLine(view, ll, le, vm, le === end && (!oneLine || end >= buf.length || buf[end] !== 10), linesOnly);
    if (m) {
      m.line = line;
      out.push(m);
      if (firstOnly) return out;
    }
    line++;
    pos = le + 1;
  }
  return out;
}

/**
 * The line buf[ls, le) matched in the VM: every match's span, as scanRegex reports them.
 * `firstSpan` (a line count): the first match only. Each VM search is linear in the line, so
 * every span of a pattern matching at each position (`\S+$|a*` on 70 KB without a space) is
 * quadratic: -c took minutes where rg -c, which only asks whether the line matches, is instant.
 */
function vmLine(buf: Buffer, ls: number, le: number, vm: Program, openEnd: boolean, firstSpan = false): LineMatch | null {
  longLineStats.lines++;
  const dec = decodeForRegex(buf, ls, le);
  const text = dec.text;
  let r = pikeSearch(vm, text, 0, text.length);
  if (!r) return null;
  const te = text.length > 0 && text.charCodeAt(text.length - 1) === 13 ? text.length - 1 : text.length;
  const lt = dec.offsets ? shownText(text.slice(0, te)) : text.slice(0, te);
  const first = r[0];
  const spans: Array<[number, number]> = [];
  const raw: Array<[number, number]> | undefined = te < text.length ? [] : undefined;
  let past = false;
  while (r) {
    spans.push([Math.min(r[0], lt.length), Math.min(r[1], lt.length)]);
    if (raw) {
      raw.push([r[0], r[1]]);
      if (r[1] > lt.length) past = true;
    }
    if (firstSpan) break;
    const next = r[1] === r[0] ? afterEmpty(text, r[1]) : r[1];
    if (next > text.length) break;
    r = pikeSearch(vm, text, next, text.length);
  }
  const col = (dec.offsets ? dec.offsets[first]! : Buffer.byteLength(text.slice(0, first), "utf8")) + 1;
  const m: LineMatch = { line: 1, column: col, byteOffset: ls, text: lt, spans };
  if (openEnd) m.openEnd = true;
  if (raw && (past || openEnd)) m.rawSpans = raw;
  return m;
}
