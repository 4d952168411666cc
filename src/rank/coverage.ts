/**
 * Signal: coverage. Files matching more of the query (idf-weighted) rank higher; a term counts
 * as matched by any evidence: path, mentions, a definition's name, or a learned name standing
 * for the words of the comment that taught it.
 */

/** The matched terms and the share of the query's rarity they hold. */
export function coverageOf(pathBest: number[], tf: number[], defQ: number[], viaLearned: ReadonlySet<number>, tidf: number[], idfSum: number): { matched: number[]; coverage: number } {
  const matched: number[] = [];
  let cov = 0;
  for (let t = 0; t < tidf.length; t++) {
    if (pathBest[t]! > 0 || tf[t]! > 0 || defQ[t]! > 0 || viaLearned.has(t)) {
      matched.push(t);
      cov += tidf[t]!;
    }
  }
  return { matched, coverage: cov / idfSum };
}

/**
 * The score's multiplier: linear, with a floor so one very strong signal (a file named after two
 * of three words) is not wiped out by one missing word.
 */
export function covFactor(c: number): number {
  return 0.3 + 0.7 * c;
}
