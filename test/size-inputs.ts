/**
 * Generated files of hostile size and shape, shared by the size tests (test/cli/size.test.ts)
 * and the size benchmark (bench/size.sh): a single-line minified JS bundle, one-line JSON, a
 * generated C header of #defines and a plain log. Deterministic: the same arguments give the
 * same bytes, so a failure reproduces.
 *
 *   bun test/size-inputs.ts DIR    # writes the benchmark's files into DIR
 */
import { mkdirSync, openSync, writeSync, closeSync } from "node:fs";
import { join } from "node:path";

/** A small deterministic PRNG (mulberry32), so generated files do not depend on Math.random. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One chunk of minified bundle code with the shapes minifiers emit: function declarations and
 * expressions, object literals of methods, arrow functions, classes with methods, nested
 * closures, string and regex literals. About 600 bytes and 10 symbols per chunk, denser in
 * symbols than real bundles (jquery.min.js: one symbol per ~200 bytes).
 */
function minChunk(i: number, r: () => number): string {
  const n = i.toString(36) + "$"; // `$` keeps names off keywords (`do`, `in`)
  const k = Math.floor(r() * 1000);
  return (
    `var a${n}=function(e,t){var n=e.length,r=[];for(var i=0;i<n;i++)r.push(t(e[i],i));return r},` +
    `b${n}={get:function(e){return this.c[e]},set:function(e,t){return this.c[e]=t,this},` +
    `each:(e,t)=>{for(const n in e)t(n,e[n])},size:${k}};` +
    `function c${n}(e){if(!e)throw new Error("bad value "+e+" at ${k}");` +
    `return typeof e=="string"?e.split(/[,;]\\s*/g):e}` +
    `class d${n} extends Object{constructor(e){super(),this.x=e}m(e){return this.x*e+${k}}` +
    `static of(e){return new d${n}(e)}}` +
    `const e${n}=(e,t=${k})=>e.map(n=>n+t).filter(Boolean),` +
    `f${n}=function g${n}(e){return e<2?e:g${n}(e-1)+g${n}(e-2)};` +
    `exports.h${n}=function(e){return a${n}(e,function(t){return c${n}(t)})};`
  );
}

/** A single-line minified bundle of at most `bytes` bytes: `!function(){...}();` plus a newline. */
export function minifiedJs(bytes: number, seed = 1): string {
  const r = rng(seed);
  const parts: string[] = ["!function(){\"use strict\";"];
  let len = parts[0]!.length;
  for (let i = 0; ; i++) {
    const c = minChunk(i, r);
    if (len + c.length + 5 > bytes) break;
    parts.push(c);
    len += c.length;
  }
  parts.push("}();\n");
  return parts.join("");
}

/** One-line JSON of at most `bytes` bytes: a top-level object whose keys hold arrays of records. */
export function oneLineJson(bytes: number, seed = 2): string {
  const r = rng(seed);
  const parts: string[] = [];
  let len = 2;
  for (let i = 0; ; i++) {
    const recs: string[] = [];
    for (let j = 0; j < 20; j++) recs.push(`{"id":${i * 20 + j},"name":"item-${Math.floor(r() * 1e6)}","tags":["a","b"],"ok":${r() < 0.5}}`);
    const p = `"key${i}":[${recs.join(",")}]`;
    if (len + p.length + 1 > bytes) break;
    parts.push(p);
    len += p.length + 1;
  }
  return `{${parts.join(",")}}`;
}

/** A generated C header (at most `bytes` bytes) of register #defines, like Linux's amdgpu asic_reg headers. */
export function generatedHeader(bytes: number, seed = 3): string {
  const r = rng(seed);
  const lines: string[] = ["#ifndef _GEN_REG_H_", "#define _GEN_REG_H_", ""];
  let len = 49; // the guard lines above and below
  for (let i = 0; ; i++) {
    const l = `#define mmREG_${i.toString(16).toUpperCase()}__FIELD_${Math.floor(r() * 1e4)}_MASK 0x${Math.floor(r() * 0xffffffff).toString(16).padStart(8, "0")}L`;
    if (len + l.length + 1 > bytes) break;
    lines.push(l);
    len += l.length + 1;
  }
  lines.push("#endif", "");
  return lines.join("\n");
}

/**
 * Writes a plain-text log of about `bytes` bytes to `path` in 1 MB pieces (never held whole).
 * Every 1000th line is an ERROR line naming `needle-<n>`; the rest are INFO lines.
 */
export function writeLog(path: string, bytes: number, seed = 4): { lines: number; errors: number } {
  const r = rng(seed);
  const fd = openSync(path, "w");
  let written = 0;
  let lines = 0;
  let errors = 0;
  try {
    while (written < bytes) {
      const piece: string[] = [];
      let plen = 0;
      while (plen < 1 << 20 && written + plen < bytes) {
        const err = lines % 1000 === 999;
        const l = err
          ? `2024-01-01T00:00:${String(lines % 60).padStart(2, "0")}Z ERROR worker-${lines % 7} failed needle-${errors} after ${Math.floor(r() * 1000)} ms`
          : `2024-01-01T00:00:${String(lines % 60).padStart(2, "0")}Z INFO worker-${lines % 7} handled request ${Math.floor(r() * 1e9)} in ${Math.floor(r() * 100)} ms`;
        if (err) errors++;
        piece.push(l);
        plen += l.length + 1;
        lines++;
      }
      const s = piece.join("\n") + "\n";
      writeSync(fd, s);
      written += Buffer.byteLength(s);
    }
  } finally {
    closeSync(fd);
  }
  return { lines, errors };
}

/** The benchmark's files (bench/size.sh): sizes of the examples and the 16 MB limit. */
export function writeBenchInputs(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const w = (name: string, text: string) => {
    const fd = openSync(join(dir, name), "w");
    writeSync(fd, text);
    closeSync(fd);
  };
  w("min-1mb.js", minifiedJs(1 << 20));
  w("min-12mb.js", minifiedJs(12 << 20));
  w("min-16mb.js", minifiedJs(16 << 20));
  w("one-line-16mb.json", oneLineJson(16 << 20));
  w("gen-16mb.h", generatedHeader(16 << 20));
  writeLog(join(dir, "app-100mb.log"), 100 << 20);
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: bun test/size-inputs.ts DIR");
    process.exit(2);
  }
  writeBenchInputs(dir);
}
