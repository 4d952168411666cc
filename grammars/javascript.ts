// JavaScript (.js .mjs .cjs .jsx).
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";
import { jsRules, JS_LEADING, JS_DECORATIONS } from "./ecmascript.ts";

const wasm = GRAMMAR_WASM.javascript!;

export default { id: "javascript", wasm, source: "tree-sitter-javascript@0.25.0", rules: jsRules, leading: JS_LEADING, decorations: JS_DECORATIONS } satisfies GrammarDef;
