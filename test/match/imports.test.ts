/**
 * The search layers' imports point down and never in a circle (issue 20): walk -> read -> match
 * -> search -> diagnose, and inside match/ the line and multi-line matchers share shared.ts
 * instead of importing each other. Type-only imports count too: a circle of types is still a
 * circle a reader has to untangle.
 */
import { test, expect } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve, dirname } from "node:path";

const SRC = resolve(import.meta.dir, "..", "..", "src");
const DIRS = ["match", "read", "search", "diagnose"];

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"/gm)) out.push(resolve(dirname(file), m[1]!));
  return out;
}

test("no import cycle among src/match, src/read, src/search, src/diagnose", () => {
  const files = DIRS.flatMap((d) =>
    readdirSync(join(SRC, d))
      .filter((f) => f.endsWith(".ts"))
      .map((f) => join(SRC, d, f)),
  );
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((g) => files.includes(g))]));
  const cycles: string[] = [];
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 1);
    stack.push(f);
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === 1) cycles.push([...stack.slice(stack.indexOf(g)), g].map((p) => p.slice(SRC.length + 1)).join(" -> "));
      else if (!state.has(g)) visit(g);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of files) if (!state.has(f)) visit(f);
  expect(cycles).toEqual([]);
});
