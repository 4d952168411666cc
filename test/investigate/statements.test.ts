import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";
import { shapeStatementStart } from "../../src/investigate/statements.ts";

// A long C function (over the 150 lines shown whole) shows the occurrence as a window of lines. Its
// two lines above were the tail of a multi-line call (`flags,` / `timeout);`): the region started
// in the middle of a statement. It starts at the statement's first line (from the syntax tree).
function bigC(): string {
  const body = ["static int big_probe(struct dev *dev, int flags)", "{", "\tint err = 0;"];
  for (let i = 0; i < 60; i++) body.push(`\tdev->slot[${i}] = ${i};`);
  body.push("\terr = prepare_thing(dev,", "\t\t\t    flags,", "\t\t\t    timeout);", "\tdo_reset(dev);");
  for (let i = 0; i < 100; i++) body.push(`\tdev->more[${i}] = ${i};`);
  body.push("\treturn err;", "}", "");
  return body.join("\n");
}

test("a window inside a long function starts at a statement's first line", () => {
  const r = run(["trace", "--json", "subject:do_reset", "relation:called_from"], tree({ "big.c": bigC() }));
  expect(r.code).toBe(0);
  const reg = JSON.parse(r.stdout).files[0].regions[0] as { start_line: number; end_line: number; kind: string };
  expect(reg.kind).toBe("call site");
  expect(reg.start_line).toBe(64); // `err = prepare_thing(dev,`
  expect(reg.end_line).toBeGreaterThanOrEqual(67);
});

test("without a tree, line shapes find the statement a line continues", () => {
  const lines = [
    "\terr = prepare_thing(dev,", // 1
    "\t\t\t    flags,", // 2
    "\t\t\t    timeout);", // 3
    "\tdo_reset(dev);", // 4
    "\tval x = pool", // 5
    "\t    .obtain(3)", // 6
    "\t    ?.start()", // 7
    "\tif (a &&", // 8
    "\t    b) {", // 9
    "\t\tgo();", // 10
  ];
  const st = shapeStatementStart(lines);
  expect([1, 2, 3, 4].map(st)).toEqual([1, 1, 1, 4]);
  expect([5, 6, 7].map(st)).toEqual([5, 5, 5]);
  expect([8, 9, 10].map(st)).toEqual([8, 8, 10]);
});
