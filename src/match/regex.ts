/**
 * Translates rg's regex syntax (Rust `regex` crate, as ripgrep 13 accepts it) into a JS RegExp
 * (`v` flag) with the same matches, line by line:
 * - `\w \d \s \b` are Unicode-aware as in Rust (JS's are ASCII), `.` and every class exclude `\n`
 *   (rg strips the line terminator from the pattern), `^ $ \A \z` are line anchors (rg searches
 *   line by line, so `\A`/`\z` behave like `^`/`$`).
 * - Inline flags `(?i)`, `(?i:...)`, `(?-i)`, `x` (verbose), `U` (swap greed), `s`, `m`, `u`.
 * - What rg rejects (look-around, backreferences, a literal `\n`, unknown escapes) throws
 *   RegexError with a one-line reason.
 * With rg -U (`multiline`), the text is searched whole: `\n` may be written and matched, classes,
 * `\s`, `\W`, `\D` and `\P{..}` include it, `.` does too under `(?s)` (or --multiline-dotall),
 * `^`/`$` stay line anchors unless `(?-m)`, and `\A`/`\z` are the file's start and end.
 */

import { INVALID_ESC } from "./decode.ts";

export class RegexError extends Error {
  constructor(message: string, readonly hint?: string) {
    super(message);
  }
}

/**
 * rg 13's limits on a pattern (the Rust regex crate's defaults, which rg keeps): an AST deeper
 * than 250 (groups, classes, repetitions, concatenations and alternations each count a level),
 * and a compiled program over 100 MiB. Past either, rg exits 2 with an error; a backtracking
 * engine would instead take the pattern and run out of stack, time or memory.
 */
export const NEST_LIMIT = 250;

/**
 * rg 13 parses a pattern (the AST, checked against NEST_LIMIT), translates it to HIR, then
 * compiles the HIR's printed form, whose AST the same limit checks again; under -w it prints and
 * parses twice more, inside `(?:(?m:^)|\W)(X)(?:(?m:$)|\W)` (2 levels). The printed form differs
 * from the pattern: a flag setter `(?i)` is gone (so is the concatenation it made), a class is
 * `[x-y]` when one range (1 level) and `[...]` of several ranges otherwise (2: a bracket and a
 * union), so is a case-folded letter (`[Aa]`), `.`, `\w`, `\d`, `\pL`, and a line anchor `^`/`$`
 * prints as `(?m:^)`, a group that each later print wraps once more (`(?:(?m:^))`).
 * `Depth` is that printed depth: `h1` after one print, `h2` after two (where anchors count 2).
 * Measured against rg 13 on 246-250 groups around each kind of atom, with and without -i, -w.
 */
interface Depth {
  h1: number;
  h2: number;
}
const FLAT: Depth = { h1: 0, h2: 0 };
const CLASS1: Depth = { h1: 1, h2: 1 };
const CLASS2: Depth = { h1: 2, h2: 2 };
const ANCHOR: Depth = { h1: 1, h2: 2 };
const deeper = (d: Depth, n = 1): Depth => ({ h1: d.h1 + n, h2: d.h2 + n });
const deepest = (a: Depth, b: Depth): Depth => ({ h1: Math.max(a.h1, b.h1), h2: Math.max(a.h2, b.h2) });

/**
 * The code points of a class of plain members, as rg's HIR has them: case-folded under -i,
 * complemented when negated, without `\n` unless -U. `wide`: a wide range was not folded.
 */
function classSet(ranges: [number, number][], neg: boolean, ignoreCase: boolean, dropNl: boolean): { set: [number, number][]; wide: boolean } {
  let rs = ranges;
  let wide = false;
  if (ignoreCase) {
    rs = [...ranges];
    for (const [lo, hi] of ranges) {
      if (hi - lo > 512) {
        wide ||= lo > 0 || hi < 0x10ffff;
        continue;
      }
      for (let c = lo; c <= hi; c++) for (const v of caseVariants(c)) if (v < lo || v > hi) rs.push([v, v]);
    }
  }
  let set: [number, number][] = [];
  for (const [lo, hi] of [...rs].sort((a, b) => a[0] - b[0])) {
    const last = set[set.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else set.push([lo, hi]);
  }
  if (neg) {
    const out: [number, number][] = [];
    let next = 0;
    for (const [lo, hi] of set) {
      if (lo > next) out.push([next, lo - 1]);
      next = hi + 1;
    }
    if (next <= 0x10ffff) out.push([next, 0x10ffff]);
    set = out;
  }
  if (dropNl) set = set.flatMap(([lo, hi]): [number, number][] => (lo <= 10 && hi >= 10 ? ([[lo, 9], [11, hi]] as [number, number][]).filter(([a, b]) => a <= b) : [[lo, hi]]));
  return { set, wide };
}

/** A class's printed depth: one range is a bracket (1 level), several a bracket and a union (2). */
function rangesDepth(ranges: [number, number][], neg: boolean, ignoreCase: boolean, dropNl: boolean): Depth {
  const { set, wide } = classSet(ranges, neg, ignoreCase, dropNl);
  return set.length === 1 && !wide ? CLASS1 : CLASS2;
}
export const SIZE_LIMIT = 100 << 20;
const NEST_ERROR = `exceed the maximum number of nested parentheses/brackets (${NEST_LIMIT})`;
const NEST_HINT = `flatten the pattern to at most ${NEST_LIMIT} levels: drop groups around a single atom, e.g. ((a)) -> a`;
const SIZE_HINT = "use a smaller counted repetition (a{1000} rather than a{99999999}), or + / * for a run of any length";
/**
 * Estimated bytes of rg's compiled program, per atom (one instruction is 32 bytes; a Unicode
 * class compiles to its UTF-8 byte sequences). Measured with rg 13 by bisecting `X{N}` to the
 * largest N it accepts: e.g. `\w{884}` passes, `\w{890}` exceeds the limit.
 */
const INST = 32;
const CLASS_SIZE: Record<string, number> = { w: 118617, W: 108773, d: 6704, D: 19548, s: 1091, S: 2533, ".": 1184 };
const ASCII_CLASS_SIZE: Record<string, number> = { w: 224, W: 128, d: 40, D: 128, s: 96, S: 128, ".": 96 };
const PROP_SIZE: Record<string, number> = { L: 99485, N: 17951, "Script=Greek": 4886, "Script=Han": 5337 };
/** A Unicode property not measured above: a middling script's size. */
const PROP_DEFAULT = 8000;

/** Pattern text in an error message (util/errors.ts cuts a long one to its ends). */
export function shown(p: string): string {
  return JSON.stringify(p);
}

/** UTF-8 byte sequences of the code points lo..hi (the regex crate's utf8 ranges): calls out(length) per sequence. */
function utf8Sequences(lo: number, hi: number, out: (n: number) => void): void {
  if (lo < 0xd800 && hi > 0xdfff) {
    utf8Sequences(lo, 0xd7ff, out);
    utf8Sequences(0xe000, hi, out);
    return;
  }
  if (lo >= 0xd800 && lo <= 0xdfff) lo = 0xe000;
  if (hi >= 0xd800 && hi <= 0xdfff) hi = 0xd7ff;
  if (lo > hi) return;
  for (const b of [0x7f, 0x7ff, 0xffff]) {
    if (lo <= b && hi > b) {
      utf8Sequences(lo, b, out);
      utf8Sequences(b + 1, hi, out);
      return;
    }
  }
  const n = hi <= 0x7f ? 1 : hi <= 0x7ff ? 2 : hi <= 0xffff ? 3 : 4;
  for (let i = 1; i < n; i++) {
    const m = (1 << (6 * i)) - 1;
    if ((lo & ~m) === (hi & ~m)) continue;
    if ((lo & m) !== 0) {
      utf8Sequences(lo, lo | m, out);
      utf8Sequences((lo | m) + 1, hi, out);
      return;
    }
    if ((hi & m) !== m) {
      utf8Sequences(lo, (hi & ~m) - 1, out);
      utf8Sequences(hi & ~m, hi, out);
      return;
    }
  }
  out(n);
}

let allCps: string | undefined;
/** Every scalar value once (surrogates aside), to test whether a class matches anything. */
function everyCodePoint(): string {
  if (allCps !== undefined) return allCps;
  const parts: string[] = [];
  for (let c = 0; c <= 0x10ffff; c += 0x1000) {
    const cps: number[] = [];
    for (let d = c; d < c + 0x1000; d++) if (d < 0xd800 || d > 0xdfff) cps.push(d);
    parts.push(String.fromCodePoint(...cps));
  }
  return (allCps = parts.join(""));
}

/** Case variants of a code point under -i (simple folding, with K/k/KELVIN SIGN and s/S/LONG S). */
function caseVariants(c: number): number[] {
  const ch = String.fromCodePoint(c);
  const set = new Set([c, ch.toLowerCase().codePointAt(0)!, ch.toUpperCase().codePointAt(0)!]);
  if (set.has(0x6b)) set.add(0x212a);
  if (set.has(0x73)) set.add(0x17f);
  return [...set].filter((x) => String.fromCodePoint(x).length <= 2);
}

/** A literal's printed depth under -i: itself, or the class of its case variants. */
function literalDepth(c: number): Depth {
  const vs = caseVariants(c);
  return vs.length > 1 ? rangesDepth(vs.map((v) => [v, v]), false, false, false) : FLAT;
}

/** Bytes of a class of these code-point ranges: the larger of the Unicode program (one instruction with its ranges) and the byte program (its UTF-8 sequences and the splits between them). */
function rangesSize(ranges: [number, number][], ignoreCase: boolean): number {
  let rs = ranges;
  if (ignoreCase) {
    rs = [...ranges];
    for (const [lo, hi] of ranges) {
      // Folding matters only for cased letters; a wide range is counted as it is.
      if (hi - lo > 256) continue;
      for (let c = lo; c <= hi; c++) for (const v of caseVariants(c)) if (v < lo || v > hi) rs.push([v, v]);
    }
  }
  const sorted = [...rs].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = merged[merged.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  if (merged.length === 0) return INST;
  let seqs = 0;
  let bytes = 0;
  for (const [lo, hi] of merged) utf8Sequences(lo, hi, (n) => {
    seqs++;
    bytes += n;
  });
  return Math.max(INST + 8 * merged.length, INST * (bytes + Math.max(0, seqs - 1)));
}

/** One literal character: an instruction per UTF-8 byte, or under -i the class of its case variants. */
function charSize(c: number, ignoreCase: boolean): number {
  const vs = ignoreCase ? caseVariants(c) : [c];
  return vs.length > 1 ? rangesSize(vs.map((v) => [v, v]), false) : INST * Buffer.byteLength(String.fromCodePoint(c));
}

/** A quantifier (as quantifier() writes it) applied to an atom of `size` bytes. */
function repeatSize(size: number, q: string): number {
  const m = /^\{(\d+)(,(\d*))?\}/.exec(q);
  if (!m) return size + INST; // ? * +: the atom and a split
  const lo = Number(m[1]);
  if (m[2] === undefined) return lo * size;
  if (m[3] === "") return lo === 0 ? size + INST : lo * size + INST;
  return lo * size + (Number(m[3]) - lo) * (size + INST);
}

/**
 * rg's program size for a literal pattern (-F, the default): one instruction per UTF-8 byte
 * (a case-folded class per letter under -i), one split between the lines of a multi-line one.
 */
export function literalSize(pattern: string, ignoreCase: boolean): number {
  let size = 3 * INST;
  for (const ch of pattern) {
    const c = ch.codePointAt(0)!;
    if (c === 10) size += INST;
    else if (ignoreCase && ch.toLowerCase() !== ch.toUpperCase()) size += rangesSize([[c, c]], true);
    else size += INST * Buffer.byteLength(ch);
  }
  return size;
}

/** rg's size-limit error, for a pattern whose program would pass SIZE_LIMIT. */
export function sizeError(pattern: string): RegexError {
  return new RegexError(`compiled regex exceeds size limit of ${SIZE_LIMIT} bytes (rg's limit, in ${shown(pattern)})`, SIZE_HINT);
}

/** Rust's \w: Alphabetic + Mark + Decimal_Number + Connector_Punctuation + Join_Control. */
const WORD = "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}";
const WORD_CLASS = `[${WORD}]`;
const NL = "\\n";
/** decode.ts's stand-in for an invalid UTF-8 sequence: no class and no `.` may match it. */
const INV = INVALID_ESC;
/** rg -U's \s: Unicode White_Space, `\n` included. */
const SPACE_ML = "[\\t\\n\\v\\f\\r \\u{85}\\u{a0}\\u{1680}\\u{2000}-\\u{200a}\\u{2028}\\u{2029}\\u{202f}\\u{205f}\\u{3000}]";
/** A position at the start / end of the whole text (rg -U's \A, \z, and ^ $ under (?-m)). */
const TEXT_START = "(?<![\\s\\S])";
const TEXT_END = "(?![\\s\\S])";
/** Properties that contain U+FFFF (a noncharacter: unassigned, script Unknown). */
const HAS_FFFF = /^(Any|C|Other|Cn|Unassigned|Noncharacter_Code_Point|(General_Category|gc)=(C|Cn|Other|Unassigned)|(Script|sc|Script_Extensions|scx)=(Unknown|Zzzz))$/;
/** `\s` under rg --crlf: without `\r`, which ends a line there. */
const SPACE_NO_CRLF = "[\\t\\v\\f \\u{85}\\u{a0}\\u{1680}\\u{2000}-\\u{200a}\\u{2028}\\u{2029}\\u{202f}\\u{205f}\\u{3000}]";
/** `$` under rg --crlf: before `\r\n`, `\n` or the end (the `\r` is not part of the match, as rg trims it). */
const EOL_CRLF = "(?=\\r?(?![^\\n]))";
/** Unicode White_Space without `\n` (rg's \s never matches the line terminator), as a flat class. */
const SPACE_NO_NL = "[\\t\\v\\f\\r \\u{85}\\u{a0}\\u{1680}\\u{2000}-\\u{200a}\\u{2028}\\u{2029}\\u{202f}\\u{205f}\\u{3000}]";

const POSIX: Record<string, string> = {
  alnum: "0-9A-Za-z",
  alpha: "A-Za-z",
  ascii: "\\x00-\\x7F",
  blank: "\\t ",
  cntrl: "\\x00-\\x1F\\x7F",
  digit: "0-9",
  graph: "!-~",
  lower: "a-z",
  print: " -~",
  punct: "!-\\/:-@\\[-`\\{-~",
  space: "\\t\\n\\v\\f\\r ",
  upper: "A-Z",
  word: "0-9A-Za-z_",
  xdigit: "0-9A-Fa-f",
};

/** A POSIX class (POSIX above) as code-point ranges, for the printed depth; all are ASCII. */
function posixRanges(name: string): [number, number][] {
  const re = new RegExp(`[${POSIX[name]}]`, "u");
  const rs: [number, number][] = [];
  for (let c = 0; c < 128; c++) {
    if (!re.test(String.fromCharCode(c))) continue;
    const last = rs[rs.length - 1];
    if (last && last[1] === c - 1) last[1] = c;
    else rs.push([c, c]);
  }
  return rs;
}

interface Flags {
  i: boolean;
  x: boolean;
  U: boolean;
  u: boolean;
  /** rg -U only: `.` matches `\n` (s), `^ $` are line anchors (m, the default). */
  s: boolean;
  m: boolean;
}

export interface Translated {
  source: string;
  flags: string;
  /** Nested quantifiers: a backtracking engine may blow up on them (see match/index.ts). */
  risky: boolean;
  /**
   * Multiline only: the pattern can match `\n` or anchors at the text's start or end, so the
   * file is searched whole (rg's multi-line search); otherwise rg -U searches line by line.
   */
  whole?: boolean;
  /** Multiline only: the first repetition without bound of an atom matching `\n` and text. */
  unbounded?: string;
}

/** Code point as a JS regex escape safe both inside and outside `v`-mode classes. */
function cp(c: number): string {
  if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f) return String.fromCodePoint(c);
  return `\\u{${c.toString(16)}}`;
}

const propCache = new Map<string, string | null>();
/** Rust accepts loose property names (`greek`, `Uppercase Letter`, `sc=Greek`); JS wants exact ones. */
function propertyName(raw: string): string | null {
  if (propCache.has(raw)) return propCache.get(raw)!;
  const found = findProperty(raw);
  propCache.set(raw, found);
  return found;
}

/**
 * Values JS knows and rg 13's tables do not: the script Unknown (Zzzz), the surrogates (Cs,
 * which UTF-8 text never holds) and the bare `LC`/`L&` (rg takes `gc=LC`), by their loose names.
 */
const NOT_IN_RG = /^(?:(?:sc|script|scx|scriptextensions)[=:])?(?:unknown|zzzz)$|^(?:(?:gc|generalcategory)[=:])?(?:cs|surrogate)$|^(?:lc|l&)$/;

function findProperty(raw: string): string | null {
  // rg's loose matching drops an `is` prefix (`\p{IsGreek}`, `\p{isL}`), spaces, `_` and `-`.
  if (/^is/i.test(raw)) raw = raw.slice(2).replace(/^[\s_-]+/, "");
  if (NOT_IN_RG.test(raw.replace(/[\s_-]/g, "").toLowerCase())) return null;
  const norm = raw.replace(/[\s_-]/g, "").toLowerCase();
  const words = raw.trim().split(/[\s_-]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join("_");
  const eq = raw.indexOf("=") >= 0 ? raw.indexOf("=") : raw.indexOf(":");
  const cands: string[] = [raw, words, raw.toUpperCase(), `Script=${raw}`, `Script=${words}`, `General_Category=${raw}`];
  if (eq > 0) {
    const k = raw.slice(0, eq).trim().toLowerCase().replace(/[\s_-]/g, "");
    const v = raw.slice(eq + 1).trim();
    const vw = v.split(/[\s_-]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join("_");
    if (k === "sc" || k === "script") cands.push(`Script=${v}`, `Script=${vw}`);
    if (k === "scx" || k === "scriptextensions") cands.push(`Script_Extensions=${v}`, `Script_Extensions=${vw}`);
    if (k === "gc" || k === "generalcategory") cands.push(`General_Category=${v}`, `General_Category=${vw}`);
  }
  const aliases: Record<string, string> = { any: "Any", ascii: "ASCII", assigned: "Assigned", whitespace: "White_Space", letter: "L", digit: "Nd" };
  if (aliases[norm]) cands.unshift(aliases[norm]);
  for (const c of cands) {
    if (!/^[A-Za-z0-9_=]+$/.test(c)) continue;
    try {
      new RegExp(`\\p{${c}}`, "v");
      return c;
    } catch {
      /* try the next spelling */
    }
  }
  return null;
}

class Parser {
  pos = 0;
  risky = false;
  /** Capture group names seen (rg refuses a name used twice). */
  readonly names = new Set<string>();
  /** The source uses `v`-mode syntax (nested classes, set operations). */
  needsV = false;
  /** Multiline: some atom can match `\n`, or a text anchor is used (see Translated.whole). */
  whole = false;
  /** What classes and `.` exclude besides invalid UTF-8: `\n`, except under rg -U. */
  readonly nlx: string;
  constructor(readonly p: string, readonly iBase: boolean, readonly ml = false, readonly crlf = false) {
    this.nlx = ml ? "" : crlf ? NL + "\\r" : NL;
  }

  /** rg --crlf: `\r` ends a line, so a pattern may not hold one (rg's error). */
  noCr(n: number): void {
    if (n === 13 && this.crlf) this.fail("the literal '\\r' is not allowed in a regex (with --crlf, \\r\\n ends a line)");
  }

  /** Multiline: notes whether a leaf atom (class, escape, character) can match `\n`. */
  leaf(src: string): string {
    if (this.ml && !this.whole) {
      let hit = true;
      for (const fl of ["v", "u"]) {
        try {
          hit = new RegExp(`^(?:${src})$`, fl).test("\n");
          break;
        } catch {
          /* the other syntax */
        }
      }
      if (hit) this.whole = true;
    }
    return src;
  }

  fail(msg: string): never {
    throw new RegexError(`${msg} (at position ${this.pos} in ${shown(this.p)})`);
  }
  peek(o = 0): string {
    return this.p[this.pos + o] ?? "";
  }
  eof(): boolean {
    return this.pos >= this.p.length;
  }
  nextCp(): number {
    const c = this.p.codePointAt(this.pos)!;
    this.pos += c > 0xffff ? 2 : 1;
    return c;
  }

  skipVerbose(f: Flags): void {
    if (!f.x) return;
    for (;;) {
      const c = this.peek();
      if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v") this.pos++;
      else if (c === "#") {
        while (!this.eof() && this.peek() !== "\n") this.pos++;
      } else return;
    }
  }

  /** Parses an alternation until `)` or end; returns JS source. `depth` 0 = top level. */
  alternation(f: Flags, depth: number): { src: string; quantDepth: number; nest: number; h: Depth; size: number } {
    const branches: string[] = [];
    let cur: string[] = [];
    let maxQ = 0;
    // rg's limits (see NEST_LIMIT): a branch of 2 items or more is a concatenation, one level.
    // `h`: the same in the printed HIR (see Depth), where a flag setter is no item.
    let items = 0;
    let itemNest = 0;
    let nest = 0;
    let hItems = 0;
    let hItem: Depth = FLAT;
    let h: Depth = FLAT;
    let size = 0;
    const endBranch = () => {
      nest = Math.max(nest, items >= 2 ? itemNest + 1 : itemNest);
      h = deepest(h, hItems >= 2 ? deeper(hItem) : hItem);
      items = 0;
      itemNest = 0;
      hItems = 0;
      hItem = FLAT;
    };
    for (;;) {
      this.skipVerbose(f);
      if (this.eof()) break;
      const c = this.peek();
      if (c === ")") {
        if (depth === 0) this.fail("unopened group");
        break;
      }
      if (c === "|") {
        this.pos++;
        branches.push(cur.join(""));
        cur = [];
        endBranch();
        continue;
      }
      if (c === "(" && this.peek(1) === "?" && this.isFlagSetter()) {
        // `(?flags)` changes flags for the rest of the enclosing group, across `|`.
        this.pos += 2;
        this.readFlags(f, ")");
        this.pos++;
        // An item of rg's AST concatenation (of no depth of its own); gone from its printed HIR.
        items++;
        continue;
      }
      const atomStart = this.pos;
      const atom = this.atom(f, depth);
      if (atom === null) continue;
      items++;
      hItems++;
      let atomH = atom.h ?? FLAT;
      let atomNest = atom.nest ?? 0;
      let atomSize = atom.size ?? INST;
      this.skipVerbose(f);
      let q = this.quantifier(f);
      if (q) {
        atomNest++;
        atomH = deeper(atomH);
        atomSize = repeatSize(atomSize, q);
        if (this.ml && this.unbounded === undefined && /^[*+]|,\}/.test(q) && this.broadAtom(atom.src)) this.unbounded = this.p.slice(atomStart, this.pos);
        if (atom.quantDepth > 0) this.risky = true;
        // A group around a quantified class makes JSC's engine backtrack through group frames:
        // `(?:[\w])+` ran 5x slower than `[\w]+` (and ~60 s for `\w+\s*\(` over Linux).
        // An anchor may be repeated in Rust (`^*`); JS repeats it only inside a group.
        let src = singleAtom(atom.src) && !atom.anchor ? `${atom.src}${q}` : `(?:${atom.src})${q}`;
        let depth = atom.quantDepth + 1;
        // Rust stacks repetitions (`a**`, `a{2}{3}`, `a+?+`): each repeats what came before.
        for (this.skipVerbose(f), q = this.quantifier(f); q; this.skipVerbose(f), q = this.quantifier(f)) {
          this.risky = true;
          src = `(?:${src})${q}`;
          depth++;
          atomNest++;
          atomH = deeper(atomH);
          atomSize = repeatSize(atomSize, q);
        }
        cur.push(src);
        maxQ = Math.max(maxQ, depth);
      } else {
        cur.push(atom.src);
        maxQ = Math.max(maxQ, atom.quantDepth);
      }
      itemNest = Math.max(itemNest, atomNest);
      hItem = deepest(hItem, atomH);
      size += atomSize;
    }
    branches.push(cur.join(""));
    endBranch();
    if (branches.length > 1) {
      nest++;
      h = deeper(h);
      size += INST * (branches.length - 1);
    }
    // An alternation under a repetition backtracks like a nested quantifier.
    return { src: branches.join("|"), quantDepth: branches.length > 1 ? Math.max(maxQ, 1) : maxQ, nest, h, size };
  }

  isFlagSetter(): boolean {
    let i = this.pos + 2;
    while (i < this.p.length && /[a-zA-Z-]/.test(this.p[i])) i++;
    return this.p[i] === ")" && i > this.pos + 2;
  }

  readFlags(f: Flags, end: string): void {
    let neg = false;
    let any = false;
    // rg 13 (regex-syntax 0.6): a flag named twice in one group (`(?ii)`, `(?i-i)`) and a `-`
    // with no flag after it (`(?i-)`) are errors; there is no `R` flag yet.
    let dangling = false;
    const seen = new Set<string>();
    while (!this.eof() && this.peek() !== end) {
      const c = this.peek();
      this.pos++;
      if (c === "-") {
        if (neg) this.fail("flag negation operator repeated");
        neg = true;
        dangling = true;
        continue;
      }
      if (seen.has(c)) {
        this.pos--;
        this.fail("duplicate flag");
      }
      seen.add(c);
      any = true;
      dangling = false;
      switch (c) {
        case "i": f.i = !neg; break;
        case "x": f.x = !neg; break;
        case "U": f.U = !neg; break;
        case "u": f.u = !neg; break;
        case "m": f.m = !neg; break; // line by line these change nothing (see atom)
        case "s": f.s = !neg; break;
        default: this.pos--; this.fail(`unrecognized flag '${c}'`);
      }
    }
    if (this.eof()) this.fail("unclosed group");
    if (dangling) this.fail("dangling flag negation operator");
    if (!any) this.fail("empty flag set");
  }

  quantifier(f: Flags): string | null {
    const c = this.peek();
    let q: string;
    if (c === "*" || c === "+" || c === "?") {
      this.pos++;
      q = c;
    } else if (c === "{") {
      const m = /^\{\s*(\d+)\s*(,\s*(\d*)\s*)?\}/.exec(this.p.slice(this.pos));
      if (!m) this.fail("unclosed or invalid counted repetition");
      this.pos += m[0].length;
      const lo = Number(m[1]);
      const hi = m[3] ? Number(m[3]) : undefined;
      if (hi !== undefined && hi < lo) this.fail("invalid repetition range (min > max)");
      q = m[2] ? (m[3] ? `{${lo},${hi}}` : `{${lo},}`) : `{${lo}}`;
    } else return null;
    let lazy = false;
    if (this.peek() === "?") {
      this.pos++;
      lazy = true;
    }
    if (f.U) lazy = !lazy;
    return lazy ? q + "?" : q;
  }

  /** One atom; null for things that emit nothing (e.g. an empty verbose comment). */
  atom(f: Flags, depth: number): { src: string; quantDepth: number; anchor?: boolean; nest?: number; h?: Depth; size?: number } | null {
    const c = this.peek();
    const wrapI = (s: string) => (f.i === this.iBase ? s : f.i ? `(?i:${s})` : `(?-i:${s})`);
    // Under (?-u) a class prints as a byte class, `(?-u:[...])`: a group more, which grows per print.
    const bytes = (d: Depth): Depth => (f.u || d.h1 === 0 ? d : { h1: d.h1 + 1, h2: d.h2 + 2 });
    switch (c) {
      case "(": {
        // Deeper than rg's limit is rg's error whatever follows (and would exhaust the stack here).
        if (depth + 1 > NEST_LIMIT) throw new RegexError(`${NEST_ERROR} (in ${shown(this.p)})`, NEST_HINT);
        this.pos++;
        let capture = true;
        const inner: Flags = { ...f };
        if (this.peek() === "?") {
          this.pos++;
          const d = this.peek();
          if (d === "=" || d === "!" || (d === "<" && (this.peek(1) === "=" || this.peek(1) === "!")))
            this.fail("look-around, including look-ahead and look-behind, is not supported");
          if (d === "P" && this.peek(1) === "<") {
            this.pos += 2;
            // regex-syntax 0.6's name: a letter or `_`, then letters, digits, `_ . [ ]`; unique.
            const m = /^([A-Za-z_][A-Za-z0-9_.[\]]*)>/.exec(this.p.slice(this.pos));
            if (!m) this.fail(this.peek() === ">" ? "empty capture group name" : "invalid capture group character");
            if (this.names.has(m[1]!)) this.fail("duplicate capture group name");
            this.names.add(m[1]!);
            this.pos += m[0].length;
          } else if (d === ":") {
            this.pos++;
            capture = false;
          } else {
            this.readFlags(inner, ":");
            this.pos++;
            capture = false;
          }
        }
        const body = this.alternation(inner, depth + 1);
        if (this.peek() !== ")") this.fail("unclosed group");
        this.pos++;
        return { src: `(?:${body.src})`, quantDepth: body.quantDepth, nest: body.nest + 1, h: deeper(body.h), size: body.size + (capture ? 2 * INST : 0) };
      }
      case "[": {
        const cls = this.charClass(f, 1);
        return { src: wrapI(this.leaf(cls)), quantDepth: 0, nest: this.clsNest, h: bytes(this.clsH), size: this.clsSize };
      }
      case ".":
        this.pos++;
        return { src: this.leaf(this.ml && f.s ? `[^${INV}]` : `[^${this.ml ? NL : this.nlx}${INV}]`), quantDepth: 0, h: bytes(this.ml && f.s ? CLASS1 : CLASS2), size: (f.u ? CLASS_SIZE : ASCII_CLASS_SIZE)["."] };
      case "^":
        this.pos++;
        return { src: this.ml && !f.m ? this.textAnchor(TEXT_START) : `(?<![^${NL}])`, quantDepth: 0, anchor: true, h: f.m ? ANCHOR : FLAT };
      case "$":
        this.pos++;
        return { src: this.ml && !f.m ? this.textAnchor(TEXT_END) : this.crlf ? EOL_CRLF : `(?![^${NL}])`, quantDepth: 0, anchor: true, h: f.m ? ANCHOR : FLAT };
      case "*": case "+": case "?":
        this.fail("repetition operator missing expression");
      // falls through (fail never returns)
      case "{":
        this.fail("repetition operator missing expression");
      // falls through
      case "\\": {
        const e = this.escape(f, false);
        if (e.anchor) return { src: e.src, quantDepth: 0, anchor: true };
        const h = bytes(e.cp === undefined ? CLASS2 : f.i ? literalDepth(e.cp) : FLAT);
        return { src: wrapI(this.leaf(e.src)), quantDepth: 0, h, size: e.size ?? (e.cp !== undefined ? charSize(e.cp, f.i) : INST) };
      }
      default: {
        const ch = this.nextCp();
        if (ch === 10 && !this.ml) this.fail("the literal '\\n' is not allowed in a regex");
        this.noCr(ch);
        return { src: wrapI(this.leaf(cp(ch))), quantDepth: 0, h: bytes(f.i ? literalDepth(ch) : FLAT), size: charSize(ch, f.i) };
      }
    }
  }

  /**
   * Multiline: an atom that matches `\n` and also text (`.` under (?s), `[^x]`, `\W`, `(?:.|\n)`),
   * as opposed to whitespace only (`\s`, `\n`). Repeated without bound, it lets one match
   * start run to the end of the file: a backtracking engine then costs starts x file size.
   */
  broadAtom(src: string): boolean {
    for (const fl of ["v", "u"]) {
      try {
        const re = new RegExp(`^(?:${src})$`, fl);
        return re.test("\n") && ["a", "Z", "0", "_", "-", ";", "}", "\u00e9"].some((c) => re.test(c));
      } catch {
        /* the other syntax */
      }
    }
    return true;
  }

  /** Multiline: the first broad atom repeated without bound (see broadAtom), as written. */
  unbounded: string | undefined;

  /** A text anchor: the multiline search must see the whole file. */
  textAnchor(src: string): string {
    this.whole = true;
    return src;
  }

  /**
   * An escape outside or inside a class. Outside: returns JS source. Inside a class
   * (`inClass`), returns a v-mode class operand (single char, nested class or property).
   */
  escape(f: Flags, inClass: boolean): { src: string; literal?: boolean; anchor?: boolean; cp?: number; size?: number } {
    this.pos++; // backslash
    if (this.eof()) this.fail("incomplete escape sequence");
    const c = this.peek();
    const ascii = !f.u;
    const lit = (n: number) => {
      // In a class rg drops `\n` from the set (`[\na]` is `[a]`); a class of nothing else is its error.
      if (n === 10 && !this.ml && !inClass) this.fail("the literal '\\n' is not allowed in a regex");
      this.noCr(n);
      return { src: cp(n), literal: true, cp: n };
    };
    this.pos++;
    const size = (ascii ? ASCII_CLASS_SIZE : CLASS_SIZE)[c];
    switch (c) {
      case "d": return { src: ascii ? "[0-9]" : "\\p{Nd}", size };
      case "D": return { src: ascii ? `[^0-9${this.nlx}${INV}]` : `[^\\p{Nd}${this.nlx}${INV}]`, size };
      case "w": return { src: ascii ? "[0-9A-Za-z_]" : WORD_CLASS, size };
      case "W": return { src: ascii ? `[^0-9A-Za-z_${this.nlx}${INV}]` : `[^${WORD}${this.nlx}${INV}]`, size };
      case "s":
        if (this.ml) return { src: ascii ? "[\\t\\n\\v\\f\\r ]" : SPACE_ML, size };
        if (this.crlf) return { src: ascii ? "[\\t\\v\\f ]" : SPACE_NO_CRLF, size };
        return { src: ascii ? "[\\t\\v\\f\\r ]" : SPACE_NO_NL, size };
      case "S": return { src: ascii ? `[^\\t\\n\\v\\f\\r ${INV}]` : `[^\\p{White_Space}${INV}]`, size };
      case "p": case "P": {
        let name: string;
        if (this.peek() === "{") {
          const end = this.p.indexOf("}", this.pos);
          if (end < 0) this.fail("unclosed Unicode class");
          name = this.p.slice(this.pos + 1, end);
          this.pos = end + 1;
        } else {
          if (this.eof()) this.fail("incomplete Unicode class");
          name = String.fromCodePoint(this.nextCp());
        }
        // rg 13 has no `\p{^X}` negation: `^X` is a name it does not find.
        const neg = c === "P";
        const prop = propertyName(name);
        if (!prop) this.fail(`unrecognized Unicode class name '${name}'`);
        const psize = PROP_SIZE[prop] ?? PROP_DEFAULT;
        if (neg) return { src: `[^\\p{${prop}}${this.nlx}${INV}]`, size: psize };
        // rg never lets a class match the line terminator: `\p{Cc}` matched the \n between lines.
        if (this.nlx && !inClass) {
          const re = new RegExp(`\\p{${prop}}`, "v");
          if (re.test("\n") || (this.crlf && re.test("\r"))) return { src: `(?:(?![${this.nlx}${INV}])\\p{${prop}})`, size: psize };
        }
        return { src: HAS_FFFF.test(prop) && !inClass ? `(?:(?!${INV})\\p{${prop}})` : `\\p{${prop}}`, size: psize };
      }
      case "b":
        if (inClass) return lit(8);
        return { src: ascii ? "\\b" : `(?:(?<=${WORD_CLASS})(?!${WORD_CLASS})|(?<!${WORD_CLASS})(?=${WORD_CLASS}))`, anchor: true };
      case "B":
        if (inClass) this.fail("unrecognized escape sequence");
        return { src: ascii ? "\\B" : `(?:(?<=${WORD_CLASS})(?=${WORD_CLASS})|(?<!${WORD_CLASS})(?!${WORD_CLASS}))`, anchor: true };
      case "A":
        if (inClass) this.fail("unrecognized escape sequence");
        return { src: this.ml ? this.textAnchor(TEXT_START) : `(?<![^${NL}])`, anchor: true };
      case "z":
        if (inClass) this.fail("unrecognized escape sequence");
        // rg 13 --crlf gives `\z` no line-end meaning we could state (it matched one CRLF line's
        // end and no LF line's, in measurements): refused rather than guessed.
        if (this.crlf) this.fail("\\z with --crlf is not supported; use $ (before \\r\\n or \\n)");
        return { src: this.ml ? this.textAnchor(TEXT_END) : `(?![^${NL}])`, anchor: true };
      case "n": return lit(10);
      case "t": return lit(9);
      case "r": return lit(13);
      case "f": return lit(12);
      case "v": return lit(11);
      case "a": return lit(7);
      case "x":
      case "u":
      case "U": {
        // Rust: \x7F, \u007F, \U0000007F (exactly 2, 4, 8 digits) or any of them with {7F}.
        const digits = c === "x" ? 2 : c === "u" ? 4 : 8;
        let m: RegExpExecArray | null;
        if ((m = /^\{([0-9a-fA-F]{1,8})\}/.exec(this.p.slice(this.pos)))) {
          this.pos += m[0].length;
        } else if ((m = new RegExp(`^([0-9a-fA-F]{${digits}})`).exec(this.p.slice(this.pos)))) {
          this.pos += digits;
        } else this.fail("invalid hexadecimal escape");
        const n = parseInt(m[1], 16);
        if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) this.fail("invalid Unicode scalar value in escape");
        // Under (?-u), Rust reads \xE9 as the raw byte 0xE9 (Latin-1 text), which decoded text
        // cannot express: refused rather than matched as the character U+00E9.
        if (ascii && n > 0x7f) this.fail(`a raw byte escape above \\x7F under (?-u) is not supported (write the character itself, e.g. \\x{${n.toString(16)}} without (?-u))`);
        return lit(n);
      }
      default:
        if (/[1-9]/.test(c)) this.fail("backreferences are not supported");
        if (c === "0") this.fail("octal escapes are not supported");
        // rg 13's escapable characters: its meta characters, and a space only under (?x).
        if (/[\\.+*?()|[\]{}^$#&\-~]/.test(c) || (c === " " && f.x)) return lit(c.codePointAt(0)!);
        this.pos -= 2;
        this.fail("unrecognized escape sequence");
    }
  }

  /** rg's AST depth and program size of the class charClass() parsed last (see NEST_LIMIT). */
  clsNest = 0;
  clsSize = 0;
  clsH: Depth = FLAT;
  /** The code points of the class charClass() parsed last, when all its members are plain. */
  clsSet: [number, number][] | null = null;

  /** `[...]` including nesting and `&&` / `--` set operations; returns a v-mode class. */
  charClass(f: Flags, cdepth: number): string {
    if (cdepth > NEST_LIMIT) throw new RegexError(`${NEST_ERROR} (in ${shown(this.p)})`, NEST_HINT);
    this.pos++; // [
    let neg = false;
    if (this.peek() === "^") {
      neg = true;
      this.pos++;
    }
    const operands: string[] = [];
    const ops: string[] = [];
    let items: string[] = [];
    let first = true;
    // Whether the class can be written flat (`u` mode, see translateRegex): no nesting that
    // cannot be inlined, no set operation; and whether a member may be `\n` or the stand-in
    // for invalid UTF-8 (then a lookahead keeps both out).
    let flat = true;
    let mayExcluded = false;
    const flatItems: string[] = [];
    // rg's measures: a union of 2 items or more is a level, a nested class one more, each set
    // operation one; the size counts the ranges and, apart, the escape classes and nested ones.
    let unionItems = 0;
    let innerNest = 0;
    let opNest = 0;
    const ranges: [number, number][] = [];
    // Positive POSIX classes' ranges, for the printed depth only (clsH).
    const posix: [number, number][] = [];
    // Whether every member is a character, a range, a positive POSIX class or a nested class of
    // those (then `ranges` and `posix` hold the class's code points: clsSet).
    let plain = true;
    let memberSize = 0;
    /** One literal member taken as it is, never a range's start. */
    const literal = (c: number) => {
      this.pos++;
      items.push(cp(c));
      flatItems.push(cp(c));
      ranges.push([c, c]);
      unionItems++;
      first = false;
    };
    // As rg, any `-` right after `[` or `[^` is a literal (`[--a]` is {-, a}, not a difference).
    for (;;) {
      if (f.x) while (/[ \t\n\r]/.test(this.peek())) this.pos++;
      if (this.peek() !== "-") break;
      literal(0x2d);
    }
    const flushItems = () => {
      operands.push(`[${items.join("")}]`);
      items = [];
      opNest = Math.max(opNest, (unionItems >= 2 ? 1 : 0) + innerNest);
      unionItems = 0;
      innerNest = 0;
    };
    for (;;) {
      if (f.x) while (/[ \t\n\r]/.test(this.peek())) this.pos++;
      if (this.eof()) this.fail("unclosed character class");
      const c = this.peek();
      if (c === "]" && !first) {
        this.pos++;
        break;
      }
      if (c === "]") {
        // A first `]` is a literal, never a range's start (`[]-a]` is {], -, a}, as rg).
        literal(0x5d);
        continue;
      }
      if (c === "[" && this.peek(1) === ":") {
        const m = /^\[:(\^?)([a-z]+):\]/.exec(this.p.slice(this.pos));
        // An unknown name is no POSIX class: as in Rust, `[:nope:]` is then a nested class.
        const set = m ? POSIX[m[2]] : undefined;
        if (m && set) {
          this.pos += m[0].length;
          unionItems++;
          memberSize = Math.max(memberSize, 3 * INST);
          items.push(m[1] ? `[^${set}]` : `[${set}]`);
          if (m[1]) {
            flat = false;
            plain = false;
          } else {
            flatItems.push(set);
            posix.push(...posixRanges(m[2]!));
            if (set.includes("\\n") || set.includes("\\x00-")) mayExcluded = true;
          }
          first = false;
          continue;
        }
      }
      if (c === "[") {
        items.push(this.charClass({ ...f, i: false }, cdepth + 1));
        if (this.clsSet) posix.push(...this.clsSet);
        else plain = false;
        unionItems++;
        innerNest = Math.max(innerNest, this.clsNest);
        memberSize += this.clsSize;
        flat = false;
        first = false;
        continue;
      }
      if ((c === "&" && this.peek(1) === "&") || (c === "-" && this.peek(1) === "-") || (c === "~" && this.peek(1) === "~")) {
        this.pos += 2;
        flushItems();
        flat = false;
        ops.push(c === "&" ? "&&" : c === "-" ? "--" : "~~");
        first = false;
        continue;
      }
      // single char or range
      const lo = this.classChar(f);
      first = false;
      unionItems++;
      const isRange = () => {
        if (f.x) while (/[ \t\n\r]/.test(this.peek())) this.pos++;
        return this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== "-" && this.peek(1) !== "";
      };
      if (lo.cp === undefined) {
        // rg: a range's ends must be single characters (`[\d-z]` is its error).
        if (isRange()) this.fail("invalid range boundary, must be a literal");
        plain = false;
        items.push(lo.src);
        memberSize = Math.max(memberSize, lo.size ?? PROP_DEFAULT);
        // An escape's class inlines when it is a plain positive one (`\w`, `\s`, `\p{..}`).
        if (lo.src.startsWith("[^") || lo.src.startsWith("(?")) flat = false;
        else if (lo.src.startsWith("[")) flatItems.push(lo.src.slice(1, -1));
        else flatItems.push(lo.src);
        if (lo.src !== WORD_CLASS && lo.src !== "\\p{Nd}" && lo.src !== SPACE_NO_NL && lo.src !== SPACE_ML && (lo.src.includes("\\p{") || lo.src.includes("\\n"))) mayExcluded = true;
        continue;
      }
      if (isRange()) {
        this.pos++;
        if (f.x) while (/[ \t\n\r]/.test(this.peek())) this.pos++;
        const hi = this.classChar(f);
        if (hi.cp === undefined) this.fail("invalid range boundary, must be a literal");
        if (hi.cp < lo.cp) this.fail("invalid character class range (start > end)");
        items.push(`${cp(lo.cp)}-${cp(hi.cp)}`);
        flatItems.push(`${cp(lo.cp)}-${cp(hi.cp)}`);
        ranges.push([lo.cp, hi.cp]);
        if ((lo.cp <= 10 && hi.cp >= 10) || (lo.cp <= 0xffff && hi.cp >= 0xffff) || (this.crlf && lo.cp <= 13 && hi.cp >= 13)) mayExcluded = true;
      } else {
        items.push(cp(lo.cp));
        flatItems.push(cp(lo.cp));
        ranges.push([lo.cp, lo.cp]);
        if (lo.cp === 10 || lo.cp === 0xffff) mayExcluded = true;
      }
    }
    flushItems();
    this.clsNest = 1 + ops.length + opNest;
    // Only plain members give code points to count; an escape class or a set operation is
    // taken as several ranges (it nearly always is).
    this.clsSet = null;
    this.clsH = CLASS2;
    if (plain && ops.length === 0) {
      const members = [...ranges, ...posix];
      // rg refuses a class that matches nothing (`[^\x00-\x{10FFFF}]`), or only `\n` (`[\n]`).
      if (cdepth === 1 && classSet(members, neg, f.i, !this.ml).set.length === 0)
        this.fail(classSet(members, neg, f.i, false).set.length ? "the literal '\\n' is not allowed in a regex" : "empty character classes are not allowed");
      this.clsH = rangesDepth(members, neg, f.i, !this.ml);
      this.clsSet = classSet(members, neg, false, false).set;
    }
    // A negated class spans most of Unicode: `[^a]` measured as 39 instructions, as `.`.
    const rsize = ranges.length || memberSize === 0 ? rangesSize(ranges, f.i) : 0;
    this.clsSize = neg ? Math.max(1249, memberSize) + 2 * INST * ranges.length : Math.max(rsize, memberSize) + (rsize && memberSize ? INST : 0);
    if (flat && flatItems.every((x) => !x.includes("["))) {
      const body = flatItems.join("");
      if (neg) return `[^${body}${this.nlx}${INV}]`;
      if (!body) return "[]";
      return mayExcluded ? `(?:(?![${this.nlx}${INV}])[${body}])` : `[${body}]`;
    }
    this.needsV = true;
    let body = operands[0]!;
    // Left to right, as rg; v mode has no symmetric difference: A~~B is (A--B) | (B--A).
    for (let k = 0; k < ops.length; k++) {
      const b = operands[k + 1]!;
      body = ops[k] === "~~" ? `[[${body}--${b}][${b}--${body}]]` : `[${body}${ops[k]}${b}]`;
    }
    // rg refuses a class that matches nothing (`[a&&b]`): without it, no line would ever match.
    // rg never lets a class match the line terminator.
    const out = neg ? `[^${body}${this.nlx}${INV}]` : `[${body}--[${this.nlx}${INV}]]`;
    if (cdepth === 1 && (ops.length > 0 || neg) && !this.clsSet && !new RegExp(out, "v").test(everyCodePoint())) this.fail("empty character classes are not allowed");
    return out;
  }

  classChar(f: Flags): { src: string; cp?: number; size?: number } {
    if (this.peek() === "\\") {
      const e = this.escape(f, true);
      if (e.anchor) this.fail("unrecognized escape sequence in class");
      return e.cp !== undefined ? { src: e.src, cp: e.cp } : { src: e.src, size: e.size };
    }
    const n = this.nextCp();
    this.noCr(n);
    return { src: cp(n), cp: n };
  }
}

/**
 * Whether `src` is one atom a quantifier can follow directly: a character class (nested or not),
 * one escape (`\u{28}`, `\p{L}`, `\t`) or one plain character.
 */
export function singleAtom(src: string): boolean {
  if (/^(?:[A-Za-z0-9_]|\\[pPu]\{[^}]*\}|\\[tnrfv])$/.test(src)) return true;
  return classEnd(src) === src.length - 1;
}

/** Index of the `]` closing the (possibly nested) class that starts `src`, or -1. */
function classEnd(src: string): number {
  if (src[0] !== "[") return -1;
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "[") depth++;
    else if (c === "]" && --depth === 0) return i;
  }
  return -1;
}

/**
 * Translates a Rust/rg regex; `ignoreCase` is rg -i, `multiline` rg -U (`dotall`: rg's
 * --multiline-dotall). Throws RegexError.
 */
export function translateRegex(pattern: string, ignoreCase: boolean, multiline?: { dotall: boolean }, crlf = false, wordWrapped = false): Translated {
  const original = pattern;
  let stripped = false;
  // A leading `(?i)` with no other flag group is the global `i` flag: one flag, not a modifier
  // group per atom (which JSC optimises less well).
  if (pattern.startsWith("(?i)") && !pattern.slice(4).includes("(?")) {
    pattern = pattern.slice(4);
    ignoreCase = true;
    stripped = true;
  }
  const p = new Parser(pattern, ignoreCase, multiline !== undefined, crlf);
  const f: Flags = { i: ignoreCase, x: false, U: false, u: true, s: multiline?.dotall ?? false, m: true };
  const r = p.alternation(f, 0);
  // rg -w puts the pattern inside a group and a concatenation: two more levels.
  // A stripped leading `(?i)` was an item of rg's top concatenation: near the limit, measure as written.
  const nest = stripped && r.nest + 2 >= NEST_LIMIT ? new Parser(original, false).alternation({ ...f, i: false }, 0).nest : r.nest;
  // Then the printed HIR (see Depth): once, or under -w twice more inside two levels.
  const printed = wordWrapped ? r.h.h2 + 2 : r.h.h1;
  if (nest > NEST_LIMIT || printed > NEST_LIMIT) throw new RegexError(`${NEST_ERROR} (in ${shown(original)})`, NEST_HINT);
  if (r.size + 3 * INST > SIZE_LIMIT) throw sizeError(original);
  const t: Translated = { source: leadingRunStart(r.src), flags: regexFlags(r.src, ignoreCase, p.needsV), risky: p.risky };
  return multiline ? { ...t, whole: p.whole, ...(p.unbounded !== undefined ? { unbounded: p.unbounded } : {}) } : t;
}

/**
 * `X+rest` gets `(?<!X)` in front. A leftmost match can always start where a run of X starts
 * (any later start inside the run extends back to it), so the matches are the same; but the
 * engine no longer retries from every position inside a long run. With `\w+\s*\(` over a
 * 24 MB header of 60-character identifiers, that retry was quadratic in the identifier.
 */
function leadingRunStart(src: string): string {
  const end = classEnd(src);
  if (end < 0 || src[end + 1] !== "+" || src[end + 2] === "?" || src[end + 2] === "+") return src;
  if (hasTopLevelBar(src)) return src;
  return `(?<!${src.slice(0, end + 1)})${src}`;
}

/** Whether `src` has a `|` outside every group and class (an alternation at the top). */
function hasTopLevelBar(src: string): boolean {
  let paren = 0;
  let bracket = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (bracket > 0) {
      if (c === "[") bracket++;
      else if (c === "]") bracket--;
      continue;
    }
    if (c === "[") bracket++;
    else if (c === "(") paren++;
    else if (c === ")") paren--;
    else if (c === "|" && paren === 0) return true;
  }
  return false;
}

/**
 * `u` where it means the same as `v`: JSC runs `v`-mode patterns several times slower
 * (measured: `\w+\s*\(` over 640 KB of C, 19 ms with `v`, 4.6 ms with `u`; over the Linux tree,
 * about 60 s). Nested classes and set operations need `v`; under -i so do complemented
 * properties (`v` case-folds before complementing), except those closed under case folding.
 */
export function regexFlags(src: string, ignoreCase: boolean, needsV: boolean): string {
  const v = needsV || (ignoreCase && /\\P\{|\[\^\\p\{(?!Alphabetic\}\\p\{M\}|Nd\}|White_Space\})/.test(src));
  return (v ? "v" : "u") + (ignoreCase ? "i" : "");
}

/** A literal as JS regex source (for -i / -w on literals). */
export function escapeLiteral(s: string, ignoreCase: boolean): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    out += c === 10 ? "\\n" : cp(c);
  }
  return ignoreCase ? `(?i:${out})` : out;
}

/** Wraps a translated source for rg -w: the match must not touch a word character on either side. */
export function wordWrap(src: string): string {
  // rg -w wants a non-word character (or a line edge) on each side: an invalid byte is neither.
  return `(?<![${WORD}${INV}])(?:${src})(?![${WORD}${INV}])`;
}
