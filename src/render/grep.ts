/**
 * grep output: text (budgeted, grouped by enclosing symbol), JSON (every match), paths.
 * Totals are always exact; every cut says what it cut and how to see it.
 */
import type { FileHits, SearchStats } from "../search/index.ts";
import type { LineMatch } from "../match/types.ts";
import type { FileStructure, Symbol } from "../structure/types.ts";
import { symbolHead } from "./symbol.ts";
import { mergeLines, type ContextLine, type Printed } from "../search/context.ts";

/** Lines longer than this many code points are clipped around the first match. */
export const CLIP_WIDTH = 240;
/** Code points kept before the match when clipping. */
export const CLIP_BEFORE = 80;
/** Unmatched top-level symbols listed in the `other:` hint. */
export const OTHER_LIMIT = 6;

/**
 * Clips a long line to a CLIP_WIDTH window around the match starting at UTF-16 offset `at`,
 * with exact counts (code points) of what was cut. Applied once, to the original line.
 */
export function clipLine(text: string, at: number): string {
  if (text.length <= CLIP_WIDTH) return text;
  const cps = Array.from(text);
  if (cps.length <= CLIP_WIDTH) return text;
  const atCp = Array.from(text.slice(0, Math.max(0, Math.min(at, text.length)))).length;
  let start = Math.max(0, atCp - CLIP_BEFORE);
  const end = Math.min(cps.length, start + CLIP_WIDTH);
  start = Math.max(0, Math.min(start, end - CLIP_WIDTH));
  const before = start;
  const after = cps.length - end;
  const win = cps.slice(start, end).join("");
  if (before > 0 && after > 0) return `…${win} … [truncated: ${before} chars before, ${after} chars after]`;
  if (before > 0) return `…${win} [truncated: ${before} chars before]`;
  return `${win} … [truncated: ${after} chars after]`;
}

const shown = (m: LineMatch) => clipLine(m.text, m.spans[0]?.[0] ?? 0);
/** Text output never carries raw NUL bytes (a binary file named explicitly is searched whole). */
const shownText = (m: LineMatch) => {
  const t = shown(m);
  return t.includes("\0") ? t.replace(/\0/g, "\\0") : t;
};

export interface Group {
  /** Index into structure.symbols, or -1 for matches outside every symbol. */
  symbol: number;
  matches: LineMatch[];
  /** Context lines around these matches (-A/-B/-C), in line order. */
  context?: ContextLine[];
}

/** Innermost symbol containing `line`: the deepest (latest in pre-order) one whose range holds it. */
export function innermost(symbols: Symbol[], line: number): number {
  let best = -1;
  for (let i = 0; i < symbols.length; i++) {
    const s = symbols[i];
    if (s.startLine <= line && line <= s.endLine && (best < 0 || s.depth >= symbols[best].depth)) best = i;
  }
  return best;
}

/**
 * Consecutive matches with the same innermost symbol form one group: groups stay in line order.
 * Context lines (-A/-B/-C) go with the match they surround: after-context with the match before
 * it, before-context with the match after it; a line between two matches goes with the earlier.
 */
export function groupMatches(matches: LineMatch[], symbols: Symbol[], context?: ContextLine[]): Group[] {
  const groups: Group[] = [];
  for (const m of matches) {
    const s = innermost(symbols, m.line);
    const last = groups[groups.length - 1];
    if (last && last.symbol === s) last.matches.push(m);
    else groups.push({ symbol: s, matches: [m] });
  }
  if (context && groups.length) {
    const owners: Array<[number, Group]> = [];
    for (const g of groups) for (const m of g.matches) owners.push([m.line, g]);
    const have = new Set(context.map((c) => c.line));
    let k = 0; // first match after the context line
    for (const c of context) {
      while (k < owners.length && owners[k]![0] < c.line) k++;
      const prev = k > 0 ? owners[k - 1] : undefined;
      let g = (owners[k] ?? prev)![1];
      if (prev) {
        let joined = true; // every line from the previous match to this one is printed
        for (let l = prev[0] + 1; l < c.line && joined; l++) joined = have.has(l);
        if (joined) g = prev[1];
      }
      (g.context ??= []).push(c);
    }
  }
  return groups;
}

/**
 * The printed lines of a run of matches and their context: `N: text` for a match, `N- text` for
 * context, and `--` where the line numbers jump (rg's separator between context blocks).
 */
function printedRuns(matches: LineMatch[], context: ContextLine[] | undefined): string[] {
  if (!context) return matches.map((m) => `${m.line}: ${shownText(m)}`);
  const out: string[] = [];
  let prev = -1;
  for (const p of mergeLines(matches, context)) {
    if (prev >= 0 && p.line > prev + 1) out.push("--");
    prev = p.line;
    out.push(printedLine(p));
  }
  return out;
}

function printedLine(p: Printed): string {
  if ("match" in p) return `${p.line}: ${shownText(p.match)}`;
  const t = clipLine(p.context.text, 0).replace(/\0/g, "\\0");
  return p.context.selected ? `${p.line}: ${t}` : `${p.line}- ${t}`;
}

/** Top-level symbols with no match inside them, in source order. */
export function otherSymbols(matches: LineMatch[], symbols: Symbol[]): Symbol[] {
  return symbols.filter((s) => s.depth === 0 && !matches.some((m) => s.startLine <= m.line && m.line <= s.endLine));
}

const symLabel = (s: Symbol) => `${symbolHead(s)} @ ${s.startLine}-${s.endLine}`;

/** Group header: the symbol, plus its container when the label does not already name it. */
function groupHeader(symbols: Symbol[], i: number): string {
  const s = symbols[i];
  const p = s.parent >= 0 ? symbols[s.parent] : undefined;
  const label = s.label || s.name;
  if (!p || label.includes(p.name)) return symLabel(s);
  return `${symLabel(s)} (in ${symbolHead(p)})`;
}

export interface TextFile {
  hits: FileHits;
  /** The path as printed (rg's form: the root as given, then the path under it). */
  path: string;
  /** -A/-B/-C lines around the shown matches (undefined: no context asked). */
  context?: ContextLine[];
  structure?: FileStructure;
  /** The harness already knows this file's structure: compress the `other:` hint. */
  structureKnown?: boolean;
  /** Why the file was not parsed for grouping, when a parse limit decided it. */
  ungrouped?: string;
}

export interface TextInput {
  query: string;
  totalFiles: number;
  totalMatches: number;
  /** The files shown (the display budget), in output order. */
  shown: TextFile[];
  /** Files not shown and their match count. */
  omittedFiles: number;
  omittedMatches: number;
  maxRegions: number;
  stats: SearchStats;
}

export function renderText(r: TextInput): string {
  const out: string[] = [];
  out.push(`query: ${r.query}`);
  out.push(`matches: ${r.totalMatches} in ${r.totalFiles} files`);
  if (r.totalFiles === 0) out.push(`searched: ${r.stats.searched} files${skippedText(r.stats)}`);
  else {
    // Files that could not be searched at all: a match may hide in them, so say so every time.
    const missed = unsearchedText(r.stats);
    if (missed) out.push(`skipped: ${missed} (not searched; --json summary.skipped has every count)`);
  }
  let cutLines = 0;
  let cutFiles = 0;
  for (const f of r.shown) {
    out.push("");
    const st = f.structure;
    let head = f.path;
    if (st && st.errorRatio > 0.05) head += `  [parse errors in ${Math.round(st.errorRatio * 100)}% of nodes: symbol ranges may be off]`;
    out.push(head);
    if (f.ungrouped) out.push(`  (not grouped by symbol: ${f.ungrouped})`);
    const all = f.hits.matches;
    const vis = all.slice(0, r.maxRegions);
    const symbols = st?.symbols ?? [];
    if (symbols.length === 0) {
      for (const p of printedRuns(vis, f.context)) out.push(`  ${p}`);
    } else {
      for (const g of groupMatches(vis, symbols, f.context)) {
        out.push(g.symbol < 0 ? "  - <file scope>" : `  - ${groupHeader(symbols, g.symbol)}`);
        for (const p of printedRuns(g.matches, g.context)) out.push(`    ${p}`);
      }
    }
    if (all.length > vis.length) {
      cutLines += all.length - vis.length;
      cutFiles++;
      out.push(`  ... ${all.length - vis.length} more matches in this file not shown; use --max-regions ${all.length}`);
    }
    if (f.hits.binaryCut) out.push("  (NUL byte found: the rest of this binary file was not searched, as rg does)");
    const others = otherSymbols(all, symbols);
    if (others.length > 0) {
      if (f.structureKnown) out.push(`  other: ${others.length} top-level symbols you already know (per --context-json)`);
      else {
        const listed = others.slice(0, OTHER_LIMIT).map(symLabel).join("; ");
        const more = others.length > OTHER_LIMIT ? `; ... ${others.length - OTHER_LIMIT} more` : "";
        out.push(`  other: ${listed}${more}`);
      }
    }
  }
  if (r.omittedFiles > 0 || cutLines > 0) out.push("");
  if (r.omittedFiles > 0)
    out.push(`... ${r.omittedFiles} more files (${r.omittedMatches} matches) not shown; use --max-files ${r.totalFiles} or --paths-only`);
  if (cutLines > 0 && cutFiles > 1) out.push(`... ${cutLines} match lines not shown in ${cutFiles} files above; raise --max-regions or use --json`);
  return out.join("\n") + "\n";
}

function skippedText(s: SearchStats): string {
  const parts: string[] = [];
  const add = (n: number, what: string) => n > 0 && parts.push(`${n} ${what}`);
  add(s.ignored, "ignored");
  add(s.hidden, "hidden");
  add(s.filtered, "filtered by --type/--glob");
  add(s.binary, "binary");
  add(s.tooLarge, "too large");
  add(s.unreadable, "unreadable");
  add(s.special, "not regular files");
  return parts.length ? `; skipped: ${parts.join(", ")}` : "";
}

/** Only the reasons that mean "could not search" (ignored/hidden/binary are by design). */
function unsearchedText(s: SearchStats): string {
  const parts: string[] = [];
  if (s.unreadable > 0) parts.push(`${s.unreadable} unreadable`);
  if (s.tooLarge > 0) parts.push(`${s.tooLarge} too large`);
  if (s.special > 0) parts.push(`${s.special} not regular files`);
  return parts.join(", ");
}

export interface JsonFile {
  hits: FileHits;
  /** The printed path, and hex of its raw bytes when the printed form is not the name itself. */
  path: string;
  pathBytes?: string;
  /** -A/-B/-C lines around the matches (undefined: no context asked). */
  context?: ContextLine[];
  language: string;
  role: string;
  structure?: FileStructure;
  /** Why the file was not parsed for grouping, when a parse limit decided it. */
  ungrouped?: string;
}

export interface JsonInput {
  query: string;
  patterns: string[];
  regex: boolean;
  ignoreCase: boolean;
  wordRegexp: boolean;
  invert: boolean;
  roots: string[];
  files: JsonFile[];
  stats: SearchStats;
  groupedFiles: number;
}

const jm = (m: LineMatch) => ({ line_number: m.line, column: m.column, byte_offset: m.byteOffset, line_text: shown(m) });
/** A context line: no column (nothing matched on it), marked as context. */
const jc = (c: ContextLine) => ({ type: c.selected ? "match" : "context", line_number: c.line, byte_offset: c.byteOffset, line_text: clipLine(c.text, 0) });

export function renderJson(r: JsonInput): string {
  let total = 0;
  const files = r.files.map((f) => {
    total += f.hits.matches.length;
    const o: any = { path: f.path };
    if (f.pathBytes) o.path_bytes = f.pathBytes;
    o.language = f.language;
    o.role = f.role;
    o.match_count = f.hits.matches.length;
    if (f.hits.binaryCut) o.binary_cut = true;
    if (f.ungrouped) o.not_grouped = f.ungrouped;
    o.matches = f.hits.matches.map(jm);
    if (f.context) o.context = f.context.map(jc);
    // Groups only where structure exists: for a file without symbols they would repeat `matches`.
    if (f.structure && f.structure.symbols.length > 0) {
      const syms = f.structure.symbols;
      o.groups = groupMatches(f.hits.matches, syms, f.context).map((g) => {
        const s = g.symbol >= 0 ? syms[g.symbol] : undefined;
        const j: any = {
          kind: s ? s.kind : "file-scope",
          label: s ? s.label || s.name : "<file scope>",
          start_line: s ? s.startLine : null,
          end_line: s ? s.endLine : null,
          matches: g.matches.map(jm),
        };
        if (f.context) j.context = (g.context ?? []).map(jc);
        return j;
      });
      o.total_symbols = syms.length;
      o.other_symbols = otherSymbols(f.hits.matches, syms).map((s) => ({
        kind: s.kind,
        label: s.label || s.name,
        start_line: s.startLine,
        end_line: s.endLine,
        line_count: s.endLine - s.startLine + 1,
      }));
      if (f.structure.errorRatio > 0) o.parse_error_ratio = Math.round(f.structure.errorRatio * 1000) / 1000;
    }
    return o;
  });
  const s = r.stats;
  const doc = {
    schema: "agentgrep.grep/1",
    query: r.query,
    patterns: r.patterns,
    regex: r.regex,
    ignore_case: r.ignoreCase,
    word_regexp: r.wordRegexp,
    invert_match: r.invert,
    root: r.roots[0],
    roots: r.roots,
    files,
    total_files: files.length,
    total_matches: total,
    summary: {
      files_searched: s.searched,
      files_matched: files.length,
      skipped: {
        ignored: s.ignored,
        hidden: s.hidden,
        filtered: s.filtered,
        binary: s.binary,
        too_large: s.tooLarge,
        unreadable: s.unreadable,
        special: s.special,
      },
      grouped_files: r.groupedFiles,
      grouping_note: "groups/other_symbols are computed for the first --max-files files only (structure parsing is the cost); matches are always complete",
    },
  };
  return JSON.stringify(doc) + "\n";
}
