import type { TraceQuery } from "../query/dsl.ts";
import { identifierWords, identifierVariants, stem } from "../query/identifiers.ts";
import type { OccKind } from "../classify/lexical.ts";

/**
 * The plan of one trace query: which spellings of the subject to look for, which occurrence kinds the
 * relation wants (and how much), which vocabulary marks a relevant region. Every probe carries a reason
 * so --debug-plan can show why it exists.
 */

export interface Probe {
  kind: "subject" | "abbreviation" | "prefilter" | "relation-vocabulary" | "occurrence" | "support" | "path" | "role";
  value: string;
  why: string;
}

export interface RelationSpec {
  /** Weight (0-100) of each occurrence kind as evidence for the relation. */
  weights: Record<OccKind, number>;
  /** Vocabulary (stems) that marks a region as doing what the relation asks (matched on identifier tokens). */
  vocab: string[];
  /** Whether members (methods, impl blocks) of the subject type are candidates even without a mention. */
  members: number;
  /** Weight bonus for vocabulary in a region's label (the function name). */
  labelVocab: number;
  describe: string;
}

const W = (o: Partial<Record<OccKind, number>>, dflt: number): Record<OccKind, number> => {
  const all: OccKind[] = ["definition", "declaration", "field", "implementation", "impl-of", "call", "construct", "emit", "handler", "dispatch", "write", "import", "source", "setenv", "string", "comment", "reference"];
  const r = {} as Record<OccKind, number>;
  for (const k of all) r[k] = o[k] ?? dflt;
  r.comment = o.comment ?? 1;
  r.import = o.import ?? 2;
  return r;
};

export const RELATION_SPECS: Record<string, RelationSpec> = {
  defined: {
    // A prototype or forward declaration is the second answer: below the body, above a mention.
    weights: W({ definition: 100, declaration: 50, "impl-of": 25, implementation: 15, field: 30, write: 20, construct: 5, reference: 4, string: 2 }, 4),
    vocab: [], members: 0, labelVocab: 0,
    describe: "definitions of the subject (class, type, function, trait, constant); other mentions are weak",
  },
  implementation: {
    weights: W({ implementation: 100, "impl-of": 40, definition: 30, declaration: 15, field: 8, reference: 6, string: 3, call: 6 }, 5),
    vocab: ["impl", "implement", "extend", "override", "register"], members: 0, labelVocab: 10,
    describe: "types that implement or extend the subject (impl Subject for T, class X(Subject), implements/extends); then the subject's own definition",
  },
  called_from: {
    weights: W({ call: 100, construct: 70, emit: 50, handler: 40, reference: 25, dispatch: 20, write: 15, field: 15, string: 8, definition: 0, declaration: 0, implementation: 8, "impl-of": 8 }, 10),
    vocab: ["call", "invoke"], members: 0, labelVocab: 0,
    describe: "call sites of the subject; its own definition is excluded",
  },
  triggered_from: {
    weights: W({ emit: 100, call: 90, construct: 40, handler: 70, write: 30, dispatch: 25, reference: 20, string: 15, definition: 25, declaration: 15, field: 15, "impl-of": 20, implementation: 10 }, 15),
    vocab: ["trigger", "emit", "fire", "dispatch", "send", "notify", "schedule", "run", "invoke", "call", "queue", "publish", "execute", "start"], members: 0, labelVocab: 15,
    describe: "callers and event emitters that cause the subject to run",
  },
  rendered: {
    weights: W({ "impl-of": 60, call: 50, construct: 50, reference: 40, definition: 40, declaration: 25, write: 25, field: 25, emit: 30, handler: 30, dispatch: 30, string: 20, implementation: 30 }, 20),
    vocab: ["render", "draw", "paint", "display", "format", "print", "write", "show", "view", "template", "html", "token", "repr", "output", "json", "markup", "serialize", "marshal", "skin", "layout"],
    members: 55, labelVocab: 50,
    describe: "render/draw/format/display/view code that mentions the subject or belongs to it",
  },
  populated: {
    weights: W({ write: 100, setenv: 90, source: 30, field: 30, definition: 30, declaration: 20, construct: 35, call: 15, reference: 20, dispatch: 5, string: 10, emit: 10, handler: 10, implementation: 5, "impl-of": 10 }, 10),
    vocab: ["set", "assign", "insert", "push", "add", "put", "append", "store", "fill", "build", "init", "update", "make", "extract", "collect", "count", "calculate", "with"],
    members: 0, labelVocab: 15,
    describe: "writes: assignments, field writes, increments, map inserts and pushes",
  },
  comes_from: {
    weights: W({ source: 100, setenv: 30, definition: 45, declaration: 25, write: 95, field: 60, call: 35, reference: 25, string: 40, dispatch: 15, construct: 30, emit: 10, handler: 15, implementation: 10, "impl-of": 20 }, 15),
    vocab: ["load", "parse", "read", "fetch", "env", "environ", "config", "resolve", "default", "init", "find", "locate", "lookup", "get", "from", "derive", "compute", "create", "new", "path", "file", "setting"],
    members: 0, labelVocab: 20,
    describe: "where the value is produced: assignments, initialisers, config loading, parsing, environment",
  },
  handled: {
    weights: W({ dispatch: 100, handler: 100, definition: 35, declaration: 20, "impl-of": 40, call: 30, reference: 25, string: 30, write: 20, emit: 20, field: 40, implementation: 20 }, 20),
    vocab: ["handle", "handler", "listen", "listener", "catch", "hook", "dispatch", "except", "recover", "error", "patch", "process", "apply", "directive"],
    members: 30, labelVocab: 20,
    describe: "handlers and dispatch: switch/case and comparisons on the subject, handler registration, patched hooks",
  },
};

export function customSpec(relation: string): RelationSpec {
  return {
    weights: W({ definition: 60, declaration: 40, comment: 2 }, 50),
    vocab: identifierWords(relation).map(stem),
    members: 20, labelVocab: 30,
    describe: `custom relation '${relation}': every occurrence counts, regions mentioning '${relation}' rank first`,
  };
}

export interface Plan {
  /** The identifier searched for (the member name of a qualified subject). */
  subject: string;
  /** Stems of a qualified subject's owner (`Command` in `Command.Execute`), else empty. */
  ownerStems: string[];
  /**
   * A qualified subject's owner written before the member on a line (`_ew.decode`, `Foo::bar`,
   * `reg->ops`): matches the text before an occurrence. Undefined without an owner.
   */
  ownerBefore?: RegExp;
  /** The owner as typed (`_ew` in `_ew.decode`). */
  owner?: string;
  /** The strings a constant holding the subject's name would hold: the member's name, and a dotted subject as typed (see quotedKey). */
  keyValues: string[];
  /**
   * A dotted subject as one quoted string (`"prism.order"` for subject:prism.order): a
   * configuration key, read whole (`getProperty("prism.order")`), not the member `order`.
   */
  quotedKey?: RegExp;
  words: string[];
  variants: string[];
  abbreviations: string[];
  /** The tree-wide prefilter: rg-syntax regex or literal (several spellings one per line, as rg -F), and its case mode. */
  prefilter: string;
  /** The exact spellings the prefilter looks for. */
  spellings: string[];
  prefilterRegex: boolean;
  prefilterIgnoreCase: boolean;
  /** JS regex (global, case-insensitive) finding candidate subject spans in a line. */
  lineRegex: RegExp;
  spec: RelationSpec;
  vocabStems: Set<string>;
  supportStems: string[][];
  probes: Probe[];
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\\-]/g, "\\$&");

/**
 * Abbreviations code uses for a long identifier: the first word kept, the rest as capitals
 * (onBecomeUnobserved -> onBUO). Only for three words or more, where a short form is common and
 * still specific.
 */
export function abbreviations(words: string[]): string[] {
  if (words.length < 3) return [];
  const first = words[0]!;
  const initials = (ws: string[]) => ws.map((w) => w[0]!.toUpperCase()).join("");
  // Negated/repeated words are often abbreviated by their parts (unobserved -> U + O).
  const split = words.slice(1).flatMap((w) => {
    const m = w.match(/^(un|re|non|dis|pre|sub|de)([a-z]{4,})$/);
    return m ? [m[1]!, m[2]!] : [w];
  });
  const out = [first + initials(split), first + initials(words.slice(1))];
  return [...new Set(out)].filter((a) => a.length >= 4);
}

/**
 * The exact spellings of a word subject the tree-wide pass looks for: its identifier forms whose
 * words keep their letters and may start in either case (every letter of an acronym word may
 * change case), the abbreviations as written; a spelling that contains another is left out (the
 * shorter one finds its files and lines).
 */
export function subjectSpellings(name: string, words: string[], abbrs: string[]): string[] {
  const lower = name.toLowerCase();
  let cursor = 0;
  const either = (c: string) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : esc(c));
  const form = new RegExp("^(?:" + words.map((w) => {
    const at = lower.indexOf(w, cursor);
    const orig = at >= 0 ? name.slice(at, at + w.length) : w;
    if (at >= 0) cursor = at + w.length;
    const acronym = orig.length >= 2 && orig === orig.toUpperCase() && /[A-Z]/.test(orig);
    return acronym ? [...w].map(either).join("") : either(w[0]!) + esc(w.slice(1));
  }).join("[-_]?") + ")$");
  const flip = (s: string, up: boolean) => (up ? s.charAt(0).toUpperCase() : s.charAt(0).toLowerCase()) + s.slice(1);
  // A camelCase name's first word may start either case (IndentedJSON, indentedJSON).
  const flips = /^[A-Za-z][a-z0-9][A-Za-z0-9]*$/.test(name) ? [flip(name, false), flip(name, true)] : [];
  const cands = [...flips, ...identifierVariants(name)].filter((c) => form.test(c));
  const all = [...new Set([name, ...cands, ...abbrs])];
  return all.filter((c) => !all.some((d) => d !== c && c.includes(d)));
}

/** `Command.Execute`, `Foo::bar`, `Foo#bar`, `obj->fn`: the member name, and its owner as context. */
export function splitQualified(subject: string): { name: string; owner: string | null } {
  const m = subject.match(/^(.+?)(?:\.|::|#|->)([A-Za-z_$][\w$]*)$/);
  if (!m || /\s/.test(subject)) return { name: subject, owner: null };
  return { name: m[2]!, owner: m[1]! };
}

export function makePlan(q: TraceQuery): Plan {
  const { name, owner } = splitQualified(q.subject);
  const words = identifierWords(name);
  const variants = identifierVariants(name);
  // Initial-letter abbreviations are a camelCase habit (onBUO); snake_case code does not write ext4FS.
  const abbrs = /^[a-z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*$/.test(name) ? abbreviations(words) : [];
  const spec = q.custom ? customSpec(q.relation) : RELATION_SPECS[q.relation]!;
  const alts: string[] = [];
  if (words.length) alts.push(words.map(esc).join("[-_ .]?"));
  // Subjects with punctuation words do not capture (a::b, ->) are searched as typed too.
  if (!words.length || !/^[A-Za-z0-9_\- ]+$/.test(name)) alts.push(esc(name));
  for (const a of abbrs) alts.push(esc(a));
  const anyCase = alts.length === 1 ? alts[0]! : alts.map((a) => `(?:${a})`).join("|");
  const lineRegex = new RegExp(anyCase, "gi");
  // The tree-wide pass is the costly step: it looks for a few exact spellings of the subject on
  // bytes (memmem per spelling, about 50 ms per GB), and the line regex runs only on the lines that
  // hold one. A pattern with optional separators or letter classes has no selective required
  // literal (task_struct as [tT]ask[-_ .]?[sS]truct kept only "truct": every C file was decoded
  // and matched, 5 of 7 s of a trace on the Linux tree). One word: as typed (other cases are other
  // names). Several words: the identifier forms (snake_case, camelCase, PascalCase, kebab-case,
  // flat) whose words start in either case; acronym words (JSON in IndentedJSON, all of SECRET_KEY)
  // change case in every letter (indented_json, secretKey). Abbreviations in their exact case.
  let prefilter = name, prefilterRegex = false, prefilterIgnoreCase = false;
  let spellings = [name];
  if (/^[A-Za-z0-9_\- ]+$/.test(name) && words.length && (words.length > 1 || /[A-Z]{2}/.test(name) || abbrs.length)) {
    spellings = subjectSpellings(name, words, abbrs);
    prefilter = spellings.join("\n");
  }
  const probes: Probe[] = [];
  const covered = (v: string) => spellings.some((x) => v.includes(x));
  for (const v of variants) {
    const why = v === name ? "the subject as written" : covered(v) ? "identifier form of the subject (same words)" : "identifier form NOT searched: other letter cases of this subject are taken as other names";
    probes.push({ kind: "subject", value: v, why });
  }
  if (owner) probes.push({ kind: "subject", value: owner, why: `owner of ${name}: regions inside it (class, receiver, impl, path) rank higher` });
  for (const a of abbrs) probes.push({ kind: "abbreviation", value: a, why: "short form code often uses for a long identifier (first word + initials)" });
  probes.push({ kind: "prefilter", value: spellings.join(" "), why: `one pass over the tree for ${spellings.length > 1 ? "any of these exact spellings" : "this exact text"} (bytes) selects candidate files and lines; only those are read and parsed` });
  const vocabStems = new Set(spec.vocab.map(stem));
  if (spec.vocab.length) {
    probes.push({ kind: "relation-vocabulary", value: spec.vocab.join(", "), why: "marks regions doing what the relation asks; matched on whole identifier tokens (not inside other words)" });
  }
  const top = Object.entries(spec.weights).filter(([, w]) => w >= 30).sort((a, b) => b[1] - a[1]);
  probes.push({ kind: "occurrence", value: top.map(([k, w]) => `${k}=${w}`).join(" "), why: spec.describe });
  if (spec.members) probes.push({ kind: "occurrence", value: `members of ${name}`, why: "methods and impl blocks of the subject type are candidates even when their body does not name it" });
  const supportStems = q.support.map((s) => identifierWords(s).map(stem));
  for (const s of q.support) probes.push({ kind: "support", value: s, why: "support word: raises regions and files that mention it (identifier tokens, stemmed)" });
  if (q.pathHint) probes.push({ kind: "path", value: q.pathHint, why: "path hint: keeps candidates under it when any exist there, else searches the whole scope (the output says which)" });
  if (q.kind) probes.push({ kind: "role", value: q.kind, why: q.kind === "code" ? "kind:code leaves out docs" : q.kind === "docs" ? "kind:docs keeps only docs" : "kind:tests keeps only tests" });
  else probes.push({ kind: "role", value: "tests, docs, examples", why: "demoted (not removed): ask kind:tests or kind:docs to prefer them" });
  // The owner as the occurrence's receiver (`_ew.decode(`, `Foo::bar`): of the dotted tail only
  // (`email._ew` writes `_ew.decode` too), as an identifier, not inside a longer one.
  const ownerTail = owner?.split(/\.|::|->|#/).pop();
  const ownerBefore = ownerTail && /^[A-Za-z_$][\w$]*$/.test(ownerTail) ? new RegExp(`(?<![\\w$])${esc(ownerTail)}\\s*(?:\\.|::|->|#|:)\\s*$`) : undefined;
  const quotedKey = owner && q.subject.includes(".") ? new RegExp(`(?<=["'\`])${esc(q.subject)}(?=["'\`])`, "g") : undefined;
  const keyValues = [...new Set([name, ...(quotedKey ? [q.subject] : [])])];
  return { subject: name, keyValues, ownerStems: owner ? identifierWords(owner).map(stem) : [], ...(ownerBefore ? { ownerBefore, owner: owner! } : {}), ...(quotedKey ? { quotedKey } : {}), words, variants, abbreviations: abbrs, prefilter, spellings, prefilterRegex, prefilterIgnoreCase, lineRegex, spec, vocabStems, supportStems, probes };
}

/** `recased`: a SCREAMING_CASE subject's words in another letter case (perf_config for PERF_CONFIG): another name. */
export type Quality = "exact" | "variant" | "abbrev" | "partial" | "recased";
export const QUALITY_FACTOR: Record<Quality, number> = { exact: 1, variant: 0.9, abbrev: 0.85, partial: 0.3, recased: 0.3 };
/**
 * How much a region's name, vocabulary and path bonuses count, by its evidence's match: in full
 * for the subject's own spelling, inside a longer name too (meminfo_proc_show for meminfo), but
 * little for another name that shares its words in another case (perf_config_set__init, named for
 * "config", must not outrank the read of PERF_CONFIG by its name alone).
 */
export const BONUS_FACTOR: Record<Quality, number> = { exact: 1, variant: 1, abbrev: 1, partial: 1, recased: 0.3 };

export interface Hit {
  start: number;
  end: number;
  quality: Quality;
  /** The whole identifier around the match. */
  ident: string;
  /** The whole quoted key, owner included (see Plan.quotedKey). */
  key?: boolean;
}

const IDENT = /[A-Za-z0-9_$]/;
const SCREAMING = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * Subject occurrences in one line, in order, each with how closely it matches (whole identifier,
 * form, part); at most `max` (a huge line is classified by its first ones only).
 */
export function findHits(plan: Plan, line: string, max = Infinity): Hit[] {
  const out: Hit[] = [];
  const hyphen = /[- ]/.test(plan.subject);
  const isId = (c: string | undefined) => c !== undefined && (IDENT.test(c) || (hyphen && c === "-"));
  plan.lineRegex.lastIndex = 0;
  let m: RegExpExecArray | null;
  // The whole quoted key first; the member's name inside it is not another hit.
  const keys: Array<[number, number]> = [];
  if (plan.quotedKey && line.includes(plan.owner!)) {
    plan.quotedKey.lastIndex = 0;
    for (let k; (k = plan.quotedKey.exec(line)); ) {
      keys.push([k.index, k.index + k[0].length]);
      out.push({ start: k.index, end: k.index + k[0].length, quality: "exact", ident: k[0], key: true });
    }
  }
  while (out.length < max && (m = plan.lineRegex.exec(line))) {
    if (m[0].length === 0) { plan.lineRegex.lastIndex++; continue; }
    const s = m.index, e = s + m[0].length;
    if (keys.some(([a, b]) => s >= a && e <= b)) continue;
    let a = s, b = e;
    while (a > 0 && isId(line[a - 1])) a--;
    while (b < line.length && isId(line[b])) b++;
    const ident = line.slice(a, b);
    const text = m[0];
    let quality: Quality | null = null;
    // Abbreviations are searched case-insensitively but only count in their exact case.
    if (plan.abbreviations.some((ab) => ab.toLowerCase() === text.toLowerCase() && ab !== text) && identifierWords(text).join("") !== plan.words.join("")) continue;
    if (ident === plan.subject) quality = "exact";
    else if (plan.abbreviations.some((ab) => ident === ab)) quality = "abbrev";
    // A SCREAMING_CASE subject (a constant, an environment variable or config key) is spelled one
    // way: perf_config or PerfConfig is another name (a function, a type).
    else if (plan.words.length > 1 && a === s && b === e && identifierWords(ident).join("") === plan.words.join("")) quality = SCREAMING.test(plan.subject) && ident !== ident.toUpperCase() ? "recased" : "variant";
    else if (plan.words.length === 1 && a === s && b === e && (text === plan.subject || text === plan.subject.toUpperCase())) quality = "variant";
    else {
      const leftOk = a === s || line[s - 1] === "_" || line[s - 1] === "$" || (/[a-z0-9]/.test(line[s - 1]!) && /[A-Z]/.test(text[0]!));
      const rightOk = b === e || line[e] === "_" || /[A-Z0-9]/.test(line[e]!);
      // Same letters in a different case for a one-word subject (request vs Request) is a different name.
      const caseOk = plan.words.length > 1 || text === plan.subject || text === plan.subject.toUpperCase() || plan.abbreviations.includes(text);
      if (leftOk && rightOk && caseOk) quality = plan.abbreviations.some((ab) => text === ab) ? "abbrev" : SCREAMING.test(plan.subject) && text !== plan.subject ? "recased" : "partial";
      if (leftOk && rightOk && !caseOk && plan.words.length === 1 && a === s && b === e) quality = "partial";
    }
    // Classification looks at the whole identifier (onBUO in `x.onBUO()`), not just the matched part.
    if (quality) out.push({ start: a, end: b, quality, ident });
  }
  return out;
}
