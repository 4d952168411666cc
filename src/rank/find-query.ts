/**
 * The find query: normalised terms and how strongly a code token matches each of them.
 * Matching is by identifier token, never by substring, with graded looseness:
 *   exact / same stem            1.0   (render ~ rendering ~ renderer, handle ~ handler)
 *   compound of query words      0.85  (observablemap ~ observable map, bccache ~ bytecode cache)
 *   abbreviation                 0.6   (dupe ~ duplicate, cfg ~ config, auth ~ authentication;
 *                                      0.4 for a 3-letter code token: dir ~ directory)
 *   derived form                 0.5   (serial ~ serialize)
 */
import { identifierWords, isStopWord, stem } from "../query/identifiers.ts";
import type { Role } from "../classify/role.ts";

export interface Term {
  word: string;
  stem: string;
  /** Common programming synonyms of the word (as words, not stems), matched at 0.5. */
  synonyms?: string[];
}

/**
 * Words that name the same idea in code, so a query in plain words finds code that says it the
 * other way ("declared" finds `define`, "restart" finds `reload`). General vocabulary only:
 * each group is a set of near-interchangeable verbs/nouns in programs, never a project's names.
 */
const SYNONYM_GROUPS: string[][] = [
  ["define", "declare"],
  ["restart", "reload", "respawn"],
  ["remove", "delete", "erase"],
  ["create", "construct", "instantiate"],
  ["start", "begin", "launch"],
  ["stop", "halt", "terminate", "shutdown"],
  ["change", "modify", "mutate", "alter"],
  ["cancel", "abort"],
  ["find", "search", "lookup", "locate"],
  ["fetch", "retrieve", "download"],
  ["directory", "folder"],
  ["equal", "equality", "eq"],
  ["compare", "comparer", "comparator", "cmp"],
  ["serialize", "marshal", "encode"],
  ["deserialize", "unmarshal", "decode"],
  ["authenticate", "login", "signin"],
  ["password", "passwd"],
  ["configuration", "settings", "preferences"],
  ["temporary", "temp", "tmp"],
  ["environment", "env"],
  ["timeout", "deadline"],
  ["hash", "digest"],
  ["watch", "monitor", "observe"],
  ["listen", "subscribe"],
  ["emit", "dispatch", "fire"],
];

export interface FindQuery {
  /** The words as the user gave them, joined by spaces. */
  text: string;
  terms: Term[];
  /** Stop words left out (shown so the user knows they did not count). */
  dropped: string[];
  /** Roles the query asks for by name ("test", "docs", "example"...): not demoted. */
  wantRoles: Set<Role>;
  /** Every word was a stop word, so they are searched anyway (and the output says so). */
  onlyStopWords: boolean;
}

const ROLE_WORDS: Array<[RegExp, Role]> = [
  [/^(test|tests|testing|spec|specs|unittest|fixture|fixtures|testdata|conftest|mock|mocks)$/, "test"],
  [/^(doc|docs|documentation|readme|guide|manual|changelog|tutorial)$/, "docs"],
  [/^(example|examples|demo|demos|sample|samples)$/, "example"],
  [/^(vendor|vendored|third|thirdparty)$/, "vendored"],
  [/^(generated|codegen|minified|dist|bundle)$/, "generated"],
  [/^(config|configuration|settings)$/, "config"],
  [/^(build|makefile|cmake)$/, "build"],
];

export function buildQuery(words: string[]): FindQuery {
  const text = words.join(" ");
  const all: string[] = [];
  for (const w of words) all.push(...identifierWords(w));
  const kept = all.filter((w) => !isStopWord(w));
  // A query made only of stop words ("find it") still searches for them rather than nothing.
  const use = kept.length > 0 ? kept : all;
  const dropped = kept.length > 0 ? [...new Set(all.filter((w) => isStopWord(w)))] : [];
  const terms: Term[] = [];
  const seen = new Set<string>();
  for (const w of use) {
    const s = stem(w);
    if (seen.has(s)) continue;
    seen.add(s);
    const syn = new Set<string>();
    for (const g of SYNONYM_GROUPS) if (g.some((x) => x === w || stem(x) === s)) for (const x of g) if (x !== w && stem(x) !== s) syn.add(x);
    terms.push(syn.size ? { word: w, stem: s, synonyms: [...syn] } : { word: w, stem: s });
  }
  const wantRoles = new Set<Role>();
  for (const t of terms) for (const [re, role] of ROLE_WORDS) if (re.test(t.word)) wantRoles.add(role);
  return { text, terms, dropped, wantRoles, onlyStopWords: kept.length === 0 && all.length > 0 };
}

/** True when every letter of `abbr` occurs in `word` in order (dupe in duplicate). */
function isSubsequence(abbr: string, word: string): boolean {
  let j = 0;
  for (let i = 0; i < word.length && j < abbr.length; i++) if (word[i] === abbr[j]) j++;
  return j === abbr.length;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

const VOWELS = /[aeiou]/;

/** How well one lowercase token matches one term, 0 when it does not. */
export function matchQuality(token: string, t: Term, tokenStem?: string): number {
  if (token === t.word) return 1;
  if (token.length < 3 || t.word.length < 3) return 0;
  // Every graded match below shares the first letter (and most share three): a cheap reject.
  if (token.charCodeAt(0) !== t.word.charCodeAt(0)) return 0;
  const ts = tokenStem ?? stem(token);
  if (ts === t.stem) return 1;
  const [short, long] = token.length < t.word.length ? [token, t.word] : [t.word, token];
  // Derived form: "serial" ~ "serialize", "precede" ~ "precedence". Needs 5+ shared letters so
  // auth/author and set/setup stay apart.
  if (long.startsWith(short) && short.length >= 5 && short.length * 2 >= long.length) return 0.5;
  if (ts.length >= 5 && t.stem.length >= 5 && (ts.startsWith(t.stem) || t.stem.startsWith(ts)) && Math.min(ts.length, t.stem.length) * 2 >= Math.max(ts.length, t.stem.length)) return 0.5;
  // Abbreviation: the shorter is an in-order subsequence of the longer with the same start.
  // As a plain prefix it must be much shorter (impl ~ implementation, auth ~ authentication, but
  // not auth ~ author); otherwise it shares 3 leading letters (dupe ~ duplicate) or has no vowel
  // after its first letter (cfg ~ config, ctx ~ context, msg ~ message).
  if (short[0] === long[0] && short.length >= 3 && short.length < long.length && isSubsequence(short, long)) {
    const cp = commonPrefix(short, long);
    if (cp === short.length) {
      if (short.length > 0.6 * long.length) return 0;
      // A 3-letter code token (dir, req, ctx) abbreviates a query word; a 3-letter query word
      // (def, set) prefixing a code token (default, settings) is substring noise.
      if (short.length === 3) return short === token ? 0.4 : 0;
      return 0.6;
    }
    // Not a prefix: must still be much shorter (dupe ~ duplicate, but loop !~ lookup).
    // It also keeps the last letter (dupe ~ duplicate), so true !~ trusted.
    if (cp >= 3 && short.length >= 4 && short.length <= 0.6 * long.length && short[short.length - 1] === long[long.length - 1]) return 0.6;
    if (!VOWELS.test(short.slice(1)) && short.length <= 4) return 0.6;
  }
  return 0;
}

export type TermHit = [term: number, quality: number];

/**
 * The literal every token matching `t` contains (case aside), for cheap prefilters: a long word's
 * first three letters (all graded matches share them), a short word's letters up to where its
 * stem departs (save -> "sav" for saving; lock -> "lock"). Vowel-free abbreviations (lck) are the
 * one kind of match a probe can miss.
 */
export function probeOf(t: Term): string {
  if (t.word.length <= 3) return t.word;
  if (t.word.length > 4) return t.word.slice(0, 3);
  return t.word.slice(0, Math.max(3, commonPrefix(t.word, t.stem)));
}

/** Probes for a term and its synonyms. */
export function probesOf(t: Term): string[] {
  const out = [probeOf(t)];
  for (const w of t.synonyms ?? []) out.push(probeOf({ word: w, stem: stem(w) }));
  return out;
}

/** Synonym matches are weaker than the word itself: the code may mean something else by it. */
export const SYNONYM_QUALITY = 0.5;

/**
 * Memoised token -> term matches for one query. Tokens are lowercase identifier words.
 * Also recognises compounds written without separators (observablemap, mergesort, bccache).
 */
export class TokenMatcher {
  private memo = new Map<string, TermHit[]>();
  private compoundMemo = new Map<string, TermHit[]>();
  /** synonym stem -> terms it stands for; and the synonyms' first letters for a cheap reject. */
  private synStems = new Map<string, number[]>();
  private synFirst = new Set<number>();
  constructor(readonly terms: Term[]) {
    terms.forEach((t, i) => {
      for (const w of t.synonyms ?? []) {
        const st = stem(w);
        const l = this.synStems.get(st) ?? [];
        l.push(i);
        this.synStems.set(st, l);
        this.synFirst.add(w.charCodeAt(0));
      }
    });
  }

  match(token: string): TermHit[] {
    let r = this.memo.get(token);
    if (r) return r;
    r = [];
    let ts: string | undefined;
    for (let i = 0; i < this.terms.length; i++) {
      const t = this.terms[i]!;
      if (token !== t.word && token.charCodeAt(0) !== t.word.charCodeAt(0)) continue;
      ts ??= stem(token);
      const q = matchQuality(token, t, ts);
      if (q > 0) r.push([i, q]);
    }
    if (this.synFirst.has(token.charCodeAt(0)) && token.length >= 2) {
      ts ??= stem(token);
      for (const ti of this.synStems.get(ts) ?? []) if (!r.some((h) => h[0] === ti)) r.push([ti, SYNONYM_QUALITY]);
    }
    // A compound needs one whole query word inside it; most tokens have none, so skip the DP.
    if (token.length >= 6 && this.terms.some((t) => t.word.length >= 2 && token.includes(t.word.length > 4 ? t.stem : t.word))) {
      const c = this.compound(token);
      for (const [ti, q] of c) {
        const ex = r.find((h) => h[0] === ti);
        if (!ex) r.push([ti, q]);
        else if (ex[1] < q) ex[1] = q;
      }
      r.sort((a, b) => a[0] - b[0]);
    }
    this.memo.set(token, r);
    return r;
  }

  /**
   * Splits an unseparated token into query words: each segment is a term (or its stem), or a
   * 2+ letter abbreviation of one (bc for bytecode). Needs two matched segments covering 80% of
   * the token, so `report` does not become re+port.
   */
  compound(token: string): TermHit[] {
    const hit = this.compoundMemo.get(token);
    if (hit) return hit;
    const n = token.length;
    // best[i] = best (covered, segments, hits) for token[0..i)
    type St = { cov: number; segs: number; hits: TermHit[] } | null;
    const best: St[] = new Array(n + 1).fill(null);
    best[0] = { cov: 0, segs: 0, hits: [] };
    for (let i = 0; i < n; i++) {
      const cur = best[i];
      if (!cur) continue;
      const push = (j: number, cov: number, seg: number, h: TermHit | null) => {
        const nx = { cov: cur.cov + cov, segs: cur.segs + seg, hits: h ? [...cur.hits, h] : cur.hits };
        const old = best[j];
        if (!old || nx.cov > old.cov || (nx.cov === old.cov && nx.segs < old.segs)) best[j] = nx;
      };
      push(i + 1, 0, 0, null); // skip an unmatched letter
      for (let ti = 0; ti < this.terms.length; ti++) {
        const t = this.terms[ti]!;
        for (const f of t.word === t.stem ? [t.word] : [t.word, t.stem]) {
          if (f.length >= 2 && token.startsWith(f, i)) push(i + f.length, f.length, 1, [ti, 0.85]);
        }
        for (let L = 2; L <= Math.min(4, t.word.length - 1); L++) {
          if (i + L > n) break;
          const seg = token.slice(i, i + L);
          if (seg[0] === t.word[0] && isSubsequence(seg, t.word)) push(i + L, L * 0.8, 1, [ti, 0.5]);
        }
      }
    }
    const end = best[n]!;
    let out: TermHit[] = [];
    if (end.hits.length >= 2 && end.cov >= 0.8 * n) {
      const byTerm = new Map<number, number>();
      for (const [ti, q] of end.hits) byTerm.set(ti, Math.max(byTerm.get(ti) ?? 0, q));
      // Two abbreviations alone (b+c) are too weak: need one real word in the compound.
      if ([...byTerm.values()].some((q) => q >= 0.85)) out = [...byTerm.entries()].sort((a, b) => a[0] - b[0]);
    }
    this.compoundMemo.set(token, out);
    return out;
  }
}
