/**
 * The bundle-time replacement of clipanion's simplifyMachine (build/patches/) builds the same
 * state machine as clipanion's own, for every command we register and for all of them together,
 * and still parses their command lines the same way.
 */
import { describe, expect, test } from "bun:test";
import * as core from "clipanion/lib/core.js";
import * as constants from "clipanion/lib/constants.js";
import { CLIPANION_SIMPLIFY, FAST_SIMPLIFY } from "../../build/build.ts";
import { buildCli, COMMANDS } from "../../src/cli/registry.ts";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const fast = new Function("constants", `${FAST_SIMPLIFY}\nreturn simplifyMachine;`)(constants) as (m: unknown) => void;

describe("clipanion simplifyMachine patch", () => {
  test("the text it replaces is clipanion's, exactly once", () => {
    const src = readFileSync(createRequire(import.meta.url).resolve("clipanion/lib/core.js"), "utf8");
    expect(src.split(CLIPANION_SIMPLIFY).length - 1).toBe(1);
  });

  test("duplicate targets reached through several shortcuts are merged once, in clipanion's order", () => {
    const node = (statics: Record<string, number[]>, dynamics: Array<[string, number]>, shortcuts: number[]) => ({
      statics: Object.fromEntries(Object.entries(statics).map(([k, tos]) => [k, tos.map((to) => ({ to, reducer: "r" }))])),
      dynamics: dynamics.map(([t, to]) => [t, { to, reducer: "d" }]),
      shortcuts: shortcuts.map((to) => ({ to, reducer: "s" })),
    });
    const machine = {
      nodes: [
        node({ x: [4] }, [["isA", 4]], [1, 2]),
        node({ x: [4, 5], y: [5] }, [["isA", 4], ["isB", 5]], [3]),
        node({ x: [5] }, [["isB", 5], ["isA", 4]], [3, 1]),
        node({ z: [4] }, [["isA", 5]], []),
        node({}, [], []),
        node({}, [], []),
      ],
    };
    const a = structuredClone(machine);
    const b = structuredClone(machine);
    core.simplifyMachine(a as any);
    fast(b);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a.nodes[0]!.statics.x!.map((t: any) => t.to)).toEqual([4, 5]);
  });

  for (const first of ["(all)", ...Object.keys(COMMANDS)]) {
    test(`same machine for ${first}`, async () => {
      const cli: any = await buildCli("x", first === "(all)" ? [] : [first]);
      const machine = core.makeAnyOfMachine(cli.builder.builders.map((b: any) => b.compile().machine));
      const a = structuredClone(machine);
      const b = structuredClone(machine);
      core.simplifyMachine(a);
      fast(b);
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      expect(b.nodes.every((n: any) => n.shortcuts.length === 0)).toBe(true);
    });
  }
});
