/**
 * The shape of a per-language definition (grammars/<lang>.ts). Definitions are plain data read by
 * one engine (engine.ts): which syntax-tree node types are symbols, what kind they are, where
 * their name is. The few shapes that plain field lookups cannot express (Rust `impl Trait for
 * Type`, Go receivers, C declarators, Elixir `def` calls) are named strategies the engine knows.
 */
import type { SymbolKind } from "./types.ts";

/**
 * Where a symbol's name is: alternatives tried in order; each is a `/`-separated path of steps:
 *   `name`      the child in that field
 *   `@type`     the first named child of that node type (`@a|b` = of either type)
 *   `*`         C/C++ declarator unwrapping: follow `declarator` fields through pointer,
 *               function, array, parenthesized and reference declarators down to the identifier
 *   `#text`     the node's own text (the default final step)
 */
export type NamePath = string;

export type LabelStrategy =
  | "rust-impl" // `impl Trait for Type` (name = Type) or `impl Type`
  | "go-method" // `(*Recv) Name`
  | "ruby-singleton" // `self.name`
  | "elixir-call" // `def name` / `defmodule Name` calls: only these targets are symbols
  | "qualified" // the name node's full text (e.g. `a.b.c = function`): name = last segment
  | "macro-definition" // C `SYSCALL_DEFINE3(read, ...) { ... }`: a call with no `;` and a body after it
  | "error-definition"; // C: an ERROR node holding a function head and its `{`: the function a broken parse left

export interface Rule {
  kind: SymbolKind;
  /** Name alternatives (default: ["name"]). */
  name?: NamePath[];
  label?: LabelStrategy;
  /** Pick the kind by the node type of a field's child (`*` = any other type); field "@" = the
   *  first named child whose type is a key of the map; a field with `/` is a name path. */
  kindBy?: { field: string; map: Record<string, SymbolKind> };
  /** Pick the kind by the text of a field's child or, without a field, of the first direct child
   *  (keyword or not) whose text is a key (Swift `class`/`struct`, Kotlin `interface`). */
  kindByText?: { field?: string; map: Record<string, SymbolKind> };
  /** Only a symbol when this field's child is one of these node types (JS `const f = () => …`);
   *  field "@" = any named child (Zig `const Point = struct {…}`); a field with `/` is a name
   *  path to the node (Lua `@expression_list/value`). */
  when?: { field: string; types: string[] };
  /** Only a symbol when the node has a child in this field (C `struct x { … }`, not `struct x *p`). */
  requireField?: string;
  /** Not a symbol when the node has a child of one of these types (C++ `f () = delete;`, `= default;`:
   *  a declaration in definition syntax, with no body to read). */
  unlessChild?: string[];
  /** Not a symbol when its function declarator's `)` is one the parser invented (a macro call
   *  with brace arguments read as a head and a body). */
  closedHead?: boolean;
  /** Not a symbol when the parent node has one of these types (Dart: a function_signature that
   *  is part of a method_signature). */
  notUnder?: string[];
  /** Only a symbol when not inside a function body (e.g. Go/Rust constants); a list: only the
   *  symbols of these kinds (Lua: a table, not a function assigned by name). */
  topLevel?: boolean | SymbolKind[];
  /** Name used when the node has none (e.g. `export default function () {}` -> "default"). */
  anonymous?: string;
  /** The symbol's range extends over the next sibling when it has this type (Dart bodies). */
  extendToSibling?: string;
  /** Only a symbol when its declarator chain (the `*` name step) passes through a node of this
   *  type: a C function definition declares a function, so `for_each_x(se) { ... }` (a macro
   *  loop parsed as `type (declarator) body`) is none. */
  needs?: string;
  /** Where `needs` fails: `NAME(arg) { ... }` directly under one of these node types is a
   *  definition made by the macro NAME (`define_machine(c293) { ... }`), as `macro-definition`. */
  macroUnder?: string[];
  /** Only a symbol directly under one of these node types, and looked for only there (from the
   *  root through them), not in the whole tree: for shapes as common as `expression_statement`. */
  under?: string[];
}

/** C-family macros the preprocessor would expand away (see src/structure/macros.ts). */
export interface MacroSpec {
  /** Annotation macros that are never a name (`__init`, `__user`, `asmlinkage`): blanked. */
  attributes: string[];
  /** Annotation macros with an argument list (`__printf(1, 2)`): blanked with their arguments. */
  attributeCalls: string[];
  /** Macros taking a type among their arguments (`min_t(unsigned int, a, b)`, `container_of(p,
   *  struct foo, member)`): each type argument is read as a plain operand. */
  typeArgCalls: string[];
  /** Keywords that make a complete type alone (`int`, `void`): a macro-like word after one and
   *  before the declared name is an annotation. */
  completeTypes: string[];
  /** Type and storage keywords: a macro-like word right before one is an annotation. */
  typeStarts: string[];
  /** Reserved words: never taken for a macro. */
  keywords: string[];
  /** Indented `name(args)` statements with no `;` are macro loops (C only: C++ constructors
   *  have that shape). */
  loops?: boolean;
}

export interface GrammarDef {
  /** Language id shown to users ("typescript", "rust", ...). */
  id: string;
  /** Embedded, zstd-compressed grammar file (an `import … with { type: "file" }` path). */
  wasm: string;
  /** Human-readable source of the grammar (package@version), for --debug-structure. */
  source: string;
  rules: Record<string, Rule>;
  /** Leading child node types not counted in a symbol's start line (decorators, comments). */
  leading?: string[];
  /** Node types that decorate the symbol after them from outside its node (Python `decorator`,
   *  Rust `attribute_item`, a class member's `decorator` in TypeScript, `annotation` in Dart): not
   *  in its range, but attached to it (Symbol.attachedStart), with a doc comment above them. */
  decorations?: string[];
  /** Macros masked before parsing (C, C++). */
  macros?: MacroSpec;
  /** Where a broken parse runs a symbol on: a line of this shape (C: `}` at column 0) closes a
   *  top-level symbol whose syntax tree holds an error, so it never swallows what follows. */
  brokenClose?: RegExp;
  /** Definition heads as a line shows them (capture 1: the name) and their kind, for what a
   *  broken parse lost: a line of such a shape outside every symbol, with its `{` within a few
   *  lines, in a stretch with a syntax error, is an (approximate) symbol up to the next
   *  `brokenClose` line. */
  brokenHeads?: [RegExp, SymbolKind][];
  /** A line right after a top-level function that belongs to it when its capture 1 is the
   *  function's name (C: `EXPORT_SYMBOL_GPL(foo);`, `late_initcall(foo);`): attached to it
   *  (Symbol.attachedEnd), outside its range. */
  trailer?: RegExp;
  /** Node types whose children are top-level units (C: the translation unit, `#if` groups,
   *  `extern "C" {`): a damaged stretch of their children is re-parsed unit by unit (engine.ts). */
  containers?: string[];
  /** Language id of a grammar whose reading of a damaged unit is taken where it has fewer errors
   *  (C++ heads in a `.c` file, C that C++ cannot read). */
  fallback?: string;
  /** The fallback is tried only on a unit whose text matches this (C: C++-only syntax, so a C
   *  macro-made definition never becomes a C++ constructor-shaped reading). */
  fallbackWhen?: RegExp;
  /** ... and never on a unit whose text matches this (C++: C++-only syntax, which C misreads). */
  fallbackUnless?: RegExp;
}
