// Kotlin. Names are unnamed-field children (`type_identifier`, `simple_identifier`); `interface`/`enum` keywords pick the kind.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.kotlin!;

export default {
  id: "kotlin",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-kotlin ^0.3)",
  rules: {
    class_declaration: { kind: "class", name: ["@type_identifier"], kindByText: { map: { interface: "interface", enum: "enum", "*": "class" } } },
    object_declaration: { kind: "object", name: ["@type_identifier"] },
    companion_object: { kind: "object", name: ["@type_identifier"], anonymous: "companion" },
    function_declaration: { kind: "function", name: ["@simple_identifier"] },
    type_alias: { kind: "type", name: ["@type_identifier"] },
  },
} satisfies GrammarDef;
