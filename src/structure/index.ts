// PLACEHOLDER (to be replaced by the structure layer).
import type { FileStructure } from "./types.ts";
export type { FileStructure, Symbol, SymbolKind } from "./types.ts";

/** Symbols of one file; `path` (display path) drives language detection, `text` is its content. */
export async function extractStructure(_path: string, text: string): Promise<FileStructure> {
  return { language: "text", symbols: [], totalLines: text.split("\n").length, errorRatio: 0, extractor: "none" };
}
