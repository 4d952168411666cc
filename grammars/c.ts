// C. Function names sit inside declarators (`char **f(void)`, `int (*get(int))(int)`): the `*` name step unwraps them. Aggregates count only with a body (not `struct x *p`).
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.c!;

export default {
  id: "c",
  wasm,
  source: "tree-sitter-c@0.24.1",
  rules: {
    function_definition: { kind: "function", name: ["*"] },
    struct_specifier: { kind: "struct", requireField: "body" },
    union_specifier: { kind: "struct", requireField: "body" },
    enum_specifier: { kind: "enum", requireField: "body" },
    type_definition: { kind: "type", name: ["*"] },
    preproc_function_def: { kind: "macro" },
  },
} satisfies GrammarDef;
