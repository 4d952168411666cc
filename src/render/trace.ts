import { REFINE_FILES, PARSE_MAX_FILE_BYTES, type TraceResult, type TraceFile, type TraceRegion } from "../investigate/index.ts";
import type { TraceQuery } from "../query/dsl.ts";
import { rangeText, symbolHead } from "./symbol.ts";
import { canPruneBody, structureBudget, THRESHOLDS, type HarnessContext } from "../context/index.ts";
import { INLINE_MAX_CANDIDATES, shortEnough, type FullRegion } from "./inline.ts";
import { shellQuote } from "../util/text.ts";

export const TRACE_SCHEMA = "agentgrep.trace/1";

export type { FullRegion };

export interface RenderOptions {
  maxFiles: number;
  maxRegions: number;
  fullRegion: FullRegion;
  debugScore: boolean;
  debugPlan: boolean;
  context?: HarnessContext;
  root: string;
}

/** Structure items per file without harness context: holding symbols first, then top-level ones. */
const STRUCTURE_BUDGET = 4;
/**
 * Asked of structureBudget so that any eligible file compresses: its answer is the policy's cap
 * (4 focus, 6 otherwise) on the symbols holding the shown regions.
 */
const RELEVANT_ONLY_LIMIT = Number.MAX_SAFE_INTEGER;
/** Files scoring below this share of the best are listed compactly (range only). */
const COMPACT_RATIO = 0.35;
/**
 * A region scoring at least this share of the best region is decisive: a candidate of the inlining
 * rule (render/inline.ts), as the symbols holding grep's matches are.
 */
const DECISIVE_RATIO = 0.5;
const LINE_CLIP = 180;

interface ShownRegion {
  region: TraceRegion;
  body: string[]; // lines, already clipped
  bodyStart: number[]; // line number of each body line
  full: boolean;
  contextNote?: string;
}

interface ShownFile {
  file: TraceFile;
  /** A weak candidate: listed with its best region's range only (no structure, no body). */
  compact: boolean;
  regions: ShownRegion[];
  structure: { kind: string; label: string; start: number; end: number; approx?: boolean }[];
  structureOmitted: number;
  contextNote?: string;
  regionsCut: number;
}

export interface Shaped {
  files: ShownFile[];
  totalRegions: number;
  notes: string[];
}

function clip(line: string): string {
  const cps = [...line];
  if (cps.length <= LINE_CLIP) return line;
  return cps.slice(0, LINE_CLIP).join("") + ` … [${cps.length - LINE_CLIP} more chars]`;
}


/** Applies --max-files, the total --max-regions, full-region policy and harness context. */
export function shape(res: TraceResult, o: RenderOptions): Shaped {
  const notes = [...res.notes];
  const files = res.files.slice(0, o.maxFiles);
  if (res.files.length > files.length) notes.push(`showing ${files.length} of ${res.files.length} files (--max-files ${o.maxFiles}; raise it to see more)`);
  // Every strong file gets its best region first (in file rank order), then the remaining budget goes
  // to the best remaining regions anywhere: the cap is a total, not per file. A weak candidate's
  // best region (a file scoring below COMPACT_RATIO of the best, shown as a range) competes with
  // the strong files' next regions: on a big tree the answer is often the leading file's second
  // or third region, and a slot spent on the fifth file's range hid it.
  const take = new Map<TraceFile, TraceRegion[]>();
  let budget = o.maxRegions;
  const topScore = files[0]?.score ?? 0;
  const weak = (f: TraceFile, i: number) => i > 0 && topScore > 0 && f.score < topScore * COMPACT_RATIO;
  files.forEach((f, i) => {
    take.set(f, []);
    if (budget > 0 && f.regions.length && !weak(f, i)) { take.get(f)!.push(f.regions[0]!); budget--; }
  });
  const rest: { f: TraceFile; r: TraceRegion }[] = [];
  files.forEach((f, i) => f.regions.slice(weak(f, i) ? 0 : 1).forEach((r) => rest.push({ f, r })));
  rest.sort((a, b) => b.r.score - a.r.score || files.indexOf(a.f) - files.indexOf(b.f) || a.r.start - b.r.start);
  for (const x of rest) {
    if (budget <= 0) break;
    take.get(x.f)!.push(x.r);
    budget--;
  }
  const totalAvail = files.reduce((n, f) => n + f.regions.length, 0);
  let totalShown = 0;
  const bestFile = files[0]?.score ?? 0;
  // A region weighs as its file does against other files' regions: a test's 29-line body is no
  // decisive answer to print whole where the file itself ranks below the implementation.
  const weight = (f: TraceFile, r: TraceRegion) => r.score * (f.demoted?.factor ?? 1);
  const bestRegion = Math.max(0, ...files.map((f) => (f.regions[0] ? weight(f, f.regions[0]) : 0)));
  let compacted = 0;
  const isCompact = (f: TraceFile, i: number) => i > 0 && bestFile > 0 && f.score < bestFile * COMPACT_RATIO;
  // The inlining rule: trace's candidates are its decisive regions, best first; auto may print the
  // first INLINE_MAX_CANDIDATES of them whole (each only when short).
  const decisive: Array<{ r: TraceRegion; i: number; w: number }> = [];
  // Below the first file, a demoted file's regions (tests, docs, a file's own same-named function)
  // are never printed whole: the agent did not ask for them (kind:tests does).
  const inlinable = (f: TraceFile, i: number) => !isCompact(f, i) && (i === 0 || !f.demoted);
  files.forEach((f, i) => { if (inlinable(f, i)) for (const r of take.get(f)!) if (weight(f, r) >= bestRegion * DECISIVE_RATIO) decisive.push({ r, i, w: weight(f, r) }); });
  decisive.sort((a, b) => b.w - a.w || a.i - b.i || a.r.start - b.r.start);
  const candidates = new Set(decisive.slice(0, INLINE_MAX_CANDIDATES).map((d) => d.r));
  const auto = (r: TraceRegion): FullRegion => (o.fullRegion === "auto" && !candidates.has(r) ? "never" : o.fullRegion);
  const shown: ShownFile[] = files.map((f, i) => {
    const rs = take.get(f)!.sort((a, b) => b.score - a.score || a.start - b.start);
    totalShown += rs.length;
    const fam = o.context?.fileFamiliarity(f.path);
    // Weak candidates cost little: their range is enough to decide whether to look.
    const compact = isCompact(f, i);
    if (compact) compacted++;
    const regions = rs.map((r) => {
      const dec = !compact && weight(f, r) >= bestRegion * DECISIVE_RATIO;
      // A stale region the agent saw is re-expanded when decisive, whatever the candidate count.
      return shapeRegion(f, r, o, compact ? "never" : dec ? auto(r) : o.fullRegion === "always" ? "always" : "never", dec && o.fullRegion !== "never");
    });
    // Structure: the symbols holding shown regions, then top-level symbols, within a small budget.
    const top = f.symbols.filter((s) => s.depth === 0);
    // Known, current structure (harness context): keep only the symbols holding the shown regions,
    // at most the policy's cap (4 for a focus file, 6 otherwise). Otherwise (unknown, stale or
    // unsafe to prune, focus or not) the usual orientation list.
    const dec = structureBudget(fam, RELEVANT_ONLY_LIMIT);
    const budgetS = dec.compress ? dec.budget : STRUCTURE_BUDGET;
    let contextNote: string | undefined;
    const pick: typeof top = [];
    for (const r of rs) {
      const s = f.symbols.find((s) => s.startLine <= r.start && r.end <= s.endLine && s.depth === 0);
      if (s && !pick.includes(s)) pick.push(s);
    }
    if (!dec.compress) for (const s of top) {
      if (pick.length >= budgetS) break;
      if (!pick.includes(s)) pick.push(s);
    }
    const structure = pick.slice(0, budgetS).sort((a, b) => a.startLine - b.startLine)
      .map((s) => ({ kind: s.kind, label: s.label || s.name, start: s.startLine, end: s.endLine, ...(s.approx ? { approx: true } : {}) }));
    if (dec.compress && top.length > structure.length) {
      contextNote = `structure list cut to ${structure.length === 0 ? "nothing" : "the symbols holding these regions"} (${top.length - structure.length} top-level symbols left out): ${dec.reason}${fam!.focused ? " (focus file)" : ""}; agentgrep outline ${shellQuote(f.path)} shows all, or drop --context-json`;
    }
    if (compact) return { file: f, compact, regions, structure: [], structureOmitted: top.length, regionsCut: f.regions.length - rs.length };
    return { file: f, compact, regions, structure, structureOmitted: top.length - structure.length, contextNote, regionsCut: f.regions.length - rs.length };
  });
  // A weak file whose regions all fell to the total --max-regions is one line: a "regions:" list
  // holding only "N more regions" read as an answer with nothing in it.
  if (compacted) notes.push(`${compacted} weaker file${compacted > 1 ? "s" : ""} (score below ${Math.round(COMPACT_RATIO * 100)}% of the best) shown as ranges only, or named only once --max-regions is spent; --json has their evidence`);
  if (totalAvail > totalShown) notes.push(`showing ${totalShown} of ${totalAvail} regions in these files (--max-regions ${o.maxRegions} in total; raise it to see more)`);
  return { files: shown, totalRegions: totalShown, notes };
}

function shapeRegion(f: TraceFile, r: TraceRegion, o: RenderOptions, mode: FullRegion, reexpand: boolean): ShownRegion {
  const len = r.end - r.start + 1;
  const fullText = f.lines.slice(r.start - 1, r.end);
  let full = mode === "always" || (mode === "auto" && shortEnough(f.lines, r.start, r.end));
  let contextNote: string | undefined;
  const fam = o.context?.regionFamiliarity(f.path, r.start, r.end, r.label);
  if (fam) {
    if (canPruneBody(fam)) {
      contextNote = `body omitted (${len} lines): the harness context says the agent saw it in full and it is unchanged; drop --context-json to see it`;
      return { region: r, body: [], bodyStart: [], full: false, contextNote };
    }
    if (fam.current < THRESHOLDS.current && (fam.body > 0 || fam.structure > 0)) {
      // What the agent remembers may be stale: show the current body in full when it is short.
      if ((reexpand || mode === "always") && shortEnough(f.lines, r.start, r.end)) full = true;
      contextNote = "re-expanded: the harness context says this may have changed since the agent saw it";
    }
  }
  if (full) return { region: r, body: fullText.map(clip), bodyStart: fullText.map((_, i) => r.start + i), full: true, contextNote };
  // The region's head (a function's signature line) leads its snippet: the evidence lines alone
  // do not say what the region is, and the head is what an agent would open the file to read.
  // Under a doc comment the head is the declaration's line, not the comment's `/**`, and the
  // comment's first line of prose says what the declaration is for (an agent read `543: /**` and a
  // signature, then opened the file for the rest).
  const head = r.excerptOf ? 0 : r.head ?? r.body?.start ?? r.start;
  const ev = r.evidence.slice(0, 3);
  if (head > 0 && !ev.includes(head) && (f.lines[head - 1] ?? "").trim()) ev.push(head);
  if (head > r.start && !ev.some((l) => l < head)) {
    const doc = docSummaryLine(f.lines, r.start, head);
    if (doc > 0) ev.push(doc);
  }
  ev.sort((a, b) => a - b);
  return { region: r, body: ev.map((l) => clip((f.lines[l - 1] ?? "").trim())), bodyStart: ev, full: false, contextNote };
}

/** The first line of [from, to) whose text, comment markers aside, is prose (0 if none). */
function docSummaryLine(lines: string[], from: number, to: number): number {
  for (let l = from; l < to; l++) {
    const t = (lines[l - 1] ?? "").replace(/^\s*(?:\/\*+!?|\*+\/?|\/\/[\/!]*|#+|--+|"""|'''|@\w+.*)\s*/, "").trim();
    if (/[A-Za-z]{3}/.test(t) && t.length >= 8) return l;
  }
  return 0;
}

/** `--paths-only`: the ranked paths, one a line, within --max-files. */
export function renderPaths(res: TraceResult, o: RenderOptions): string {
  const paths = res.files.slice(0, o.maxFiles).map((f) => f.path);
  return paths.length ? paths.join("\n") + "\n" : "";
}

/** Why a trace found nothing, for stderr when stdout carries only paths. */
export function noResultsLine(q: TraceQuery): string {
  return `trace: no region found for subject:${q.subject} relation:${q.relation}${q.pathHint ? ` path:${q.pathHint}` : ""}${q.kind ? ` kind:${q.kind}` : ""} in this scope`;
}

export function renderText(q: TraceQuery, res: TraceResult, s: Shaped, o: RenderOptions): string {
  const out: string[] = [];
  if (o.debugPlan) {
    out.push("debug plan:");
    out.push(`  subject: ${q.subject}`);
    out.push(`  relation: ${q.relation}${q.custom ? " (custom)" : ""}`);
    out.push(`  subject words: ${res.plan.words.join(" ") || "(none)"}`);
    out.push(`  identifier variants: ${res.plan.variants.join(", ")}`);
    if (res.plan.abbreviations.length) out.push(`  abbreviations: ${res.plan.abbreviations.join(", ")}`);
    out.push("  probes:");
    for (const p of res.plan.probes) out.push(`    - ${p.kind}: ${p.value}`, `      why: ${p.why}`);
    out.push(`  prefilter matched ${res.prefilterFiles} candidate files; read ${res.analyzedFiles}; parser units for the leading ${res.parsedFiles} (up to ${REFINE_FILES} files of at most ${PARSE_MAX_FILE_BYTES / 1000} KB), line-shape units for the rest`);
    out.push("");
  }
  out.push("query parameters:");
  out.push(`  subject: ${q.subject}`);
  // A relation that is none of the built-in ones runs as a custom probe: said when it is a typo.
  out.push(`  relation: ${q.relation}${q.near ? ` (no built-in relation, run as a custom probe; did you mean relation:${q.near}?)` : ""}`);
  if (q.support.length) out.push(`  support: ${q.support.join(", ")}`);
  if (q.kind) out.push(`  kind: ${q.kind}`);
  if (q.pathHint) out.push(`  path_hint: ${q.pathHint}`);
  out.push("");
  out.push(`top results: ${s.files.length} files, ${s.totalRegions} regions`);
  for (const n of s.notes) out.push(`note: ${n}`);
  if (!s.files.length) {
    if (!res.files.length) out.push("no results found for the current trace query and scope");
    return out.join("\n") + "\n";
  }
  out.push(`best answer likely in ${s.files[0]!.file.path}`);
  s.files.forEach((sf, i) => {
    const f = sf.file;
    out.push("");
    out.push(`${i + 1}. ${f.path}`);
    if (sf.compact && !o.debugScore) {
      if (!sf.regions.length) {
        out.push(`   role: ${f.role}; weaker candidate (score ${f.score}); its ${sf.regionsCut} region${sf.regionsCut > 1 ? "s" : ""} left out (--max-regions)`);
        return;
      }
      out.push(`   role: ${f.role}; weaker candidate (score ${f.score})`);
      out.push("   regions:");
      for (const sr of sf.regions) out.push(`     - ${sr.region.label} @ ${rangeText(sr.region.start, sr.region.end, sr.region.approx, true)} ${sr.region.kind}: ${sr.region.why[0]}`);
      if (sf.regionsCut > 0) out.push(`     ... ${sf.regionsCut} more region${sf.regionsCut > 1 ? "s" : ""} in this file (--max-regions)`);
      return;
    }
    out.push(`   role: ${f.role}`);
    if (o.debugScore) {
      out.push(`   score: ${f.score}`);
      out.push("   why:");
      for (const w of f.why) out.push(`     - ${w}`);
    } else {
      // The demotion too: a region scoring above the first file's must say why it ranks below.
      out.push(`   why: ${[f.why[0], ...(f.demoted?.why ?? [])].join("; ")}`);
    }
    if (sf.structure.length || sf.contextNote) {
      out.push("   structure:");
      for (const it of sf.structure) out.push(`     - ${symbolHead({ kind: it.kind, label: it.label, name: it.label })} @ ${rangeText(it.start, it.end, it.approx)}`);
      if (sf.structureOmitted > 0) out.push(`     ... ${sf.structureOmitted} more top-level symbols (agentgrep outline ${shellQuote(f.path)})`);
    }
    if (sf.contextNote) out.push(`   context: ${sf.contextNote}`);
    out.push("   regions:");
    for (const sr of sf.regions) {
      const r = sr.region;
      out.push(`     - ${r.label} @ ${rangeText(r.start, r.end, r.approx, true)}`);
      out.push(`       kind: ${r.kind}`);
      if (r.excerptOf) out.push(`       inside: ${r.excerptOf.label} @ ${r.excerptOf.start}-${r.excerptOf.end}`);
      if (r.body) out.push(`       declaration: ${r.body.start}-${r.body.end} (${r.body.end - r.body.start + 1} lines; shown: its head${r.start < r.body.start ? " and doc comment" : ""})`);
      if (o.debugScore) out.push(`       score: ${r.score}`);
      if (sr.body.length) {
        out.push(sr.full ? "       full region:" : "       snippet:");
        const w = String(sr.bodyStart[sr.bodyStart.length - 1] ?? 0).length;
        sr.body.forEach((l, k) => out.push(`         ${String(sr.bodyStart[k]).padStart(w)}: ${l}`));
      }
      if (o.debugScore) {
        out.push("       why:");
        for (const w of r.why) out.push(`         - ${w}`);
      } else {
        out.push(`       why: ${r.why[0]}`);
      }
      if (sr.contextNote) out.push(`       context: ${sr.contextNote}`);
    }
    if (sf.regionsCut > 0) out.push(`     ... ${sf.regionsCut} more region${sf.regionsCut > 1 ? "s" : ""} in this file (--max-regions)`);
  });
  return out.join("\n") + "\n";
}

export function renderJson(q: TraceQuery, res: TraceResult, s: Shaped, o: RenderOptions): string {
  const doc = {
    schema: TRACE_SCHEMA,
    // Kept for consumers of the first JSON shape.
    version: 1,
    query: { subject: q.subject, relation: q.relation, custom_relation: q.custom, support: q.support, kind: q.kind, path_hint: q.pathHint },
    root: o.root,
    summary: {
      total_files: s.files.length,
      total_regions: s.totalRegions,
      best_file: s.files[0]?.file.path ?? null,
      candidate_files: res.candidateFiles,
      notes: s.notes,
    },
    ...(o.debugPlan ? { plan: { words: res.plan.words, variants: res.plan.variants, abbreviations: res.plan.abbreviations, probes: res.plan.probes, prefilter_files: res.prefilterFiles, analyzed_files: res.analyzedFiles } } : {}),
    files: s.files.map((sf) => ({
      path: sf.file.path,
      ...(sf.file.pathBytes ? { path_bytes: sf.file.pathBytes } : {}),
      role: sf.file.role,
      language: sf.file.language,
      score: sf.file.score,
      why: sf.file.why,
      structure: { items: sf.structure.map((it) => ({ kind: it.kind, label: it.label, start_line: it.start, end_line: it.end, ...(it.approx ? { approx: true } : {}) })), omitted_count: sf.structureOmitted },
      regions: sf.regions.map((sr) => ({
        kind: sr.region.kind,
        label: sr.region.label,
        start_line: sr.region.start,
        end_line: sr.region.end,
        line_count: sr.region.end - sr.region.start + 1,
        ...(sr.region.approx ? { approx: true } : {}),
        score: sr.region.score,
        evidence_lines: sr.region.evidence.slice(0, 5),
        body: sr.body.join("\n"),
        body_lines: sr.bodyStart,
        full_region: sr.full,
        why: sr.region.why,
        ...(sr.region.body ? { declaration: { start_line: sr.region.body.start, end_line: sr.region.body.end } } : {}),
        ...(sr.region.excerptOf ? { inside: { label: sr.region.excerptOf.label, start_line: sr.region.excerptOf.start, end_line: sr.region.excerptOf.end } } : {}),
        ...(sr.contextNote ? { context_applied: sr.contextNote } : {}),
      })),
      regions_omitted: sf.regionsCut,
      ...(sf.contextNote ? { context_applied: sf.contextNote } : {}),
    })),
  };
  return JSON.stringify(doc, null, 2) + "\n";
}
