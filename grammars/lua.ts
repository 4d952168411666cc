// Lua. `function M.greet()` / `function M:method()` keep their qualified label. The grammar
// comes from the official package: tree-sitter-wasms' lua produced error nodes (SOURCES.md).
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.lua!;

export default {
  id: "lua",
  wasm,
  source: "@tree-sitter-grammars/tree-sitter-lua@0.4.1",
  rules: {
    function_declaration: { kind: "function", label: "qualified" },
  },
} satisfies GrammarDef;
