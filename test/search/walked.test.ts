import { test, expect } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { search, type Walked } from "../../src/search/index.ts";
import { tree } from "../helpers.ts";

const opts = (root: string) => ({ root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] }) as any;
const paths = (r: Awaited<ReturnType<typeof search>>) => r.files.map((f) => f.entry.display);

test("a second search given an earlier walk searches those files without walking again", async () => {
  const root = tree({ "a.c": "alpha beta\n", "sub/b.c": "beta\n" });
  const walked: Walked = { capture: [] };
  const first = await search(opts(root), { pattern: "alpha", regex: false, ignoreCase: false, wordRegexp: false } as any, { walked });
  expect(paths(first)).toEqual(["a.c"]);
  expect(walked.files!.map((f) => f.display).sort()).toEqual(["a.c", "sub/b.c"]);
  // A file created after the walk is not seen: the second search did not walk.
  writeFileSync(join(root, "late.c"), "beta\n");
  const second = await search(opts(root), { pattern: "beta", regex: false, ignoreCase: false, wordRegexp: false } as any, { walked });
  expect(paths(second)).toEqual(["a.c", "sub/b.c"]);
  expect(second.stats.ignored).toBe(first.stats.ignored);
  const fresh = await search(opts(root), { pattern: "beta", regex: false, ignoreCase: false, wordRegexp: false } as any);
  expect(paths(fresh)).toEqual(["a.c", "late.c", "sub/b.c"]);
});
