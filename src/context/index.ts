/**
 * Harness context (`--context-json`): retrieval-state hints from the agent runtime, used only to
 * shape output (how much structure and body to repeat), never to change what is true.
 *
 * POLICY (the lead copies this block into INTERFACE.md)
 * - Signals are confidences in [0, 1] (clamped; missing = 0 = unknown). Duplicate entries for the
 *   same key merge by the per-field maximum. Path keys are normalised (leading `./` stripped,
 *   `//` and `/./` collapsed, trailing `/` dropped) and must then equal the displayed path
 *   exactly, including a non-UTF-8 `#b=` suffix; a key that matches nothing means "unknown".
 * - Low current version (current_version_confidence < 0.6) disables every compression.
 * - Structure may be compressed when structure >= 0.8, current >= 0.6 and prune >= 0.7
 *   (`structureBudget`): outline shows top-level symbols only; trace shows at most 4 structure
 *   items for a focus file and 6 otherwise. Any source_strength allows this.
 * - A body may be pruned (header and range only) when body >= 0.7, current >= 0.6 and
 *   prune >= 0.7 and the source was a full view: source_strength full_region or full_file, or
 *   absent (`canPruneBody`). outline_only, match_line_only, snippet and summary_only never
 *   allow body pruning.
 * - match_line_only means that exact line was seen: callers may avoid repeating that line
 *   (`sawMatchLine`), not the symbol.
 * - Every compression must say what it left out and how to get it back (drop --context-json or
 *   raise the budget); when nothing was left out, no compression is claimed.
 */
import { readCapped, TooLarge, NoWriter } from "../util/read-capped.ts";
import { UserError } from "../util/errors.ts";

export type SourceStrength = "outline_only" | "match_line_only" | "snippet" | "full_region" | "full_file" | "summary_only";

export interface Familiarity {
  structure: number;
  body: number;
  current: number;
  prune: number;
  sourceStrength?: string;
  focused: boolean;
}
export interface HarnessContext {
  fileFamiliarity(path: string): Familiarity | undefined;
  symbolFamiliarity(path: string, symbol: string): Familiarity | undefined;
  regionFamiliarity(path: string, start: number, end: number, symbol?: string): Familiarity | undefined;
  focusFiles: string[];
}

// ----------------------------------------------------------------------------- policy

export const THRESHOLDS = { structure: 0.8, body: 0.7, current: 0.6, prune: 0.7 } as const;

export interface StructureDecision {
  /** True when the structure list may be shortened. */
  compress: boolean;
  /** Items to show (`normal` when not compressing). */
  budget: number;
  /** Why, for the note printed with a compressed list. */
  reason?: string;
}

/** How many structure items to show for a file the harness may already know. */
export function structureBudget(fam: Familiarity | undefined, normal: number): StructureDecision {
  if (!canCompressStructure(fam)) return { compress: false, budget: normal };
  const budget = Math.min(normal, fam!.focused ? 4 : 6);
  return { compress: budget < normal, budget, reason: "harness context: structure already known and current" };
}

/** Structure known, current and safe to prune (any source strength). */
export function canCompressStructure(fam: Familiarity | undefined): boolean {
  return !!fam && fam.structure >= THRESHOLDS.structure && fam.current >= THRESHOLDS.current && fam.prune >= THRESHOLDS.prune;
}

const BODY_SOURCES = new Set(["full_region", "full_file"]);

/** Body known from a full view, current and safe to prune: show header and range only. */
export function canPruneBody(fam: Familiarity | undefined): boolean {
  if (!fam) return false;
  if (fam.sourceStrength !== undefined && !BODY_SOURCES.has(fam.sourceStrength)) return false;
  return fam.body >= THRESHOLDS.body && fam.current >= THRESHOLDS.current && fam.prune >= THRESHOLDS.prune;
}

/** The agent saw this exact line (match_line_only and stronger), so it need not be repeated. */
export function sawMatchLine(fam: Familiarity | undefined): boolean {
  return !!fam && fam.sourceStrength !== undefined && fam.sourceStrength !== "outline_only" && fam.sourceStrength !== "summary_only" && fam.current >= THRESHOLDS.current && fam.prune >= THRESHOLDS.prune;
}

// ----------------------------------------------------------------------------- loading

const STRENGTHS: SourceStrength[] = ["summary_only", "outline_only", "match_line_only", "snippet", "full_region", "full_file"];

interface Entry extends Omit<Familiarity, "focused"> {}
interface Region extends Entry { start: number; end: number }

/** Normalises a path key the way displayed paths look: `./a//b/` -> `a/b`. */
export function normalizeKey(p: string): string {
  const parts = p.split("/");
  const out: string[] = [];
  parts.forEach((seg, i) => {
    if (seg === "" && i > 0) return; // `//` and a trailing `/`
    if (seg === "." ) return;
    out.push(seg);
  });
  const s = out.join("/");
  return s === "" ? (p.startsWith("/") ? "/" : ".") : s;
}

function merge(a: Entry | undefined, b: Entry): Entry {
  if (!a) return { ...b };
  return {
    structure: Math.max(a.structure, b.structure),
    body: Math.max(a.body, b.body),
    current: Math.max(a.current, b.current),
    prune: Math.max(a.prune, b.prune),
    sourceStrength: strongest(a.sourceStrength, b.sourceStrength),
  };
}

function strongest(a?: string, b?: string): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return STRENGTHS.indexOf(b as SourceStrength) > STRENGTHS.indexOf(a as SourceStrength) ? b : a;
}

/** A context file past this is not one a harness wrote (`--context-json /dev/zero` read until memory ran out). */
const CONTEXT_MAX = 64 << 20;

/** Loads and validates a context file; malformed input throws UserError naming file and position. */
export function loadContext(file: string): HarnessContext {
  let raw: string;
  try {
    raw = readCapped(file, CONTEXT_MAX);
    // A UTF-8 byte order mark (Windows editors write one) is no JSON, and was reported as an
    // invisible "unexpected" character: RFC 8259 lets a parser ignore it.
    if (raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
  } catch (e: any) {
    if (e instanceof TooLarge) throw new UserError(`context file too large: ${file} (over ${CONTEXT_MAX >> 20} MiB)`, "pass the JSON file the harness wrote with --context-json FILE");
    if (e instanceof NoWriter) throw new UserError(`context file ${file} is a FIFO that no process wrote to in ${e.ms / 1000} s`, "write the JSON to it (or pass a regular file) with --context-json FILE");
    const why = e?.code === "ENOENT" ? "no such file" : e?.code === "EISDIR" ? "is a directory" : (e?.code ?? String(e));
    throw new UserError(`cannot read context file ${file}: ${why}`, "pass the JSON file the harness wrote with --context-json FILE");
  }
  let doc: unknown;
  try {
    doc = parseJson(raw);
  } catch (e: any) {
    if (e instanceof JsonError) {
      const { line, col } = position(raw, e.offset);
      throw new UserError(`invalid JSON in context file ${file} at line ${line}:${col}: ${e.message}`, "fix the file or drop --context-json");
    }
    throw e;
  }
  return buildContext(file, doc);
}

/** Validates a parsed context document (exported for tests and for harnesses embedding us). */
export function buildContext(file: string, doc: unknown): HarnessContext {
  const bad = (field: string, want: string, got: unknown): never => {
    throw new UserError(`context file ${file}: ${field} must be ${want} (got ${describe(got)})`, "see HARNESS_CONTEXT.md for the file shape, or drop --context-json");
  };
  if (!isObj(doc)) bad("the top level", "an object", doc);
  const d = doc as Record<string, unknown>;
  if (d.version !== undefined && typeof d.version !== "number") bad("version", "a number", d.version);

  const arr = (key: string): unknown[] => {
    const v = d[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) bad(key, "an array", v);
    return v as unknown[];
  };
  const str = (o: Record<string, unknown>, key: string, where: string): string => {
    const v = o[key];
    if (typeof v !== "string" || v === "") bad(`${where}.${key}`, "a non-empty string", v);
    return v as string;
  };
  const line = (o: Record<string, unknown>, key: string, where: string): number => {
    const v = o[key];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 1) bad(`${where}.${key}`, "a line number (integer >= 1)", v);
    return v as number;
  };
  const conf = (o: Record<string, unknown>, key: string, where: string): number => {
    const v = o[key];
    if (v === undefined || v === null) return 0;
    if (typeof v !== "number" || Number.isNaN(v)) bad(`${where}.${key}`, "a number in [0, 1]", v);
    return Math.min(1, Math.max(0, v as number));
  };
  const entry = (o: Record<string, unknown>, where: string): Entry => {
    const ss = o.source_strength;
    if (ss !== undefined && ss !== null && (typeof ss !== "string" || !STRENGTHS.includes(ss as SourceStrength)))
      bad(`${where}.source_strength`, `one of ${STRENGTHS.join(", ")}`, ss);
    if (o.reasons !== undefined && !(Array.isArray(o.reasons) && o.reasons.every((r) => typeof r === "string")))
      bad(`${where}.reasons`, "an array of strings", o.reasons);
    return {
      structure: conf(o, "structure_confidence", where),
      body: conf(o, "body_confidence", where),
      current: conf(o, "current_version_confidence", where),
      prune: conf(o, "prune_confidence", where),
      sourceStrength: (ss as string | undefined) ?? undefined,
    };
  };
  const objAt = (key: string, i: number, v: unknown): Record<string, unknown> => {
    if (!isObj(v)) bad(`${key}[${i}]`, "an object", v);
    return v as Record<string, unknown>;
  };

  const files = new Map<string, Entry>();
  arr("known_files").forEach((v, i) => {
    const o = objAt("known_files", i, v);
    const where = `known_files[${i}]`;
    const p = normalizeKey(str(o, "path", where));
    files.set(p, merge(files.get(p), entry(o, where)));
  });
  const symbols = new Map<string, Entry>(); // key: path + NUL + symbol
  arr("known_symbols").forEach((v, i) => {
    const o = objAt("known_symbols", i, v);
    const where = `known_symbols[${i}]`;
    const k = normalizeKey(str(o, "path", where)) + "\0" + str(o, "symbol", where);
    if (o.kind !== undefined && typeof o.kind !== "string") bad(`${where}.kind`, "a string", o.kind);
    symbols.set(k, merge(symbols.get(k), entry(o, where)));
  });
  const regions = new Map<string, Region[]>();
  arr("known_regions").forEach((v, i) => {
    const o = objAt("known_regions", i, v);
    const where = `known_regions[${i}]`;
    const p = normalizeKey(str(o, "path", where));
    const start = line(o, "start_line", where);
    const end = line(o, "end_line", where);
    if (end < start) bad(`${where}.end_line`, `>= start_line (${start})`, end);
    const list = regions.get(p) ?? [];
    list.push({ ...entry(o, where), start, end });
    regions.set(p, list);
  });
  const focus = new Set<string>();
  arr("focus_files").forEach((v, i) => {
    if (typeof v !== "string" || v === "") bad(`focus_files[${i}]`, "a non-empty string", v);
    focus.add(normalizeKey(v as string));
  });

  const withFocus = (p: string, e: Entry | undefined): Familiarity | undefined => {
    const focused = focus.has(p);
    if (!e && !focused) return undefined;
    const base = e ?? { structure: 0, body: 0, current: 0, prune: 0 };
    return { ...base, focused };
  };
  const fileFamiliarity = (path: string) => {
    const p = normalizeKey(path);
    return withFocus(p, files.get(p));
  };
  const symbolFamiliarity = (path: string, symbol: string) => {
    const p = normalizeKey(path);
    const s = symbols.get(p + "\0" + symbol);
    const f = files.get(p);
    return withFocus(p, s ? merge(f, s) : f);
  };
  const regionFamiliarity = (path: string, start: number, end: number, symbol?: string) => {
    const p = normalizeKey(path);
    let e: Entry | undefined = files.get(p);
    if (symbol !== undefined) {
      const s = symbols.get(p + "\0" + symbol);
      if (s) e = merge(e, s);
    }
    for (const r of regions.get(p) ?? []) if (r.start <= end && r.end >= start) e = merge(e, r);
    return withFocus(p, e);
  };
  return { fileFamiliarity, symbolFamiliarity, regionFamiliarity, focusFiles: [...focus].sort() };
}

function isObj(v: unknown): boolean {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return `string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v)}`;
  if (typeof v === "object") return "an object";
  return `${typeof v} ${String(v)}`;
}

// ----------------------------------------------------------------------------- JSON with positions

/** JSON.parse reports no position in Bun, so a small strict parser locates errors exactly. */
const NOT_COMPOUND = Symbol("scalar");

class JsonError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

function position(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) { line++; last = i; }
  return { line, col: offset - last };
}

/** Nesting deeper than this is refused (the format needs 3 levels; 100,000 would overflow the stack). */
const MAX_DEPTH = 512;

export function parseJson(text: string): unknown {
  let i = 0;
  let depth = 0;
  const ws = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const fail = (msg: string): never => {
    throw new JsonError(i >= text.length ? "unexpected end of input" : msg, i);
  };
  const value = (): unknown => {
    ws();
    const c = text[i];
    if ((c === "{" || c === "[") && ++depth > MAX_DEPTH) fail(`nested deeper than ${MAX_DEPTH} levels`);
    const v = compound(c);
    return v === NOT_COMPOUND ? scalar(c) : (depth--, v);
  };
  const compound = (c: string | undefined): unknown => {
    if (c === "{") {
      i++;
      const o: Record<string, unknown> = {};
      ws();
      if (text[i] === "}") { i++; return o; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail(`expected a string key, found ${JSON.stringify(text[i])}`);
        const k = string();
        ws();
        if (text[i] !== ":") fail(`expected ':' after key ${JSON.stringify(k)}`);
        i++;
        o[k] = value();
        ws();
        if (text[i] === ",") { i++; continue; }
        if (text[i] === "}") { i++; return o; }
        fail(`expected ',' or '}', found ${JSON.stringify(text[i])}`);
      }
    }
    if (c === "[") {
      i++;
      const a: unknown[] = [];
      ws();
      if (text[i] === "]") { i++; return a; }
      for (;;) {
        a.push(value());
        ws();
        if (text[i] === ",") { i++; continue; }
        if (text[i] === "]") { i++; return a; }
        fail(`expected ',' or ']', found ${JSON.stringify(text[i])}`);
      }
    }
    return NOT_COMPOUND;
  };
  const scalar = (c: string | undefined): unknown => {
    if (c === '"') return string();
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 64));
    if (m && m[0] !== "" && m[0] !== "-") { i += m[0].length; return Number(m[0]); }
    for (const [w, v] of [["true", true], ["false", false], ["null", null]] as const) {
      if (text.startsWith(w, i)) { i += w.length; return v; }
    }
    return fail(`unexpected ${JSON.stringify(text.slice(i, i + 12))}`);
  };
  const string = (): string => {
    const start = i;
    i++;
    for (;;) {
      if (i >= text.length) { i = start; fail("unterminated string"); }
      const c = text[i]!;
      if (c === '"') { i++; break; }
      if (c === "\\") i += 2;
      else if (c < " ") fail("control character in string");
      else i++;
    }
    try {
      return JSON.parse(text.slice(start, i));
    } catch {
      i = start;
      return fail("invalid escape in string");
    }
  };
  const v = value();
  ws();
  if (i < text.length) fail(`unexpected ${JSON.stringify(text.slice(i, i + 12))} after the JSON value`);
  return v;
}
