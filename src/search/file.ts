/** Searching one file: shared by the main thread (small trees) and the search workers. */
import { readFile, searchableEnd, SIZE_LIMIT } from "../read/index.ts";
import type { LineMatch } from "../match/types.ts";
import { countNewlines, type Matcher } from "../match/index.ts";
import { noTopTier } from "../util/jit.ts";
import { literalScanner, type LiteralScanner } from "../match/literal-scan.ts";
import { joinFlags, type Flag, type Watch } from "./watch.ts";

export type FileStatus = "match" | "nomatch" | "binary" | "tooLarge" | "unreadable" | "special";

/**
 * How much of a matching file to report: its first matching line ("first"), every matching
 * line ("full"), only how many lines match ("count": text output decodes the lines of the
 * files it shows, after the search, and only counts the others), or only that some line matches
 * ("any": files-with-matches; no line is reported and the count is 1, which lets a caseless
 * search skip finding the first line).
 */
export type ScanMode = "first" | "count" | "full" | "any";

export interface FileOutcome {
  status: FileStatus;
  matches?: LineMatch[];
  /** Matching lines: all of them (exact), though "full" mode keeps at most FULL_MAX_LINES in `matches`. */
  count?: number;
  /** Matches were found before a NUL byte: rg reports them and stops reading there. */
  binaryCut?: boolean;
  /** Why an unreadable file could not be read (an errno code such as EACCES). */
  error?: string;
  /** A file without a match that holds one of the watch's needles (see watch.ts: true, or "near"/"overflow"/"both" for its near needles). */
  flagged?: true | "near" | "overflow" | "both";
  /** Literal-presence search (maskOne): bit i set when literal i occurs (bits past 30 share bit 30). */
  mask?: number;
  /** ...and per literal, its occurrences up to MASK_COUNT_CAP. */
  counts?: number[];
  /** Literal-presence search: the searched content's length in bytes. */
  bytes?: number;
}

/**
 * Matching lines a "full" search keeps per file; past it they are only counted, so `count` stays
 * exact. One huge log whose every line matches held 1.5M line objects (545 MB) before.
 */
export const FULL_MAX_LINES = 200_000;

/**
 * `explicit`: the file was named as the search root, or rg -a/--text is on. rg searches such a
 * file whole even when it holds NUL bytes (its binary "quit" rule is for files found by walking).
 */
export function searchOne(open: string | Uint8Array, size: number | undefined, matcher: Matcher, mode: ScanMode, explicit = false, max = FULL_MAX_LINES, watch?: Watch): FileOutcome {
  // A file bigger than the read buffer arrives in whole-line chunks (read/index.ts), searched as
  // they come; a file named as the root is read whole (rg searches it whole, NULs and all).
  // rg -U searching a file whole: read whole, never streamed (a match may cross any chunk), and
  // -m counts groups of matches in the matcher itself (see match/multiline.ts).
  const whole = matcher.spec.multiline === true;
  const mc = whole && !matcher.spec.invert ? Infinity : (matcher.spec.maxCount ?? Infinity); // rg -m: lines per file, across chunks
  const keep = Math.min(max, mc); // lines listed; past FULL_MAX_LINES (and within -m) only counted
  let counted = 0; // "count" mode: matching lines; "full" mode: those past `keep`
  let lines = 0; // lines before the current chunk: only "full" reports line numbers
  const found: LineMatch[] = [];
  const anyLine = (buf: Buffer, start: number, end: number) => (matcher.any ? matcher.any(buf, start, end) : matcher.scan(buf, start, end, true).length > 0);
  let flagged: Flag = false;
  // A named file over the read limit is streamed as a walked one is (it was skipped: rg reads it);
  // one that holds a NUL is then read whole after all, and too large for that.
  const sink = (explicit && !(size !== undefined && size > SIZE_LIMIT)) || whole
    ? undefined
    : (buf: Buffer, start: number, end: number, base: number): boolean => {
        if (watch && !watch.idle && flagged !== true && flagged !== "both") flagged = joinFlags(flagged, watch.look(buf, start, end, undefined));
        if (mode === "count") {
          counted = Math.min(mc, counted + matcher.count(buf, start, end));
          return counted < mc;
        }
        if (mode === "any") {
          if (!anyLine(buf, start, end)) return true;
          counted = 1;
          return false;
        }
        if (mode === "first") {
          const ms = matcher.scan(buf, start, end, true);
          for (const m of ms) {
            m.line += lines;
            m.byteOffset += base;
            found.push(m);
          }
          return ms.length === 0;
        }
        counted += collect(matcher, buf, start, end, base, lines, found, keep);
        if (found.length + counted >= mc) {
          counted = Math.max(0, mc - found.length);
          return false;
        }
        lines += countNewlines(buf, start, end); // a chunk ends at a line end
        return true;
      };
  const r = readFile(open, size, sink, explicit, matcher.into?.());
  if (r.kind === "unreadable") return { status: "unreadable", error: r.error };
  if (r.kind === "streamed") {
    const n = mode === "count" || mode === "any" ? counted : found.length + counted;
    if (n === 0) return flagged ? { status: "nomatch", flagged } : { status: "nomatch" };
    return { status: "match", matches: found, count: n };
  }
  if (r.kind !== "ok") return { status: r.kind };
  const { end, binary } = explicit ? { end: r.end, binary: false } : searchableEnd(r.buf, r.start, r.end);
  if (binary && end === r.start) return { status: "binary" };
  // rg -U cuts a file with a NUL where its multi-line reader stopped, a rule not reproduced
  // here: such a file is skipped as binary (and counted so) instead.
  if (binary && whole) return { status: "binary" };
  // Looking for the watch's needles first: a file without a needle every match holds is not
  // matched at all (one memmem instead of two while nothing has matched yet).
  const sight = watch && !whole && watch.leads ? watch.sees(r.buf, r.start, end) : undefined;
  let count: number;
  if (sight?.impossible) count = 0;
  else if (mode === "count") count = Math.min(mc, matcher.count(r.buf, r.start, end));
  else if (mode === "any") count = anyLine(r.buf, r.start, end) ? 1 : 0;
  else if (mode === "first") {
    found.push(...matcher.scan(r.buf, r.start, end, true));
    count = found.length;
  } else if (whole) {
    const ms = matcher.scan(r.buf, r.start, end, false);
    for (let k = 0; k < ms.length && k < keep; k++) found.push(ms[k]!);
    count = Math.min(mc, ms.length);
  } else {
    const beyond = collect(matcher, r.buf, r.start, end, 0, 0, found, keep);
    count = Math.min(mc, found.length + beyond);
  }
  if (sight) {
    if (count > 0) watch!.look(r.buf, r.start, end, true); // the -e patterns seen
    else if (!binary && (flagged = watch!.settle(sight, end - r.start, false))) return { status: "nomatch", flagged };
  } else if (watch && !watch.idle && (flagged = watch.look(r.buf, r.start, end, count > 0)) && count === 0 && !binary) return { status: "nomatch", flagged };
  if (count === 0) return { status: binary ? "binary" : "nomatch" };
  // Offsets count from the start of the decoded content, as rg's (a UTF-8 BOM is not counted).
  if (r.start !== 0) for (const m of found) m.byteOffset -= r.start;
  return binary ? { status: "match", matches: found, count, binaryCut: true } : { status: "match", matches: found, count };
}

/** Lines scanned at a time by `collect`, so that the cap holds within a big buffer too. */
const PIECE = 64 * 1024;

/**
 * Appends the matching lines of buf[start, end) (whole lines) to `found`, numbered after `line0`
 * lines and offset by `base`, until `found` holds `max`; returns how many matching lines were
 * left out past it (counted, not decoded). Scans line-aligned pieces as the streamed chunks are.
 */
function collect(matcher: Matcher, buf: Buffer, start: number, end: number, base: number, line0: number, found: LineMatch[], max: number): number {
  const view = buf.subarray(0, end);
  let beyond = 0;
  let line = line0;
  // Lines are counted up to a piece only when it matches: counting every piece's newlines (an
  // indexOf per line) cost 0.4 s of a 2.4 s trace pass over the Linux tree, for pieces without a match.
  let counted = start;
  for (let pos = start; pos < end; ) {
    if (found.length >= max) return beyond + matcher.count(buf, pos, end);
    let stop = end;
    if (end - pos > PIECE) {
      const nl = view.indexOf(10, pos + PIECE);
      if (nl >= 0) stop = nl + 1;
    }
    const ms = matcher.scan(buf, pos, stop, false);
    if (ms.length !== 0 && counted < pos) {
      line += countNewlines(buf, counted, pos);
      counted = pos;
    }
    const room = max - found.length;
    for (let k = 0; k < ms.length; k++) {
      if (k >= room) {
        beyond++;
        continue;
      }
      const m = ms[k]!;
      m.line += line;
      m.byteOffset += base;
      found.push(m);
    }
    pos = stop;
  }
  return beyond;
}

noTopTier(searchOne, collect, maskOne, scannedCounts, literalCounts, memmemCounts);
/**
 * A literal as identifiers spell it: as written, Capitalised or in UPPER case (`page`,
 * `PageFault`, `PAGE_SIZE`). From 4 letters on, its tail after the first letter is searched
 * (lower case, which covers both first two spellings, and UPPER), the letter before it checked:
 * two memmem passes where a file lacks the word instead of three.
 */
export interface LiteralProbe {
  /** Needles searched; a hit at h is an occurrence starting at h - `lead`. */
  needles: Buffer[];
  lead: number;
  /** The first letter's codes (lower, UPPER) when `lead` is 1. */
  first: number[];
}

export function literalVariants(literals: string[]): LiteralProbe[] {
  return literals.map((l) => {
    if (l.length >= 4 && /^[a-z]/.test(l)) {
      const tail = l.slice(1);
      return { needles: [...new Set([tail, tail.toUpperCase()])].map((v) => Buffer.from(v, "utf8")), lead: 1, first: [l.charCodeAt(0), l.toUpperCase().charCodeAt(0)] };
    }
    // UTF-8, as files are (find's words may be größe or 配置; ASCII encodes the same either way).
    return { needles: [...new Set([l, l.charAt(0).toUpperCase() + l.slice(1), l.toUpperCase()])].map((v) => Buffer.from(v, "utf8")), lead: 0, first: [] };
  });
}

/** Occurrences of a literal counted at most (a count past it says no more about a file). */
export const MASK_COUNT_CAP = 32;

/**
 * Which of the literals (see literalVariants) a file holds and how often (up to MASK_COUNT_CAP
 * each), on the same read and binary rules as searchOne. find uses it to see every file's content
 * for a topic's words at about the cost of `rg -l`: one pass over the bytes for every literal
 * (match/literal-scan.ts), or, where this runtime cannot compile that scanner, memmem per needle.
 */
export function maskOne(open: string | Uint8Array, size: number | undefined, probes: LiteralProbe[]): FileOutcome {
  const sc = scannerFor(probes);
  // Read straight into the scanner's memory (no copy), made big enough when the size is known.
  const into = sc?.data(size === undefined || size > SIZE_LIMIT ? 0 : size + 1);
  const r = readFile(open, size, undefined, false, into);
  if (r.kind === "unreadable") return { status: "unreadable", error: r.error };
  if (r.kind !== "ok") return { status: r.kind === "streamed" ? "nomatch" : r.kind };
  const { end, binary } = searchableEnd(r.buf, r.start, r.end);
  if (binary && end === r.start) return { status: "binary" };
  const counts = sc ? scannedCounts(sc, r.buf === into ? undefined : r.buf, r.start, end, probes.length) : memmemCounts(r.buf, r.start, end, probes);
  if (!counts) return { status: "nomatch" };
  let mask = 0;
  for (let i = 0; i < counts.length; i++) if (counts[i]! > 0) mask |= 1 << Math.min(i, 30);
  return { status: "match", matches: [], count: 0, mask, counts, bytes: end - r.start };
}

/** The scanner's counts over [start, end) of its data, or of `buf` copied in first. */
function scannedCounts(sc: LiteralScanner, buf: Buffer | undefined, start: number, end: number, n: number): number[] | undefined {
  let found: number;
  if (buf) {
    buf.copy(sc.data(end - start), 0, start, end);
    found = sc.scan(0, end - start);
  } else found = sc.scan(start, end);
  if (found === 0) return undefined;
  // A loop, not Array.from: its iterator cost ~3 us per file outside JSC's top tier.
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = sc.counts[i]!;
  return out;
}

const scanners = new WeakMap<LiteralProbe[], LiteralScanner | null>();

/** The one-pass scanner for a probe set (made once per set and thread), null when it cannot be. */
function scannerFor(probes: LiteralProbe[]): LiteralScanner | null {
  let s = scanners.get(probes);
  if (s === undefined) {
    const lits = probes.map((p) => p.needles.map((n) => ({ bytes: n, lead: p.lead as 0 | 1, first: p.first })));
    s = literalScanner(lits, MASK_COUNT_CAP) ?? null;
    scanners.set(probes, s);
  }
  return s;
}

/** Per probe, its occurrences in buf[start, end) up to MASK_COUNT_CAP; undefined when none occurs. */
export function literalCounts(buf: Buffer, start: number, end: number, probes: LiteralProbe[]): number[] | undefined {
  const sc = scannerFor(probes);
  return sc ? scannedCounts(sc, buf, start, end, probes.length) : memmemCounts(buf, start, end, probes);
}

/** literalCounts by memmem per needle (the reference the scanner's counts equal). */
export function memmemCounts(buf: Buffer, start: number, end: number, probes: LiteralProbe[]): number[] | undefined {
  const view = buf.subarray(0, end);
  let counts: number[] | undefined;
  for (let i = 0; i < probes.length; i++) {
    const p = probes[i]!;
    let n = 0;
    for (const v of p.needles) {
      for (let h = view.indexOf(v, start + p.lead); h >= 0 && n < MASK_COUNT_CAP; h = view.indexOf(v, h + v.length)) {
        if (p.lead === 0 || p.first.includes(view[h - 1]!)) n++;
      }
      if (n >= MASK_COUNT_CAP) break;
    }
    if (n > 0) (counts ??= new Array(probes.length).fill(0))[i] = n;
  }
  return counts;
}
