// C#.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.csharp!;

export default {
  id: "csharp",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-c-sharp ^0.20)",
  rules: {
    namespace_declaration: { kind: "module" },
    file_scoped_namespace_declaration: { kind: "module" },
    class_declaration: { kind: "class" },
    struct_declaration: { kind: "struct" },
    interface_declaration: { kind: "interface" },
    enum_declaration: { kind: "enum" },
    record_declaration: { kind: "record" },
    record_struct_declaration: { kind: "record" },
    delegate_declaration: { kind: "type" },
    method_declaration: { kind: "method" },
    constructor_declaration: { kind: "method" },
    destructor_declaration: { kind: "method" },
    operator_declaration: { kind: "method", anonymous: "operator" },
    local_function_statement: { kind: "function" },
  },
  leading: ["attribute_list", "comment"],
} satisfies GrammarDef;
