/**
 * The find query: normalised terms and how strongly a code token matches each of them.
 * Matching is by identifier token, never by substring, with graded looseness:
 *   exact / same stem            1.0   (render ~ rendering ~ renderer, handle ~ handler)
 *   compound of query words      0.85  (observablemap ~ observable map, bccache ~ bytecode cache)
 *   abbreviation                 0.6   (dupe ~ duplicate, cfg ~ config, auth ~ authentication;
 *                                      0.4 for a 3-letter code token: dir ~ directory)
 *   derived form                 0.5   (serial ~ serialize)
 */
import { identifierWords, isStopWord, isUnspacedWord, stem } from "../query/identifiers.ts";
import type { Role } from "../classify/role.ts";
import { SYNONYM_GROUPS } from "./thesaurus.ts";

export interface Term {
  word: string;
  stem: string;
  /** Common programming synonyms of the word (as words, not stems), matched at 0.5. */
  synonyms?: string[];
}


/**
 * A short form code writes for several adjacent query words: an acronym of their initials
 * ("kernel samepage merging" -> ksm, "out of memory" -> oom), an acronym or one initial run
 * into the next word ("red black tree" -> rbtree, "dentry cache" -> dcache). Matched as a whole
 * token (or a segment of a compound), at `quality` for the initialled words.
 */
export interface Composite {
  text: string;
  /** Terms spelled by initials (quality ACRONYM_QUALITY) and the term written out (1), if any. */
  initialled: number[];
  spelled: number | null;
  /** Quality of the written-out word: 1 whole, below when cut short (q + disc for "queue discipline"). */
  spelledQuality: number;
}

export interface FindQuery {
  /** The words as the user gave them, joined by spaces. */
  text: string;
  terms: Term[];
  /** Acronyms and initial compounds of adjacent query words (see Composite). */
  composites: Composite[];
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
  // A typed identifier's parts count (`must_use`, `hasNotEmpty`): the user named a thing, and its
  // stop-word parts are half of its name; two-letter ones (is, to, of) say too little to search.
  const named = new Set<number>();
  for (const w of words) {
    const parts = identifierWords(w);
    if (parts.length > 1) parts.forEach((p, k) => p.length >= 3 && named.add(all.length + k));
    all.push(...parts);
  }
  const stop = all.map((w, k) => isStopWord(w) && !named.has(k));
  const kept = all.filter((_, k) => !stop[k]);
  // A query made only of stop words ("find it") still searches for them rather than nothing.
  const use = kept.length > 0 ? kept : all;
  const dropped = kept.length > 0 ? [...new Set(all.filter((w, k) => stop[k] && !kept.includes(w)))] : [];
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
  const byStem = new Map<string, number>();
  terms.forEach((t, k) => byStem.has(t.stem) || byStem.set(t.stem, k));
  const seq = all.map((w, k) => (kept.length > 0 && stop[k] ? -1 : (byStem.get(stem(w)) ?? -1)));
  return { text, terms, composites: compositesOf(all, seq, terms), dropped, wantRoles, onlyStopWords: kept.length === 0 && all.length > 0 };
}

/** Short English words an acronym may spell by chance ("diff old new" -> don). */
const COMMON_SHORT = new Set("add ago aim air all and ant any app arc are arm art ask bad bag ban bar bat bed bet big bin bit box boy bug bus but buy can cap car cat cow cry cup cut dad day den did die dig dog don dot dry due dug ear eat egg end era eve eye fan far fat fee few fig fit fix fly fog for fox fun fur gap gas get god got gun guy gym hat her hid him hip his hit hop hot how hug ice ill ink its jam jar jet job joy key kid kit lab lap law lay leg let lid lie lip log lot low mad man map mat may men met mix mob mom mud mug nap net new nod nor not now nut oak odd off oil old one our out owl own pad pan pat pay pen pet pie pig pin pit pop pot put ran rat raw red rid rim rip rob rod row rub rug run sad sat saw say sea see set sew she shy sin sip sit six ski sky son spy sum sun tab tag tan tap tax tea ten the tie tin tip toe ton too top toy try tub two use van vet via war was way web wet who why win wit won yes yet you zip".split(" "));

/** Initialled words match a little below the word itself: the short form may mean something else. */
export const ACRONYM_QUALITY = 0.8;
/** A word cut short inside a composite (disc in qdisc). */
export const ABBREVIATED_QUALITY = 0.7;

/**
 * Acronyms of runs of adjacent query words (2 to 6 words, starting and ending on a kept word; a
 * stop word inside may or may not give its initial: "out of memory" -> oom and om), alone when 3+
 * letters, or followed by the next query word (rb + tree, hr + timer); and one initial followed by
 * the next word (d + cache, r + map for "reverse mapping") when that makes 4+ letters.
 */
export function compositesOf(words: string[], seq: number[], terms: Term[]): Composite[] {
  const out = new Map<string, Composite>();
  const forms = new Set(terms.flatMap((t) => [t.word, t.stem]));
  const add = (text: string, initialled: number[], spelled: number | null, spelledQuality = 1) => {
    if (!/^[a-z]+$/.test(text) || out.has(text)) return;
    // The word itself, or a word of the query, is not a short form of others; nor is an English word.
    if (forms.has(text) || isStopWord(text) || COMMON_SHORT.has(text)) return;
    out.set(text, { text, initialled: [...new Set(initialled)], spelled, spelledQuality });
  };
  const n = words.length;
  for (let i = 0; i < n; i++) {
    // Runs i..j: every choice of stop-word initials (few: runs are short). A run may start on a
    // stop word ("out of memory"), whose initial then always counts.
    let variants: Array<{ s: string; ts: number[]; len: number }> = [{ s: words[i]![0]!, ts: seq[i]! >= 0 ? [seq[i]!] : [], len: 1 }];
    for (let j = i + 1; j < n && j < i + 6; j++) {
      const w = words[j]!;
      if (seq[j]! < 0) {
        variants = variants.flatMap((v) => [v, { s: v.s + w[0], ts: v.ts, len: v.len + 1 }]);
        continue;
      }
      variants = variants.map((v) => ({ s: v.s + w[0], ts: [...v.ts, seq[j]!], len: v.len + 1 }));
      for (const v of variants) {
        const distinct = new Set(v.ts).size;
        // Two query words, or three initials of which one is a query word (oom).
        if (distinct < 2 && !(distinct === 1 && v.len >= 3 && v.s.length >= 3)) continue;
        if (v.s.length >= 3) add(v.s, v.ts, null);
        const nx = seq[j + 1] ?? -1;
        if (nx >= 0 && !v.ts.includes(nx)) {
          const t = terms[nx]!;
          add(v.s + t.word, v.ts, nx);
          if (t.stem.length >= 3) add(v.s + t.stem, v.ts, nx);
        }
      }
    }
    // An acronym of adjacent words followed by another query word anywhere in the query, whole or
    // cut to 3+ letters (fbcon for "console ... frame buffer", the word order of English aside).
    // (Paired with the first ANYWHERE_TERMS terms only: the pairing is quadratic in the query,
    // and a query of thousands of words took minutes.)
    acronymRuns(words, seq, i).forEach((v) => {
      for (let t = 0; t < terms.length && t < ANYWHERE_TERMS; t++) {
        if (v.ts.includes(t)) continue;
        const w = terms[t]!.word;
        add(v.s + w, v.ts, t);
        for (let k = 3; k < w.length - 1; k++) add(v.s + w.slice(0, k), v.ts, t, ABBREVIATED_QUALITY);
      }
    });
    const nx = seq[i + 1] ?? -1;
    if (seq[i]! >= 0 && nx >= 0 && nx !== seq[i]) {
      const t = terms[nx]!;
      for (const f of new Set([t.word, t.stem])) if (f.length >= 3 && f.length + 1 >= 4) add(words[i]![0]! + f, [seq[i]!], nx);
      // ...or into the next word cut short to 4+ letters, as C names do (qdisc: queue discipline).
      for (let k = 4; k < t.word.length - 1; k++) add(words[i]![0]! + t.word.slice(0, k), [seq[i]!], nx, ABBREVIATED_QUALITY);
    }
  }
  return [...out.values()];
}

const ANYWHERE_TERMS = 64;

/** Initials of runs of 2-3 adjacent query words starting at i (no stop words inside). */
function acronymRuns(words: string[], seq: number[], i: number): Array<{ s: string; ts: number[] }> {
  const out: Array<{ s: string; ts: number[] }> = [];
  if (seq[i]! < 0) return out;
  let s = words[i]![0]!;
  const ts = [seq[i]!];
  for (let j = i + 1; j < words.length && j < i + 3 && seq[j]! >= 0; j++) {
    if (ts.includes(seq[j]!)) break;
    s += words[j]![0]!;
    ts.push(seq[j]!);
    out.push({ s, ts: ts.slice() });
  }
  return out;
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

/**
 * An inflected word cut below its base form's silent e or doubled letter is that base: tiling
 * (stem til) is tile, sniffing (snif) is sniff, the names a file or function is given. Only a
 * word the stemmer cut (by -ing, -ed) meets a base this way: the token `not` is not "notes".
 */
export function sameBase(aWord: string, aStem: string, bWord: string, bStem: string): boolean {
  return cutFrom(aWord, aStem, bStem) || cutFrom(bWord, bStem, aStem);
}

/** `w`, cut by the stemmer to `s`, is `base` less its silent e or doubled letter (see sameBase). */
export function cutFrom(w: string, s: string, base: string): boolean {
  return w.length >= s.length + 2 && s.length >= 3 && base.length === s.length + 1 && base.startsWith(s) && (base.endsWith("e") || base[s.length] === s[s.length - 1]);
}

/**
 * British and American spellings of one word are that word: normalise ~ normalize, analyse ~
 * analyze (one s for z after i or y), colour ~ color, behaviour ~ behavior (our for or). Compared
 * on stems, 5+ letters, so short words that merely differ by a letter stay apart.
 */
export function spellingVariant(a: string, b: string): boolean {
  if (a === b || a.length < 5 || b.length < 5) return false;
  if (a.length === b.length) {
    let at = -1;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      if (at >= 0) return false;
      at = i;
    }
    const pair = a[at]! + b[at]!;
    return at >= 3 && (pair === "sz" || pair === "zs") && (a[at - 1] === "i" || a[at - 1] === "y");
  }
  const us = (w: string) => w.replace(/(?<=[bcdfghilmnprtv])our/g, "or");
  return Math.abs(a.length - b.length) === 1 && us(a) === us(b);
}

/** How well one lowercase token matches one term, 0 when it does not. */
export function matchQuality(token: string, t: Term, tokenStem?: string): number {
  if (token === t.word) return 1;
  if (token.length < 3 || t.word.length < 3) return 0;
  // Every graded match below shares the first letter (and most share three): a cheap reject.
  if (token.charCodeAt(0) !== t.word.charCodeAt(0)) return 0;
  const ts = tokenStem ?? stem(token);
  if (ts === t.stem || sameBase(token, ts, t.word, t.stem) || spellingVariant(ts, t.stem)) return 1;
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
      // An English word (for, all, add, key) is itself, not an abbreviation: `for` is not
      // "forwarding" and `all` is not "allocating".
      if (short.length === 3) return short === token && !COMMON_SHORT.has(token) ? 0.4 : 0;
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
  if (t.word.length > 4) return prefix(t.word, 3);
  return prefix(t.word, Math.max(3, commonPrefix(t.word, t.stem)));
}

/** The first k UTF-16 units of w, one more when k would cut a surrogate pair (𠮷): a probe is whole characters. */
function prefix(w: string, k: number): string {
  const c = w.charCodeAt(k - 1);
  return w.slice(0, c >= 0xd800 && c <= 0xdbff ? k + 1 : k);
}

/** Probes for a term and its synonyms. */
export function probesOf(t: Term): string[] {
  const out = [probeOf(t)];
  for (const w of t.synonyms ?? []) out.push(synonymProbe(w));
  return out;
}

/**
 * The literal every spelling of a word that the content scan counts contains (case aside): its
 * stem when the word starts with it, cut by a letter from 6 letters on (polici -> polic for
 * policy), never below 3 letters (the word itself then).
 */
export function literalOf(word: string, stemmed: string): string {
  let base = prefix(word, commonPrefix(word, stemmed));
  if (base.length >= 6) base = prefix(base, base.length - 1);
  return base.length >= 3 ? base : word;
}

/**
 * A synonym matches only a token of its stem (TokenMatcher.match), so its probe is that stem's
 * literal (literalOf), not three letters: `transmit` is looked for as "transmi", not as every
 * "tra" of a file.
 */
export function synonymProbe(w: string): string {
  return literalOf(w, stem(w));
}

/** A word of an unspaced script inside a longer run of it (配置 in 配置文件): a compound's weight. */
export const INFIX_QUALITY = 0.85;

/** Synonym matches are weaker than the word itself: the code may mean something else by it. */
export const SYNONYM_QUALITY = 0.5;

/**
 * Memoised token -> term matches for one query. Tokens are lowercase identifier words.
 * Also recognises compounds written without separators (observablemap, mergesort, bccache).
 */
export class TokenMatcher {
  private memo = new Map<string, TermHit[]>();
  private synOnly = new Map<string, number>();
  private compoundMemo = new Map<string, TermHit[]>();
  /** synonym stem -> terms it stands for; and the synonyms' first letters for a cheap reject. */
  private synStems = new Map<string, number[]>();
  private synFirst = new Set<number>();
  /** Composite text -> its hits; the longest composite length bounds the lookup. */
  private comp = new Map<string, TermHit[]>();
  /** Composites that write no word out (htt for "hung task timeout"): initials only. */
  private initialsOnly = new Set<string>();
  /** Terms in a script without spaces (配置), matched inside a longer token of it (配置文件). */
  private unspaced: number[];
  constructor(readonly terms: Term[], readonly composites: Composite[] = []) {
    this.unspaced = terms.flatMap((t, i) => (isUnspacedWord(t.word) ? [i] : []));
    for (const c of composites) {
      if (c.spelled === null) this.initialsOnly.add(c.text);
      const hits: TermHit[] = c.initialled.map((t) => [t, ACRONYM_QUALITY] as TermHit);
      if (c.spelled !== null) hits.push([c.spelled, c.spelledQuality]);
      this.comp.set(c.text, hits.sort((a, b) => a[0] - b[0]));
    }
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

  /** The hits of a composite spelled by `token` (ksm, crc32, rbtree, hrtimers: digits and plural aside). */
  compositeHits(token: string): TermHit[] | undefined {
    if (!this.comp.size) return undefined;
    const base = token.replace(/[0-9]+$/, "");
    return this.comp.get(base) ?? (base.length > 4 ? this.comp.get(stem(base)) : undefined);
  }

  /**
   * The token is an acronym of query words and nothing more (no query word itself, no compound
   * of them): `htt` for "hung task timeout". Three letters name many things, so a file so named
   * is weak evidence (path.ts).
   */
  isInitials(token: string): boolean {
    if (!this.initialsOnly.size) return false;
    const base = token.replace(/[0-9]+$/, "");
    if (!this.initialsOnly.has(base) && !(base.length > 4 && this.initialsOnly.has(stem(base)))) return false;
    const hits = this.match(token);
    const c = this.compositeHits(token) ?? [];
    return hits.every(([t, q]) => c.some(([ct, cq]) => ct === t && cq === q));
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
    if (this.comp.size) {
      const c = this.compositeHits(token);
      if (c) for (const [ti, q] of c) {
        const ex = r.find((h) => h[0] === ti);
        if (!ex) r.push([ti, q]);
        else if (ex[1] < q) ex[1] = q;
      }
      if (c) r.sort((a, b) => a[0] - b[0]);
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
    for (const ti of this.unspaced) {
      const w = this.terms[ti]!.word;
      if (token.length > w.length && token.includes(w) && !r.some((h) => h[0] === ti)) {
        r.push([ti, INFIX_QUALITY]);
        r.sort((a, b) => a[0] - b[0]);
      }
    }
    // Synonyms last: a term they add is one the token matches only as a synonym (synonymOnly).
    if (this.synFirst.has(token.charCodeAt(0)) && token.length >= 2) {
      ts ??= stem(token);
      let only = 0;
      for (const ti of this.synStems.get(ts) ?? []) if (!r.some((h) => h[0] === ti)) { r.push([ti, SYNONYM_QUALITY]); only |= 1 << Math.min(ti, 30); }
      if (only) { r.sort((a, b) => a[0] - b[0]); this.synOnly.set(token, only); }
    }
    this.memo.set(token, r);
    return r;
  }

  /** Terms (bit mask, term 30+ share a bit) that `token` matches only as a synonym; 0 for most tokens. Call after match(). */
  synonymOnly(token: string): number {
    return this.synOnly.get(token) ?? 0;
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
          // Only a consonant abbreviation (bc, fb, ctx): a segment with a vowel is usually a
          // syllable of a plain word (con + text is "context", not "console text").
          if (seg[0] === t.word[0] && !VOWELS.test(seg.slice(1)) && isSubsequence(seg, t.word)) push(i + L, L * 0.8, 1, [ti, 0.5]);
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
