/**
 * One pass over a file's bytes for many literals at once, each in a few exact spellings (see
 * search/file.ts literalVariants: `page` as `age`/`AGE` after a `p`/`P`), counting each
 * literal's occurrences up to a cap: the same counts as one memmem per spelling, in one pass.
 *
 * Why WebAssembly: Buffer.indexOf is memmem (~11 GB/s), but find's whole-tree pass ran two of
 * them per word, 8 words ~1.4 s of CPU over the Linux tree where rg's one pass over all of them
 * costs ~1 s in all. A JS byte loop, a caseless JS regex over Latin-1 text and case-folding the
 * buffer first were all measured slower. The build has no wasm toolchain, so the module is
 * written here as bytes (wasm.ts) and compiled at run time.
 *
 * The filter is Teddy-like: per 16 bytes, the first `m` bytes (m <= 3) of every spelling are
 * looked up by nibble in 16-byte tables (i8x16.swizzle), one bit per bucket of literals; a lane
 * whose bits survive all m lookups is a candidate, verified byte by byte against each spelling
 * of its buckets. A literal at its cap leaves its bucket's bit; when every bucket is done the
 * scan stops.
 */
import { Code, encodeModule, I32, op, simd, V128, VOID } from "./wasm.ts";

/** Memory layout (byte offsets) of the scanner's own region, before the data. */
const TAB = 0; // m x (lo nibble table, hi nibble table), 16 bytes each
const INIT = 96; // i32 initial active buckets, i32 entries, i32 literals
const HIT = 108; // i32: where the first occurrence starts (`first` scans)
const SCR = 128; // 32 bytes: the candidate vectors, to read their lanes
const BUCKETS = 160; // 8 x {first entry, entries, remaining literals, initial remaining}
const ENTRIES = 288; // per spelling, 32 bytes: see ENTRY_*
const ENTRY_SIZE = 32;
const E_OFF = 0; // the spelling's bytes (address)
const E_LEN = 4;
const E_FIRST = 8; // the letter codes the byte before must be one of (b0 | b1 << 8), 0: none asked
const E_LIT = 12; // the literal it spells
const E_NEXT = 16; // a hit before this overlaps the previous one (memmem's resumption point)
const E_LEAD = 20; // 1: the spelling starts one byte into the literal (the first letter checked)
export const MAX_ENTRIES = 224;
const COUNTS = ENTRIES + MAX_ENTRIES * ENTRY_SIZE; // i32 per literal
export const MAX_LITERALS = 64;
const NEEDLES = COUNTS + MAX_LITERALS * 4;
const NEEDLE_ROOM = 65536 - NEEDLES;
/** Where file data starts (one 64 KiB page in). */
export const DATA = 65536;
/** Bytes after the data that loads may touch (past `end`, never used as a match). */
export const SLACK = 64;

export interface Spelling {
  /** The exact bytes searched. */
  bytes: Uint8Array;
  /** 1: a hit at h is an occurrence starting at h - 1, whose byte must be one of `first`. */
  lead: 0 | 1;
  first: number[];
}

/** One literal: its spellings (all counted together). */
export type ScanLiteral = Spelling[];

/** Fingerprint length for the shortest spelling, and how many bytes of each the filter looks at. */
function fingerprint(lits: ScanLiteral[]): number {
  let min = Infinity;
  for (const l of lits) for (const s of l) min = Math.min(min, s.bytes.length);
  return Math.min(3, min);
}

const modules = new Map<string, WebAssembly.Module | null>();

/**
 * The scan function for fingerprints of `m` bytes and a cap: scan(start, end) -> literals found.
 * null when this runtime compiles neither form (no SIMD): callers then search with memmem.
 */
function moduleFor(m: number, cap: number, first: boolean, caseless: boolean): WebAssembly.Module | null {
  const key = `${m}/${cap}/${first}/${caseless}`;
  let mod = modules.get(key);
  if (mod !== undefined) return mod;
  mod = null;
  for (const swizzle of [simd.i8x16_relaxed_swizzle, simd.i8x16_swizzle]) {
    try {
      mod = new WebAssembly.Module(encodeModule(1, [{ name: "scan", params: [I32, I32], results: [I32], locals: LOCALS, body: scanBody(m, cap, swizzle, first, caseless) }]) as BufferSource);
      break;
    } catch {
      /* the next form */
    }
  }
  modules.set(key, mod);
  return mod;
}

// Locals (0, 1: start, end).
const START = 0, END = 1;
const I = 2, MASK = 3, P = 4, BITS = 5, B = 6, E = 7, EEND = 8, EA = 9, CNT = 10, LEN = 11, K = 12, OFF = 13, ACTIVE = 14, REC = 15, FIRST = 16, T = 17, FOUND = 18;
const LO0 = 19, NIB = 25, ACT = 26, C = 27, VT = 28, C2 = 29;
const LOCALS = [...new Array(17).fill(I32), ...new Array(11).fill(V128)];


/**
 * `first`: return at the first occurrence, its position stored at HIT. `caseless`: each data byte
 * is ASCII-lowered before it is compared (the spellings are lower case then): A-Z match a-z,
 * no other byte changes, so a non-ASCII byte never matches an ASCII letter.
 */
function scanBody(m: number, cap: number, swizzle: number, first: boolean, caseless: boolean): Code {
  const c = new Code();
  const load32 = (off: number) => c.mem(op.i32_load, off, 2);
  // --- reset the per-file state: counts, resumption points, buckets.
  c.i32(0).set(E);
  c.block().loop();
  {
    c.get(E).i32(0); load32(INIT + 4); c.raw(op.i32_ge_u).brIf(1);
    c.get(E).i32(ENTRY_SIZE).raw(op.i32_mul).i32(ENTRIES).raw(op.i32_add).set(EA);
    c.get(EA).get(START).get(EA); load32(E_LEAD); c.raw(op.i32_add).mem(op.i32_store, E_NEXT, 2);
    c.get(E).i32(1).raw(op.i32_add).set(E).br(0);
  }
  c.end().end();
  c.i32(0).set(E);
  c.block().loop();
  {
    c.get(E).i32(0); load32(INIT + 8); c.raw(op.i32_ge_u).brIf(1);
    c.get(E).i32(4).raw(op.i32_mul).i32(0).mem(op.i32_store, COUNTS, 2);
    c.get(E).i32(1).raw(op.i32_add).set(E).br(0);
  }
  c.end().end();
  for (let b = 0; b < 8; b++) {
    c.i32(0).i32(0); load32(BUCKETS + b * 16 + 12); c.mem(op.i32_store, BUCKETS + b * 16 + 8, 2);
  }
  c.i32(0); load32(INIT); c.tee(ACTIVE).v(simd.i8x16_splat).set(ACT);
  c.i32(0).set(FOUND);
  // Tables into locals.
  for (let k = 0; k < 2 * m; k++) c.i32(0).vmem(simd.v128_load, TAB + 16 * k, 4).set(LO0 + k);
  c.i32(15).v(simd.i8x16_splat).set(NIB);
  c.get(START).set(I);
  // --- the main loop: 32 positions per round.
  c.block().loop(); // depth: 0 loop, 1 block (exit)
  {
    c.get(I).get(END).raw(op.i32_ge_u).brIf(1);
    // Candidates at i + at: lanes whose bucket bits survive all m lookups (and are active).
    // Measured over 196 MB of Linux sources under BBQ (OMG off, as the binary runs): 32 bytes a
    // round, the high nibble by a 16-bit shift and relaxed_swizzle (pshufb: the indices are
    // nibbles, so its out-of-range rule never applies) took it from 1.9-3.7 to 5.6-7.9 GB/s.
    const candidates = (at: number) => {
      for (let k = 0; k < m; k++) {
        c.get(I).vmem(simd.v128_load, at + k, 0).set(VT);
        c.get(LO0 + 2 * k).get(VT).get(NIB).v(simd.v128_and).v(swizzle);
        c.get(LO0 + 2 * k + 1).get(VT).i32(4).v(simd.i16x8_shr_u).get(NIB).v(simd.v128_and).v(swizzle);
        c.v(simd.v128_and);
        if (k > 0) c.v(simd.v128_and);
      }
      c.get(ACT).v(simd.v128_and);
    };
    const zeroLanes = (local: number) => c.get(local).i32(0).v(simd.i8x16_splat).v(simd.i8x16_eq).v(simd.i8x16_bitmask);
    candidates(0);
    c.set(C);
    candidates(16);
    c.tee(C2).get(C).v(simd.v128_or).v(simd.v128_any_true).if();
    c.i32(0).get(C).vmem(simd.v128_store, SCR, 4);
    c.i32(0).get(C2).vmem(simd.v128_store, SCR + 16, 4);
    zeroLanes(C); zeroLanes(C2); c.i32(16).raw(op.i32_shl).raw(op.i32_or).i32(-1).raw(op.i32_xor).set(MASK);
    {
      // depth: 0 if, 1 loop, 2 block
      c.block().loop(); // candidates: depth 0 loop, 1 block, 2 if, 3 main loop, 4 main block
      {
        c.get(MASK).raw(op.i32_eqz).brIf(1);
        c.get(MASK).raw(op.i32_ctz).tee(T).get(I).raw(op.i32_add).tee(P).get(END).raw(op.i32_ge_u).brIf(1);
        c.get(MASK).get(MASK).i32(1).raw(op.i32_sub).raw(op.i32_and).set(MASK);
        c.get(T).mem(op.i32_load8_u, SCR, 0).set(BITS);
        c.block().loop(); // buckets: depth 0 loop, 1 block, 2 cand loop, 3 cand block, 4 if, 5 main loop, 6 main block
        {
          c.get(BITS).raw(op.i32_eqz).brIf(1);
          c.get(BITS).raw(op.i32_ctz).set(B);
          c.get(BITS).get(BITS).i32(1).raw(op.i32_sub).raw(op.i32_and).set(BITS);
          c.get(B).i32(4).raw(op.i32_shl).i32(BUCKETS).raw(op.i32_add).tee(REC);
          load32(0); c.tee(E);
          c.get(REC); load32(4); c.raw(op.i32_add).set(EEND);
          c.block().loop(); // entries: depth 0 loop, 1 block, 2 bucket loop, ...
          {
            c.get(E).get(EEND).raw(op.i32_ge_u).brIf(1);
            c.get(E).i32(ENTRY_SIZE).raw(op.i32_mul).i32(ENTRIES).raw(op.i32_add).set(EA);
            c.get(E).i32(1).raw(op.i32_add).set(E);
            c.block(); // skip: depth 0 block, 1 entries loop
            {
              // The literal at its cap, a hit overlapping the previous, or one past the end: skip.
              c.get(EA); load32(E_LIT); c.i32(2).raw(op.i32_shl); load32(COUNTS); c.tee(CNT).i32(cap).raw(op.i32_ge_u).brIf(0);
              c.get(P).get(EA); load32(E_NEXT); c.raw(op.i32_lt_u).brIf(0);
              c.get(EA); load32(E_LEN); c.tee(LEN).get(P).raw(op.i32_add).get(END).raw(op.i32_gt_u).brIf(0);
              c.get(EA); load32(E_OFF); c.set(OFF);
              c.i32(0).set(K);
              c.block().loop(); // compare: depth 0 loop, 1 block, 2 skip
              {
                c.get(K).get(LEN).raw(op.i32_ge_u).brIf(1);
                c.get(P).get(K).raw(op.i32_add).mem(op.i32_load8_u, 0, 0);
                // ASCII lower case: | 0x20 when the byte is A-Z (T is free while comparing).
                if (caseless) c.tee(T).get(T).i32(65).raw(op.i32_sub).i32(26).raw(op.i32_lt_u).i32(5).raw(op.i32_shl).raw(op.i32_or);
                c.get(OFF).get(K).raw(op.i32_add).mem(op.i32_load8_u, 0, 0);
                c.raw(op.i32_ne).brIf(2);
                c.get(K).i32(1).raw(op.i32_add).set(K).br(0);
              }
              c.end().end();
              // A hit: memmem resumes after it whether or not the letter before qualifies.
              c.get(EA).get(P).get(LEN).raw(op.i32_add).mem(op.i32_store, E_NEXT, 2);
              c.get(EA); load32(E_FIRST); c.tee(FIRST);
              c.if();
              {
                c.get(P).i32(1).raw(op.i32_sub).mem(op.i32_load8_u, 0, 0).tee(T);
                c.get(FIRST).i32(0xff).raw(op.i32_and).raw(op.i32_ne);
                c.get(T).get(FIRST).i32(8).raw(op.i32_shr_u).raw(op.i32_ne);
                c.raw(op.i32_and).brIf(1); // neither letter: not an occurrence (depth: 0 if, 1 skip)
              }
              c.end();
              c.get(CNT).raw(op.i32_eqz).if();
              c.get(FOUND).i32(1).raw(op.i32_add).set(FOUND);
              c.end();
              c.get(EA); load32(E_LIT); c.i32(2).raw(op.i32_shl).get(CNT).i32(1).raw(op.i32_add).tee(CNT).mem(op.i32_store, COUNTS, 2);
              if (first) c.i32(0).get(P).mem(op.i32_store, HIT, 2).get(FOUND).raw(op.return); // "does any occur": the first settles it
              c.get(CNT).i32(cap).raw(op.i32_eq).if();
              {
                // The literal is done: its bucket leaves the filter when all of its literals are.
                c.get(REC).get(REC); load32(8); c.i32(1).raw(op.i32_sub).tee(T).mem(op.i32_store, 8, 2);
                c.get(T).raw(op.i32_eqz).if();
                {
                  c.get(ACTIVE).i32(1).get(B).raw(op.i32_shl).i32(-1).raw(op.i32_xor).raw(op.i32_and).tee(ACTIVE);
                  c.raw(op.i32_eqz).if().get(FOUND).raw(op.return).end();
                  c.get(ACTIVE).v(simd.i8x16_splat).set(ACT);
                  // This candidate's other buckets may be done too: drop them from its bits.
                  c.get(BITS).get(ACTIVE).raw(op.i32_and).set(BITS);
                }
                c.end();
              }
              c.end();
            }
            c.end();
            c.br(0);
          }
          c.end().end();
          c.br(0);
        }
        c.end().end();
        c.br(0);
      }
      c.end().end();
    }
    c.end();
    c.get(I).i32(32).raw(op.i32_add).set(I).br(0);
  }
  c.end().end();
  c.get(FOUND);
  return c;
}

/**
 * A scanner for a fixed set of literals, over its own memory: `data(n)` gives a buffer of at least
 * n bytes (valid until the next call: growing the memory detaches the last one), `scan(start, end)`
 * counts over data[start, end) and returns how many literals occur; `counts[i]` is then literal
 * i's count (at most the cap).
 */
export interface LiteralScanner {
  data(n: number): Buffer;
  scan(start: number, end: number): number;
  counts: Int32Array;
  /** After a `first` scanner's scan found one: where that spelling occurs in data. */
  hit(): number;
}

/**
 * undefined when the set does not fit the scanner (too many literals or spellings, a spelling too
 * short or too long). `caseless`: ASCII letters match in either case (the spellings are lowered).
 */
export function literalScanner(lits: ScanLiteral[], cap: number, first = false, caseless = false): LiteralScanner | undefined {
  if (!(cap >= 1 && cap < 1 << 30)) return undefined;
  if (lits.length === 0 || lits.length > MAX_LITERALS) return undefined;
  const spellings = lits.reduce((n, l) => n + l.length, 0);
  const room = lits.reduce((n, l) => n + l.reduce((k, s) => k + s.bytes.length, 0), 0);
  if (spellings > MAX_ENTRIES || room > NEEDLE_ROOM) return undefined;
  const m = fingerprint(lits);
  if (m < 1) return undefined;
  const mod = moduleFor(m, cap, first, caseless);
  if (!mod) return undefined;
  // 1 MiB of data to start with, as the read layer's shared buffer (few files are bigger).
  const memory = new WebAssembly.Memory({ initial: 1 + 17 });
  const inst = new WebAssembly.Instance(mod, { m: { m: memory } });
  const scanFn = inst.exports.scan as (s: number, e: number) => number;
  let u8 = new Uint8Array(memory.buffer);
  let dv = new DataView(memory.buffer);
  // Buckets: literal i in bucket i % 8; its spellings' first m bytes set the bucket's bit.
  const byBucket: number[][] = [[], [], [], [], [], [], [], []];
  lits.forEach((_, i) => byBucket[i % 8]!.push(i));
  let entry = 0;
  let needle = NEEDLES;
  let active = 0;
  for (let b = 0; b < 8; b++) {
    dv.setInt32(BUCKETS + b * 16, entry, true);
    for (const i of byBucket[b]!) {
      for (const s0 of lits[i]!) {
        const s = caseless ? { ...s0, bytes: s0.bytes.map(asciiLower) } : s0;
        for (let k = 0; k < m; k++) {
          const x = s.bytes[k]!;
          // Caseless: both cases of a letter set the bucket's bit (the nibbles are looked up apart,
          // so a mix of the two is a candidate too, settled by the comparison).
          for (const y of caseless && x >= 97 && x <= 122 ? [x, x - 32] : [x]) {
            u8[TAB + 32 * k + (y & 15)]! |= 1 << b;
            u8[TAB + 32 * k + 16 + (y >> 4)]! |= 1 << b;
          }
        }
        const ea = ENTRIES + entry * ENTRY_SIZE;
        u8.set(s.bytes, needle);
        dv.setInt32(ea + E_OFF, needle, true);
        dv.setInt32(ea + E_LEN, s.bytes.length, true);
        dv.setInt32(ea + E_FIRST, s.lead ? (s.first[0]! | ((s.first[1] ?? s.first[0]!) << 8)) : 0, true);
        dv.setInt32(ea + E_LIT, i, true);
        dv.setInt32(ea + E_LEAD, s.lead, true);
        needle += s.bytes.length;
        entry++;
      }
    }
    dv.setInt32(BUCKETS + b * 16 + 4, entry - dv.getInt32(BUCKETS + b * 16, true), true);
    dv.setInt32(BUCKETS + b * 16 + 12, byBucket[b]!.length, true);
    if (byBucket[b]!.length) active |= 1 << b;
  }
  dv.setInt32(INIT, active, true);
  dv.setInt32(INIT + 4, entry, true);
  dv.setInt32(INIT + 8, lits.length, true);
  let counts = new Int32Array(memory.buffer, COUNTS, lits.length);
  // The view stops SLACK bytes short of the memory's end: the filter's loads past `end` stay inside.
  const viewOf = () => Buffer.from(memory.buffer, DATA, memory.buffer.byteLength - DATA - SLACK);
  let view = viewOf();
  const scanner: LiteralScanner = {
    data(n) {
      const need = DATA + n + SLACK;
      if (need > memory.buffer.byteLength) {
        memory.grow(Math.ceil((need - memory.buffer.byteLength) / 65536));
        u8 = new Uint8Array(memory.buffer);
        dv = new DataView(memory.buffer);
        scanner.counts = counts = new Int32Array(memory.buffer, COUNTS, lits.length);
        view = viewOf();
      }
      return view;
    },
    scan: (start, end) => scanFn(DATA + start, DATA + end),
    counts,
    hit: () => dv.getInt32(HIT, true) - DATA,
  };
  return scanner;
}

const asciiLower = (x: number) => (x >= 65 && x <= 90 ? x + 32 : x);

/**
 * "Does buf[start, end) hold any of these byte strings": one pass for all of them (the range is
 * copied into the scanner's memory), where memmem per string makes one pass each. undefined when
 * the scanner cannot take the set.
 */
export function anyLiteral(needles: Uint8Array[]): ((buf: Buffer, start: number, end: number) => boolean) | undefined {
  const sc = literalScanner(needles.map((bytes) => [{ bytes, lead: 0, first: [] }]), 1, true);
  if (!sc) return undefined;
  return (buf, start, end) => {
    if (end <= start) return false;
    buf.copy(sc.data(end - start), 0, start, end);
    return sc.scan(0, end - start) > 0;
  };
}

/**
 * caselessLocator (shared.ts) in one pass of the scanner: `locate(buf, start, end)` gives
 * `next(from)`, the start of the first ASCII-caseless occurrence of a fragment at or after
 * `from`, or -1. `data()` is a buffer to read a file into: a range of it is scanned in place,
 * any other buffer's range is copied in first. undefined when the scanner cannot take the set.
 */
export interface CaselessScan {
  data(): Buffer;
  locate(buf: Buffer, start: number, end: number): (from: number) => number;
}

export function caselessScan(frags: string[]): CaselessScan | undefined {
  const sc = literalScanner(frags.map((f) => [{ bytes: Buffer.from(f, "latin1"), lead: 0, first: [] }]), 1, true, true);
  if (!sc) return undefined;
  return {
    data: () => sc.data(0),
    locate(buf, start, end) {
      // Data index = buf index - off: 0 when buf is the scanner's own view (read there).
      let off = 0;
      if (buf !== sc.data(0)) {
        if (end > start) buf.copy(sc.data(end - start), 0, start, end);
        off = start;
      }
      return (from) => {
        if (from < start) from = start;
        if (from >= end) return -1;
        return sc.scan(from - off, end - off) > 0 ? sc.hit() + off : -1;
      };
    },
  };
}
