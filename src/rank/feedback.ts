/**
 * Signal: pseudo-relevance feedback. The query may say a concept with other words than the code
 * does (rate limit for throttle, traversal for traverse). The first ranking's leading files are
 * mostly on the topic even when the answer is not first, so the words they share that are rare in
 * the tree (by a fixed sample of it) stand for the topic too: the best few are counted, at a low
 * weight, in the leading candidates, which are ranked again. Only files already ranked are
 * re-scored; the cost is reading the leading few again and a sample of the tree.
 */
import { readFile, searchableEnd } from "../read/index.ts";
import type { FileEntry } from "../walk/types.ts";
import { identifierWords, isStopWord, stem } from "../query/identifiers.ts";
import { bm25, idf as idfOf } from "./bm25.ts";
import { ContentScanner } from "./content.ts";
import { TokenMatcher } from "./find-query.ts";
import { covFactor } from "./coverage.ts";
import { cmp, maskRarity, round } from "./util.ts";
import type { RankedFile } from "./types.ts";

/** The leading files the expansion words come from. */
export const FEEDBACK_FILES = Number(process.env.PRF_K ?? 3);
/** The leading files re-scored with them. */
export const FEEDBACK_POOL = 20;
export const FEEDBACK_TERMS = Number(process.env.PRF_E ?? 4);
/** An expansion word's weight against a query word's (content evidence, IDF units). */
export const FEEDBACK_WEIGHT = Number(process.env.PRF_W ?? 0.3);
/** Files of the tree sampled for the words' rarity. */
const SAMPLE_FILES = Number(process.env.PRF_S ?? 200);
const SAMPLE_BYTES = 16 * 1024;
/** Bytes of a file looked at (the leading part: bounds the cost on a generated file). */
const READ_BYTES = 128 * 1024;
/** A word in more than this share of the sample is common, not a topic. */
const CONTEXT_LINES = 2;
/** A context counts when its query words hold this share of the query's rarity. */
const CONTEXT_SHARE = Number(process.env.PRF_C ?? 0.4);
const MAX_SAMPLE_SHARE = Number(process.env.PRF_M ?? 0.05);

export interface FeedbackTerm {
  word: string;
  /** Rarity over the sample. */
  idf: number;
  /** Leading files that say it. */
  files: number;
}


function bytesOf(entry: FileEntry, max: number): string | null {
  const r = readFile(entry.open);
  if (r.kind !== "ok") return null;
  const { end, binary } = searchableEnd(r.buf, r.start, r.end);
  if (binary && end === r.start) return null;
  return r.buf.toString("latin1", r.start, Math.min(end, r.start + max));
}

/**
 * The lowercased words of a text's identifiers, split at camelCase and non-letters by native
 * string operations (several times faster than a scan per identifier; an acronym run such as
 * HTTPServer stays one word, which only ever makes a word look rarer than it is in one file).
 */
function wordsOf(text: string): string[] {
  return text.replace(CAMEL, "$1 $2").toLowerCase().split(NON_WORD);
}
const CAMEL = /([a-z0-9])([A-Z])/g;
const NON_WORD = /[^a-z0-9]+/;

/** A fixed sample of the tree, independent of walk order: the files whose path hashes lowest. */
function sampleOf(files: FileEntry[], n: number): FileEntry[] {
  if (files.length <= n) return files.slice().sort((a, b) => cmp(a.display, b.display));
  const h = (s: string) => {
    let x = 2166136261;
    for (let i = 0; i < s.length; i++) x = Math.imul(x ^ s.charCodeAt(i), 16777619);
    return x >>> 0;
  };
  // A threshold keeping about twice n files, then the n lowest: one pass, no sort of the tree.
  const cut = Math.min(2 ** 32, ((2 * n) / files.length) * 2 ** 32);
  const kept: Array<[number, FileEntry]> = [];
  for (const f of files) {
    const v = h(f.display);
    if (v < cut) kept.push([v, f]);
  }
  kept.sort((a, b) => a[0] - b[0] || cmp(a[1].display, b[1].display));
  return kept.slice(0, n).map((k) => k[1]);
}

/**
 * `ranked` (best first) re-ranked with the expansion words of its leading files added to the
 * leading FEEDBACK_POOL files' scores; the words chosen. isQueryWord: the word matches a query
 * term (the query's own words are already counted).
 */
export function withFeedback(ranked: RankedFile[], files: FileEntry[], m: TokenMatcher, tidf: number[]): { ranked: RankedFile[]; terms: FeedbackTerm[] } {
  const pool = ranked.slice(0, FEEDBACK_POOL).filter((r) => r.contentRead);
  const lead = pool.slice(0, FEEDBACK_FILES);
  if (lead.length < 2) return { ranked, terms: [] };
  const idfSum = tidf.reduce((a, b) => a + b, 0) || 1;
  const keep = (w: string) => w.length >= 4 && !/^\d/.test(w) && !isStopWord(w) && maskOf(w) === 0;
  // Words said near the query's (within CONTEXT_LINES of lines that, together, say two or more
  // of its words) in at least two leading files: the whole file would bring in its other topics
  // (the marking code of a collector for "garbage collected cleanup functions").
  const shared = new Map<string, { files: number; tf: number }>();
  const hitMemo = new Map<string, number>();
  const maskOf = (w: string) => {
    let k = hitMemo.get(w);
    if (k === undefined) { k = 0; for (const [t] of m.match(w)) k |= 1 << Math.min(t, 30); hitMemo.set(w, k); }
    return k;
  };
  for (const r of lead) {
    const t = bytesOf(r.entry, READ_BYTES);
    if (t === null) continue;
    const lines = t.split("\n").map(wordsOf);
    const masks = lines.map((ws) => { let k = 0; for (const w of ws) if (w.length > 1) k |= maskOf(w); return k; });
    const counts = new Map<string, number>();
    for (let i = 0; i < lines.length; i++) {
      let k = 0;
      for (let j = Math.max(0, i - CONTEXT_LINES); j <= Math.min(lines.length - 1, i + CONTEXT_LINES); j++) k |= masks[j]!;
      if ((k & (k - 1)) === 0 || maskRarity(k, tidf).sum < CONTEXT_SHARE * idfSum) continue;
      for (const w of lines[i]!) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    for (const [w, n] of counts) {
      if (!keep(w)) continue;
      const s = shared.get(w);
      if (s) { s.files++; s.tf += n; } else shared.set(w, { files: 1, tf: n });
    }
  }
  const cand = new Map([...shared.entries()].filter(([, s]) => s.files >= 2));
  if (cand.size === 0) return { ranked, terms: [] };
  // Rarity over a fixed sample of the tree.
  const df = new Map<string, number>([...cand.keys()].map((w) => [w, 0]));
  let S = 0;
  for (const f of sampleOf(files, SAMPLE_FILES)) {
    const t = bytesOf(f, SAMPLE_BYTES);
    if (t === null) continue;
    S++;
    for (const w of new Set(wordsOf(t))) { const d = df.get(w); if (d !== undefined) df.set(w, d + 1); }
  }
  const terms: Array<FeedbackTerm & { key: number }> = [];
  for (const [w, c] of cand) {
    const d = df.get(w)!;
    if (process.env.PRF_T) console.error(`cand ${w} files ${c.files} tf ${c.tf} df ${d}/${S}`);
    if (d > MAX_SAMPLE_SHARE * S) continue;
    const idf = idfOf(S, d);
    terms.push({ word: w, idf, files: c.files, key: c.files * idf * Math.log(1 + c.tf) });
  }
  terms.sort((a, b) => b.key - a.key || cmp(a.word, b.word));
  terms.length = Math.min(terms.length, FEEDBACK_TERMS);
  if (terms.length === 0) return { ranked, terms };
  const scanner = new ContentScanner(new TokenMatcher(terms.map((t) => ({ word: t.word, stem: stem(t.word) }))));
  const evs = new Map<RankedFile, { tf: number[]; len: number }>();
  let lenSum = 0;
  for (const r of pool) {
    const rd = readFile(r.entry.open);
    if (rd.kind !== "ok") continue;
    const { end } = searchableEnd(rd.buf, rd.start, rd.end);
    const ev = scanner.scan(rd.buf.subarray(rd.start, end));
    evs.set(r, ev);
    lenSum += ev.len;
  }
  const avgLen = evs.size ? lenSum / evs.size : 1;
  const idfs = terms.map((t) => t.idf);
  for (const [r, ev] of evs) {
    const s = bm25(ev.tf, idfs, ev.len, avgLen);
    const k = r.components;
    r.score = round(r.score + FEEDBACK_WEIGHT * s * covFactor(k.coverage) * k.roleFactor * k.formFactor);
  }
  return { ranked: ranked.slice().sort((a, b) => b.score - a.score || cmp(a.path, b.path)), terms: terms.map(({ word, idf, files }) => ({ word, idf, files })) };
}
