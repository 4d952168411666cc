/** rg --type / --type-not: the type table, selection matching, and the unknown-type error. */
import { TYPE_TABLE } from "./type-table.ts";
import { parseGlob, tokensToRegex, literalOf } from "./glob.ts";
import { IGNORE, NONE, WHITELIST } from "./gitignore.ts";
import { UserError } from "../util/errors.ts";
import { editDistance } from "../util/text.ts";

let table: Map<string, string[]> | undefined;

/** Type name -> globs, in rg --type-list order. Parsed on first use (keeps start-up cheap). */
export function types(): Map<string, string[]> {
  if (!table) {
    table = new Map();
    for (const line of TYPE_TABLE.split("\n")) {
      const i = line.indexOf(": ");
      if (i > 0) table.set(line.slice(0, i), line.slice(i + 2).split(", "));
    }
  }
  return table;
}

/** rg --type-list text: `name: glob, glob` lines, newline-terminated. */
export function typeList(): string {
  return TYPE_TABLE.replace(/^\n/, "");
}

// Common names people try that rg spells differently; offered first in the error's suggestions.
const ALIASES: Record<string, string> = {
  typescript: "ts", javascript: "js", python: "py", golang: "go", rs: "rust", "c++": "cpp",
  shell: "sh", bash: "sh", yml: "yaml", jsx: "js", tsx: "ts", markdown: "md", kt: "kotlin",
  rb: "ruby", cs: "csharp", hpp: "cpp", text: "txt", dockerfile: "docker", tf: "tf",
};

/** Up to 5 known type names close to `name` (alias, then prefix relation, then small edit distance). */
export function closeTypeNames(name: string): string[] {
  const lower = name.toLowerCase();
  const scored: [number, string][] = [];
  const all = types();
  const alias = ALIASES[lower];
  for (const t of all.keys()) {
    let score: number;
    if (t === alias) score = -1;
    else if (t === lower) score = 0;
    else if (Math.min(lower.length, t.length) >= 2 && (t.startsWith(lower) || lower.startsWith(t))) score = 1;
    else {
      const d = editDistance(lower, t);
      if (d > Math.max(1, Math.min(2, Math.floor(lower.length / 3)))) continue;
      score = 1 + d;
    }
    scored.push([score, t]);
  }
  scored.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
  return scored.slice(0, 5).map((s) => s[1]);
}

function checkName(name: string): string[] {
  if (name === "all") return [...types().values()].flat();
  const g = types().get(name);
  if (g) return g;
  const close = closeTypeNames(name);
  throw new UserError(
    `unknown file type '${name}'` + (close.length ? ` (did you mean: ${close.join(", ")}?)` : ""),
    "list the known types with --type-list",
  );
}

interface Compiled {
  exts: Set<string>;
  names: Set<string>;
  res: RegExp[];
  /** Every glob as a regex: the exact path for names containing a newline, where rg's `*` stops. */
  all: RegExp[];
}

function compile(globs: string[]): Compiled {
  const c: Compiled = { exts: new Set(), names: new Set(), res: [], all: [] };
  for (const g of globs) {
    const toks = parseGlob(g);
    const re = new RegExp(tokensToRegex(toks, false));
    c.all.push(re);
    const lit = literalOf(toks);
    const suf = toks.length > 1 && toks[0].t === "star" ? literalOf(toks.slice(1)) : undefined;
    if (lit !== undefined) c.names.add(lit);
    else if (suf !== undefined && suf.lastIndexOf(".") === 0) c.exts.add(suf.slice(1));
    else c.res.push(re);
  }
  return c;
}

function hit(c: Compiled, name: string): boolean {
  if (name.includes("\n")) return c.all.some((re) => re.test(name));
  if (c.names.has(name)) return true;
  if (c.exts.size) {
    const dot = name.lastIndexOf(".");
    if (dot >= 0 && c.exts.has(name.slice(dot + 1))) return true;
  }
  for (const re of c.res) if (re.test(name)) return true;
  return false;
}

export interface TypeFilter {
  /** NONE / IGNORE / WHITELIST for a file's base name (a byte string). */
  verdict(name: string): number;
}

/**
 * rg's Types matcher: a file matching a --type-not type is excluded; else one matching a --type
 * type is whitelisted (which, as in rg, also lets a hidden file through); else, when any --type was
 * given, excluded. Validates every name (UserError listing close names). Undefined when no types.
 */
export function typeFilter(select: string[], negate: string[]): TypeFilter | undefined {
  if (!select.length && !negate.length) return undefined;
  const pos = compile(select.flatMap(checkName));
  const neg = compile(negate.flatMap(checkName));
  const hasSelect = select.length > 0;
  return {
    verdict(name: string): number {
      if (negate.length && hit(neg, name)) return IGNORE;
      if (hasSelect) return hit(pos, name) ? WHITELIST : IGNORE;
      return NONE;
    },
  };
}
