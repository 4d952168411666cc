/**
 * grep output: text (budgeted, grouped by enclosing symbol), JSON (every match), paths.
 * Totals are always exact; every cut says what it cut and how to see it.
 */
import type { FileHits, SearchStats } from "../search/index.ts";
import { FULL_MAX_LINES } from "../search/file.ts";
import { thousands } from "../util/text.ts";
import type { LineMatch } from "../match/types.ts";
import type { FileStructure, Symbol } from "../structure/types.ts";
import { rangeText, symbolHead } from "./symbol.ts";
import type { MatchRole } from "../structure/roles.ts";
import { mergeLines, type ContextLine, type Printed } from "../search/context.ts";

/** Lines longer than this many code points are clipped around the first match. */
export const CLIP_WIDTH = 240;
/** Code points kept before the match when clipping. */
export const CLIP_BEFORE = 80;
/**
 * Unmatched symbols listed in the `other:` hint (the nearest to the matches). Two agent trials
 * measured 6 at 24-40% of grep's bytes and found one useful name in them: 3 keeps the nearest
 * neighbours, and a single footer says where the rest are.
 */
export const OTHER_LIMIT = 3;

/**
 * Clips a long line to a CLIP_WIDTH window around the match starting at UTF-16 offset `at`,
 * with exact counts (code points) of what was cut. Applied once, to the original line.
 */
export function clipLine(text: string, at: number): string {
  if (text.length <= CLIP_WIDTH) return text;
  // Code points are counted in place: a minified line is megabytes, and an array of its
  // characters per shown match cost memory and time that grew with the line.
  const total = cpCount(text, 0, text.length);
  if (total <= CLIP_WIDTH) return text;
  const atCp = cpCount(text, 0, Math.max(0, Math.min(at, text.length)));
  let start = Math.max(0, atCp - CLIP_BEFORE);
  const end = Math.min(total, start + CLIP_WIDTH);
  start = Math.max(0, Math.min(start, end - CLIP_WIDTH));
  const before = start;
  const after = total - end;
  const from = cpToUnit(text, 0, 0, start);
  const win = text.slice(from, cpToUnit(text, from, start, end));
  if (before > 0 && after > 0) return `…${win} … [truncated: ${before} chars before, ${after} chars after]`;
  if (before > 0) return `…${win} [truncated: ${before} chars before]`;
  return `${win} … [truncated: ${after} chars after]`;
}

const isPair = (s: string, i: number, end: number) => {
  const c = s.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff || i + 1 >= end) return false;
  const d = s.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff;
};

/** Code points in s[from, to) as Array.from counts them (a surrogate pair is one). */
function cpCount(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++, n++) if (isPair(s, i, to)) i++;
  return n;
}

/** UTF-16 index of code point `cp`, walking from unit `i`, which is code point `cpAt`. */
function cpToUnit(s: string, i: number, cpAt: number, cp: number): number {
  for (; cpAt < cp && i < s.length; cpAt++) i += isPair(s, i, s.length) ? 2 : 1;
  return i;
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
  return innermostAll(symbols, [line])[0]!;
}

/**
 * `innermost` for each of `lines`, in one sweep over the symbols: a file with
 * thousands of symbols and matching lines cost their product when each line scanned them all.
 * Symbols enter a heap (deepest, then latest first) when their range starts; ended ones leave
 * it when they reach the top.
 */
export function innermostAll(symbols: Symbol[], lines: number[]): number[] {
  const order = symbols.map((_, i) => i).sort((a, b) => symbols[a]!.startLine - symbols[b]!.startLine || a - b);
  const heap: number[] = [];
  const above = (a: number, b: number) => symbols[a]!.depth > symbols[b]!.depth || (symbols[a]!.depth === symbols[b]!.depth && a > b);
  const push = (x: number) => {
    let i = heap.push(x) - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!above(heap[i]!, heap[p]!)) break;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const pop = () => {
    const last = heap.pop()!;
    if (heap.length === 0) return;
    heap[0] = last;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && above(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && above(heap[r]!, heap[m]!)) m = r;
      if (m === i) break;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  };
  const out: number[] = new Array(lines.length);
  const asked = lines.map((_, k) => k).sort((a, b) => lines[a]! - lines[b]!);
  let next = 0;
  for (const k of asked) {
    const line = lines[k]!;
    while (next < order.length && symbols[order[next]!]!.startLine <= line) push(order[next++]!);
    while (heap.length && (symbols[heap[0]!]!.attachedEnd ?? symbols[heap[0]!]!.endLine) < line) pop();
    out[k] = heap.length ? heap[0]! : -1;
  }
  return out;
}

/**
 * Consecutive matches with the same innermost symbol form one group: groups stay in line order.
 * Context lines (-A/-B/-C) go with the match they surround: after-context with the match before
 * it, before-context with the match after it; a line between two matches goes with the earlier.
 */
export function groupMatches(matches: LineMatch[], symbols: Symbol[], context?: ContextLine[]): Group[] {
  const groups: Group[] = [];
  const at = innermostAll(symbols, matches.map((m) => m.line));
  matches.forEach((m, k) => {
    const s = at[k]!;
    const last = groups[groups.length - 1];
    if (last && last.symbol === s) last.matches.push(m);
    else groups.push({ symbol: s, matches: [m] });
  });
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
 * The printed lines of a run of matches and their context: `N: text` for a match (through `line`,
 * which adds the role), `N- text` for context, and `--` where the line numbers jump (rg's
 * separator between context blocks).
 */
function printedRuns(matches: LineMatch[], context: ContextLine[] | undefined, line: (m: LineMatch) => string): string[] {
  if (!context) return matches.map(line);
  const out: string[] = [];
  let prev = -1;
  for (const p of mergeLines(matches, context)) {
    if (prev >= 0 && p.line > prev + 1) out.push("--");
    prev = p.line;
    out.push(printedLine(p, line));
  }
  return out;
}

function printedLine(p: Printed, line: (m: LineMatch) => string): string {
  if ("match" in p) return line(p.match);
  const t = clipLine(p.context.text, 0).replace(/\0/g, "\\0");
  return p.context.selected ? `${p.line}: ${t}` : `${p.line}- ${t}`;
}

/**
 * The `other:` hint: symbols with no match inside them that sit beside the matched ones (top
 * level, or inside a symbol that holds a match: a matched method's sibling methods), the `limit`
 * nearest to a matched line, in line order; `total` counts every such symbol.
 */
export function otherSymbols(matches: LineMatch[], symbols: Symbol[], limit = OTHER_LIMIT): { shown: Symbol[]; total: number } {
  const lines = matches.map((m) => m.line).sort((a, b) => a - b);
  // First matched line at or after a symbol's start: binary search over the sorted lines.
  const firstFrom = (s: Symbol) => {
    let lo = 0;
    let hi = lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lines[mid]! < s.startLine) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const at = symbols.map(firstFrom);
  const matched = symbols.map((s, i) => at[i]! < lines.length && lines[at[i]!]! <= (s.attachedEnd ?? s.endLine));
  const cands: Array<{ i: number; d: number }> = [];
  symbols.forEach((s, i) => {
    if (matched[i] || (s.parent >= 0 && !matched[s.parent])) return;
    // A one-line namespace statement (PHP `namespace X;`) is the file's label, not a place to go.
    if (s.kind === "module" && s.startLine === s.endLine) return;
    // No matched line inside: the nearest ones are just before its start and just after its end.
    const k = at[i]!;
    const after = k < lines.length ? lines[k]! - s.endLine : Infinity;
    const before = k > 0 ? s.startLine - lines[k - 1]! : Infinity;
    cands.push({ i, d: Math.min(after, before) });
  });
  const near = [...cands].sort((a, b) => a.d - b.d || a.i - b.i).slice(0, limit).sort((a, b) => a.i - b.i);
  return { shown: near.map((c) => symbols[c.i]!), total: cands.length };
}

const symLabel = (s: Symbol) => `${symbolHead(s)} @ ${rangeText(s.startLine, s.endLine, s.approx)}`;

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
  /** One role per match of hits.matches. */
  roles?: MatchRole[];
  /** Symbols (indices) printed whole, and the file's lines to print them from. */
  inline?: Set<number>;
  lines?: string[];
}

export interface TextInput {
  query: string;
  /** --role: the roles kept. */
  roleFilter?: string[];
  totalFiles: number;
  totalMatches: number;
  /** The files shown (the display budget), in output order. */
  shown: TextFile[];
  /** Files not shown and their match count. */
  omittedFiles: number;
  omittedMatches: number;
  maxRegions: number;
  stats: SearchStats;
  /** Zero-result diagnosis line (what would have matched, with which flag). */
  diagnosis?: string;
}

export function renderText(r: TextInput): string {
  const out: string[] = [];
  out.push(`query: ${r.query}`);
  if (r.roleFilter) out.push(`role: ${r.roleFilter.join(",")}`);
  out.push(`matches: ${r.totalMatches} in ${r.totalFiles} files`);
  if (r.totalFiles === 0) {
    out.push(`searched: ${r.stats.searched} files${skippedText(r.stats)}`);
    if (r.diagnosis) out.push(r.diagnosis);
  }
  else {
    // Files that could not be searched at all: a match may hide in them, so say so every time.
    const missed = unsearchedText(r.stats);
    if (missed) out.push(`skipped: ${missed} (not searched; --json summary.skipped has every count)`);
  }
  let cutLines = 0;
  let cutFiles = 0;
  let othersCut = false;
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
    const roleOf = new Map<LineMatch, MatchRole>();
    if (f.roles) all.forEach((m, i) => roleOf.set(m, f.roles![i]!));
    const line = (m: LineMatch) => `${m.line}: ${shownText(m)}${roleTag(roleOf.get(m))}`;
    let printed = vis.length;
    if (symbols.length === 0) {
      for (const p of printedRuns(vis, f.context, line)) out.push(`  ${p}`);
    } else {
      const done = new Set<number>();
      for (const g of groupMatches(vis, symbols, f.context)) {
        out.push(g.symbol < 0 ? "  - <file scope>" : `  - ${groupHeader(symbols, g.symbol)}`);
        const whole = f.inline?.has(g.symbol) && f.lines ? symbols[g.symbol] : undefined;
        if (!whole) {
          for (const p of printedRuns(g.matches, g.context, line)) out.push(`    ${p}`);
          continue;
        }
        // The whole symbol: its matched lines as `N:` (every match in it, shown or not), the
        // others as `N|`, so an rg-style reader never takes a body line for a match.
        if (done.has(g.symbol)) continue;
        done.add(g.symbol);
        // Matches on lines attached after its end (`EXPORT_SYMBOL(f);`) follow the body.
        const last = whole.attachedEnd ?? whole.endLine;
        const inSym = all.filter((m) => whole.startLine <= m.line && m.line <= last);
        const byLine = new Map(inSym.map((m) => [m.line, m]));
        printed += inSym.filter((m) => !vis.includes(m)).length;
        for (let n = whole.startLine; n <= last && n <= f.lines!.length; n++) {
          const m = byLine.get(n);
          if (n > whole.endLine) { if (m) out.push(`    ${line(m)}`); continue; }
          out.push(m ? `    ${line(m)}` : `    ${n}| ${clipLine(f.lines![n - 1]!, 0).replace(/\0/g, "\\0")}`);
        }
      }
    }
    // count, not all.length: a search keeps at most FULL_MAX_LINES lines of a file, counts all.
    const total = Math.max(f.hits.count, all.length);
    if (total > printed) {
      cutLines += total - printed;
      cutFiles++;
      const how = printed < all.length ? `use --max-regions ${all.length}` : "narrow the query or --glob";
      out.push(`  ... ${total - printed} more matches in this file not shown; ${how}${all.length < total ? ` (at most ${all.length} lines of one file are listed)` : ""}`);
    }
    if (f.hits.binaryCut) out.push("  (NUL byte found: the rest of this binary file was not searched, as rg does)");
    const others = otherSymbols(all, symbols);
    if (others.total > 0) {
      if (f.structureKnown) out.push(`  other: ${others.total} nearby symbols you already know (per --context-json)`);
      else {
        const listed = others.shown.map(symLabel).join("; ");
        const more = others.total > others.shown.length ? `; ... ${others.total - others.shown.length} more` : "";
        othersCut ||= more !== "";
        out.push(`  other: ${listed}${more}`);
      }
    }
  }
  if (r.omittedFiles > 0 || cutLines > 0 || othersCut) out.push("");
  if (othersCut) out.push("other: the symbols nearest the matches that have none; agentgrep outline FILE lists them all");
  if (r.omittedFiles > 0)
    out.push(`... ${r.omittedFiles} more files (${r.omittedMatches} matches) not shown; use --max-files ${r.totalFiles} or --paths-only`);
  if (cutLines > 0 && cutFiles > 1) out.push(`... ${cutLines} match lines not shown in ${cutFiles} files above; raise --max-regions or use --json`);
  return out.join("\n") + "\n";
}

/**
 * The role on a match line: `  [call]`, approximate (line shape, no parse) `  [call?]`; none on
 * prose (plain text, Markdown), where a role says nothing.
 */
function roleTag(r: MatchRole | undefined): string {
  return r && !r.prose ? `  [${r.role}${r.approx ? "?" : ""}]` : "";
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
  /** One role per match. */
  roles?: MatchRole[];
  /** Symbols whose text is carried (--full-region given), and the lines to take it from. */
  inline?: Set<number>;
  lines?: string[];
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
  /** On an empty result: the relaxations that would match. */
  diagnosis?: Array<Record<string, unknown>>;
}

const jm = (m: LineMatch, r?: MatchRole) => {
  const o: Record<string, unknown> = { line_number: m.line, column: m.column, byte_offset: m.byteOffset, line_text: shown(m) };
  if (r) {
    o.role = r.role;
    if (r.approx) o.role_approx = true;
  }
  return o;
};
/** A context line: no column (nothing matched on it), marked as context. */
const jc = (c: ContextLine) => ({ type: c.selected ? "match" : "context", line_number: c.line, byte_offset: c.byteOffset, line_text: clipLine(c.text, 0) });

export function renderJson(r: JsonInput): string {
  let total = 0;
  const files = r.files.map((f) => {
    const count = Math.max(f.hits.count, f.hits.matches.length);
    total += count;
    const o: any = { path: f.path };
    if (f.pathBytes) o.path_bytes = f.pathBytes;
    o.language = f.language;
    o.role = f.role;
    o.match_count = count;
    // A search keeps at most FULL_MAX_LINES lines of one file (a 100 MB log would not fit in memory).
    if (count > f.hits.matches.length)
      o.matches_cut = { listed: f.hits.matches.length, omitted: count - f.hits.matches.length, note: `at most ${f.hits.matches.length} matching lines of one file are listed; the count is exact; narrow the query or --glob to list the rest` };
    if (f.hits.binaryCut) o.binary_cut = true;
    if (f.ungrouped) o.not_grouped = f.ungrouped;
    const roleOf = new Map<LineMatch, MatchRole>();
    if (f.roles) f.hits.matches.forEach((m, i) => roleOf.set(m, f.roles![i]!));
    o.matches = f.hits.matches.map((m) => jm(m, roleOf.get(m)));
    if (f.context) o.context = f.context.map(jc);
    // Groups only where structure exists: for a file without symbols they would repeat `matches`.
    if (f.structure && f.structure.symbols.length > 0) {
      const syms = f.structure.symbols;
      o.groups = groupMatches(f.hits.matches, syms, f.context).map((g) => {
        const s = g.symbol >= 0 ? syms[g.symbol] : undefined;
        const grp: Record<string, unknown> = {
          kind: s ? s.kind : "file-scope",
          label: s ? s.label || s.name : "<file scope>",
          start_line: s ? s.startLine : null,
          end_line: s ? s.endLine : null,
          ...(s?.approx ? { approx: true } : {}),
          matches: g.matches.map((m) => jm(m, roleOf.get(m))),
        };
        if (s && f.inline?.has(g.symbol) && f.lines) grp.full_region = f.lines.slice(s.startLine - 1, s.endLine).join("\n");
        if (f.context) grp.context = (g.context ?? []).map(jc);
        return grp;
      });
      o.total_symbols = syms.length;
      const others = otherSymbols(f.hits.matches, syms);
      o.other_symbols_total = others.total;
      o.other_symbols = others.shown.map((s) => ({
        kind: s.kind,
        label: s.label || s.name,
        start_line: s.startLine,
        end_line: s.endLine,
        line_count: s.endLine - s.startLine + 1,
        ...(s.approx ? { approx: true } : {}),
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
    ...(r.diagnosis && { diagnosis: r.diagnosis }),
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
      grouping_note: `groups/other_symbols are computed for the first --max-files files only (structure parsing is the cost); matches are complete up to ${thousands(FULL_MAX_LINES)} lines per file (matches_cut says when a file has more)`,
    },
  };
  return JSON.stringify(doc) + "\n";
}
