import { editDistance } from "../util/text.ts";
import { UserError } from "../util/errors.ts";

/** The trace DSL: `subject:X relation:R [support:W]... [kind:K] [path:P]` (`=` works as well as `:`). */

export type RelationName =
  | "defined" | "called_from" | "triggered_from" | "rendered" | "populated" | "comes_from" | "handled"
  | "implementation";

export interface TraceQuery {
  subject: string;
  /** Canonical snake_case name, or the normalised custom relation. */
  relation: string;
  /** True when the relation is not one of the built-in ones (a custom probe). */
  custom: boolean;
  /** For a custom relation within two edits of a built-in one (`defind`): that one. */
  near?: string;
  support: string[];
  kind: "code" | "docs" | "tests" | null;
  pathHint: string | null;
}

export const DSL_EXAMPLE = "agentgrep trace subject:auth_status relation:rendered support:ui";

const RELATION_ALIASES: Record<string, RelationName> = {
  defined: "defined", definition: "defined", define: "defined", defines: "defined", def: "defined",
  called_from: "called_from", calledfrom: "called_from", callers: "called_from", caller: "called_from",
  calls: "called_from", called: "called_from",
  triggered_from: "triggered_from", triggeredfrom: "triggered_from", triggered: "triggered_from",
  trigger: "triggered_from", triggers: "triggered_from",
  rendered: "rendered", render: "rendered", renders: "rendered", drawn: "rendered", draw: "rendered",
  populated: "populated", populate: "populated", set: "populated", assigned: "populated", written: "populated",
  comes_from: "comes_from", comesfrom: "comes_from", source: "comes_from", origin: "comes_from",
  handled: "handled", handler: "handled", handles: "handled", handle: "handled",
  implementation: "implementation", implemented: "implementation", implements: "implementation",
  implementations: "implementation", impl: "implementation",
};

const KINDS: Record<string, TraceQuery["kind"]> = {
  code: "code", docs: "docs", doc: "docs", documentation: "docs", tests: "tests", test: "tests",
};

const KEYS: Record<string, "subject" | "relation" | "support" | "kind" | "path"> = {
  subject: "subject", relation: "relation", support: "support", kind: "kind",
  path: "path", path_hint: "path", pathhint: "path",
};

const fail = (msg: string): never => {
  throw new UserError(msg, `trace queries use a small DSL, for example: ${DSL_EXAMPLE}`);
};

const normKey = (s: string) => s.trim().toLowerCase().replace(/-/g, "_");

/** The built-in relation a custom one is a typo of: an alias within two edits (one for a short
 *  word), as its canonical name; none for a word of its own (`relation:logged`). */
export function nearRelation(custom: string): string | undefined {
  const reach = custom.length >= 6 ? 2 : custom.length >= 4 ? 1 : 0;
  let best: string | undefined;
  let bestD = reach + 1;
  for (const [alias, name] of Object.entries(RELATION_ALIASES).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const d = editDistance(custom, alias);
    if (d < bestD) (best = name), (bestD = d);
  }
  return best;
}

export function normalizeRelation(raw: string): { relation: string; custom: boolean } {
  const k = normKey(raw).replace(/\s+/g, "_");
  const r = RELATION_ALIASES[k];
  return r ? { relation: r, custom: false } : { relation: k, custom: true };
}

/** A term ends before whitespace followed by a key (`relation:`, `"path=`): the rest is its value. */
const KEY_AT = new RegExp(`["']?(?:${Object.keys(KEYS).join("|")})\\s*[:=]`, "iy");

/** One term as written (for messages) and its text with quotes and escapes resolved. */
interface Written {
  raw: string;
  text: string;
}

/**
 * The terms of one argument. A whole query often arrives as one string (`trace "subject:x
 * relation:defined"`, an MCP client's query), so it is read as a shell reads words: `"..."` and
 * `'...'` group and are not part of the value (`subject:"auth status"` is the two-word subject),
 * a backslash escapes a quote, a backslash or a space. A term ends only at whitespace before the
 * next `key:`/`key=`; other spaces stay in the value, so `subject:auth status` is still one
 * multi-word subject. A quote opens only where a word or a value starts and only when its partner
 * follows (`subject:don't` keeps its apostrophe), and a backslash before any other character
 * stays (`App\Http\Kernel`): without quotes or backslashes, the value is the text as written.
 */
export function splitTerms(arg: string): Written[] {
  const out: Written[] = [];
  const n = arg.length;
  let text = "";
  let start = -1; // where the current term starts in arg, -1 between terms
  let sepSeen = false; // the current term's key separator is behind
  let wordStart = true; // a quote here opens a quoted part
  // Once a quote finds no partner, no later one of its kind has one: each is then a character.
  let singleOpen = true;
  let doubleOpen = true;
  const flush = (end: number) => {
    if (start >= 0) out.push({ raw: arg.slice(start, end).trim(), text: text.trim() });
    text = "";
    start = -1;
    sepSeen = false;
  };
  let i = 0;
  while (i < n) {
    const c = arg[i]!;
    if (/\s/.test(c)) {
      let j = i + 1;
      while (j < n && /\s/.test(arg[j]!)) j++;
      KEY_AT.lastIndex = j;
      if (j < n && KEY_AT.test(arg)) flush(i);
      else if (start >= 0) text += arg.slice(i, j);
      i = j;
      wordStart = true;
      continue;
    }
    if (start < 0) start = i;
    if (wordStart && c === "'" && singleOpen) {
      const e = arg.indexOf("'", i + 1);
      if (e >= 0) {
        text += arg.slice(i + 1, e);
        i = e + 1;
        wordStart = false;
        continue;
      }
      singleOpen = false;
    }
    if (wordStart && c === '"' && doubleOpen) {
      let inner = "";
      let j = i + 1;
      for (; j < n && arg[j] !== '"'; j++) {
        if (arg[j] === "\\" && (arg[j + 1] === '"' || arg[j + 1] === "\\")) j++;
        inner += arg[j];
      }
      if (j < n) {
        text += inner;
        i = j + 1;
        wordStart = false;
        continue;
      }
      doubleOpen = false;
    }
    wordStart = false;
    if (c === "\\" && i + 1 < n && /[\s"'\\]/.test(arg[i + 1]!)) {
      text += arg[i + 1];
      i += 2;
      continue;
    }
    text += c;
    if (!sepSeen && (c === ":" || c === "=")) sepSeen = wordStart = true;
    i++;
  }
  flush(n);
  return out.filter((t) => t.raw);
}

/** The longest value a term may have: names are short, and each is compiled into regexes. */
const MAX_VALUE = 1000;

/** Parses argv terms into a query; every malformed input is a UserError naming the term and the fix. */
export function parseTraceQuery(terms: string[]): TraceQuery {
  const seen = new Map<string, string>();
  const values = new Map<string, string>();
  const support: string[] = [];
  for (const { raw: term, text } of terms.flatMap(splitTerms)) {
    const colon = text.indexOf(":");
    const eq = text.indexOf("=");
    // The first separator wins, so `subject=a:b` keeps `a:b` as the value.
    const cut = colon < 0 ? eq : eq < 0 ? colon : Math.min(colon, eq);
    if (cut < 0) fail(`invalid trace term '${term}': expected key:value or key=value (keys: subject, relation, support, kind, path)`);
    const rawKey = normKey(text.slice(0, cut));
    const value = text.slice(cut + 1).trim();
    const key = KEYS[rawKey];
    if (!key) fail(`unknown trace key '${rawKey}' in '${term}' (keys: subject, relation, support, kind, path)`);
    if (!value) fail(`trace key '${key}' has an empty value in '${term}'`);
    // Values become searched spellings: a newline or other control character can match no line.
    if (/[\x00-\x1f\x7f]/.test(value)) fail(`trace ${key} holds a control character (a newline or tab?) in ${JSON.stringify(term)}; give one name on one line`);
    if (value.length > MAX_VALUE) fail(`trace ${key} is ${value.length} characters long (at most ${MAX_VALUE}); give a name, not a text`);
    if (key === "support") {
      support.push(value);
      continue;
    }
    if (seen.has(key)) fail(`duplicate trace key '${key}': '${seen.get(key)}' and '${term}' (give it once)`);
    seen.set(key, term);
    values.set(key, value);
    if (key === "kind" && !KINDS[value.toLowerCase()]) {
      fail(`unknown kind '${value}' (use kind:code, kind:docs or kind:tests)`);
    }
  }
  const get = (k: string) => values.get(k);
  const subject = get("subject");
  if (subject === undefined) fail("trace query is missing the required subject:<name> term");
  // A subject with no letter or digit (`subject:!!!`) has no identifier form to search for.
  if (!/[\p{L}\p{N}]/u.test(subject!)) fail(`trace subject '${subject}' has no letters or digits (name a function, type, field or value, e.g. subject:parse_config)`);
  const relationRaw = get("relation");
  if (relationRaw === undefined) fail("trace query is missing the required relation:<relation> term (defined, called_from, triggered_from, rendered, populated, comes_from, handled, implementation)");
  const { relation, custom } = normalizeRelation(relationRaw!);
  const near = custom ? nearRelation(relation) : undefined;
  const kindRaw = get("kind");
  const pathRaw = get("path");
  return {
    subject: subject!,
    relation,
    custom,
    ...(near ? { near } : {}),
    support,
    kind: kindRaw ? KINDS[kindRaw.toLowerCase()]! : null,
    pathHint: pathRaw ? pathRaw.replace(/^\.\//, "").replace(/\/+$/, "") || pathRaw : null,
  };
}
