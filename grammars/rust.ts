// Rust. Functions in impl/trait blocks become methods (engine rule); `impl Trait for Type` is
// labelled in full with name = Type. `#[attribute]` lines are siblings before an item, outside its
// range (as ctags); the `///` doc comment above them is the item's (`decorations`).
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.rust!;

export default {
  id: "rust",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-rust ^0.20)",
  rules: {
    function_item: { kind: "function" },
    function_signature_item: { kind: "function" },
    struct_item: { kind: "struct" },
    union_item: { kind: "struct" },
    enum_item: { kind: "enum" },
    trait_item: { kind: "trait" },
    impl_item: { kind: "impl", label: "rust-impl" },
    mod_item: { kind: "module" },
    type_item: { kind: "type" },
    associated_type: { kind: "type" },
    const_item: { kind: "constant", topLevel: true },
    static_item: { kind: "constant", topLevel: true },
    macro_definition: { kind: "macro" },
  },
  decorations: ["attribute_item"],
} satisfies GrammarDef;
