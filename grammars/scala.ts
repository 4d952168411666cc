// Scala.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.scala!;

export default {
  id: "scala",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-scala ^0.19)",
  rules: {
    class_definition: { kind: "class" },
    object_definition: { kind: "object" },
    trait_definition: { kind: "trait" },
    enum_definition: { kind: "enum" },
    function_definition: { kind: "function" },
    function_declaration: { kind: "function" },
    type_definition: { kind: "type" },
  },
} satisfies GrammarDef;
