import { test, expect } from "bun:test";
import { COMMANDS, buildCli } from "../../src/cli/registry.ts";

// registry.ts loads only the command named by argv[0]; its table must match what each class
// declares, or a command would be unreachable (or reached under a word it does not accept).
test("every COMMANDS word loads a class that declares that word as its first path segment", async () => {
  for (const [word, load] of Object.entries(COMMANDS)) {
    const cls = (await load()) as any;
    const firsts = (cls.paths ?? []).map((p: string[]) => p[0]);
    expect(firsts).toContain(word);
  }
});

test("every path of every command is listed in COMMANDS", async () => {
  for (const load of Object.values(COMMANDS)) {
    const cls = (await load()) as any;
    for (const p of cls.paths ?? []) expect(Object.keys(COMMANDS)).toContain(p[0]);
  }
});

test("buildCli registers one command for a known word, all of them otherwise", async () => {
  const one = await buildCli("x", ["grep", "foo"]);
  const all = await buildCli("x", ["--help"]);
  const names = (cli: any) => cli.definitions().map((d: any) => d.path).filter((p: string) => p !== "agentgrep");
  expect(names(one)).toEqual(["agentgrep grep"]);
  const distinct = new Set(await Promise.all(Object.values(COMMANDS).map((l) => l())));
  expect(names(all).length).toBe(distinct.size);
});

// The fronts sit on top (README's layout): src/cli runs the command table and starts src/mcp,
// src/mcp runs the same table, and nothing below either imports a front back (issue 20: the
// table once listed mcp, whose runner imported the table).
test("imports point down: nothing imports src/cli, only src/cli imports src/mcp", () => {
  const { readdirSync, readFileSync } = require("node:fs") as typeof import("node:fs");
  const { join, dirname, normalize, relative } = require("node:path") as typeof import("node:path");
  const src = join(import.meta.dir, "../../src");
  const wrong: string[] = [];
  for (const file of readdirSync(src, { recursive: true }) as string[]) {
    if (!file.endsWith(".ts")) continue;
    const from = normalize(file);
    const text = readFileSync(join(src, file), "utf8");
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.[^"']+)["']/g)) {
      const to = relative(src, join(src, dirname(file), m[1]!));
      const layer = (p: string) => p.split("/")[0];
      if (layer(to) === "cli" && layer(from) !== "cli") wrong.push(`${from} -> ${to}`);
      if (layer(to) === "mcp" && layer(from) !== "mcp" && layer(from) !== "cli") wrong.push(`${from} -> ${to}`);
    }
  }
  expect(wrong).toEqual([]);
});
