// Solidity.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.solidity!;

export default {
  id: "solidity",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-solidity)",
  rules: {
    contract_declaration: { kind: "contract" },
    interface_declaration: { kind: "interface" },
    library_declaration: { kind: "module" },
    struct_declaration: { kind: "struct" },
    enum_declaration: { kind: "enum" },
    event_definition: { kind: "event" },
    modifier_definition: { kind: "modifier" },
    constructor_definition: { kind: "method", anonymous: "constructor" },
    fallback_receive_definition: { kind: "method", anonymous: "fallback" },
    function_definition: { kind: "function" },
  },
} satisfies GrammarDef;
