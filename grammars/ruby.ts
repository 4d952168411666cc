// Ruby. `def self.x` is labelled `self.x`.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.ruby!;

export default {
  id: "ruby",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-ruby ^0.20)",
  rules: {
    module: { kind: "module" },
    class: { kind: "class" },
    singleton_class: { kind: "class", name: ["value"], anonymous: "self" },
    method: { kind: "function" },
    singleton_method: { kind: "method", label: "ruby-singleton" },
  },
} satisfies GrammarDef;
