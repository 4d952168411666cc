/**
 * Whole-tree content evidence for scopes too big to scan whole. The search layer (worker pool,
 * one read per file, as grep reads) reports which of the query's literal forms each file holds;
 * that gives every term's document frequency over the whole scope and, per file, the rarity of
 * the query words it says. The files saying the most of the query (by rarity, path evidence
 * added) are then scanned in full, best first, within the content budget. No file is left
 * unsearched, whatever its path or the tree's size.
 */
import type { FileEntry, WalkOptions, WalkStats } from "../walk/types.ts";
import { search } from "../search/index.ts";
import { idf as idfOf, saturate } from "./bm25.ts";
import { literalOf, type Composite, type Term } from "./find-query.ts";
import { noTopTier } from "../util/jit.ts";

export { literalOf };


export interface QueryLiterals {
  literals: string[];
  /** Per literal: the terms it stands for. */
  terms: number[][];
  /** Per literal: it stands only for synonyms (multi for "several"), not counted in a term's rarity. */
  synonymOnly?: boolean[];
}

/**
 * The literals to search the tree for: each term's and synonym's (literalOf), and any composites
 * given (find passes none: a query's acronyms run to a dozen literals that almost no file holds,
 * two memmem passes each, and the full scan still counts them); a literal containing another of
 * the same terms is dropped.
 */
export function queryLiterals(terms: Term[], composites: Composite[], stemOf: (w: string) => string): QueryLiterals {
  const byLit = new Map<string, Set<number>>();
  const direct = new Set<string>();
  const add = (lit: string, t: number, syn = false) => {
    let s = byLit.get(lit);
    if (!s) byLit.set(lit, (s = new Set()));
    s.add(t);
    if (!syn) direct.add(lit);
  };
  terms.forEach((t, i) => {
    add(literalOf(t.word, t.stem), i);
    for (const w of t.synonyms ?? []) add(literalOf(w, stemOf(w)), i, true);
  });
  for (const c of composites) for (const t of [...c.initialled, ...(c.spelled !== null ? [c.spelled] : [])]) add(c.text, t);
  const all = [...byLit.keys()].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const literals: string[] = [];
  const out: number[][] = [];
  const synonymOnly: boolean[] = [];
  for (const lit of all) {
    // `page` finds every file `pages` would, for the same terms: the longer adds nothing. One
    // standing for other terms (`mrlow` for "memory runs low" holds `low`) stays a literal of its own.
    const terms = [...byLit.get(lit)!].sort((a, b) => a - b);
    // (A synonym's literal does not stand in for a word's own: the word's rarity is counted from it.)
    if (literals.some((l, k) => lit.includes(l) && terms.every((t) => out[k]!.includes(t)) && (!synonymOnly[k] || !direct.has(lit)))) continue;
    literals.push(lit);
    out.push(terms);
    synonymOnly.push(!direct.has(lit));
  }
  return { literals, terms: out, synonymOnly };
}

export interface TreeFile {
  entry: FileEntry;
  /** Bit t: it mentions term t (terms past 30 share bit 30). */
  mask: number;
  /** Per term: occurrences of its literals (each counted up to the search's cap). */
  tf: number[];
  bytes: number;
}

export interface TreeEvidence {
  /** Files searched (every readable text file of the walk). */
  searched: number;
  /** Per term: files holding one of its literals. */
  df: number[];
  /** Each file holding any literal. */
  files: TreeFile[];
  /** Mean length of those files. */
  avgBytes: number;
}

/** Which query terms every file of the walk mentions, and how often (see the module comment). */
export async function searchTree(walk: WalkOptions, files: FileEntry[], stats: WalkStats, q: QueryLiterals, nT: number): Promise<TreeEvidence> {
  const res = await search(walk, { pattern: q.literals.join("\n"), regex: false, ignoreCase: true, wordRegexp: false }, { mode: "first", walked: { files, stats }, mask: q.literals });
  return treeEvidence(res.files, res.stats.searched, q, nT);
}

/**
 * The search's per-file literal counts as per-term evidence. A plain function outside the async
 * one, with no closure per file: JSC compiled the async body's loop in its top tier (~0.1 s of
 * the JIT thread per find over the Linux tree, 56k files).
 */
export function treeEvidence(hits: ReadonlyArray<{ entry: FileEntry; counts?: number[]; bytes?: number }>, searched: number, q: QueryLiterals, nT: number): TreeEvidence {
  const df = new Array(nT).fill(0);
  const out: TreeFile[] = [];
  let bytes = 0;
  const says = new Array<boolean>(nT).fill(false);
  const nL = q.literals.length;
  for (const h of hits) {
    const tf = new Array(nT).fill(0);
    says.fill(false);
    const counts = h.counts!;
    for (let i = 0; i < nL; i++) {
      const n = counts[i]!;
      if (n > 0) for (const t of q.terms[i]!) { tf[t] += n; if (!q.synonymOnly?.[i]) says[t] = true; }
    }
    let mask = 0;
    // A file saying only a synonym does not make the word itself common (its rarity).
    for (let t = 0; t < nT; t++) if (tf[t] > 0) { mask |= 1 << Math.min(t, 30); if (says[t]) df[t]++; }
    out.push({ entry: h.entry, mask, tf, bytes: h.bytes ?? 0 });
    bytes += h.bytes ?? 0;
  }
  return { searched, df, files: out, avgBytes: out.length ? bytes / out.length : 1 };
}

/** A BM25 estimate from the literal counts (the order in which files are scanned in full). */
export function mentionScore(f: TreeFile, cidf: number[], avgBytes: number): number {
  let s = 0;
  for (let t = 0; t < cidf.length; t++) s += cidf[t]! * saturate(f.tf[t]!, f.bytes, avgBytes);
  return s;
}

/** Per-term content rarity over the whole scope. */
export function treeIdf(ev: TreeEvidence): number[] {
  return ev.df.map((d) => idfOf(Math.max(ev.searched, 1), d));
}

// Once per file holding a literal (56k on the Linux tree): FTL's compile cost more than it saved.
noTopTier(treeEvidence, mentionScore);
