/** Small helpers shared by find's signal modules. */
import { identifierWords, stem } from "../query/identifiers.ts";

/** Code-unit order (deterministic ties: the same tree gives the same bytes). */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Scores are shown and compared at three decimals. */
export function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Splitting memo for path components: a big tree repeats the same directory names a lot. */
const wordsMemo = new Map<string, string[]>();
export function componentWords(s: string): string[] {
  let w = wordsMemo.get(s);
  if (!w) wordsMemo.set(s, (w = identifierWords(s)));
  return w;
}

/** The words of a file's name, every extension aside (`gmock-cardinalities.h` -> gmock, cardinalities). */
export function nameWords(display: string): string[] {
  const slash = display.lastIndexOf("/") + 1;
  const dot = display.indexOf(".", slash);
  return componentWords(dot > slash ? display.slice(slash, dot) : display.slice(slash));
}

const stemMemo = new Map<string, string>();
function stemOf(w: string): string {
  let s = stemMemo.get(w);
  if (s === undefined) stemMemo.set(w, (s = stem(w)));
  return s;
}

/** The same word, or the same stem for words of 4+ letters. */
export function sameWord(a: string, b: string): boolean {
  return a === b || (a.length >= 4 && b.length >= 4 && a.charCodeAt(0) === b.charCodeAt(0) && stemOf(a) === stemOf(b));
}

/** The terms of a term mask (terms past 30 share bit 30), how many, and their summed rarity. */
export function maskRarity(mask: number, tidf: number[]): { k: number; sum: number; terms: number[] } {
  const terms: number[] = [];
  let sum = 0;
  for (let t = 0; t < tidf.length && t < 31; t++) if (mask & (1 << t)) { terms.push(t); sum += tidf[t]!; }
  return { k: terms.length, sum, terms };
}
