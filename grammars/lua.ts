// Lua. `function M.greet()` / `function M:method()` keep their qualified label, and so do
// functions assigned by name (`local f = function`, `M.f = function`, a table's `f = function`),
// which ctags tags as functions too. A table assigned outside functions is a `table` holding
// the functions of its fields. The grammar
// comes from the official package: tree-sitter-wasms' lua produced error nodes (SOURCES.md).
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.lua!;

export default {
  id: "lua",
  wasm,
  source: "@tree-sitter-grammars/tree-sitter-lua@0.4.1",
  rules: {
    function_declaration: { kind: "function", label: "qualified" },
    // A table assigned outside functions (`local M = {}`, a metatable, `M.defaults = { ... }`) is
    // a container: the functions its fields hold nest in it.
    assignment_statement: {
      kind: "function", name: ["@variable_list/name"], label: "qualified",
      when: { field: "@expression_list/value", types: ["function_definition", "table_constructor"] },
      kindBy: { field: "@expression_list/value", map: { function_definition: "function", table_constructor: "table" } },
      topLevel: ["table"],
    },
    field: { kind: "function", name: ["name"], when: { field: "value", types: ["function_definition"] } },
  },
} satisfies GrammarDef;
