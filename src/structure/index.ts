/**
 * The structure layer: symbols of one file. Code goes through tree-sitter with a per-language
 * definition (grammars/); Markdown, JSON, YAML and TOML through small scanners of our own;
 * anything else is "text" with no symbols (never guessed structure).
 */
import type { FileStructure } from "./types.ts";
import { detectLanguage } from "./detect.ts";
import { splitLines } from "./lines.ts";
import { SCAN_LIMIT, TREE_LIMIT, countLines, limitText, parseCut } from "./limits.ts";
import { markdownSymbols } from "./markdown.ts";
import { jsonSymbols, tomlSymbols, yamlSymbols } from "./keys.ts";
import { GRAMMARS } from "../../grammars/index.ts";
import { cachedStructure, rememberStructure } from "./cache.ts";
import { loadRecord, memoRoles, memoStatement, newRecord, rememberRoles, rememberStatement, storeStatus, type StoreRecord } from "./store.ts";
import type { MatchRole } from "./roles.ts";
export type { FileStructure, ParseCutInfo, Symbol, SymbolKind } from "./types.ts";
export { detectLanguage } from "./detect.ts";

/**
 * Symbols of one file; `path` (display path) and the text's first line drive language detection.
 * `keep`: a tree-sitter parse keeps its syntax tree in `syntax` (the caller releases it).
 * `whole`: the text is the start of a bigger file (a caller that did not decode all of it),
 * whose line count and size these are.
 */
export async function extractStructure(path: string, text: string, keep = false, whole?: WholeFile): Promise<FileStructure> {
  // 32 KiB: a C++ header's first code can sit below a long licence comment.
  const language = detectLanguage(path, text.slice(0, 32768));
  return extractAs(language, text, keep, whole);
}

export interface WholeFile {
  lines: number;
  bytes: number;
}

/**
 * Symbols of `text` parsed as `language` (a detectLanguage id), within the parse limits; see
 * cache.ts for reuse within the process and store.ts for reuse across processes. A caller that
 * passes only the start of a file (`whole`) always gets a fresh parse.
 *
 * `keep`: the syntax tree too, when one is at hand (fresh, or held by cache.ts: a lease to
 * release()). A structure served from the disk cache has none: its roles come from the memo
 * (rolesFromMemo), and `needsTree` says when they do not, so the caller parses with `reparse`.
 */
export async function extractAs(language: string, text: string, keep = false, whole?: WholeFile): Promise<FileStructure> {
  if (whole) return extractFresh(language, text, keep, whole);
  return cachedAs(language, text, keep) ?? fresh(language, text, keep);
}

/** The structure of `path`'s text from the caches (this process's, then the disk's), or undefined. */
export function cachedStructureOf(path: string, text: string, keep = false): FileStructure | undefined {
  return cachedAs(detectLanguage(path, text.slice(0, 32768)), text, keep);
}

/** A parse of `path`'s text, for a caller that already found it in no cache (structure/parallel.ts). */
export function parseUncached(path: string, text: string, keep = false): Promise<FileStructure> {
  return fresh(detectLanguage(path, text.slice(0, 32768)), text, keep);
}

function cachedAs(language: string, text: string, keep: boolean): FileStructure | undefined {
  const known = cachedStructure(language, text, keep) ?? (keep ? cachedStructure(language, text, false) : undefined);
  if (known) {
    if (known.extractor === "tree-sitter" && !records.has(known.symbols)) {
      const r = loadRecord(language, text);
      if (r) records.set(known.symbols, r);
    }
    return known;
  }
  const r = loadRecord(language, text);
  if (!r) return undefined;
  const s = rememberStructure(language, text, r.structure);
  records.set(s.symbols, r);
  return { ...s, debug: { cache: "hit" } };
}

async function fresh(language: string, text: string, keep: boolean, old?: StoreRecord): Promise<FileStructure> {
  const s = await extractFresh(language, text, keep);
  const r = old ?? newRecord(language, text, s);
  if (s.extractor === "tree-sitter") s.debug = { ...s.debug, cache: cacheNote(r) };
  const given = rememberStructure(language, text, s);
  if (r) records.set(given.symbols, r);
  return given;
}

/**
 * The disk record behind a structure (store.ts), by its symbols array: copies of a structure
 * (a cached one with a leased tree) share it.
 */
const records = new WeakMap<readonly unknown[], StoreRecord>();

type RoleMatch = { line: number; spans: [number, number][]; text: string };

/** The roles of `matches` remembered for this structure's text, or undefined when one is not. */
export function rolesFromMemo(s: FileStructure, family: string, matches: RoleMatch[]): MatchRole[] | undefined {
  const r = records.get(s.symbols);
  return r ? memoRoles(r, family, matches) : undefined;
}

/** Remembers roles read from `s`'s syntax tree, for later calls on the same text. */
export function rememberTreeRoles(s: FileStructure, family: string, matches: RoleMatch[], roles: MatchRole[]): void {
  const r = records.get(s.symbols);
  if (r) rememberRoles(r, family, matches, roles);
}

/** What a syntax tree answered about `s`'s statement starts (trace's windows), kept with its
 *  disk record: a later call served without a tree reads the same answers. Undefined for a
 *  structure no parser tree stands behind. */
export interface StatementMemo {
  get(line: number): number | undefined;
  set(line: number, start: number): void;
}

export function statementMemo(s: FileStructure): StatementMemo | undefined {
  const r = records.get(s.symbols);
  return r && { get: (line) => memoStatement(r, line), set: (line, start) => rememberStatement(r, line, start) };
}

/** Whether `s` (without a syntax tree) lacks a remembered role of one of `matches`. */
export function needsTree(s: FileStructure, family: string, matches: RoleMatch[]): boolean {
  return !s.syntax && s.extractor === "tree-sitter" && rolesFromMemo(s, family, matches) === undefined;
}

/** What --debug-structure says of the disk cache for a fresh parse. */
function cacheNote(r: StoreRecord | undefined): string {
  if (r?.key && storeStatus().state === "on") return "miss (written)";
  const st = storeStatus();
  return st.state === "on" ? "miss" : `${st.state} (${st.reason})`;
}

/**
 * Takes in a structure a parse worker extracted from `text` (structure/parallel.ts), with the
 * roles it read from its tree for `matches`: cached and remembered as a parse here would be.
 */
export function adopt(text: string, s: FileStructure, family: string, matches: RoleMatch[] | undefined, roles: MatchRole[] | undefined, old?: FileStructure): FileStructure {
  const r = (old && records.get(old.symbols)) ?? newRecord(s.language, text, s);
  const given = rememberStructure(s.language, text, s);
  if (r) {
    records.set(given.symbols, r);
    if (matches && roles) rememberRoles(r, family, matches, roles);
  }
  return given;
}

/** A fresh parse of `text`, keeping its tree, for a structure whose roles memo fell short. */
export async function reparse(text: string, s: FileStructure): Promise<FileStructure> {
  return fresh(s.language, text, true, records.get(s.symbols));
}

async function extractFresh(language: string, text: string, keep: boolean, whole?: WholeFile): Promise<FileStructure> {
  const load = GRAMMARS[language];
  const scanner = language === "markdown" || language === "json" || language === "yaml" || language === "toml";
  const limit = load ? TREE_LIMIT : SCAN_LIMIT;
  const end = load || scanner ? parseCut(text, limit) : text.length;
  const parsed = end < text.length ? text.slice(0, end) : text;
  const lines = splitLines(parsed);
  const totalLines = whole?.lines ?? (parsed === text ? lines.length : countLines(text));
  const base: Pick<FileStructure, "language" | "totalLines" | "errorRatio" | "cut"> = { language, totalLines, errorRatio: 0 };
  // A text without an extractor has no symbols to miss: nothing is cut.
  if ((load || scanner) && (parsed !== text || (whole && whole.bytes > Buffer.byteLength(text)))) {
    base.cut = { line: Math.max(1, lines.length), bytes: Buffer.byteLength(parsed), totalBytes: whole?.bytes ?? Buffer.byteLength(text), limit: limitText(limit) };
  }
  const t0 = performance.now();
  switch (language) {
    case "markdown":
      return { ...base, symbols: markdownSymbols(lines), extractor: "markdown", debug: { parseMs: ms(t0) } };
    case "json":
      return { ...base, symbols: jsonSymbols(parsed, lines), extractor: "keys", debug: { parseMs: ms(t0) } };
    case "yaml":
      return { ...base, symbols: yamlSymbols(lines), extractor: "keys", debug: { parseMs: ms(t0) } };
    case "toml":
      return { ...base, symbols: tomlSymbols(lines), extractor: "keys", debug: { parseMs: ms(t0) } };
  }
  if (!load) return { ...base, symbols: [], extractor: "none" };
  const def = (await load()).default;
  const { extractWithGrammar } = await import("./engine.ts");
  const r = await extractWithGrammar(def, parsed, lines, keep);
  r.totalLines = totalLines;
  if (base.cut) r.cut = base.cut;
  return r;
}

const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;
