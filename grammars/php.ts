// PHP.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.php!;

export default {
  id: "php",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-php ^0.22)",
  rules: {
    namespace_definition: { kind: "module", anonymous: "(global)" },
    class_declaration: { kind: "class" },
    interface_declaration: { kind: "interface" },
    trait_declaration: { kind: "trait" },
    enum_declaration: { kind: "enum" },
    function_definition: { kind: "function" },
    method_declaration: { kind: "method" },
  },
  leading: ["attribute_list", "comment"],
} satisfies GrammarDef;
