// Elixir. Definitions are ordinary calls (`def`, `defmodule`, ...): the elixir-call strategy keeps only those targets.
import wasm from "./wasm/elixir.wasm.zst" with { type: "file" };
import type { GrammarDef } from "../src/structure/grammar.ts";

export default {
  id: "elixir",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-elixir ^0.1)",
  rules: {
    call: { kind: "function", label: "elixir-call" },
  },
} satisfies GrammarDef;
