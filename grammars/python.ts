// Python (.py .pyi). Decorators are outside function_definition/class_definition, so a symbol
// starts on its `def`/`class` line, as ctags reports it; a comment above its decorators is still
// its doc comment (`decorations`).
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.python!;

export default {
  id: "python",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-python ^0.21)",
  rules: {
    function_definition: { kind: "function" },
    class_definition: { kind: "class" },
  },
  decorations: ["decorator"],
} satisfies GrammarDef;
