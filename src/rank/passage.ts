/**
 * Signal: a passage. A file that says the query in one sentence ("how many times a mock function
 * is expected to be called") is about it even when its name and most of its words are not: the
 * rarest set of 3+ query words said within PASSAGE_BYTES, when it holds half the query's rarity,
 * adds like a description.
 */
import { maskRarity } from "./util.ts";

/** A sentence or two: query words this close together say the same thing as the query. */
export const PASSAGE_BYTES = 160;
/** Passages covering this many distinct query words count (two side by side are proximity). */
const PASSAGE_MIN_TERMS = 3;
/** A passage saying most of the query weighs like a description. */
export const PASSAGE_WEIGHT = 0.6;
const PASSAGE_MASKS_MAX = 64;

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

/**
 * The distinct sets of terms (bit masks) that occur together within PASSAGE_BYTES (occ: [pos,
 * term mask], sorted by pos), keeping only sets not contained in another: the scorer weighs each
 * by its terms' rarity and takes the best.
 */
export function passageMasks(occ: Array<[number, number]>): number[] {
  const found = new Set<number>();
  for (let i = 0, j = 0; i < occ.length; i++) {
    let mask = 0;
    for (j = i; j < occ.length && occ[j]![0] - occ[i]![0] <= PASSAGE_BYTES; j++) mask |= occ[j]![1];
    if (popcount(mask) >= PASSAGE_MIN_TERMS) found.add(mask);
  }
  // The widest sets first; a set inside a kept one adds nothing. Bounded: a bundle may hold
  // thousands of distinct sets.
  const all = [...found].sort((a, b) => popcount(b) - popcount(a) || a - b);
  const kept: number[] = [];
  for (const a of all) {
    if (kept.length >= PASSAGE_MASKS_MAX) break;
    if (!kept.some((b) => (a & b) === a)) kept.push(a);
  }
  return kept.sort((a, b) => a - b);
}

/** The best passage of a file (its masks from the scan) and its score. */
export function passageSignal(passages: number[], tidf: number[], idfSum: number): { score: number; mask: number } {
  let score = 0;
  let mask = 0;
  if (tidf.length < 2) return { score, mask };
  for (const p of passages) {
    const { k, sum } = maskRarity(p, tidf);
    // ...and it must say most of the query (by rarity), not three of its common words.
    if (k >= PASSAGE_MIN_TERMS && sum >= 0.5 * idfSum && PASSAGE_WEIGHT * sum > score) { score = PASSAGE_WEIGHT * sum; mask = p; }
  }
  return { score, mask };
}
