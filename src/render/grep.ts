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
import { mergeLines, type ContextLine } from "../search/context.ts";

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

/** The first line grep groups under a symbol: its leading doc comment's, or its own. */
const firstOf = (s: Symbol) => s.attachedStart ?? s.startLine;

/**
 * A symbol printed whole prints its doc comment when the comment is this short (a Go, Ruby or
 * Python note). A longer block (kernel-doc, Javadoc with every parameter) cost more bytes than it
 * saved reads: in bench/replay.ts's agent command lines it took grep from 0.96x to 1.05x rg's
 * bytes. Then only its matched lines print, and it does not count toward the whole-body limit.
 */
export const WHOLE_DOC_LINES = 6;
/** The first line a symbol printed whole prints: its doc comment's when that is short, else its own. */
export const wholeFrom = (s: Symbol) => (s.attachedStart !== undefined && s.startLine - s.attachedStart <= WHOLE_DOC_LINES ? s.attachedStart : s.startLine);

/** Innermost symbol containing `line`: the deepest (latest in pre-order) one whose range holds it
 *  (with the lines attached before and after it: a doc comment, C's `EXPORT_SYMBOL(f);`). */
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
  const order = symbols.map((_, i) => i).sort((a, b) => firstOf(symbols[a]!) - firstOf(symbols[b]!) || a - b);
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
    while (next < order.length && firstOf(symbols[order[next]!]!) <= line) push(order[next++]!);
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
      if (lines[mid]! < firstOf(s)) lo = mid + 1;
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
    const before = k > 0 ? firstOf(s) - lines[k - 1]! : Infinity;
    cands.push({ i, d: Math.min(after, before) });
  });
  const near = [...cands].sort((a, b) => a.d - b.d || a.i - b.i).slice(0, limit).sort((a, b) => a.i - b.i);
  return { shown: near.map((c) => symbols[c.i]!), total: cands.length };
}

/**
 * Matches in a symbol's leading comment (or decorators: `@property`, `#[inline]`) list under it
 * above its range: the note says where they start, so the heading's lines hold every line listed under it (an agent read
 * `function share @ 142-243` over `56: * This is an alias...` as a wrong range).
 */
const commentNote = (s: Symbol) => (s.attachedStart !== undefined ? ` (${s.attachedDecorations ? "decorators" : "comment"} from ${s.attachedStart})` : "");
/**
 * A match on a line attached after a symbol's end (C's `EXPORT_SYMBOL(f);`, `NOKPROBE_SYMBOL(f);`)
 * lists under it too, so the heading names that line as well: `function f @ 1202-1400` over
 * `1401:NOKPROBE_SYMBOL(f);` read as a line of f's range (Linux arch/x86/mm/fault.c).
 */
const trailerNote = (s: Symbol, lines: Iterable<number>) => {
  if (s.attachedEnd === undefined) return "";
  for (const n of lines) if (n > s.endLine) return s.attachedEnd === s.endLine + 1 ? ` (and line ${s.attachedEnd})` : ` (and lines ${s.endLine + 1}-${s.attachedEnd})`;
  return "";
};
const symLabel = (s: Symbol) => `${symbolHead(s)} @ ${rangeText(s.startLine, s.endLine, s.approx)}`;

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
  /** rg's `binary file matches (...)` line for a binary file named as a PATH, after the lines it prints (see grep-run.ts binaryPrinted). */
  binaryNote?: string;
}

export interface TextInput {
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
  /** Print each file's path line; false in rg's one-file form (the only PATH is a file, no -H). */
  paths: boolean;
  /** --other: the `other:` hint of unmatched symbols near the matches, per file. */
  other?: boolean;
  /** --show-roles: each match line's role tag (`  [call]`). */
  roleTags?: boolean;
  /** Some -e patterns matched no line: the one line naming them (diagnose/needles.ts). */
  patternNote?: string;
  /** Of the files past --max-files: how many are tests, and the first others' paths (a few). */
  omittedRoles?: { tests: number; others: string[]; otherCount: number };
}

/** At most this many of the non-test files past --max-files are named on the cut line. */
export const CUT_OTHERS_NAMED = 3;

/**
 * ` (10 of them tests)` after `N more files` when tests are among the files past --max-files,
 * and `; not tests: a.rs, b.rs` when at most CUT_OTHERS_NAMED others are: a message grepped in
 * a tree whose tests repeat it (rustc: 30 of 31 files under src/test) printed 20 test files and
 * cut the rest unnamed, so an implementation hit that sorts after the tests took another call.
 * Order and budget stay rg's path order; only the cut line says more.
 */
function cutRolesText(r: NonNullable<TextInput["omittedRoles"]>, omitted: number): { count: string; named: string } {
  if (r.tests === 0) return { count: "", named: "" };
  const count = r.tests === omitted ? " (all tests)" : ` (${r.tests} of them tests)`;
  const named = r.otherCount > 0 && r.otherCount <= CUT_OTHERS_NAMED ? `; not tests: ${r.others.slice(0, r.otherCount).join(", ")}` : "";
  return { count, named };
}

/**
 * The default text packet: rg's heading-mode lines (`path`, then `N:text`, `N-text` for context,
 * `--` where context lines jump) with the enclosing symbol as a heading line above its matches
 * (`kind label @ start-end`). A group whose first line is the symbol's own first line puts the
 * range on that line instead (`834:class Thread:  @ 834-1460`): the line already names the symbol.
 * A symbol printed whole (the inlining rule, render/inline.ts) says `(whole)` and prints its other
 * lines as `N|text`. Everything cut, skipped or left ungrouped is counted on one `cut:` line last.
 * Nothing else: an agent trial measured the `query:`/`matches:` header, the `other:` hints and the
 * role tags at 30% of the bytes and found no call that used them.
 */
export function renderText(r: TextInput): string {
  const out: string[] = [];
  if (r.patternNote) out.push(r.patternNote);
  if (r.totalFiles === 0) {
    // What was searched, then the diagnosis's one line (`no match; would match: ...`) when it has one.
    const n = `${r.stats.searched} ${r.stats.searched === 1 ? "file" : "files"}`;
    out.push(r.diagnosis ? `searched ${n}${skippedText(r.stats)}` : `no match in ${n} searched${skippedText(r.stats)}`);
    if (r.diagnosis) out.push(r.diagnosis);
    return out.join("\n") + "\n";
  }
  let cutLines = 0;
  let cutFiles = 0;
  let listCap = 0; // the per-file cap of listed lines (FULL_MAX_LINES) was reached
  let ungrouped = 0;
  let binaryCut = 0;
  let othersCut = false;
  r.shown.forEach((f, fi) => {
    if (fi > 0) out.push("");
    const st = f.structure;
    if (r.paths) out.push(st && st.errorRatio > 0.05 ? `${f.path}  [parse errors in ${Math.round(st.errorRatio * 100)}% of nodes: ranges may be off]` : f.path);
    if (f.ungrouped) ungrouped++;
    const all = f.hits.matches;
    const vis = all.slice(0, r.maxRegions);
    const symbols = st?.symbols ?? [];
    const roleOf = new Map<LineMatch, MatchRole>();
    if (f.roles && r.roleTags) all.forEach((m, i) => roleOf.set(m, f.roles![i]!));
    const printed = new Set<LineMatch>();
    // rg's `--` between context blocks whose lines jump; a heading line separates as well.
    let prev = -1;
    const emit = (n: number, text: string) => {
      if (f.context && prev >= 0 && n > prev + 1) out.push("--");
      prev = n;
      out.push(text);
    };
    const heading = (text: string) => {
      out.push(text);
      prev = -1;
    };
    const matchLine = (m: LineMatch, suffix = "") => {
      printed.add(m);
      emit(m.line, `${m.line}:${shownText(m)}${suffix}${roleTag(roleOf.get(m))}`);
    };
    const runLines = (matches: LineMatch[], context: ContextLine[] | undefined, first?: string) => {
      const lines = context ? mergeLines(matches, context) : matches.map((m) => ({ match: m, line: m.line }));
      lines.forEach((p, k) => {
        if ("match" in p) matchLine(p.match, k === 0 && first ? first : "");
        else emit(p.line, `${p.line}${p.context.selected ? ":" : "-"}${clipLine(p.context.text, 0).replace(/\0/g, "\\0")}`);
      });
    };
    if (symbols.length === 0) runLines(vis, f.context);
    else {
      // Symbols printed whole so far: a later group inside one was printed with it.
      const wholeDone: Symbol[] = [];
      const inside = (m: LineMatch) => wholeDone.some((w) => firstOf(w) <= m.line && m.line <= (w.attachedEnd ?? w.endLine));
      let any = false;
      // The container note (` in K`) is said once for a run of groups in the same container.
      let lastParent = -1;
      const inNote = (i: number) => {
        const p = symbols[i]!.parent;
        const note = p === lastParent ? "" : containerNote(symbols, i);
        lastParent = p;
        return note;
      };
      for (const g of groupMatches(vis, symbols, f.context)) {
        if (g.matches.every(inside)) continue;
        // The symbol to print whole: this group's, or an enclosing one picked by the rule.
        let whole = -1;
        if (f.inline && f.lines) for (let s = g.symbol; s >= 0; s = symbols[s]!.parent) if (f.inline.has(s)) whole = s;
        if (whole >= 0) {
          const w = symbols[whole]!;
          wholeDone.push(w);
          // Every match in it (shown or past --max-regions) as `N:`, the other lines as `N|`, so
          // an rg-style reader never takes a body line for a match. `(whole)` says the rule
          // applied, where there are such lines; a match on the first line takes the range. Its
          // doc comment (the lines attached before its start), when short (wholeFrom), prints
          // with it under a heading that says where it starts; of a longer one, and of the lines
          // attached after its end (`EXPORT_SYMBOL(f);`), only the matched ones print.
          const from = wholeFrom(w);
          const end = w.attachedEnd ?? w.endLine;
          const byLine = new Map(all.filter((m) => firstOf(w) <= m.line && m.line <= end).map((m) => [m.line, m]));
          const last = Math.min(end, f.lines!.length);
          let inBody = 0;
          for (const n of byLine.keys()) if (from <= n && n <= w.endLine) inBody++;
          const mark = inBody < Math.min(w.endLine, f.lines!.length) - from + 1 ? " (whole)" : "";
          const lead = [...byLine.keys()].some((n) => n < w.startLine);
          const headMatch = lead || from < w.startLine ? undefined : byLine.get(w.startLine);
          const tail = trailerNote(w, byLine.keys());
          if (!headMatch) heading(`${symLabel(w)}${inNote(whole)}${lead || from < w.startLine ? commentNote(w) : ""}${tail}${mark}`);
          for (let n = firstOf(w); n <= last; n++) {
            const m = byLine.get(n);
            if (n < from || n > w.endLine) {
              if (m) matchLine(m);
              continue;
            }
            if (m) matchLine(m, m === headMatch ? `  @ ${rangeText(w.startLine, w.endLine, w.approx)}${inNote(whole)}${tail}${mark}` : "");
            else emit(n, `${n}|${clipLine(f.lines![n - 1]!, 0).replace(/\0/g, "\\0")}`);
          }
          any = true;
          continue;
        }
        if (g.symbol < 0) {
          // Outside every symbol: a heading only where a symbol's lines come before.
          if (any) heading("<file scope>");
          lastParent = -1;
          runLines(g.matches, g.context);
          continue;
        }
        any = true;
        const s = symbols[g.symbol]!;
        const firstLine = g.context?.length && g.context[0]!.line < g.matches[0]!.line ? g.context[0]!.line : g.matches[0]!.line;
        if (firstLine === s.startLine && g.matches[0]!.line === s.startLine) {
          // The match is the symbol's first line: it names the symbol; the range goes beside it.
          runLines(g.matches, g.context, `  @ ${rangeText(s.startLine, s.endLine, s.approx)}${inNote(g.symbol)}${trailerNote(s, g.matches.map((m) => m.line))}`);
        } else {
          heading(`${symLabel(s)}${inNote(g.symbol)}${g.matches.some((m) => m.line < s.startLine) ? commentNote(s) : ""}${trailerNote(s, g.matches.map((m) => m.line))}`);
          runLines(g.matches, g.context);
        }
      }
    }
    // count, not all.length: a search keeps at most FULL_MAX_LINES lines of a file, counts all.
    const total = Math.max(f.hits.count, all.length);
    if (total > printed.size) {
      cutLines += total - printed.size;
      cutFiles++;
      if (all.length < total) listCap = all.length;
    }
    if (f.binaryNote) out.push(f.binaryNote);
    if (f.hits.binaryCut) binaryCut++;
    if (r.other) {
      const others = otherSymbols(all, symbols);
      if (others.total > 0) {
        if (f.structureKnown) out.push(`other: ${others.total} nearby symbols you already know (per --context-json)`);
        else {
          const listed = others.shown.map(symLabel).join("; ");
          const more = others.total > others.shown.length ? `; ... ${others.total - others.shown.length} more` : "";
          othersCut ||= more !== "";
          out.push(`other: ${listed}${more}`);
        }
      }
    }
  });
  const cut: string[] = [];
  if (r.omittedFiles > 0) {
    const roles = r.omittedRoles ? cutRolesText(r.omittedRoles, r.omittedFiles) : { count: "", named: "" };
    cut.push(`${r.omittedFiles} more files${roles.count}, ${r.omittedMatches} matches (--max-files ${r.totalFiles}; -l lists them)${roles.named}`);
  }
  if (cutLines > 0)
    cut.push(`${cutLines} more lines in ${cutFiles === 1 && r.shown.length === 1 ? "the file" : `${cutFiles} files`} (--max-regions ${maxPerFile(r)}${listCap ? `; at most ${listCap} lines of one file are listed: narrow the query for the rest` : ""})`);
  if (ungrouped > 0) cut.push(`${ungrouped} ${ungrouped === 1 ? "file" : "files"} not grouped by symbol (parse limits; agentgrep outline FILE parses one)`);
  if (binaryCut > 0) cut.push(`${binaryCut} binary ${binaryCut === 1 ? "file" : "files"} searched up to a NUL byte, as rg (-a searches whole)`);
  const missed = unsearchedText(r.stats);
  if (missed) cut.push(missed);
  if (othersCut) cut.push("other: lists the nearest unmatched symbols (agentgrep outline FILE lists all)");
  // The blank line separates the cut: line from matches; with none shown (--max-files 0) it leads.
  if (cut.length) out.push(...(out.length ? [""] : []), `cut: ${cut.join("; ")}`);
  return out.join("\n") + "\n";
}

/** The --max-regions that shows every match of the shown files. */
function maxPerFile(r: TextInput): number {
  let n = r.maxRegions;
  for (const f of r.shown) n = Math.max(n, f.hits.matches.length);
  return n;
}

/**
 * ` in K` after a heading or a merged range when the symbol's label does not name its container
 * (`method run @ 4-9 in Registry`; an impl keeps its own words: ` in impl Display for Wrap`).
 */
function containerNote(symbols: Symbol[], i: number): string {
  const s = symbols[i]!;
  const p = s.parent >= 0 ? symbols[s.parent] : undefined;
  return !p || (s.label || s.name).includes(p.name) ? "" : ` in ${p.label || p.name}`;
}

/**
 * The role on a match line (--show-roles): `  [call]`, approximate (line shape, no parse)
 * `  [call?]`; none on prose (plain text, Markdown), where a role says nothing.
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
  add(s.overMaxSize ?? 0, "over --max-filesize");
  add(s.unreadable, "unreadable");
  add(s.special, "not regular files");
  return parts.length ? ` (skipped: ${parts.join(", ")})` : "";
}

/** Only the reasons that mean "could not search" (ignored/hidden/binary are by design). */
function unsearchedText(s: SearchStats): string {
  const parts: string[] = [];
  if (s.unreadable > 0) parts.push(`${s.unreadable} unreadable`);
  if (s.tooLarge > 0) parts.push(`${s.tooLarge} over 256 MiB`);
  if (s.special > 0) parts.push(`${s.special} not regular`);
  const n = s.unreadable + s.tooLarge + s.special;
  return parts.length ? `${n} ${n === 1 ? "file" : "files"} not searched (${parts.join(", ")}; --json summary.skipped)` : "";
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
          // The lines attached outside the range that hold a listed match (a doc comment above,
          // an `EXPORT_SYMBOL(f);` line after): every listed line lies in start..end or these.
          ...(s && s.attachedStart !== undefined && g.matches.some((m) => m.line < s.startLine) ? { attached_start_line: s.attachedStart } : {}),
          ...(s && s.attachedEnd !== undefined && g.matches.some((m) => m.line > s.endLine) ? { attached_end_line: s.attachedEnd } : {}),
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
        ...(s.overMaxSize ? { over_max_filesize: s.overMaxSize } : {}),
      },
      grouped_files: r.groupedFiles,
      grouping_note: `groups/other_symbols are computed for the first --max-files files only (structure parsing is the cost); matches are complete up to ${thousands(FULL_MAX_LINES)} lines per file (matches_cut says when a file has more)`,
    },
  };
  return JSON.stringify(doc) + "\n";
}
