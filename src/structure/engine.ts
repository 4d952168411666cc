/**
 * The tree-sitter engine: loads the runtime and grammars lazily (only for languages a call
 * actually parses, cached per process) and turns a syntax tree into symbols by reading a
 * per-language definition (grammars/<lang>.ts).
 *
 * Speed: symbol nodes are collected with one `descendantsOfType` call (a C-side walk) instead of
 * a JS cursor walk over every node, so a 3,000-line file costs a few hundred wasm crossings, not
 * a few hundred thousand. Nesting comes from range containment of the collected nodes.
 */
import type { Node, Parser as TSParser, Language as TSLanguage, Tree } from "web-tree-sitter";
import runtimeWasm from "../../node_modules/web-tree-sitter/tree-sitter.wasm" with { type: "file" };
import type { GrammarDef, NamePath, Rule } from "./grammar.ts";
import type { FileStructure, Symbol, SymbolKind } from "./types.ts";
import { signatureOf } from "./lines.ts";
import { maskWithCalls } from "./macros.ts";
import { layoutUnits } from "./units.ts";
import { Ancestry } from "./ancestry.ts";
import { GRAMMARS } from "../../grammars/index.ts";
import { readFileSync } from "node:fs";

type TS = typeof import("web-tree-sitter");
let runtime: Promise<TS> | undefined;
/** Time the one-time runtime start-up took (reported by --debug-structure). */
let runtimeMs = 0;
const languages = new Map<string, Promise<TSLanguage>>();
const parsers = new Map<string, TSParser>();

/*
 * Compiling the wasm (runtime ~15 ms, a grammar 10-100 ms) is most of tree-sitter's start-up.
 * WebAssembly.compile runs on JSC's wasm compiler thread, so it is started as early as possible
 * (prefetch.ts: at process start, and as soon as a file's language is known) and overlaps the
 * main thread's own work (CLI set-up, walking, searching). JSC cannot serialize compiled wasm,
 * so there is nothing to cache across processes.
 */
let runtimeModule: Promise<WebAssembly.Module> | undefined;
const grammarModules = new Map<string, Promise<{ bytes: Uint8Array; module: WebAssembly.Module }>>();

/*
 * The bytes are read synchronously (an embedded file: a copy out of the binary) so the compile is
 * queued at once: the walk and the search run without yielding to the event loop, and an async
 * read would leave the compiler thread idle until they end.
 */

/** Starts compiling the tree-sitter runtime in the background (idempotent). */
export function prefetchRuntime(): void {
  if (runtimeModule) return;
  runtimeModule = compileFile(runtimeWasm);
  runtimeModule.catch(() => {}); // reported by loadRuntime, when a parse actually needs it
}

/** Starts compiling the grammar `id` (embedded zstd file `wasm`) in the background (idempotent). */
export function prefetchGrammar(id: string, wasm: string): void {
  if (grammarModules.has(id)) return;
  let p: Promise<{ bytes: Uint8Array; module: WebAssembly.Module }>;
  try {
    const bytes = Bun.zstdDecompressSync(readFileSync(wasm));
    p = WebAssembly.compile(bytes).then((module) => ({ bytes, module }));
  } catch (e) {
    p = Promise.reject(e);
  }
  p.catch(() => {});
  grammarModules.set(id, p);
}

function compileFile(path: string): Promise<WebAssembly.Module> {
  try {
    return WebAssembly.compile(readFileSync(path));
  } catch (e) {
    return Promise.reject(e);
  }
}

async function loadRuntime(): Promise<TS> {
  runtime ??= (async () => {
    const t0 = performance.now();
    prefetchRuntime();
    const [ts, module] = await Promise.all([import("web-tree-sitter"), runtimeModule!]);
    // emscripten's instantiateWasm hook takes the precompiled module; it has no failure
    // callback, so a failed instantiation rejects here instead of leaving init pending.
    await new Promise<void>((resolve, reject) => {
      const instantiateWasm = (imports: Record<string, any>, done: (i: WebAssembly.Instance, m: WebAssembly.Module) => void) => {
        WebAssembly.instantiate(module, imports).then((inst) => done(inst, module), reject);
        return {};
      };
      ts.Parser.init({ instantiateWasm } as any).then(resolve, reject);
    });
    runtimeMs = performance.now() - t0;
    return ts;
  })();
  return runtime;
}

/**
 * Language.load with an already compiled module: web-tree-sitter only takes bytes, and compiles
 * them with WebAssembly.instantiate(bytes, imports). A wrapper, installed once, serves exactly
 * those bytes (by identity, once) from the compiled module; every other call goes to the real
 * function, so a web-tree-sitter that loads differently only compiles twice, never wrongly.
 * One wrapper for the process keeps concurrent loads of several grammars independent.
 */
const compiledFor = new Map<Uint8Array, WebAssembly.Module>();
let loadQueue: Promise<unknown> = Promise.resolve();
let intercepting = false;

function loadCompiled(ts: TS, bytes: Uint8Array, module: WebAssembly.Module): Promise<TSLanguage> {
  if (!intercepting) {
    intercepting = true;
    const real = WebAssembly.instantiate;
    (WebAssembly as any).instantiate = function (src: any, imports?: Record<string, any>) {
      const m = src instanceof Uint8Array ? compiledFor.get(src) : undefined;
      if (m) {
        compiledFor.delete(src);
        return real.call(WebAssembly, m, imports).then((instance: WebAssembly.Instance) => ({ module: m, instance }));
      }
      return (real as any).apply(WebAssembly, arguments);
    };
  }
  compiledFor.set(bytes, module);
  return ts.Language.load(bytes).finally(() => compiledFor.delete(bytes));
}

/** Loads (once) the grammar of a definition; its bytes are zstd-compressed in the binary. */
export async function loadLanguage(def: GrammarDef): Promise<{ ts: TS; lang: TSLanguage; loadMs: number }> {
  const t0 = performance.now();
  prefetchRuntime();
  prefetchGrammar(def.id, def.wasm);
  const ts = await loadRuntime();
  let p = languages.get(def.id);
  if (!p) {
    // One grammar at a time: emscripten's side-module loader (table slots, GOT, memory base) is
    // not re-entrant, and two loads in flight at once (grep parses files while it searches)
    // left one grammar unusable for the rest of the process.
    const compiled = grammarModules.get(def.id)!;
    p = loadQueue.then(() => compiled).then(({ bytes, module }) => loadCompiled(ts, bytes, module));
    loadQueue = p.catch(() => undefined);
    languages.set(def.id, p);
  }
  const lang = await p;
  return { ts, lang, loadMs: performance.now() - t0 };
}

/** A function directly inside one of these is a method. */
const CLASS_LIKE = new Set<SymbolKind>(["class", "struct", "interface", "trait", "impl", "enum", "object", "extension", "contract", "protocol", "record"]);

/**
 * Parses `text` with the definition's grammar and extracts its symbols. With `keep`, the syntax
 * tree stays alive in `syntax` (grep reads its match roles from it: no second parse) and the
 * caller must release it.
 */
export async function extractWithGrammar(def: GrammarDef, text: string, lines: string[], keep = false): Promise<FileStructure> {
  const { parser, loadMs } = await parserFor(def);
  const t0 = performance.now();
  // Positions are kept: the masked text has the same length, line for line (macros.ts).
  const masked = def.macros ? maskWithCalls(text, def.macros) : undefined;
  const tree = parser.parse(masked ? masked.text : text);
  if (!tree) throw new Error(`tree-sitter failed to parse (${def.id})`);
  const parseMs = performance.now() - t0;
  let kept = false;
  let units: Tree[] = [];
  try {
    const root = tree.rootNode;
    const nodeCount = root.descendantCount;
    let spans: [number, number][] = [];
    let errors = root.hasError ? countErrors(root, spans) : 0;
    const t1 = performance.now();
    const understood: [number, number][] = [];
    let sources: Source[] = [{ def, root }];
    let dropped: [number, number][] = [];
    if (root.hasError && def.containers) {
      const re = await reparseDamaged(def, parser, root, masked ? masked.text : text, text);
      if (re) {
        units = re.trees;
        sources = [{ def, root }, ...re.sources];
        dropped = re.dropped;
        errors += re.errorDelta;
        const keepSpan = droppedLinesFilter(re.droppedLines);
        spans = spans.filter(keepSpan).concat(re.spans);
      }
    }
    const symbols = collect(sources, dropped, lines, understood, text);
    const errs = understood.length ? withoutUnderstood(spans, understood, lines.length) : spans;
    if (errs.length && def.brokenHeads && def.brokenClose) recoverHeads(symbols, errs, lines, def.brokenHeads, def.brokenClose);
    if (errs.length) markApprox(symbols, errs, lines, def.brokenClose);
    const extractMs = performance.now() - t1;
    const syntax = keep ? { root, release: () => tree.delete(), ...(masked?.calls.length ? { calls: positions(text, masked.calls) } : {}) } : undefined;
    kept = keep;
    return {
      ...(syntax && { syntax }),
      language: def.id,
      symbols,
      totalLines: lines.length,
      errorRatio: nodeCount > 0 ? errors / nodeCount : 0,
      extractor: "tree-sitter",
      debug: { grammar: def.source, parseMs: round(parseMs), extractMs: round(extractMs), loadMs: round(loadMs), runtimeMs: round(runtimeMs), nodeCount, errorNodes: errors },
    };
  } finally {
    if (!kept) tree.delete();
    for (const u of units) u.delete();
  }
}

/** The parser of a definition's grammar (one per language: switching one parser between
 *  languages broke later parses of grammars with external scanners, e.g. Lua after any other). */
async function parserFor(def: GrammarDef): Promise<{ parser: TSParser; loadMs: number }> {
  const { ts, lang, loadMs } = await loadLanguage(def);
  let parser = parsers.get(def.id);
  if (!parser) {
    parser = new ts.Parser();
    parser.setLanguage(lang);
    parsers.set(def.id, parser);
  }
  return { parser, loadMs };
}

/** A syntax tree to read symbols from, with the definition of its grammar. */
interface Source {
  def: GrammarDef;
  root: Node;
}

/**
 * At most this many re-parses per file, and re-parsed text at most REPARSE_TEXT_SHARE times the
 * file's: the per-unit readings cost at most about one more parse, whatever the damage. A stretch
 * that does not fit what is left is not split at all (it keeps the whole-file reading), and the
 * fallback is tried only while the budget lasts.
 */
const REPARSE_MAX = 2000;
const REPARSE_TEXT_SHARE = 1;
/** ... or at least this much text (a unit is read at most twice, so a small file is never cut short). */
const REPARSE_TEXT_MIN = 1 << 20;

/**
 * One error costs only what it overlaps. The top-level syntax nodes that hold an error (a
 * prototype the parser ran on into a K&R function, an ERROR node over several definitions, a
 * C++ head read as a declaration with its body an orphan block) form damaged stretches, each with
 * the clean neighbours it shares lines with and the orphan blocks after it. Each stretch is split
 * into layout units (units.ts) and each unit parsed alone (tree-sitter's included ranges: the
 * rest of the file unread, positions exact); where the unit still has errors and the grammar
 * names a fallback (C++ -> C, C -> C++), the fallback's reading is taken when it has fewer.
 * The stretch's symbols then come from those readings instead of the whole-file tree.
 */
async function reparseDamaged(def: GrammarDef, parser: TSParser, root: Node, parseText: string, text: string) {
  const stretches = damagedStretches(root, new Set(def.containers), parseText);
  if (!stretches.length) return undefined;
  const starts = lineStarts(parseText);
  const at = (i: number) => {
    const row = rowOf(starts, i);
    return { row, column: i - starts[row]! };
  };
  let fallback: { def: GrammarDef; parser: TSParser } | null | undefined;
  const loadFallback = async () => {
    if (fallback !== undefined) return fallback;
    fallback = null;
    const load = def.fallback ? GRAMMARS[def.fallback] : undefined;
    if (load) {
      const fdef = (await load()).default;
      const { parser: fp } = await parserFor(fdef);
      fallback = { def: fdef, parser: fp };
    }
    return fallback;
  };
  let budget = Math.max(REPARSE_TEXT_MIN, REPARSE_TEXT_SHARE * parseText.length);
  let count = 0;
  const trees: Tree[] = [];
  const sources: Source[] = [];
  const dropped: [number, number][] = [];
  const droppedLines: [number, number][] = [];
  const spans: [number, number][] = [];
  let errorDelta = 0;
  for (const st of stretches) {
    if (count >= REPARSE_MAX || budget <= 0) break;
    if (st.end - st.start > budget) continue;
    const units = layoutUnits(parseText, st.start, st.end, REPARSE_MAX - count);
    if (!units) continue;
    const one = units.length === 1;
    const readings: { tree: Tree; def: GrammarDef; errors: number; spans: [number, number][] }[] = [];
    let unitErrors = 0;
    for (const [a, b] of units) {
      const range = { startIndex: a, endIndex: b, startPosition: at(a), endPosition: at(b) };
      // A stretch of one unit reads as the whole-file tree did: only the fallback can differ.
      let best: (typeof readings)[number] | undefined;
      if (!one) {
        const t = parser.parse(parseText, null, { includedRanges: [range] });
        count++;
        budget -= b - a;
        if (t) {
          const sp: [number, number][] = [];
          best = { tree: t, def, errors: t.rootNode.hasError ? countErrors(t.rootNode, sp) : 0, spans: sp };
        }
      }
      if ((!best || best.errors > 0) && count < REPARSE_MAX && budget >= b - a && fallbackFits(def, parseText.slice(a, b)) && (await loadFallback())) {
        // The unit alone, masked with the fallback's macros (the rest of the text is never read).
        const f = fallback!;
        const raw = text.slice(a, b);
        const unit = f.def.macros ? maskWithCalls(raw, f.def.macros).text : raw;
        const t = f.parser.parse((i: number) => (i >= a && i < b ? unit.slice(i - a) : ""), null, { includedRanges: [range] });
        count++;
        budget -= b - a;
        if (t) {
          const sp: [number, number][] = [];
          const e = t.rootNode.hasError ? countErrors(t.rootNode, sp) : 0;
          if (e < (best ? best.errors : st.errors)) {
            best?.tree.delete();
            best = { tree: t, def: f.def, errors: e, spans: sp };
          } else t.delete();
        }
      }
      if (!best) {
        if (one) break; // the whole-file reading stands
        // A unit that would not parse: the stretch stays as the whole file read it.
        for (const r of readings) r.tree.delete();
        readings.length = 0;
        break;
      }
      readings.push(best);
      unitErrors += best.errors;
    }
    // Only a reading no worse replaces the whole-file one: split, with at most its errors (a
    // prototype no longer runs on into what follows); alone, with fewer.
    if (!readings.length || (readings.length < units.length && !one) || unitErrors > st.errors || (one && unitErrors >= st.errors)) {
      for (const r of readings) r.tree.delete();
      continue;
    }
    for (const r of readings) {
      trees.push(r.tree);
      sources.push({ def: r.def, root: r.tree.rootNode });
      spans.push(...r.spans);
    }
    dropped.push([st.start, st.end]);
    droppedLines.push([at(st.start).row + 1, at(Math.max(st.start, st.end - 1)).row + 1]);
    errorDelta += unitErrors - st.errors;
  }
  if (!trees.length) return undefined;
  return { trees, sources, dropped, droppedLines, spans, errorDelta };
}

/** Whether a unit's text may take the fallback grammar's reading (GrammarDef.fallbackWhen/Unless). */
function fallbackFits(def: GrammarDef, unit: string): boolean {
  return (!def.fallbackWhen || def.fallbackWhen.test(unit)) && !(def.fallbackUnless && def.fallbackUnless.test(unit));
}

/** Offsets where lines start. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** Keeps error line spans not inside any of the (sorted, disjoint) line ranges. */
function droppedLinesFilter(ranges: [number, number][]): (s: [number, number]) => boolean {
  return ([a, b]) => {
    let lo = 0, hi = ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [x, y] = ranges[mid]!;
      if (y < a) lo = mid + 1;
      else if (x > b) hi = mid - 1;
      else return !(x <= a && b <= y);
    }
    return true;
  };
}

/**
 * Damaged stretches of the top level: runs of sibling nodes (children of `containers`, looked
 * into through nested containers, never across one) holding an error, with the orphan blocks
 * after them and the siblings they share a line with, widened to whole layout units (units.ts:
 * a broken parse may leave a function's body as several top-level nodes, some of them clean).
 * [start, end) offsets and their errors.
 */
function damagedStretches(root: Node, containers: Set<string>, text: string): { start: number; end: number; errors: number }[] {
  const out: { start: number; end: number; errors: number }[] = [];
  const broken = (n: Node) => n.hasError || n.isMissing || n.type === "ERROR";
  const visit = (parent: Node) => {
    // A container's own parts (`#ifdef NAME`, `#if COND`, a namespace's name) are no units.
    const own = [parent.childForFieldName("name"), parent.childForFieldName("condition")].filter((c): c is Node => !!c).map((c) => c.id);
    const kids = parent.namedChildren.filter((c): c is Node => !!c && !own.includes(c.id));
    if (!kids.length) return;
    let units: [number, number][] | null | undefined; // computed on the first damaged kid
    let i = 0;
    while (i < kids.length) {
      const k = kids[i]!;
      if (containers.has(k.type)) {
        if (k.hasError) visit(k);
        i++;
        continue;
      }
      if (!broken(k)) { i++; continue; }
      units ??= layoutUnits(text, kids[0]!.startIndex, kids[kids.length - 1]!.endIndex)!;
      const floor = out.length ? out[out.length - 1]!.end : -1; // never back into the last stretch
      const joinable = (n: Node | undefined) => !!n && !containers.has(n.type) && n.startIndex >= floor;
      let first = i;
      while (joinable(kids[first - 1]) && kids[first - 1]!.endPosition.row >= kids[first]!.startPosition.row) first--;
      let last = i;
      for (;;) {
        const n = kids[last + 1];
        if (!n || containers.has(n.type)) break;
        if (!(broken(n) || n.type === "compound_statement" || n.startPosition.row <= kids[last]!.endPosition.row)) break;
        last++;
      }
      // Whole units: siblings inside the units the stretch touches join it.
      for (let grew = true; grew; ) {
        grew = false;
        const s = unitAt(units, kids[first]!.startIndex)[0];
        const e = unitAt(units, kids[last]!.endIndex - 1)[1];
        while (joinable(kids[first - 1]) && kids[first - 1]!.endIndex > s) { first--; grew = true; }
        while (kids[last + 1] && !containers.has(kids[last + 1]!.type) && kids[last + 1]!.startIndex < e) { last++; grew = true; }
      }
      let errors = 0;
      const scratch: [number, number][] = [];
      for (let j = first; j <= last; j++) errors += countErrors(kids[j]!, scratch);
      out.push({ start: kids[first]!.startIndex, end: kids[last]!.endIndex, errors: Math.max(1, errors) });
      i = last + 1;
    }
  };
  visit(root);
  return out.sort((a, b) => a.start - b.start);
}

/** The unit (sorted [start, end) pairs covering a range) holding offset `i`; the nearest one
 *  when `i` falls outside them. */
function unitAt(units: [number, number][], i: number): [number, number] {
  let lo = 0, hi = units.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (units[mid]![0] <= i) lo = mid; else hi = mid - 1;
  }
  return units[lo] ?? [i, i + 1];
}

const round = (x: number) => Math.round(x * 10) / 10;

/** [start, end) offset pairs of `text` as rows and columns (each pair on one line). */
function positions(text: string, pairs: number[]): { row: number; start: number; end: number }[] {
  const starts = lineStarts(text);
  const out: { row: number; start: number; end: number }[] = [];
  for (let k = 0; k < pairs.length; k += 2) {
    const a = pairs[k]!;
    const row = rowOf(starts, a);
    out.push({ row, start: a - starts[row]!, end: pairs[k + 1]! - starts[row]! });
  }
  return out;
}

/** The row (0-based) of offset `i`, given the offsets where lines start. */
function rowOf(starts: number[], i: number): number {
  let lo = 0, hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= i) lo = mid; else hi = mid - 1;
  }
  return lo;
}

/** ERROR nodes plus MISSING nodes; only subtrees that report errors are walked. Their line spans
 *  (1-based, inclusive) go to `spans`. */
function countErrors(root: Node, spans: [number, number][]): number {
  let n = 0;
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.isMissing || node.type === "ERROR") {
      n++;
      // An ERROR node may hold sound subtrees (a struct the parser could place): the error is
      // where its own tokens are (a `;` after a sound subtree excepted), not the whole span.
      const own = node.type === "ERROR" && node.childCount > 0 ? node.children.filter((c) => c && (!c.isNamed || c.childCount === 0) && c.type !== ";") : [node];
      for (const c of own) if (c) spans.push(lineSpan(c));
    }
    if (!node.hasError) continue;
    for (const c of node.children) if (c && (c.hasError || c.isMissing)) stack.push(c);
  }
  return n;
}

/**
 * Definitions a broken parse lost (their head swallowed by an ERROR node), found by line shape:
 * a `heads` line outside every symbol with its `{` within a few lines, near an error; each runs to
 * its `close` line. Added in place as top-level symbols (marked approximate by the caller).
 */
function recoverHeads(symbols: Symbol[], errs: [number, number][], lines: string[], heads: [RegExp, SymbolKind][], close: RegExp): void {
  const covered = new Uint8Array(lines.length + 2);
  for (const s of symbols) if (s.depth === 0) covered.fill(1, s.startLine, s.endLine + 1);
  const found: Symbol[] = [];
  const seen = new Uint8Array(lines.length + 2); // stretches already read: each line once
  for (const [a, b] of errs) {
    if (covered[a] || seen[a]) continue;
    // The stretch the error sits in: from the error back and forward to covered lines.
    let lo = a, hi = b;
    while (lo > 1 && !covered[lo - 1]) lo--;
    while (hi < lines.length && !covered[hi + 1]) hi++;
    seen.fill(1, lo, hi + 1);
    for (let l = lo; l <= hi; l++) {
      if (covered[l]) continue;
      let m: RegExpExecArray | null = null;
      let kind: SymbolKind = "function";
      for (const [re, k] of heads) if ((m = re.exec(lines[l - 1]!))) { kind = k; break; }
      if (!m) continue;
      // The body opens on the head line or within the next lines, before any `;`.
      let open = -1;
      for (let k = l; k <= Math.min(hi, l + 8); k++) {
        const t = lines[k - 1]!;
        if (t.includes(";")) break;
        if (/\{\s*(?:\/\*.*\*\/\s*|\/\/.*)?$/.test(t)) { open = k; break; }
      }
      if (open < 0) continue;
      let end = open;
      while (end < lines.length && !covered[end + 1] && !close.test(lines[end - 1]!)) end++;
      covered.fill(1, l, end + 1);
      found.push({ kind, name: m[1]!, label: m[1]!, startLine: l, endLine: end, parent: -1, depth: 0, signature: signatureOf(lines, l), approx: true });
      l = end;
    }
  }
  if (!found.length) return;
  found.sort((x, y) => x.startLine - y.startLine);
  // Merge by start line, remapping parent indices.
  const old = symbols.splice(0);
  const map: number[] = [];
  let j = 0;
  for (let i = 0; i < old.length; i++) {
    const s = old[i]!;
    if (s.depth === 0) while (j < found.length && found[j]!.startLine < s.startLine) symbols.push(found[j++]!);
    map[i] = symbols.length;
    symbols.push(s);
  }
  while (j < found.length) symbols.push(found[j++]!);
  for (const s of symbols) if (s.parent >= 0) s.parent = map[s.parent]!;
}

/** Error spans not inside an `understood` line span (lines marked once: linear). */
function withoutUnderstood(spans: [number, number][], understood: [number, number][], n: number): [number, number][] {
  // Each understood span gets its own id, so an error must sit within one span, not across two.
  const id = new Int32Array(n + 2);
  understood.forEach(([s, e], i) => id.fill(i + 1, s, Math.min(n, e) + 1));
  return spans.filter(([a, b]) => {
    const k = id[a];
    if (!k) return true;
    for (let l = a; l <= b; l++) if (id[l] !== k) return true;
    return false;
  });
}

function lineSpan(n: Node): [number, number] {
  const a = n.startPosition.row + 1;
  return [a, Math.max(a, n.endPosition.row + (n.endPosition.column === 0 ? 0 : 1))];
}

/**
 * Marks every symbol whose line range overlaps an error span as approximate. Not a top-level
 * function whose errors all lie inside its body, strictly between its head line and its last
 * line, where the layout agrees on its end (`close`, C's `}` at column 0: its last line is one,
 * the first after its head): the parser and the layout read the same range, whatever the error
 * inside made of a statement (Linux's tcp_retransmit_timer, an `else if` opened under `#if`).
 */
function markApprox(symbols: Symbol[], spans: [number, number][], lines: string[], close?: RegExp): void {
  spans.sort((a, b) => a[0] - b[0]);
  // maxEnd[i]: the furthest end among the first i+1 spans (by start).
  const maxEnd: number[] = [];
  let m = 0;
  for (const [, e] of spans) maxEnd.push((m = Math.max(m, e)));
  /** The index of the last span starting at or before `line`, or -1. */
  const lastAtOrBefore = (line: number) => {
    let lo = 0, hi = spans.length - 1, k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid]![0] <= line) { k = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return k;
  };
  for (const s of symbols) {
    const k = lastAtOrBefore(s.endLine);
    if (k < 0 || maxEnd[k]! < s.startLine) continue;
    if (close && insideConfirmed(s, spans, maxEnd, lastAtOrBefore(s.startLine), k, lines, close)) continue;
    s.approx = true;
  }
}

/** Whether `s` is a top-level function whose overlapping spans (indices up to `k`; those up to
 *  `head` start on or before its head line) all lie strictly inside it, its end confirmed by the
 *  layout's closing line. */
function insideConfirmed(s: Symbol, spans: [number, number][], maxEnd: number[], head: number, k: number, lines: string[], close: RegExp): boolean {
  if (s.parent !== -1 || s.kind !== "function" || s.endLine - s.startLine < 2) return false;
  if (head >= 0 && maxEnd[head]! >= s.startLine) return false; // an error on or across its head
  for (let i = head + 1; i <= k; i++) if (spans[i]![1] >= s.endLine) return false;
  return close.test(lines[s.endLine - 1] ?? "") && closingLine(lines, s.startLine, s.endLine, close) === s.endLine;
}

interface Found {
  node: Node;
  rule: Rule;
  start: number; // byte offsets of the node for containment
  end: number;
}

/** A position as one comparable number (row-major; columns past 2^26 compare as equal). */
const COL = 2 ** 26;
const pos = (p: { row: number; column: number }) => p.row * COL + Math.min(p.column, COL - 1);

/** `understood` receives the line spans whose syntax errors the extraction has read through (a
 *  macro definition's head): they make no symbol approximate. */
function collect(sources: Source[], dropped: [number, number][], lines: string[], understood: [number, number][], text: string): Symbol[] {
  const nodes = sourceNodes(sources, dropped);
  const out: Symbol[] = [];
  // Stack of open symbols (by position) to derive parent/depth from containment.
  const open: { idx: number; end: number }[] = [];
  const leadings = new Map<GrammarDef, Set<string>>();
  const heads: number[] = []; // each symbol's node's first row (0-based): leading children start it
  const symNodes: Node[] = []; // each symbol's node
  for (const { node, def } of nodes) {
    if (!node) continue;
    let leading = leadings.get(def);
    if (!leading) leadings.set(def, (leading = new Set(def.leading ?? [])));
    const rule = def.rules[node.type]!;
    const sym = toSymbol(def, node, rule, leading, lines, text);
    if (!sym) continue;
    const start = pos(node.startPosition);
    while (open.length && open[open.length - 1]!.end <= start) open.pop();
    const parentIdx = open.length ? open[open.length - 1]!.idx : -1;
    if (rule.topLevel && (rule.topLevel === true || rule.topLevel.includes(sym.kind)) && insideFunction(out, parentIdx)) continue;
    const parent = parentIdx >= 0 ? out[parentIdx]! : undefined;
    if (sym.kind === "function" && parent && CLASS_LIKE.has(parent.kind)) sym.kind = "method";
    sym.parent = parentIdx;
    sym.depth = parent ? parent.depth + 1 : 0;
    // A child never ends after its parent (e.g. a Dart body extension past a class brace).
    if (parent && sym.endLine > parent.endLine) sym.endLine = parent.endLine;
    let end = pos(rule.extendToSibling ? extendedEnd(node, rule) : node.endPosition);
    if (rule.label === "macro-definition") understood.push([node.startPosition.row + 1, node.endPosition.row + 1]);
    // A broken parse may run a top-level symbol over what follows: it ends at the first line that
    // closes a definition in the language's layout (C: `}` at column 0). Not a namespace: the
    // definitions inside it close there too.
    if (def.brokenClose && !parent && sym.kind !== "module" && node.hasError) {
      const close = closingLine(lines, sym.startLine, sym.endLine, def.brokenClose);
      if (close < sym.endLine) {
        sym.endLine = close;
        sym.approx = true;
        end = close * COL; // the start of the next line (rows are 0-based)
      }
    }
    // The line after a function that names it (`EXPORT_SYMBOL(f);`) belongs with it, but is no
    // part of its syntax: the range keeps the brace, the line is attached (grep groups it).
    if (def.trailer && !parent && sym.kind === "function") {
      const m = def.trailer.exec(lines[sym.endLine] ?? "");
      if (m && m[1] === sym.name) sym.attachedEnd = sym.endLine + 1;
    }
    out.push(sym);
    symNodes.push(node);
    heads.push(node.startPosition.row);
    open.push({ idx: out.length - 1, end });
  }
  attachLeadingComments(out, heads, sources, lines, symNodes);
  return out;
}

/** A comment node: tree-sitter grammars name them so (`comment`, `line_comment`, `block_comment`,
 *  `multiline_comment`, `documentation_comment`). */
const isComment = (n: Node) => n.type.endsWith("comment");

/** The comment node that covers `row` at `column` in one of the trees (a doc comment's inner
 *  node climbs to it), or null. */
function commentAt(sources: Source[], row: number, column: number, near: Node | null): Node | null {
  for (const { root } of sources) {
    const base = near && near.tree === root.tree ? near : root;
    const n = base.descendantForPosition({ row, column });
    if (!n) continue;
    if (isComment(n)) return n;
    const p = new Ancestry(base).of(n)[1];
    if (p && isComment(p)) return p;
  }
  return null;
}

/** The decoration (a grammar's `decorations` node: Python's decorator, Rust's attribute) that
 *  covers `row` at `column` in one of the trees, or null. */
function decorationAt(sources: Source[], row: number, column: number, near: Node | null): Node | null {
  for (const { def, root } of sources) {
    if (!def.decorations?.length) continue;
    const base = near && near.tree === root.tree ? near : root;
    const n = base.descendantForPosition({ row, column });
    if (!n) continue;
    // Not above `near`: a decoration that held it would not end on this row (see wholeLines).
    for (const a of new Ancestry(base).of(n)) if (def.decorations.includes(a.type)) return a;
  }
  return null;
}

/** A node holds a position when it starts at or before it and ends after it. */
const holdsPoint = (n: Node, row: number, column: number) => pos(n.startPosition) <= row * COL + column && row * COL + column < pos(n.endPosition);

/** The last row a node covers (a node that ends at column 0 ends on the row before). */
const lastRow = (n: Node) => (n.endPosition.column === 0 && n.endPosition.row > n.startPosition.row ? n.endPosition.row - 1 : n.endPosition.row);

/**
 * A symbol's leading comment block (`/** ... *\/`, `///` or `//` lines, `#` lines, `--`, `(** *)`) is what an
 * agent opens the symbol for when a match falls in it: grep groups those lines under the symbol
 * (Symbol.attachedStart), its range unchanged, and prints them with the symbol when it prints it
 * whole. A block is the comments that fill whole lines (nothing else on their first and last
 * lines), each directly above the next and the last directly above the symbol's first line (or
 * its leading children: decorators, comments the grammar keeps inside the node): a blank line or
 * code ends it. The decorations a grammar keeps outside the symbol's node (`decorations`: Python's
 * `@decorator` lines, Rust's `#[attribute]` lines, a TypeScript or Dart member's `@decorator`),
 * each filling whole lines, are the symbol's too, with or without a comment above them (which is
 * then the symbol's with them): the one rule for where a symbol's head starts, which trace's
 * regions follow (src/investigate/regions.ts symbolStart). A block that
 * starts inside an earlier symbol that does not hold this one (a comment at the end of the
 * previous body) is not attached. Every grammar alike: comment nodes are known by their type's
 * name. Cost: a blank or code line above a symbol ends the look-up at once; each comment or
 * decoration costs one tree look-up.
 */
function attachLeadingComments(out: Symbol[], heads: number[], sources: Source[], lines: string[], nodes: Node[]): void {
  // The look-ups start from the nearest enclosing symbol's node that holds the row, not the root.
  const near = (i: number, row: number, column: number): Node | null => {
    for (let p = out[i]!.parent; p >= 0; p = out[p]!.parent) if (holdsPoint(nodes[p]!, row, column)) return nodes[p]!;
    return null;
  };
  const isAncestor = (j: number, i: number) => {
    for (let p = out[i]!.parent; p >= 0; p = out[p]!.parent) if (p === j) return true;
    return false;
  };
  // Whole lines: the node ends on `row` with nothing after it, and nothing is before it.
  const wholeLines = (n: Node, row: number) =>
    lastRow(n) === row && (lastRow(n) !== n.endPosition.row || (lines[row] ?? "").slice(n.endPosition.column).trim() === "") &&
    (lines[n.startPosition.row] ?? "").search(/\S/) === n.startPosition.column;
  out.forEach((sym, i) => {
    let top = Math.min(heads[i]!, sym.startLine - 1); // 0-based first row the symbol owns
    let block = top; // the first row of the comments (and decorations) found
    let commented = false;
    for (;;) {
      const row = top - 1;
      const line = lines[row];
      if (line === undefined) break;
      const indent = line.search(/\S/);
      if (indent < 0) break; // a blank line ends the block
      const from = near(i, row, indent);
      const c = commentAt(sources, row, indent, from);
      if (c) {
        // A script's `#!` line is the system's, never a doc comment.
        if (!wholeLines(c, row) || (c.startPosition.row === 0 && line.startsWith("#!"))) break;
        top = block = c.startPosition.row;
        commented = true;
        continue;
      }
      const d = decorationAt(sources, row, indent, from);
      if (!d || !wholeLines(d, row)) break;
      top = block = d.startPosition.row;
    }
    if (block + 1 >= sym.startLine) return;
    // The lines of earlier symbols that do not hold this one are theirs.
    let floor = 0;
    for (let j = i - 1; j >= 0 && !isAncestor(j, i); j = out[j]!.parent) floor = Math.max(floor, out[j]!.attachedEnd ?? out[j]!.endLine);
    if (block + 1 > floor) {
      sym.attachedStart = block + 1;
      if (!commented) sym.attachedDecorations = true;
    }
  });
}

/** The symbol nodes of every source in document order (an enclosing node first); the first
 *  source's nodes inside a `dropped` [start, end) range are left out (the others read it). */
function sourceNodes(sources: Source[], dropped: [number, number][]): { node: Node; def: GrammarDef }[] {
  const [main, ...rest] = sources;
  let nodes = symbolNodes(main!.def, main!.root).map((node) => ({ node, def: main!.def }));
  if (!rest.length) return nodes;
  let k = 0;
  nodes = nodes.filter(({ node }) => {
    const a = node.startIndex;
    while (k < dropped.length && dropped[k]![1] <= a) k++;
    return !(k < dropped.length && dropped[k]![0] <= a && node.endIndex <= dropped[k]![1]);
  });
  for (const s of rest) for (const node of symbolNodes(s.def, s.root)) nodes.push({ node, def: s.def });
  return nodes.sort((x, y) => x.node.startIndex - y.node.startIndex || y.node.endIndex - x.node.endIndex);
}

/** The syntax nodes that may be symbols, in document order: every node of a rule's type, except
 *  that types with `under` are looked for only along their container types from the root. */
function symbolNodes(def: GrammarDef, root: Node): Node[] {
  const deep: string[] = [];
  const walk = new Set<string>();
  for (const [type, rule] of Object.entries(def.rules)) {
    if (rule.under) for (const u of rule.under) walk.add(u);
    else deep.push(type);
  }
  const nodes = root.descendantsOfType(deep).filter((n): n is Node => !!n);
  if (!walk.size) return nodes;
  const shallow: Node[] = [];
  const visit = (n: Node) => {
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (def.rules[c.type]?.under?.includes(n.type)) shallow.push(c);
      if (walk.has(c.type)) visit(c);
    }
  };
  if (walk.has(root.type)) visit(root);
  if (!shallow.length) return nodes;
  // Merge two document-ordered lists.
  const merged: Node[] = [];
  let i = 0, j = 0;
  while (i < nodes.length || j < shallow.length) {
    if (j >= shallow.length || (i < nodes.length && nodes[i]!.startIndex <= shallow[j]!.startIndex)) merged.push(nodes[i++]!);
    else merged.push(shallow[j++]!);
  }
  return merged;
}

/** The first line after `start` (up to `end`) that matches `close`, or `end`. */
function closingLine(lines: string[], start: number, end: number, close: RegExp): number {
  for (let l = start + 1; l < end; l++) if (close.test(lines[l - 1]!)) return l;
  return end;
}

/** The child in `field`, or with field "@" the first named child of one of `types`. */
function fieldOrChild(node: Node, field: string, types: string[]): Node | null {
  if (field !== "@") return node.childForFieldName(field);
  for (const c of node.namedChildren) if (c && types.includes(c.type)) return c;
  return null;
}

function insideFunction(out: Symbol[], idx: number): boolean {
  for (let i = idx; i >= 0; i = out[i]!.parent) {
    const k = out[i]!.kind;
    if (k === "function" || k === "method") return true;
  }
  return false;
}

function extendedEnd(node: Node, rule: Rule): { row: number; column: number } {
  const next = node.nextSibling;
  return next && next.type === rule.extendToSibling ? next.endPosition : node.endPosition;
}

function toSymbol(def: GrammarDef, node: Node, rule: Rule, leading: Set<string>, lines: string[], text: string): Symbol | null {
  if (rule.notUnder && rule.notUnder.includes(node.parent?.type ?? "")) return null;
  if (rule.requireField && !node.childForFieldName(rule.requireField)) return null;
  if (rule.unlessChild && node.children.some((c) => c && rule.unlessChild!.includes(c.type))) return null;
  if (rule.closedHead && node.hasError && headInvented(node)) return null;
  if (rule.needs && !declaratorChainHas(node, rule.needs)) return macroMade(node, rule, lines);
  if (rule.when) {
    // A path (`@expression_list/value`) is followed step by step, as in name paths.
    const v = rule.when.field.includes("/") ? followPath(node, rule.when.field) : fieldOrChild(node, rule.when.field, rule.when.types);
    if (!v || !rule.when.types.includes(v.type)) return null;
  }
  let kind: SymbolKind = rule.kind;
  if (rule.kindBy) {
    const map = rule.kindBy.map;
    const v = rule.kindBy.field.includes("/") ? followPath(node, rule.kindBy.field) : fieldOrChild(node, rule.kindBy.field, Object.keys(map));
    const k = v ? (map[v.type] ?? map["*"]) : map["*"];
    if (!k) return null;
    kind = k;
  }
  if (rule.kindByText) {
    const map = rule.kindByText.map;
    let v: Node | null = null;
    if (rule.kindByText.field) v = node.childForFieldName(rule.kindByText.field);
    // Without a field: the first direct child (keyword or not) whose text is a key of the map.
    // (A child longer than every key is no key: its text, e.g. a class body, is never read.)
    else for (const c of node.children) if (c && c.endIndex - c.startIndex <= keyMax(map) && Object.hasOwn(map, c.text)) { v = c; break; }
    const k = v ? (map[textOf(text, v)] ?? map["*"]) : map["*"];
    if (!k) return null;
    kind = k;
  }

  let name: string | null;
  let label: string;
  switch (rule.label) {
    case "rust-impl": {
      const ty = node.childForFieldName("type");
      const tr = node.childForFieldName("trait");
      if (!ty) return null;
      name = baseName(textOf(text, ty));
      const neg = node.children.some((c) => c?.type === "!") ? "!" : "";
      const unsafe = node.children.some((c) => c?.type === "unsafe") ? "unsafe " : "";
      label = tr ? `${unsafe}impl ${neg}${flat(textOf(text, tr))} for ${flat(textOf(text, ty))}` : `${unsafe}impl ${flat(textOf(text, ty))}`;
      break;
    }
    case "go-method": {
      name = resolveName(node, rule.name ?? ["name"], text);
      if (!name) return null;
      const recv = node.childForFieldName("receiver");
      const ty = recv ? recv.descendantsOfType(["type_identifier"])[0] : null;
      const ptr = recv ? recv.descendantsOfType(["pointer_type"]).length > 0 : false;
      label = ty ? `(${ptr ? "*" : ""}${textOf(text, ty)}) ${name}` : name;
      break;
    }
    case "ruby-singleton": {
      name = resolveName(node, rule.name ?? ["name"], text);
      if (!name) return null;
      const obj = node.childForFieldName("object");
      label = `${obj ? flat(textOf(text, obj)) : "self"}.${name}`;
      break;
    }
    case "elixir-call": {
      const target = node.childForFieldName("target");
      const t = target ? textOf(text, target) : undefined;
      const k = t ? ELIXIR_DEFS[t] : undefined;
      if (!k) return null;
      kind = k;
      const args = node.children.find((c) => c?.type === "arguments");
      let first = args?.namedChildren[0] ?? null;
      // `def name(args) when guard` / `def name(args)`: the call or binary operator holds the name.
      while (first && (first.type === "binary_operator" || first.type === "call")) {
        first = first.type === "binary_operator" ? first.childForFieldName("left") : (first.childForFieldName("target") ?? first.namedChildren[0] ?? null);
      }
      if (!first) return null;
      name = flat(textOf(text, first));
      label = name;
      break;
    }
    case "macro-definition": {
      // `NAME(args)` with its `;` missing, then a body: a definition written by a macro.
      const next = node.nextSibling;
      const call = node.namedChildren[0];
      const last = node.lastChild;
      if (!next || next.type !== rule.extendToSibling || !call || call.type !== "call_expression" || !last?.isMissing) return null;
      const fn = call.childForFieldName("function");
      if (!fn || fn.type !== "identifier") return null;
      name = fn.text;
      const args = call.childForFieldName("arguments");
      const inner = args ? flat(args.text.slice(1, -1)) : "";
      const first = args?.namedChildren[0];
      label = inner.length <= 40 ? `${name}(${inner})` : `${name}(${first ? flat(first.text) : ""}, …)`;
      break;
    }
    case "error-definition": {
      // A function declarator followed by `{` among the ERROR node's own children, the `{`
      // ending its line as a body's does (not `CHECK (false, void, off_A {} + off_B {});`).
      const kids = node.children;
      const i = kids.findIndex((c, j) => c && /declarator$/.test(c.type) && kids[j + 1]?.type === "{" && opensBody(lines, kids[j + 1]!) && declaratorChainHas({ childForFieldName: () => c } as unknown as Node, "function_declarator"));
      if (i < 0) return null;
      const leaf = unwrapDeclarator({ childForFieldName: () => kids[i] } as unknown as Node);
      if (!leaf) return null;
      name = label = flat(leaf.text);
      break;
    }
    case "qualified": {
      const full = resolveName(node, rule.name ?? ["name"], text);
      if (!full) return null;
      label = full;
      const parts = full.split(/[.:]+/).filter(Boolean);
      name = parts[parts.length - 1] ?? full;
      break;
    }
    default: {
      name = resolveName(node, rule.name ?? ["name"], text);
      if (!name) name = rule.anonymous ?? null;
      if (!name) return null;
      label = name;
    }
  }

  let startNode = node;
  if (leading.size) {
    const first = node.children.find((c) => c && !leading.has(c.type));
    if (first) startNode = first;
  }
  const startLine = startNode.startPosition.row + 1;
  let endPos = node.endPosition;
  if (rule.extendToSibling) {
    const next = node.nextSibling;
    if (next && next.type === rule.extendToSibling) endPos = next.endPosition;
  }
  // A node that ends at column 0 ends on the line before (its trailing newline).
  let endLine = endPos.column === 0 && endPos.row > startNode.startPosition.row ? endPos.row : endPos.row + 1;
  if (endLine < startLine) endLine = startLine;
  return { kind, name, label, startLine, endLine, parent: -1, depth: 0, signature: signatureOf(lines, startLine, startNode.startPosition.column) };
}

/** Whether the `{` token `brace` is the last code on its line (a comment may follow). */
function opensBody(lines: string[], brace: Node): boolean {
  const rest = (lines[brace.startPosition.row] ?? "").slice(brace.startPosition.column + 1);
  return /^\s*(?:\/\*.*\*\/\s*|\/\/.*)?$/.test(rest);
}

/** `NAME(arg) { ... }` parsed as a definition of type NAME with declarator `(arg)`: the definition
 *  the macro NAME makes, when it stands where definitions do (`macroUnder`). */
function macroMade(node: Node, rule: Rule, lines: string[]): Symbol | null {
  if (!rule.macroUnder?.includes(node.parent?.type ?? "")) return null;
  const ty = node.childForFieldName("type");
  const decl = node.childForFieldName("declarator");
  if (ty?.type !== "type_identifier" || decl?.type !== "parenthesized_declarator" || node.children.length !== 3) return null;
  const name = ty.text;
  const label = `${name}${flat(decl.text)}`;
  const startLine = node.startPosition.row + 1;
  const endLine = Math.max(startLine, node.endPosition.row + (node.endPosition.column === 0 ? 0 : 1));
  return { kind: "function", name, label, startLine, endLine, parent: -1, depth: 0, signature: signatureOf(lines, startLine) };
}

const ELIXIR_DEFS: Record<string, SymbolKind> = {
  defmodule: "module", defprotocol: "interface", defimpl: "impl", def: "function", defp: "function",
  defmacro: "macro", defmacrop: "macro", defguard: "function", defguardp: "function",
  defdelegate: "function",
};

/**
 * Longest name or label text read from a node. A name node is normally a few characters, but a
 * label's node can be any expression (`(function(){...})().x = function`); reading whole node
 * texts made a file's cost grow with its symbols times their size.
 */
const TEXT_MAX = 512;

/** A node's text, at most TEXT_MAX UTF-16 units of it (tree-sitter's indices are UTF-16 units here). */
function textOf(text: string, node: Node): string {
  const a = node.startIndex;
  return text.slice(a, Math.min(node.endIndex, a + TEXT_MAX));
}

const keyMaxes = new WeakMap<object, number>();
/** Length of the longest key of a kindByText map (memoized per map). */
function keyMax(map: Record<string, unknown>): number {
  let m = keyMaxes.get(map);
  if (m === undefined) {
    m = Math.max(0, ...Object.keys(map).map((k) => k.length));
    keyMaxes.set(map, m);
  }
  return m;
}

/** One-line form of a possibly multi-line type/trait text. */
function flat(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/** `foo::Bar<T>` -> `Bar`; `&'a mut [T]` -> `[T]`-ish text left as is. */
function baseName(s: string): string {
  const noGen = flat(s).replace(/<.*$/, "");
  const parts = noGen.split("::");
  return (parts[parts.length - 1] ?? noGen).replace(/^[&*\s]+(?:'\w+\s+)?(?:mut\s+)?/, "") || flat(s);
}

const DECLARATOR_LEAVES = new Set([
  "identifier", "field_identifier", "type_identifier", "qualified_identifier", "destructor_name",
  "operator_name", "template_function", "primitive_type",
]);

/** The node a name path (see NamePath) leads to from `node`, or null. */
function followPath(node: Node, path: NamePath): Node | null {
  let cur: Node | null = node;
  for (const step of path.split("/")) {
    if (!cur) break;
    if (step === "#text") break;
    if (step === "*") cur = unwrapDeclarator(cur);
    else if (step.startsWith("@")) {
      const want = step.slice(1).split("|");
      cur = cur.namedChildren.find((c) => c && want.includes(c.type)) ?? null;
    } else cur = cur.childForFieldName(step);
  }
  return cur;
}

function resolveName(node: Node, alts: NamePath[], text: string): string | null {
  for (const alt of alts) {
    const cur = followPath(node, alt);
    if (cur) {
      const t = flat(textOf(text, cur));
      if (t) return t;
    }
  }
  return null;
}

/** Whether the parameter list of `node`'s function declarator closes with a `)` the parser
 *  invented (MISSING): `CHECK (false, void, off_A {} + off_B {});` read as a head and a body. */
function headInvented(node: Node): boolean {
  let cur: Node | null = node.childForFieldName("declarator");
  for (let guard = 0; cur && guard < 32; guard++) {
    if (cur.type === "function_declarator") return !!cur.childForFieldName("parameters")?.lastChild?.isMissing;
    if (DECLARATOR_LEAVES.has(cur.type)) return false;
    cur = cur.childForFieldName("declarator");
  }
  return false;
}

/** Whether the declarator chain of `node` (as `unwrapDeclarator` follows it) holds a `type` node. */
function declaratorChainHas(node: Node, type: string): boolean {
  let cur: Node | null = node.childForFieldName("declarator");
  for (let guard = 0; cur && guard < 32; guard++) {
    if (cur.type === type) return true;
    if (DECLARATOR_LEAVES.has(cur.type)) return false;
    cur = cur.childForFieldName("declarator") ?? cur.namedChildren.find((c) => c && c.type.endsWith("declarator")) ?? null;
  }
  return false;
}

/** C/C++: the identifier a (possibly nested) declarator declares, e.g. `(*fp)(int)` -> `fp`. */
function unwrapDeclarator(node: Node): Node | null {
  let cur: Node | null = node.childForFieldName("declarator");
  for (let guard = 0; cur && guard < 32; guard++) {
    if (DECLARATOR_LEAVES.has(cur.type)) return cur;
    const next: Node | null = cur.childForFieldName("declarator") ?? cur.namedChildren.find((c) => c && c.type.endsWith("declarator")) ?? null;
    if (!next) return cur.namedChildren.find((c) => c && DECLARATOR_LEAVES.has(c.type)) ?? null;
    cur = next;
  }
  return null;
}
