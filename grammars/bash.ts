// Bash (and sh/zsh scripts: close enough for function boundaries).
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.bash!;

export default {
  id: "bash",
  wasm,
  source: "tree-sitter-bash@0.25.1",
  rules: {
    function_definition: { kind: "function" },
  },
} satisfies GrammarDef;
