// Dart. A function's signature and body are sibling nodes: the symbol extends over the body.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.dart!;

export default {
  id: "dart",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-dart)",
  rules: {
    class_definition: { kind: "class" },
    mixin_declaration: { kind: "class", name: ["@identifier"] },
    extension_declaration: { kind: "extension" },
    enum_declaration: { kind: "enum" },
    function_signature: { kind: "function", extendToSibling: "function_body", notUnder: ["method_signature"] },
    method_signature: { kind: "method", name: ["@function_signature|getter_signature|setter_signature|constructor_signature|factory_constructor_signature|operator_signature/name", "@function_signature|getter_signature|setter_signature|constructor_signature|factory_constructor_signature/@identifier"], extendToSibling: "function_body" },
  },
  leading: ["annotation", "comment"],
  // A member's annotations (`@override`) are siblings before it in the class body.
  decorations: ["annotation"],
} satisfies GrammarDef;
