/**
 * find: rank the files of a scope for a topic query, as a pipeline of named signals.
 *
 *   walk -> path evidence (every file, no I/O) -> content evidence (read and scanned)
 *        -> names learned from the tree's comments -> one score per file -> structure of the shown
 *
 * Each signal lives in its own module (path, content, description, symbols, passage, learned,
 * roles, form, coverage; score.ts combines them). Cost model: one walk; path scoring for every
 * file; content scanning of every file while the scope is small enough, else of the files with
 * path evidence within a byte budget (said in the output); tree-sitter structure only for the few
 * best candidates.
 */
import { walkSorted } from "../walk/index.ts";
import type { FileEntry } from "../walk/types.ts";
import { readText } from "../read/index.ts";
import { extractStructure } from "../structure/index.ts";
import { prefetchPath } from "../structure/prefetch.ts";
import { TokenMatcher, type FindQuery } from "./find-query.ts";
import { barePath, pathEvidence, pathScore, type PathEvidence } from "./path.ts";
import { ContentScanner } from "./content.ts";
import { ContentReader, DEFAULT_BUDGET, HUGE_TREE_CONTENT_FILES, MAX_FILES_FULL_SCAN, NEIGHBOUR_BYTES, neighbourFiles } from "./reading.ts";
import { keepLearned, learnedHits, learnNames, LEARN_MAX_WORDS, LEARNED_READ_BYTES, LEARNED_READ_FILES, type LearnedName } from "./learned.ts";
import { rarityOf, scoreFile, type ScoreContext } from "./score.ts";
import { suggestionsFor } from "./suggest.ts";
import { cmp, round } from "./util.ts";
import { profiler } from "../util/prof.ts";
import type { Cand, FindOptions, FindResult, RankedFile } from "./types.ts";

export type { Components, FindOptions, FindResult, FindStats, RankedFile } from "./types.ts";
export type { PathHit, PathInfo } from "./path.ts";
export type { SymbolHit } from "./symbols.ts";
export type { LearnedName } from "./learned.ts";
export type { DocBlock } from "./description.ts";
export { confirmComposites, UNCONFIRMED_COMPOSITE } from "./path.ts";
export { ContentScanner, bestWindow, WINDOW_BYTES } from "./content.ts";
export { headerSpans, docBlocks, HEADER_WEIGHT } from "./description.ts";
export { definedName } from "./symbols.ts";
export { passageMasks, PASSAGE_BYTES, PASSAGE_WEIGHT } from "./passage.ts";
export { learnNames, LEARNED_WEIGHT, LEARN_MIN_SHARE } from "./learned.ts";
export { covFactor } from "./coverage.ts";
export { formFactor, HEADER_FILE_FACTOR } from "./form.ts";
export { nearestWords } from "./suggest.ts";
export { neighbourFiles } from "./reading.ts";

/** Parsing is the costliest step per byte; beyond this the summary says to run outline. */
export const PARSE_BUDGET = 256 * 1024;
export const PARSE_FILES = 3;

export async function rankFind(query: FindQuery, opts: FindOptions): Promise<FindResult> {
  const prof = profiler("find", performance.now());
  const m = new TokenMatcher(query.terms, query.composites);
  const fullScan = opts.fullScanFiles ?? MAX_FILES_FULL_SCAN;
  // A huge tree is never read in walk order (only its best path candidates), so it skips the sort.
  const { files, stats: wstats } = walkSorted(opts.walk, fullScan);
  const N = files.length;
  prof?.("walk");

  const paths = pathEvidence(files, m, query.terms, query.composites);
  const withPath = pathCandidates(paths);
  prof?.(`paths (${withPath.length} with hits)`);
  // The leading path candidates are the likely shown files: their grammars compile on JSC's
  // compiler thread while the content pass below runs (it never yields to the event loop).
  for (const c of withPath.slice(0, 3)) prefetchPath(c.info.entry.display);

  // Content: files with path evidence first (best first), then the rest in path order, within a
  // byte budget. On a huge tree only the best path candidates are read (and the output says so):
  // files that are never read and have no path evidence cannot rank, so they need no candidate.
  const huge = N > fullScan;
  const bare = (entry: FileEntry): Cand => ({ info: barePath(entry, paths.zeros), ev: null, bytes: entry.size ?? 0, ps: 0 });
  const order = huge ? withPath.slice(0, HUGE_TREE_CONTENT_FILES) : withPath.slice();
  const cands = withPath.slice();
  if (!huge) for (let i = 0; i < N; i++) if (!paths.hitAt[i]) { const c = bare(files[i]!); order.push(c); cands.push(c); }
  // Content is matched word by word: pure acronyms (composites without a written-out word) are path
  // evidence only. Three letters in running text (don, and, hrb in a base64 blob) mean anything.
  // Composites of 5+ letters that write a word out (rbtree, qdisc, hrtimer) are specific enough.
  const scanner = new ContentScanner(new TokenMatcher(query.terms, query.composites.filter((c) => c.spelled !== null && c.text.length >= 5)));
  const reader = new ContentReader(scanner, opts.contentBudget ?? DEFAULT_BUDGET, N - order.length);
  reader.readAll(order);
  prof?.(`content (${reader.read} files, ${reader.used} bytes)`);

  const ctx = (learned: LearnedName[]): ScoreContext => ({ query, m, rarity: rarityOf(cands, paths.pidf), learned, N });
  if (huge) {
    // The topic's neighbourhood: files beside the best-scoring candidates whose own names say
    // nothing (mm/vmscan.c beside mm/page_io.c for "page reclaim") are read too, within a budget.
    const more = neighbourFiles(files, paths.hitAt, scored(cands, ctx([])).map((x) => x.entry)).map((i) => bare(files[i]!));
    reader.readAll(more, reader.used + NEIGHBOUR_BYTES);
    cands.push(...more);
    prof?.(`neighbours (${more.length} files, ${reader.used} bytes in all)`);
  }

  // Names the tree ties to the query (learned.ts); files so named that were not read yet are read
  // now, a few at most. Not on a huge tree: the few hundred files read there are a sample chosen
  // by path, and on the Linux tree what they taught was noise (device, file, config) at ~100 ms a query.
  let learned: LearnedName[] = [];
  if (!huge) {
    const taught = learnNames(cands, rarityOf(cands, paths.pidf).tidf, (w) => m.match(w).length > 0).slice(0, 3 * LEARN_MAX_WORDS);
    const { kept, named } = keepLearned(taught, files);
    learned = kept;
    const fresh = freshNamed(named, files, cands).map(bare);
    if (fresh.length) {
      reader.readAll(fresh, reader.used + LEARNED_READ_BYTES);
      cands.push(...fresh);
    }
    prof?.(`learned names (${learned.map((l) => l.word).join(", ")}; ${fresh.length} files read)`);
  }

  const x = ctx(learned);
  const ranked = scored(cands, x);
  prof?.(`score (${ranked.length})`);
  await summarise(ranked, cands, opts.structureFor);
  prof?.("structure");

  const termFiles = new Array(query.terms.length).fill(0);
  for (const r of ranked) for (const t of r.matched) termFiles[t]++;
  return {
    query,
    suggestions: suggestionsFor(query, termFiles, files),
    learned,
    ranked,
    totalScored: ranked.length,
    stats: { ...wstats, walked: N, contentRead: reader.read, contentSkippedBudget: reader.skippedBudget, tooLarge: reader.tooLarge, binary: reader.binary, budgetBytes: reader.budget, hugeTree: huge, hugeTreeFiles: fullScan, maxContentFiles: HUGE_TREE_CONTENT_FILES },
    idf: x.rarity.tidf.map(round),
    termFiles,
  };
}

/** The files with path evidence, best path score first. */
function pathCandidates(paths: PathEvidence): Cand[] {
  const nT = paths.pidf.length;
  const out = paths.infos.map((info) => ({ info, ev: null, bytes: info.entry.size ?? 0, ps: pathScore(info, paths.pidf, nT) }));
  return out.sort((a, b) => b.ps - a.ps || cmp(a.info.entry.display, b.info.entry.display));
}

/** Files that a kept learned word names and that are not candidates yet (LEARNED_READ_FILES at most). */
function freshNamed(named: number[][], files: FileEntry[], cands: Cand[]): FileEntry[] {
  const known = new Set(cands.map((c) => c.info.entry.display));
  const fresh: FileEntry[] = [];
  for (const list of named) for (const i of list) {
    const f = files[i]!;
    if (!known.has(f.display) && fresh.length < LEARNED_READ_FILES) { known.add(f.display); fresh.push(f); }
  }
  return fresh;
}

/** Every candidate with evidence, scored, best first (ties by path); zero scores dropped. */
function scored(cands: Cand[], x: ScoreContext): RankedFile[] {
  const hasEvidence = (c: Cand) => c.info.hits.length > 0 || (c.ev !== null && c.ev.tf.some((n) => n > 0)) || learnedHits(c.info.entry.display, x.learned).length > 0;
  const out = cands.filter(hasEvidence).map((c) => scoreFile(c, x)).filter((r) => r.score > 0);
  return out.sort((a, b) => b.score - a.score || cmp(a.path, b.path));
}

/**
 * Structure of the shown files, for the summary. Ranking does not wait on the parser (the line
 * heuristic finds definitions), so every output mode ranks identically; a byte budget bounds parse
 * time when the top files are huge.
 */
async function summarise(ranked: RankedFile[], cands: Cand[], structureFor: number): Promise<void> {
  const K = Math.min(ranked.length, structureFor, PARSE_FILES);
  if (K === 0) return;
  const byPath = new Map(cands.map((c) => [c.info.entry.display, c]));
  let parseBytes = 0;
  for (const r of ranked.slice(0, K)) {
    const c = byPath.get(r.entry.display);
    if (!c?.ev || parseBytes + c.bytes > PARSE_BUDGET) continue;
    const tx = readText(c.info.entry.open);
    if (!tx) continue;
    parseBytes += tx.bytes;
    try {
      r.structure = await extractStructure(c.info.entry.display, tx.text);
    } catch {
      /* no summary for a file the parser rejects; its ranking stands */
    }
  }
}
