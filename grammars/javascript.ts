// JavaScript (.js .mjs .cjs .jsx).
import wasm from "./wasm/javascript.wasm.zst" with { type: "file" };
import type { GrammarDef } from "../src/structure/grammar.ts";
import { jsRules, JS_LEADING } from "./ecmascript.ts";

export default { id: "javascript", wasm, source: "tree-sitter-javascript@0.25.0", rules: jsRules, leading: JS_LEADING } satisfies GrammarDef;
