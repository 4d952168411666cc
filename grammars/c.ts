// C. Function names sit inside declarators (`char **f(void)`, `int (*get(int))(int)`): the `*` name step unwraps them. Aggregates count only with a body (not `struct x *p`).
// Macros are masked before parsing (src/structure/macros.ts): annotation macros of kernel and
// library code, macro-like words in annotation places, and macro loops. A definition made by a
// macro (`SYSCALL_DEFINE3(read, ...) { ... }`) is a function named by the macro, labelled with its
// first argument, as ctags and a reader see it. The `EXPORT_SYMBOL(name);` (or
// `late_initcall(name);`) line right after a function is attached to it (grep groups it there);
// its range still ends at its brace.
import { GRAMMAR_WASM } from "./wasm.ts";
import type { GrammarDef, MacroSpec } from "../src/structure/grammar.ts";

const wasm = GRAMMAR_WASM.c!;

/** Annotation macros (Linux, glibc, common libraries) that expand to attributes or nothing. */
export const C_ATTRIBUTES = [
  // sections and init/exit
  "__init", "__exit", "__initdata", "__exitdata", "__initconst", "__exitconst", "__initrodata",
  "__devinit", "__devexit", "__devinitdata", "__devinitconst", "__cpuinit", "__cpuexit", "__cpuinitdata",
  "__meminit", "__meminitdata", "__meminitconst", "__init_memblock", "__ref", "__refdata", "__refconst",
  "__init_or_module", "__initdata_or_module", "__net_init", "__net_exit", "__net_initdata",
  "__head", "__sched", "__kprobes", "__irq_entry", "__softirq_entry", "__exception_irq_entry",
  "__cpuidle", "__lockfunc", "__nosavedata", "__page_aligned_data", "__page_aligned_bss",
  "__read_mostly", "__ro_after_init", "__lsm_ro_after_init", "__initmv", "__sramfunc",
  // inlining, linkage, checking
  "__always_inline", "noinline", "__noinline", "noinline_for_stack", "nokprobe_inline", "__noclone",
  "__inline_maybe_unused", "__no_kasan_or_inline", "__no_sanitize_or_inline", "__flatten",
  "__maybe_unused", "__always_unused", "__unused", "__used", "__cold", "__hot", "__visible", "__weak",
  "__must_check", "__pure", "__noreturn", "__malloc", "__naked", "__attribute_const__",
  "__deprecated", "__designated_init", "__nonstring", "__noendbr", "__fix_address",
  "notrace", "noinstr", "asmlinkage", "__nocfi", "__cficanonical", "__noscs", "__no_kcsan",
  "__no_sanitize_address", "__no_stack_protector", "__no_profile", "__bpf_kfunc", "__ksym", "__kconfig",
  "__latent_entropy", "__randomize_layout", "__no_randomize_layout", "__packed",
  "__cacheline_aligned", "__cacheline_aligned_in_smp", "____cacheline_aligned",
  "____cacheline_aligned_in_smp", "____cacheline_internodealigned_in_smp",
  // address spaces and sparse annotations
  "__user", "__kernel", "__iomem", "__percpu", "__rcu", "__force", "__bitwise", "__nocast",
  "__safe", "__private", "__must_hold_any",
  // glibc and friends
  "__THROW", "__THROWNL", "__wur", "attribute_hidden", "internal_function", "__attribute_pure__",
  "__attribute_malloc__", "__attribute_warn_unused_result__", "__attribute_deprecated__",
  "__attribute_noinline__",
];

/** Annotation macros that take an argument list. */
export const C_ATTRIBUTE_CALLS = [
  "__printf", "__scanf", "__section", "__aligned", "__acquires", "__releases", "__acquire", "__release",
  "__must_hold", "__cond_acquires", "__cond_releases", "__guarded_by", "__pt_guarded_by", "__counted_by",
  "__alloc_size", "__realloc_size", "__assume_aligned", "__cleanup", "__free", "__compiletime_error",
  "__compiletime_warning", "__nonnull", "__attribute_format_arg__", "__attribute_alloc_size__",
  "__diagnose_as", "__no_sanitize",
  // C11 and C++11 alignment specifiers (a macro of <stdalign.h> in C before C23)
  "alignas", "_Alignas",
  // GNU attributes, whole: a known annotation word blanked inside one left `((used, ))`
  "__attribute__", "__attribute",
];

/** Macros that take a type argument. */
export const C_TYPE_ARG_CALLS = [
  "min_t", "max_t", "clamp_t", "container_of", "container_of_const", "list_entry", "list_first_entry",
  "list_last_entry", "list_first_entry_or_null", "list_last_entry_or_null", "hlist_entry", "hlist_entry_safe",
  "rb_entry", "rb_entry_safe", "llist_entry", "sizeof_field", "offsetofend", "typeof_member", "va_arg",
  "DECLARE_PER_CPU", "DEFINE_PER_CPU", "DEFINE_PER_CPU_ALIGNED", "DEFINE_PER_CPU_SHARED_ALIGNED",
  "DEFINE_PER_CPU_READ_MOSTLY", "DECLARE_PER_CPU_READ_MOSTLY", "DEFINE_PER_CPU_PAGE_ALIGNED", "__field",
  "__array", "__dynamic_array", "__field_struct", "__field_ext", "type_max", "type_min", "is_signed_type",
  "struct_size_t", "DECLARE_FLEX_ARRAY", "__same_type", "__must_be_array", "FIELD_SIZEOF",
  "SIZEOF_FIELD", "va_copy",
];

export const C_KEYWORDS = [
  "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
  "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
  "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
  "volatile", "while", "_Bool", "_Complex", "_Atomic", "_Noreturn", "_Static_assert", "_Alignas",
  "_Alignof", "_Generic", "_Thread_local", "bool", "true", "false", "asm", "__asm", "__asm__",
  "__attribute__", "__attribute", "__declspec", "__extension__", "__inline", "__inline__", "__restrict",
  "__restrict__", "__volatile__", "__const", "__signed__", "__typeof__", "__typeof", "typeof",
  "_Pragma", "defined", "__int128", "__label__", "__auto_type", "__thread", "__alignof__",
  "__builtin_va_list", "__cdecl", "__clrcall", "__stdcall", "__fastcall", "__thiscall", "__vectorcall",
];

export const C_COMPLETE_TYPES = ["void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool", "bool"];
export const C_TYPE_STARTS = [...C_COMPLETE_TYPES, "struct", "union", "enum", "static", "extern", "inline", "register", "_Noreturn"];

/** Syntax only C++ has: a C unit with it may take the C++ reading, a C++ unit with it never the C one. */
export const CPP_ONLY = /::|\b(?:public|private|protected|virtual|override|final|template|namespace|operator|class|throw|nullptr|noexcept|constexpr)\b|\btry\s*\{|\bcatch\s*\(|_cast\s*</;

/** Node types whose children are top-level code. */
export const C_TOP = ["translation_unit", "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef", "linkage_specification", "declaration_list"];

export const C_MACROS: MacroSpec = {
  attributes: C_ATTRIBUTES,
  attributeCalls: C_ATTRIBUTE_CALLS,
  typeArgCalls: C_TYPE_ARG_CALLS,
  completeTypes: C_COMPLETE_TYPES,
  typeStarts: C_TYPE_STARTS,
  keywords: C_KEYWORDS,
  loops: true,
};

export default {
  id: "c",
  wasm,
  source: "tree-sitter-c@0.24.1",
  rules: {
    function_definition: { kind: "function", name: ["*"], needs: "function_declarator", macroUnder: C_TOP, topLevel: true, closedHead: true },
    expression_statement: { kind: "function", label: "macro-definition", extendToSibling: "compound_statement", under: C_TOP },
    ERROR: { kind: "function", label: "error-definition", under: C_TOP },
    struct_specifier: { kind: "struct", requireField: "body" },
    union_specifier: { kind: "struct", requireField: "body" },
    enum_specifier: { kind: "enum", requireField: "body" },
    type_definition: { kind: "type", name: ["*"] },
    preproc_function_def: { kind: "macro" },
    // A variable initialized with a brace list (`struct proto tcp_prot = { ... };`, an ops table):
    // named by the declared variable, never by its type's tag.
    declaration: { kind: "variable", name: ["*"], when: { field: "declarator/value", types: ["initializer_list"] }, under: C_TOP },
  },
  macros: C_MACROS,
  brokenClose: /^\}/,
  brokenHeads: [
    [/^(?:typedef[ \t]+)?(?:struct|union)[ \t]+([A-Za-z_]\w*)[^;(=]*$/, "struct"],
    [/^(?:typedef[ \t]+)?enum[ \t]+([A-Za-z_]\w*)[^;(=]*$/, "enum"],
    [/^(?!(?:if|for|while|switch|return|else|do|case|goto|typedef|sizeof)\b)(?:[A-Za-z_][\w \t*]*[ \t*])?([A-Za-z_]\w*)[ \t]*\([^;]*$/, "function"],
  ],
  trailer: /^[A-Za-z_]\w*\(\s*(\w+)\s*(?:,[^;]*)?\)\s*;/,
  containers: C_TOP,
  fallback: "cpp",
  fallbackWhen: CPP_ONLY,
} satisfies GrammarDef;
