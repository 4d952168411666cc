// Exact symbol trees (kind, label, range, nesting) for every embedded grammar's sample file in
// grammars/samples, including the traps named in the structure issue: Rust unsafe/const/extern
// fns, mod, macro_rules!, impl Trait for Type, unsafe impl; TS export default, async functions,
// arrows assigned to consts, class methods, decorators; Python async def and decorators (the
// symbol starts on the def line); Go receivers; C declarators that hide the name.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractStructure } from "../../src/structure/index.ts";

const SAMPLES = join(import.meta.dir, "..", "..", "grammars", "samples");

/** One line per symbol: indentation = depth, then `kind label @ start-end`. */
function tree(symbols: { kind: string; label: string; startLine: number; endLine: number; depth: number }[]): string[] {
  return symbols.map((s) => `${"  ".repeat(s.depth)}${s.kind} ${s.label} @ ${s.startLine}-${s.endLine}`);
}

/** TypeScript and TSX share a grammar definition and a sample. */
const TS_SAMPLE = [
  "function default @ 2-2",
  "function fetchAll @ 3-3",
  "function handler @ 4-6",
  "function typed @ 7-7",
  "  function named @ 7-7",
  "function gen @ 8-8",
  "class Widget @ 10-16",
  "  method field @ 11-11",
  "  method create @ 12-12",
  "  method size @ 13-13",
  "  method value @ 14-14",
  "  method constructor @ 15-15",
  "class A @ 17-17",
  "  method run @ 17-17",
  "interface Props @ 18-18",
  "  method onClick @ 18-18",
  "type Id @ 19-19",
  "enum Color @ 20-20",
  "module NS @ 21-21",
  "  function inner @ 21-21",
  "module \"foo\" @ 22-22",
  "  function decl @ 22-22",
  "function module.exports.legacy @ 23-23",
  "function Foo.prototype.bar @ 24-24",
  "method method @ 25-25",
  "method arrow @ 25-25",
  "method deep @ 25-25",
  "class default @ 26-26",
  "function outer @ 27-27",
  "  function innerFn @ 27-27",
  "  function cb @ 27-27",
  ];

const EXPECTED: Record<string, string[]> = {
  "sample.c": [
    "function gnu_style @ 2-6",
    "function get_handler @ 7-7",
    "function names @ 8-8",
    "struct point @ 9-9",
    "type anon_t @ 10-10",
    "enum color @ 11-11",
    "struct u @ 12-12",
    "macro MAX @ 13-13",
  ],
  "sample.cpp": [
    "module ns @ 1-13",
    "  class Widget @ 2-8",
    "    method draw @ 6-6",
    "  function Widget::Widget @ 9-9",
    "  function Widget::paint @ 10-10",
    "  function max @ 11-11",
    "  struct S @ 12-12",
    "    method f @ 12-12",
  ],
  "sample.cs": [
    "module App.Core @ 1-13",
    "  class Foo @ 2-7",
    "    method Foo @ 3-3",
    "    method Run @ 5-5",
    "    method GoAsync @ 6-6",
    "  interface IBar @ 8-8",
    "    method Run @ 8-8",
    "  struct P @ 9-9",
    "  enum E @ 10-10",
    "  record R @ 11-11",
    "  type D @ 12-12",
  ],
  "sample.dart": [
    "class Foo @ 1-8",
    "  method run @ 4-6",
    "  method size @ 7-7",
    "function main @ 9-11",
    "enum Color @ 12-12",
    "class M @ 13-13",
    "extension E @ 14-14",
    "  method f @ 14-14",
  ],
  "sample.ex": [
    "module App.Foo @ 1-9",
    "  function run @ 3-5",
    "  function helper @ 6-6",
    "  macro m @ 7-7",
  ],
  "sample.go": [
    "constant Version @ 5-5",
    "type Handler @ 8-8",
    "struct Group @ 9-11",
    "struct Command @ 15-17",
    "interface Runner @ 19-21",
    "method (*Command) Execute @ 23-25",
    "method (Command) Name @ 27-27",
    "function New @ 29-32",
  ],
  "sample.java": [
    "class Foo @ 2-11",
    "  method toString @ 5-6",
    "  method Foo @ 7-7",
    "  interface Inner @ 8-8",
    "    method run @ 8-8",
    "  enum E @ 9-9",
    "    method m @ 9-9",
    "  record R @ 10-10",
    "interface Ann @ 12-12",
    "  method value @ 12-12",
  ],
  "sample.js": [
    "function plain @ 4-6",
    "  function wrapped @ 5-5",
    "function stream @ 8-8",
    "function arrow @ 10-10",
    "class Linter @ 12-16",
    "  method constructor @ 13-13",
    "  method verify @ 14-14",
    "  method create @ 15-15",
    "method create @ 20-22",
    "  method Identifier @ 21-21",
  ],
  "sample.kt": [
    "class Foo @ 2-5",
    "  method run @ 3-3",
    "  object companion @ 4-4",
    "    method make @ 4-4",
    "object Single @ 6-6",
    "  method go @ 6-6",
    "interface I @ 7-7",
    "  method f @ 7-7",
    "function top @ 8-8",
    "enum Color @ 9-9",
    "type Name @ 10-10",
  ],
  "sample.lua": [
    "table M @ 1-1",
    "function M.greet @ 2-2",
    "function M:method @ 3-3",
    "function helper @ 4-4",
    "function global_fn @ 5-5",
    "function M.run @ 6-6",
  ],
  "sample.ml": [
    "type t @ 1-1",
    "function add @ 2-2",
    "function fact @ 3-3",
    "module M @ 4-6",
    "  constant inner @ 5-5",
    "interface S @ 7-7",
    "class c @ 8-8",
    "  method m @ 8-8",
    "function classify @ 9-9",
    "function twice @ 10-10",
  ],
  "sample.mli": [
    "type t @ 1-1",
    "function create @ 2-2",
    "constant size @ 3-3",
    "function now @ 4-4",
    "module M @ 5-7",
    "  constant x @ 6-6",
    "type Oops @ 8-8",
  ],
  "sample.php": [
    "module App @ 2-2",
    "interface I @ 3-3",
    "  method run @ 3-3",
    "trait T @ 4-4",
    "  method t @ 4-4",
    "class Foo @ 5-8",
    "  method run @ 6-6",
    "  method make @ 7-7",
    "function helper @ 9-9",
    "enum Suit @ 10-10",
  ],
  "sample.py": [
    "function cached @ 5-6",
    "function fetch @ 9-13",
    "  function inner @ 10-11",
    "class Service @ 16-30",
    "  method name @ 20-21",
    "  method run @ 23-27",
    "    function helper @ 24-25",
    "  class Config @ 29-30",
  ],
  "sample.rb": [
    "module Outer @ 1-12",
    "  class Foo @ 2-11",
    "    method initialize @ 3-5",
    "    method self.build @ 6-7",
    "    class self @ 8-10",
    "      method helper @ 9-9",
    "function top_level @ 13-13",
  ],
  "sample.rs": [
    "struct AuthStatus @ 5-5",
    "impl impl fmt::Display for AuthStatus @ 7-11",
    "  method fmt @ 8-10",
    "impl unsafe impl Send for AuthStatus @ 13-13",
    "impl impl StatusView<T> @ 15-18",
    "  method new @ 16-16",
    "  method raw @ 17-17",
    "module inner @ 20-23",
    "  function go @ 21-21",
    "  macro m @ 22-22",
    "trait Tr @ 25-25",
    "  type Item @ 25-25",
    "  method a @ 25-25",
    "  method b @ 25-25",
    "constant X @ 26-26",
    "function danger @ 27-27",
    "function callback @ 28-28",
    "function both @ 29-29",
    "constant COUNT @ 30-30",
    "type Alias @ 31-31",
    "struct U @ 32-32",
    "enum E @ 33-33",
    "module tests @ 36-41",
    "  function works @ 38-40",
  ],
  "sample.scala": [
    "class Foo @ 2-5",
    "  method run @ 3-3",
    "object Foo @ 6-6",
    "  method apply @ 6-6",
    "trait T @ 7-7",
    "  method g @ 7-7",
    "class C @ 8-8",
  ],
  "sample.sh": [
    "function foo @ 2-4",
    "function bar @ 5-7",
    "function dispatch @ 9-17",
  ],
  "sample.sol": [
    "contract Token @ 2-8",
    "  struct S @ 3-3",
    "  event Transfer @ 4-4",
    "  modifier only @ 5-5",
    "  method constructor @ 6-6",
    "  method transfer @ 7-7",
    "interface IT @ 9-9",
    "  method f @ 9-9",
    "module L @ 10-10",
    "  function g @ 10-10",
  ],
  "sample.swift": [
    "class Foo @ 2-5",
    "  method init @ 3-3",
    "  method run @ 4-4",
    "struct P @ 6-6",
    "  method f @ 6-6",
    "enum E @ 7-7",
    "protocol Proto @ 8-8",
    "  method g @ 8-8",
    "extension Foo @ 9-9",
    "  method h @ 9-9",
    "function top @ 10-10",
  ],
  "sample.ts": TS_SAMPLE,
  // The TSX sample is the TS one plus a JSX component.
  "sample.tsx": [...TS_SAMPLE, "function View @ 28-28"],
  "sample.zig": [
    "struct Point @ 2-5",
    "  method init @ 4-4",
    "enum E @ 6-6",
    "function main @ 7-9",
  ],
};

describe("symbol trees per language", () => {
  for (const [file, want] of Object.entries(EXPECTED)) {
    test(file, async () => {
      const s = await extractStructure(file, readFileSync(join(SAMPLES, file), "utf8"));
      expect(s.extractor).toBe("tree-sitter");
      expect(s.errorRatio).toBe(0);
      expect(tree(s.symbols)).toEqual(want);
    });
  }
});

describe("nesting invariants", () => {
  test("parents come first, contain their children, and depth follows the parent chain", async () => {
    for (const file of Object.keys(EXPECTED)) {
      const s = await extractStructure(file, readFileSync(join(SAMPLES, file), "utf8"));
      s.symbols.forEach((sym, i) => {
        if (sym.parent < 0) return expect(sym.depth).toBe(0);
        const p = s.symbols[sym.parent]!;
        expect(sym.parent).toBeLessThan(i);
        expect(sym.depth).toBe(p.depth + 1);
        expect(sym.startLine).toBeGreaterThanOrEqual(p.startLine);
        expect(sym.endLine).toBeLessThanOrEqual(p.endLine);
      });
    }
  });
});
