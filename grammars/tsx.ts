// TSX (.tsx): the TypeScript rules on the TSX grammar.
import wasm from "./wasm/tsx.wasm.zst" with { type: "file" };
import type { GrammarDef } from "../src/structure/grammar.ts";
import { jsRules, tsRules, JS_LEADING } from "./ecmascript.ts";

export default { id: "tsx", wasm, source: "tree-sitter-typescript@0.23.2 (tsx)", rules: { ...jsRules, ...tsRules }, leading: JS_LEADING } satisfies GrammarDef;
