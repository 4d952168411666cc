/**
 * A minimal WebAssembly encoder: enough to emit one module of hand-written functions (no wasm
 * toolchain is part of the build; the scanner in literal-scan.ts writes its code with this).
 * Opcodes are the MVP's and the fixed-width SIMD proposal's, named as in the text format.
 */

/** Value types. */
export const I32 = 0x7f;
export const V128 = 0x7b;
/** Block type of a block that yields nothing. */
export const VOID = 0x40;

/** One-byte opcodes (MVP). */
export const op = {
  unreachable: 0x00,
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  br_if: 0x0d,
  return: 0x0f,
  drop: 0x1a,
  select: 0x1b,
  local_get: 0x20,
  local_set: 0x21,
  local_tee: 0x22,
  i32_load: 0x28,
  i32_load8_u: 0x2d,
  i32_load16_u: 0x2f,
  i32_store: 0x36,
  i32_store8: 0x3a,
  memory_size: 0x3f,
  i32_const: 0x41,
  i32_eqz: 0x45,
  i32_eq: 0x46,
  i32_ne: 0x47,
  i32_lt_s: 0x48,
  i32_lt_u: 0x49,
  i32_gt_u: 0x4b,
  i32_le_u: 0x4d,
  i32_ge_u: 0x4f,
  i32_ctz: 0x68,
  i32_add: 0x6a,
  i32_sub: 0x6b,
  i32_mul: 0x6c,
  i32_and: 0x71,
  i32_or: 0x72,
  i32_xor: 0x73,
  i32_shl: 0x74,
  i32_shr_u: 0x76,
} as const;

/** SIMD opcodes (after the 0xfd prefix). */
export const simd = {
  v128_load: 0x00,
  v128_store: 0x0b,
  v128_const: 0x0c,
  i8x16_swizzle: 0x0e,
  i8x16_splat: 0x0f,
  i8x16_eq: 0x23,
  v128_not: 0x4d,
  v128_and: 0x4e,
  v128_or: 0x50,
  v128_any_true: 0x53,
  i8x16_bitmask: 0x64,
  i8x16_shr_u: 0x6d,
  i16x8_shr_u: 0x8d,
  /** Relaxed SIMD: pshufb on x86 (lanes of indices past 15 are left to the platform). */
  i8x16_relaxed_swizzle: 0x100,
} as const;

export function uleb(n: number, out: number[]): void {
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
}

export function sleb(n: number, out: number[]): void {
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return;
    }
    out.push(b | 0x80);
  }
}

/** A function body under construction: `c.i32(5).get(0).add()`-style helpers over raw bytes. */
export class Code {
  readonly bytes: number[] = [];
  raw(...b: number[]): this {
    this.bytes.push(...b);
    return this;
  }
  i32(n: number): this {
    this.bytes.push(op.i32_const);
    sleb(n | 0, this.bytes);
    return this;
  }
  get(l: number): this {
    this.bytes.push(op.local_get);
    uleb(l, this.bytes);
    return this;
  }
  set(l: number): this {
    this.bytes.push(op.local_set);
    uleb(l, this.bytes);
    return this;
  }
  tee(l: number): this {
    this.bytes.push(op.local_tee);
    uleb(l, this.bytes);
    return this;
  }
  /** A load or store with its memarg (alignment as log2, constant offset). */
  mem(opcode: number, offset = 0, align = 0): this {
    this.bytes.push(opcode);
    uleb(align, this.bytes);
    uleb(offset, this.bytes);
    return this;
  }
  v(simdop: number): this {
    this.bytes.push(0xfd);
    uleb(simdop, this.bytes);
    return this;
  }
  vmem(simdop: number, offset = 0, align = 0): this {
    this.v(simdop);
    uleb(align, this.bytes);
    uleb(offset, this.bytes);
    return this;
  }
  /** Branch to the label `depth` blocks out (0: the innermost). */
  br(depth: number): this {
    this.bytes.push(op.br);
    uleb(depth, this.bytes);
    return this;
  }
  brIf(depth: number): this {
    this.bytes.push(op.br_if);
    uleb(depth, this.bytes);
    return this;
  }
  block(type: number = VOID): this {
    this.bytes.push(op.block, type);
    return this;
  }
  loop(type: number = VOID): this {
    this.bytes.push(op.loop, type);
    return this;
  }
  if(type: number = VOID): this {
    this.bytes.push(op.if, type);
    return this;
  }
  end(): this {
    this.bytes.push(op.end);
    return this;
  }
}

export interface Func {
  name: string;
  params: number[];
  results: number[];
  /** Local types after the parameters, one entry per local. */
  locals: number[];
  body: Code;
}

function name(s: string, out: number[]): void {
  const b = Buffer.from(s, "utf8");
  uleb(b.length, out);
  out.push(...b);
}

function section(id: number, content: number[], out: number[]): void {
  out.push(id);
  uleb(content.length, out);
  out.push(...content);
}

/** A module importing its memory as ("m", "m") (at least `minPages` 64 KiB pages) and exporting `funcs`. */
export function encodeModule(minPages: number, funcs: Func[]): Uint8Array {
  const out = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  const types: number[] = [];
  uleb(funcs.length, types);
  for (const f of funcs) {
    types.push(0x60);
    uleb(f.params.length, types);
    types.push(...f.params);
    uleb(f.results.length, types);
    types.push(...f.results);
  }
  section(1, types, out);
  const imports: number[] = [1];
  name("m", imports);
  name("m", imports);
  imports.push(0x02, 0x00);
  uleb(minPages, imports);
  section(2, imports, out);
  const fsec: number[] = [];
  uleb(funcs.length, fsec);
  funcs.forEach((_, i) => uleb(i, fsec));
  section(3, fsec, out);
  const exps: number[] = [];
  uleb(funcs.length, exps);
  funcs.forEach((f, i) => {
    name(f.name, exps);
    exps.push(0x00);
    uleb(i, exps);
  });
  section(7, exps, out);
  const code: number[] = [];
  uleb(funcs.length, code);
  for (const f of funcs) {
    const body: number[] = [];
    // Runs of equal types, as the format groups locals.
    const groups: Array<[number, number]> = [];
    for (const t of f.locals) {
      const g = groups[groups.length - 1];
      if (g && g[1] === t) g[0]++;
      else groups.push([1, t]);
    }
    uleb(groups.length, body);
    for (const [n, t] of groups) {
      uleb(n, body);
      body.push(t);
    }
    body.push(...f.body.bytes, op.end);
    uleb(body.length, code);
    code.push(...body);
  }
  section(10, code, out);
  return Uint8Array.from(out);
}
