// Swift. One node type for class/struct/enum/extension/actor: the declaration_kind keyword picks the kind.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.swift!;

export default {
  id: "swift",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-swift ^0.4)",
  rules: {
    class_declaration: { kind: "class", kindByText: { field: "declaration_kind", map: { class: "class", struct: "struct", enum: "enum", extension: "extension", actor: "class", "*": "class" } } },
    protocol_declaration: { kind: "protocol" },
    function_declaration: { kind: "function" },
    protocol_function_declaration: { kind: "method" },
    init_declaration: { kind: "method", anonymous: "init" },
    deinit_declaration: { kind: "method", anonymous: "deinit" },
    typealias_declaration: { kind: "type" },
  },
} satisfies GrammarDef;
