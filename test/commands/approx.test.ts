// Parse health per symbol through the compiled binary: a symbol whose range overlaps a syntax
// error is marked approximate in outline, grep grouping, find's structure summary and trace, as
// text (`(approx)`) and JSON (`approx: true`); clean symbols carry no mark. The C fixture is the
// runaway-range regression of kernel/sched/fair.c: the broken function ends before the next one.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { run, tree } from "../helpers.ts";

// The runaway-range regression fixture (shared with test/structure/c-macros.test.ts).
const FAIR = readFileSync(join(import.meta.dir, "../structure/fixtures/runaway.c"), "utf8");

const fx = () => tree({ "kernel/fair.c": FAIR });

describe("approximate symbols", () => {
  test("outline text and JSON", () => {
    const root = fx();
    const r = run(["outline", "kernel/fair.c"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("\nparse: ");
    expect(r.stdout).toContain("symbols marked approx overlap a syntax error: their ranges may be off");
    // second's and clean_fn's heads sat inside the parser's ERROR node: re-parsed unit by unit
    // (issue 20), they keep exact ranges; only the broken function is approximate.
    expect(r.stdout).toContain("\n  - function first_fn @ 1-4 (4 lines)\n  - function set_skip_buddy @ 6-9 (4 lines, approx)\n  - function second @ 11-14 (4 lines)\n  - struct after @ 16-18 (3 lines)\n  - function clean_fn @ 20-23 (4 lines)\n");
    const j = JSON.parse(run(["outline", "--json", "kernel/fair.c"], root).stdout);
    expect(j.structure.items.map((i: any) => [i.name, i.start_line, i.end_line, i.approx ?? false])).toEqual([
      ["first_fn", 1, 4, false],
      ["set_skip_buddy", 6, 9, true],
      ["second", 11, 14, false],
      ["after", 16, 18, false],
      ["clean_fn", 20, 23, false],
    ]);
  });

  test("grep groups under the clamped range and carries the mark", () => {
    const root = fx();
    const r = run(["grep", "--other", "--full-region", "never", "skip"], root);
    expect(r.stdout).toContain("\n6:static void set_skip_buddy(struct sched_entity *se)  @ 6-9 (approx)\n");
    expect(r.stdout).toContain("\nfunction clean_fn @ 20-23\n");
    expect(r.stdout).toContain("other: function first_fn @ 1-4; function second @ 11-14; struct after @ 16-18\n");
    // Printed whole, the heading keeps the mark too.
    expect(run(["grep", "skip"], root).stdout).toContain("\n6:static void set_skip_buddy(struct sched_entity *se)  @ 6-9 (approx) (whole)\n7|{\n");
    const j = JSON.parse(run(["grep", "--json", "skip"], root).stdout);
    const groups = j.files[0].groups.map((g: any) => [g.label, g.start_line, g.end_line, g.approx ?? false]);
    expect(groups).toEqual([["set_skip_buddy", 6, 9, true], ["clean_fn", 20, 23, false]]);
    expect(j.files[0].other_symbols.map((s: any) => [s.label, s.approx ?? false])).toEqual([["first_fn", false], ["second", false], ["after", false]]);
  });

  test("find's structure summary carries the mark", () => {
    const r = run(["find", "skip buddy"], fx());
    // clean_fn next: its body says skip (find ranks the symbols whose own lines say query words).
    expect(r.stdout).toContain("   structure: function set_skip_buddy @ 6-9 (approx); function clean_fn @ 20-23; function first_fn @ 1-4; ");
    const j = JSON.parse(run(["find", "--json", "skip buddy"], fx()).stdout);
    const items = JSON.stringify(j);
    expect(items).toContain('"label":"set_skip_buddy","start_line":6,"end_line":9,"line_count":4,"approx":true');
    expect(items).toContain('"label":"first_fn","start_line":1,"end_line":4,"line_count":4}');
  });

  test("trace regions and structure carry the mark", () => {
    const root = fx();
    const r = run(["trace", "subject:set_skip_buddy", "relation:defined"], root);
    expect(r.stdout).toContain("     - function set_skip_buddy @ 6-9 (approx)\n");
    expect(r.stdout).toContain("     - set_skip_buddy @ 6-9 (4 lines, approx)\n");
    const j = JSON.parse(run(["trace", "--json", "subject:set_skip_buddy", "relation:defined"], root).stdout);
    const f = j.files[0];
    const item = (label: string) => f.structure.items.find((i: any) => i.label === label);
    expect(item("set_skip_buddy")).toMatchObject({ start_line: 6, end_line: 9, approx: true });
    expect(item("first_fn").approx).toBeUndefined();
    expect(f.regions[0]).toMatchObject({ label: "set_skip_buddy", start_line: 6, end_line: 9, approx: true });
  });
});
