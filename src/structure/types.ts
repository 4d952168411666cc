/** Contract of the structure layer: symbols of one file from a real parser. */

export type SymbolKind =
  | "function" | "method" | "class" | "struct" | "enum" | "interface" | "trait" | "impl"
  | "module" | "type" | "constant" | "variable" | "field" | "macro" | "key" | "heading"
  | (string & {});

export interface Symbol {
  kind: SymbolKind;
  /** Bare identifier (e.g. `render`). */
  name: string;
  /** Display label (e.g. `impl Display for AuthStatus`, `(*Command) Execute`, `Foo.bar`). */
  label: string;
  /** 1-based inclusive lines; a class ends at its closing brace and contains its methods. */
  startLine: number;
  endLine: number;
  /** Index of the enclosing symbol in the same array, or -1. */
  parent: number;
  /** Nesting depth (0 = top level). */
  depth: number;
  /** First line of the declaration, trimmed and clipped. */
  signature: string;
  /** The range overlaps a syntax error (or was cut where a broken parse ran on): approximate. */
  approx?: boolean;
}

export interface FileStructure {
  language: string; // "typescript", "rust", ..., or "text" when unknown
  symbols: Symbol[]; // in source order (pre-order: parents before children)
  totalLines: number;
  /** Parse health: share of error/missing nodes; 0 for clean or non-parsed files. */
  errorRatio: number;
  /** Extractor used: "tree-sitter", "markdown", "keys", or "none". */
  extractor: string;
  /** The syntax tree, kept alive only when asked for (extractStructure's `keep`): call release(). */
  syntax?: {
    root: import("web-tree-sitter").Node;
    release(): void;
    /** Macro invocations the parse did not see as calls (C's masked macro loops and statement
     *  macros): rows (0-based) and [start, end) columns of their names. */
    calls?: { row: number; start: number; end: number }[];
  };
  debug?: { grammar?: string; parseMs?: number; nodeCount?: number; loadMs?: number; runtimeMs?: number; extractMs?: number; errorNodes?: number };
}
