// JavaScript (.js .mjs .cjs .jsx).
import wasm from "./wasm/javascript.wasm.zst" with { type: "file" };
import type { GrammarDef } from "../src/structure/grammar.ts";
import { jsRules, JS_LEADING } from "./ecmascript.ts";

export default { id: "javascript", wasm, source: "tree-sitter-wasms@0.1.13 (tree-sitter-javascript ^0.20)", rules: jsRules, leading: JS_LEADING } satisfies GrammarDef;
