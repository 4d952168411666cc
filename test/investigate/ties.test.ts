import { test, expect } from "bun:test";
import { byScore, type TraceFile } from "../../src/investigate/index.ts";

const file = (path: string, score: number, role = "implementation", best = 50, kind = "call site"): TraceFile => ({
  path, role, language: "c", score, why: [], regionTotal: 1, symbols: [], lines: [],
  regions: [{ label: "f", start: 1, end: 2, kind, score: best, why: [], evidence: [1] }],
});
const order = (fs: TraceFile[]) => [...fs].sort(byScore).map((f) => f.path);

test("equal file scores: the stronger best region first", () => {
  expect(order([file("a.c", 100, undefined, 60), file("b.c", 100, undefined, 90)])).toEqual(["b.c", "a.c"]);
});
test("equal scores and regions: a file that defines the subject before one that calls it", () => {
  expect(order([file("a/x.c", 100, undefined, 90, "call site"), file("z/y.c", 100, undefined, 90, "definition")])).toEqual(["z/y.c", "a/x.c"]);
});
test("then code over tests, then the shallower path, then path order", () => {
  expect(order([file("a/t.c", 100, "test"), file("z/c.c", 100)])).toEqual(["z/c.c", "a/t.c"]);
  expect(order([file("a/b/c/x.c", 100), file("z/y.c", 100)])).toEqual(["z/y.c", "a/b/c/x.c"]);
  expect(order([file("b.c", 100), file("a.c", 100)])).toEqual(["a.c", "b.c"]);
});
