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
  /** Last line of lines right after `endLine` that belong with the symbol without being its
   *  syntax (C: the `EXPORT_SYMBOL(f);` line after f's brace): grep groups a match there under
   *  the symbol; the range (outline, JSON end_line, trace regions) stays the syntax. */
  attachedEnd?: number;
  /** First line of the comment block directly above `startLine` (a doc comment), and of the
   *  decorations between (GrammarDef.decorations: `@property`, `#[inline]`): grep groups a match
   *  there under the symbol; the range stays the syntax, as with attachedEnd. */
  attachedStart?: number;
  /** The attached lines above are decorations alone, no comment (grep's note says so). */
  attachedDecorations?: boolean;
}

export interface FileStructure {
  language: string; // "typescript", "rust", ..., or "text" when unknown
  symbols: Symbol[]; // in source order (pre-order: parents before children)
  totalLines: number;
  /** Parse health: share of error/missing nodes; 0 for clean or non-parsed files. */
  errorRatio: number;
  /** Extractor used: "tree-sitter", "markdown", "keys", or "none". */
  extractor: string;
  /** Present when a parse limit (limits.ts) stopped the extractor before the end of the text. */
  cut?: ParseCutInfo;
  /** The syntax tree, kept alive only when asked for (extractStructure's `keep`): call release(). */
  syntax?: {
    root: import("web-tree-sitter").Node;
    release(): void;
    /** Macro invocations the parse did not see as calls (C's masked macro loops and statement
     *  macros): rows (0-based) and [start, end) columns of their names. */
    calls?: { row: number; start: number; end: number }[];
  };
  debug?: { grammar?: string; parseMs?: number; nodeCount?: number; loadMs?: number; runtimeMs?: number; extractMs?: number; errorNodes?: number; cache?: string };
}

/** Where a parse limit stopped the extractor: symbols after this point are not listed. */
export interface ParseCutInfo {
  /** The last line parsed (1-based; parsed only in part when the cut falls inside it). */
  line: number;
  /** UTF-8 bytes of text parsed, and of the whole text. */
  bytes: number;
  totalBytes: number;
  /** The limit that stopped it, in words ("200,000 tokens or 4 MiB of text"). */
  limit: string;
}
