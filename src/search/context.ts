/**
 * rg's context lines (-A/-B/-C): the lines around each selected line, merged where windows
 * overlap or touch, in line order. A line inside a window that is itself selected prints as a
 * match (rg does so even past -m's last counted match).
 */
import { readFile, searchableEnd } from "../read/index.ts";
import type { FileEntry } from "../walk/types.ts";
import type { LineMatch } from "../match/types.ts";

export interface ContextLine {
  line: number;
  byteOffset: number;
  text: string;
  /** A selected line past -m's count that falls in a window: rg prints it as a match (`N:`). */
  selected?: true;
}

/**
 * The lines of `entry` that -B `before` / -A `after` add around `matches` (none of which are
 * returned), in line order. `selected` holds every line number that would print as a match
 * (with -m it may hold more than `matches`): those in a window come back marked `selected`.
 */
export function contextLines(entry: FileEntry, matches: LineMatch[], before: number, after: number, selected: Set<number>, text = false): ContextLine[] {
  if (matches.length === 0 || (before === 0 && after === 0)) return [];
  const shown = new Set(matches.map((m) => m.line));
  // The windows, merged in line order: the cost is the file's lines plus the matches, whatever
  // -C says (a per-line set of every window took -C 99999999 past 30 s, and its spread max
  // overflowed the stack at -C 1000000).
  const windows: Array<[number, number]> = [];
  for (const m of [...matches].sort((a, b) => a.line - b.line)) {
    const lo = Math.max(1, m.line - before);
    const hi = m.line + after;
    const w = windows[windows.length - 1];
    if (w && lo <= w[1] + 1) w[1] = Math.max(w[1], hi);
    else windows.push([lo, hi]);
  }
  // As the search read it: whole when named as the root or under rg -a, else to rg's binary cut.
  // A file past the read buffer streams through in whole lines, as the search read it: read whole,
  // one over 256 MiB gave no context at all (its matches printed bare, rg prints their context).
  const whole = entry.root?.explicit === true || text;
  const last = windows[windows.length - 1]![1];
  const out: ContextLine[] = [];
  let line = 1;
  let wi = 0;
  const scan = (buf: Buffer, start: number, end: number, base: number): boolean => {
    let ls = start;
    for (; line <= last && ls < end; line++) {
      let le = buf.indexOf(10, ls);
      if (le < 0 || le > end) le = end;
      while (windows[wi]![1] < line) wi++;
      if (line >= windows[wi]![0] && !shown.has(line)) {
        const te = le > ls && buf[le - 1] === 13 ? le - 1 : le;
        const c: ContextLine = { line, byteOffset: base + ls, text: buf.toString("utf8", ls, te) };
        if (selected.has(line)) c.selected = true;
        out.push(c);
      }
      ls = le + 1;
    }
    return line <= last;
  };
  const r = readFile(entry.open, entry.size, scan, whole);
  if (r.kind === "ok") scan(r.buf, r.start, whole ? r.end : searchableEnd(r.buf, r.start, r.end).end, -r.start);
  return out;
}

/** One printed line: a match (`N:`) or a context line (`N-`). */
export type Printed = { match: LineMatch; line: number } | { context: ContextLine; line: number };

/** Matches and context lines merged in line order (a match and a context line never share a line). */
export function mergeLines(matches: LineMatch[], context: ContextLine[]): Printed[] {
  const out: Printed[] = [];
  let j = 0;
  for (const m of matches) {
    while (j < context.length && context[j]!.line < m.line) out.push({ context: context[j]!, line: context[j++]!.line });
    out.push({ match: m, line: m.line });
  }
  while (j < context.length) out.push({ context: context[j]!, line: context[j++]!.line });
  return out;
}
