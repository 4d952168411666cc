/**
 * Combining the signals into one score per file. Scores are in "IDF units", so path, symbol and
 * content evidence for a rare word all outweigh the same for a common word:
 *   (path + description + content + definitions + proximity + passage + learned name)
 *     × coverage factor × role factor × form factor
 */
import { idf as idfOf } from "./bm25.ts";
import type { FindQuery, TokenMatcher } from "./find-query.ts";
import { confirmComposites, pathScore } from "./path.ts";
import { contentSignal, proximitySignal } from "./content.ts";
import { descriptionSignal } from "./description.ts";
import { symbolSignal } from "./symbols.ts";
import { passageSignal } from "./passage.ts";
import { learnedHits, learnedSignal, type LearnedName } from "./learned.ts";
import { coverageOf, covFactor } from "./coverage.ts";
import { roleFactor } from "./roles.ts";
import { formFactor } from "./form.ts";
import { maskRarity, round } from "./util.ts";
import type { Cand, RankedFile } from "./types.ts";

/** Rarities over the files read (content) and the paths. */
export interface Rarity {
  /** Per term: content rarity (IDF over the read files). */
  cidf: number[];
  /** One rarity per term for coverage, definitions and descriptions: content rarity when content was read. */
  tidf: number[];
  idfSum: number;
  /** Path weight per term: rare in paths AND rare in content. */
  pw: number[];
  /** Mean length of the read files (BM25 normalisation). */
  avgLen: number;
  /** Per term: rarity of its synonyms' mentions (files saying the term only so), at most cidf. */
  sidf: number[];
}

/**
 * `tree`: per-term content rarity over the whole scope (tree-search.ts) when only the leading
 * files were scanned in full; otherwise content rarity is over the files read.
 */
export function rarityOf(cands: Cand[], pidf: number[], tree?: number[]): Rarity {
  const nT = pidf.length;
  const df = new Array(nT).fill(0);
  const sdf = new Array(nT).fill(0);
  let lenSum = 0;
  let docs = 0;
  for (const c of cands) {
    if (!c.ev) continue;
    docs++;
    lenSum += c.ev.len;
    // A file saying only a synonym (multi for "several") does not make the word itself common.
    for (let t = 0; t < nT; t++) {
      if (c.ev.direct[t]! > 0) df[t]++;
      if ((c.ev.synTf?.[t] ?? 0) > 0) sdf[t]++;
    }
  }
  const avgLen = docs ? lenSum / docs : 1;
  const cidf = tree ?? df.map((d) => idfOf(Math.max(docs, 1), d));
  const tidf = cidf.map((c, t) => (docs > 0 ? c : pidf[t]!));
  const idfSum = tidf.reduce((a, b) => a + b, 0) || 1;
  // A word rare in file names but in half the files' text ("file", "value") is a generic word, not the topic.
  const pw = docs === 0 ? pidf : pidf.map((p, t) => Math.sqrt(p * cidf[t]!));
  const sidf = cidf.map((c, t) => Math.min(c, idfOf(Math.max(docs, 1), sdf[t]!)));
  return { cidf, tidf, idfSum, pw, avgLen, sidf };
}

export interface ScoreContext {
  query: FindQuery;
  /** The path matcher (composites included: acronym path hits are confirmed by the content). */
  m: TokenMatcher;
  rarity: Rarity;
  learned: LearnedName[];
  /**
   * The files a kept learned word names (keepLearned's test): only those look for learned hits
   * (learnedHits splits the name again). Undefined: every file looks.
   */
  named?: ReadonlySet<string>;
  /** Files walked (learned names' rarity). */
  N: number;
}

/**
 * Whether a candidate has any evidence to score: a path hit, a mention in its content, or a name
 * holding a kept learned word (`named`: the files keepLearned found so named, the same test as
 * learnedHits, made once for the tree instead of once per candidate).
 */
export function hasEvidence(c: Cand, named: ReadonlySet<string>): boolean {
  if (c.info.hits.length > 0 || named.has(c.info.entry.display)) return true;
  if (c.ev === null) return false;
  for (const n of c.ev.tf) if (n > 0) return true;
  return false;
}

const NO_LEARNED: LearnedName[] = [];
const NO_TERMS: ReadonlySet<number> = new Set();

/** One file's score, its components and the evidence behind them. */
export function scoreFile(c: Cand, x: ScoreContext): RankedFile {
  const { query, rarity: r } = x;
  const nT = query.terms.length;
  const { tidf, idfSum } = r;
  const ev = c.ev;
  const inf = ev ? confirmComposites(c.info, ev.spelled, x.m) : c.info;
  const path = pathScore(inf, r.pw, nT);
  const tf = ev ? ev.tf : new Array(nT).fill(0);
  const content = ev ? contentSignal(tf, ev.len, r.cidf, r.avgLen, ev.synTf, r.sidf) : 0;
  const desc = ev ? descriptionSignal(ev.header, ev.docs, tidf, idfSum) : { score: 0, words: [], docAt: null };
  const sym = symbolSignal(ev ? ev.defs : [], tidf);
  const pass = ev ? passageSignal(ev.passages, tidf, idfSum) : { score: 0, mask: 0 };
  const nearPairs = ev ? ev.nearPairs : 0;
  const proximity = proximitySignal(nearPairs, idfSum, nT);
  const lh = x.named && !x.named.has(inf.entry.display) ? NO_LEARNED : learnedHits(inf.entry.display, x.learned);
  // A learned name stands for the words of the comment that taught it (see learnNames).
  const { matched, coverage } = coverageOf(inf.best, tf, sym.perTerm, lh.length ? new Set(lh.flatMap((l) => l.terms)) : NO_TERMS, tidf, idfSum);
  const role = roleFactor(inf, query);
  const learned = learnedSignal(lh, x.N);
  const raw = path + desc.score + content + sym.score + proximity + pass.score + learned;
  const form = formFactor(inf.entry.display, query);
  const final = raw * covFactor(coverage) * role * form;
  const docAt = desc.docAt;
  return {
    entry: inf.entry,
    path: inf.entry.display,
    role: inf.role!,
    score: round(final),
    components: { path: round(path), header: round(desc.score), symbols: round(sym.score), content: round(content), proximity: round(proximity), passage: round(pass.score), learned: round(learned), coverage: round(coverage), roleFactor: role, formFactor: form },
    pathHits: inf.hits,
    headerWords: desc.words,
    ...(docAt ? { docAt: { name: docAt.name, line: docAt.line } } : {}),
    learnedHits: lh,
    passageWords: maskRarity(pass.mask, tidf).terms,
    symbolHits: sym.hits,
    tf,
    ...(ev ? { spelled: ev.spelled } : {}),
    matched,
    nearPairs,
    contentRead: ev !== null,
    ...(ev?.windowed ? { windowed: true } : {}),
    bytes: c.bytes,
    structure: c.structure,
  };
}
