import { narrowedWalk } from "./scope.ts";
import { escapeRegExp as escRe } from "../util/text.ts";

import type { TraceQuery } from "../query/dsl.ts";
import type { WalkOptions } from "../walk/types.ts";
import type { Symbol } from "../structure/types.ts";
import { search, type Walked } from "../search/index.ts";
import { fileSize, readText } from "../read/index.ts";
import { extractStructure, detectLanguage } from "../structure/index.ts";
import { inferRole } from "../classify/role.ts";
import { identifierWords, stem } from "../query/identifiers.ts";
import { makePlan, findHits, QUALITY_FACTOR, type Plan, type Quality } from "./plan.ts";
import { classifyOccurrence, commentColumnsOfLines, familyOf, langOf, type OccKind, type Family } from "../classify/lexical.ts";
import { goImplementations } from "./implicit.ts";
import { dispatchHop, ancestorHandlers } from "./hop.ts";
import { originsOf, aliasWrites, aliasCalls, FLOW_MAX_LINE, type FlowStep } from "./flow.ts";
import { unitFromSymbols, unitByShape, declaredAt, declarationUnit, braceBlockEnd, BIG_UNIT, BIG_TYPE_UNIT, type Unit } from "./regions.ts";
import { signatureEnd, SEMICOLON_DECLARES } from "./signature.ts";
import { profiler } from "../util/prof.ts";

/** Evidence found without the subject on the line (a Go implicit implementation, a dispatcher firing). */
export interface Forced {
  kind: OccKind;
  why: string;
}
/** Forced evidence is inferred, one step from the code: a little below the same evidence on the line. */
const FORCED_FACTOR = 0.9;

export interface Occurrence {
  line: number;
  /** Why, for evidence that does not mention the subject (see Forced). */
  note?: string;
  kind: OccKind;
  quality: Quality;
  withValue: boolean;
  weight: number;
  /** The lines of what the occurrence declares, when read past its line (see bodyOrDeclaration). */
  span?: { start: number; end: number };
}

export interface TraceRegion {
  label: string;
  start: number;
  end: number;
  kind: string;
  score: number;
  why: string[];
  /** Evidence lines (1-based) inside the region, best first. */
  evidence: number[];
  /** Whether the region is part of a larger unit (shown as an excerpt of it). */
  excerptOf?: { label: string; start: number; end: number };
  /** The region is a symbol whose range overlaps a syntax error (structure's `approx`). */
  approx?: boolean;
  /** A declaration shown by its head: the range of the whole declaration. */
  body?: { start: number; end: number };
}

export interface TraceFile {
  path: string;
  pathBytes?: string;
  role: string;
  language: string;
  score: number;
  why: string[];
  regions: TraceRegion[];
  /** Regions found in the file beyond those kept (the caps say so). */
  regionTotal: number;
  symbols: Symbol[];
  lines: string[];
}

export interface TraceResult {
  plan: Plan;
  files: TraceFile[];
  /** Files that had any region, before --max-files. */
  candidateFiles: number;
  prefilterFiles: number;
  analyzedFiles: number;
  /** Leading files whose units came from the parser (the rest from line shapes). */
  parsedFiles: number;
  notes: string[];
}

export interface TraceOptions {
  walk: WalkOptions;
  query: TraceQuery;
  /** Files the caller will show: the parser refines at least these. */
  maxFiles: number;
}

/** Bonus for a unit named for both the subject and the relation's vocabulary. */
const NAMED_FOR_BOTH = 25;

/** How many prefiltered files get read and parsed (ranked by line-shape evidence first). */
const DEEP_FILES = 40;

/**
 * A symbol named as its language's test convention names tests: `test_x`, `testX`, `TestX`, `x_test`,
 * Go's `BenchmarkX`/`ExampleX`/`FuzzX`, JS's `describe`/`it`/`test` blocks. A word inside a name
 * does not (`add_rust_test_threads` sets an environment variable).
 */
const TEST_LABEL = /^(?:test|tests|spec|it|describe|context|suite)(?:[^a-z]|$)|^test_|^test[A-Z]|^Test[A-Z_]|_tests?$|^Benchmark|^Example|^Fuzz[A-Z]/;

/**
 * Tests, docs, examples and generated code are demoted by a factor, so the demotion holds whatever
 * the score scale (a test with twenty calls must not outrank the one real caller).
 */
function roleFactor(role: string, kind: TraceQuery["kind"]): { factor: number; why?: string } {
  if (role === "test") return kind === "tests" ? { factor: 1 } : { factor: 0.55, why: "test file (demoted; kind:tests to prefer)" };
  if (role === "docs") return kind === "docs" ? { factor: 1 } : { factor: 0.45, why: "docs (demoted; kind:docs to prefer)" };
  if (role === "example") return { factor: 0.7, why: "example (demoted)" };
  if (role === "vendored" || role === "generated") return { factor: 0.6, why: `${role} code (demoted)` };
  if (role === "build" || role === "config") return { factor: 0.9, why: `${role} file` };
  return { factor: 1 };
}

function kindAllows(role: string, kind: TraceQuery["kind"]): boolean {
  // kind:code is the code under study: an agent asking for it does not want test files (an
  // agent trial got a test file's call sites first for `subject:_run_once kind:code`).
  if (kind === "code") return role !== "docs" && role !== "test";
  if (kind === "docs") return role === "docs";
  if (kind === "tests") return role === "test";
  return true;
}

/**
 * path:X matches whole path segments: `src/tui` keeps src/tui/** and a file given exactly, `tui`
 * also keeps a/tui/x, but `ui` never keeps build/two.py (a hint inside a segment is not a subtree).
 */
function pathUnder(display: string, hint: string): boolean {
  const d = "/" + display.toLowerCase() + "/";
  const h = hint.toLowerCase().replace(/^\.\/+/, "").replace(/^\/+|\/+$/g, "");
  if (!h) return true;
  return d.includes("/" + h + "/");
}

/**
 * Weighted occurrences of one line. The same line is classified by the prefilter pass, the shape
 * pass and the parser pass: the classification (the costly part) is memoised on the line's text.
 */
function lineOccurrences(plan: Plan, text: string, lineNo: number, commentCol: number, family: Family, lang: string): Occurrence[] {
  let memo = occMemo.get(plan);
  if (!memo) occMemo.set(plan, (memo = new Map()));
  const key = `${family}\0${lang}\0${commentCol}\0${text}`;
  let shapes = memo.get(key);
  if (!shapes) memo.set(key, (shapes = lineShapes(plan, text, commentCol, family, lang)));
  return shapes.map((o) => ({ line: lineNo, kind: o.kind, quality: o.quality, withValue: o.withValue, weight: o.weight }));
}

const TYPE_KINDS_SET = new Set(["class", "struct", "enum", "interface", "trait", "impl", "type", "union", "object", "record", "module", "namespace"]);

const occMemo = new WeakMap<Plan, Map<string, Omit<Occurrence, "line">[]>>();

/**
 * Size cap (a minified bundle or one-line JSON is one line of megabytes): on a line longer than
 * 2 x LINE_WINDOW, only its first LINE_HITS_MAX mentions are classified, each on the LINE_WINDOW
 * characters either side of it. Classifying reads the text before a mention, so every mention
 * of a huge line cost the whole line (a 16 MB line did not finish in a minute). Shorter lines
 * are classified whole, as before.
 */
const LINE_WINDOW = 1024;
const LINE_HITS_MAX = 64;

function lineShapes(plan: Plan, text: string, commentCol: number, family: Family, lang: string): Omit<Occurrence, "line">[] {
  const lineNo = 0;
  const out: Occurrence[] = [];
  const long = text.length > 2 * LINE_WINDOW;
  const hits = findHits(plan, text);
  for (const h of long ? hits.slice(0, LINE_HITS_MAX) : hits) {
    const a = long ? Math.max(0, h.start - LINE_WINDOW) : 0;
    const shape = long
      ? classifyOccurrence(text.slice(a, h.end + LINE_WINDOW), h.start - a, h.end - a, commentCol < 0 ? -1 : Math.max(0, commentCol - a), family, lang)
      : classifyOccurrence(text, h.start, h.end, commentCol, family, lang);
    let w = plan.spec.weights[shape.kind] * QUALITY_FACTOR[h.quality];
    // A producer with a value (let x = ..., x: T = ...) is what comes_from/populated ask for.
    if (shape.withValue && (shape.kind === "definition" || shape.kind === "field")) {
      w = Math.max(w, plan.spec.weights.write * 0.8 * QUALITY_FACTOR[h.quality]);
    }
    out.push({ line: lineNo, kind: shape.kind, quality: h.quality, withValue: !!shape.withValue, weight: w });
  }
  return out;
}

const cheapCommentCol = (line: string, family: Family): number => {
  if (family === "python" || family === "hash") return /^\s*#/.test(line) ? 0 : -1;
  if (family === "dash") return /^\s*--/.test(line) ? 0 : -1;
  if (family === "c") return /^\s*(?:\/\/|\/\*|\*)/.test(line) ? 0 : -1;
  return -1;
};

/** `class Subject`, `struct Subject` (C++, Java, C#, PHP, Kotlin...). */
const typeDeclRe = (subject: string) => new RegExp(`\\b(?:class|struct)\\s+${escRe(subject)}\\b(?!\\s*;)`);
/** A constructor's shape: modifiers, the type's name, its parameters; no return type before it. */
const ctorRe = (subject: string) => new RegExp(`^\\s*(?:(?:explicit|public|private|protected|internal|inline|constexpr|virtual)\\s+)*(?:${escRe(subject)}::)?~?${escRe(subject)}\\s*\\(`);

/** Decaying sum: the best evidence counts fully, more evidence adds less and less. */
function decaySum(ws: number[]): number {
  const s = [...ws].sort((a, b) => b - a);
  let t = 0;
  // More mentions in one unit say little more about the relation: the second adds a fifth, then less.
  for (let i = 0; i < s.length && i < 4; i++) t += s[i]! * (i === 0 ? 1 : i === 1 ? 0.2 : 0.1);
  return t;
}

/** Stemmed words of a label, path or line; memoised (regions of one file share lines). Read-only. */
function tokenStems(s: string): ReadonlySet<string> {
  let r = stemSets.get(s);
  if (!r) {
    if (stemSets.size >= 50_000) stemSets.clear();
    stemSets.set(s, (r = new Set(identifierWords(s).map(stem))));
  }
  return r;
}
const stemSets = new Map<string, Set<string>>();

const KIND_NAMES: Record<OccKind, string> = {
  definition: "definition", declaration: "declaration", field: "field", implementation: "implementation", "impl-of": "impl block",
  call: "call site", construct: "construction", emit: "emit site", handler: "handler registration",
  dispatch: "dispatch", write: "assignment", import: "import", source: "config/env source", string: "string mention", comment: "comment", reference: "reference",
};

const KIND_WHY: Record<OccKind, string> = {
  definition: "defines the subject", declaration: "declares the subject without its body (a prototype or forward declaration)", field: "declares or sets the subject as a field/key",
  implementation: "implements or extends the subject", "impl-of": "belongs to the subject type",
  call: "calls the subject", construct: "constructs the subject", emit: "emits/sends the subject",
  handler: "registers a handler for the subject", dispatch: "dispatches on the subject (compare/case/match)",
  write: "writes the subject (assignment, increment, insert, keyword value, &x passed to a call)", import: "imports the subject",
  source: "reads the subject from the environment, config or arguments",
  string: "mentions the subject in a string", comment: "mentions the subject in a comment", reference: "references the subject",
};

interface Candidate {
  unit: Unit;
  occ: Occurrence[];
  member?: boolean;
}

/**
 * A file's regions for the query: the subject's occurrences, each placed in its unit (the
 * enclosing symbol, or a unit by line shape, or a window), units merged and scored, nested ones
 * dropped. Each step is a function below.
 */
function analyzeFile(plan: Plan, q: TraceQuery, path: string, lines: string[], symbols: Symbol[], matchLines: number[], role: string, forced?: Map<number, Forced>): { regions: TraceRegion[] } {
  const occs = lineEvidence(plan, path, lines, matchLines);
  bodyOrDeclaration(plan, path, lines, occs);
  occs.push(...flowEvidence(plan, q, lines, matchLines, occs));
  if (!symbols.length) shapeConstructorsBelongToType(plan, lines, occs);
  if (forced) for (const [ln, f] of forced) occs.push({ line: ln, kind: f.kind, quality: "exact", withValue: false, weight: plan.spec.weights[f.kind] * FORCED_FACTOR, note: f.why });
  const cands = new Candidates();
  const python = familyOf(path) === "python";
  for (const o of occs) placeOccurrence(plan, python, lines, symbols, o, cands);
  addSubjectMembers(plan, symbols, cands);
  const regions: TraceRegion[] = [];
  for (const c of mergeWindows(cands.list())) {
    const r = scoreRegion(plan, q, lines, symbols, role, c);
    if (r) regions.push(r);
  }
  regions.sort((a, b) => b.score - a.score || a.start - b.start);
  return { regions: dropNested(regions) };
}

/** Comment columns per file (its line array): the shape pass and the parser pass share them. */
const colsMemo = new WeakMap<string[], Int32Array>();

/** The subject's occurrences on its matched lines, classified by line shape. */
function lineEvidence(plan: Plan, path: string, lines: string[], matchLines: number[]): Occurrence[] {
  const family = familyOf(path);
  let cols = colsMemo.get(lines);
  if (!cols) colsMemo.set(lines, (cols = commentColumnsOfLines(lines, family)));
  const lang = langOf(path);
  const occs: Occurrence[] = [];
  for (const ln of matchLines) occs.push(...lineOccurrences(plan, lines[ln - 1] ?? "", ln, cols[ln - 1] ?? -1, family, lang));
  return occs;
}

/** A line that may hold only a C return type (`static inline void`, `struct page *`): GNU style's line above the name. */
const RETURN_TYPE_LINE = /^(?:[A-Za-z_][\w]*(?:\s+|\s*[*&]+\s*))*[A-Za-z_]\w*\s*[*&]*\s*$/;
const NOT_RETURN_TYPE = /^\s*(?:return|else|case|goto|do|break|continue|default|typedef|extern\s+"C")\b/;

/**
 * A function's head read past its line: a definition whose parameter list is followed by `;` is
 * a declaration (a prototype in a header, a trait's required method), one followed by `{` keeps
 * its body's lines (so an unparsed file still shows the whole function); a GNU-style name at
 * column 0 under its return type (`get_canonical_qnan (REAL_VALUE_TYPE *r, int sign)`, read as a
 * call on its own line) is a definition or a declaration by the same test.
 */
function bodyOrDeclaration(plan: Plan, path: string, lines: string[], occs: Occurrence[]): void {
  if (!SEMICOLON_DECLARES.test(path)) return;
  for (let i = 0; i < occs.length; i++) {
    const o = occs[i]!;
    if (o.kind !== "definition" && o.kind !== "call") continue;
    const text = lines[o.line - 1] ?? "";
    if (text.length > FLOW_MAX_LINE) continue;
    const hit = findHits(plan, text).find((h) => /^\s*(?:<[^()]*>)?\s*\(/.test(text.slice(h.end)));
    if (!hit) continue;
    if (o.kind === "call") {
      const above = lines[o.line - 2] ?? "";
      if (hit.start !== 0 || !RETURN_TYPE_LINE.test(above) || NOT_RETURN_TYPE.test(above)) continue;
    }
    const end = signatureEnd(lines, o.line, text.indexOf("(", hit.end));
    if (!end) continue;
    if (end.kind === "declaration") {
      occs[i] = { ...o, kind: "declaration", withValue: false, weight: plan.spec.weights.declaration * QUALITY_FACTOR[o.quality], span: { start: o.line, end: end.line } };
    } else {
      const span = { start: o.line, end: Math.max(end.line, braceBlockEnd(lines, end.line)) };
      occs[i] = o.kind === "call" ? { ...o, kind: "definition", weight: plan.spec.weights.definition * QUALITY_FACTOR[o.quality], span } : { ...o, span };
    }
  }
}

/**
 * One step of data flow: where the locals a write reads are assigned (comes_from), writes
 * through a local bound to the subject (populated), a callback read into a local and invoked
 * (triggered_from). Lines already matched are not counted twice.
 */
function flowEvidence(plan: Plan, q: TraceQuery, lines: string[], matchLines: number[], occs: Occurrence[]): Occurrence[] {
  if (q.relation !== "comes_from" && q.relation !== "populated" && q.relation !== "triggered_from") return [];
  const seen = new Set(matchLines);
  const skip = (id: string) => { plan.lineRegex.lastIndex = 0; return plan.lineRegex.test(id); };
  const steps: FlowStep[] = [];
  const from = new Set<number>();
  for (const o of occs) {
    // Once per line, and not on huge lines (a minified bundle's one line of megabytes).
    if (from.has(o.line) || (lines[o.line - 1]?.length ?? 0) > FLOW_MAX_LINE) continue;
    from.add(o.line);
    if (q.relation === "comes_from" && (o.kind === "write" || ((o.kind === "definition" || o.kind === "field") && o.withValue))) steps.push(...originsOf(lines, o.line, skip));
    if (q.relation === "populated") steps.push(...aliasWrites(lines, o.line, plan.subject));
    if (q.relation === "triggered_from") steps.push(...aliasCalls(lines, o.line, plan.subject));
  }
  const out: Occurrence[] = [];
  for (const st of steps) {
    if (seen.has(st.line)) continue;
    seen.add(st.line);
    const kind: OccKind = q.relation === "triggered_from" ? "call" : st.source ? "source" : "write";
    out.push({ line: st.line, kind, quality: "exact", withValue: true, weight: plan.spec.weights[kind] * FORCED_FACTOR, note: st.why });
  }
  return out;
}

/**
 * Without the parser (a file over the parse budget): where the file declares `class Subject`,
 * a line shaped as a constructor (the name, then its parameters, no return type) belongs to the
 * type; it does not define it (with symbols, placeOccurrence's constructor rule decides the same).
 */
function shapeConstructorsBelongToType(plan: Plan, lines: string[], occs: Occurrence[]): void {
  if (!occs.some((o) => o.kind === "definition" && typeDeclRe(plan.subject).test(lines[o.line - 1] ?? ""))) return;
  const ctor = ctorRe(plan.subject);
  for (let i = 0; i < occs.length; i++) {
    const o = occs[i]!;
    if (o.kind === "definition" && ctor.test(lines[o.line - 1] ?? "")) occs[i] = asImplOf(plan, o);
  }
}

const asImplOf = (plan: Plan, o: Occurrence): Occurrence => ({ ...o, kind: "impl-of", weight: plan.spec.weights["impl-of"] * QUALITY_FACTOR[o.quality] });

/** Candidate regions by unit range, each with the occurrences placed in it. */
class Candidates {
  private byRange = new Map<string, Candidate>();
  add(unit: Unit, o: Occurrence, member = false): void {
    const key = `${unit.start}:${unit.end}`;
    let c = this.byRange.get(key);
    if (!c) this.byRange.set(key, (c = { unit, occ: [], member }));
    c.occ.push(o);
  }
  list(): Candidate[] {
    return [...this.byRange.values()];
  }
}

const windowUnit = (lines: string[], l: number, label: string): Unit => ({ start: Math.max(1, l - 2), end: Math.min(lines.length, l + 2), label, kind: "window", symbol: -1 });

/**
 * The unit an occurrence belongs to: for a declaration, the declared symbol (or, without the
 * parser, the block its line opens); else the enclosing symbol, the unit by line shape, or a
 * window of lines. A huge unit around a mention that is not its head becomes a window inside it.
 */
function placeOccurrence(plan: Plan, python: boolean, lines: string[], symbols: Symbol[], occ: Occurrence, cands: Candidates): void {
  let o = occ;
  const declaring = o.kind === "definition" || o.kind === "implementation" || o.kind === "impl-of";
  let unit: Unit | null = null;
  // A prototype or forward declaration: its own lines (it is no symbol of the outline).
  if (o.kind === "declaration" && o.span) unit = spanUnit(lines, o.span, "declaration");
  if (declaring && symbols.length) {
    const d = declaredAt(symbols, o.line, lines);
    if (d >= 0) {
      const s = symbols[d]!;
      unit = declarationUnit(lines, s.startLine, s.endLine, s.label || s.name, s.kind, d);
      // A constructor (a function named as the type holding it) belongs to the type; it does
      // not define it: the type's own declaration is the definition.
      const p = s.parent >= 0 ? symbols[s.parent]! : null;
      if (o.kind === "definition" && p && p.name === s.name && !TYPE_KINDS_SET.has(s.kind)) o = asImplOf(plan, o);
    }
  }
  // A function read to its closing brace (bodyOrDeclaration), where no symbol says more.
  if (!unit && o.kind === "definition" && o.span) unit = spanUnit(lines, o.span, "function");
  if (!unit && symbols.length) unit = unitFromSymbols(symbols, o.line, false);
  if (!unit && declaring) {
    // The declared block itself (no parser): from this line to its end.
    const t = lines[o.line - 1] ?? "";
    let u = unitByShape(lines, o.line, python);
    if (!(u && u.start === o.line) && /[{:]\s*$/.test(t)) u = unitByShape([...lines.slice(0, o.line - 1), t], o.line, python) ?? null;
    if (u && u.start === o.line) unit = declarationUnit(lines, u.start, u.end, u.label, u.kind, -1);
  }
  if (!unit) unit = unitByShape(lines, o.line, python);
  if (!unit) unit = windowUnit(lines, o.line, (lines[o.line - 1] ?? "").trim().slice(0, 80));
  // A huge unit around a mention that is not its header: show the part around the evidence.
  // A big type body (class, interface, impl) around a member declaration is not a useful unit either.
  const limit = unit.kind === "window" ? Infinity : /^(?:function|method|constructor|macro|getter|setter|arrow|closure|test)$/.test(unit.kind) ? BIG_UNIT : BIG_TYPE_UNIT;
  if (unit.end - unit.start + 1 > limit && o.line > unit.start + 2) unit = { ...windowUnit(lines, o.line, unit.label), parent: unit };
  cands.add(unit, o);
}

const spanUnit = (lines: string[], span: { start: number; end: number }, kind: string): Unit =>
  declarationUnit(lines, span.start, span.end, (lines[span.start - 1] ?? "").trim().replace(/\s*\{\s*$/, "").slice(0, 100), kind, -1);

/** Members of the subject type named for the relation: methods of `class Subject`, `impl X for Subject`, receivers. */
function addSubjectMembers(plan: Plan, symbols: Symbol[], cands: Candidates): void {
  if (!plan.spec.members || !symbols.length) return;
  for (let i = 0; i < symbols.length; i++) {
    const s = symbols[i]!;
    if (s.parent < 0) continue;
    const p = symbols[s.parent]!;
    const owner = p.name === plan.subject || (p.kind === "impl" && new RegExp(`(?:^|\\s)(?:for\\s+)?${plan.subject.replace(/[^\w]/g, "")}(?:<|\\s|$)`).test(p.label));
    if (!owner) continue;
    const stems = tokenStems(s.name);
    if (![...stems].some((x) => plan.vocabStems.has(x))) continue;
    cands.add({ start: s.startLine, end: s.endLine, label: s.label || s.name, kind: s.kind, symbol: i },
      { line: s.startLine, kind: "impl-of", quality: "exact", withValue: false, weight: plan.spec.members }, true);
  }
}

/** Windows that touch or overlap (and sit in the same parent unit) become one. */
function mergeWindows(cands: Candidate[]): Candidate[] {
  const list = [...cands].sort((a, b) => a.unit.start - b.unit.start || b.unit.end - a.unit.end);
  const merged: Candidate[] = [];
  for (const c of list) {
    const last = merged[merged.length - 1];
    const pa = last?.unit.parent, pb = c.unit.parent;
    const sameParent = pa === pb || (!!pa && !!pb && pa.start === pb.start && pa.end === pb.end);
    if (last && last.unit.kind === "window" && c.unit.kind === "window" && c.unit.start <= last.unit.end + 2 && sameParent) {
      last.unit = { ...last.unit, end: Math.max(last.unit.end, c.unit.end) };
      last.occ.push(...c.occ);
      continue;
    }
    merged.push(c);
  }
  return merged;
}

/**
 * A candidate's score, with why: its evidence (decaying sum), the relation's vocabulary in its
 * name and at the evidence, support words in it, the subject's owner around it, the defined
 * subject's own name, less for a long region or test code. Null when it is worth nothing for
 * this relation (called_from's own definition weighs 0): it would only take a --max-regions
 * slot from a real answer.
 */
function scoreRegion(plan: Plan, q: TraceQuery, lines: string[], symbols: Symbol[], role: string, c: Candidate): TraceRegion | null {
  const testFile = role === "test";
  const subjectStems = plan.words.map(stem);
  const u = c.unit;
  const why: string[] = [];
  const best = [...c.occ].sort((a, b) => b.weight - a.weight);
  const top = best[0]!;
  let score = decaySum(c.occ.map((o) => o.weight));
  why.push(`${c.member ? "member of the subject type" : top.note ?? KIND_WHY[top.kind]}${top.quality !== "exact" ? ` (${top.quality} match)` : ""} +${Math.round(top.weight)}`);
  if (c.occ.length > 1) why.push(`${c.occ.length} subject occurrences +${Math.round(score - top.weight)}`);
  // Relation vocabulary in the unit's name and in the evidence lines (whole tokens, stemmed).
  const labelStems = tokenStems(u.label);
  const vocabInLabel = [...labelStems].filter((x) => plan.vocabStems.has(x));
  if (vocabInLabel.length && plan.spec.labelVocab) {
    score += plan.spec.labelVocab;
    why.push(`name fits the relation (${vocabInLabel.join(", ")}) +${plan.spec.labelVocab}`);
    // Named for the subject and the relation together (TextFieldSkin, RequestHandler): the unit
    // that does the relation's work for this subject, not one of many that touch it.
    // (A window's label is the text of a line, not a name.)
    if (u.kind !== "window" && (subjectStems.length > 1 ? subjectStems.every((x) => labelStems.has(x)) : labelStems.has(subjectStems[0] ?? ""))) {
      score += NAMED_FOR_BOTH;
      why.push(`named for the subject and the relation +${NAMED_FOR_BOTH}`);
    }
  }
  const evStems = new Set<string>();
  for (const o of c.occ) for (const x of tokenStems((lines[o.line - 1] ?? "").slice(0, 400))) evStems.add(x);
  const vocabInEv = [...evStems].filter((x) => plan.vocabStems.has(x) && !vocabInLabel.includes(x));
  if (vocabInEv.length) {
    const v = Math.min(20, 10 * vocabInEv.length);
    score += v;
    why.push(`relation words at the evidence (${vocabInEv.slice(0, 3).join(", ")}) +${v}`);
  }
  // Support words anywhere in the region.
  if (plan.supportStems.length) {
    const bodyStems = new Set<string>();
    for (let l = u.start; l <= Math.min(u.end, u.start + 300); l++) for (const x of tokenStems(lines[l - 1] ?? "")) bodyStems.add(x);
    for (const l of labelStems) bodyStems.add(l);
    let n = 0;
    for (const sw of plan.supportStems) if (sw.length && sw.every((x) => bodyStems.has(x))) n++;
    if (n) { score += 15 * n; why.push(`support words in region: ${n} +${15 * n}`); }
  }
  // A qualified subject (Owner.member): evidence inside the owner (class, receiver, impl) counts more.
  if (plan.ownerStems.length) {
    const chainLabels = symbols.length ? symbols.filter((s) => s.startLine <= u.start && u.end <= s.endLine).map((s) => s.label || s.name) : [];
    const ctx = tokenStems([u.label, ...chainLabels].join(" "));
    if (plan.ownerStems.every((x) => ctx.has(x))) { score += 30; why.push("inside the subject's owner +30"); }
  }
  // The defined subject itself: its name is the label.
  if (top.kind === "definition" && (q.relation === "defined" || q.relation === "implementation") && u.symbol >= 0 && symbols[u.symbol]!.name === plan.subject) {
    score += 30;
    why.push("symbol name is exactly the subject +30");
  }
  const len = u.end - u.start + 1;
  if (len > 80 && u.kind !== "window") {
    const p = Math.min(25, Math.round((len - 80) / 20));
    if (p > 0) { score -= p; why.push(`long region (${len} lines) -${p}`); }
  }
  const testRegion = testFile || (u.symbol >= 0 && TEST_LABEL.test(symbols[u.symbol]!.name));
  if (testRegion && q.kind !== "tests" && !testFile) { score -= 30; why.push("test code (demoted) -30"); }
  let kind = c.member ? "member" : KIND_NAMES[top.kind];
  if (q.relation === "rendered" && (vocabInLabel.length || vocabInEv.length) && top.kind !== "comment") kind = "render site";
  if (testRegion) kind += " (test)";
  if (Math.round(score) <= 0) return null;
  const parent = u.parent;
  return {
    label: u.label || `line ${u.start}`, start: u.start, end: u.end, kind, score: Math.round(score), why,
    evidence: [...new Set(best.map((o) => o.line))],
    ...(u.symbol >= 0 && symbols[u.symbol]!.approx ? { approx: true } : {}),
    ...(parent ? { excerptOf: { label: parent.label, start: parent.start, end: parent.end } } : {}),
    ...(u.body ? { body: u.body } : {}),
  };
}

/** Regions (best first) without those nested in a better-ranked one (a method inside a class already chosen). */
function dropNested(regions: TraceRegion[]): TraceRegion[] {
  const kept: TraceRegion[] = [];
  for (const r of regions) {
    if (kept.some((k) => k.start <= r.start && r.end <= k.end && k.end - k.start < 200)) continue;
    kept.push(r);
  }
  return kept;
}

export async function runTrace(opts: TraceOptions): Promise<TraceResult> {
  const t0 = performance.now();
  const prof = profiler("trace", t0);
  prof?.(`start (${t0.toFixed(1)}ms after process start)`);
  const q = opts.query;
  const plan = makePlan(q);
  const notes: string[] = [];
  // Grammars start compiling (on JSC's compiler thread) while the search and the shape pass run:
  // those of the first matching files, then that of the leading candidate.
  const { prefetchPath } = await import("../structure/prefetch.ts");
  // Relations that may search the tree a second time (a dispatcher, a superclass, Go's implicit
  // implementations) keep the first walk's file list: the second pass reads files, not directories.
  const walked: Walked | undefined = q.relation === "triggered_from" || q.relation === "handled" || q.relation === "implementation" ? { capture: [] } : undefined;
  const pattern = { pattern: plan.prefilter, regex: plan.prefilterRegex, ignoreCase: plan.prefilterIgnoreCase, wordRegexp: false };
  // path:P naming a directory or file under the root: its subtree is searched first, and the
  // whole scope only when nothing there mentions the subject (the path filter below then says so).
  const narrow = q.pathHint ? narrowedWalk(opts.walk, q.pathHint) : undefined;
  let res = narrow ? await search(narrow.walk, pattern, { onMatch: (e) => prefetchPath(e.display) }) : undefined;
  if (res?.files.length && narrow) {
    res = { ...res, files: res.files.map((f) => ({ ...f, entry: narrow.remap(f.entry) })) };
    notes.push(`path:${q.pathHint} names a path here: only it was searched (drop path: to search the whole scope)`);
  } else res = await search(opts.walk, pattern, { onMatch: (e) => prefetchPath(e.display), walked });

  const forced = new Map<string, Map<number, Forced>>();
  const force = (byFile: Map<string, { hits: (typeof res.files)[number]; lines: Map<number, string> }>, kind: OccKind, why: (v: string) => string) => {
    const byPath = new Map(res.files.map((f) => [f.entry.display, f]));
    for (const [path, v] of byFile) {
      let m = forced.get(path);
      if (!m) forced.set(path, (m = new Map()));
      for (const [ln, x] of v.lines) m.set(ln, { kind, why: why(x) });
      if (!byPath.has(path)) { const fh = { entry: v.hits.entry, matches: [], count: 0 }; res.files.push(fh); byPath.set(path, fh); }
    }
  };
  if (q.relation === "implementation") {
    const impl = await goImplementations(opts.walk, res.files, plan.subject, walked);
    if (impl) {
      notes.push(`Go types with every method of ${plan.subject} (${impl.methods.join(", ")}) count as implementations: ${impl.types.slice(0, 8).join(", ")}${impl.types.length > 8 ? ", ..." : ""}`);
      force(impl.byFile, "implementation", (type) => `${type} has every method of ${plan.subject}`);
    }
  }
  if (q.relation === "triggered_from") {
    const hop = await dispatchHop(opts.walk, res.files, plan.subject, walked);
    if (hop) {
      notes.push(`${plan.subject} is stored in ${hop.registries.join(", ")}: lines that fire ${hop.registries.length > 1 ? "them" : "it"} count as triggers (one hop)`);
      force(hop.byFile, "emit", (why) => why);
    }
  }
  if (q.relation === "handled") {
    const up = await ancestorHandlers(opts.walk, res.files, plan.subject, walked);
    if (up) {
      notes.push(`${plan.subject} is a subclass of ${up.registries[0]}: lines that catch ${up.registries[0]} count as handlers (one hop up)`);
      force(up.byFile, "dispatch", (why) => why);
    }
  }
  prof?.(`search (${res.files.length} files)`);
  interface Pre { hits: (typeof res.files)[number]; role: string; prelim: number }
  let pres: Pre[] = [];
  for (const fh of res.files) {
    const role = inferRole(fh.entry.display);
    if (!kindAllows(role, q.kind)) continue;
    const family = familyOf(fh.entry.display);
    const ws: number[] = [];
    const lang = langOf(fh.entry.display);
    for (const m of fh.matches) for (const o of lineOccurrences(plan, m.text, m.line, cheapCommentCol(m.text, family), family, lang)) ws.push(o.weight);
    for (const f of forced.get(fh.entry.display)?.values() ?? []) ws.push(plan.spec.weights[f.kind] * FORCED_FACTOR);
    if (!ws.length) continue;
    pres.push({ hits: fh, role, prelim: decaySum(ws) * roleFactor(role, q.kind).factor });
  }
  if (q.kind) notes.push(`kind:${q.kind} ${q.kind === "code" ? "left out docs and tests" : q.kind === "docs" ? "kept only docs" : "kept only tests"}`);
  if (q.pathHint) {
    const inside = pres.filter((p) => pathUnder(p.hits.entry.display, q.pathHint!));
    if (inside.length) {
      if (inside.length < pres.length) notes.push(`path:${q.pathHint} filtered: ${pres.length - inside.length} candidate files outside it left out (drop path: to see them)`);
      pres = inside;
    } else if (pres.length) {
      notes.push(`path:${q.pathHint} matched no candidate file; showing results from the whole scope`);
    }
  }
  const prefilterFiles = pres.length;
  prof?.(`prefilter scoring (${pres.length} files)`);
  // Ties (same line-shape evidence) go to code over tests and docs, then the shallower path.
  pres.sort((a, b) => b.prelim - a.prelim || roleRank(a.role) - roleRank(b.role)
    || a.hits.entry.display.split("/").length - b.hits.entry.display.split("/").length
    || (a.hits.entry.display < b.hits.entry.display ? -1 : 1));
  // Read in rank order within a byte budget: generated files of many MB (register headers,
  // amalgamations) would otherwise make this pass take seconds. Sizes come from one stat each.
  const deep: Pre[] = [];
  let readBytes = 0;
  let overBudget = 0;
  for (const p of pres) {
    if (deep.length >= DEEP_FILES) break;
    const size = fileSize(p.hits.entry.open, p.hits.entry.size) ?? 0; // unreadable: readText decides
    if (size > READ_MAX_FILE_BYTES || readBytes + size > READ_BUDGET_BYTES) {
      overBudget++;
      continue;
    }
    readBytes += size;
    deep.push(p);
  }
  if (deep.length) prefetchPath(deep[0]!.hits.entry.display, 3);
  if (pres.length > deep.length) notes.push(`analysed the ${deep.length} strongest of ${pres.length} candidate files (by line-shape evidence)`);
  if (overBudget) notes.push(`${overBudget} candidate file${overBudget > 1 ? "s" : ""} left out for size (over ${READ_MAX_FILE_BYTES >> 20} MB, or past ${READ_BUDGET_BYTES >> 20} MB read in all): agentgrep grep --paths-only '${plan.subject}' lists every file that mentions the subject`);

  // Pass 1: every candidate with shape-based units (cheap). Pass 2: the leading files again with the
  // parser's symbols, within a byte budget so a huge generated file cannot stall the answer.
  type Work = TraceFile & { text: string; matchLines: number[] };
  const files: Work[] = [];
  for (const p of deep) {
    const entry = p.hits.entry;
    const tf = readText(entry.open);
    if (!tf) continue;
    const lines = tf.text.split("\n");
    if (lines.length && lines[lines.length - 1] === "") lines.pop();
    const matchLines = [...new Set(p.hits.matches.map((m) => m.line))];
    const f = scoreFile(plan, q, entry.display, entry.pathBytes, p.role, lines, [], matchLines, detectLanguage(entry.display, tf.text.slice(0, 512)), forced.get(entry.display));
    if (f) files.push(Object.assign(f, { text: tf.text, matchLines }));
  }
  files.sort(byScore);
  prof?.(`pass 1 (${deep.length} files)`);
  let budget = PARSE_BUDGET_BYTES;
  let parsed = 0;
  const refineCount = Math.min(opts.maxFiles, REFINE_FILES);
  for (let i = 0; i < files.length && i < refineCount; i++) {
    const f = files[i]!;
    if (f.text.length > budget || f.text.length > PARSE_MAX_FILE_BYTES) continue;
    budget -= f.text.length;
    let symbols: Symbol[] = [];
    try {
      symbols = (await extractStructure(f.path, f.text)).symbols;
    } catch {
      continue; // a parser failure leaves the shape-based units in place
    }
    parsed++;
    prof?.(`  parsed ${f.path} ${f.text.length}B ${symbols.length} symbols`);
    if (!symbols.length) continue;
    const g = scoreFile(plan, q, f.path, f.pathBytes, f.role, f.lines, symbols, f.matchLines, f.language, forced.get(f.path));
    if (g) files[i] = Object.assign(g, { text: "", matchLines: f.matchLines });
  }
  files.sort(byScore);
  prof?.(`pass 2 (${parsed} parsed)`);
  const out: TraceFile[] = files.map(({ text, matchLines, ...rest }) => rest);
  return { plan, files: out, candidateFiles: out.length, prefilterFiles, analyzedFiles: deep.length, parsedFiles: parsed, notes };
}

/** Bytes read for the line-shape pass: per file, and in all (in rank order). */
const READ_MAX_FILE_BYTES = 8 << 20;
const READ_BUDGET_BYTES = 16 << 20;

/** Total bytes of source handed to the parser per query (the leading files, in rank order). */
const PARSE_BUDGET_BYTES = 200_000;
export const PARSE_MAX_FILE_BYTES = 100_000;
/** Parsing is the slow step; the leading files are where labels and exact units matter. */
export const REFINE_FILES = 3;

/**
 * Files in rank order. Equal scores are common (two call sites weigh the same): the tie goes to the
 * file with the stronger best region, then to the one whose evidence defines or implements the
 * subject, then to code over tests, docs and examples, then to the shallower path (a tree's own
 * module over a vendored or nested copy), and only then to path order, so ties are decided by
 * evidence, never by the walk.
 */
export function byScore(a: TraceFile, b: TraceFile): number {
  return b.score - a.score
    || (b.regions[0]?.score ?? 0) - (a.regions[0]?.score ?? 0)
    || declares(b) - declares(a)
    || roleRank(a.role) - roleRank(b.role)
    || depth(a.path) - depth(b.path)
    || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/** 1 when the file's best region defines, implements or belongs to the subject. */
const declares = (f: TraceFile): number => (/^(?:definition|implementation|impl block|member)/.test(f.regions[0]?.kind ?? "") ? 1 : 0);
/** Code first, then build/config, examples, generated/vendored, docs, tests. */
const ROLE_RANK: Record<string, number> = { build: 1, config: 1, example: 2, generated: 3, vendored: 3, docs: 4, test: 5 };
export const roleRank = (role: string): number => ROLE_RANK[role] ?? 0;
const depth = (p: string): number => p.split("/").length;

function scoreFile(plan: Plan, q: TraceQuery, path: string, pathBytes: string | undefined, role: string, lines: string[], symbols: Symbol[], matchLines: number[], language: string, forced?: Map<number, Forced>): TraceFile | null {
  const { regions } = analyzeFile(plan, q, path, lines, symbols, matchLines, role, forced);
  if (!regions.length) return null;
  const why: string[] = [];
  const rs = regions.map((r) => r.score);
  let score = rs[0]! + Math.round(0.25 * (rs[1] ?? 0) + 0.1 * (rs[2] ?? 0));
  why.push(`best region ${regions[0]!.label} @ ${regions[0]!.start}-${regions[0]!.end}: ${rs[0]}`);
  if (rs.length > 1) why.push(`${rs.length - 1} more region${rs.length > 2 ? "s" : ""} +${score - rs[0]!}`);
  const rf = roleFactor(role, q.kind);
  const pathStems = tokenStems(path);
  if (plan.ownerStems.length && plan.ownerStems.every((w) => pathStems.has(w))) { score += 10; why.push("path names the subject's owner +10"); }
  const subjStems = plan.words.map(stem);
  if (subjStems.length && subjStems.every((w) => pathStems.has(w))) { score += 15; why.push("path names the subject +15"); }
  let sup = 0;
  for (const sw of plan.supportStems) if (sw.length && sw.every((x) => pathStems.has(x))) sup++;
  if (sup) { score += 10 * sup; why.push(`support words in path: ${sup} +${10 * sup}`); }
  const vocabPath = [...pathStems].filter((x) => plan.vocabStems.has(x));
  if (vocabPath.length && !q.custom && plan.spec.labelVocab >= 15) { score += 10; why.push(`path fits the relation (${vocabPath[0]}) +10`); }
  if (rf.factor !== 1) {
    const before = score;
    score = Math.round(score * rf.factor);
    why.push(`${rf.why} x${rf.factor} (${score - before})`);
  }
  return { path, pathBytes, role, language, score, why, regions, regionTotal: regions.length, symbols, lines };
}
