/**
 * The quick parse (src/commands/quick-parse.ts) reaches the state clipanion's own machine reaches,
 * or leaves the command line to that machine: generated over every option of every command,
 * for one command registered (the CLI) and all of them (the MCP server).
 */
import { describe, expect, test } from "bun:test";
import { buildCli, COMMANDS } from "../../src/cli/registry.ts";
import { quickState } from "../../src/commands/quick-parse.ts";

/** clipanion's own parse: the builder's compile as shipped (the quick one shadows it on the instance). */
function machineParse(cli: any, input: string[]): { state?: unknown; error?: string } {
  const root = cli.builder;
  try {
    return { state: Object.getPrototypeOf(root).compile.call(root).process(input) };
  } catch (e: any) {
    return { error: String(e?.message) };
  }
}

/** Command lines over `path`: every option alone, with values, negated, after `--`, misplaced. */
function inputs(path: string[], options: { names: string[]; arity: number }[]): string[][] {
  const out: string[][] = [[...path], [...path, "x"], [...path, "x", "y", "z"], [...path, "--"], [...path, "--", "-x"], [...path, "--", "--", "x"]];
  out.push([...path, "-"], [...path, "x", "-"], [...path, "-h"], [...path, "--help"], [...path, "x", "--help"], [...path, "--zz", "x"], [...path, "-il", "x"]);
  out.push([...path, "\u0000"], [...path, "x", "--=x"], [...path, "--no-zz", "x"], [...path.slice(0, -1)], ["x", ...path]);
  for (const o of options) {
    for (const n of o.names) {
      const v = o.arity === 0 ? [n] : [n, "v"];
      out.push([...path, ...v], [...path, ...v, "x"], [...path, "x", ...v], [...path, ...v, ...v, "x"], [...path, "--", ...v], [...path, ...v, "--", "-x"]);
      if (o.arity > 0) out.push([...path, n], [...path, n, "-"], [...path, n, "-v"], [...path, n, "--"], [...path, `${n}=v`, "x"], [...path, n, "\u0000"]);
      if (n.startsWith("--")) out.push([...path, `--no-${n.slice(2)}`, "x"], [...path, `${n}=v`]);
    }
  }
  // Every option together, in declaration order, then in reverse, around positionals.
  const all = options.flatMap((o) => (o.arity === 0 ? [o.names[0]!] : [o.names[0]!, "1"]));
  out.push([...path, ...all, "x"], [...path, "x", ...all.slice().reverse()], [...path, "a", ...all, "b", "--", "-c"]);
  return out;
}

const lines = ["(all)", ...Object.keys(COMMANDS)];
describe("quick parse equals clipanion's machine", () => {
  for (const first of lines) {
    test(first, async () => {
      const cli: any = await buildCli("x", first === "(all)" ? [] : [first]);
      const builders = cli.builder.builders;
      let quick = 0;
      let total = 0;
      for (const b of builders) {
        for (const path of b.paths) {
          for (const input of inputs(path, b.options)) {
            total++;
            const mine = quickState(builders, input);
            const theirs = machineParse(cli, input);
            if (mine === undefined) continue;
            quick++;
            expect({ input, ...theirs }).toEqual({ input, state: mine });
          }
        }
      }
      // It is used (help agents and mcp have few options, so few plain lines).
      expect(quick).toBeGreaterThan(Math.min(total / 3, 8));
    });
  }
});

describe("quick parse takes the command lines agents type", () => {
  const plain = [
    ["grep", "--", "JSONDecoder"],
    ["grep", "--paths-only", "--", "ksys_sync_helper"],
    ["grep", "--regex", "-e", "a|b", "-e", "c", "-i", "-C", "3", "src", "lib"],
    ["grep", "--max-files", "5", "--json", "-t", "py", "-g", "!*.md", "x", "."],
    ["grep", "--no-ignore", "x"],
    ["find", "json", "decoder"],
    ["outline", "--json", "a.py"],
    ["trace", "subject:x", "relation:defined"],
    ["smart", "subject:x", "relation:defined"],
    ["help", "agents"],
  ];
  for (const input of plain) {
    test(input.join(" "), async () => {
      const cli: any = await buildCli("x", input);
      const mine = quickState(cli.builder.builders, input);
      expect(mine).toBeDefined();
      expect(mine).toEqual(machineParse(cli, input).state as any);
      // The MCP server's CLI registers every command.
      const all: any = await buildCli("x");
      const inAll = quickState(all.builder.builders, input);
      expect(inAll).toBeDefined();
      expect(inAll).toEqual(machineParse(all, input).state as any);
    });
  }

  test("cli.process takes the quick path (the machine is never compiled)", async () => {
    const proto = Object.getPrototypeOf((await buildCli("x", ["grep"]) as any).builder);
    const real = proto.compile;
    let compiled = 0;
    proto.compile = function (this: unknown) {
      compiled++;
      return real.call(this);
    };
    try {
      const cli: any = await buildCli("x", ["grep"]);
      const c = cli.process(["grep", "-i", "--max-files", "3", "--", "-x", "src"], {});
      expect([c.ignoreCase, c.maxFiles, c.args]).toEqual([true, 3, ["-x", "src"]]);
      expect(compiled).toBe(0);
      // A cluster is clipanion's: the machine is compiled, and reads it as clipanion does.
      const d = cli.process(["grep", "-iw", "x"], {});
      expect([d.ignoreCase, d.wordRegexp, d.args]).toEqual([true, true, ["x"]]);
      expect(compiled).toBe(1);
    } finally {
      proto.compile = real;
    }
  });
});
