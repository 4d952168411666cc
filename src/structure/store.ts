/**
 * The structure cache on disk: symbols a parse extracted, and the match roles grep read from the
 * syntax tree, kept between processes so that a repeated call on the same files parses nothing.
 * An agent calls grep 10-30 times on one tree; most of a call's time was the parse of the files
 * it shows, the same files every time.
 *
 * - Keyed by content, never by path or mtime: SHA-256 of the build's source hash (STORE_VERSION:
 *   any change to the extractors, grammars or role rules is a new key space), the language and
 *   the text. An entry also names its key and text length, checked on read: a stale, truncated or
 *   foreign entry is never used (it is ignored, and rewritten by the next parse).
 * - One small file per entry (a few KB of JSON: reading 20 costs about a millisecond, a parse of
 *   the same files 100+ ms), under $XDG_CACHE_HOME/agentgrep/structure (else
 *   ~/.cache/agentgrep/structure). Written to a temporary name, then renamed: concurrent processes
 *   writing the same entry each leave a whole one.
 * - Bounded (AGENTGREP_CACHE_MB, default 64; cache-env.ts checks it): a process that wrote entries looks at the directory's
 *   size at most every EVICT_EVERY_MS (or after writing a sixteenth of the bound) and removes the
 *   least recently used entries (a hit refreshes an entry's mtime) down to 3/4 of the bound.
 * - A location that cannot be created or written turns writing off for the process, silently
 *   (outline --debug-structure and AGENTGREP_PROFILE say so); reading a read-only cache still
 *   works. AGENTGREP_CACHE=off turns the cache off.
 *
 * Roles: grep's role of a match comes from the syntax tree at the match's line and spans. What a
 * parse answered is remembered per entry (RoleMemo): a later call whose matches are all in the
 * memo needs no tree; one with a new match parses the file and adds its answers.
 */
import { closeSync, constants, fstatSync, mkdirSync, openSync, readSync, readdirSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { FileStructure, Symbol } from "./types.ts";
import type { MatchRole, Role } from "./roles.ts";
import { cacheEnv } from "./cache-env.ts";

declare const AGENTGREP_STRUCTURE_VERSION: string | undefined;

/** The build's source hash (build/build.ts); a run from source has none, and caches nothing on disk. */
const STORE_VERSION = typeof AGENTGREP_STRUCTURE_VERSION === "string" ? AGENTGREP_STRUCTURE_VERSION : "";

const EVICT_EVERY_MS = 30_000;
/**
 * Roles remembered per entry: a call with more new matching lines in the file parses it again.
 * A file with that many matching lines is some 100 KB of text: the memo stays within a few
 * times the text's size, which is what the in-process cache (cache.ts) bounds.
 */
const MEMO_MAX = 4096;
/** Entries over this are not written (a 512 KB file's symbols and roles stay far below). */
const ENTRY_MAX = 1 << 20;
const STAMP = ".evicted";

export interface StoreStatus {
  state: "on" | "read-only" | "off";
  dir?: string;
  reason?: string;
}

/** One entry as this process holds it: the stored structure, its roles memo, whether to write it. */
export interface StoreRecord {
  key: string;
  textLength: number;
  structure: FileStructure;
  roles: Map<string, string>;
  /** Statement starts trace read from the syntax tree (line -> first line of its statement). */
  stmts: Map<number, number>;
  dirty: boolean;
}

let status: StoreStatus | undefined;
let dir = "";
let limit = 64 << 20;
let written = 0;
const dirty = new Set<StoreRecord>();
let exitHook = false;
/** Per-process counters for AGENTGREP_PROFILE and the debug line. */
export const storeCounts = { hits: 0, misses: 0, writes: 0, corrupt: 0 };

/** Resolves (once per process) where the cache lives and whether it can be written. */
export function storeStatus(env: NodeJS.ProcessEnv = process.env): StoreStatus {
  if (status) return status;
  status = resolveStatus(env);
  return status;
}

function resolveStatus(env: NodeJS.ProcessEnv): StoreStatus {
  let settings: ReturnType<typeof cacheEnv>;
  try {
    settings = cacheEnv(env);
  } catch (e: any) {
    // main.ts refuses to start with it; a caller that did not check (a test) gets no cache.
    return { state: "off", reason: e.message };
  }
  if ("off" in settings) return { state: "off", reason: settings.off };
  if (!STORE_VERSION) return { state: "off", reason: "not a built binary" };
  limit = settings.limit;
  const xdg = env.XDG_CACHE_HOME;
  // The XDG spec: a relative value is invalid and ignored.
  let base = xdg && xdg.startsWith("/") ? xdg : "";
  if (!base) {
    let home = env.HOME ?? "";
    if (!home) try { home = homedir(); } catch { home = ""; }
    if (!home) return { state: "off", reason: "no $XDG_CACHE_HOME or $HOME" };
    base = join(home, ".cache");
  }
  dir = join(base, "agentgrep", "structure");
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e: any) {
    return { state: "off", dir, reason: `cannot create ${dir} (${e?.code ?? e})` };
  }
  try {
    const probe = join(dir, `.probe-${process.pid}`);
    writeFileSync(probe, "");
    unlinkSync(probe);
  } catch (e: any) {
    return { state: "read-only", dir, reason: `cannot write ${dir} (${e?.code ?? e})` };
  }
  return { state: "on", dir };
}

/** For tests and the MCP server's set-up: forget the resolved location (the environment changed). */
export function resetStore(): void {
  status = undefined;
  dirty.clear();
  loaded.clear();
}

const hex = (language: string, text: string) => {
  const h = new Bun.CryptoHasher("sha256");
  h.update(STORE_VERSION);
  h.update("\0");
  h.update(language);
  h.update("\0");
  h.update(text);
  return h.digest("hex").slice(0, 32);
};

/** The key of `text` parsed as `language` (the file name of its entry). */
export function storeKey(language: string, text: string): string {
  return hex(language, text);
}

/**
 * Entries this process read, by key, the most recent last: grep looks its shown files up while
 * the search runs (structure/prefetch.ts), then again to group them, and a one-shot process has
 * no in-process structure cache (cache.ts) between the two. Bounded: a few calls' shown files.
 */
const loaded = new Map<string, StoreRecord>();
const LOADED_MAX = 64;

/** The stored entry for `text`, or undefined (no cache, no entry, or an entry that does not check out). */
export function loadRecord(language: string, text: string): StoreRecord | undefined {
  const st = storeStatus();
  if (st.state === "off") return undefined;
  const key = hex(language, text);
  const again = loaded.get(key);
  if (again && again.textLength === text.length) {
    loaded.delete(key);
    loaded.set(key, again);
    storeCounts.hits++;
    return again;
  }
  const path = join(dir, key);
  let raw: string;
  try {
    raw = readSmall(path);
  } catch {
    storeCounts.misses++;
    return undefined;
  }
  const r = decode(raw, key, language, text.length);
  if (!r) {
    storeCounts.corrupt++;
    storeCounts.misses++;
    return undefined;
  }
  storeCounts.hits++;
  loaded.set(key, r);
  if (loaded.size > LOADED_MAX) loaded.delete(loaded.keys().next().value!);
  if (st.state === "on") {
    // Recency for eviction: a used entry's mtime is now.
    const now = Date.now() / 1000;
    try { utimesSync(path, now, now); } catch { /* gone or not ours: harmless */ }
  }
  return r;
}

/**
 * A fresh record for a structure just parsed, written at the next flush when the cache is on.
 * Kept in the process in any case: roles a parse worker read from its tree reach grep through
 * the memo (structure/parallel.ts).
 */
export function newRecord(language: string, text: string, structure: FileStructure): StoreRecord | undefined {
  if (structure.extractor !== "tree-sitter") return undefined;
  const r: StoreRecord = { key: storeStatus().state === "off" ? "" : hex(language, text), textLength: text.length, structure: plain(structure), roles: new Map(), stmts: new Map(), dirty: false };
  loaded.delete(r.key); // this one supersedes what was read
  markDirty(r);
  return r;
}

/** A parse worker's store: off (the main thread keeps and writes what workers parse). */
export function disableStore(): void {
  status = { state: "off", reason: "parse worker" };
}

/** The structure without what a cache must not hold: the syntax tree, per-parse timings. */
function plain(s: FileStructure): FileStructure {
  const { syntax, debug, ...rest } = s;
  return rest;
}

export function markDirty(r: StoreRecord): void {
  if (r.dirty || storeStatus().state !== "on" || !r.key) return;
  r.dirty = true;
  dirty.add(r);
  if (!exitHook) {
    exitHook = true;
    process.on("exit", () => flushStore());
  }
}

/** Writes every changed entry (each to a temporary name, then renamed), then evicts if due. */
export function flushStore(): void {
  if (dirty.size === 0) return;
  const list = [...dirty];
  dirty.clear();
  for (const r of list) {
    r.dirty = false;
    if (status?.state !== "on") continue;
    const data = encode(r);
    if (data.length > ENTRY_MAX) continue;
    const path = join(dir, r.key);
    const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
    try {
      writeFileSync(tmp, data);
      renameSync(tmp, path);
      written += data.length;
      storeCounts.writes++;
    } catch (e: any) {
      try { unlinkSync(tmp); } catch { /* never created */ }
      // A full disk or a directory made read-only meanwhile: stop writing, silently.
      status = { state: "read-only", dir, reason: `cannot write ${dir} (${e?.code ?? e})` };
      return;
    }
  }
  maybeEvict();
}

function maybeEvict(): void {
  const stamp = join(dir, STAMP);
  let due = written > limit / 16;
  if (!due) {
    try {
      due = Date.now() - statSync(stamp).mtimeMs > EVICT_EVERY_MS;
    } catch {
      due = true;
    }
  }
  if (!due) return;
  written = 0;
  try {
    writeFileSync(stamp, "");
  } catch {
    return;
  }
  evict();
}

/** Removes least recently used entries until the directory holds at most 3/4 of the bound. */
export function evict(): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const files: { path: string; size: number; mtime: number }[] = [];
  let total = 0;
  const now = Date.now();
  for (const n of names) {
    if (n === STAMP) continue;
    const path = join(dir, n);
    let s;
    try {
      s = statSync(path);
    } catch {
      continue;
    }
    // A temporary file left by a process that died mid-write.
    if (n.endsWith(".tmp") && now - s.mtimeMs > 60_000) {
      try { unlinkSync(path); } catch { /* another process took it */ }
      continue;
    }
    files.push({ path, size: s.size, mtime: s.mtimeMs });
    total += s.size;
  }
  if (total <= limit) return;
  files.sort((a, b) => a.mtime - b.mtime);
  for (const f of files) {
    if (total <= (limit * 3) / 4) break;
    try {
      unlinkSync(f.path);
    } catch {
      continue;
    }
    total -= f.size;
  }
}

/** The bytes on disk of the cache directory (bench and tests). */
export function storeBytes(): number {
  let total = 0;
  try {
    for (const n of readdirSync(dir)) try { total += statSync(join(dir, n)).size; } catch { /* raced */ }
  } catch { /* none */ }
  return total;
}

function readSmall(path: string): string {
  // Non-blocking open: a FIFO (or a device) where an entry should be would block open(2)
  // forever; it is no entry, and only regular files are read.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error("not a regular file");
    const size = st.size;
    if (size > ENTRY_MAX) throw new Error("too big");
    const buf = Buffer.allocUnsafe(size);
    let got = 0;
    while (got < size) {
      const n = readSync(fd, buf, got, size - got, got);
      if (n <= 0) break;
      got += n;
    }
    return buf.toString("utf8", 0, got);
  } finally {
    closeSync(fd);
  }
}

/*
 * The entry: `AGS1` and a newline, then one JSON object {k: key, n: text length, s: structure
 * fields, y: symbols as arrays (field order of SYMBOL_FIELDS), r: [[memo key, role], ...]}.
 * Symbols as arrays: half the bytes of objects, and half the parse.
 */
const MAGIC = "AGS1\n";

function encode(r: StoreRecord): string {
  const s = r.structure;
  const y = s.symbols.map((x) => {
    const row: unknown[] = [x.kind, x.name, x.label === x.name ? 0 : x.label, x.startLine, x.endLine, x.parent, x.depth, x.signature];
    if (x.approx || x.attachedEnd !== undefined || x.attachedStart !== undefined) row.push(x.approx ? 1 : 0);
    // grep groups a line after the symbol under it (C's EXPORT_SYMBOL), and its leading doc
    // comment: dropping them made a cache hit print differently from the parse that wrote the entry.
    if (x.attachedEnd !== undefined || x.attachedStart !== undefined) row.push(x.attachedEnd ?? 0);
    if (x.attachedStart !== undefined) row.push(x.attachedStart);
    if (x.attachedDecorations) row.push(1);
    return row;
  });
  const doc = {
    k: r.key,
    n: r.textLength,
    s: { language: s.language, totalLines: s.totalLines, errorRatio: s.errorRatio, extractor: s.extractor, ...(s.cut ? { cut: s.cut } : {}) },
    y,
    r: [...r.roles],
    ...(r.stmts.size ? { t: [...r.stmts].flat() } : {}),
  };
  return MAGIC + JSON.stringify(doc);
}

function decode(raw: string, key: string, language: string, textLength: number): StoreRecord | undefined {
  if (!raw.startsWith(MAGIC)) return undefined;
  let doc: any;
  try {
    doc = JSON.parse(raw.slice(MAGIC.length));
  } catch {
    return undefined;
  }
  if (!doc || doc.k !== key || doc.n !== textLength || !Array.isArray(doc.y) || !Array.isArray(doc.r) || doc.s?.language !== language) return undefined;
  // Every field is checked for its type and range: an entry with the right key but garbled
  // fields (a disk error, another tool, a hand edit) must be a miss, never a crash or a wrong
  // range further down (it was "error: internal: e.startsWith is not a function").
  const s = doc.s;
  const int = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
  if (!int(s.totalLines, 0) || typeof s.errorRatio !== "number" || !Number.isFinite(s.errorRatio) || typeof s.extractor !== "string") return undefined;
  if (s.cut !== undefined && (typeof s.cut !== "object" || s.cut === null || !int(s.cut.line, 0) || !int(s.cut.bytes, 0) || !int(s.cut.totalBytes, 0) || typeof s.cut.limit !== "string")) return undefined;
  const symbols: Symbol[] = [];
  for (const row of doc.y) {
    if (!Array.isArray(row) || row.length < 8) return undefined;
    const [kind, name, label, startLine, endLine, parent, depth, signature, approx, attachedEnd, attachedStart, attachedDecorations] = row;
    if (typeof kind !== "string" || typeof name !== "string" || (label !== 0 && typeof label !== "string") || typeof signature !== "string") return undefined;
    if (!int(startLine, 1) || !int(endLine, startLine, s.totalLines + 1) || !int(parent, -1, symbols.length - 1) || !int(depth, 0)) return undefined;
    const sym: Symbol = { kind, name, label: label === 0 ? name : label, startLine, endLine, parent, depth, signature };
    if (approx) sym.approx = true;
    if (attachedEnd !== undefined && attachedEnd !== 0) {
      if (!int(attachedEnd, endLine, s.totalLines + 1)) return undefined;
      sym.attachedEnd = attachedEnd;
    }
    if (attachedStart !== undefined) {
      if (!int(attachedStart, 1, startLine - 1)) return undefined;
      sym.attachedStart = attachedStart;
      if (attachedDecorations !== undefined && attachedDecorations !== 1) return undefined;
      if (attachedDecorations === 1) sym.attachedDecorations = true;
    }
    symbols.push(sym);
  }
  for (const e of doc.r) if (!Array.isArray(e) || e.length !== 2 || typeof e[0] !== "string" || typeof e[1] !== "string" || !ROLE_OF[e[1][0] ?? ""] || !(e[1].length === 1 || e[1] === e[1][0] + "~")) return undefined;
  const stmts = new Map<number, number>();
  if (doc.t !== undefined) {
    if (!Array.isArray(doc.t) || doc.t.length % 2) return undefined;
    for (let i = 0; i < doc.t.length; i += 2) {
      const line = doc.t[i], start = doc.t[i + 1];
      if (!int(line, 1, s.totalLines + 1) || !int(start, 1, line)) return undefined;
      stmts.set(line, start);
    }
  }
  const structure: FileStructure = { language: s.language, symbols, totalLines: s.totalLines, errorRatio: s.errorRatio, extractor: s.extractor };
  if (s.cut) structure.cut = s.cut;
  return { key, textLength, structure, roles: new Map(doc.r), stmts, dirty: false };
}

// ---- roles --------------------------------------------------------------------------------

const CODE: Record<Role, string> = { definition: "d", call: "c", import: "i", write: "w", reference: "r", comment: "m", string: "s" };
const ROLE_OF: Record<string, Role> = Object.fromEntries(Object.entries(CODE).map(([r, c]) => [c, r as Role]));

/** A match as the role computation sees it: its line, its spans (and the line's text, which an
 *  approximate role is read from), and the family of the path (ditto). */
function memoKey(family: string, m: { line: number; spans: [number, number][]; text: string }): string {
  const known = keysOf.get(m);
  if (known && known.family === family && known.line === m.line && known.text === m.text && known.spans === m.spans) return known.key;
  let k = `${family}|${m.line}|${Bun.hash.crc32(m.text)}|${m.text.length}`;
  for (let i = 0; i < m.spans.length && i < 8; i++) k += `|${m.spans[i]![0]},${m.spans[i]![1]}`;
  keysOf.set(m, { family, line: m.line, text: m.text, spans: m.spans, key: k });
  return k;
}

/**
 * Memo keys by match object: grep asks about the same matches up to three times per call (is a
 * tree needed, before and after the parse plan, then the roles), each a crc32 of the line.
 * The fields a key is made of are checked, so a match changed in place gets a new key.
 */
const keysOf = new WeakMap<object, { family: string; line: number; text: string; spans: [number, number][]; key: string }>();

const encodeRole = (r: MatchRole) => CODE[r.role] + (r.approx ? "~" : "");
const decodeRole = (c: string): MatchRole => (c.length > 1 ? { role: ROLE_OF[c[0]!]!, approx: true } : { role: ROLE_OF[c]! });

/** The roles of every match from the memo, or undefined when one is missing. */
export function memoRoles(r: StoreRecord, family: string, matches: { line: number; spans: [number, number][]; text: string }[]): MatchRole[] | undefined {
  const out: MatchRole[] = [];
  for (const m of matches) {
    const c = r.roles.get(memoKey(family, m));
    if (c === undefined) return undefined;
    out.push(decodeRole(c));
  }
  return out;
}

// ---- statement starts ---------------------------------------------------------------------

/** The remembered statement start of `line`, or undefined when no tree answered it yet. */
export function memoStatement(r: StoreRecord, line: number): number | undefined {
  return r.stmts.get(line);
}

/** Remembers a statement start a syntax tree gave (written at the next flush). */
export function rememberStatement(r: StoreRecord, line: number, start: number): void {
  if (r.stmts.size >= MEMO_MAX || r.stmts.get(line) === start) return;
  r.stmts.set(line, start);
  markDirty(r);
}

/** Remembers roles a syntax tree gave (written at the next flush). */
export function rememberRoles(r: StoreRecord, family: string, matches: { line: number; spans: [number, number][]; text: string }[], roles: MatchRole[]): void {
  let added = false;
  for (let i = 0; i < matches.length && i < roles.length; i++) {
    if (r.roles.size >= MEMO_MAX) break;
    const k = memoKey(family, matches[i]!);
    if (r.roles.has(k)) continue;
    r.roles.set(k, encodeRole(roles[i]!));
    added = true;
  }
  if (added) markDirty(r);
}
