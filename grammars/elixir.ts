// Elixir. Definitions are ordinary calls (`def`, `defmodule`, ...): the elixir-call strategy keeps only those targets.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.elixir!;

export default {
  id: "elixir",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-elixir ^0.1)",
  rules: {
    call: { kind: "function", label: "elixir-call" },
  },
} satisfies GrammarDef;
