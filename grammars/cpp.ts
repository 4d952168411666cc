// C++. Out-of-class definitions keep their qualified label (`Widget::paint`, name `paint`); functions defined inside a class body are methods.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.cpp!;

export default {
  id: "cpp",
  wasm,
  source: "tree-sitter-cpp@0.23.4",
  rules: {
    function_definition: { kind: "function", name: ["*"], label: "qualified" },
    class_specifier: { kind: "class", requireField: "body" },
    struct_specifier: { kind: "struct", requireField: "body" },
    union_specifier: { kind: "struct", requireField: "body" },
    enum_specifier: { kind: "enum", requireField: "body" },
    namespace_definition: { kind: "module", anonymous: "(anonymous)" },
    type_definition: { kind: "type", name: ["*"] },
    alias_declaration: { kind: "type" },
    preproc_function_def: { kind: "macro" },
  },
} satisfies GrammarDef;
