/**
 * The search worker's split batch (search/index.ts Split): files claimed one by one from the
 * end of the list against a count shared with the main thread, which claims from the start.
 */
import { test, expect, setDefaultTimeout } from "bun:test";
import { join } from "node:path";
import { compileSpec } from "../../src/match/index.ts";
import { tree } from "../helpers.ts";

setDefaultTimeout(60_000);

function runBatch(opens: string[], claimed: number): Promise<any> {
  const w = new Worker(new URL("../../src/search/worker.ts", import.meta.url).href);
  const claims = new Int32Array(new SharedArrayBuffer(4));
  claims[0] = claimed; // as if the main thread had taken that many from the start
  return new Promise((resolve, reject) => {
    w.onmessage = (ev) => {
      w.terminate();
      resolve({ ...ev.data, claims: claims[0] });
    };
    w.onerror = (e) => reject(e);
    w.postMessage({ type: "init", spec: compileSpec({ pattern: "hit", regex: false, ignoreCase: false, wordRegexp: false }), mode: "full", reportNoMatch: true });
    w.postMessage({ type: "batch", id: 0, opens, sizes: opens.map(() => null), claims });
  });
}

test("a split batch searches exactly the files not claimed yet, from the end", async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 10; i++) files[`f${i}.txt`] = i % 2 ? "miss\n" : `hit ${i}\n`;
  const root = tree(files);
  const opens = Object.keys(files).map((f) => join(root, f));
  const seenBy = (m: any) => (m.hits as Array<[number, any]>).map(([i]) => i).sort((a, b) => a - b);
  // The main thread took 4: the worker takes the other 6 (indices 4..9), matches and misses alike.
  const part = await runBatch(opens, 4);
  expect(seenBy(part)).toEqual([4, 5, 6, 7, 8, 9]);
  expect(part.hits.find(([i]: [number]) => i === 6)[1].matches.map((m: any) => m.text)).toEqual(["hit 6"]);
  expect(part.claims).toBeGreaterThanOrEqual(10); // every file claimed: none is left for the main thread
  // Everything already taken: the worker searches nothing.
  expect(seenBy(await runBatch(opens, 10))).toEqual([]);
  // Nothing taken: it searches them all.
  expect(seenBy(await runBatch(opens, 0))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});
