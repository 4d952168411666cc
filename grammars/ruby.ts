// Ruby. `def self.x` is labelled `self.x`.
import wasm from "./wasm/ruby.wasm.zst" with { type: "file" };
import type { GrammarDef } from "../src/structure/grammar.ts";

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
