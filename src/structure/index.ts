/**
 * The structure layer: symbols of one file. Code goes through tree-sitter with a per-language
 * definition (grammars/); Markdown, JSON, YAML and TOML through small scanners of our own;
 * anything else is "text" with no symbols (never guessed structure).
 */
import type { FileStructure } from "./types.ts";
import { detectLanguage } from "./detect.ts";
import { splitLines } from "./lines.ts";
import { markdownSymbols } from "./markdown.ts";
import { jsonSymbols, tomlSymbols, yamlSymbols } from "./keys.ts";
import { GRAMMARS } from "../../grammars/index.ts";
import { cachedStructure, rememberStructure } from "./cache.ts";
export type { FileStructure, Symbol, SymbolKind } from "./types.ts";
export { detectLanguage } from "./detect.ts";

/**
 * Symbols of one file; `path` (display path) and the text's first line drive language detection.
 * `keep`: a tree-sitter parse keeps its syntax tree in `syntax` (the caller releases it).
 */
export async function extractStructure(path: string, text: string, keep = false): Promise<FileStructure> {
  // 32 KiB: a C++ header's first code can sit below a long licence comment.
  const language = detectLanguage(path, text.slice(0, 32768));
  return extractAs(language, text, keep);
}

/**
 * Symbols of `text` parsed as `language` (a detectLanguage id); see cache.ts for reuse across
 * calls (a caller that keeps the syntax tree may get a lease on a cached one: release() it as
 * any kept tree).
 */
export async function extractAs(language: string, text: string, keep = false): Promise<FileStructure> {
  const known = cachedStructure(language, text, keep);
  if (known) return known;
  return rememberStructure(language, text, await extractFresh(language, text, keep));
}

async function extractFresh(language: string, text: string, keep: boolean): Promise<FileStructure> {
  const lines = splitLines(text);
  const base = { language, totalLines: lines.length, errorRatio: 0 };
  const t0 = performance.now();
  switch (language) {
    case "markdown":
      return { ...base, symbols: markdownSymbols(lines), extractor: "markdown", debug: { parseMs: ms(t0) } };
    case "json":
      return { ...base, symbols: jsonSymbols(text, lines), extractor: "keys", debug: { parseMs: ms(t0) } };
    case "yaml":
      return { ...base, symbols: yamlSymbols(lines), extractor: "keys", debug: { parseMs: ms(t0) } };
    case "toml":
      return { ...base, symbols: tomlSymbols(lines), extractor: "keys", debug: { parseMs: ms(t0) } };
  }
  const load = GRAMMARS[language];
  if (!load) return { ...base, symbols: [], extractor: "none" };
  const def = (await load()).default;
  const { extractWithGrammar } = await import("./engine.ts");
  return extractWithGrammar(def, text, lines, keep);
}

const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;
