// TSX (.tsx): the TypeScript rules on the TSX grammar.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";
import { jsRules, tsRules, JS_LEADING, JS_DECORATIONS } from "./ecmascript.ts";

const wasm = GRAMMAR_WASM.tsx!;

export default { id: "tsx", wasm, source: "tree-sitter-typescript@0.23.2 (tsx)", rules: { ...jsRules, ...tsRules }, leading: JS_LEADING, decorations: JS_DECORATIONS } satisfies GrammarDef;
