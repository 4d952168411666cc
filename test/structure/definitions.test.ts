// What a definition is named and what kind it is, on fixture files (fixtures/definitions): a C
// variable initialized with a brace list is named by the variable, not by its type's tag.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractStructure } from "../../src/structure/index.ts";

const DIR = join(import.meta.dir, "fixtures", "definitions");

async function tree(file: string): Promise<string[]> {
  const s = await extractStructure(file, readFileSync(join(DIR, file), "utf8"));
  return s.symbols.map((x) => `${"  ".repeat(x.depth)}${x.kind} ${x.label} @ ${x.startLine}-${x.endLine}${x.approx ? " approx" : ""}`);
}

describe("C", () => {
  test("a variable with a brace initializer is named by the variable; a struct body keeps its tag", async () => {
    expect(await tree("ops.c")).toEqual([
      "function helper @ 1-4",
      // Parsed cleanly: exact, though a syntax error (the #ifdef in the next initializer) is near.
      "variable first_ops @ 6-9",
      "variable second_ops @ 11-16 approx",
      "struct ops_table @ 18-20",
      "variable counts @ 22-22",
      // Inside a function: no outline entry.
      "function use @ 24-28",
    ]);
  });
});

describe("Lua", () => {
  test("a table assigned outside functions is a container of the functions its fields hold", async () => {
    expect(await tree("tables.lua")).toEqual([
      "table M @ 1-1",
      "table limits @ 3-6",
      "table mt @ 8-15",
      "  function __eq @ 9-11",
      "  function __tostring @ 12-14",
      "table M.handlers @ 17-19",
      "  function on_start @ 18-18",
      // A table built inside a function is a value, not a definition: only its function shows.
      "function M.new @ 21-27",
      "  function get @ 24-24",
      "function M:describe @ 29-31",
    ]);
  });
});
