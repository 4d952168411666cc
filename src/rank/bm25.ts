/**
 * BM25 primitives, shared by find and the trace engine. Plain functions over numbers so a caller
 * can score any "document" (a file, a region, a path) with the same rarity and saturation model.
 */

/** Robertson/Sparck-Jones IDF, floored so a word in every document still counts a little. */
export function idf(docCount: number, docFreq: number): number {
  if (docCount <= 0) return 0;
  return Math.max(0.05, Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5)));
}

export const K1 = 1.2;
export const B = 0.75;

/**
 * Term-frequency saturation: 0 for tf 0, rising to k1+1 (2.2) as tf grows, slower for documents
 * longer than average (a 5,000-line file mentioning a word 10 times is weaker evidence than a
 * 100-line file mentioning it 10 times).
 */
export function saturate(tf: number, docLen: number, avgDocLen: number, k1 = K1, b = B): number {
  if (tf <= 0) return 0;
  const norm = avgDocLen > 0 ? 1 - b + (b * docLen) / avgDocLen : 1;
  return (tf * (k1 + 1)) / (tf + k1 * norm);
}

/** Sum of idf × saturated tf over the query terms. */
export function bm25(tfs: number[], idfs: number[], docLen: number, avgDocLen: number): number {
  let s = 0;
  for (let i = 0; i < tfs.length; i++) s += (idfs[i] ?? 0) * saturate(tfs[i] ?? 0, docLen, avgDocLen);
  return s;
}

/** Simple bounded saturation for counts that are not document-length dependent (0..1). */
export function soft(n: number, half = 1): number {
  return n <= 0 ? 0 : n / (n + half);
}
