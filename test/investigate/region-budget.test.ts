import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// --max-regions is a total across the shown files. Each file used to get its best region first, so
// with five files and six slots the leading file showed two regions at most, even when the other
// files were weak candidates shown as ranges: on a big tree the answer was the leading file's third
// region and the packet did not hold it. A weak file's best region now competes with the strong
// files' next regions.
test("the leading file's next regions outrank weak candidates' ranges within --max-regions", () => {
  const callers = [1, 2, 3].map((i) => `static int step${i}(struct ctx *c)\n{\n\tint r = c->n + ${i};\n\tr += ${i};\n\treturn ring_flush(c, r);\n}\n`).join("\n");
  const files: Record<string, string> = { "core/ring.c": `#include "ring.h"\n\n${callers}` };
  for (let i = 1; i <= 4; i++) files[`notes/n${i}.c`] = `/* see ring_flush for the details of ${i} */\nint n${i};\n`;
  const r = run(["trace", "--json", "subject:ring_flush", "relation:called_from"], tree(files));
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("core/ring.c");
  expect(out.files[0].regions.map((x: { start_line: number }) => x.start_line)).toEqual([3, 10, 17]);
  const shown = out.files.reduce((n: number, f: { regions: unknown[] }) => n + f.regions.length, 0);
  expect(shown).toBe(6);
});

// A weak file whose regions all fell to the total printed "regions:" and "... 1 more region"
// and nothing else (an agent read it as an empty answer): it is one line naming what was cut.
test("a weak candidate with no region left in the budget is one line naming the cut", () => {
  const callers = [1, 2, 3, 4, 5].map((i) => `static int step${i}(struct ctx *c)\n{\n\tint r = c->n + ${i};\n\tr += ${i};\n\treturn ring_flush(c, r);\n}\n`).join("\n");
  const files: Record<string, string> = { "core/ring.c": `#include "ring.h"\n\n${callers}` };
  for (let i = 1; i <= 4; i++) files[`notes/n${i}.c`] = `/* see ring_flush for the details of ${i} */\nint n${i};\n`;
  const r = run(["trace", "subject:ring_flush", "relation:called_from"], tree(files));
  expect(r.code).toBe(0);
  const blocks = r.stdout.split("\n\n").filter((b) => /weaker candidate/.test(b));
  expect(blocks.length).toBeGreaterThan(0);
  const empty = blocks.filter((b) => !/ @ \d+-\d+/.test(b));
  expect(empty.length).toBeGreaterThan(0);
  for (const b of empty) expect(b).toMatch(/weaker candidate \(score \d+\); its 1 region left out \(--max-regions\)\n?$/);
  expect(r.stdout).not.toMatch(/regions:\n\s+\.\.\. \d+ more region/);
});
