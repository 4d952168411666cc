import { escapeRegExp as esc } from "../util/text.ts";
import { readsSource } from "../classify/lexical.ts";

/**
 * One step of data flow inside a unit, for the relations about values (comes_from, populated):
 *
 *   String order = props.getProperty("prism.order");     <- origin: where `order` comes from
 *   tryOrderArr = split(order, ",");                       (a write of the subject's value)
 *
 *   cc = changed_columns                                    (a local bound to the subject)
 *   cc << column unless cc.include?(column)                 <- a write of the subject through `cc`
 *
 * The subject's own line rarely says where the value is produced or how it is filled: the local
 * it is computed from, or the alias it is filled through, is one line away. Only plain locals
 * (lower-case identifiers, not calls, not members) assigned once within a short window count.
 */

export interface FlowStep {
  line: number;
  /** The line reads configuration, environment, arguments or a file (a source, not a plain write). */
  source: boolean;
  why: string;
}

/** Longer lines (minified bundles) are not read by these steps: their cost must not grow with a line's size. */
export const FLOW_MAX_LINE = 2048;
/** Lines above a write searched for the assignment of a local it reads. */
const BACK_WINDOW = 30;
/** Lines below an alias searched for its mutation. */
const ALIAS_WINDOW = 10;

const KEYWORDS = new Set(["if", "else", "for", "while", "return", "new", "null", "nil", "none", "true", "false", "this", "self", "super", "and", "or", "not", "in", "is", "of", "typeof", "instanceof", "await", "yield", "var", "let", "const", "final", "static", "string", "int", "long", "char", "bool", "void", "unless", "then", "end", "do", "def", "fn", "func", "function", "struct", "sizeof", "case", "default", "break", "continue"]);

// Which right-hand sides read a source (environment, config, arguments, files) is per-language data:
// grammars/sources.ts's `reads` (see readsSource).


/** The right-hand side of an assignment on `text` (after the first `=` that is not a comparison), or null. */
function rhsOf(text: string): string | null {
  const m = /(?:^|[^=!<>+\-*/%&|^:])(?:=|:=|\+=|\|\|=)(?![=~>])/.exec(text);
  return m ? text.slice(m.index + m[0].length) : null;
}

/** Plain locals read by an expression: lower-case identifiers, not calls, not members, not keywords. */
export function localsRead(expr: string): string[] {
  const out: string[] = [];
  const re = /(^|[^\w$.>:@])([a-z_][A-Za-z0-9_]*)\b(?!\s*\()/g;
  let m: RegExpExecArray | null;
  const bare = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  while ((m = re.exec(bare))) {
    const id = m[2]!;
    if (id.length < 2 || KEYWORDS.has(id.toLowerCase()) || out.includes(id)) continue;
    out.push(id);
  }
  return out;
}

/**
 * comes_from, one step back: for a write at `line` (1-based), the assignments above it of the
 * locals its value reads (`String order = ...` for `x = split(order, ",")`). Each local counts
 * only when assigned exactly once in the window (a loop variable or a reused temporary says little).
 */
export function originsOf(lines: string[], line: number, skip: (id: string) => boolean, lang = ""): FlowStep[] {
  const rhs = rhsOf(lines[line - 1] ?? "");
  if (!rhs) return [];
  const out: FlowStep[] = [];
  for (const id of localsRead(rhs)) {
    if (skip(id)) continue;
    const assign = new RegExp(`(?:^|[^\\w$.>])${esc(id)}\\s*(?:=|:=)(?![=~>])`);
    let found = 0;
    let at = 0;
    for (let l = line - 1; l >= 1 && l >= line - BACK_WINDOW; l--) {
      const t = lines[l - 1] ?? "";
      if (t.length <= FLOW_MAX_LINE && assign.test(t)) { found++; at = l; }
    }
    if (found !== 1) continue;
    const t = lines[at - 1] ?? "";
    out.push({ line: at, source: readsSource(rhsOf(t) ?? "", lang), why: `assigns ${id}, whose value flows into the subject (one step back)` });
  }
  return out;
}

/**
 * The local bound to the subject's value on `text` (`cc = changed_columns`, `if ac = opts[:after_connect]`,
 * `cb = this.onDone;`), or null.
 */
export function aliasOf(text: string, subject: string): string | null {
  const m = new RegExp(`^\\s*(?:(?:if|unless|while|elsif|elif|var|let|const|val|my|local|auto|final)\\s+)*\\(?\\s*\\$?([a-z_]\\w*)\\s*(?::[^=]+)?=\\s*(?:[@$]|self\\.|this\\.|\\$this->|[\\w.@$>-]*\\[\\s*[:'"]?|[\\w.@]*\\.(?:fetch|get)\\(\\s*[:'"]?)?_?${esc(subject)}['"]?\\s*\\]?\\)?\\s*(?:[;,)]|\\|\\||$|\\bor\\b|\\bthen\\b|#|\\/\\/)`).exec(text);
  const local = m?.[1];
  return local && local !== subject ? local : null;
}

/** Lines within ALIAS_WINDOW after `line` that use the alias as `use` says, until it is rebound. */
function aliasUses(lines: string[], line: number, local: string, use: RegExp, why: (l: number) => string): FlowStep[] {
  const out: FlowStep[] = [];
  const rebound = new RegExp(`(?:^|[^\\w$.])${esc(local)}\\s*=(?![=~>])`);
  for (let l = line + 1; l <= lines.length && l <= line + ALIAS_WINDOW; l++) {
    const u = lines[l - 1] ?? "";
    if (u.length > FLOW_MAX_LINE) continue;
    if (rebound.test(u)) break; // rebound: no longer the subject
    if (use.test(u)) out.push({ line: l, source: false, why: why(l) });
  }
  return out;
}

/**
 * populated, through an alias: `local = subject` at `line`, then a mutation of `local` within a few
 * lines (`local << x`, `local.push(x)`, `local[k] = v`, `local.add(x)`).
 */
export function aliasWrites(lines: string[], line: number, subject: string): FlowStep[] {
  const local = aliasOf(lines[line - 1] ?? "", subject);
  if (!local) return [];
  const mutate = new RegExp(`(?:^|[^\\w$.])\\$?${esc(local)}\\s*(?:<<|\\[[^\\]]*\\]\\s*=(?!=)|(?:\\.|->)\\s*(?:push|append|add|insert|put|set|update|merge|store|extend|concat|unshift|push_back|emplace\\w*)\\s*[(!]?)`);
  return aliasUses(lines, line, local, mutate, () => `writes ${subject} through ${local} (bound to it at line ${line})`);
}

/**
 * triggered_from, through an alias: `local = subject` at `line` (a callback read from an option or
 * a field), then `local` invoked within a few lines (`local.call(x)`, `local(x)`, `local.()`).
 */
export function aliasCalls(lines: string[], line: number, subject: string): FlowStep[] {
  const local = aliasOf(lines[line - 1] ?? "", subject);
  if (!local) return [];
  const invoke = new RegExp(`(?:^|[^\\w$.])\\$?${esc(local)}\\s*(?:\\(|(?:\\.|->)\\s*(?:call|invoke|apply|run|\\()\\b)`);
  return aliasUses(lines, line, local, invoke, () => `calls ${subject} through ${local} (bound to it at line ${line})`);
}
