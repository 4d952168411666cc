/**
 * The indexes that keep trace linear in a file's symbols and regions: enclosing() (a segment tree
 * over symbol ranges) and dropNested() (kept regions by buckets of lines) give what a scan of
 * every symbol and every kept region gives, on random ranges nested or not.
 */
import { test, expect, describe } from "bun:test";
import { enclosing } from "../../src/investigate/regions.ts";
import { dropNested, type TraceRegion } from "../../src/investigate/region-score.ts";
import type { Symbol } from "../../src/structure/types.ts";

function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) % n);
}

function enclosingByScan(symbols: Symbol[], line: number): number[] {
  const chain: number[] = [];
  for (let i = 0; i < symbols.length; i++) if (symbols[i]!.startLine <= line && line <= symbols[i]!.endLine) chain.push(i);
  return chain.sort((a, b) => symbols[a]!.depth - symbols[b]!.depth || symbols[a]!.startLine - symbols[b]!.startLine);
}

function dropNestedByScan(regions: TraceRegion[]): TraceRegion[] {
  const kept: TraceRegion[] = [];
  for (let r of regions) {
    if (kept.some((k) => k.start <= r.start && r.end <= k.end && k.end - k.start < 200)) continue;
    for (const k of kept) {
      if (k.end - k.start >= 200 || r.excerptOf || r.body) continue;
      if (k.start <= r.start && r.start <= k.end && r.end > k.end) r = { ...r, start: k.end + 1 };
      else if (r.start < k.start && k.start <= r.end && r.end <= k.end) r = { ...r, end: k.start - 1 };
    }
    const ev = r.evidence.filter((l) => l >= r.start && l <= r.end);
    if (!ev.length) continue;
    if (ev.length < r.evidence.length) r = { ...r, evidence: ev };
    kept.push(r);
  }
  return kept;
}

describe("enclosing", () => {
  test("the same chains as a scan of every symbol, for 2,000 random symbols (some overlapping, some empty)", () => {
    const rand = rng(7);
    const symbols: Symbol[] = [];
    for (let i = 0; i < 2000; i++) {
      const start = 1 + rand(5000);
      const len = rand(10) === 0 ? rand(3000) : rand(30);
      symbols.push({ kind: "function", name: `f${i}`, label: `f${i}`, startLine: start, endLine: rand(50) === 0 ? start - 1 : start + len, depth: rand(4), parent: null } as unknown as Symbol);
    }
    for (let line = 0; line <= 8100; line += 3) expect(enclosing(symbols, line)).toEqual(enclosingByScan(symbols, line));
  });
});

describe("dropNested", () => {
  test("the same regions as a scan of every kept region, for 3,000 random regions", () => {
    const rand = rng(11);
    const regions: TraceRegion[] = [];
    for (let i = 0; i < 3000; i++) {
      const start = 1 + rand(4000);
      const end = start + (rand(8) === 0 ? rand(600) : rand(12));
      const evidence = Array.from({ length: 1 + rand(3) }, () => start + rand(end - start + 1));
      regions.push({
        label: `r${i}`, start, end, kind: "call site", score: 100 - rand(100), why: [], evidence, quality: 1,
        ...(rand(10) === 0 ? { body: { start, end } } : {}),
        ...(rand(10) === 0 ? { excerptOf: { label: "T", start, end } } : {}),
      } as unknown as TraceRegion);
    }
    regions.sort((a, b) => b.score - a.score || a.start - b.start);
    expect(dropNested(regions)).toEqual(dropNestedByScan(regions));
  });
});
