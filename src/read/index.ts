/**
 * The read layer: files into one reused buffer (per thread), with rg's view of their content:
 * a UTF-8 BOM is skipped, a UTF-16 BOM means the file is transcoded to UTF-8 (as rg does), and
 * binary detection follows rg's default "quit on NUL" rule (see `searchableEnd`).
 *
 * Reading into a reused buffer with openSync/readSync beats Bun.file().bytes() by ~2.4x over
 * many small files: the per-file allocation is the cost.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";
import { noTopTier } from "../util/jit.ts";

/**
 * Files larger than this are skipped and counted (stats.tooLarge). rg has no limit; 256 MiB
 * keeps a single generated blob from exhausting memory while no source file comes near it.
 */
export const SIZE_LIMIT = 256 * 1024 * 1024;

/** rg reads in 64 KiB chunks and decides "binary" per chunk; we reproduce its boundaries. */
const RG_CHUNK = 64 * 1024;

export type ReadOutcome =
  | { kind: "ok"; buf: Buffer; start: number; end: number; size: number }
  /** A file bigger than the buffer went to the caller's sink chunk by chunk (see readFile). */
  | { kind: "streamed" }
  | { kind: "tooLarge"; size: number }
  | { kind: "special" }
  | { kind: "unreadable"; error: string };

let shared = Buffer.allocUnsafe(1 << 20);

/**
 * rg -E: undefined is rg's auto (UTF-8, a BOM honoured); "none" reads raw bytes (no BOM
 * sniffing: a UTF-16 file with a BOM has NULs and is binary, a UTF-8 BOM is text of line 1);
 * any other WHATWG encoding name transcodes every file to UTF-8 before binary detection and
 * matching, as rg does. rg's BOM sniffing stays on with an explicit encoding: a UTF-16 BOM
 * overrides it, a UTF-8 BOM is dropped and the rest decoded with the encoding given (as rg 13).
 * Set once per process (and per search worker) before any file is read.
 */
let encoding: string | undefined;
export function setEncoding(enc: string | undefined): void {
  encoding = enc || undefined;
}
export const currentEncoding = (): string | undefined => encoding;
/** Whether a file starting with `b` is decoded to other bytes (its raw NULs then do not count). */
const transcoded = (b: Buffer) => (encoding !== undefined && encoding !== "none") || (encoding === undefined && utf16Bom(b));

/**
 * Receives a big file in whole lines: buf[start, end) ends at a line end (or the end of the
 * file), and `base + i` is the offset of buf[i] in the decoded content (a UTF-8 BOM not
 * counted). Returns false to stop reading (e.g. at the first match).
 */
export type ChunkSink = (buf: Buffer, start: number, end: number, base: number) => boolean;

/**
 * Reads a whole file into the shared buffer (valid until the next call).
 * One open and (usually) one read per file: no fstat and no extra read to see EOF, which halves
 * the syscall cost on trees of small files (measured on the Linux tree: 3.8 s -> 1.7 s for 78k
 * files). `sizeHint` (the walker's stat size) sizes the buffer so a short read means EOF.
 * O_NONBLOCK: a FIFO that slipped past the walker fails with EAGAIN instead of blocking.
 *
 * With a `sink`, a file that outgrows the buffer is streamed through it in whole lines instead
 * of read whole: growing the reused buffer to a tree's biggest file (24 MB among Linux's amdgpu
 * headers) cost each search thread ~12k freshly zeroed pages and a copy per doubling (Linux
 * tree, --paths-only: 35k -> 23k page faults, 1.28 -> 1.08 s). The result is the same as a
 * whole read: a NUL in the first 64 KiB is "binary" at once; a later NUL, a UTF-16 BOM (the
 * file is transcoded whole) or a line longer than 64 MiB make it read whole after all.
 *
 * `into`: a buffer of the caller's to read into (when the file turns out bigger, it is read on,
 * or streamed, from the shared buffer), so a scanner over its own memory (match/literal-scan.ts)
 * needs no copy.
 */
export function readFile(open: string | Uint8Array, sizeHint?: number, sink?: ChunkSink, all = false, into?: Buffer): ReadOutcome {
  // Over the limit by its size: too large to hold, but not to stream through a sink, as a walked
  // file of unknown size already was (a 300 MB log named as PATH was skipped, the same log found
  // by the walk was searched).
  const huge = sizeHint !== undefined && sizeHint > SIZE_LIMIT;
  if (huge && !sink) return { kind: "tooLarge", size: sizeHint };
  let fd: number;
  try {
    fd = openSync(open as any, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e: any) {
    return { kind: "unreadable", error: e?.code ?? String(e) };
  }
  try {
    const want = huge ? 0 : (sizeHint ?? 0) + 1;
    // `into`: the caller's buffer, when the file (by its size, if known) fits it; else the shared
    // one (a file that outgrows it moves there too).
    let buf: Buffer;
    if (into && into.length >= want) buf = into;
    else {
      if (shared.length < want) shared = Buffer.allocUnsafe(Math.max(want, shared.length * 2));
      buf = shared;
    }
    let len = 0;
    for (;;) {
      const room = buf.length - len;
      const n = readSync(fd, buf, len, room, null);
      // Nothing to read: an empty file, or a FIFO/socket that slipped past the walker (the one
      // case worth an fstat, and a rare one).
      if (n <= 0 && len === 0 && !fstatSync(fd).isFile()) return { kind: "special" };
      len += n;
      // Regular files: a short read is end of file (the buffer had room for more).
      if (n <= 0 || n < room) break;
      // A big file. rg would stop at a NUL in its first 64 KiB: so do we, without reading on
      // (UTF-16 files are transcoded first, their raw NULs do not count).
      // `all` (a file named as the root, or rg -a): the whole file, NULs and all.
      if (!all && len >= RG_CHUNK && !transcoded(buf) && buf.subarray(0, RG_CHUNK).indexOf(0) >= 0) return decodeBom(buf, len);
      // Streaming a file that outgrew the caller's buffer goes on from the shared one.
      if (sink && buf !== shared) {
        if (shared.length < len) shared = Buffer.allocUnsafe(len);
        buf.copy(shared, 0, 0, len);
        buf = shared;
      }
      if (sink && !transcoded(shared)) {
        const streamed = stream(fd, len, sink, all);
        if (streamed) return streamed;
        return readFile(open, sizeHint); // the rare case streaming cannot take: read it whole
      }
      const size = fstatSync(fd).size;
      if (size > SIZE_LIMIT || len >= SIZE_LIMIT) return { kind: "tooLarge", size: Math.max(size, len) };
      const bigger = Buffer.allocUnsafe(Math.max(buf.length * 2, size + 1));
      buf.copy(bigger, 0, 0, len);
      buf = shared = bigger;
    }
    return decodeBom(buf, len);
  } catch (e: any) {
    if (e?.code === "EAGAIN" || e?.code === "EISDIR") return { kind: "special" };
    return { kind: "unreadable", error: e?.code ?? String(e) };
  } finally {
    try {
      closeSync(fd);
    } catch {
      /* already closed */
    }
  }
}

/** Lines longer than this are not streamed (the file is read whole instead). */
const STREAM_MAX_LINE = 64 * 1024 * 1024;

/**
 * Streams an open file whose first `len` bytes fill the shared buffer through `sink` (see
 * readFile). null when the file must be read whole instead: a NUL after the first 64 KiB (rg's
 * cut depends on its own buffer positions there), or an overlong line.
 */
function stream(fd: number, len: number, sink: ChunkSink, all = false): ReadOutcome | null {
  const bom = shared[0] === 0xef && shared[1] === 0xbb && shared[2] === 0xbf ? 3 : 0;
  let buf = shared;
  let fill = len;
  let pos = 0; // file offset of buf[0]
  let eof = false;
  for (;;) {
    if (!eof && fill < buf.length) {
      const n = readSync(fd, buf, fill, buf.length - fill, null);
      if (n <= 0) eof = true;
      else fill += n;
      if (!eof && fill < buf.length) continue; // fill the buffer before handing on a chunk
    }
    let cut = fill;
    if (!eof) {
      const nl = buf.subarray(0, fill).lastIndexOf(10);
      if (nl < 0) {
        // One line fills the buffer: grow it for this file only (shared keeps its size).
        if (buf.length >= STREAM_MAX_LINE) return null;
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, fill);
        buf = bigger;
        continue;
      }
      cut = nl + 1;
    }
    const first = pos === 0;
    const start = first ? bom : 0;
    const view = buf.subarray(0, cut);
    // The first 64 KiB were checked by readFile (unless `all`); any later NUL changes what rg
    // would search (for a file named as PATH: what it prints), which a whole read decides.
    if (view.indexOf(0, first && !all ? Math.min(RG_CHUNK, cut) : 0) >= 0) return null;
    if (!sink(buf, start, cut, pos - bom) || eof) return { kind: "streamed" };
    buf.copy(buf, 0, cut, fill);
    fill -= cut;
    pos += cut;
  }
}

/** A file's size: the walker's when it has one, else one stat; undefined when that fails. */
export function fileSize(open: string | Uint8Array, sizeHint?: number): number | undefined {
  if (sizeHint !== undefined) return sizeHint;
  try {
    return statSync(open as any).size;
  } catch {
    return undefined;
  }
}

const utf16Bom = (b: Buffer) => (b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff);

function decodeBom(buf: Buffer, len: number): ReadOutcome {
  if (encoding === "none") return { kind: "ok", buf, start: 0, end: len, size: len };
  if (encoding !== undefined && !(len >= 2 && utf16Bom(buf))) {
    const skip = len >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
    return transcode(buf, skip, len, encoding, skip ? 0 : 3);
  }
  if (len >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return { kind: "ok", buf, start: 3, end: len, size: len };
  if (len >= 2 && utf16Bom(buf)) {
    return transcode(buf, 2, len, buf[0] === 0xff ? "utf-16le" : "utf-16be", 1);
  }
  return { kind: "ok", buf, start: 0, end: len, size: len };
}

/**
 * Where rg's reads of a transcoded file end, as offsets into its decoded bytes (see
 * searchableEnd). Only kept for a decoded file holding a NUL: rg's binary cut depends on them.
 */
const decodedReads = new WeakMap<Buffer, number[]>();

/** Raw bytes rg's decoder (encoding_rs_io) reads at a time, after the up to 3 bytes it peeks for a BOM. */
const RG_DECODE_CHUNK = 8 * 1024;

/**
 * buf[from, len) decoded from `enc` to UTF-8 (invalid input as U+FFFD, as encoding_rs). When the
 * result holds a NUL, it is decoded again piece by piece as rg's decoder reads it (`peeked` bytes
 * left of its BOM peek, then 8 KiB at a time), and each piece's end is kept for searchableEnd:
 * rg hands its line buffer one decoded piece per read, so its cut at a NUL falls at those ends.
 */
function transcode(buf: Buffer, from: number, len: number, enc: string, peeked: number): ReadOutcome {
  const out = Buffer.from(new TextDecoder(enc).decode(buf.subarray(from, len)), "utf8");
  if (out.indexOf(0) >= 0) {
    const dec = new TextDecoder(enc);
    const ends: number[] = [];
    let at = 0;
    for (let p = from, first = true; p < len; first = false) {
      const q = Math.min(len, p + (first && peeked ? peeked : RG_DECODE_CHUNK));
      at += Buffer.byteLength(dec.decode(buf.subarray(p, q), { stream: true }), "utf8");
      ends.push(at);
      p = q;
    }
    at += Buffer.byteLength(dec.decode(), "utf8");
    ends.push(at);
    decodedReads.set(out, ends);
  }
  return { kind: "ok", buf: out, start: 0, end: out.length, size: len };
}

/**
 * How much of buf[start, end) rg searches in its default binary mode ("quit" on NUL). rg reads
 * into a 64 KiB line buffer: after each read it keeps the trailing partial line (L bytes) and
 * the next read fills the rest (64 KiB - L; the buffer doubles when a line fills it). When a read
 * brings in a NUL, rg stops without searching that read, so only complete lines before it count:
 * a NUL in the first 64 KiB skips the file; a later one keeps the matches of earlier lines.
 * Returns the end of the searchable range (`start` when nothing is) and whether a NUL was seen.
 * Verified against ripgrep 13 (test/read/read.test.ts) for lines shorter than 64 KiB; around
 * longer lines rg grows its buffer differently and the cut may differ by a line.
 */
export function searchableEnd(buf: Buffer, start: number, end: number): { end: number; binary: boolean } {
  const view = buf.subarray(0, end);
  const nul = view.indexOf(0, start);
  if (nul < 0) return { end, binary: false };
  const pieces = decodedReads.get(buf);
  if (pieces) return { end: decodedCut(view, start, nul, pieces), binary: true };
  let cap = RG_CHUNK;
  let e = start; // end of the data read so far
  let left = 0; // bytes of the trailing partial line kept in the buffer
  for (;;) {
    let free = cap - left;
    if (free === 0) {
      cap *= 2;
      free = cap - left;
    }
    const next = e + free;
    if (nul < next) return { end: e - left, binary: true };
    const nl = view.subarray(0, next).lastIndexOf(10, next - 1);
    left = nl >= e - left ? next - (nl + 1) : left + free;
    e = next;
  }
}

/**
 * searchableEnd for a transcoded file: rg's reads return at most one decoded piece (and at most
 * its line buffer's free room, which doubles when a line fills it). A read holding the NUL ends
 * the search, and the lines it and the earlier reads of the same fill brought are not searched:
 * what is searched ends after the last line end before that read.
 */
function decodedCut(view: Buffer, start: number, nul: number, pieces: number[]): number {
  let cap = RG_CHUNK;
  let e = start; // end of the data read so far
  let left = 0; // bytes of the trailing partial line kept in the buffer
  let k = 0; // the piece being read
  for (;;) {
    let free = cap - left;
    if (free === 0) {
      cap *= 2;
      free = cap - left;
    }
    while (k < pieces.length - 1 && start + pieces[k]! <= e) k++;
    const next = Math.min(e + free, start + pieces[k]!);
    if (nul < next || next <= e) {
      const nl = view.subarray(0, e).lastIndexOf(10);
      return nl < start ? start : nl + 1;
    }
    const nl = view.subarray(0, next).lastIndexOf(10, next - 1);
    left = nl >= e ? next - (nl + 1) : left + (next - e);
    e = next;
  }
}

export interface TextFile {
  text: string; // lossy UTF-8, BOM stripped
  bytes: number;
}

/**
 * A whole text file as a string, for layers that need content (find, trace, grep's structure).
 * null when unreadable, not a regular file, too large, or binary by rg's rule; a file with a late
 * NUL is cut where rg stops reading it, so line numbers agree with grep's.
 */
export function readText(open: string | Buffer | Uint8Array): TextFile | null {
  const r = readFile(open);
  if (r.kind !== "ok") return null;
  const { end, binary } = searchableEnd(r.buf, r.start, r.end);
  if (binary && end === r.start) return null;
  return { text: r.buf.toString("utf8", r.start, end), bytes: r.size };
}

/**
 * The first NUL byte of a file's decoded content (a BOM not counted; a UTF-16 file has none once
 * transcoded) and where its line starts, for rg's binary rule on a file named as a PATH;
 * undefined when it has none or cannot be read.
 */
export function firstNul(open: string | Buffer | Uint8Array): { offset: number; lineStart: number } | undefined {
  const r = readFile(open);
  if (r.kind !== "ok") return undefined;
  const nul = r.buf.subarray(0, r.end).indexOf(0, r.start);
  if (nul < 0) return undefined;
  const nl = r.buf.subarray(0, nul).lastIndexOf(10);
  return { offset: nul - r.start, lineStart: Math.max(nl + 1, r.start) - r.start };
}

noTopTier(readFile, stream, decodeBom, searchableEnd);
