// OCaml. A let binding with parameters, or bound to `function`/`fun`, is a function; without one a
// value (only outside functions).
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.ocaml!;

export default {
  id: "ocaml",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-ocaml ^0.20)",
  rules: {
    let_binding: { kind: "function", name: ["pattern"], topLevel: true, kindBy: { field: "@", map: { parameter: "function", function_expression: "function", fun_expression: "function", "*": "constant" } } },
    type_binding: { kind: "type" },
    module_binding: { kind: "module", name: ["name", "@module_name"] },
    module_type_definition: { kind: "interface" },
    class_binding: { kind: "class" },
    method_definition: { kind: "method" },
    external: { kind: "function", name: ["name", "@value_name"] },
  },
} satisfies GrammarDef;
