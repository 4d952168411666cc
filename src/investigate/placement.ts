import type { Symbol } from "../structure/types.ts";
import { identifierWords } from "../query/identifiers.ts";
import type { Plan } from "./plan.ts";
import type { Occurrence } from "./evidence.ts";
import { asImplOf } from "./heads.ts";
import { unitFromSymbols, unitByShape, gapAround, declaredAt, declarationUnit, titleOf, headEnd, BIG_UNIT, BIG_TYPE_UNIT, type Unit } from "./regions.ts";
import { tokenStems } from "./region-score.ts";
import { MAX_STATEMENT_CLIMB, type StatementStart } from "./statements.ts";

// Step 4 of a file's analysis (see analyze.ts): each occurrence placed in its unit (a candidate
// region), the subject type's members added, touching windows merged.

/** A type this short is shown whole around a member line (a window would hold it all anyway). */
const MEMBER_WINDOW_OVER = 5;
const TYPE_KINDS_SET = new Set(["class", "struct", "enum", "interface", "trait", "impl", "type", "union", "object", "record", "module", "namespace"]);
export interface Candidate {
  unit: Unit;
  occ: Occurrence[];
  member?: boolean;
}

/** Candidate regions by unit range, each with the occurrences placed in it. */
export class Candidates {
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

/**
 * Two lines either side of `l`, not across a blank line (the code beyond it is another statement's),
 * starting where a statement starts (`stmt`): never inside a multi-line call or condition. A start
 * inside a long statement (an `if` whose body holds `l`) moves down to the first statement start
 * before `l` instead.
 */
function windowUnit(lines: string[], l: number, label: string, stmt?: StatementStart): Unit {
  let start = l, end = l;
  while (start > Math.max(1, l - 2) && /\S/.test(lines[start - 2] ?? "")) start--;
  while (end < Math.min(lines.length, l + 2) && /\S/.test(lines[end] ?? "")) end++;
  if (stmt) start = statementStartNear(stmt, start, l);
  return { start, end, label, kind: "window", symbol: -1 };
}

function statementStartNear(stmt: StatementStart, start: number, l: number): number {
  const st = stmt(start);
  if (st >= start) return start;
  if (start - st <= MAX_STATEMENT_CLIMB) return st;
  for (let s = start + 1; s <= l; s++) if (stmt(s) === s) return s;
  const own = stmt(l);
  return l - own <= MAX_STATEMENT_CLIMB * 3 ? own : start;
}

/**
 * The unit an occurrence belongs to: for a declaration, the declared symbol (or, without the
 * parser, the block its line opens); else the enclosing symbol, the unit by line shape, or a
 * window of lines. A huge unit around a mention that is not its head becomes a window inside it.
 */
export function placeOccurrence(plan: Plan, python: boolean, lines: string[], symbols: Symbol[], occ: Occurrence, cands: Candidates, stmt?: StatementStart): void {
  let o = occ;
  const declaring = o.kind === "definition" || o.kind === "implementation" || o.kind === "impl-of";
  let unit: Unit | null = null;
  // A prototype or forward declaration: its own lines (it is no symbol of the outline).
  if (o.kind === "declaration" && o.span) unit = spanUnit(lines, o.span, "declaration");
  // A handler written inline (anonymous.ts): the anonymous body it spans.
  if (o.kind === "handler" && o.span) unit = spanUnit(lines, o.span, "handler");
  if (declaring && symbols.length) {
    const d = declaredAt(symbols, o.line, lines);
    if (d >= 0) {
      const s = symbols[d]!;
      unit = declarationUnit(lines, s.startLine, s.endLine, s.label || s.name, s.kind, d, s.attachedStart);
      // A constructor (a function named as the type holding it) belongs to the type; it does
      // not define it: the type's own declaration is the definition.
      const p = s.parent >= 0 ? symbols[s.parent]! : null;
      if (o.kind === "definition" && p && p.name === s.name && !TYPE_KINDS_SET.has(s.kind)) o = asImplOf(plan, o);
    }
  }
  // A function read to its closing brace (bodyOrDeclaration), where no symbol says more.
  if (!unit && o.kind === "definition" && o.span) unit = spanUnit(lines, o.span, "function");
  if (!unit && symbols.length) {
    unit = unitFromSymbols(symbols, o.line, false);
    // A member line of a type (an enum's constant, a struct's field, a class's property) is not the
    // type: the region is the member's statement, an excerpt of the type, so a whole enum or class
    // never stands for the one line of it that holds the word (nor hides its methods' regions).
    if (unit && unit.symbol >= 0 && TYPE_KINDS_SET.has(unit.kind) && unit.end - unit.start + 1 > MEMBER_WINDOW_OVER && o.line > headEnd(lines, unit.start, unit.end)) {
      unit = { ...windowUnit(lines, o.line, unit.label, stmt), parent: unit };
    }
  }
  if (!unit && declaring) {
    // The declared block itself (no parser): from this line to its end.
    const t = lines[o.line - 1] ?? "";
    let u = unitByShape(lines, o.line, python);
    if (!(u && u.start === o.line) && /[{:]\s*$/.test(t)) u = unitByShape([...lines.slice(0, o.line - 1), t], o.line, python) ?? null;
    if (u && u.start === o.line) unit = declarationUnit(lines, u.start, u.end, u.label, u.kind, -1);
  }
  if (!unit) {
    unit = unitByShape(lines, o.line, python) ?? windowUnit(lines, o.line, titleOf(lines[o.line - 1] ?? "").slice(0, 80), stmt);
    // Outside every symbol: the unit keeps to the lines no symbol holds.
    if (symbols.length) {
      const gap = gapAround(symbols, o.line);
      if (unit.start < gap.from || unit.end > gap.to) unit = { ...unit, start: Math.max(unit.start, gap.from), end: Math.min(unit.end, gap.to) };
    }
  }
  // A huge unit around a mention that is not its header: show the part around the evidence.
  // A big type body (class, interface, impl) around a member declaration is not a useful unit either.
  const limit = unit.kind === "window" ? Infinity : /^(?:function|method|constructor|macro|getter|setter|arrow|closure|test)$/.test(unit.kind) ? BIG_UNIT : BIG_TYPE_UNIT;
  if (unit.end - unit.start + 1 > limit && o.line > unit.start + 2) unit = { ...windowUnit(lines, o.line, unit.label, stmt), parent: unit };
  cands.add(unit, o);
}

const spanUnit = (lines: string[], span: { start: number; end: number }, kind: string): Unit =>
  declarationUnit(lines, span.start, span.end, titleOf(lines[span.start - 1] ?? ""), kind, -1);

/**
 * Members of the subject type named for the relation: methods of `class Subject`, `impl X for
 * Subject`, receivers; and in a file named for the subject (a module: `piechart.lua`), its
 * top-level functions, whose names need not say the subject (awesome's widget draws in a local
 * `draw` that its constructor installs).
 */
export function addSubjectMembers(plan: Plan, path: string, symbols: Symbol[], cands: Candidates): void {
  if (!plan.spec.members || !symbols.length) return;
  const base = path.replace(/^.*\//, "").replace(/\.[^.]*$/, "");
  const moduleOfSubject = plan.words.length > 0 && identifierWords(base).join(" ") === plan.words.join(" ");
  for (let i = 0; i < symbols.length; i++) {
    const s = symbols[i]!;
    if (s.parent < 0) {
      if (!moduleOfSubject || !FUNCTION_KINDS.has(s.kind)) continue;
    } else {
      const p = symbols[s.parent]!;
      const owner = p.name === plan.subject || (p.kind === "impl" && new RegExp(`(?:^|\\s)(?:for\\s+)?${plan.subject.replace(/[^\w]/g, "")}(?:<|\\s|$)`).test(p.label));
      if (!owner) continue;
    }
    const stems = tokenStems(s.name);
    if (![...stems].some((x) => plan.vocabStems.has(x))) continue;
    cands.add({ start: s.startLine, end: s.endLine, label: s.label || s.name, kind: s.kind, symbol: i },
      { line: s.startLine, kind: "impl-of", quality: "exact", withValue: false, weight: plan.spec.members }, true);
  }
}

const FUNCTION_KINDS = new Set(["function", "method"]);

/**
 * Windows that touch or overlap (and sit in the same parent unit) become one, even when another
 * unit starts between them: a doc comment's mentions overlap the declaration that owns the
 * comment, and split by it they showed as two overlapping comment regions.
 */
export function mergeWindows(cands: Candidate[]): Candidate[] {
  const list = [...cands].sort((a, b) => a.unit.start - b.unit.start || b.unit.end - a.unit.end);
  const merged: Candidate[] = [];
  let lastWindow: Candidate | undefined;
  for (const c of list) {
    const last = lastWindow;
    const pa = last?.unit.parent, pb = c.unit.parent;
    const sameParent = pa === pb || (!!pa && !!pb && pa.start === pb.start && pa.end === pb.end);
    if (last && c.unit.kind === "window" && c.unit.start <= last.unit.end + 2 && sameParent) {
      last.unit = { ...last.unit, end: Math.max(last.unit.end, c.unit.end) };
      last.occ.push(...c.occ);
      continue;
    }
    merged.push(c);
    if (c.unit.kind === "window") lastWindow = c;
  }
  return merged;
}

