/**
 * Compiled gitignore-style matchers (rg 13 / ignore crate semantics), also used for -g overrides.
 *
 * Each pattern becomes one globset regex over byte strings, exactly as the ignore crate builds it;
 * the last matching pattern of a file wins. Because nearly all real patterns are plain names,
 * `*.ext` suffixes or anchored names, those are answered from maps, and only the rest run a regex.
 */
import { parseGlob, tokensToRegex, literalOf, slashFree, toBytes, foldCase, GlobError, type Token } from "./glob.ts";
import { noTopTier } from "../util/jit.ts";

export const NONE = 0;
export const IGNORE = 1;
export const WHITELIST = 2;

interface Slot {
  f: number; // highest rule index that applies to files (-1: none)
  d: number; // highest rule index that applies to directories
}
/** A rule answered by a string test or a regex; kept in rule order within each list. */
interface Listed {
  idx: number;
  dirOnly: boolean;
  /** Literal the candidate must contain (prefilter), or the suffix/prefix itself. */
  lit: string;
  re?: RegExp;
  /** For path rules: the relative depth (number of `/`) the path must have, or -1 for any. */
  depth: number;
}
interface Rule {
  neg: boolean;
  dirOnly: boolean;
  /** The glob as the ignore crate compiles it (after `**\/` and `/*` are added). */
  actual: string;
  re?: RegExp;
  original: string;
  /** rg --iglob: ASCII letters match either case (see foldCase). */
  caseless?: boolean;
}

/** Characters with a meaning in globset syntax (`,` only inside braces). */
const GLOB_META = /[*?[\]{}\\]/;

// Rust's str::trim_end (Unicode White_Space; unlike JS trimEnd it keeps U+FEFF).
const RUST_WS_END = /[\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/;
const RUST_TRAILING_WS = /[\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/;

function slot(m: Map<string, Slot>, key: string, idx: number, dirOnly: boolean) {
  let s = m.get(key);
  if (!s) m.set(key, (s = { f: -1, d: -1 }));
  if (!dirOnly) s.f = idx;
  s.d = idx;
}

function longestLiteral(tokens: Token[]): string {
  let best = "";
  let cur = "";
  for (const t of tokens) {
    if (t.t === "lit") {
      cur += t.c;
      if (cur.length > best.length) best = cur;
    } else cur = "";
  }
  return toBytes(best);
}

/** Number of `/` a path must have to match, when fixed (only literal separators), else -1. */
function fixedDepth(tokens: Token[]): number {
  let n = 0;
  for (const t of tokens) {
    if (t.t === "lit") {
      if (t.c === "/") n++;
    } else if (!slashFree([t])) return -1;
  }
  return n;
}

// Newest-first scans of a rule list: the index of the first applicable rule newer than `best`.
function scanSuffix(l: Listed[], s: string, isDir: boolean, best: number): number {
  for (let i = l.length - 1; i >= 0; i--) {
    const r = l[i];
    if (r.idx <= best) break;
    if ((isDir || !r.dirOnly) && s.endsWith(r.lit)) return r.idx;
  }
  return best;
}
function scanPrefix(l: Listed[], s: string, isDir: boolean, best: number): number {
  for (let i = l.length - 1; i >= 0; i--) {
    const r = l[i];
    if (r.idx <= best) break;
    if ((isDir || !r.dirOnly) && s.startsWith(r.lit)) return r.idx;
  }
  return best;
}
function scanRegex(l: Listed[], s: string, isDir: boolean, best: number): number {
  for (let i = l.length - 1; i >= 0; i--) {
    const r = l[i];
    if (r.idx <= best) break;
    if ((isDir || !r.dirOnly) && s.includes(r.lit) && r.re!.test(s)) return r.idx;
  }
  return best;
}

export class IgnoreMatcher {
  readonly rules: Rule[] = [];
  private baseLit = new Map<string, Slot>();
  private childLit = new Map<string, Slot>();
  private pathLit = new Map<string, Slot>();
  /**
   * The last segment of each pathLit key: a path can equal a key only if its name is one, so
   * most entries skip building their relative path and hashing it (Linux's root .gitignore has
   * `/include/config/`-style rules that every entry two levels down would otherwise pay for).
   */
  private pathLitNames = new Set<string>();
  /** Bit d set: some pathLit/pathRe rule needs a path with exactly d separators (d < 31). */
  private pathDepths = 0;
  private anyDepthPath = false;
  private extSuf = new Map<string, Listed[]>();
  private otherSuf: Listed[] = [];
  private prefix = new Map<number, Listed[]>();
  private baseRe: Listed[] = [];
  /**
   * Every baseRe rule needs its literal in the name: one regex over all of them (built on first
   * use, undefined: not built, null: none worth it) rejects most names with one call instead of
   * one `includes` per rule (Linux's root .gitignore has five such rules, tested on every entry).
   */
  private baseAny?: RegExp | null;
  private childRe: Listed[] = [];
  private pathRe: Listed[] = [];
  /** Positive (non-`!`) patterns, for -g whitelisting. */
  positives = 0;

  get empty(): boolean {
    return this.rules.length === 0;
  }

  /** Lines of an ignore file that did not parse, as rg names them: `line N: error parsing glob ...`. */
  bad?: string[];

  /**
   * Adds one gitignore line (ignore crate's `add_line`). Returns the glob error for a line that
   * does not parse (rg warns and drops such a line; -g turns it into an error).
   */
  addLine(raw: string, caseless = false): GlobError | undefined {
    let line = raw;
    if (line.startsWith("#")) return;
    if (!line.endsWith("\\ ") && RUST_WS_END.test(line)) line = line.replace(RUST_TRAILING_WS, "");
    if (line === "") return;
    const original = line;
    let neg = false;
    let absolute = false;
    let dirOnly = false;
    if (line.startsWith("\\!") || line.startsWith("\\#")) {
      line = line.slice(1);
      absolute = line[0] === "/";
    } else {
      if (line.startsWith("!")) {
        neg = true;
        line = line.slice(1);
      }
      if (line.startsWith("/")) {
        line = line.slice(1);
        absolute = true;
      }
    }
    if (line.endsWith("/")) {
      dirOnly = true;
      line = line.slice(0, -1);
    }
    const base = !absolute && !line.includes("/");
    let actual = line;
    if (base && !(actual.startsWith("**/") || actual === "**")) actual = "**/" + actual;
    if (actual.endsWith("/**")) actual += "/*";
    // Fast paths for the shapes nearly every real ignore file is made of (no glob parse needed):
    // a plain name or path, `*` + literal suffix, literal prefix + `*`.
    if (!caseless && !GLOB_META.test(line) && (line !== "" || !base)) {
      const lit = toBytes(line);
      const idx = this.addRule(neg, dirOnly, actual, original);
      if (base) slot(this.baseLit, lit, idx, dirOnly);
      else this.addLiteralPath(lit, idx, dirOnly);
      return;
    }
    if (!caseless && base && line.length > 1 && !GLOB_META.test(line.slice(1)) && line.charCodeAt(0) === 42) {
      this.addSuffix(toBytes(line.slice(1)), this.addRule(neg, dirOnly, actual, original), dirOnly);
      return;
    }
    if (!caseless && base && line.length > 1 && !GLOB_META.test(line.slice(0, -1)) && line.charCodeAt(line.length - 1) === 42) {
      this.addPrefix(toBytes(line.slice(0, -1)), this.addRule(neg, dirOnly, actual, original), dirOnly);
      return;
    }
    let tokens: Token[];
    try {
      tokens = parseGlob(actual);
    } catch (e) {
      if (e instanceof GlobError) return new GlobError(original, e.reason);
      throw e;
    }
    this.classify(caseless ? foldCase(tokens) : tokens, this.addRule(neg, dirOnly, actual, original, caseless), dirOnly);
  }

  private addRule(neg: boolean, dirOnly: boolean, actual: string, original: string, caseless = false): number {
    this.rules.push(caseless ? { neg, dirOnly, actual, original, caseless } : { neg, dirOnly, actual, original });
    if (!neg) this.positives++;
    return this.rules.length - 1;
  }

  private addSuffix(suf: string, idx: number, dirOnly: boolean) {
    const r: Listed = { idx, dirOnly, lit: suf, depth: 0 };
    const dot = suf.lastIndexOf(".");
    if (dot < 0) this.otherSuf.push(r);
    else {
      const ext = suf.slice(dot + 1);
      const l = this.extSuf.get(ext);
      if (l) l.push(r);
      else this.extSuf.set(ext, [r]);
    }
  }

  private addPrefix(pre: string, idx: number, dirOnly: boolean) {
    const c = pre.charCodeAt(0);
    const l = this.prefix.get(c);
    const r: Listed = { idx, dirOnly, lit: pre, depth: 0 };
    if (l) l.push(r);
    else this.prefix.set(c, [r]);
  }

  /** An anchored literal: a direct child's name, or a path with a fixed number of `/`. */
  private addLiteralPath(lit: string, idx: number, dirOnly: boolean) {
    if (!lit.includes("/")) return slot(this.childLit, lit, idx, dirOnly);
    const depth = lit.split("/").length - 1;
    if (depth < 31) this.pathDepths |= 1 << depth;
    else this.anyDepthPath = true;
    slot(this.pathLit, lit, idx, dirOnly);
    this.pathLitNames.add(lit.slice(lit.lastIndexOf("/") + 1));
  }

  private classify(tokens: Token[], idx: number, dirOnly: boolean) {
    if (tokens.length > 1 && tokens[0].t === "rprefix" && slashFree(tokens.slice(1))) {
      const rest = tokens.slice(1);
      const lit = literalOf(rest);
      if (lit !== undefined) return slot(this.baseLit, lit, idx, dirOnly);
      if (rest[0].t === "star" && rest.length > 1) {
        const suf = literalOf(rest.slice(1));
        if (suf !== undefined) return this.addSuffix(suf, idx, dirOnly);
      }
      if (rest.length > 1 && rest[rest.length - 1].t === "star") {
        const pre = literalOf(rest.slice(0, -1));
        if (pre !== undefined) return this.addPrefix(pre, idx, dirOnly);
      }
      this.baseRe.push({ idx, dirOnly, lit: longestLiteral(rest), re: new RegExp(tokensToRegex(rest, true)), depth: 0 });
      return;
    }
    const lit = literalOf(tokens);
    if (lit !== undefined) return this.addLiteralPath(lit, idx, dirOnly);
    const depth = fixedDepth(tokens);
    if (depth === 0) {
      this.childRe.push({ idx, dirOnly, lit: longestLiteral(tokens), re: new RegExp(tokensToRegex(tokens, true)), depth });
      return;
    }
    if (depth > 0 && depth < 31) this.pathDepths |= 1 << depth;
    else this.anyDepthPath = true;
    this.pathRe.push({ idx, dirOnly, lit: longestLiteral(tokens), re: new RegExp(tokensToRegex(tokens, true)), depth });
  }

  /**
   * Index of the last rule matching an entry, or -1. `name` is the entry's base name (a byte
   * string) and `ext` what follows its last dot (undefined: no dot); `d` its depth below the
   * matcher's directory (0: directly inside). The path relative to the matcher's directory, needed
   * only by rules with a `/`, is `anc + key` when `anc` is given (directories above the root) else
   * `key` minus its first `prefixLen` characters.
   */
  matchIdx(name: string, ext: string | undefined, isDir: boolean, d: number, key: string, prefixLen: number, anc: string | undefined): number {
    let best = -1;
    let s = this.baseLit.get(name);
    if (s !== undefined) best = isDir ? s.d : s.f;
    if (d === 0) {
      if (this.childLit.size !== 0) {
        s = this.childLit.get(name);
        if (s !== undefined) {
          const v = isDir ? s.d : s.f;
          if (v > best) best = v;
        }
      }
      if (this.childRe.length !== 0) best = scanRegex(this.childRe, name, isDir, best);
    }
    if (ext !== undefined && this.extSuf.size !== 0) {
      const l = this.extSuf.get(ext);
      if (l !== undefined) best = scanSuffix(l, name, isDir, best);
    }
    if (this.otherSuf.length !== 0) best = scanSuffix(this.otherSuf, name, isDir, best);
    if (this.prefix.size !== 0) {
      const l = this.prefix.get(name.charCodeAt(0));
      if (l !== undefined) best = scanPrefix(l, name, isDir, best);
    }
    if (this.baseRe.length !== 0) {
      const any = this.baseAny === undefined ? this.buildBaseAny() : this.baseAny;
      if (any === null || any.test(name)) best = scanRegex(this.baseRe, name, isDir, best);
    }
    if (this.anyDepthPath || (d < 31 && (this.pathDepths & (1 << d)) !== 0)) {
      let rel: string | undefined;
      if (this.pathLitNames.has(name)) {
        rel = anc !== undefined ? anc + key : prefixLen !== 0 ? key.substring(prefixLen) : key;
        s = this.pathLit.get(rel);
        if (s !== undefined) {
          const v = isDir ? s.d : s.f;
          if (v > best) best = v;
        }
      }
      for (let i = this.pathRe.length - 1; i >= 0; i--) {
        const r = this.pathRe[i];
        if (r.idx <= best) break;
        if ((r.dirOnly && !isDir) || (r.depth >= 0 && r.depth !== d)) continue;
        rel ??= anc !== undefined ? anc + key : prefixLen !== 0 ? key.substring(prefixLen) : key;
        if (rel.includes(r.lit) && r.re!.test(rel)) {
          best = r.idx;
          break;
        }
      }
    }
    return best;
  }

  private buildBaseAny(): RegExp | null {
    const l = this.baseRe;
    // One rule: its own `includes` is as cheap; an empty literal: every name passes anyway.
    if (l.length < 2 || l.some((r) => r.lit === "")) return (this.baseAny = null);
    return (this.baseAny = new RegExp(l.map((r) => r.lit.replace(/[\\^$.*+?()[\]{}|\/]/g, "\\$&")).join("|")));
  }

  /**
   * The same answer computed the literal way (every rule's full-path regex, last wins), for paths
   * whose directory part contains a newline, where the ignore crate's `.*` stops.
   */
  matchIdxFull(rel: string, isDir: boolean): number {
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const r = this.rules[i];
      if (r.dirOnly && !isDir) continue;
      if (!r.re) {
        const tokens = parseGlob(r.actual);
        r.re = new RegExp(tokensToRegex(r.caseless ? foldCase(tokens) : tokens, true));
      }
      if (r.re.test(rel)) return i;
    }
    return -1;
  }

  /** NONE, IGNORE or WHITELIST for a rule index from matchIdx. */
  verdict(idx: number): number {
    return idx < 0 ? NONE : this.rules[idx].neg ? WHITELIST : IGNORE;
  }
}

const FATAL = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Builds a matcher from an ignore file's bytes the way rg 13 reads it: line by line, a trailing
 * CR dropped, no BOM handling, and reading stops at the first line that is not valid UTF-8.
 * Lines that fail to parse as globs are dropped (rg prints a warning for them).
 */
export function parseIgnoreFile(buf: Uint8Array): IgnoreMatcher {
  const m = new IgnoreMatcher();
  let text: string;
  try {
    text = FATAL.decode(buf);
  } catch {
    // Find the first invalid line; everything before it is used.
    let start = 0;
    const lines: string[] = [];
    for (;;) {
      let nl = buf.indexOf(10, start);
      const end = nl < 0 ? buf.length : nl;
      try {
        lines.push(FATAL.decode(buf.subarray(start, end)));
      } catch {
        break;
      }
      if (nl < 0) break;
      start = nl + 1;
    }
    text = lines.join("\n");
  }
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (line.endsWith("\r")) line = line.slice(0, -1);
    const e = m.addLine(line);
    if (e) (m.bad ??= []).push(`line ${i + 1}: ${e.message}`);
  }
  return m;
}

/**
 * Matcher from in-memory glob lines (used for -g overrides), as rg 13 builds them: the -g globs
 * (case-insensitive with --glob-case-insensitive), then the --iglob globs (always), later ones
 * winning. Throws GlobError on the first bad glob.
 */
export function compileGlobs(globs: string[], caseless = false, iglobs: string[] = []): IgnoreMatcher {
  const m = new IgnoreMatcher();
  for (const [list, ci] of [[globs, caseless], [iglobs, true]] as const) {
    for (const g of list) {
      const e = m.addLine(g, ci);
      if (e) throw new GlobError(g, e.reason);
    }
  }
  return m;
}

export { toBytes };

noTopTier(IgnoreMatcher.prototype.matchIdx, scanSuffix, scanPrefix, scanRegex);
