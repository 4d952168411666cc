import type { TraceQuery } from "../query/dsl.ts";
import type { Symbol } from "../structure/types.ts";
import type { OccKind } from "../classify/lexical.ts";
import { identifierWords, stem } from "../query/identifiers.ts";
import { BONUS_FACTOR, type Plan } from "./plan.ts";
import { decaySum } from "./evidence.ts";
import type { Candidate } from "./placement.ts";

// Step 5 of a file's analysis (see analyze.ts): each candidate region scored, with why; regions
// nested in a better one dropped.

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
  /** A short declaration under its doc comment: the declaration's first line. */
  head?: number;
  /** BONUS_FACTOR of the best evidence's match (internal: the file's path bonuses scale with it). */
  quality?: number;
  /** Its best evidence is written with a qualified subject's owner (internal: see Occurrence.owned). */
  owned?: boolean;
}

/**
 * Bonus per support word in a region: the agent's own disambiguator (`support:proc`) weighs as much
 * as a name fitting the relation and naming the subject together, so the meminfo printer under
 * /proc is not outranked by a driver's meminfo_show that only shares the names.
 */
const SUPPORT_IN_REGION = 30;
/** Bonus for a unit named for both the subject and the relation's vocabulary. */
const NAMED_FOR_BOTH = 25;
/**
 * A symbol named as its language's test convention names tests: `test_x`, `testX`, `TestX`, `x_test`,
 * Go's `BenchmarkX`/`ExampleX`/`FuzzX`, JS's `describe`/`it`/`test` blocks. A word inside a name
 * does not (`add_rust_test_threads` sets an environment variable).
 */
export const TEST_LABEL = /^(?:test|tests|spec|it|describe|context|suite)(?:[^a-z]|$)|^test_|^test[A-Z]|^Test[A-Z_]|_tests?$|^Benchmark|^Example|^Fuzz[A-Z]/;
/** Stemmed words of a label, path or line; memoised (regions of one file share lines). Read-only. */
export function tokenStems(s: string): ReadonlySet<string> {
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
  dispatch: "dispatch", write: "assignment", import: "import", source: "config/env source", setenv: "environment write", string: "string mention", comment: "comment", reference: "reference",
};

const KIND_WHY: Record<OccKind, string> = {
  definition: "defines the subject", declaration: "declares the subject without its body (a prototype or forward declaration)", field: "declares or sets the subject as a field/key",
  implementation: "implements or extends the subject", "impl-of": "belongs to the subject type",
  call: "calls the subject", construct: "constructs the subject", emit: "emits/sends the subject",
  handler: "registers a handler for the subject", dispatch: "dispatches on the subject (compare/case/match)",
  write: "writes the subject (assignment, increment, insert, keyword value, &x passed to a call)", import: "imports the subject",
  source: "reads the subject from the environment, config or arguments",
  setenv: "sets the subject in the environment (of the process or a child it starts), where it is not read",
  string: "mentions the subject in a string", comment: "mentions the subject in a comment", reference: "references the subject",
};

/**
 * A candidate's score, with why: its evidence (decaying sum), the relation's vocabulary in its
 * name and at the evidence, support words in it, the subject's owner around it, the defined
 * subject's own name, less for a long region or test code. Null when it is worth nothing for
 * this relation (called_from's own definition weighs 0): it would only take a --max-regions
 * slot from a real answer.
 */
export function scoreRegion(plan: Plan, q: TraceQuery, lines: string[], symbols: Symbol[], role: string, c: Candidate): TraceRegion | null {
  const testFile = role === "test";
  const subjectStems = plan.words.map(stem);
  const u = c.unit;
  const why: string[] = [];
  const best = [...c.occ].sort((a, b) => b.weight - a.weight);
  const top = best[0]!;
  let score = decaySum(c.occ.map((o) => o.weight));
  // Names and words around the evidence rank regions of like evidence; they scale with the
  // evidence's match (see BONUS_FACTOR).
  const bonusFactor = BONUS_FACTOR[top.quality];
  const bonus = (n: number) => Math.round(n * bonusFactor);
  why.push(`${c.member ? "member of the subject type" : top.note ?? KIND_WHY[top.kind]}${top.owned ? `, written with its owner (${plan.owner})` : ""}${top.quality !== "exact" ? ` (${top.quality} match)` : ""} +${Math.round(top.weight)}`);
  if (c.occ.length > 1) why.push(`${c.occ.length} subject occurrences +${Math.round(score - top.weight)}`);
  // Relation vocabulary in the unit's name and in the evidence lines (whole tokens, stemmed).
  const labelStems = tokenStems(u.label);
  const vocabInLabel = [...labelStems].filter((x) => plan.vocabStems.has(x));
  if (vocabInLabel.length && plan.spec.labelVocab) {
    score += bonus(plan.spec.labelVocab);
    why.push(`name fits the relation (${vocabInLabel.join(", ")}) +${bonus(plan.spec.labelVocab)}`);
    // Named for the subject and the relation together (TextFieldSkin, RequestHandler): the unit
    // that does the relation's work for this subject, not one of many that touch it.
    // (A window's label is the text of a line, not a name.)
    if (u.kind !== "window" && (subjectStems.length > 1 ? subjectStems.every((x) => labelStems.has(x)) : labelStems.has(subjectStems[0] ?? ""))) {
      score += bonus(NAMED_FOR_BOTH);
      why.push(`named for the subject and the relation +${bonus(NAMED_FOR_BOTH)}`);
    }
  }
  const evStems = new Set<string>();
  for (const o of c.occ) for (const x of tokenStems((lines[o.line - 1] ?? "").slice(0, 400))) evStems.add(x);
  const vocabInEv = [...evStems].filter((x) => plan.vocabStems.has(x) && !vocabInLabel.includes(x));
  if (vocabInEv.length) {
    const v = bonus(Math.min(20, 10 * vocabInEv.length));
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
    if (n) { score += SUPPORT_IN_REGION * n; why.push(`support words in region: ${n} +${SUPPORT_IN_REGION * n}`); }
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
  if (top.kind === "definition" && q.relation === "defined" && len <= WRAPPER_MAX_LINES) {
    const via = forwardsTo(lines, u.start, u.end, plan.subject);
    if (via) { score -= WRAPPER_PENALTY; why.push(`hands the work to ${via}${plan.subject} (a wrapper) -${WRAPPER_PENALTY}`); }
  }
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
    ...(top.owned ? { owned: true } : {}),
    ...(parent ? { excerptOf: { label: parent.label, start: parent.start, end: parent.end } } : {}),
    ...(u.body ? { body: u.body } : {}),
    ...(u.head ? { head: u.head } : {}),
    quality: bonusFactor,
  };
}

/**
 * A short definition that hands its work to another object's or its parent's definition of the same
 * name (`return reactor.callLater(...)`, `PosixReactorBase.callLater(self, ...)`, `return
 * DefaultClient.Get(url)`, `super().close()`) is a wrapper: the definition it forwards to is where
 * the subject is defined, and outranks it. A call on the object itself (`self.f(`, `this.f(`) is
 * recursion, not forwarding.
 */
const WRAPPER_MAX_LINES = 25;
const WRAPPER_PENALTY = 40;
const OWN_RECEIVERS = new Set(["self", "this", "$this"]);
const forwardPatterns = new Map<string, RegExp>();

/** The receiver (`reactor.`) through which the lines after a definition's first call the same name, or null. */
export function forwardsTo(lines: string[], start: number, end: number, name: string): string | null {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return null;
  let re = forwardPatterns.get(name);
  if (!re) {
    if (forwardPatterns.size > 1000) forwardPatterns.clear();
    forwardPatterns.set(name, (re = new RegExp(`([\\w$]+|[)\\]])\\s*(\\.|->|::)\\s*${name.replace(/\$/g, "\\$")}\\s*\\(`)));
  }
  for (let l = start + 1; l <= end; l++) {
    const m = re.exec(lines[l - 1] ?? "");
    if (m && !OWN_RECEIVERS.has(m[1]!)) return `${m[1]}${m[2]}`;
  }
  return null;
}

/** Regions (best first) without those nested in a better-ranked one (a method inside a class already chosen). */
export function dropNested(regions: TraceRegion[]): TraceRegion[] {
  const kept: TraceRegion[] = [];
  // Only a kept region under NESTED_MAX lines can hold or clip another, and only one it overlaps:
  // those are found through buckets of lines (every kept region against every region cost their
  // product: 20,000 one-line functions naming the subject took 1.9 s here).
  const buckets = new Map<number, number[]>();
  for (let r of regions) {
    const near: number[] = [];
    const b0 = Math.floor(r.start / NESTED_BUCKET), b1 = Math.floor(r.end / NESTED_BUCKET);
    for (let b = b0; b <= b1; b++) {
      const inB = buckets.get(b);
      if (inB) for (const i of inB) if (kept[i]!.start <= r.end && r.start <= kept[i]!.end) near.push(i);
    }
    // In kept order, as every kept region was tried before (a region in two buckets once).
    const overlapping = (b1 > b0 ? [...new Set(near)].sort((a, b) => a - b) : near).map((i) => kept[i]!);
    if (overlapping.some((k) => k.start <= r.start && r.end <= k.end)) continue;
    // A window of lines that runs into a better region from either side (`EXPORT_SYMBOL(f);`
    // two lines under f's last line) keeps only its own lines, and only if evidence is left there.
    if (!r.excerptOf && !r.body) for (const k of overlapping) {
      if (k.start <= r.start && r.start <= k.end && r.end > k.end) r = { ...r, start: k.end + 1 };
      else if (r.start < k.start && k.start <= r.end && r.end <= k.end) r = { ...r, end: k.start - 1 };
    }
    const ev = r.evidence.filter((l) => l >= r.start && l <= r.end);
    if (!ev.length) continue;
    if (ev.length < r.evidence.length) r = { ...r, evidence: ev };
    kept.push(r);
    if (r.end - r.start < NESTED_MAX) {
      for (let b = Math.floor(r.start / NESTED_BUCKET); b <= Math.floor(r.end / NESTED_BUCKET); b++) {
        let inB = buckets.get(b);
        if (!inB) buckets.set(b, (inB = []));
        inB.push(kept.length - 1);
      }
    }
  }
  return kept;
}

/** A kept region spanning fewer lines than this (end - start) can hold or clip a later one. */
const NESTED_MAX = 200;
/** Lines per bucket of dropNested's index (a region under NESTED_MAX lines is in at most seven). */
const NESTED_BUCKET = 32;

