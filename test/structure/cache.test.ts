// structure/cache.ts: reuse of extracted structures in a long-lived process (the MCP server).
import { afterEach, expect, test } from "bun:test";
import { extractAs, needsTree, reparse } from "../../src/structure/index.ts";
import { enableStructureCache, structureCacheStats } from "../../src/structure/cache.ts";

const PY = (n: number) => `def f${n}():\n    return ${n}\n`;
afterEach(() => enableStructureCache(0));

test("off by default: every call extracts afresh", async () => {
  const a = await extractAs("python", PY(1));
  const b = await extractAs("python", PY(1));
  expect(a).not.toBe(b);
  expect(a.symbols).toEqual(b.symbols);
  expect(structureCacheStats().entries).toBe(0);
});

test("on: the same text is served from the cache; other text, or another language, is parsed", async () => {
  enableStructureCache(1 << 20);
  await extractAs("python", PY(1));
  const a = await extractAs("python", PY(1)); // the cached copy (the first caller got the parse itself)
  expect(await extractAs("python", PY(1))).toBe(a);
  const edited = await extractAs("python", PY(1).replace("f1", "g1"));
  expect(edited.symbols[0]!.name).toBe("g1");
  expect(await extractAs("ruby", PY(1))).not.toBe(a);
});

test("bounded by the characters held; least recently used out first; huge texts not kept", async () => {
  const len = PY(10).length;
  enableStructureCache(len * 4);
  await extractAs("python", PY(10));
  const first = await extractAs("python", PY(10));
  await extractAs("python", PY(11));
  await extractAs("python", PY(12));
  expect(await extractAs("python", PY(10))).toBe(first); // now the most recent
  await extractAs("python", PY(13));
  await extractAs("python", PY(14)); // over the bound: PY(11) goes
  const s = structureCacheStats();
  expect(s.chars).toBeLessThanOrEqual(len * 4);
  expect(await extractAs("python", PY(10))).toBe(first);
  await extractAs("python", "x = 1\n".repeat(len)); // over a quarter of the bound: not kept
  expect(structureCacheStats().chars).toBeLessThanOrEqual(len * 4);
  expect(await extractAs("python", PY(10))).toBe(first);
});

test("kept syntax trees: leased from the cache, usable while leased even after eviction", async () => {
  const len = PY(20).length;
  enableStructureCache(len * 16); // trees: at most an eighth, 2 texts
  const a = await extractAs("python", PY(20), true);
  expect(a.syntax!.root.type).toBe("module");
  const b = await extractAs("python", PY(20), true); // a second lease on the same tree
  expect(b.syntax!.root.text).toBe(a.syntax!.root.text);
  expect(structureCacheStats().trees).toBe(1);
  // Two more kept parses push PY(20)'s tree out while both leases are open: it must stay usable.
  const c = await extractAs("python", PY(21), true);
  const d = await extractAs("python", PY(22), true);
  expect(structureCacheStats().trees).toBe(2);
  expect(a.syntax!.root.descendantCount).toBeGreaterThan(3);
  a.syntax!.release();
  a.syntax!.release(); // idempotent
  expect(b.syntax!.root.type).toBe("module");
  b.syntax!.release(); // last lease: the evicted tree is freed now
  for (const s of [c, d]) s.syntax!.release();
  // Without a tree held, a keep call gets the cached symbols alone (store.ts's roles memo may
  // serve it); reparse gives it a tree of its own.
  const e = await extractAs("python", PY(20), true);
  expect(e.syntax).toBeUndefined();
  expect(needsTree(e, "python", [{ line: 1, spans: [[0, 3]], text: "def" }])).toBe(true);
  const f = await reparse(PY(20), e);
  expect(f.syntax!.root.type).toBe("module");
  expect(f.symbols).toEqual(e.symbols);
  f.syntax!.release();
  // A caller that does not keep gets the cached symbols, never a tree.
  expect((await extractAs("python", PY(21))).syntax).toBeUndefined();
});
