// TypeScript (.ts .mts .cts). Shared rule table with TSX and (minus types) JavaScript.
import wasm from "./wasm/typescript.wasm.zst" with { type: "file" };
import type { GrammarDef } from "../src/structure/grammar.ts";
import { jsRules, tsRules, JS_LEADING } from "./ecmascript.ts";

export default { id: "typescript", wasm, source: "tree-sitter-typescript@0.23.2", rules: { ...jsRules, ...tsRules }, leading: JS_LEADING } satisfies GrammarDef;
