/**
 * find: rank the files of a scope for a topic query.
 *
 * Cost model: one walk; path scoring for every file (no I/O); content scanning of every file while
 * the scope is small enough, else of the files with path evidence within a byte budget (said in
 * the output); tree-sitter structure only for the few best candidates. Scores are in "IDF units"
 * so path, symbol and content evidence for a rare word all outweigh the same for a common word.
 */
import { walkSorted } from "../walk/index.ts";
import type { FileEntry, WalkOptions, WalkStats } from "../walk/types.ts";
import { readFile, readText, searchableEnd } from "../read/index.ts";
import { extractStructure, type FileStructure } from "../structure/index.ts";
import { prefetchPath } from "../structure/prefetch.ts";
import { inferRole, type Role } from "../classify/role.ts";
import { identifierWords, isStopWord, stem } from "../query/identifiers.ts";
import { idf as idfOf, saturate, soft } from "./bm25.ts";
import { probesOf, TokenMatcher, type Composite, type FindQuery, type Term, type TermHit } from "./find-query.ts";
import { profiler } from "../util/prof.ts";

export interface FindOptions {
  walk: WalkOptions;
  maxFiles: number;
  /** Parse structure for this many top files (the summary in text/json output; 0 for paths-only). */
  structureFor: number;
  /** Content bytes scanned at most; beyond it only files with path evidence are read. */
  contentBudget?: number;
  /** Above this many files only the best path candidates are read (tests lower it). */
  fullScanFiles?: number;
}

export interface PathHit {
  term: number;
  token: string;
  where: "name" | "dir";
  quality: number;
  /** Position weight: 1 in the file name, 0.5 in its directory, 0.35 above. */
  weight: number;
  /** Matched through an acronym or initial compound (see Composite): confirmed by the content. */
  composite?: boolean;
  /** Matched the file's extension (.tbl for "table"): the query names this kind of file. */
  ext?: boolean;
}

/** A definition whose name holds query words, found by the line heuristic (isDefinition). */
export interface SymbolHit {
  name: string;
  line: number;
  terms: number[];
}

export interface Components {
  path: number;
  /** The rarest set of 3+ query words said within PASSAGE_BYTES of each other. */
  passage: number;
  /** Its name holds a word the tree's comments tie to the query (see learnNames). */
  learned: number;
  /** Query words in the file's leading description (headerSpans). */
  header: number;
  symbols: number;
  content: number;
  proximity: number;
  coverage: number;
  roleFactor: number;
  /** Below 1 for a C/C++ header (declarations; see formFactor), times a tiny depth tie-break. */
  formFactor: number;
}

export interface RankedFile {
  entry: FileEntry;
  path: string;
  role: Role;
  score: number;
  components: Components;
  pathHits: PathHit[];
  /** Terms found in the file's leading description. */
  headerWords: number[];
  /** The definition whose doc comment gives the header score, when not the leading comment. */
  docAt?: { name: string; line: number };
  /** Terms of the best passage (see passageMasks). */
  passageWords: number[];
  /** Words of its name the tree ties to the query (see learnNames). */
  learnedHits: LearnedName[];
  symbolHits: SymbolHit[];
  /** Quality-weighted mentions per term (all identifiers, definitions included). */
  tf: number[];
  /** Per term: mentions written out as the word or its stem (absent when the content was not read). */
  spelled?: number[];
  /** Terms with any evidence in this file. */
  matched: number[];
  nearPairs: number;
  contentRead: boolean;
  /** A big file whose mentions come from its best window (WINDOW_BYTES). */
  windowed?: boolean;
  bytes: number;
  structure?: FileStructure;
}

export interface FindStats extends WalkStats {
  walked: number;
  contentRead: number;
  /** Files whose content was not read because the scope exceeded the content budget. */
  contentSkippedBudget: number;
  tooLarge: number;
  binary: number;
  budgetBytes: number;
  /** Over MAX_FILES_FULL_SCAN files: only the best path candidates were read. */
  hugeTree: boolean;
  hugeTreeFiles: number;
  maxContentFiles: number;
}

export interface FindResult {
  query: FindQuery;
  ranked: RankedFile[];
  totalScored: number;
  stats: FindStats;
  idf: number[];
  /** Per term: number of files with any evidence for it. */
  termFiles: number[];
  /** Terms no file matches, with the nearest words of the scope's paths. */
  suggestions: Map<number, string[]>;
  /** Words the tree ties to the query (see learnNames). */
  learned: LearnedName[];
}

const DEFAULT_BUDGET = 48 * 1024 * 1024;
/** Bigger files are ranked by path only (a scan costs about 1 ms per 100 KB; the budget bounds the total). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Above this many files only path candidates are read (the Linux kernel has ~80k). */
const MAX_FILES_FULL_SCAN = 20000;
const HUGE_TREE_CONTENT_FILES = 400;
/** Parsing is the costliest step per byte; beyond this the summary says to run outline. */
export const PARSE_BUDGET = 256 * 1024;
export const PARSE_FILES = 3;
const SECONDARY_EXT = new Set(["test", "spec", "min", "d"]);
const GENERIC_STEMS = new Set(["mod", "index", "lib", "main", "init", "__init__", "__main__", "package", "default", "src"]);

const ROLE_FACTOR: Record<Role, number> = {
  implementation: 1,
  test: 0.45,
  docs: 0.4,
  example: 0.5,
  vendored: 0.3,
  generated: 0.25,
  config: 0.65,
  build: 0.65,
  generic: 0.55,
};

export interface PathInfo {
  entry: FileEntry;
  /** Computed lazily: only files with evidence need one. */
  role: Role | null;
  hits: PathHit[];
  /** best quality × position weight per term */
  best: number[];
  nameTokens: string[];
  nameCovered: boolean;
}

/** Splitting memo for path components: a big tree repeats the same directory names a lot. */
const wordsMemo = new Map<string, string[]>();
function componentWords(s: string): string[] {
  let w = wordsMemo.get(s);
  if (!w) wordsMemo.set(s, (w = identifierWords(s)));
  return w;
}

const NO_HITS: PathHit[] = [];
/** Extensions that only name a language or format (their words are no evidence); others weigh like a directory. */
const PLAIN_EXT = new Set("cpp hpp cxx hxx hh js ts tsx jsx mjs cjs mts cts py pyi pyw rb php java kt kts go rs cs swift scala mm md txt rst json yaml yml toml xml html htm css scss less sh bash zsh lua pl pm ex exs erl dart zig mli sol sql gradle cmake mk in am ac bat ps1 cfg ini conf lock log csv tsv svg png jpg gif ico pdf vue svelte".split(" "));
const EXT_WEIGHT = 0.5;

interface DirInfo {
  best: number[];
  hits: PathHit[];
}

/**
 * Directory evidence, shared by every file below the directory (memoised per query run by the
 * caller's map): nearer directories say more about a file, parent 0.5, above it 0.35.
 */
function analyseDir(dir: string, m: TokenMatcher, nTerms: number, probe: RegExp, zeros: number[], memo: Map<string, DirInfo>): DirInfo {
  let d = memo.get(dir);
  if (d) return d;
  if (dir === "" || !probe.test(dir)) d = { best: zeros, hits: NO_HITS };
  else {
    const parts = dir.split("/");
    const best = new Array(nTerms).fill(0);
    const hits: PathHit[] = [];
    for (let i = parts.length - 1; i >= 0; i--) {
      const w = i === parts.length - 1 ? 0.5 : 0.35;
      for (const tok of componentWords(parts[i]!)) {
        for (const [ti, q] of m.match(tok)) {
          if (q * w > best[ti]) best[ti] = q * w;
          if (!hits.some((h) => h.term === ti && h.token === tok)) hits.push({ term: ti, token: tok, where: "dir", quality: q, weight: w, ...(m.compositeHits(tok) ? { composite: true } : {}) });
        }
      }
    }
    d = { best, hits };
  }
  memo.set(dir, d);
  return d;
}

function analysePath(entry: FileEntry, m: TokenMatcher, nTerms: number, probe: RegExp, zeros: number[], memo: Map<string, DirInfo>): PathInfo | null {
  const display = entry.display;
  // Every match shares a term's first three letters (see find-query.ts), so a path without any
  // of them needs no splitting: the common case on a big tree.
  if (!probe.test(display)) return null;
  const slash = display.lastIndexOf("/");
  const base = display.slice(slash + 1);
  let dir = slash >= 0 ? display.slice(0, slash) : "";
  const dot = base.lastIndexOf(".");
  const stemPart = dot > 0 ? base.slice(0, dot) : base;
  let nameTokens = componentWords(stemPart);
  // Secondary extensions (.test, .spec, .min, .d) are not the name's meaning: foo.test.ts names "foo".
  if (nameTokens.length > 1 && SECONDARY_EXT.has(nameTokens[nameTokens.length - 1]!)) nameTokens = nameTokens.slice(0, -1);
  // `auth/mod.rs`, `auth/index.ts`, `auth/__init__.py`: the directory is the module's name.
  if (dir !== "" && (nameTokens.length === 0 || (nameTokens.length === 1 && GENERIC_STEMS.has(nameTokens[0]!)) || stemPart === "__init__")) {
    const s2 = dir.lastIndexOf("/");
    nameTokens = componentWords(dir.slice(s2 + 1));
    dir = s2 >= 0 ? dir.slice(0, s2) : "";
  }
  const dinfo = analyseDir(dir, m, nTerms, probe, zeros, memo);
  const hits: PathHit[] = [];
  let best = dinfo.best;
  // An extension that is not a language's says what the file holds (.tbl: a table, .proto).
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
  if (ext.length >= 3 && !PLAIN_EXT.has(ext)) {
    for (const tok of componentWords(ext)) for (const [ti, q] of m.match(tok)) {
      if (best === dinfo.best) best = best.slice();
      hits.push({ term: ti, token: tok, where: "name", quality: q, weight: EXT_WEIGHT, ext: true });
      best[ti] = Math.max(best[ti]!, q * EXT_WEIGHT);
    }
  }
  let covered = 0;
  for (const tok of nameTokens) {
    const mh = m.match(tok);
    if (mh.length) covered++;
    for (const [ti, q] of mh) {
      if (best === dinfo.best) best = best.slice();
      hits.push({ term: ti, token: tok, where: "name", quality: q, weight: 1, ...(m.compositeHits(tok) ? { composite: true } : {}) });
      best[ti] = Math.max(best[ti]!, q);
    }
  }
  for (const h of dinfo.hits) hits.push(h);
  if (hits.length === 0) return null;
  return { entry, role: null, hits, best, nameTokens, nameCovered: nameTokens.length > 0 && covered === nameTokens.length };
}

/** A line prefix that makes the next identifier a definition name, across common languages. */
const DEF_KEYWORD =
  /(?:^|[\s;{(])(?:def|fn|func|function\*?|class|struct|enum|trait|interface|type|typedef|impl|mod|module|namespace|macro_rules!|#\s*define|const|let|var|static|val|fun|sub|union|protocol|record|object|alias)\s+(?:[*&]\s*)?$/;
const GO_METHOD = /^\s*func\s*\([^)]*\)\s*$/;
const MODIFIERS_ONLY =
  /^\s*(?:(?:public|private|protected|internal|static|async|get|set|override|readonly|export|default|pub(?:\([^)]*\))?|unsafe|extern(?:\s+"[^"]*")?|abstract|final|synchronized|inline|virtual|const)\s+)*$/;
const C_DEF_PREFIX = /^[A-Za-z_][\w \t\*]*[\s\*]$/;
const NOT_DEF = new Set(["if", "for", "while", "switch", "catch", "return", "function", "else", "do", "try", "with", "new", "await", "yield", "typeof", "sizeof", "match", "loop", "unsafe", "assert", "print", "super", "this", "self"]);

function isDefinition(b: Buffer, cs: number, ce: number, ident: string): boolean {
  if (NOT_DEF.has(ident)) return false;
  const ls = cs === 0 ? 0 : b.lastIndexOf(10, cs - 1) + 1;
  if (cs - ls > 120) return false;
  const prefix = b.toString("latin1", ls, cs);
  if (DEF_KEYWORD.test(prefix) || GO_METHOD.test(prefix)) return true;
  // `name(args) {` as a class method (JS/TS/Java/C#), or `type name(args)` at column 0 (C, C++).
  if (b[ce] === 40 /* ( */) {
    let le = b.indexOf(10, ce);
    if (le < 0) le = b.length;
    const rest = b.toString("latin1", ce, Math.min(le, ce + 300)).trimEnd();
    if (rest.endsWith(";")) return false;
    if (MODIFIERS_ONLY.test(prefix) && (rest.endsWith("{") || rest.endsWith(":"))) return prefix.length > 0 || rest.endsWith("{");
    if (ls === cs - prefix.length && C_DEF_PREFIX.test(prefix) && !/^\s/.test(prefix) && !/\b(return|else|case|goto)\b/.test(prefix)) return true;
  }
  return false;
}

interface ContentEvidence {
  tf: number[];
  /** Per term: mentions written out as the word or its stem (not an abbreviation). */
  spelled: number[];
  /** Per term: best match quality in the file's leading description (see headerSpans). */
  header: number[];
  defs: Array<{ name: string; line: number; terms: TermHit[] }>;
  nearPairs: number;
  /** Term sets found together within PASSAGE_BYTES (see passageMasks). */
  passages: number[];
  /** Comment blocks that say query words, with the definition each documents (see docBlocks). */
  docs: DocBlock[];
  len: number;
  /** A big file scored by its best window (see bestWindow). */
  windowed?: boolean;
}

/** A sentence or two: query words this close together say the same thing as the query. */
export const PASSAGE_BYTES = 160;
/** Passages covering this many distinct query words count (two side by side are proximity). */
const PASSAGE_MIN_TERMS = 3;

/**
 * The distinct sets of terms (bit masks) that occur together within PASSAGE_BYTES, keeping only
 * sets not contained in another: the scorer weighs each by its terms' rarity and takes the best.
 * A file that says the query in one sentence ("how many times a mock function is expected to be
 * called") is about it even when its name and most of its words are not.
 */
const PASSAGE_MASKS_MAX = 64;

/** The terms of a term mask (terms past 30 share bit 30), how many, and their summed rarity. */
function maskRarity(mask: number, tidf: number[]): { k: number; sum: number; terms: number[] } {
  const terms: number[] = [];
  let sum = 0;
  for (let t = 0; t < tidf.length && t < 31; t++) if (mask & (1 << t)) { terms.push(t); sum += tidf[t]!; }
  return { k: terms.length, sum, terms };
}

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

export function passageMasks(occ: Array<[number, number]>): number[] {
  const found = new Set<number>();
  for (let i = 0, j = 0; i < occ.length; i++) {
    let mask = 0;
    for (j = i; j < occ.length && occ[j]![0] - occ[i]![0] <= PASSAGE_BYTES; j++) mask |= occ[j]![1];
    if (popcount(mask) >= PASSAGE_MIN_TERMS) found.add(mask);
  }
  // The widest sets first; a set inside a kept one adds nothing. Bounded: a bundle may hold
  // thousands of distinct sets.
  const all = [...found].sort((a, b) => popcount(b) - popcount(a) || a - b);
  const kept: number[] = [];
  for (const a of all) {
    if (kept.length >= PASSAGE_MASKS_MAX) break;
    if (!kept.some((b) => (a & b) === a)) kept.push(a);
  }
  return kept.sort((a, b) => a - b);
}

export interface DocBlock {
  /** Terms the comment block says. */
  mask: number;
  /** The definition right below it. */
  name: string;
  line: number;
  /** It defines a type or module (class, struct, interface, module...), not a member. */
  isType: boolean;
}

const DOC_MAX_LINES = 60;
const DOC_BLOCKS_PER_FILE = 100;
// C's struct/union/enum name a type only where it is defined (`struct x {`), not where a
// variable of it is declared (`struct x *p = ...;`).
// An export macro may stand between the keyword and the name (`class GTEST_API_ Cardinality`).
const DEF_NAME_KEYWORD = /(?:^|\s)(?:class|interface|trait|module|object|def|fn|func|fun|function|record|protocol|namespace)\s+(?:[A-Z][A-Z0-9_]+\s+)*(?:self\.)?([A-Za-z_$][\w$]*)|(?:^|\s)(?:typedef\s+)?(?:struct|union|enum(?:\s+class)?)\s+(?:[A-Z][A-Z0-9_]+\s+)*([A-Za-z_$][\w$]*)\s*(?:[{:]|$)/;
const TYPE_KEYWORD = /(?:^|\s)(?:class|interface|trait|module|object|record|protocol|namespace)\s+[A-Za-z_$]|(?:^|\s)(?:struct|union|enum)\s+[A-Za-z_$][\w$]*\s*(?:[{:]|$)/;
const DEF_NAME_DEFINE = /^\s*#\s*define\s+([A-Za-z_]\w*)/;
const DEF_NAME_CALLABLE = /([A-Za-z_$][\w$]*)\s*\(/;
/** Annotations and decorators between a doc comment and its definition. */
const ANNOTATION_LINE = /^\s*(?:@[\w.]+|#\[)/;

/** Line [start, end) around pos. */
function lineAt(b: Buffer, pos: number): [number, number] {
  const s = pos === 0 ? 0 : b.lastIndexOf(10, pos - 1) + 1;
  let e = b.indexOf(10, pos);
  if (e < 0) e = b.length;
  return [s, e];
}

/** The name a code line defines (class Foo, def foo, `Type foo(args)`), or null. */
export function definedName(line: string): string | null {
  const k = DEF_NAME_KEYWORD.exec(line);
  if (k) return k[1] ?? k[2]!;
  const d = DEF_NAME_DEFINE.exec(line);
  if (d) return d[1]!;
  // A C declaration of a struct variable is not a definition of anything documented above it.
  if (/^\s*(?:static\s+|const\s+)*(?:struct|union|enum)\s+\w+\s*\*?\s*\w+\s*[;=[]/.test(line)) return null;
  if (/;\s*$/.test(line) && !/\)\s*(?:const\s*)?;\s*$/.test(line)) return null;
  const c = DEF_NAME_CALLABLE.exec(line);
  if (!c || NOT_DEF.has(c[1]!) || /^\s*(?:return|else|case|goto|throw|new|await|yield)\b/.test(line) || /[=.]\s*$/.test(line.slice(0, c.index))) return null;
  return c[1]!;
}

/**
 * The comment blocks that hold query words (occ: [pos, term mask], sorted), each with the terms it
 * says and the name of the definition right below it: what the tree itself says a name is for
 * ("object that specifies how many times a mock function is expected to be called" above
 * `class Cardinality`). Cost follows the occurrences, not the file size.
 */
export function docBlocks(b: Buffer, occ: Array<[number, number]>): DocBlock[] {
  const out: DocBlock[] = [];
  let blockEnd = -1;
  let cur: DocBlock | null = null;
  let lineNo = 1;
  let counted = 0;
  for (const [pos, mask] of occ) {
    if (pos < blockEnd) {
      if (cur) cur.mask |= mask;
      continue;
    }
    if (out.length >= DOC_BLOCKS_PER_FILE) break;
    cur = null;
    let [ls, le] = lineAt(b, pos);
    blockEnd = le;
    if (!COMMENT_LINE.test(b.toString("latin1", ls, Math.min(le, ls + 200)))) continue;
    // Walk to the block's end, then past blank and annotation lines to the code it documents.
    let n = 0;
    let code: string | null = null;
    for (let at = le + 1; at < b.length && n < DOC_MAX_LINES; n++) {
      [ls, le] = lineAt(b, at);
      const line = b.toString("latin1", ls, Math.min(le, ls + 300));
      at = le + 1;
      if (COMMENT_LINE.test(line) || /^\s*\*\/\s*$/.test(line)) { blockEnd = le; continue; }
      if (/^\s*$/.test(line) || ANNOTATION_LINE.test(line)) continue;
      code = line;
      break;
    }
    const name = code === null ? null : definedName(code);
    if (name === null || name.length < 3) continue;
    for (let i = b.indexOf(10, counted); i >= 0 && i < ls; i = b.indexOf(10, i + 1)) { lineNo++; counted = i + 1; }
    cur = { mask, name, line: lineNo, isType: TYPE_KEYWORD.test(code!) };
    out.push(cur);
  }
  return out.filter((d) => (d.mask & (d.mask - 1)) !== 0);
}

/** Files over twice this are scored by their best window of this many bytes. */
export const WINDOW_BYTES = 64 * 1024;

/**
 * Per-term mentions in the best window of WINDOW_BYTES (windows start every half window):
 * the window covering the most query words, then the most mentions.
 */
export function bestWindow(occ: Array<[number, TermHit[]]>, nT: number): number[] {
  let best = new Array(nT).fill(0);
  let bestKey = -1;
  if (occ.length === 0) return best;
  occ.sort((a, b) => a[0] - b[0]);
  const last = occ[occ.length - 1]![0];
  const step = WINDOW_BYTES / 2;
  let i0 = 0;
  for (let start = 0; start <= last; start += step) {
    while (i0 < occ.length && occ[i0]![0] < start) i0++;
    const tf = new Array(nT).fill(0);
    let total = 0;
    for (let i = i0; i < occ.length && occ[i]![0] < start + WINDOW_BYTES; i++) for (const [t, q] of occ[i]![1]) { tf[t] += q; total += q; }
    const covered = tf.filter((x) => x > 0).length;
    const key = covered * 1e6 + Math.min(total, 1e6 - 1);
    if (key > bestKey) { bestKey = key; best = tf; }
  }
  return best;
}

function isIdentChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

/** Where a file describes itself: the text of its first comment blocks (license lines aside). */
const HEADER_SCAN_BYTES = 8192;
const HEADER_MAX_BYTES = 2048;
const LICENSE_LINE = /copyright|licen[cs]|spdx|warrant|rights reserved|permission|\bgpl\b|redistribut|merchantab|liabilit|"as is"|applicable law|free software|software foundation|@author|@since|@version|this file is part of|distributed with|governed by/i;
const SPDX_LINE = /spdx-license-identifier/i;
/** Authors' names and mail addresses: neither a description nor a license line. */
const ATTRIBUTION_LINE = /\(c\)|<[\w.+-]+@[\w-]+(?:\.[\w-]+)+>/i;
/**
 * Comments that instruct a tool, not a reader (`# frozen_string_literal: true` atop every Rails
 * file, `-*- coding -*-`, vim modelines, lint pragmas): skipped like blank lines, so the file's
 * real description below them is its header.
 */
const PRAGMA_COMMENT = /^\s*(?:#|\/\/|\/\*)\s*(?:frozen[_-]string[_-]literal\b|-\*-|(?:en)?coding[:=]|vim?:|typed:\s|rubocop:|eslint|jshint|prettier|@ts-|@flow\b|@format\b|noqa|pylint:|type:\s*ignore|nolint|go:build|\+build)/i;
const COMMENT_LINE = /^\s*(?:\/\*+|\*(?!\/)|\/\/+|#(?!\s*(?:include|define|if|ifdef|ifndef|endif|else|elif|pragma|import|undef|error|!))|--|;;|%)/;
/** A code line that opens a body: past it, comments describe members, not the file. */
const BODY_OPENER = /[{:]\s*$|^\s*(?:def|class|fn|func|function)\s/;
const DOCSTRING_OPEN = /^\s*[rRuU]?("""|''')/;

/**
 * Byte spans of a file's leading description: the first comment block (or Python module
 * docstring) in its first 8 KiB that is not a license, read up to the first line that opens a
 * body (`class X {`, `def f(...):`), at most 2 KiB. A file whose name says nothing ("vmscan.c",
 * "FooImpl.java") usually says what it is there, so words there weigh like a directory's name.
 * License and copyright lines never count; a block made mostly of them is a license and is skipped.
 */
export function headerSpans(b: Buffer): Array<[number, number]> {
  const end = Math.min(b.length, HEADER_SCAN_BYTES);
  const text = b.toString("latin1", 0, end);
  let block: Array<[number, number]> = [];
  let licenseLines = 0;
  let taken = 0;
  let pos = 0;
  let doc = ""; // inside a Python docstring: its closing quotes
  let first = true;
  // A license: more license lines than others (an SPDX line and a copyright line atop a real
  // description, as in the Linux tree, leave it a description).
  const done = () => block.length > 0 && licenseLines <= block.length;
  while (pos < end) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = end;
    const line = text.slice(pos, nl);
    let isDoc = false;
    if (doc) {
      isDoc = true;
      if (line.includes(doc)) doc = "";
    } else if (first) {
      const m = DOCSTRING_OPEN.exec(line);
      if (m) {
        isDoc = true;
        if (line.indexOf(m[1]!, m.index + m[0].length) < 0) doc = m[1]!;
      }
    }
    if (!isDoc && (PRAGMA_COMMENT.test(line) || (first && line.startsWith("#!")))) {
      pos = nl + 1;
      continue;
    }
    if (/\S/.test(line)) first = false;
    if (isDoc || COMMENT_LINE.test(line)) {
      // An SPDX tag names a license without being one: a description may follow it.
      if (SPDX_LINE.test(line)) { /* skipped */ }
      else if (LICENSE_LINE.test(line)) licenseLines++;
      else if (ATTRIBUTION_LINE.test(line)) { /* skipped */ }
      else if (/[A-Za-z]{3}/.test(line) && taken < HEADER_MAX_BYTES) {
        block.push([pos, nl]);
        taken += nl - pos;
      }
    } else if (/\S/.test(line)) {
      // Code ends a block: keep it if it described something, else look on (past a license).
      if (done()) return block;
      block = [];
      licenseLines = 0;
      taken = 0;
      if (BODY_OPENER.test(line)) return [];
    } else if (licenseLines > 0 && !done()) {
      // A blank line ends a license notice of line comments (Go's `// Copyright ... // license
      // ...`): the package comment after it is a block of its own.
      block = [];
      licenseLines = 0;
      taken = 0;
    }
    pos = nl + 1;
  }
  return done() ? block : [];
}

export class ContentScanner {
  private identMemo = new Map<string, TermHit[]>();
  /** Byte patterns to look for: each term's first three letters in lower, Capitalised and UPPER case. */
  readonly probes: Buffer[];
  constructor(private m: TokenMatcher) {
    const set = new Set<string>();
    for (const p of m.terms.flatMap(probesOf)) {
      set.add(p);
      set.add(p.charAt(0).toUpperCase() + p.slice(1));
      set.add(p.toUpperCase());
    }
    this.probes = [...set].map((p) => Buffer.from(p, "latin1"));
  }

  /** Terms of one identifier (union over its words, best quality per term). */
  identTerms(ident: string): TermHit[] {
    let r = this.identMemo.get(ident);
    if (r) return r;
    const best = new Map<number, number>();
    for (const w of identifierWords(ident)) for (const [ti, q] of this.m.match(w)) best.set(ti, Math.max(best.get(ti) ?? 0, q));
    r = [...best.entries()].sort((a, b) => a[0] - b[0]);
    this.identMemo.set(ident, r);
    return r;
  }

  /**
   * Scans raw bytes (no decoding: identifiers are ASCII) by jumping from probe hit to probe hit,
   * so cost follows the number of candidate identifiers, not the file size.
   */
  scan(b: Buffer): ContentEvidence {
    const nT = this.m.terms.length;
    const tf = new Array(nT).fill(0);
    const spelled = new Array(nT).fill(0);
    const header = new Array(nT).fill(0);
    const spans = headerSpans(b);
    const hdrEnd = spans.length ? spans[spans.length - 1]![1] : -1;
    const inHeader = (pos: number) => pos < hdrEnd && spans.some(([a, e]) => a <= pos && pos < e);
    const seen = new Set<number>();
    const occ: Array<[number, number]> = []; // [pos, term mask]
    const big = b.length > WINDOW_BYTES * 2;
    const occHits: Array<[number, TermHit[]]> = [];
    const defAt: Array<{ pos: number; name: string; terms: TermHit[] }> = [];
    const n = b.length;
    for (const probe of this.probes) {
      let p = b.indexOf(probe);
      while (p >= 0) {
        let cs = p;
        while (cs > 0 && isIdentChar(b[cs - 1]!)) cs--;
        let ce = p + probe.length;
        while (ce < n && isIdentChar(b[ce]!)) ce++;
        if (!seen.has(cs)) {
          seen.add(cs);
          const ident = b.toString("latin1", cs, ce);
          const hits = this.identTerms(ident);
          if (hits.length > 0) {
            let mask = 0;
            for (const [ti, q] of hits) {
              tf[ti] += q;
              mask |= 1 << Math.min(ti, 30);
            }
            for (const [ti, q] of hits) if (q >= 1) spelled[ti]++;
            if (inHeader(cs)) for (const [ti, q] of hits) header[ti] = Math.max(header[ti], q);
            occ.push([cs, mask]);
            if (big) occHits.push([cs, hits]);
            if (isDefinition(b, cs, ce, ident)) defAt.push({ pos: cs, name: ident, terms: hits });
          }
        }
        p = b.indexOf(probe, ce);
      }
    }
    // Query words close together ("trusted proxies", `runPendingReactions`) are phrase evidence.
    occ.sort((a, b) => a[0] - b[0]);
    let nearPairs = 0;
    for (let i = 0; i < occ.length; i++) {
      const [pos, mask] = occ[i]!;
      if ((mask & (mask - 1)) !== 0) nearPairs++; // one identifier naming two query words
      const nx = occ[i + 1];
      if (nx && nx[0] - pos <= 60 && (nx[1] & ~mask) !== 0) nearPairs++;
    }
    const passages = passageMasks(occ);
    const docs = docBlocks(b, occ);
    defAt.sort((x, y) => x.pos - y.pos);
    const defs: ContentEvidence["defs"] = [];
    let line = 1;
    let at = 0;
    for (const d of defAt) {
      for (let i = b.indexOf(10, at); i >= 0 && i < d.pos; i = b.indexOf(10, i + 1)) { line++; at = i + 1; }
      defs.push({ name: d.name, line, terms: d.terms });
    }
    if (big) {
      // A bundle or generated file is ranked by the part that matches: the best window's mentions,
      // as if that window were the file (a 600 KB single header is not 600 KB of this topic).
      const w = bestWindow(occHits, nT);
      return { tf: w, spelled, header, defs, nearPairs, passages, docs, len: WINDOW_BYTES, windowed: true };
    }
    return { tf, spelled, header, defs, nearPairs, passages, docs, len: n };
  }
}

/**
 * Literals every matching path token contains: the terms' and synonyms' probes, and each acronym
 * (a composite that writes a word out, such as rbtree, contains that word's probe already).
 */
function queryProbes(terms: Term[], composites: Composite[]): string[] {
  return [...new Set([...terms.flatMap(probesOf), ...composites.filter((c) => c.spelled === null).map((c) => c.text.slice(0, 3))])];
}

/** Neighbourhood reading on huge trees: the directories of this many leading files... */
const NEIGHBOUR_SEEDS = 8;
/** ...that hold at most this many files each, up to this many files and bytes (read) in all. */
const NEIGHBOUR_DIR_FILES = 300;
const NEIGHBOUR_FILES = 300;
const NEIGHBOUR_BYTES = 6 * 1024 * 1024;

function dirOf(display: string): string {
  const k = display.lastIndexOf("/");
  return k < 0 ? "" : display.slice(0, k);
}

/**
 * Indexes of files without path evidence (hitAt 0) in the directories of the leading
 * implementation files (`ranked`, best first): each directory taken whole or not at all, in rank
 * order, within the budgets above. A topic's files sit together: the best matches' directory holds
 * the ones whose names say nothing.
 */
export function neighbourFiles(files: FileEntry[], hitAt: Uint8Array, ranked: FileEntry[]): number[] {
  const dirs: string[] = [];
  for (const e of ranked) {
    if (dirs.length >= NEIGHBOUR_SEEDS) break;
    if (inferRole(e.display) !== "implementation") continue;
    const d = dirOf(e.display);
    if (!dirs.includes(d)) dirs.push(d);
  }
  if (dirs.length === 0) return [];
  const members = new Map<string, number[]>(dirs.map((d) => [d, []]));
  for (let i = 0; i < files.length; i++) {
    if (hitAt[i]) continue;
    members.get(dirOf(files[i]!.display))?.push(i);
  }
  const out: number[] = [];
  for (const d of dirs) {
    const l = members.get(d)!;
    if (l.length === 0 || l.length > NEIGHBOUR_DIR_FILES || out.length + l.length > NEIGHBOUR_FILES) continue;
    out.push(...l);
  }
  return out;
}

interface Cand {
  info: PathInfo;
  ev: ContentEvidence | null;
  bytes: number;
  /** Path score with path-only rarities (orders the reading). */
  ps: number;
  structure?: FileStructure;
}

export async function rankFind(query: FindQuery, opts: FindOptions): Promise<FindResult> {
  const nT = query.terms.length;
  const m = new TokenMatcher(query.terms, query.composites);
  const t0 = performance.now();
  const prof = profiler("find", t0);
  const fullScan = opts.fullScanFiles ?? MAX_FILES_FULL_SCAN;
  // A huge tree is never read in walk order (only its best path candidates, sorted by score and
  // path), so it skips the sort.
  const { files, stats: wstats } = walkSorted(opts.walk, fullScan);
  prof?.(`walk (started at ${t0.toFixed(1)}ms after process start)`);

  // 1. Path evidence for every file (no I/O). Only files with a hit get a record here: on a big
  // tree almost none have one, and the others get theirs only if their content is read.
  const probes = queryProbes(query.terms, query.composites);
  const probe = new RegExp(probes.map((p) => p.replace(/[^a-z0-9]/g, "")).join("|"), "i");
  const zeros: number[] = Object.freeze(new Array(nT).fill(0)) as number[];
  const dirMemo = new Map<string, DirInfo>();
  const N = files.length;
  const withPath: Cand[] = [];
  const hitAt = new Uint8Array(N);
  for (let i = 0; i < N; i++) {
    const info = analysePath(files[i]!, m, nT, probe, zeros, dirMemo);
    if (info === null) continue;
    hitAt[i] = 1;
    withPath.push({ info, ev: null, bytes: info.entry.size ?? 0, ps: 0 });
  }
  prof?.(`paths (${withPath.length} with hits)`);
  const pathDf = new Array(nT).fill(0);
  for (const c of withPath) for (let t = 0; t < nT; t++) if (c.info.best[t]! >= 0.3) pathDf[t]++;
  const pidf = pathDf.map((df) => idfOf(N, df));
  const pathScoreOf = (inf: PathInfo, w: number[] = pidf): number => {
    let s = 0;
    for (let t = 0; t < nT; t++) {
      const b = inf.best[t]!;
      // name hits weigh 2 (best already holds dir weights below 1)
      s += w[t]! * (b > 0.5 ? 2 * b : b);
    }
    if (inf.nameCovered) {
      // Every word of the file name is a query word: the file is named after the topic.
      const named = new Map<number, number>();
      for (const h of inf.hits) if (h.where === "name") named.set(h.term, Math.max(named.get(h.term) ?? 0, h.quality));
      let add = 0;
      for (const [t, q] of named) add += w[t]! * q;
      s += add * (named.size / Math.max(nT, 1));
    }
    return s;
  };

  // 2. Content, within a byte budget: files with path evidence first (best first), then the
  // rest in path order. Small scopes are read whole; on huge trees (where even listing the rest
  // would cost more than the walk) only the path candidates are read, and the output says so.
  const budget = opts.contentBudget ?? DEFAULT_BUDGET;
  for (const c of withPath) c.ps = pathScoreOf(c.info);
  withPath.sort((a, b) => b.ps - a.ps || cmp(a.info.entry.display, b.info.entry.display));
  // The leading path candidates are the likely shown files: their grammars compile on JSC's
  // compiler thread while the content pass below runs (it never yields to the event loop).
  for (const c of withPath.slice(0, 3)) prefetchPath(c.info.entry.display);
  const huge = N > fullScan;
  // On a huge tree content only re-ranks the best path candidates: reading every file that shares
  // a common word with the query (thousands for "page" in the kernel) would cost more than the walk.
  // Files that are never read and have no path evidence cannot rank, so they need no candidate.
  const order: Cand[] = huge ? withPath.slice(0, HUGE_TREE_CONTENT_FILES) : withPath.slice();
  const cands: Cand[] = withPath.slice();
  const bare = (entry: FileEntry): Cand => ({ info: { entry, role: null, hits: NO_HITS, best: zeros, nameTokens: [], nameCovered: false }, ev: null, bytes: entry.size ?? 0, ps: 0 });
  if (!huge) {
    for (let i = 0; i < N; i++) {
      if (hitAt[i]) continue;
      const c = bare(files[i]!);
      order.push(c);
      cands.push(c);
    }
  }
  prof?.(`order (${order.length})`);
  // Content is matched word by word: pure acronyms (composites without a written-out word) are path
  // evidence only. Three letters in running text (don, and, hrb in a base64 blob) mean anything.
  // Composites of 5+ letters that write a word out (rbtree, qdisc, hrtimer) are specific enough.
  const scanner = new ContentScanner(new TokenMatcher(query.terms, query.composites.filter((c) => c.spelled !== null && c.text.length >= 5)));
  let tooLarge = 0;
  let binary = 0;
  let read = 0;
  let used = 0;
  let skippedBudget = N - order.length;
  const readAll = (list: Cand[], cap = budget) => {
    for (const c of list) {
      if (used >= budget || (c.info.entry.size !== undefined && used + c.info.entry.size > budget)) { skippedBudget++; continue; }
      if (used >= cap) break;
      if (c.bytes > MAX_FILE_BYTES) { tooLarge++; continue; }
      if (!isTextCandidate(c.info.entry.display)) continue;
      const r = readFile(c.info.entry.open);
      if (r.kind !== "ok") continue;
      if (r.size > MAX_FILE_BYTES) { tooLarge++; continue; }
      used += r.size;
      const { end, binary: isBin } = searchableEnd(r.buf, r.start, r.end);
      if (isBin && end === r.start) { binary++; continue; }
      read++;
      c.bytes = r.size;
      c.ev = scanner.scan(r.buf.subarray(r.start, end));
    }
  };
  readAll(order);
  prof?.(`content (${read} files, ${used} bytes)`);
  const hasEvidence = (c: Cand) => c.info.hits.length > 0 || (c.ev !== null && c.ev.tf.some((n) => n > 0)) || learnedHits(c.info.entry.display, learned).length > 0;
  let tidfShown: number[] = [];
  let learned: LearnedName[] = [];
  let score = scorer();
  let neighbours = 0;
  if (huge) {
    // The topic's neighbourhood: files beside the best-scoring candidates whose own names say
    // nothing (mm/vmscan.c beside mm/page_io.c for "page reclaim") are read too, within a budget,
    // and everything is scored again with the rarities of the larger sample.
    const prelim = cands.filter((c) => c.ev !== null && hasEvidence(c)).map((c) => ({ c, s: score(c).score }));
    prelim.sort((a, b) => b.s - a.s || cmp(a.c.info.entry.display, b.c.info.entry.display));
    const extra = neighbourFiles(files, hitAt, prelim.map((x) => x.c.info.entry));
    const more = extra.map((i) => bare(files[i]!));
    readAll(more, used + NEIGHBOUR_BYTES);
    cands.push(...more);
    neighbours = more.length;
    score = scorer();
    prof?.(`neighbours (${neighbours} files, ${used} bytes in all)`);
  }

  // Names the tree ties to the query: a comment that says most of the query documents a
  // definition (`class Cardinality`, `select(root, steps)`); files named with that definition's
  // words are candidates too (the query's "how many times ... called" finds gmock-cardinalities.h).
  // Files so named that were not read yet are read now, a few at most. Not on a huge tree: the few
  // hundred files read there are a sample chosen by path, and on the Linux tree what they taught
  // was noise (device, file, config) at ~100 ms a query.
  const isQueryWord = (w: string) => m.match(w).length > 0;
  learned = huge ? [] : learnNames(cands, tidfShown, isQueryWord).slice(0, 3 * LEARN_MAX_WORDS);
  prof?.(`learn (${learned.length} words)`);
  if (learned.length) {
    const named = learned.map(() => [] as number[]);
    // Same stem shares the first three letters: a cheap test before splitting a name.
    const lprobe = new RegExp(learned.map((l) => l.word.slice(0, 3)).join("|"), "i");
    for (let i = 0; i < N; i++) {
      const d = files[i]!.display;
      if (!lprobe.test(d.slice(d.lastIndexOf("/") + 1))) continue;
      const ws = nameWords(d);
      learned.forEach((l, k) => { if (ws.some((w) => sameWord(w, l.word))) named[k]!.push(i); });
    }
    learned.forEach((l, k) => (l.files = named[k]!.length));
    // Words the teaching comments agree on: at least half the best word's support.
    const top = learned[0]!.support;
    const keep = learned.map((l, k) => k).filter((k) => learned[k]!.support >= 0.5 * top && learned[k]!.files > 0 && learned[k]!.files <= LEARNED_MAX_FILES).slice(0, LEARN_MAX_WORDS);
    const known = new Set(cands.map((c) => c.info.entry.display));
    const fresh: Cand[] = [];
    for (const k of keep) for (const i of named[k]!) {
      const f = files[i]!;
      if (!known.has(f.display) && fresh.length < LEARNED_READ_FILES) { known.add(f.display); fresh.push(bare(f)); }
    }
    learned = keep.map((k) => learned[k]!);
    prof?.(`learned names counted`);
    if (fresh.length) {
      readAll(fresh, used + LEARNED_READ_BYTES);
      cands.push(...fresh);
    }
    if (learned.length || fresh.length) score = scorer();
    prof?.(`learned names (${learned.map((l) => l.word).join(", ")}; ${fresh.length} files read)`);
  }

  // 3. IDF over the read documents; average length for BM25 normalisation. Path and content
  // evidence combine into one score per file.
  function scorer(): (c: Cand) => RankedFile {
  const df = new Array(nT).fill(0);
  let lenSum = 0;
  let docs = 0;
  for (const c of cands) {
    if (!c.ev) continue;
    docs++;
    lenSum += c.ev.len;
    for (let t = 0; t < nT; t++) if (c.ev.tf[t]! > 0) df[t]++;
  }
  const avgLen = docs ? lenSum / docs : 1;
  const cidf = df.map((d) => idfOf(Math.max(docs, 1), d));
  // One rarity per term for coverage and symbols: content rarity when content was read.
  const tidf = cidf.map((c, t) => (docs > 0 ? c : pidf[t]!));
  const idfSum = tidf.reduce((a, b) => a + b, 0) || 1;
  tidfShown = tidf;
  // Path weight per term: rare in paths AND rare in content. A word rare in file names but in
  // half the files' text ("file", "value") is a generic word, not the topic.
  const pw = docs === 0 ? pidf : pidf.map((p, t) => Math.sqrt(p * cidf[t]!));

  const score = (c: Cand): RankedFile => {
    const inf = c.ev ? confirmComposites(c.info, c.ev.spelled, m) : c.info;
    const path = pathScoreOf(inf, pw);
    let content = 0;
    let header = 0;
    let docAt: DocBlock | null = null;
    const tf = c.ev ? c.ev.tf : new Array(nT).fill(0);
    if (c.ev) {
      let inHeader = 0;
      for (let t = 0; t < nT; t++) {
        content += cidf[t]! * saturate(tf[t]!, c.ev.len, avgLen);
        header += HEADER_WEIGHT * tidf[t]! * c.ev.header[t]!;
        if (c.ev.header[t]! > 0) inHeader++;
      }
      // A description names the topic with two of its words (one for a one-word query); a stray
      // word in a long module docstring is not one.
      if (inHeader < Math.min(2, nT)) header = 0;
      // A doc comment that says most of the query on a type the file defines describes the file's
      // topic as well as its leading comment would (a class below a license and imports, or one
      // class of several). A member's comment describes the member: that is passage evidence.
      for (const d of c.ev.docs) {
        if (!d.isType) continue;
        const { k, sum } = maskRarity(d.mask, tidf);
        if (k >= 3 && sum >= LEARN_MIN_SHARE * idfSum && HEADER_WEIGHT * sum > header) { header = HEADER_WEIGHT * sum; docAt = d; }
      }
    }
    // Definitions from the line heuristic (same for every output mode; the parser only runs for
    // the summary of the shown files).
    const defs: SymbolHit[] = c.ev ? c.ev.defs.map((d) => ({ name: d.name, line: d.line, terms: d.terms.map((h) => h[0]) })) : [];
    const defQ = new Array(nT).fill(0);
    let bestDef = 0;
    const identQ = (name: string) => scanner.identTerms(name);
    for (const d of defs) {
      let s = 0;
      for (const [ti, q] of identQ(d.name)) {
        defQ[ti] = Math.max(defQ[ti], q);
        s += tidf[ti]! * q;
      }
      bestDef = Math.max(bestDef, s);
    }
    let symAny = 0;
    for (let t = 0; t < nT; t++) symAny += tidf[t]! * defQ[t]!;
    const symbols = 0.6 * symAny + 0.8 * bestDef;
    // The best passage: the rarest set of query words said together in one place.
    let passage = 0;
    let passageMask = 0;
    if (c.ev && nT >= 2) {
      const need = PASSAGE_MIN_TERMS;
      for (const mask of c.ev.passages) {
        const { k, sum } = maskRarity(mask, tidf);
        // ...and it must say most of the query (by rarity), not three of its common words.
        if (k >= need && sum >= 0.5 * idfSum && PASSAGE_WEIGHT * sum > passage) { passage = PASSAGE_WEIGHT * sum; passageMask = mask; }
      }
    }
    const nearPairs = c.ev ? c.ev.nearPairs : 0;
    const proximity = nT > 1 ? (idfSum / nT) * 2 * soft(nearPairs, 4) : 0;
    const matched: number[] = [];
    let cov = 0;
    // A learned name stands for the words of the comment that taught it (see learnNames).
    const lh = learnedHits(inf.entry.display, learned);
    const viaLearned = new Set(lh.flatMap((l) => l.terms));
    for (let t = 0; t < nT; t++) {
      if (inf.best[t]! > 0 || tf[t]! > 0 || defQ[t]! > 0 || viaLearned.has(t)) {
        matched.push(t);
        cov += tidf[t]!;
      }
    }
    const coverage = cov / idfSum;
    inf.role ??= inferRole(inf.entry.display);
    const wantsRole = query.wantRoles.has(inf.role);
    // A query that names the file's own kind (.tbl for "table", .proto) asks for such a file:
    // a data file is then not demoted as one of unknown role.
    const namesKind = inf.role === "generic" && inf.hits.some((h) => h.ext);
    const roleFactor = wantsRole ? (inf.role === "implementation" ? 1 : 1.15) : namesKind ? 1 : ROLE_FACTOR[inf.role];
    // Named with a word the tree ties to the query (learnNames): like a synonym in the file name.
    let learnedScore = 0;
    for (const l of lh) learnedScore += LEARNED_WEIGHT * l.weight * idfOf(N, l.files);
    const raw = path + header + content + symbols + proximity + passage + learnedScore;
    const form = formFactor(inf.entry.display, query);
    const final = raw * covFactor(coverage) * roleFactor * form;
    return {
      entry: inf.entry,
      path: inf.entry.display,
      role: inf.role,
      score: round(final),
      components: { path: round(path), header: round(header), symbols: round(symbols), content: round(content), proximity: round(proximity), passage: round(passage), learned: round(learnedScore), coverage: round(coverage), roleFactor, formFactor: form },
      pathHits: inf.hits,
      headerWords: docAt ? maskRarity(docAt.mask, tidf).terms : c.ev ? c.ev.header.flatMap((q, t) => (q > 0 ? [t] : [])) : [],
      ...(docAt ? { docAt: { name: docAt.name, line: docAt.line } } : {}),
      learnedHits: lh,
      passageWords: maskRarity(passageMask, tidf).terms,
      symbolHits: defs.filter((d) => identQ(d.name).length > 0),
      tf,
      ...(c.ev ? { spelled: c.ev.spelled } : {}),
      matched,
      nearPairs,
      contentRead: c.ev !== null,
      ...(c.ev?.windowed ? { windowed: true } : {}),
      bytes: c.bytes,
      structure: c.structure,
    };
  };
  return score;
  }

  const byRank = (a: RankedFile, b: RankedFile) => b.score - a.score || cmp(a.path, b.path);
  let ranked = cands.filter(hasEvidence).map((c) => ({ c, r: score(c) })).filter((x) => x.r.score > 0);
  ranked.sort((a, b) => byRank(a.r, b.r));
  prof?.(`score (${ranked.length})`);

  // 4. Structure of the shown files, for the summary. Ranking does not wait on the parser (the
  // line heuristic above finds definitions), so every output mode ranks identically; a byte
  // budget bounds parse time when the top files are huge.
  const K = Math.min(ranked.length, opts.structureFor, PARSE_FILES);
  let parseBytes = 0;
  for (const x of ranked.slice(0, K)) {
    if (!x.c.ev || parseBytes + x.c.bytes > PARSE_BUDGET) continue;
    const tx = readText(x.c.info.entry.open);
    if (!tx) continue;
    parseBytes += tx.bytes;
    try {
      x.r.structure = await extractStructure(x.c.info.entry.display, tx.text);
      prof?.(`  parsed ${x.c.info.entry.display} ${tx.bytes}B`);
    } catch {
      /* no summary for a file the parser rejects; its ranking stands */
    }
  }
  prof?.(`structure (${K} files)`);
  const termFiles = new Array(nT).fill(0);
  for (const x of ranked) for (const t of x.r.matched) termFiles[t]++;
  const suggestions = new Map<number, string[]>();
  if (termFiles.some((n) => n === 0)) {
    const vocab = new Map<string, number>();
    for (const f of files) for (const w of identifierWords(f.display)) vocab.set(w, (vocab.get(w) ?? 0) + 1);
    for (let t = 0; t < nT; t++) if (termFiles[t] === 0) suggestions.set(t, nearestWords(query.terms[t]!.word, vocab));
  }
  return {
    query,
    suggestions,
    learned,
    ranked: ranked.map((x) => x.r),
    totalScored: ranked.length,
    stats: { ...wstats, walked: N, contentRead: read, contentSkippedBudget: skippedBudget, tooLarge, binary, budgetBytes: budget, hugeTree: huge, hugeTreeFiles: fullScan, maxContentFiles: HUGE_TREE_CONTENT_FILES },
    idf: tidfShown.map(round),
    termFiles,
  };
}

const BINARY_EXT = new Set(["png", "jpg", "jpeg", "gif", "ico", "webp", "bmp", "pdf", "zip", "gz", "tgz", "xz", "bz2", "7z", "jar", "class", "so", "dylib", "dll", "exe", "o", "a", "wasm", "woff", "woff2", "ttf", "otf", "eot", "mp3", "mp4", "mov", "avi", "pyc", "lockb", "bin", "dat", "db", "sqlite"]);
function isTextCandidate(display: string): boolean {
  const dot = display.lastIndexOf(".");
  if (dot < 0 || dot < display.lastIndexOf("/")) return true;
  return !BINARY_EXT.has(display.slice(dot + 1).toLowerCase());
}

/** Up to 3 words of `vocab` within a small edit distance (or sharing a 4-letter prefix). */
export function nearestWords(word: string, vocab: Map<string, number>): string[] {
  const maxD = word.length <= 4 ? 1 : 2;
  const found: Array<[string, number, number]> = [];
  for (const [v, n] of vocab) {
    if (v === word || v.length < 2) continue;
    if (Math.abs(v.length - word.length) > maxD && !(word.length >= 4 && v.startsWith(word.slice(0, 4)))) continue;
    let d = editDistance(word, v, maxD + 1);
    if (d > maxD) {
      if (word.length >= 4 && v.length >= 4 && v.slice(0, 4) === word.slice(0, 4)) d = maxD + 1;
      else continue;
    }
    found.push([v, d, n]);
  }
  found.sort((a, b) => a[1] - b[1] || b[2] - a[2] || cmp(a[0], b[0]));
  return found.slice(0, 3).map(([v, , n]) => `${v} (${n} path${n === 1 ? "" : "s"})`);
}

function editDistance(a: string, b: string, cap: number): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin >= cap) return cap;
    prev = cur;
  }
  return prev[b.length]!;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

const C_HEADER = /\.(?:h|hh|hpp|hxx)$/i;
/** A C/C++ header declares what its source file implements: ranked just below it. */
export const HEADER_FILE_FACTOR = 0.9;

/**
 * Form of the file: a C/C++ header ranks a little below the source that implements the same
 * topic (unless the query says "header"); and of two near-equal files, the shallower wins (a copy
 * under tools/ or a deeper mirror of lib/rbtree.c ranks after it): 0.2% per directory level.
 */
export function formFactor(display: string, query: FindQuery): number {
  let f = 1;
  if (C_HEADER.test(display) && !query.terms.some((t) => t.stem === stem("header") || t.word === "h")) f *= HEADER_FILE_FACTOR;
  let depth = 0;
  for (let i = display.indexOf("/"); i >= 0; i = display.indexOf("/", i + 1)) depth++;
  return round(f * (1 - 0.002 * Math.min(depth, 20)));
}

/** A passage saying most of the query weighs like a description. */
export const PASSAGE_WEIGHT = 0.6;

/** Query words in a file's own description weigh about like a directory name. */
export const HEADER_WEIGHT = 0.6;
/** An acronym in a path that the file never writes out may stand for something else. */
export const UNCONFIRMED_COMPOSITE = 0.5;

/**
 * Acronym path hits (ksm, cfs, thp) count fully only when the file writes two of the initialled
 * words (or the one) out somewhere (its header, comments or identifiers): `pci-ep-cfs.c` is not
 * the "completely fair scheduler" and says nothing of fairness. Others drop to half quality.
 */
export function confirmComposites(inf: PathInfo, spelled: number[], m: TokenMatcher): PathInfo {
  if (!inf.hits.some((h) => h.composite)) return inf;
  let changed = false;
  const hits = inf.hits.map((h) => {
    if (!h.composite) return h;
    const initialled = (m.compositeHits(h.token) ?? []).filter(([, q]) => q < 1).map(([t]) => t);
    const written = initialled.filter((t) => spelled[t]! > 0).length;
    const confirmed = written >= Math.min(2, initialled.length);
    if (confirmed) return h;
    changed = true;
    return { ...h, quality: h.quality * UNCONFIRMED_COMPOSITE };
  });
  if (!changed) return inf;
  const best = new Array(inf.best.length).fill(0);
  for (const h of hits) best[h.term] = Math.max(best[h.term]!, h.quality * h.weight);
  return { ...inf, hits, best };
}

/**
 * Files matching more of the query (idf-weighted) rank higher: linear, with a floor so one very
 * strong signal (a file named after two of three words) is not wiped out by one missing word.
 */
export function covFactor(c: number): number {
  return 0.3 + 0.7 * c;
}

/** A learned word in a file name weighs like a synonym there (SYNONYM_QUALITY of a name hit, times 2). */
export const LEARNED_WEIGHT = 1;
/** A comment saying this share of the query (by rarity) teaches the name it documents. */
export const LEARN_MIN_SHARE = 0.6;
/** At most this many learned words per query, each naming at most LEARNED_MAX_FILES files: a word in more names (device, file, config) names no one topic. */
const LEARN_MAX_WORDS = 3;
const LEARNED_MAX_FILES = 16;
/** Files named with a learned word that were not read (huge trees): read up to this many / bytes. */
const LEARNED_READ_FILES = 24;
const LEARNED_READ_BYTES = 4 * 1024 * 1024;
/** Words of definition names too generic to stand for a topic. */
const GENERIC_NAME_WORDS = new Set("abstract base basic default impl helper helpers util utils internal common core main handle handler value values data info type types object item items instance manager factory builder create make build init self this that with from into then when each some none null true false test tests spec boolean bool double float integer string long short char byte number array list".split(" "));

export interface LearnedName {
  word: string;
  /** Share of the query's rarity the teaching comment says (LEARN_MIN_SHARE..1). */
  weight: number;
  /** The documented definition and where. */
  def: string;
  path: string;
  line: number;
  terms: number[];
  /** Files whose name holds the word. */
  files: number;
  /** Sum of the shares over the distinct definitions teaching the word (ranks the words). */
  support: number;
  defs: Set<string>;
  /** A type's comment teaches it. */
  typed: boolean;
}

function nameWords(display: string): string[] {
  const slash = display.lastIndexOf("/") + 1;
  const dot = display.indexOf(".", slash);
  return componentWords(dot > slash ? display.slice(slash, dot) : display.slice(slash));
}

const stemMemo = new Map<string, string>();
function stemOf(w: string): string {
  let s = stemMemo.get(w);
  if (s === undefined) stemMemo.set(w, (s = stem(w)));
  return s;
}

function sameWord(a: string, b: string): boolean {
  return a === b || (a.length >= 4 && b.length >= 4 && a.charCodeAt(0) === b.charCodeAt(0) && stemOf(a) === stemOf(b));
}

function learnedHits(display: string, learned: LearnedName[]): LearnedName[] {
  if (learned.length === 0) return learned;
  const ws = nameWords(display);
  return learned.filter((l) => ws.some((w) => sameWord(w, l.word)));
}

/**
 * Synonyms learned from the tree: a comment block that says most of the query (by rarity, at
 * least three of its words, or both of two) documents the definition below it, so that
 * definition's name words, when they are not query words, stand for the query's topic. Ordered
 * by the share of the query said, then by word; at most LEARN_MAX_WORDS.
 */
export function learnNames(cands: Array<{ info: { entry: FileEntry }; ev: ContentEvidence | null }>, tidf: number[], isQueryWord: (w: string) => boolean): LearnedName[] {
  const nT = tidf.length;
  if (nT < 3) return [];
  const idfSum = tidf.reduce((a, b) => a + b, 0) || 1;
  const need = 3;
  const best = new Map<string, LearnedName>();
  for (const c of cands) {
    if (!c.ev) continue;
    for (const d of c.ev.docs) {
      const { k, sum, terms } = maskRarity(d.mask, tidf);
      if (k < need || sum < LEARN_MIN_SHARE * idfSum) continue;
      const weight = Math.round((sum / idfSum) * 1000) / 1000;
      for (const w of identifierWords(d.name)) {
        if (w.length < 4 || isStopWord(w) || GENERIC_NAME_WORDS.has(w) || GENERIC_STEMS.has(w) || isQueryWord(w)) continue;
        const old = best.get(w);
        const path = c.info.entry.display;
        // Support: the sum of shares over the distinct definitions teaching the word (select in
        // select, selectBoolean, selectDouble... outweighs boolean from one of them).
        const sup = (old?.support ?? 0) + (old?.defs.has(d.name) ? 0 : weight);
        if (!old || weight > old.weight || (weight === old.weight && (path < old.path || (path === old.path && d.line < old.line)))) {
          best.set(w, { word: w, weight, def: d.name, path, line: d.line, terms, files: 0, support: sup, defs: (old?.defs ?? new Set()).add(d.name), typed: d.isType || (old?.typed ?? false) });
        } else {
          old.support = sup;
          old.defs.add(d.name);
          if (d.isType) old.typed = true;
        }
      }
    }
  }
  // A word names the topic when a type is documented so (class Cardinality), or when several
  // definitions are (select, selectBoolean...): one helper function's name is an implementation detail.
  return [...best.values()].filter((l) => l.typed || l.defs.size >= 2).sort((a, b) => b.support - a.support || b.weight - a.weight || cmp(a.word, b.word));
}
