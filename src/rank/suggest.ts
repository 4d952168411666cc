/** Near words for query words that nothing matched ("no file has evidence for ..."). */
import type { FileEntry } from "../walk/types.ts";
import { identifierWords } from "../query/identifiers.ts";
import type { FindQuery } from "./find-query.ts";
import { cmp } from "./util.ts";

/** For each term no file has evidence for, the nearest words of the scope's paths. */
export function suggestionsFor(query: FindQuery, termFiles: number[], files: FileEntry[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (!termFiles.some((n) => n === 0)) return out;
  const vocab = new Map<string, number>();
  for (const f of files) for (const w of identifierWords(f.display)) vocab.set(w, (vocab.get(w) ?? 0) + 1);
  for (let t = 0; t < termFiles.length; t++) if (termFiles[t] === 0) out.set(t, nearestWords(query.terms[t]!.word, vocab));
  return out;
}

/** Up to 3 words of `vocab` within a small edit distance (or sharing a 4-letter prefix). */
export function nearestWords(word: string, vocab: Map<string, number>): string[] {
  const maxD = word.length <= 4 ? 1 : 2;
  const found: Array<[string, number, number]> = [];
  for (const [v, n] of vocab) {
    if (v === word || v.length < 2) continue;
    if (Math.abs(v.length - word.length) > maxD && !(word.length >= 4 && v.startsWith(word.slice(0, 4)))) continue;
    let d = editDistance(word, v, maxD + 1);
    if (d > maxD) {
      if (word.length >= 4 && v.length >= 4 && v.slice(0, 4) === word.slice(0, 4)) d = maxD + 1;
      else continue;
    }
    found.push([v, d, n]);
  }
  found.sort((a, b) => a[1] - b[1] || b[2] - a[2] || cmp(a[0], b[0]));
  return found.slice(0, 3).map(([v, , n]) => `${v} (${n} path${n === 1 ? "" : "s"})`);
}

function editDistance(a: string, b: string, cap: number): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin >= cap) return cap;
    prev = cur;
  }
  return prev[b.length]!;
}
