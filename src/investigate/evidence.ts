import type { Plan, Quality } from "./plan.ts";
import { findHits, QUALITY_FACTOR, RELATION_SPECS } from "./plan.ts";
import { identifierWords, stem } from "../query/identifiers.ts";
import { classifyOccurrence, commentColumnsOfLines, familyOf, langOf, memberAlias, readThroughName, readThroughConstant, type OccKind, type Family } from "../classify/lexical.ts";

// Step 1 of a file's analysis (see analyze.ts): the subject's occurrences on the matched lines,
// each classified by the shape of its line and weighed for the relation.

/** Evidence found without the subject on the line (a Go implicit implementation, a dispatcher firing). */
export interface Forced {
  kind: OccKind;
  why: string;
  /** Below FORCED_FACTOR for evidence that answers for a whole family (a superclass's catch). */
  factor?: number;
}
/** Forced evidence is inferred, one step from the code: a little below the same evidence on the line. */
export const FORCED_FACTOR = 0.9;

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
  /** A reference that constructs the subject when it is a local of a function's body (LineShape.local; see memberScope). */
  local?: boolean;
  /** Written with the qualified subject's owner before it (`_ew.decode(`; see Plan.ownerBefore). */
  owned?: boolean;
}

/**
 * A qualified subject's occurrence written with its owner (`_ew.decode(` for subject:_ew.decode)
 * is that member, not another `decode`: it weighs this much more than one with another receiver.
 */
export const OWNED_FACTOR = 2;

/**
 * Weighted occurrences of one line. The same line is classified by the prefilter pass, the shape
 * pass and the parser pass: the classification (the costly part) is memoised on the line's text.
 */
export function lineOccurrences(plan: Plan, text: string, lineNo: number, commentCol: number, family: Family, lang: string): Occurrence[] {
  let memo = occMemo.get(plan);
  if (!memo) occMemo.set(plan, (memo = new Map()));
  const key = `${family}\0${lang}\0${commentCol}\0${text}`;
  let shapes = memo.get(key);
  if (!shapes) memo.set(key, (shapes = lineShapes(plan, text, commentCol, family, lang)));
  return shapes.map((o) => ({ line: lineNo, kind: o.kind, quality: o.quality, withValue: o.withValue, weight: o.weight, ...(o.local ? { local: true } : {}), ...(o.owned ? { owned: true } : {}) }));
}

const occMemo = new WeakMap<Plan, Map<string, Omit<Occurrence, "line">[]>>();

/**
 * Size cap (a minified bundle or one-line JSON is one line of megabytes): on a line longer than
 * 2 x LINE_WINDOW, only its first LINE_HITS_MAX mentions are classified, each on the LINE_WINDOW
 * characters either side of it. Classifying reads the text before a mention, so every mention
 * of a huge line cost the whole line (a 16 MB line did not finish in a minute). Shorter lines
 * are classified whole, as before.
 */
const LINE_WINDOW = 1024;
/** A bare local on the left (`local x`, `const x`, `x`), not a member (`t.x = self.x` fills t.x). */
const LOCAL_LHS = /^\s*(?:(?:local|const|let|var|my|our|val|final|auto|mut)\s+)*$/;
const LINE_HITS_MAX = 64;
/** An assignment of an empty value (`= None`, `:= nil`, `= [];`, `= {}`, `= ""`), to the line's end or a comment. */
const EMPTY_VALUE_AFTER = /^\s*(?::[^=]*)?:?=\s*(?:None|nil|null|NULL|nullptr|undefined|\[\s*\]|\{\s*\}|""|'')\s*[;,]?\s*(?:(?:#|\/\/|--).*)?$/;
/** An assignment of a literal (a number, a string, a boolean), to the line's end or a comment. */
const LITERAL_VALUE_AFTER = /^\s*(?::[^=]*)?:?=\s*(?:-?\d[\w.]*|"[^"\\]*"|'[^'\\]*'|true|false|True|False)\s*[;,]?\s*(?:(?:#|\/\/|--).*)?$/;
/** What an empty assignment weighs for populated, against a write of a value. */
const EMPTY_VALUE_FACTOR = 0.5;

function lineShapes(plan: Plan, text: string, commentCol: number, family: Family, lang: string): Omit<Occurrence, "line">[] {
  const lineNo = 0;
  const out: Occurrence[] = [];
  const long = text.length > 2 * LINE_WINDOW;
  for (const h of findHits(plan, text, long ? LINE_HITS_MAX : Infinity)) {
    const a = long ? Math.max(0, h.start - LINE_WINDOW) : 0;
    let shape = long
      ? classifyOccurrence(text.slice(a, h.end + LINE_WINDOW), h.start - a, h.end - a, commentCol < 0 ? -1 : Math.max(0, commentCol - a), family, lang)
      : classifyOccurrence(text, h.start, h.end, commentCol, family, lang);
    // A local copy of the member named the same (`local x = t.x`) reads the member: it neither
    // defines nor fills in the subject.
    if ((shape.kind === "definition" || shape.kind === "write") && shape.withValue && !long && LOCAL_LHS.test(text.slice(0, h.start)) && memberAlias(text.slice(h.end), text.slice(h.start, h.end))) shape = { kind: "reference" };
    let w = plan.spec.weights[shape.kind] * QUALITY_FACTOR[h.quality];
    // A producer with a value (let x = ..., x: T = ...) is what comes_from/populated ask for.
    if (shape.withValue && (shape.kind === "definition" || shape.kind === "field")) {
      w = Math.max(w, plan.spec.weights.write * 0.8 * QUALITY_FACTOR[h.quality]);
    }
    // An ops table's `.open = ext4_open,` implements the member and fills it in: populated and
    // comes_from weigh it as the write it also is.
    if (shape.kind === "implementation" && shape.withValue) w = Math.max(w, plan.spec.weights.write * QUALITY_FACTOR[h.quality]);
    // `X = 2621440`, `x: u32 = 8`, `X = "utf-8"`: the value is written here, literally: where it comes from.
    if (plan.spec === RELATION_SPECS.comes_from && shape.withValue && (shape.kind === "definition" || shape.kind === "field" || shape.kind === "write") && LITERAL_VALUE_AFTER.test(text.slice(h.end))) {
      w = Math.max(w, plan.spec.weights.source * QUALITY_FACTOR[h.quality]);
    }
    // `self.x = None` (nil, null, [], {}): a reset or a placeholder in a constructor, not where the
    // value is filled in (django's `request.resolver_match = None` in three handlers outranked the one
    // line that stores the resolver's match).
    if (plan.spec === RELATION_SPECS.populated && (shape.kind === "write" || shape.withValue) && EMPTY_VALUE_AFTER.test(text.slice(h.end))) w *= EMPTY_VALUE_FACTOR;
    const owned = !!h.key || (plan.ownerBefore !== undefined && ownedBy(plan, text.slice(Math.max(0, h.start - 200), h.start)));
    if (owned) w *= OWNED_FACTOR;
    out.push({ line: lineNo, kind: shape.kind, quality: h.quality, withValue: !!shape.withValue, weight: w, ...(shape.local ? { local: true } : {}), ...(owned ? { owned: true } : {}) });
  }
  return out;
}

/** The receiver just before an occurrence (`this.scanner.` -> scanner, `reg->` -> reg). */
const RECEIVER_BEFORE = /(?<![\w$])([A-Za-z_$][\w$]*)\s*(?:\.|::|->|#)\s*$/;

/**
 * Written with the owner before it: the owner as typed (`_ew.decode(`), or a receiver named for
 * it, whose words end the owner's (`this.scanner.scan(` or `contentScanner.scan(` for
 * subject:ContentScanner.scan): code names an instance after its class, and a same-named method
 * of another class is called on another receiver (`matcher.scan(`).
 */
export function ownedBy(plan: Plan, before: string): boolean {
  if (!plan.ownerBefore) return false;
  if (plan.ownerBefore.test(before)) return true;
  const m = RECEIVER_BEFORE.exec(before);
  if (!m) return false;
  const rw = identifierWords(m[1]!).map(stem);
  const ow = plan.ownerStems;
  if (!rw.length || rw.length > ow.length) return false;
  for (let i = 1; i <= rw.length; i++) if (rw[rw.length - i] !== ow[ow.length - i]) return false;
  return true;
}

export const cheapCommentCol = (line: string, family: Family): number => {
  if (family === "python" || family === "hash") return /^\s*#/.test(line) ? 0 : -1;
  if (family === "dash") return /^\s*--/.test(line) ? 0 : -1;
  if (family === "c") return /^\s*(?:\/\/|\/\*|\*)/.test(line) ? 0 : -1;
  if (family === "ml") return /^\s*\(\*/.test(line) ? 0 : -1;
  return -1;
};

/** Decaying sum: the best evidence counts fully, more evidence adds less and less. */
export function decaySum(ws: number[]): number {
  const s = [...ws].sort((a, b) => b - a);
  let t = 0;
  // More mentions in one unit say little more about the relation: the second adds a fifth, then less.
  for (let i = 0; i < s.length && i < 4; i++) t += s[i]! * (i === 0 ? 1 : i === 1 ? 0.2 : 0.1);
  return t;
}

/** Comment columns per file (its line array): the shape pass and the parser pass share them. */
const colsMemo = new WeakMap<string[], Int32Array>();

/** The subject's occurrences on its matched lines, classified by line shape. */
export function lineEvidence(plan: Plan, path: string, lines: string[], matchLines: number[]): Occurrence[] {
  const family = familyOf(path);
  let cols = colsMemo.get(lines);
  if (!cols) colsMemo.set(lines, (cols = commentColumnsOfLines(lines, family)));
  const lang = langOf(path);
  const occs: Occurrence[] = [];
  const extra: Occurrence[] = [];
  for (const ln of matchLines) {
    const here = lineOccurrences(plan, lines[ln - 1] ?? "", ln, cols[ln - 1] ?? -1, family, lang);
    // The subject as one string of a list a loop reads from the environment or a configuration
    // through its item (`for envname in 'TMPDIR', 'TEMP':` then `getenv(envname)`): its source.
    if (plan.spec === RELATION_SPECS.comes_from) {
      for (const o of here) {
        if (o.kind !== "string") continue;
        const via = readThroughName(lines, ln, lang);
        if (via) {
          o.kind = "source";
          o.weight = plan.spec.weights.source * QUALITY_FACTOR[o.quality] * FORCED_FACTOR;
          o.note = `reads the subject from the environment or config through ${via.name} (line ${via.line})`;
          continue;
        }
        // A constant holding the subject's name (`CACHE_ENV = "APP_CACHE"`), read by that name
        // elsewhere in the file (`os.environ.get(CACHE_ENV)`): the read is the source.
        const read = readThroughConstant(lines, ln, lang, plan.keyValues);
        if (read && !matchLines.includes(read.line)) {
          extra.push({ line: read.line, kind: "source", quality: o.quality, withValue: false, weight: plan.spec.weights.source * QUALITY_FACTOR[o.quality] * FORCED_FACTOR, note: `reads the subject from the environment or config through ${read.name} (= the subject, line ${ln})` });
        }
        break;
      }
    }
    occs.push(...here);
  }
  for (const x of extra) if (!occs.some((o) => o.line === x.line && o.kind === "source")) occs.push(x);
  return occs;
}

/** Evidence found by a search without the subject on the line (see Forced), as occurrences. */
export function forcedEvidence(plan: Plan, forced: Map<number, Forced> | undefined): Occurrence[] {
  const out: Occurrence[] = [];
  if (forced) for (const [ln, f] of forced) out.push({ line: ln, kind: f.kind, quality: "exact", withValue: false, weight: plan.spec.weights[f.kind] * (f.factor ?? FORCED_FACTOR), note: f.why });
  return out;
}
