/** trace's path:P narrowing (investigate/scope.ts): the subtree's walk, its entries in the original walk's terms. */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { narrowedWalk } from "../../src/investigate/scope.ts";
import { walkSorted } from "../../src/walk/index.ts";
import { printedPath } from "../../src/walk/display.ts";
import { tree } from "../helpers.ts";

const root = tree({ "net/ipv4/tcp.c": "x\n", "net/ipv4/udp.c": "x\n", "net/core/dev.c": "x\n", "fs/ext4/super.c": "x\n" });
const base = { root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] };

describe("narrowedWalk", () => {
  test("a directory: only its files are walked; each keeps the display and printed path a whole-tree walk gives it", () => {
    for (const rootsGiven of [false, true]) {
      const whole = walkSorted({ ...base, rootsGiven }).files.filter((e) => e.display.startsWith("net/ipv4/"));
      const n = narrowedWalk({ ...base, rootsGiven }, "net/ipv4/")!;
      const mine = walkSorted(n.walk).files.map(n.remap);
      expect(mine.map((e) => e.display)).toEqual(["net/ipv4/tcp.c", "net/ipv4/udp.c"]);
      expect(mine.map(printedPath)).toEqual(whole.map(printedPath));
      expect(mine.map((e) => String(e.open))).toEqual([join(root, "net/ipv4/tcp.c"), join(root, "net/ipv4/udp.c")]);
    }
  });
  test("a file: that file alone, under its root-relative path", () => {
    const n = narrowedWalk({ ...base, rootsGiven: true }, "./fs/ext4/super.c")!;
    expect(walkSorted(n.walk).files.map(n.remap).map(printedPath)).toEqual([`${root}/fs/ext4/super.c`]);
  });
  test("no narrowing: a missing path, a path leaving the root, globs, several roots", () => {
    expect(narrowedWalk(base, "net/ipv6")).toBeUndefined();
    expect(narrowedWalk(base, "../x")).toBeUndefined();
    expect(narrowedWalk(base, "/etc")).toBeUndefined();
    expect(narrowedWalk({ ...base, globs: ["*.c"] }, "net")).toBeUndefined();
    expect(narrowedWalk({ ...base, roots: [root, root] }, "net")).toBeUndefined();
  });
});
