// TypeScript (.ts .mts .cts). Shared rule table with TSX and (minus types) JavaScript.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";
import { jsRules, tsRules, JS_LEADING, JS_DECORATIONS } from "./ecmascript.ts";

const wasm = GRAMMAR_WASM.typescript!;

export default { id: "typescript", wasm, source: "tree-sitter-typescript@0.23.2", rules: { ...jsRules, ...tsRules }, leading: JS_LEADING, decorations: JS_DECORATIONS } satisfies GrammarDef;
