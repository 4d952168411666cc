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

/**
 * A whole query quoted as one argument (`trace "subject:x relation:defined"`, or an MCP client
 * passing one string) splits before each embedded `key:`/`key=`; other spaces stay in the value,
 * so `subject:auth status` is still one multi-word subject.
 */
const EMBEDDED_KEY = new RegExp(`\\s+(?=(?:${Object.keys(KEYS).join("|")})\\s*[:=])`, "i");

/** The longest value a term may have: names are short, and each is compiled into regexes. */
const MAX_VALUE = 1000;

/** Parses argv terms into a query; every malformed input is a UserError naming the term and the fix. */
export function parseTraceQuery(terms: string[]): TraceQuery {
  const seen = new Map<string, string>();
  const support: string[] = [];
  for (const rawTerm of terms.flatMap((t) => t.split(EMBEDDED_KEY))) {
    const term = rawTerm.trim();
    if (!term) continue;
    const colon = term.indexOf(":");
    const eq = term.indexOf("=");
    // The first separator wins, so `subject=a:b` keeps `a:b` as the value.
    const cut = colon < 0 ? eq : eq < 0 ? colon : Math.min(colon, eq);
    if (cut < 0) fail(`invalid trace term '${term}': expected key:value or key=value (keys: subject, relation, support, kind, path)`);
    const rawKey = normKey(term.slice(0, cut));
    const value = term.slice(cut + 1).trim();
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
    if (key === "kind" && !KINDS[value.toLowerCase()]) {
      fail(`unknown kind '${value}' (use kind:code, kind:docs or kind:tests)`);
    }
  }
  const get = (k: string) => {
    const t = seen.get(k);
    if (t === undefined) return undefined;
    const c = t.indexOf(":"), e = t.indexOf("=");
    const cut = c < 0 ? e : e < 0 ? c : Math.min(c, e);
    return t.slice(cut + 1).trim();
  };
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
