// Bash (and sh/zsh scripts: close enough for function boundaries).
import wasm from "./wasm/bash.wasm.zst" with { type: "file" };
import type { GrammarDef } from "../src/structure/grammar.ts";

export default {
  id: "bash",
  wasm,
  source: "tree-sitter-bash@0.25.1",
  rules: {
    function_definition: { kind: "function" },
  },
} satisfies GrammarDef;
