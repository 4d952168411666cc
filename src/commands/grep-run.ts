/**
 * The grep command's pipeline: exhaustive search, then the lines and structure of the displayed
 * files only, then one of the three renderings. Returns rg's exit code (0 matches, 1 none).
 */
import type { FileEntry, WalkOptions } from "../walk/types.ts";
import { search, type FileHits } from "../search/index.ts";
import { typeGlobs } from "../walk/index.ts";
import { out } from "../util/out.ts";
import { UserError } from "../util/errors.ts";
import { readText } from "../read/index.ts";
import { profiler } from "../util/prof.ts";
import { renderJson, renderText, type JsonFile, type TextFile } from "../render/grep.ts";
import type { FileStructure } from "../structure/types.ts";

export interface GrepRequest {
  query: string;
  regex: boolean;
  ignoreCase: boolean;
  wordRegexp: boolean;
  walk: WalkOptions;
  json: boolean;
  pathsOnly: boolean;
  maxFiles: number;
  maxRegions: number;
  contextJson?: string;
}

export async function runGrep(q: GrepRequest): Promise<number> {
  const prof = profiler("grep", performance.now());
  const match = { pattern: q.query, regex: q.regex, ignoreCase: q.ignoreCase, wordRegexp: q.wordRegexp };
  // --json wins over --paths-only and carries every match, so it needs the full scan.
  const pathsOnly = q.pathsOnly && !q.json;
  // Validated up front, whatever the output mode: a bad context file is an error, never ignored.
  const known = await loadKnown(q.contextJson);
  // Grammars of matching files start compiling while the search goes on (see structure/prefetch.ts).
  // While workers search, this thread is idle: it parses matching files right away, as long as
  // no more than --max-files have matched (a sparse search shows them all). Each parse waits a
  // turn of the event loop and checks again, so a dense search (reports arrive 64 files a
  // batch) stops speculating before it wastes more than a few parses.
  const early = new Map<string, Promise<FileStructure | undefined | null>>();
  let onMatch: ((e: FileEntry, pooled: boolean) => void) | undefined;
  if (!pathsOnly) {
    const { prefetchPath, prefetchRuntime } = await import("../structure/prefetch.ts");
    // Compiles on JSC's compiler thread during the walk: the runtime (most shown files are code),
    // and the grammar a --type names (`--type rust`: every match is Rust).
    prefetchRuntime();
    for (const t of q.walk.types) for (const g of typeGlobs(t).slice(0, 1)) prefetchPath(g.replace(/^\*/, "x"));
    let reported = 0;
    onMatch = (e, pooled) => {
      prefetchPath(e.display);
      if (!pooled || ++reported > q.maxFiles) return;
      early.set(e.display, new Promise<void>((r) => setImmediate(r)).then(() => (reported <= q.maxFiles ? structureOf(e) : null)));
    };
  }
  // Text output shows the lines of --max-files files: the others are only counted, and the shown
  // ones are read again after the search (decoding every matching line of a tree costs more).
  const mode = pathsOnly ? "first" : q.json ? "full" : "count";
  const res = await search(q.walk, match, { mode, onMatch });
  prof?.(`search (${res.files.length} files)`);
  const code = res.files.length > 0 ? 0 : 1;

  if (pathsOnly) {
    for (const f of res.files) out(f.entry.display + "\n");
    return code;
  }

  const budget = res.files.slice(0, q.maxFiles).map(res.lines);
  prof?.(`lines of ${budget.length} files`);
  const structures = await structuresFor(budget, early, prof);
  prof?.("structure");

  if (q.json) {
    const { detectLanguage } = await import("../structure/index.ts");
    const { inferRole } = await import("../classify/role.ts");
    const files: JsonFile[] = res.files.map((hits, i) => {
      const st = i < budget.length ? structures[i] : undefined;
      const head = hits.matches[0]?.line === 1 ? hits.matches[0].text : "";
      return { hits, language: st?.language ?? detectLanguage(hits.entry.display, head), role: inferRole(hits.entry.display), structure: st };
    });
    out(renderJson({
      query: q.query, regex: q.regex, ignoreCase: q.ignoreCase, wordRegexp: q.wordRegexp, root: q.walk.root,
      files, stats: res.stats, groupedFiles: structures.filter(Boolean).length,
    }));
    return code;
  }

  const shown: TextFile[] = budget.map((hits, i) => ({ hits, structure: structures[i], structureKnown: known(hits.entry.display) }));
  let totalMatches = 0;
  for (const f of budget) totalMatches += f.count;
  let omittedMatches = 0;
  for (const f of res.files.slice(budget.length)) omittedMatches += f.count;
  totalMatches += omittedMatches;
  out(renderText({
    query: q.query, totalFiles: res.files.length, totalMatches, shown,
    omittedFiles: res.files.length - budget.length, omittedMatches, maxRegions: q.maxRegions, stats: res.stats,
  }));
  return code;
}

/** Symbols of one file; undefined when it cannot be read as text or fails to parse. */
async function structureOf(e: FileEntry): Promise<FileStructure | undefined> {
  const t = readText(e.open);
  if (!t) return undefined;
  const { extractStructure } = await import("../structure/index.ts");
  try {
    return await extractStructure(e.display, t.text);
  } catch {
    return undefined; // a parser failure must not lose matches: the file is shown ungrouped
  }
}

/** Structure of the displayed files only: parsing is the expensive part, and it is display-only. */
async function structuresFor(files: FileHits[], early: Map<string, Promise<FileStructure | undefined | null>>, prof: ((label: string) => void) | null): Promise<Array<FileStructure | undefined>> {
  const outs: Array<FileStructure | undefined> = [];
  for (const f of files) {
    // null: not parsed during the search (none started, or a dense search skipped it).
    const pre = early.has(f.entry.display) ? await early.get(f.entry.display)! : null;
    outs.push(pre === null ? await structureOf(f.entry) : pre);
    prof?.(`  structure of ${f.entry.display}${pre ? " (parsed during the search)" : ""}`);
  }
  return outs;
}

/**
 * --context-json for grep: only compresses the `other:` hint of files whose structure the harness
 * says the agent knows, currently, with pruning judged safe. Matches are never affected.
 */
async function loadKnown(file: string | undefined): Promise<(path: string) => boolean> {
  if (!file) return () => false;
  const { loadContext, canCompressStructure } = await import("../context/index.ts");
  let ctx: import("../context/index.ts").HarnessContext;
  try {
    ctx = loadContext(file);
  } catch (e) {
    if (e instanceof UserError) throw e; // malformed context: the user must hear about it
    return () => false; // context layer unavailable: full output, never over-prune
  }
  // The one documented policy (context/index.ts), so grep, outline and trace agree on "known".
  return (path) => canCompressStructure(ctx.fileFamiliarity(path));
}
