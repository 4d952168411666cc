// The literal-presence search find uses for whole-tree content evidence (search's `mask` option).
import { test, expect, setDefaultTimeout } from "bun:test";
import { search } from "../../src/search/index.ts";
import { tree } from "../helpers.ts";

setDefaultTimeout(60_000);

const walkOpts = (root: string) => ({ root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] });
const lits = ["page", "reclai"];
const match = { pattern: lits.join("\n"), regex: false, ignoreCase: true, wordRegexp: false };

test("mask: which literals each file holds, as written, Capitalised or UPPER; binary files skipped", async () => {
  const root = tree({
    "a.c": "struct page *p; // PAGE_SIZE\n",
    "b.c": "int shrinkPageList(void) { return reclaimable(); }\n",
    "c.c": "int RECLAIM_NOW;\n",
    "d.c": "nothing here\n",
    "e.bin": Buffer.from("page\0reclaim"),
  });
  const r = await search(walkOpts(root), match, { mask: lits });
  expect(r.files.map((f) => [f.entry.display, f.mask])).toEqual([["a.c", 0b01], ["b.c", 0b11], ["c.c", 0b10]]);
  expect(r.files[0]!.bytes).toBe(29);
  expect(r.files.map((f) => f.counts)).toEqual([[2, 0], [1, 1], [0, 1]]);
  expect(r.stats.searched).toBe(4);
  expect(r.stats.binary).toBe(1);
});

test("mask: the worker pool gives the same answer as the inline search", async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 300; i++) files[`d${i % 7}/f${i}.c`] = i % 3 === 0 ? "page\n" : i % 3 === 1 ? "Reclaim\n" : "x\n";
  const root = tree(files);
  const inline = await search(walkOpts(root), match, { mask: lits, threads: 1 });
  const prev = process.env.AGENTGREP_THREADS;
  process.env.AGENTGREP_THREADS = "2";
  try {
    const pooled = await search(walkOpts(root), match, { mask: lits, threads: 2 });
    // Counts and lengths too: pooled outcomes travel packed (search/packed.ts).
    const view = (r: typeof inline) => r.files.map((f) => [f.entry.display, f.mask, f.counts, f.bytes]);
    expect(view(pooled)).toEqual(view(inline));
    expect(pooled.files.length).toBe(200);
  } finally {
    if (prev === undefined) delete process.env.AGENTGREP_THREADS;
    else process.env.AGENTGREP_THREADS = prev;
  }
  expect(inline.files.length).toBe(200);
});
