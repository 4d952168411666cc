// Java. Annotations are part of a declaration's modifiers, so a symbol starts at its first annotation.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.java!;

export default {
  id: "java",
  wasm,
  source: "tree-sitter-wasms@0.1.13 (tree-sitter-java ^0.20)",
  rules: {
    class_declaration: { kind: "class" },
    interface_declaration: { kind: "interface" },
    enum_declaration: { kind: "enum" },
    record_declaration: { kind: "record" },
    annotation_type_declaration: { kind: "interface" },
    method_declaration: { kind: "method" },
    constructor_declaration: { kind: "method" },
    annotation_type_element_declaration: { kind: "method" },
  },
} satisfies GrammarDef;
