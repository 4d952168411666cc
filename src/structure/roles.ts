/**
 * What each match is: the role of the matched text in the code (definition, call, import, write,
 * reference, comment, string), read from the syntax tree that grouping already parsed, with the
 * per-language rules of grammars/roles.ts. Files without a tree get a role from the line's shape
 * (classify/lexical.ts's classifier), flagged approximate.
 */
import type { Node } from "web-tree-sitter";
import { Ancestry } from "./ancestry.ts";
import type { LineMatch } from "../match/types.ts";

/** What a role is read from: a match's line number, its spans and the line's text. */
export type RoleMatch = Pick<LineMatch, "line" | "spans" | "text">;
import { classifyOccurrence, commentColumnsOfLines, familyOf, inStringAt } from "../classify/lexical.ts";

export type Role = "definition" | "call" | "import" | "write" | "reference" | "comment" | "string";
export const ROLE_NAMES: readonly Role[] = ["definition", "call", "import", "write", "reference", "comment", "string"];

export interface MatchRole {
  role: Role;
  /** From the line's shape, not from a syntax tree. */
  approx?: boolean;
  /** Not code (plain text, Markdown, other markup): grep's text output shows no role. */
  prose?: boolean;
}

/**
 * Where a name sits in its parent: the fields of the parent node type that hold it (`*`: any
 * child; `0`: the first named child, `@type` the first named child of that type, for nodes
 * without fields). `requires`: only when the parent also has a child in that field (C `struct x { ... }`
 * defines x, `struct x *p` does not).
 */
export type Slot = string[] | { fields: string[]; requires?: string };

/** One grammar's role rules (data, in grammars/roles.ts). */
export interface RoleTable {
  /** Node types whose whole text is an import (`import_statement`, `use_declaration`, `preproc_include`). */
  import?: string[];
  /** Calls that import (`require("x")`): call node types, the callee's field, the callee names;
   *  `holders`: node types whose field holds such a call (`const { a } = require("x")`). */
  importCalls?: { call: string[]; callee: string; names: string[]; holders?: Record<string, string> };
  /** The name is defined when it is in one of these slots (function, class, variable, field, macro names). */
  definition: Record<string, Slot>;
  /** The name is called when it is the callee (or a decorator, or a macro invocation). */
  call: Record<string, Slot>;
  /** The name is assigned to. */
  write?: Record<string, Slot>;
  /** Wrappers a name climbs through to reach the slot that gives its role: member access
   *  (`a.b()`: b is called), declarators (`int *x = 0`), qualified names, destructuring patterns. */
  through?: Record<string, Slot>;
  /** Languages where assignment declares: a write outside these node types (function bodies) is a
   *  definition (Python/Ruby `LIMIT = 10` at module or class level). */
  scopes?: string[];
  /** Node types the grammar leaves unparsed inside (Rust macro bodies: `token_tree`): a match
   *  there gets its role from the line's shape, flagged approximate. */
  opaque?: string[];
  /** Extra comment / string / in-string code node types beyond the generic names below. */
  comment?: string[];
  string?: string[];
  interpolation?: string[];
}

// Node type names shared by every grammar we embed: any `*comment*` node is a comment; string
// literals are named after strings, heredocs or characters; code inside a string is an
// interpolation or a template substitution.
const COMMENT = /comment/;
const STRING = /string|heredoc|char_literal|character_literal|rune_literal/;
const INTERPOLATION = /interpolation|substitution|^escape_interpolation$/;

/** Strongest first: a line with several matches takes the first role in this order. */
const PRIORITY: Record<Role, number> = { definition: 0, import: 1, call: 2, write: 3, reference: 4, string: 5, comment: 6, opaque: 7 } as Record<Role, number>;

const MAX_CANDIDATES = 16;
const MAX_CLIMB = 12;
/** Spans per line looked at (a line with hundreds of matches costs no more than this). */
const MAX_SPANS = 8;

/** Roles of `matches` (lines of the file `path` whose syntax tree is `root`), one per match.
 *  `calls`: macro invocations the parsed text had masked (structure's `syntax.calls`): a match on
 *  one's name is a call. */
export function rolesFromTree(root: Node, table: RoleTable, matches: RoleMatch[], path: string, calls?: { row: number; start: number; end: number }[]): MatchRole[] {
  const out: MatchRole[] = [];
  // Masked calls by row: a file can hold thousands, and so can its matches.
  const callsOn = new Map<number, { start: number; end: number }[]>();
  for (const c of calls ?? []) {
    const row = callsOn.get(c.row);
    if (row) row.push(c);
    else callsOn.set(c.row, [c]);
  }
  const anc = new Ancestry(root);
  for (const m of matches) {
    let best: Role | undefined;
    let approx = false;
    const spans = m.spans.length ? m.spans.slice(0, MAX_SPANS) : [[0, 0] as [number, number]];
    for (const [s, e] of spans) {
      const masked = callsOn.get(m.line - 1)?.some((c) => c.start < Math.max(s + 1, e) && s < c.end);
      let r = masked ? "call" : roleOfSpan(root, table, m.line - 1, s, Math.max(s, e), anc);
      if (r === OPAQUE) {
        r = lineRole(m.text, s, Math.max(s, e), familyOf(path));
        approx = true;
      }
      if (best === undefined || PRIORITY[r] < PRIORITY[best]) best = r;
    }
    out.push(approx ? { role: best ?? "reference", approx } : { role: best ?? "reference" });
  }
  return out;
}

/** roleOfSpan's answer for a match inside an opaque node (see RoleTable.opaque). */
const OPAQUE = "opaque" as unknown as Role;


function roleOfSpan(root: Node, table: RoleTable, row: number, s: number, e: number, anc: Ancestry): Role {
  // Inside an opaque node (a Rust macro body) or a syntax error (an unknown macro before a C++
  // class): the tree says nothing sure, the line's shape decides.
  if (table.opaque || root.hasError) {
    const at = anc.at({ row, column: s });
    if (at) for (const a of anc.of(at)) if (a.type === "ERROR" || table.opaque?.includes(a.type)) return OPAQUE;
  }
  const node = anc.at({ row, column: s }, { row, column: e });
  if (!node) return "reference";
  const chain = anc.of(node);
  if (node.childCount === 0 || isText(node, table)) return roleOfNode(chain, table);
  // The match covers several tokens (`def foo`, `self.x =`, `foo(`): the strongest role among
  // the named tokens it touches.
  const leaves: Node[] = [];
  collectLeaves(node, row, s, e, leaves);
  if (leaves.length === 0) return roleOfNode(chain, table);
  let best: Role | undefined;
  for (const l of leaves) {
    const r = roleOfNode(anc.of(l), table);
    if (best === undefined || PRIORITY[r] < PRIORITY[best]) best = r;
  }
  return best!;
}

/** A comment or string literal node (named: TypeScript's `string` keyword is an unnamed node). */
function isText(n: Node, table: RoleTable): boolean {
  const type = n.type;
  return n.isNamed && (COMMENT.test(type) || STRING.test(type) || !!table.comment?.includes(type) || !!table.string?.includes(type));
}

/** Named tokens (leaves, or whole comment/string nodes) overlapping [s, e) of `row`. */
function collectLeaves(node: Node, row: number, s: number, e: number, out: Node[]): void {
  for (const c of node.children) {
    if (!c || out.length >= MAX_CANDIDATES) return;
    const a = c.startPosition;
    const b = c.endPosition;
    // Outside the span: ends before it, or starts after it.
    if (b.row < row || (b.row === row && b.column <= s)) continue;
    if (a.row > row || (a.row === row && a.column >= e)) break;
    if (c.childCount === 0) {
      if (c.isNamed) out.push(c);
    } else collectLeaves(c, row, s, e, out);
  }
}

/** The role of chain[0], the leaf, from its ancestors chain[1..] (see ancestry). */
function roleOfNode(chain: Node[], t: RoleTable): Role {
  // Context first: a comment, an import, a string (unless inside an interpolation).
  let inCode = false;
  let inString = false;
  for (const a of chain) {
    const type = a.type;
    if (!a.isNamed) continue;
    if (!inCode && (COMMENT.test(type) || t.comment?.includes(type))) return "comment";
    if (!inString && (INTERPOLATION.test(type) || t.interpolation?.includes(type))) inCode = true;
    if (!inCode && (STRING.test(type) || t.string?.includes(type))) inString = true;
    if (t.import?.includes(type) || (t.importCalls && importCall(a, t.importCalls))) return "import";
  }
  if (inString) return "string";
  // Then the slot the name sits in, climbing through member access, declarators and patterns.
  for (let i = 0; i < MAX_CLIMB && i + 1 < chain.length; i++) {
    const cur = chain[i]!, p = chain[i + 1]!;
    const type = p.type;
    if (inSlot(t.definition[type], p, cur)) return "definition";
    if (inSlot(t.call[type], p, cur)) return "call";
    if (t.write && inSlot(t.write[type], p, cur)) return t.scopes && !chain.slice(i + 2).some((a) => t.scopes!.includes(a.type)) ? "definition" : "write";
    if (t.through && inSlot(t.through[type], p, cur)) continue;
    break;
  }
  return "reference";
}

function inSlot(slot: Slot | undefined, parent: Node, child: Node): boolean {
  if (!slot) return false;
  const fields = Array.isArray(slot) ? slot : slot.fields;
  if (!Array.isArray(slot) && slot.requires && !parent.childForFieldName(slot.requires)) return false;
  for (const f of fields) {
    if (f === "*") return true;
    if (f === "0") {
      if (parent.firstNamedChild?.id === child.id) return true;
      continue;
    }
    if (f.startsWith("@")) {
      // The first named child of that type (grammars without fields: Kotlin).
      const first = parent.namedChildren.find((c) => c?.type === f.slice(1));
      if (first?.id === child.id) return true;
      continue;
    }
    for (const c of parent.childrenForFieldName(f)) if (c && c.id === child.id) return true;
  }
  return false;
}

function importCall(n: Node, ic: NonNullable<RoleTable["importCalls"]>): boolean {
  const held = ic.holders?.[n.type];
  if (held) {
    const v = n.childForFieldName(held);
    return !!v && importCall(v, { ...ic, holders: undefined });
  }
  if (!ic.call.includes(n.type)) return false;
  const callee = n.childForFieldName(ic.callee);
  return !!callee && ic.names.includes(callee.text);
}

/**
 * Approximate roles from the line alone (files shown without a parse: over the parse limits, or
 * of a language without a grammar). Uses trace's line-shape classifier and folds its finer kinds
 * into the seven roles.
 */
export function rolesFromLines(path: string, matches: RoleMatch[]): MatchRole[] {
  const family = familyOf(path);
  const prose = family === "markup" || family === "plain";
  return matches.map((m) => {
    const [s, e] = m.spans[0] ?? [0, 0];
    const r: MatchRole = { role: lineRole(m.text, s, e, family), approx: true };
    if (prose) r.prose = true;
    return r;
  });
}

function lineRole(line: string, s: number, e: number, family: ReturnType<typeof familyOf>): Role {
  // A file of unknown kind: no comment or heading syntax to go by.
  if (family === "plain") return "reference";
  const commentCol = commentColumnsOfLines([line], family)[0]!;
  const kind = classifyOccurrence(line, s, e, commentCol, family).kind;
  switch (kind) {
    case "definition":
    case "field":
    case "declaration":
      // `struct task_struct *p` or `struct sk_buff skb` names a type; `struct x {`, `struct x;`,
      // `class X extends Y`, `class X // note` define it.
      if (/\b(?:struct|union|enum|class)\s+$/.test(line.slice(0, s)) && /^\s*(?:[*&),]|[A-Za-z_]\w*)/.test(line.slice(e)) && !/^\s*(?:extends|implements|final|sealed|permits|where|with|abstract|open)\b/.test(line.slice(e))) return "reference";
      return "definition";
    case "call":
    case "construct":
      return "call";
    case "write":
      return "write";
    case "import":
      return "import";
    case "comment":
      return "comment";
    case "string":
      return "string";
    default:
      return family !== "markup" && family !== "plain" && inStringAt(line, s) ? "string" : "reference";
  }
}

/** `definition,call` -> the set; unknown names are reported by the caller. */
export function parseRoles(list: string[]): { roles: Set<Role>; unknown: string[] } {
  const roles = new Set<Role>();
  const unknown: string[] = [];
  for (const item of list)
    for (const raw of item.split(",")) {
      const w = raw.trim().toLowerCase();
      if (!w) continue;
      const r = ROLE_ALIASES[w] ?? (ROLE_NAMES.includes(w as Role) ? (w as Role) : undefined);
      if (r) roles.add(r);
      else unknown.push(raw.trim());
    }
  return { roles, unknown };
}

/** Short and plural spellings an agent is likely to type. */
const ROLE_ALIASES: Record<string, Role> = {
  def: "definition", defs: "definition", definitions: "definition", defined: "definition",
  calls: "call", imports: "import", writes: "write", assignment: "write",
  ref: "reference", refs: "reference", references: "reference", comments: "comment", strings: "string",
};
