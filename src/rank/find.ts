/**
 * find: rank the files of a scope for a topic query, as a pipeline of named signals.
 *
 *   walk -> path evidence (every file, no I/O) -> content evidence (every file: read and scanned,
 *        or on a big scope searched by the worker pool and the best scanned, tree-search.ts)
 *        -> names learned from the tree's comments -> one score per file -> the core before its users
 *        -> periphery below
 *        -> structure of the shown files
 *
 * Each signal lives in its own module (path, content, description, symbols, passage, learned,
 * roles, form, coverage, periphery; score.ts combines them). Tree-sitter structure is parsed only
 * for the few best candidates.
 */
import { walkSorted } from "../walk/index.ts";
import type { FileEntry } from "../walk/types.ts";
import { readText } from "../read/index.ts";
import { extractStructure } from "../structure/index.ts";
import { prefetchPath } from "../structure/prefetch.ts";
import { cutFrom, matchQuality, TokenMatcher, type FindQuery } from "./find-query.ts";
import { barePath, pathEvidence, pathScore, type PathEvidence } from "./path.ts";
import { ContentScanner, type ContentEvidence } from "./content.ts";
import { ContentReader, DEFAULT_BUDGET, MAX_FILES_FULL_SCAN } from "./reading.ts";
import { mentionScore, queryLiterals, searchTree, treeIdf, type TreeEvidence } from "./tree-search.ts";
import { identifierWords, stem } from "../query/identifiers.ts";
import { keepLearned, learnedHits, learnNames, LEARN_MAX_WORDS, LEARNED_READ_BYTES, LEARNED_READ_FILES, type LearnedName } from "./learned.ts";
import { hasEvidence, rarityOf, scoreFile, type ScoreContext } from "./score.ts";
import { suggestionsFor } from "./suggest.ts";
import { keepPeripheryBelow } from "./periphery.ts";
import { coreFirst } from "./core.ts";
import { cmp, componentWords, maskRarity, nameWords, round, sameWord } from "./util.ts";
import { profiler } from "../util/prof.ts";
import { noTopTier } from "../util/jit.ts";
import { inferRole } from "../classify/role.ts";
import { symbolSignal } from "./symbols.ts";
import { roleFactor } from "./roles.ts";
import { formFactor } from "./form.ts";
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

/** Parsing is the costliest step per byte; beyond this the summary says to run outline. */
export const PARSE_BUDGET = 256 * 1024;
export const PARSE_FILES = 3;
/**
 * The first file is the one an agent opens next, and its structure (the ranges of the symbols
 * that name the query) saves that read: it is parsed up to this size whatever the budget (a
 * 333 KiB C file costs ~0.13 s CPU), outside the budget the next files share.
 */
export const FIRST_PARSE_MAX = 1024 * 1024;

export async function rankFind(query: FindQuery, opts: FindOptions): Promise<FindResult> {
  const prof = profiler("find", performance.now());
  const m = new TokenMatcher(query.terms, query.composites);
  const fullScan = opts.fullScanFiles ?? MAX_FILES_FULL_SCAN;
  // A huge tree is never read in walk order (tree-search.ts orders what it scans), so it skips the sort.
  const { files, stats: wstats } = walkSorted(opts.walk, fullScan);
  const N = files.length;
  prof?.("walk");
  // On a huge tree the search layer's pass (below) starts now: its workers start and search while
  // this thread weighs the paths, which it does not depend on (~0.1 s of a core otherwise idle).
  const huge = N > fullScan;
  const treeSearch = () => {
    // The query's own words only, as the search an agent would type: a synonym is one more pass
    // over the whole tree (up to 14% more CPU for a query with five), and the files chosen for
    // the full scan still count the synonyms they say.
    const own = query.terms.map((t) => ({ word: t.word, stem: t.stem }));
    return searchTree(opts.walk, files, wstats, queryLiterals(own, [], stem), query.terms.length);
  };
  const early = huge ? treeSearch() : undefined;
  prof?.("tree search started (its workers search while the paths are weighed)");

  const paths = pathEvidence(files, m, query.terms, query.composites);
  const withPath = pathCandidates(paths);
  prof?.(`paths (${withPath.length} with hits)`);
  // The leading path candidates are the likely shown files: their grammars compile on JSC's
  // compiler thread while the content pass below runs (it never yields to the event loop).
  for (const c of withPath.slice(0, 3)) prefetchPath(c.info.entry.display);

  // Content: on a scope small enough, every file is read and scanned (files with path evidence
  // first, then the rest in path order) within a byte budget. Past it, or on a huge tree, the
  // search layer finds which query words every file says, and the files saying the most of the
  // query are scanned in full (tree-search.ts): no file goes unsearched, whatever its path.
  const bare = (entry: FileEntry): Cand => ({ info: barePath(entry, paths.zeros), ev: null, bytes: entry.size ?? 0, ps: 0 });
  // Content is matched word by word: pure acronyms (composites without a written-out word) are path
  // evidence only. Three letters in running text (don, and, hrb in a base64 blob) mean anything.
  // Composites of 5+ letters that write a word out (rbtree, qdisc, hrtimer) are specific enough.
  const contentComposites = query.composites.filter((c) => c.spelled !== null && c.text.length >= 5);
  const scanner = new ContentScanner(new TokenMatcher(query.terms, contentComposites));
  const budget = opts.contentBudget ?? DEFAULT_BUDGET;
  let cands = withPath.slice();
  let reader = new ContentReader(scanner, budget, 0);
  if (!huge) {
    const order = withPath.slice();
    for (let i = 0; i < N; i++) if (!paths.hitAt[i]) { const c = bare(files[i]!); order.push(c); cands.push(c); }
    reader.readAll(order);
    prof?.(`content (${reader.read} files, ${reader.used} bytes)`);
  }
  let tree: TreeEvidence | undefined;
  let treeRarity: number[] | undefined;
  if (huge || reader.skippedBudget > 0) {
    tree = await (early ?? treeSearch());
    treeRarity = treeIdf(tree);
    prof?.(`tree search (${tree.files.length} of ${tree.searched} files mention the query)`);
    cands = byMentions(cands, tree, treeRarity, bare);
    prof?.("full-scan order (byMentions)");
    reader = new ContentReader(scanner, budget, 0);
    reader.readAll(cands);
    prof?.(`content (${reader.read} files, ${reader.used} bytes)`);
  }
  const ctx = (learned: LearnedName[]): ScoreContext => ({ query, m, rarity: rarityOf(cands, paths.pidf, treeRarity), learned, N });

  // Names the tree ties to the query (learned.ts); files so named that were not read yet are read
  // now, a few at most. On a huge tree too: the files scanned there are those saying the most of
  // the query, no longer a sample chosen by path (which on the Linux tree taught noise: device, file).
  const taught = learnNames(cands, rarityOf(cands, paths.pidf, treeRarity).tidf, (w) => m.match(w).length > 0).slice(0, 3 * LEARN_MAX_WORDS);
  const { kept: learned, named } = keepLearned(taught, files);
  prof?.("learned names kept");
  const fresh = freshNamed(named, files, cands).map(bare);
  const namedPaths = new Set(named.flatMap((list) => list.map((i) => files[i]!.display)));
  reader.readAll(fresh, reader.used + LEARNED_READ_BYTES);
  cands.push(...fresh);
  prof?.(`learned names (${learned.map((l) => l.word).join(", ")}; ${fresh.length} files read)`);

  const x = { ...ctx(learned), named: namedPaths };
  const sc0 = scored(cands, x, namedPaths);
  prof?.("scored");
  const cb = coreBeforeUsers(sc0, cands);
  prof?.("core before users");
  const ranked = keepPeripheryBelow(cb, query);
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
    stats: { ...wstats, unreadable: wstats.unreadable + reader.unreadable.size, walked: N, contentRead: tree ? tree.searched : reader.read, contentSkippedBudget: tree ? 0 : reader.skippedBudget, tooLarge: reader.tooLarge, binary: reader.binary, budgetBytes: reader.budget, hugeTree: false, hugeTreeFiles: fullScan, maxContentFiles: 0 },
    idf: x.rarity.tidf.map(round),
    termFiles,
    identTerms: (ident: string) => scanner.identTerms(ident),
  };
}

/**
 * The candidates for a full scan, best first: every file with path evidence or a mention of a
 * query word, by the rarity of the words it mentions plus its path score (ties by path).
 */
function byMentions(cands: Cand[], tree: TreeEvidence, rarity: number[], bare: (e: FileEntry) => Cand): Cand[] {
  // Keys and paths in arrays beside the candidates, sorted as indices: a comparator looking both
  // up in Maps cost ~0.08 s over the 56k candidates of a find on the Linux tree.
  const out = cands.slice();
  const key = out.map((c) => c.ps);
  const at = new Map<string, number>();
  out.forEach((c, i) => at.set(c.info.entry.display, i));
  for (const f of tree.files) {
    const est = mentionScore(f, rarity, tree.avgBytes);
    const i = at.get(f.entry.display);
    if (i !== undefined) key[i] = out[i]!.ps + est;
    else {
      out.push(bare(f.entry));
      key.push(est);
    }
  }
  const path = out.map((c) => c.info.entry.display);
  const order = out.map((_, i) => i).sort((a, b) => key[b]! - key[a]! || cmp(path[a]!, path[b]!));
  return order.map((i) => out[i]!);
}

/** The files with path evidence, best path score first. */
function pathCandidates(paths: PathEvidence): Cand[] {
  const nT = paths.pidf.length;
  const out = paths.infos.map((info) => ({ info, ev: null, bytes: info.entry.size ?? 0, ps: pathScore(info, paths.pidf, nT) }));
  return out.sort((a, b) => b.ps - a.ps || cmp(a.info.entry.display, b.info.entry.display));
}

/** Files that a kept learned word names and that are not candidates yet (LEARNED_READ_FILES at most). */
function freshNamed(named: number[][], files: FileEntry[], cands: Cand[]): FileEntry[] {
  // Only the named files need looking up among the candidates (tens of them, of 56k candidates).
  const wanted = new Set(named.flatMap((list) => list.map((i) => files[i]!.display)));
  const known = new Set<string>();
  if (wanted.size > 0) for (const c of cands) if (wanted.has(c.info.entry.display)) known.add(c.info.entry.display);
  const fresh: FileEntry[] = [];
  // By path: a huge tree's walk is unsorted, and the output must not depend on directory order.
  for (const list of named) for (const i of list.slice().sort((a, b) => cmp(files[a]!.display, files[b]!.display))) {
    const f = files[i]!;
    if (!known.has(f.display) && fresh.length < LEARNED_READ_FILES) { known.add(f.display); fresh.push(f); }
  }
  return fresh;
}

/**
 * Every candidate with evidence, scored, best first (ties by path); zero scores dropped. `named`:
 * the files a kept learned word names (keepLearned's test, which learnedHits repeats per file: on
 * a huge tree most candidates are unread files without a path hit, 46k on Linux, and splitting
 * each one's name again cost ~0.1 s).
 */
function scored(cands: Cand[], x: ScoreContext, named: ReadonlySet<string>): RankedFile[] {
  const out: RankedFile[] = [];
  for (const c of cands) {
    if (!hasEvidence(c, named)) continue;
    const r = scoreFile(c, x);
    if (r.score > 0) out.push(r);
  }
  return out.sort((a, b) => b.score - a.score || cmp(a.path, b.path));
}

/**
 * The leading files re-weighed by how many of the others use their query-named definitions (core.ts).
 * A C/C++ header (form factor below 1) declares what its source file implements: it is no core.
 */
function coreBeforeUsers(ranked: RankedFile[], cands: Cand[]): RankedFile[] {
  // Only read candidates have a scan record (5k of 56k candidates on the Linux tree).
  const ev = new Map<string, ContentEvidence>();
  for (const c of cands) if (c.ev) ev.set(c.info.entry.display, c.ev);
  return coreFirst(ranked, (r) => { const e = ev.get(r.path); return e ? { defs: e.defs, names: e.names, implementation: r.role === "implementation" && r.components.formFactor > 0.95 } : null; }).ranked;
}

/**
 * Structure of the shown files, for the summary. Ranking does not wait on the parser (the line
 * heuristic finds definitions), so every output mode ranks identically; a byte budget bounds parse
 * time when the top files are huge.
 */
async function summarise(ranked: RankedFile[], cands: Cand[], structureFor: number): Promise<void> {
  const K = Math.min(ranked.length, structureFor, PARSE_FILES);
  if (K === 0) return;
  // The K shown files' candidates, looked up in one pass (not a map of every candidate: 56k on Linux).
  const shown = new Set(ranked.slice(0, K).map((r) => r.entry.display));
  const byPath = new Map<string, Cand>();
  for (const c of cands) if (c.ev && shown.has(c.info.entry.display)) byPath.set(c.info.entry.display, c);
  let parseBytes = 0;
  for (const r of ranked.slice(0, K)) {
    const c = byPath.get(r.entry.display);
    if (!c?.ev) continue;
    const first = r === ranked[0];
    if (first ? c.bytes > FIRST_PARSE_MAX : parseBytes + c.bytes > PARSE_BUDGET) {
      r.overBudget = true;
      continue;
    }
    const tx = readText(c.info.entry.open);
    if (!tx) continue;
    if (!first) parseBytes += tx.bytes;
    try {
      r.structure = await extractStructure(c.info.entry.display, tx.text);
      r.structureText = tx.text;
    } catch {
      /* no summary for a file the parser rejects; its ranking stands */
    }
  }
}

// Compiling these in JSC's top tier (FTL), with all they inline, cost more CPU than it saved:
// each runs once per path, token or candidate of one find. On a find over the Linux tree the JIT
// thread spent ~0.8 s of CPU, most of it on TokenMatcher.match and inferRole (1.4 s and 0.9 s
// of compile wall time, BUN_JSC_reportFTLCompileTimes=1); with these kept out, ~0.55 s.
// (One list here: a noTopTier import in each of these modules broke the minified bundle.)
noTopTier(TokenMatcher.prototype.match, TokenMatcher.prototype.compound, matchQuality, inferRole, roleFactor, formFactor, symbolSignal, scoreFile, rarityOf, pathScore, identifierWords, componentWords, nameWords, sameWord, learnedHits, keepLearned, cutFrom, maskRarity, hasEvidence);
