/**
 * The search layer: walk + read + match over a tree, exhaustive, deterministic.
 *
 * The walk runs on the main thread and streams files into a pool of workers (one per core) in
 * batches. Small trees are searched inline: starting a worker costs more than searching a few
 * hundred small files. Results are sorted by raw path bytes whatever the scheduling.
 */
import { availableParallelism } from "node:os";
import { envThreads } from "../util/threads.ts";
import { accessSync, constants, statSync } from "node:fs";
import { workerEntry } from "../util/worker-url.ts";
import { printedPath, sortEntries, walk, type OnSkip } from "../walk/index.ts";
import type { WalkOptions, FileEntry, WalkStats } from "../walk/types.ts";
import type { MatchOptions, LineMatch } from "../match/types.ts";
import { compileSpec, fromSpec, type MatchSpec } from "../match/index.ts";
import { unreadableHint, UserError } from "../util/errors.ts";
import { literalVariants, maskOne, searchOne, type FileOutcome, type ScanMode } from "./file.ts";
import { Watch, type WatchSpec } from "./watch.ts";
import { unpackOutcomes } from "./packed.ts";
import { currentEncoding } from "../read/index.ts";
import { jitPolicy } from "../util/jit.ts";

export type { ScanMode } from "./file.ts";
export type { WatchSpec } from "./watch.ts";

export interface FileHits {
  entry: FileEntry;
  /** Every matching line in order ("full" mode, at most FULL_MAX_LINES of them); the first ("first"); none ("count"). */
  matches: LineMatch[];
  /** How many lines match (exact in "full" and "count" modes). */
  count: number;
  /** A NUL byte cut the search short after these matches (rg's binary "quit" rule). */
  binaryCut?: boolean;
  /** With the `mask` option: which literals the file holds, how often (see maskOne), and its length. */
  mask?: number;
  counts?: number[];
  bytes?: number;
}

/**
 * One walk's files kept for another search of the same tree: pass `{ capture: [] }` to the first
 * search; afterwards `files` and `stats` hold what it walked, and passing the same object to a
 * later search skips the walk (the files are read again; only directory reads and ignore rules
 * are saved).
 */
export interface Walked {
  capture?: FileEntry[];
  files?: FileEntry[];
  stats?: WalkStats;
}

export interface SearchStats extends WalkStats {
  searched: number;
  binary: number;
  tooLarge: number;
}

export interface SearchResult {
  /** Matching files sorted by raw path bytes, each reported as the search's mode says. */
  files: FileHits[];
  /** With `reportNoMatch`: the files searched without a match, in the same order (rg --files-without-match). */
  unmatched?: FileEntry[];
  stats: SearchStats;
  /** With `watch.needles`: the files without a match that hold a needle, in path order (see watch.ts). */
  flagged?: FileEntry[];
  /** Files holding a needle past `watch.flagBytes`: counted, not listed. */
  flaggedBeyond?: number;
  /** With `watch.nearNeedles`: the files without a match that hold only a near needle, in path order. */
  nearFlagged?: FileEntry[];
  /** Some file held a near needle past `watch.nearBytes` (nearFlagged is then not all of them). */
  nearOverflow?: boolean;
  /** With `watch.patterns`: the indices of the patterns that matched no line of any file. */
  unseenPatterns?: number[];
  /** With the `helper` option: files a small tree's helper worker searched (see Split), when one joined. */
  helped?: number;
  /** With `helped`: the helper was a worker kept alive from an earlier search (keepSearchWorkers), not a new one. */
  helperKept?: boolean;
  /**
   * Every matching line of one of `files`, read again (a "count" search keeps no lines). The
   * count follows what is read now, should the file have changed since.
   */
  lines(hit: FileHits): FileHits;
}

/**
 * Below these, searching inline beats starting workers. Measured on this 2-core machine: CPython
 * stdlib (2,246 files, 45 MB) inline 304 ms vs 2 workers 576 ms; Linux (78k files) needs workers.
 * The walker stats only links, entries of unknown type and a file root (a regular file from
 * readdir arrives without a size), so the byte limit sees only those sizes.
 */
const INLINE_MAX_FILES = 8000;
const INLINE_MAX_BYTES = 128 * 1024 * 1024;
/**
 * Files per message to a worker. Each message costs a structured clone and a wake-up on both
 * sides: 64 cost about 0.06 s more CPU than 512 over the Linux tree's 78k files (1,220 round
 * trips); 256 keeps the last batches small enough to share out evenly.
 */
const BATCH = 256;
/**
 * With the `helper` option, an inline search (a small tree) whose walk passes this many files
 * takes one helper worker: it searches the display-ordered list from its end while this thread
 * searches from its start, until they meet (see Split). Below it the whole search takes about as
 * long as a message round trip to a worker, so the helper would only cost.
 */
const HELPER_MIN_FILES = 1000;

const RISKY_HINT = "simplify nested repetition such as (a+)+ or (a|aa)*, or search a literal without --regex";
const MULTILINE_HINT = "bound the repetitions (e.g. {0,200}), exclude the file (-g '!PATH'), or drop -U to match line by line";

/** UTF-16 code units whose order differs from UTF-8 byte order (surrogates), or a lossy name (U+FFFD). */
const UNLIKE_BYTES = /[\uD800-\uDFFF\uFFFD]/;

/**
 * Hits in rg's order (walk/index.ts sortEntries: the walk's order under --sort, else raw path
 * bytes). JS string order is the byte order for names of BMP characters only, which is almost
 * every tree: those sort as strings, without a Buffer per path.
 */
function sortHits(files: FileHits[]): FileHits[] {
  const byEntry = new Map(files.map((f) => [f.entry, f]));
  const byteSort = !files.every((f) => f.entry.pathBytes === undefined && !UNLIKE_BYTES.test(f.entry.display));
  return sortEntries(files.map((f) => f.entry), byteSort).map((e) => byEntry.get(e)!);
}

/**
 * Exhaustive search of the walk's files, reporting each matching file as `mode` says (default
 * "full").
 * `onMatch` hears of each matching file as soon as it is found, and whether workers are searching
 * (this thread is then idle until they are done; files then arrive in no particular order);
 * without workers they arrive in path order (JS string order, which the byte order of the
 * results differs from only for non-BMP or raw names). grep uses it to look the shown files up
 * in the structure cache while the search goes on.
 */
export async function search(
  walkOpts: WalkOptions,
  match: MatchOptions,
  opts: {
    mode?: ScanMode;
    threads?: number;
    onMatch?: (e: FileEntry, pooled: boolean) => void;
    /** Hears of each file skipped as binary or too large (grep's zero-result diagnosis looks into them). */
    onUnsearched?: (e: FileEntry, status: "binary" | "tooLarge") => void;
    /** Hears of each entry the walk leaves out (see walk). */
    onSkip?: OnSkip;
    /** Also list the files searched without a match (SearchResult.unmatched). */
    reportNoMatch?: boolean;
    /** rg -a/--text: binary files are searched whole, as text. */
    text?: boolean;
    /**
     * A walk already done: the files (and stats) of an earlier `walked` capture of the same walk
     * options, searched instead of walking again (trace's second pass for a dispatcher).
     */
    walked?: Walked;
    /** Extra looks at the bytes the search reads (see watch.ts); results in `flagged` and `unseenPatterns`. */
    watch?: WatchSpec;
    /**
     * Instead of matching lines: report, for each file holding any of these literals (as written,
     * Capitalised or UPPER case), which ones (FileHits.mask; see maskOne). find's whole-tree
     * content evidence. `match` is then only checked, not used.
     */
    mask?: string[];
    /**
     * A small tree (past HELPER_MIN_FILES files, under the inline limits) is searched by this
     * thread and one helper worker together (see Split). For a long-lived process that keeps its
     * search workers (keepSearchWorkers: the MCP server), where the helper is already started: a
     * CLI call would start one per search (+13% peak RSS on CPython for ~12 ms of wall time).
     */
    helper?: boolean;
  } = {},
): Promise<SearchResult> {
  const spec = compileSpec(match); // invalid patterns fail before any file is touched
  const text = opts.text === true;
  const mode = opts.mode ?? "full";
  const stats: SearchStats = { ignored: 0, hidden: 0, filtered: 0, unreadable: 0, special: 0, searched: 0, binary: 0, tooLarge: 0 };
  const hits: FileHits[] = [];
  const unmatched: FileHits[] = [];
  const flagged: FileHits[] = [];
  const nearFlagged: FileHits[] = [];
  let nearOverflow = false;
  const seen = new Set<number>();
  const beyond = { n: 0 };
  // One stop flag shared by this thread and the workers (see WatchSpec.stop).
  const watchSpec = opts.watch && (opts.watch.needles?.length || opts.watch.patterns?.length) ? { ...opts.watch, stop: new Int32Array(new SharedArrayBuffer(4)), required: requiredNeedles(spec, opts.watch.needles) } : undefined;
  const watch = watchSpec ? new Watch(watchSpec) : undefined;

  const count = (status: FileOutcome["status"], n: number) => {
    if (status === "nomatch") stats.searched += n;
    else if (status === "binary") stats.binary += n;
    else if (status === "tooLarge") stats.tooLarge += n;
    else if (status === "unreadable") stats.unreadable += n;
    else if (status === "special") stats.special += n;
  };
  const record = (entry: FileEntry, o: FileOutcome) => {
    switch (o.status) {
      case "match":
        stats.searched++;
        if (hits.length === 0) watch?.stopFlagging();
        opts.onMatch?.(entry, pool !== undefined);
        if (o.mask !== undefined) hits.push({ entry, matches: [], count: 0, mask: o.mask, counts: o.counts, bytes: o.bytes });
        else hits.push(o.binaryCut ? { entry, matches: o.matches!, count: o.count!, binaryCut: true } : { entry, matches: o.matches!, count: o.count! });
        break;
      case "nomatch":
        stats.searched++;
        if (opts.reportNoMatch) unmatched.push({ entry, matches: [], count: 0 });
        if (o.flagged && hits.length === 0) {
          if (o.flagged === true || o.flagged === "both") flagged.push({ entry, matches: [], count: 0 });
          if (o.flagged === "near") nearFlagged.push({ entry, matches: [], count: 0 });
          if (o.flagged === "overflow" || o.flagged === "both") nearOverflow = true;
        }
        break;
      case "binary": stats.binary++; opts.onUnsearched?.(entry, "binary"); break;
      case "tooLarge": stats.tooLarge++; opts.onUnsearched?.(entry, "tooLarge"); break;
      case "unreadable": stats.unreadable++; break;
      case "special": stats.special++; break;
    }
  };

  const threads = Math.max(1, opts.threads ?? envThreads() ?? availableParallelism());
  const pending: FileEntry[] = [];
  let pendingBytes = 0;
  let pool: Pool | undefined;
  const kinds = (walkOpts.roots ?? [walkOpts.root]).map(checkRoot);
  // File roots alone are a few files, searched inline whatever AGENTGREP_THREADS.
  const anyDir = kinds.includes("dir");
  const forceWorkers = anyDir && (envThreads() ?? 0) > 0;

  // Files named as roots are searched here, never by a worker: one that cannot be read is an error.
  const named: FileEntry[] = [];
  let helper: { w: Worker; kept: boolean } | undefined;
  let helped: number | undefined;
  const onFile = (f: FileEntry) => {
    opts.walked?.capture?.push(f);
    if (f.root?.explicit) return named.push(f);
    if (pool) return pool.add(f);
    pending.push(f);
    pendingBytes += f.size ?? 0;
    if (opts.helper && pending.length === HELPER_MIN_FILES && anyDir && threads > 1 && !forceWorkers) helper = startWorker();
    if (anyDir && (pending.length > INLINE_MAX_FILES || pendingBytes > INLINE_MAX_BYTES || forceWorkers) && threads > 1) {
      // A big tree: this thread walks on for a while at the normal JIT policy (grep starts
      // reluctant to compile, cli/main.ts; util/jit.ts).
      jitPolicy(1);
      pool = new Pool(threads, spec, mode, record, count, opts.onUnsearched !== undefined, opts.reportNoMatch === true, text, opts.mask, watchSpec, seen, beyond, helper?.w);
      helper = undefined;
      for (const p of pending) pool.add(p);
      pending.length = 0;
    }
  };
  let ws: WalkStats;
  if (opts.walked?.files) {
    for (const f of opts.walked.files) onFile(f);
    ws = opts.walked.stats!;
  } else {
    ws = await walk(walkOpts, onFile, opts.onSkip);
    if (opts.walked?.capture) {
      opts.walked.files = opts.walked.capture;
      opts.walked.stats = ws;
      opts.walked.capture = undefined;
    }
  }
  pending.push(...named);
  Object.assign(stats, { ignored: ws.ignored, hidden: ws.hidden, filtered: ws.filtered }, ws.overMaxSize ? { overMaxSize: ws.overMaxSize } : {}, ws.badIgnoreLines ? { badIgnoreLines: ws.badIgnoreLines, badIgnoreAbove: ws.badIgnoreAbove } : {});
  stats.unreadable += ws.unreadable;
  stats.special += ws.special;

  if (pool) await pool.finish();
  if (pending.length) {
    // Searched here in display order (path order; walk order is the directories' own), so that
    // onMatch hears of the files a caller will show first before any other (grep looks their
    // structures up in the cache while the search goes on, and starts a parse process only if
    // one of them misses).
    if (opts.onMatch && pending.length > 1) byDisplay(pending);
    const matcher = fromSpec(spec);
    const variants = opts.mask ? literalVariants(opts.mask) : undefined;
    // With a helper (and no file named as a root: those are searched here), both take files
    // from one count of claims, this thread from the start, the helper from the end.
    const split = helper && named.length === 0 ? new Split(helper.w, pending, initMessage(spec, mode, opts, text, watchSpec)) : undefined;
    if (helper && !split) giveBack(helper.w); // it was sent nothing

    let i = 0;
    for (; i < pending.length; i++) {
      if (split && !split.claim()) break;
      const e = pending[i]!;
      let o: FileOutcome;
      try {
        o = variants ? maskOne(e.open, e.size, variants) : searchOne(e.open, e.size, matcher, mode, e.root?.explicit || text, undefined, watch);
      } catch (err: any) {
        split?.cancel();
        throw searchError(err, printedPath(e));
      }
      // A file asked for cannot be read: an error, as rg's, never a silent "no match".
      if (e.root?.explicit && o.status === "unreadable") throw new UserError(`cannot read path: ${printedPath(e)} (${o.error ?? "unreadable"})`, unreadableHint(o.error, UNREADABLE_HINT));
      record(e, o);
    }
    // The helper's files, recorded in display order after this thread's (all of which come
    // before them): onMatch hears of every file in display order, as without a helper.
    if (split) helped = await split.finish(i, record, count, seen, beyond, opts.mask?.length ?? 0);
  }
  let again: ReturnType<typeof fromSpec> | undefined;
  const lines = (hit: FileHits): FileHits => {
    if (mode === "full") return hit;
    again ??= fromSpec(spec);
    let o: FileOutcome;
    try {
      o = searchOne(hit.entry.open, hit.entry.size, again, "full", hit.entry.root?.explicit || text);
    } catch (err: any) {
      throw searchError(err, printedPath(hit.entry));
    }
    const matches = o.matches ?? [];
    return { ...hit, matches, count: o.count ?? matches.length };
  };
  const res: SearchResult = { files: sortHits(hits), stats, lines };
  if (helped !== undefined) Object.assign(res, { helped, helperKept: helper!.kept });
  if (opts.reportNoMatch) res.unmatched = sortHits(unmatched).map((h) => h.entry);
  if (opts.watch?.needles?.length) {
    res.flagged = hits.length ? [] : sortHits(flagged).map((h) => h.entry);
    res.flaggedBeyond = hits.length ? 0 : beyond.n + (watch?.takeBeyond() ?? 0);
    if (opts.watch.nearNeedles?.length) {
      res.nearFlagged = hits.length ? [] : sortHits(nearFlagged).map((h) => h.entry);
      res.nearOverflow = hits.length === 0 && nearOverflow;
    }
  }
  if (opts.watch?.patterns?.length) {
    for (const k of watch?.takeSeen() ?? []) seen.add(k);
    res.unseenPatterns = opts.watch.patterns.map((_, k) => k).filter((k) => !seen.has(k));
  }
  return res;
}

/** Sorts entries in display order: by path, one root's as a native sort of the strings (a comparator function costs several times more). */
function byDisplay(files: FileEntry[]): void {
  // rg --sort (the walk's order), or several roots: sortEntries' comparator.
  const root = files[0]!.root?.index ?? 0;
  if (files[0]!.order !== undefined || files.some((f) => (f.root?.index ?? 0) !== root)) {
    sortEntries(files, false);
    return;
  }
  const by = new Map<string, FileEntry>();
  const keys: string[] = [];
  for (const f of files) {
    if (by.has(f.display)) {
      sortEntries(files, false); // one path twice (never in one walk): keep every entry
      return;
    }
    by.set(f.display, f);
    keys.push(f.display);
  }
  keys.sort();
  for (let i = 0; i < keys.length; i++) files[i] = by.get(keys[i]!)!;
}

/**
 * The watch's needles that every match holds: those inside a case-sensitive literal query
 * (line by line, not inverted), which a file must contain to match at all.
 */
function requiredNeedles(spec: MatchSpec, needles: string[] | undefined): number[] {
  if (spec.kind !== "literal" || spec.invert || spec.multiline || !needles) return [];
  return needles.flatMap((n, i) => (n.length > 0 && spec.needle.includes(n) ? [i] : []));
}

const UNREADABLE_HINT = "check its permissions (ls -ld), or search a readable --path";

/**
 * "file", "dir", or "other" (missing, special: the walker reports those). A directory root that
 * cannot be listed is an error here: the walker counts unreadable directories and goes on, which
 * for the root would turn "cannot search" into a silent "no matches".
 */
function checkRoot(root: string): "file" | "dir" | "other" {
  let st;
  try {
    st = statSync(root);
  } catch {
    return "other";
  }
  if (st.isFile()) return "file";
  if (!st.isDirectory()) return "other";
  try {
    accessSync(root, constants.R_OK | constants.X_OK);
  } catch (e: any) {
    throw new UserError(`cannot read path: ${root} (${e?.code ?? "unreadable"})`, unreadableHint(e?.code, UNREADABLE_HINT));
  }
  return "dir";
}


function searchError(err: any, display: string): Error {
  if (err?.name === "RegexTimeout") return new UserError(`${err.message} in ${display}`, String(err.message).startsWith("-U") ? MULTILINE_HINT : RISKY_HINT);
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * Search workers kept between searches (a long-lived process: the MCP server). Off by default: a
 * CLI call searches once. A pool takes its workers from here and gives them back when its search
 * ends cleanly (a failed search terminates its workers); each search sends its own "init".
 */
let keepWorkers = false;
const idleWorkers: Worker[] = [];

/** Keeps search workers alive between searches (the MCP server's warm process). */
export function keepSearchWorkers(on = true): void {
  keepWorkers = on;
  if (!on) for (const w of idleWorkers.splice(0)) w.terminate();
}

/** A search worker: an idle one kept from an earlier search (MCP), else a new one. */
function startWorker(): { w: Worker; kept: boolean } {
  const w = idleWorkers.pop();
  return w ? { w, kept: true } : { w: new Worker(workerEntry("search/worker", new URL("./worker.ts", import.meta.url))), kept: false };
}

/** A worker whose search is over and answered: back to the idle workers (MCP), else ended. */
function giveBack(w: Worker): void {
  w.onmessage = null;
  w.onerror = null;
  if (keepWorkers) {
    w.unref();
    idleWorkers.push(w);
  } else w.terminate();
}

/** The init message of a search worker (worker.ts), for one search. */
function initMessage(spec: MatchSpec, mode: ScanMode, opts: { onUnsearched?: unknown; reportNoMatch?: boolean; mask?: string[] }, text: boolean, watch: WatchSpec | undefined): object {
  return { type: "init", spec, mode, reportUnsearched: opts.onUnsearched !== undefined, reportNoMatch: opts.reportNoMatch === true, text, mask: opts.mask, watch, encoding: currentEncoding() };
}

/**
 * One list of files searched by this thread from its start and a helper worker from its end.
 * Each takes a file only after adding one to a shared count of claims that stays below the
 * list's length: with `a` files taken from the start and `b` from the end, a + b <= n, so no
 * file is searched twice and none is left out. A helper still starting when this thread has
 * taken the last file gets nothing to do (see finish).
 */
class Split {
  private readonly claims = new Int32Array(new SharedArrayBuffer(4));
  private readonly reply: Promise<any>;

  constructor(
    private readonly helper: Worker,
    private readonly files: FileEntry[],
    init: object,
  ) {
    this.reply = new Promise((resolve, reject) => {
      helper.onmessage = (ev) => resolve(ev.data);
      helper.onerror = (ev: any) => reject(new Error(`search worker failed: ${ev?.message ?? ev}`));
    });
    this.reply.catch(() => {}); // awaited only when the helper took files
    helper.postMessage(init);
    helper.postMessage({ type: "batch", id: 0, opens: files.map((e) => e.open), sizes: files.map((e) => e.size ?? null), claims: this.claims });
  }

  /** Takes the next file for this thread; false once every file is taken. */
  claim(): boolean {
    return Atomics.add(this.claims, 0, 1) < this.files.length;
  }

  cancel(): void {
    Atomics.store(this.claims, 0, this.files.length);
    this.helper.terminate();
  }

  /**
   * Waits for the helper's files (`mine`: how many this thread took) and records them in list
   * order; returns how many the helper searched.
   */
  async finish(mine: number, record: (e: FileEntry, o: FileOutcome) => void, count: (status: FileOutcome["status"], n: number) => void, seen: Set<number>, beyond: { n: number }, literals: number): Promise<number> {
    // A helper that took nothing may still be starting: its reply must not reach a later
    // search. Kept for later searches (MCP), it is waited for (a kept one answers at once; a new
    // one, on the process's first such search, once started); else it ends now.
    if (mine >= this.files.length && !keepWorkers) {
      this.helper.terminate();
      return 0;
    }
    let msg: any;
    try {
      msg = await this.reply;
    } catch (e) {
      this.helper.terminate();
      throw e;
    }
    if (msg.type === "error") {
      this.helper.terminate();
      throw searchError({ name: msg.name, message: msg.message }, this.files[msg.index] ? printedPath(this.files[msg.index]!) : "?");
    }
    giveBack(this.helper);
    const outcomes: Array<[number, FileOutcome]> = [...(msg.hits as Array<[number, FileOutcome]>)];
    if (msg.packed) unpackOutcomes(msg.packed as Int32Array, literals, (i, o) => outcomes.push([i, o]));
    outcomes.sort((a, b) => a[0] - b[0]);
    for (const [i, o] of outcomes) record(this.files[i]!, o);
    for (const [status, n] of Object.entries(msg.counts as Record<string, number>)) count(status as FileOutcome["status"], n);
    if (msg.seen) for (const k of msg.seen as number[]) seen.add(k);
    if (msg.beyond) beyond.n += msg.beyond;
    return this.files.length - mine;
  }
}

class Pool {
  private workers: Worker[] = [];
  private batches = new Map<number, FileEntry[]>();
  private cur: FileEntry[] = [];
  private nextId = 0;
  private rr = 0;
  private failure: Error | undefined;
  private resolveDone: (() => void) | undefined;
  private rejectDone: ((e: Error) => void) | undefined;
  /** Literals of a mask search (the length of each packed mask record's counts). */
  private readonly literals: number;

  constructor(
    n: number,
    spec: MatchSpec,
    mode: ScanMode,
    private record: (e: FileEntry, o: FileOutcome) => void,
    private count: (status: FileOutcome["status"], n: number) => void,
    reportUnsearched = false,
    reportNoMatch = false,
    text = false,
    mask?: string[],
    watch?: WatchSpec,
    private seen?: Set<number>,
    private beyond?: { n: number },
    started?: Worker,
  ) {
    this.literals = mask?.length ?? 0;
    for (let i = 0; i < n; i++) {
      const w = (i === 0 ? started : undefined) ?? startWorker().w;
      w.onmessage = (ev) => this.onMessage(ev.data);
      w.onerror = (ev: any) => this.fail(new Error(`search worker failed: ${ev?.message ?? ev}`));
      w.postMessage({ type: "init", spec, mode, reportUnsearched, reportNoMatch, text, mask, watch, encoding: currentEncoding() });
      this.workers.push(w);
    }
  }

  add(e: FileEntry): void {
    this.cur.push(e);
    if (this.cur.length >= BATCH) this.send();
  }

  private send(): void {
    if (this.cur.length === 0) return;
    const id = this.nextId++;
    const batch = this.cur;
    this.cur = [];
    this.batches.set(id, batch);
    this.workers[this.rr++ % this.workers.length].postMessage({
      type: "batch",
      id,
      opens: batch.map((e) => e.open),
      sizes: batch.map((e) => e.size ?? null),
    });
  }

  private onMessage(msg: any): void {
    const batch = this.batches.get(msg.id);
    if (!batch) return;
    if (msg.type === "error") {
      this.fail(searchError({ name: msg.name, message: msg.message }, (batch[msg.index] ? printedPath(batch[msg.index]!) : "?")));
      return;
    }
    this.batches.delete(msg.id);
    for (const [i, o] of msg.hits as Array<[number, FileOutcome]>) this.record(batch[i], o);
    if (msg.packed) unpackOutcomes(msg.packed as Int32Array, this.literals, (i, o) => this.record(batch[i]!, o));
    for (const [status, n] of Object.entries(msg.counts as Record<string, number>)) this.count(status as FileOutcome["status"], n);
    if (msg.seen) for (const k of msg.seen as number[]) this.seen?.add(k);
    if (msg.beyond && this.beyond) this.beyond.n += msg.beyond;
    if (this.batches.size === 0) this.resolveDone?.();
  }

  private fail(e: Error): void {
    if (this.failure) return;
    this.failure = e;
    this.terminate();
    this.rejectDone?.(e);
  }

  private terminate(): void {
    for (const w of this.workers) w.terminate();
  }

  finish(): Promise<void> {
    this.send();
    return new Promise<void>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.resolveDone = () => {
        if (keepWorkers) {
          for (const w of this.workers) {
            w.onmessage = null;
            w.onerror = null;
            w.unref();
            idleWorkers.push(w);
          }
        } else this.terminate();
        resolve();
      };
      this.rejectDone = reject;
      if (this.batches.size === 0) this.resolveDone();
    });
  }
}
