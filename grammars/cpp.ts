// C++. Out-of-class definitions keep their qualified label (`Widget::paint`, name `paint`); functions defined inside a class body are methods.
// Macros are masked before parsing as in C (grammars/c.ts, src/structure/macros.ts), with C++'s
// own keywords; export macros in class heads (`class Q_CORE_EXPORT QString`) are learned by shape.
// No macro-loop rewriting: an indented `Name(args)` line with a body is a constructor in C++. A
// function definition inside a function body is no function (C++ has none: a `Q_FOREACH (...)
// { ... }` loop parses as one). A broken parse closes a top-level function or class at the first
// `}` at column 0 (never a namespace: its members' braces sit there too).
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef, MacroSpec } from "../src/structure/grammar.ts";
import { C_ATTRIBUTES, C_ATTRIBUTE_CALLS, C_COMPLETE_TYPES, C_KEYWORDS, C_TOP, CPP_ONLY, C_TYPE_ARG_CALLS, C_TYPE_STARTS } from "./c.ts";

const wasm = GRAMMAR_WASM.cpp!;

const CPP_KEYWORDS = [
  "class", "namespace", "template", "typename", "virtual", "explicit", "friend", "operator", "public",
  "private", "protected", "using", "new", "delete", "this", "throw", "try", "catch", "constexpr",
  "consteval", "constinit", "decltype", "noexcept", "override", "final", "mutable", "static_assert",
  "static_cast", "dynamic_cast", "reinterpret_cast", "const_cast", "nullptr", "co_await", "co_return",
  "co_yield", "concept", "requires", "export", "module", "import", "thread_local", "char8_t",
  "char16_t", "char32_t", "wchar_t", "alignas", "alignof", "and", "or", "not", "xor", "bitand", "bitor",
  "compl", "and_eq", "or_eq", "xor_eq", "not_eq",
];

const CPP_MACROS: MacroSpec = {
  attributes: C_ATTRIBUTES,
  attributeCalls: C_ATTRIBUTE_CALLS,
  typeArgCalls: C_TYPE_ARG_CALLS,
  completeTypes: [...C_COMPLETE_TYPES, "wchar_t", "char8_t", "char16_t", "char32_t"],
  typeStarts: [...C_TYPE_STARTS, "wchar_t", "char8_t", "char16_t", "char32_t", "class", "virtual", "explicit", "constexpr", "friend", "typename"],
  keywords: [...C_KEYWORDS, ...CPP_KEYWORDS],
};

export default {
  id: "cpp",
  wasm,
  source: "tree-sitter-cpp@0.23.4",
  rules: {
    function_definition: { kind: "function", name: ["*"], label: "qualified", topLevel: true, unlessChild: ["delete_method_clause", "default_method_clause"], closedHead: true },
    class_specifier: { kind: "class", requireField: "body" },
    struct_specifier: { kind: "struct", requireField: "body" },
    union_specifier: { kind: "struct", requireField: "body" },
    enum_specifier: { kind: "enum", requireField: "body" },
    namespace_definition: { kind: "module", anonymous: "(anonymous)" },
    type_definition: { kind: "type", name: ["*"] },
    alias_declaration: { kind: "type" },
    preproc_function_def: { kind: "macro" },
  },
  macros: CPP_MACROS,
  brokenClose: /^\}/,
  containers: [...C_TOP, "namespace_definition"],
  fallback: "c",
  fallbackUnless: CPP_ONLY,
} satisfies GrammarDef;
