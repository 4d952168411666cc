// Go. Methods are labelled with their receiver: `(*Command) Execute`.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.go!;

export default {
  id: "go",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-go ^0.20)",
  rules: {
    function_declaration: { kind: "function" },
    method_declaration: { kind: "method", label: "go-method" },
    type_spec: { kind: "type", kindBy: { field: "type", map: { struct_type: "struct", interface_type: "interface", "*": "type" } } },
    type_alias: { kind: "type" },
    const_spec: { kind: "constant", topLevel: true },
  },
} satisfies GrammarDef;
