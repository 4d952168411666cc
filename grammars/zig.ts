// Zig. Types are constants bound to container expressions: `const Point = struct { ... }`.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.zig!;

export default {
  id: "zig",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-zig ^1.0)",
  rules: {
    function_declaration: { kind: "function" },
    variable_declaration: {
      kind: "struct", name: ["@identifier"],
      when: { field: "@", types: ["struct_declaration", "enum_declaration", "union_declaration", "opaque_declaration"] },
      kindBy: { field: "@", map: { struct_declaration: "struct", enum_declaration: "enum", union_declaration: "struct", opaque_declaration: "type" } },
    },
  },
} satisfies GrammarDef;
