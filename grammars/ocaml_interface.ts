// OCaml interfaces (.mli): signatures only; a `val` with a function type is a function.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.ocaml_interface!;

export default {
  id: "ocaml_interface",
  wasm,
  source: "tree-sitter-ocaml@0.24.2 (interface grammar)",
  rules: {
    value_specification: { kind: "constant", name: ["@value_name|parenthesized_operator"], kindBy: { field: "type", map: { function_type: "function", "*": "constant" } } },
    external: { kind: "function", name: ["name", "@value_name"] },
    type_binding: { kind: "type" },
    module_binding: { kind: "module", name: ["name", "@module_name"] },
    module_type_definition: { kind: "interface" },
    class_binding: { kind: "class" },
    class_type_binding: { kind: "class" },
    exception_definition: { kind: "type", name: ["@constructor_declaration/@constructor_name"] },
  },
} satisfies GrammarDef;
