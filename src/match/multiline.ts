/**
 * rg -U's multi-line search: the regex runs over the whole decoded text, so a match may cross
 * lines. As rg 13 prints it:
 * - every line a match touches is a matching line (a match ending just after a `\n` does not
 *   touch the next line), with the part of the match on that line as its span;
 * - -c counts matches, not lines (rg's summary counts matches in multi-line mode);
 * - -m NUM keeps NUM groups of matches, a group being matches on the same or adjacent lines
 *   (rg merges them into one printed match before counting).
 * Cost: one regex pass over the text; a pattern that backtracks badly is reported, never waited
 * out (see RegexTimeout), and the file's total regex time is bounded by its size.
 */
import type { LineMatch, Matcher, MatchSpec } from "./types.ts";
import { LINE_BUDGET_MS, RegexTimeout, afterEmpty, byteMapper, caselessFinder } from "./shared.ts";
import { decodeForRegex, shownText } from "./decode.ts";

/** Time allowed for one file's regex work: a fixed part plus a part per MB (a linear pass is far faster). */
const FILE_BUDGET_MS = 2000;
const PER_MB_MS = 200;

export function multilineMatcher(spec: MatchSpec & { kind: "regex" }, re: RegExp): Matcher {
  const pre = spec.prefilter ? Buffer.from(spec.prefilter, "utf8") : undefined;
  const preI = spec.prefilterCaseless ? caselessFinder(spec.prefilterCaseless) : undefined;
  const possible = (buf: Buffer, start: number, end: number): boolean =>
    !(pre && buf.subarray(0, end).indexOf(pre, start) < 0) && !(preI && !preI(buf, start, end));
  // -v reports the lines no match touches: every match counts there, whatever -m says.
  const groups = spec.invert ? Infinity : (spec.maxCount ?? Infinity);
  return {
    spec,
    scan: (buf, start, end, firstOnly) => (possible(buf, start, end) ? run(buf, start, end, re, firstOnly, groups).lines : []),
    count: (buf, start, end) => (possible(buf, start, end) ? run(buf, start, end, re, false, groups).matches : 0),
  };
}

interface Entry {
  m: LineMatch;
  ls: number;
}

function run(buf: Buffer, start: number, end: number, re: RegExp, firstOnly: boolean, maxGroups: number): { lines: LineMatch[]; matches: number } {
  const dec = decodeForRegex(buf, start, end);
  const text = dec.text;
  const offs = dec.offsets;
  const toByte = byteMapper(text, 0, end - start);
  const byteAt = offs ? (i: number) => offs[i]! : toByte;
  // An empty match past a final newline is on no line (rg has no such line).
  const phantom = text.length === 0 || text.charCodeAt(text.length - 1) === 10 ? text.length : -1;
  const perMb = ((end - start) / (1 << 20)) * PER_MB_MS;
  const budget = FILE_BUDGET_MS + perMb;
  // One search with no answer after this long: JSC may have given up (it then says "no match").
  const silent = LINE_BUDGET_MS + perMb;
  const t0 = performance.now();
  const out: Entry[] = [];
  let matches = 0;
  let groups = 0;
  let groupEnd = -2; // last line of the current group
  // The line holding position p: a cursor moving forward (matches come in text order).
  let line = 1;
  let ls = 0;
  let le = lineEnd(text, 0);
  const to = (p: number) => {
    while (le < p) {
      ls = le + 1;
      le = lineEnd(text, ls);
      line++;
    }
  };
  const entry = (a: number, b: number) => {
    const te = le > ls && text.charCodeAt(le - 1) === 13 ? le - 1 : le;
    let e = out.length > 0 && out[out.length - 1]!.m.line === line ? out[out.length - 1]! : undefined;
    const lt = e ? e.m.text : offs ? shownText(text.slice(ls, te)) : text.slice(ls, te);
    const from = Math.max(a, ls) - ls;
    if (!e) {
      const lb = byteAt(ls);
      e = { ls, m: { line, column: byteAt(ls + from) - lb + 1, byteOffset: start + lb, text: lt, spans: [] } };
      out.push(e);
    }
    e.m.spans.push([Math.min(from, lt.length), Math.min(Math.min(b, le) - ls, lt.length)]);
  };
  re.lastIndex = 0;
  for (;;) {
    const from = re.lastIndex;
    const t1 = performance.now();
    let m = re.exec(text);
    if (!m && performance.now() - t1 > silent) {
      // Once more, so a scheduler stall on a loaded machine is not mistaken for a blow-up
      // (JSC gives up on a runaway backtrack and says "no match": a wrong answer).
      re.lastIndex = from;
      const t2 = performance.now();
      m = re.exec(text);
      if (!m && performance.now() - t2 > silent) throw new RegexTimeout(`-U regex gave up after line ${line} (over ${Math.round(silent)} ms without an answer: backtracking across lines)`);
    }
    if (performance.now() - t0 > budget) throw new RegexTimeout(`-U regex took over ${Math.round(budget)} ms (backtracking across lines)`);
    if (!m) break;
    const a = m.index;
    const b = a + m[0].length;
    if (a === phantom) break;
    to(a);
    const first = line;
    const last = b > a ? b - 1 : a;
    // rg merges matches on the same or adjacent lines into one; -m counts those groups.
    if (first > groupEnd + 1) {
      if (++groups > maxGroups) break;
    }
    matches++;
    entry(a, b);
    while (le < last) {
      to(le + 1);
      entry(a, b);
    }
    groupEnd = line;
    if (firstOnly) break;
    if (b === a) re.lastIndex = afterEmpty(text, a);
    if (re.lastIndex > text.length) break;
  }
  return { lines: out.map((e) => e.m), matches };
}

function lineEnd(text: string, from: number): number {
  const i = text.indexOf("\n", from);
  return i < 0 ? text.length : i;
}
