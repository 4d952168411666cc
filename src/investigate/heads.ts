import { escapeRegExp as escRe } from "../util/text.ts";
import { findHits, QUALITY_FACTOR, type Plan } from "./plan.ts";
import type { Occurrence } from "./evidence.ts";
import type { Symbol } from "../structure/types.ts";
import { braceBlockEnd, FUNC_KINDS } from "./regions.ts";
import { signatureEnd, SEMICOLON_DECLARES } from "./signature.ts";
import { FLOW_MAX_LINE } from "./flow.ts";
import { DECLARED_PARAMETER_LIST } from "../../grammars/shapes.ts";

// Step 2 of a file's analysis (see analyze.ts): a definition read past its line, as a declaration
// (prototype) or a definition with its body; without the parser, constructors belong to their type.

/** `class Subject`, `struct Subject` (C++, Java, C#, PHP, Kotlin...). */
const typeDeclRe = (subject: string) => new RegExp(`\\b(?:class|struct)\\s+${escRe(subject)}\\b(?!\\s*;)`);
/** A constructor's shape: modifiers, the type's name, its parameters; no return type before it. */
const ctorRe = (subject: string) => new RegExp(`^\\s*(?:(?:explicit|public|private|protected|internal|inline|constexpr|virtual)\\s+)*(?:${escRe(subject)}::)?~?${escRe(subject)}\\s*\\(`);

/** Only modifiers before a name at its line's head. */
export const HEAD_PREFIX = /^\s*(?:(?:explicit|inline|constexpr|consteval|virtual|static|public|private|protected|internal|final|abstract|synchronized|native|override|extern|friend|unsafe)\s+)*$/;
const DECLARED_LIST = new RegExp(DECLARED_PARAMETER_LIST);

const MACRO_LINE = /^\s*#\s*define\s/;
/** How far a macro's backslash-continued lines are followed. */
const MACRO_MAX_LINES = 200;

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
export function bodyOrDeclaration(plan: Plan, path: string, lines: string[], occs: Occurrence[]): void {
  if (!SEMICOLON_DECLARES.test(path)) return;
  for (let i = 0; i < occs.length; i++) {
    const o = occs[i]!;
    if (o.kind !== "definition" && o.kind !== "call") continue;
    const text = lines[o.line - 1] ?? "";
    if (text.length > FLOW_MAX_LINE) continue;
    // A macro is whole on its lines (`#define f(x) g(x)`, continued by backslashes): no `{` or `;`
    // after its parameters says what it is.
    if (o.kind === "definition" && MACRO_LINE.test(text)) {
      let end = o.line;
      while (end < lines.length && end - o.line < MACRO_MAX_LINES && /\\\s*$/.test(lines[end - 1] ?? "")) end++;
      occs[i] = { ...o, span: { start: o.line, end } };
      continue;
    }
    const hit = findHits(plan, text).find((h) => /^\s*(?:<[^()]*>)?\s*\(/.test(text.slice(h.end)));
    if (!hit) continue;
    let memberHead = false;
    if (o.kind === "call") {
      const above = lines[o.line - 2] ?? "";
      const gnu = hit.start === 0 && RETURN_TYPE_LINE.test(above) && !NOT_RETURN_TYPE.test(above);
      // A head with only modifiers before the name and a declared parameter list (a constructor
      // split over lines: `Builder (const Nodes& n,` then `: nodes (n)` and `{`) is a definition
      // when a body follows; a call statement ends in `;`.
      memberHead = !gnu && HEAD_PREFIX.test(text.slice(0, hit.start)) && DECLARED_LIST.test(text.slice(hit.end));
      if (!gnu && !memberHead) continue;
    }
    const end = signatureEnd(lines, o.line, text.indexOf("(", hit.end));
    if (!end || (memberHead && end.kind !== "body")) continue;
    if (end.kind === "declaration") {
      occs[i] = { ...o, kind: "declaration", withValue: false, weight: plan.spec.weights.declaration * QUALITY_FACTOR[o.quality], span: { start: o.line, end: end.line } };
    } else {
      const span = { start: o.line, end: Math.max(end.line, braceBlockEnd(lines, end.line)) };
      occs[i] = o.kind === "call" ? { ...o, kind: "definition", weight: plan.spec.weights.definition * QUALITY_FACTOR[o.quality], span } : { ...o, span };
    }
  }
}

/**
 * Without the parser (a file over the parse budget): where the file declares `class Subject`,
 * a line shaped as a constructor (the name, then its parameters, no return type) belongs to the
 * type; it does not define it (with symbols, placeOccurrence's constructor rule decides the same).
 */
export function shapeConstructorsBelongToType(plan: Plan, lines: string[], occs: Occurrence[]): void {
  if (!occs.some((o) => o.kind === "definition" && typeDeclRe(plan.subject).test(lines[o.line - 1] ?? ""))) return;
  const ctor = ctorRe(plan.subject);
  for (let i = 0; i < occs.length; i++) {
    const o = occs[i]!;
    if (o.kind === "definition" && ctor.test(lines[o.line - 1] ?? "")) occs[i] = asImplOf(plan, o);
  }
}

export const asImplOf = (plan: Plan, o: Occurrence): Occurrence => ({ ...o, kind: "impl-of", weight: plan.spec.weights["impl-of"] * QUALITY_FACTOR[o.quality] });


/** Symbol kinds whose bodies list method signatures (Go's interface, a trait, a protocol). */
const SIGNATURE_BODIES = new Set(["interface", "trait", "protocol"]);
/** Type bodies where a statement cannot stand. */
const TYPE_BODIES = new Set(["class", "struct", "union", "record", "object"]);

/** The innermost symbol holding `line`; `strict`: one that starts above it (not the line's own symbol). */
function innermost(symbols: Symbol[], line: number, strict: boolean): Symbol | undefined {
  let inner: Symbol | undefined;
  for (const s of symbols) if ((strict ? s.startLine < line : s.startLine <= line) && line <= s.endLine && (!inner || s.startLine >= inner.startLine)) inner = s;
  return inner;
}

/**
 * With the parser's symbols, what a line's scope says of it: directly in a type's body a line
 * declares a member (nothing runs there); in a function's body it is a statement.
 * - In an interface body, a line shaped as a call of the subject (`NotifyJoin(*Node)` in Go's
 *   `type EventDelegate interface { ... }`) is the method's declaration.
 * - In a class or struct body, a line headed by the type's own name is its constructor, whatever
 *   its parameters look like (JUCE's `MouseCursor (StandardCursorType);`, Dart's `Box(this.size);`):
 *   no other member is headed by the type's name. A declaration when `;` ends the head, the type's
 *   own member (impl-of) when a body follows. Headed by another name, a line declares when `;` ends
 *   the head and its parameter list declares (a member's prototype, `Builder (const Nodes& n,` then
 *   `const Links& c);`, in a language whose declarations end in `;`); a macro invoked there
 *   (`JUCE_LEAK_DETECTOR (X)`) stays a call.
 * - A local instance (LineShape.local, C++'s `X x;`) constructs the subject in a function's body;
 *   in a type's body (a field) or at file scope it stays a reference.
 */
export function memberScope(plan: Plan, path: string, lines: string[], symbols: Symbol[], occs: Occurrence[]): void {
  if (!symbols.length) return;
  const head = new RegExp(`^\\s*(?:(?:explicit|inline|constexpr|virtual|static|public|private|protected|internal)\\s+)*${escRe(plan.subject)}\\s*\\(`);
  const semicolons = SEMICOLON_DECLARES.test(path);
  for (let i = 0; i < occs.length; i++) {
    const o = occs[i]!;
    if (o.local) {
      const inner = innermost(symbols, o.line, false);
      if (inner && FUNC_KINDS.has(inner.kind)) occs[i] = { ...o, kind: "construct", weight: plan.spec.weights.construct * QUALITY_FACTOR[o.quality] };
      continue;
    }
    if (o.kind !== "call") continue;
    const text = lines[o.line - 1] ?? "";
    if (text.length > FLOW_MAX_LINE || !head.test(text) || /\{\s*$/.test(text)) continue;
    const inner = innermost(symbols, o.line, true);
    if (!inner) continue;
    let span: { start: number; end: number } | undefined;
    if (!SIGNATURE_BODIES.has(inner.kind)) {
      if (!TYPE_BODIES.has(inner.kind)) continue;
      const own = inner.name === plan.subject;
      const open = head.exec(text)![0].length - 1;
      if (!own && (!semicolons || !DECLARED_LIST.test(text.slice(open)))) continue;
      const end = signatureEnd(lines, o.line, open);
      if (own && end?.kind === "body") {
        occs[i] = asImplOf(plan, o);
        continue;
      }
      if (end?.kind === "declaration") span = { start: o.line, end: end.line };
      else if (!own) continue;
    }
    occs[i] = { ...o, kind: "declaration", withValue: false, weight: plan.spec.weights.declaration * QUALITY_FACTOR[o.quality], ...(span ? { span } : {}) };
  }
}
