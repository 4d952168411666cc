import { narrowedWalk } from "./scope.ts";
import type { TraceQuery } from "../query/dsl.ts";
import type { WalkOptions } from "../walk/types.ts";
import type { Symbol, FileStructure } from "../structure/types.ts";
import { recordedStatementStart, rememberedStatementStart, treeStatementStart, type StatementStart } from "./statements.ts";
import { search, type Walked } from "../search/index.ts";
import { fileSize, readText } from "../read/index.ts";
import { extractStructure, detectLanguage, reparse, statementMemo } from "../structure/index.ts";
import { inferRole } from "../classify/role.ts";
import { stem } from "../query/identifiers.ts";
import { makePlan, type Plan } from "./plan.ts";
import { familyOf, langOf, type OccKind } from "../classify/lexical.ts";
import { goImplementations } from "./implicit.ts";
import { dispatchHop, ancestorHandlers, constantHop } from "./hop.ts";
import { lineOccurrences, cheapCommentCol, decaySum, FORCED_FACTOR, type Forced } from "./evidence.ts";
import { tokenStems, type TraceRegion } from "./region-score.ts";
import { analyzeFile } from "./analyze.ts";
import { profiler } from "../util/prof.ts";
import { shellQuote } from "../util/text.ts";

export type { Forced, Occurrence } from "./evidence.ts";
export type { TraceRegion } from "./region-score.ts";

export interface TraceFile {
  path: string;
  pathBytes?: string;
  role: string;
  language: string;
  score: number;
  why: string[];
  regions: TraceRegion[];
  /** Regions found in the file beyond those kept (the caps say so). */
  regionTotal: number;
  symbols: Symbol[];
  lines: string[];
  /** The factors that scaled the file's score down (a test file, its own same-named function), and why: its regions weigh the same against other files'. */
  demoted?: { factor: number; why: string[] };
}

export interface TraceResult {
  plan: Plan;
  files: TraceFile[];
  /** Files that had any region, before --max-files. */
  candidateFiles: number;
  prefilterFiles: number;
  analyzedFiles: number;
  /** Leading files whose units came from the parser (the rest from line shapes). */
  parsedFiles: number;
  notes: string[];
}

export interface TraceOptions {
  walk: WalkOptions;
  query: TraceQuery;
  /** Files the caller will show: the parser refines at least these. */
  maxFiles: number;
}
/** How many prefiltered files get read and parsed (ranked by line-shape evidence first). */
const DEEP_FILES = 40;
/**
 * Tests, docs, examples and generated code are demoted by a factor, so the demotion holds whatever
 * the score scale (a test with twenty calls must not outrank the one real caller).
 */
function roleFactor(role: string, kind: TraceQuery["kind"]): { factor: number; why?: string } {
  if (role === "test") return kind === "tests" ? { factor: 1 } : { factor: 0.55, why: "test file (demoted; kind:tests to prefer)" };
  if (role === "docs") return kind === "docs" ? { factor: 1 } : { factor: 0.45, why: "docs (demoted; kind:docs to prefer)" };
  if (role === "example") return { factor: 0.7, why: "example (demoted)" };
  if (role === "vendored" || role === "generated") return { factor: 0.6, why: `${role} code (demoted)` };
  if (role === "build" || role === "config") return { factor: 0.9, why: `${role} file` };
  return { factor: 1 };
}

function kindAllows(role: string, kind: TraceQuery["kind"]): boolean {
  // kind:code is the code under study: an agent asking for it does not want test files (an
  // agent trial got a test file's call sites first for `subject:_run_once kind:code`).
  if (kind === "code") return role !== "docs" && role !== "test";
  if (kind === "docs") return role === "docs";
  if (kind === "tests") return role === "test";
  return true;
}

/**
 * path:X matches whole path segments: `src/tui` keeps src/tui/** and a file given exactly, `tui`
 * also keeps a/tui/x, but `ui` never keeps build/two.py (a hint inside a segment is not a subtree).
 */
function pathUnder(display: string, hint: string): boolean {
  const d = "/" + display.toLowerCase() + "/";
  const h = hint.toLowerCase().replace(/^\.\/+/, "").replace(/^\/+|\/+$/g, "");
  if (!h) return true;
  return d.includes("/" + h + "/");
}
export async function runTrace(opts: TraceOptions): Promise<TraceResult> {
  const t0 = performance.now();
  const prof = profiler("trace", t0);
  prof?.(`start (${t0.toFixed(1)}ms after process start)`);
  const q = opts.query;
  const plan = makePlan(q);
  const notes: string[] = [];
  // Grammars start compiling (on JSC's compiler thread) while the search and the shape pass run:
  // those of the first matching files, then that of the leading candidate.
  const { prefetchPath } = await import("../structure/prefetch.ts");
  // Relations that may search the tree a second time (a dispatcher, a superclass, Go's implicit
  // implementations) keep the first walk's file list: the second pass reads files, not directories.
  const walked: Walked | undefined = q.relation === "triggered_from" || q.relation === "handled" || q.relation === "implementation" || q.relation === "comes_from" ? { capture: [] } : undefined;
  const pattern = { pattern: plan.prefilter, regex: plan.prefilterRegex, ignoreCase: plan.prefilterIgnoreCase, wordRegexp: false };
  // path:P naming a directory or file under the root: its subtree is searched first, and the
  // whole scope only when nothing there mentions the subject (the path filter below then says so).
  const narrow = q.pathHint ? narrowedWalk(opts.walk, q.pathHint) : undefined;
  let res = narrow ? await search(narrow.walk, pattern, { onMatch: (e) => prefetchPath(e.display) }) : undefined;
  if (res?.files.length && narrow) {
    res = { ...res, files: res.files.map((f) => ({ ...f, entry: narrow.remap(f.entry) })) };
    notes.push(`path:${q.pathHint} names a path here: only it was searched (drop path: to search the whole scope)`);
  } else res = await search(opts.walk, pattern, { onMatch: (e) => prefetchPath(e.display), walked });

  const forced = new Map<string, Map<number, Forced>>();
  const force = (byFile: Map<string, { hits: (typeof res.files)[number]; lines: Map<number, string> }>, kind: OccKind, why: (v: string) => string, factor?: number) => {
    const byPath = new Map(res.files.map((f) => [f.entry.display, f]));
    for (const [path, v] of byFile) {
      let m = forced.get(path);
      if (!m) forced.set(path, (m = new Map()));
      for (const [ln, x] of v.lines) m.set(ln, { kind, why: why(x), ...(factor ? { factor } : {}) });
      if (!byPath.has(path)) { const fh = { entry: v.hits.entry, matches: [], count: 0 }; res.files.push(fh); byPath.set(path, fh); }
    }
  };
  if (q.relation === "implementation") {
    const impl = await goImplementations(opts.walk, res.files, plan.subject, walked);
    if (impl) {
      notes.push(`Go types with every method of ${plan.subject} (${impl.methods.join(", ")}) count as implementations: ${impl.types.slice(0, 8).join(", ")}${impl.types.length > 8 ? ", ..." : ""}`);
      force(impl.byFile, "implementation", (type) => `${type} has every method of ${plan.subject}`);
    }
  }
  if (q.relation === "triggered_from") {
    const hop = await dispatchHop(opts.walk, res.files, plan.subject, walked);
    if (hop) {
      if (hop.registries.length) notes.push(`${plan.subject} is stored in ${hop.registries.join(", ")}: lines that fire ${hop.registries.length > 1 ? "them" : "it"} count as triggers (one hop)`);
      if (hop.via) notes.push(`${plan.subject} hands its callbacks to ${hop.via.join(", ")}: lines that run what ${hop.via.length > 1 ? "they store" : "it stores"} count as triggers (one hop)`);
      force(hop.byFile, "emit", (why) => why);
    }
  }
  if (q.relation === "comes_from") {
    const hop = await constantHop(opts.walk, res.files, plan.subject, plan.keyValues, walked);
    if (hop) {
      notes.push(`${plan.keyValues[plan.keyValues.length - 1]} is kept in ${hop.registries.join(", ")}: reads by ${hop.registries.length > 1 ? "those names" : "that name"} in other files count as its source (one hop)`);
      force(hop.byFile, "source", (why) => why);
    }
  }
  if (q.relation === "handled") {
    const up = await ancestorHandlers(opts.walk, res.files, plan.subject, walked);
    if (up) {
      notes.push(`${plan.subject} is a subclass of ${up.registries[0]}: lines that catch ${up.registries[0]} count as handlers (one hop up)`);
      force(up.byFile, "dispatch", (why) => why);
    }
  }
  prof?.(`search (${res.files.length} files)`);
  // Permission denied, a path past PATH_MAX, a broken link or loop under -L: never a silent gap.
  const unreadable = res.stats.unreadable;
  if (unreadable) notes.push(`${unreadable} ${unreadable > 1 ? "entries" : "entry"} could not be read (permission denied, a path too long, or a broken link or loop under -L), so not searched: check permissions (ls -l)`);
  interface Pre { hits: (typeof res.files)[number]; role: string; prelim: number }
  let pres: Pre[] = [];
  for (const fh of res.files) {
    const role = inferRole(fh.entry.display);
    if (!kindAllows(role, q.kind)) continue;
    const family = familyOf(fh.entry.display);
    const ws: number[] = [];
    const lang = langOf(fh.entry.display);
    for (const m of fh.matches) for (const o of lineOccurrences(plan, m.text, m.line, cheapCommentCol(m.text, family), family, lang)) ws.push(o.weight);
    for (const f of forced.get(fh.entry.display)?.values() ?? []) ws.push(plan.spec.weights[f.kind] * (f.factor ?? FORCED_FACTOR));
    if (!ws.length) continue;
    pres.push({ hits: fh, role, prelim: decaySum(ws) * roleFactor(role, q.kind).factor });
  }
  if (q.kind) notes.push(`kind:${q.kind} ${q.kind === "code" ? "left out docs and tests" : q.kind === "docs" ? "kept only docs" : "kept only tests"}`);
  if (q.pathHint) {
    const inside = pres.filter((p) => pathUnder(p.hits.entry.display, q.pathHint!));
    if (inside.length) {
      if (inside.length < pres.length) notes.push(`path:${q.pathHint} filtered: ${pres.length - inside.length} candidate files outside it left out (drop path: to see them)`);
      pres = inside;
    } else if (pres.length) {
      // An agent often writes the path from a checkout's root (path:Lib/asyncio) where the tree
      // searched starts below it (asyncio/): the hint's longest tail that holds candidates filters
      // instead, and the note names it.
      const parts = q.pathHint.replace(/^\.\/+/, "").split("/").filter(Boolean);
      let tail: string | undefined;
      let under: Pre[] = [];
      for (let i = 1; i < parts.length && !tail; i++) {
        const t = parts.slice(i).join("/");
        under = pres.filter((p) => pathUnder(p.hits.entry.display, t));
        if (under.length) tail = t;
      }
      if (tail) {
        notes.push(`path:${q.pathHint} matched no candidate file; its tail path:${tail} did, so it filtered (${pres.length - under.length} candidate files outside it left out)`);
        pres = under;
      } else notes.push(`path:${q.pathHint} matched no candidate file; showing results from the whole scope`);
    }
  }
  const prefilterFiles = pres.length;
  prof?.(`prefilter scoring (${pres.length} files)`);
  // Ties (same line-shape evidence) go to code over tests and docs, then the shallower path.
  pres.sort((a, b) => b.prelim - a.prelim || roleRank(a.role) - roleRank(b.role)
    || a.hits.entry.display.split("/").length - b.hits.entry.display.split("/").length
    || (a.hits.entry.display < b.hits.entry.display ? -1 : 1));
  // Read in rank order within a byte budget: generated files of many MB (register headers,
  // amalgamations) would otherwise make this pass take seconds. Sizes come from one stat each.
  const deep: Pre[] = [];
  let readBytes = 0;
  let overBudget = 0;
  for (const p of pres) {
    if (deep.length >= DEEP_FILES) break;
    const size = fileSize(p.hits.entry.open, p.hits.entry.size) ?? 0; // unreadable: readText decides
    if (size > READ_MAX_FILE_BYTES || readBytes + size > READ_BUDGET_BYTES) {
      overBudget++;
      continue;
    }
    readBytes += size;
    deep.push(p);
  }
  if (deep.length) prefetchPath(deep[0]!.hits.entry.display, 3);
  if (pres.length > deep.length) notes.push(`analysed the ${deep.length} strongest of ${pres.length} candidate files (by line-shape evidence)`);
  if (overBudget) notes.push(`${overBudget} candidate file${overBudget > 1 ? "s" : ""} left out for size (over ${READ_MAX_FILE_BYTES >> 20} MB, or past ${READ_BUDGET_BYTES >> 20} MB read in all): agentgrep grep --paths-only ${shellQuote(plan.subject)} lists every file that mentions the subject`);

  // Pass 1: every candidate with shape-based units (cheap). Pass 2: the leading files again with the
  // parser's symbols, within a byte budget so a huge generated file cannot stall the answer.
  type Work = TraceFile & { text: string; matchLines: number[] };
  const files: Work[] = [];
  for (const p of deep) {
    const entry = p.hits.entry;
    const tf = readText(entry.open);
    if (!tf) continue;
    const lines = tf.text.split("\n");
    if (lines.length && lines[lines.length - 1] === "") lines.pop();
    const matchLines = [...new Set(p.hits.matches.map((m) => m.line))];
    const f = scoreFile(plan, q, entry.display, entry.pathBytes, p.role, lines, [], matchLines, detectLanguage(entry.display, tf.text.slice(0, 512)), forced.get(entry.display));
    if (f) files.push(Object.assign(f, { text: tf.text, matchLines }));
  }
  files.sort(byScore);
  prof?.(`pass 1 (${deep.length} files)`);
  let budget = PARSE_BUDGET_BYTES;
  let parsed = 0;
  const refineCount = Math.min(opts.maxFiles, REFINE_FILES);
  for (let i = 0; i < files.length && i < refineCount; i++) {
    const f = files[i]!;
    // The leading file is where an agent reads first: its units and labels come from the parser up
    // to LEADING_PARSE_MAX_BYTES, outside the budget (a 185 KB Ruby file left to line shapes showed
    // a method as its doc comment plus its `def` line, and a comment as a region's name).
    if (i === 0 && f.text.length <= LEADING_PARSE_MAX_BYTES) { /* parsed whatever the budget */ }
    else if (f.text.length > budget || f.text.length > PARSE_MAX_FILE_BYTES) continue;
    else budget -= f.text.length;
    let s: FileStructure;
    try {
      // The syntax tree too (when the parse is fresh, or held): windows start at statements.
      s = await extractStructure(f.path, f.text, true);
    } catch {
      continue; // a parser failure leaves the shape-based units in place
    }
    parsed++;
    const symbols = s.symbols;
    prof?.(`  parsed ${f.path} ${f.text.length}B ${symbols.length} symbols`);
    if (!symbols.length) { s.syntax?.release(); continue; }
    const score = (st: FileStructure) => {
      const memo = statementMemo(st);
      const kept = !st.syntax && memo ? rememberedStatementStart(memo) : undefined;
      const stmt = st.syntax ? recordedStatementStart(treeStatementStart(st.syntax.root, f.lines), memo) : kept?.at;
      try {
        return { g: scoreFile(plan, q, f.path, f.pathBytes, f.role, f.lines, symbols, f.matchLines, f.language, forced.get(f.path), stmt), missed: !!kept?.missed() };
      } finally {
        st.syntax?.release();
      }
    };
    let { g, missed } = score(s);
    // A structure from the disk cache without the answer for a line: the tree decides, as in the
    // call that parsed it (the shapes' guess printed another window, 364-366 for 362-366).
    if (missed) {
      try {
        g = score(await reparse(f.text, s)).g;
      } catch { /* keep the remembered answers and the shapes' guess */ }
    }
    if (g) files[i] = Object.assign(g, { text: "", matchLines: f.matchLines });
  }
  files.sort(byScore);
  prof?.(`pass 2 (${parsed} parsed)`);
  const out: TraceFile[] = files.map(({ text, matchLines, ...rest }) => rest);
  return { plan, files: out, candidateFiles: out.length, prefilterFiles, analyzedFiles: deep.length, parsedFiles: parsed, notes };
}

/** Bytes read for the line-shape pass: per file, and in all (in rank order). */
const READ_MAX_FILE_BYTES = 8 << 20;
const READ_BUDGET_BYTES = 16 << 20;

/** Total bytes of source handed to the parser per query (the leading files, in rank order). */
const PARSE_BUDGET_BYTES = 200_000;
export const PARSE_MAX_FILE_BYTES = 100_000;
/** The leading file is parsed up to this size, outside PARSE_BUDGET_BYTES (find's first file has the same rule). */
const LEADING_PARSE_MAX_BYTES = 1 << 20;
/** Parsing is the slow step; the leading files are where labels and exact units matter. */
export const REFINE_FILES = 3;

/**
 * Files in rank order. Equal scores are common (two call sites weigh the same): the tie goes to the
 * file with the stronger best region, then to the one whose evidence defines or implements the
 * subject, then to code over tests, docs and examples, then to the shallower path (a tree's own
 * module over a vendored or nested copy), and only then to path order, so ties are decided by
 * evidence, never by the walk.
 */
export function byScore(a: TraceFile, b: TraceFile): number {
  return b.score - a.score
    || (b.regions[0]?.score ?? 0) - (a.regions[0]?.score ?? 0)
    || declares(b) - declares(a)
    || roleRank(a.role) - roleRank(b.role)
    || depth(a.path) - depth(b.path)
    || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/** 1 when the file's best region defines, implements or belongs to the subject. */
const declares = (f: TraceFile): number => (/^(?:definition|implementation|impl block|member)/.test(f.regions[0]?.kind ?? "") ? 1 : 0);
/** Code first, then build/config, examples, generated/vendored, docs, tests. */
const ROLE_RANK: Record<string, number> = { build: 1, config: 1, example: 2, generated: 3, vendored: 3, docs: 4, test: 5 };
export const roleRank = (role: string): number => ROLE_RANK[role] ?? 0;
const depth = (p: string): number => p.split("/").length;

/** A file's weight when it defines its own function of a qualified subject's name (see scoreFile). */
const OWN_DEFINITION_FACTOR = 0.4;

/** The file defines a symbol named as the subject, none of them inside a symbol named for the owner. */
function ownDefinition(plan: Plan, symbols: Symbol[]): boolean {
  const defs = symbols.filter((s) => s.name === plan.subject);
  if (!defs.length) return false;
  return defs.every((d) => {
    for (let p = d.parent; p >= 0; p = symbols[p]!.parent) {
      const stems = tokenStems(symbols[p]!.label || symbols[p]!.name);
      if (plan.ownerStems.every((w) => stems.has(w))) return false;
    }
    return true;
  });
}

function scoreFile(plan: Plan, q: TraceQuery, path: string, pathBytes: string | undefined, role: string, lines: string[], symbols: Symbol[], matchLines: number[], language: string, forced?: Map<number, Forced>, stmt?: StatementStart): TraceFile | null {
  const { regions } = analyzeFile(plan, q, path, lines, symbols, matchLines, role, forced, stmt);
  if (!regions.length) return null;
  const why: string[] = [];
  const rs = regions.map((r) => r.score);
  let score = rs[0]! + Math.round(0.25 * (rs[1] ?? 0) + 0.1 * (rs[2] ?? 0));
  why.push(`best region ${regions[0]!.label} @ ${regions[0]!.start}-${regions[0]!.end} scores ${rs[0]}`);
  if (rs.length > 1) why.push(`${rs.length - 1} more region${rs.length > 2 ? "s" : ""} +${score - rs[0]!}`);
  const rf = roleFactor(role, q.kind);
  const pathStems = tokenStems(path);
  // A path naming the subject corroborates evidence of the subject, as well as that evidence matches it.
  const pq = regions[0]!.quality ?? 1;
  const pb = (n: number) => Math.round(n * pq);
  const demoted = { factor: 1, why: [] as string[] };
  const ownerPath = plan.ownerStems.length > 0 && plan.ownerStems.every((w) => pathStems.has(w));
  if (ownerPath) { score += pb(10); why.push(`path names the subject's owner +${pb(10)}`); }
  // Owner.member where this file defines its own `member`, outside the owner (tempfile.py's own
  // _rmtree_safe_fd for subject:shutil._rmtree_safe_fd): its calls written without the owner call
  // that one. Evidence written with the owner (`shutil._rmtree_safe_fd(`) keeps its weight.
  if (plan.owner && !ownerPath && ownDefinition(plan, symbols) && !regions.some((r) => r.owned)) {
    const before = score;
    score = Math.round(score * OWN_DEFINITION_FACTOR);
    why.push(`defines its own ${plan.subject}, not ${plan.owner}'s: its calls are to that one x${OWN_DEFINITION_FACTOR} (${score - before})`);
    demoted.factor *= OWN_DEFINITION_FACTOR;
    demoted.why.push(`defines its own ${plan.subject}, not ${plan.owner}'s x${OWN_DEFINITION_FACTOR}`);
  }
  const subjStems = plan.words.map(stem);
  if (subjStems.length && subjStems.every((w) => pathStems.has(w))) { score += pb(15); why.push(`path names the subject +${pb(15)}`); }
  let sup = 0;
  for (const sw of plan.supportStems) if (sw.length && sw.every((x) => pathStems.has(x))) sup++;
  if (sup) { score += pb(10 * sup); why.push(`support words in path: ${sup} +${pb(10 * sup)}`); }
  const vocabPath = [...pathStems].filter((x) => plan.vocabStems.has(x));
  if (vocabPath.length && !q.custom && plan.spec.labelVocab >= 15) { score += pb(10); why.push(`path fits the relation (${vocabPath[0]}) +${pb(10)}`); }
  if (rf.factor !== 1) {
    const before = score;
    score = Math.round(score * rf.factor);
    why.push(`${rf.why} x${rf.factor} (${score - before})`);
    demoted.factor *= rf.factor;
    demoted.why.push(`${rf.why} x${rf.factor}`);
  }
  return { path, pathBytes, role, language, score, why, regions, regionTotal: regions.length, symbols, lines, ...(demoted.why.length ? { demoted } : {}) };
}
