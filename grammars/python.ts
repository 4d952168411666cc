// Python (.py .pyi). Decorators are outside function_definition/class_definition, so a symbol
// starts on its `def`/`class` line, as ctags reports it.
import wasm from "./wasm/python.wasm.zst" with { type: "file" };
import type { GrammarDef } from "../src/structure/grammar.ts";

export default {
  id: "python",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-python ^0.21)",
  rules: {
    function_definition: { kind: "function" },
    class_definition: { kind: "class" },
  },
} satisfies GrammarDef;
