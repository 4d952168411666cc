/** rg --type / --type-not: the type table, selection matching, and the unknown-type error. */
import { TYPE_TABLE } from "./type-table.ts";
import { parseGlob, tokensToRegex, literalOf, GlobError } from "./glob.ts";
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

/** rg --type-clear and --type-add, as given (rg applies every clear first, then the adds in order). */
export interface TypeDefs {
  clear: string[];
  add: string[];
}

/**
 * The type table with rg's --type-clear / --type-add applied: a clear drops a built-in type (an
 * unknown name is no error); `NAME:GLOB` adds a glob, `NAME:include:T1,T2` the globs the named
 * types have at that point. NAME is letters and digits, never `all`. A glob is checked only when
 * its type is selected, as rg. A new map: the built-in table is never changed (the MCP server
 * runs many calls in one process).
 */
export function typeTable(defs?: TypeDefs): Map<string, string[]> {
  if (!defs || (defs.clear.length === 0 && defs.add.length === 0)) return types();
  const t = new Map([...types()].map(([k, v]) => [k, [...v]]));
  for (const c of defs.clear) t.delete(c);
  for (const d of defs.add) {
    const bad = () =>
      new UserError(`invalid --type-add definition '${d}'`, "write NAME:GLOB (e.g. --type-add 'foo:*.foo') or NAME:include:TYPE,TYPE; NAME is letters and digits, not 'all'");
    const parts = d.split(":");
    let globs: string[];
    if (parts.length === 2 && parts[0] && parts[1]) globs = [parts[1]];
    else if (parts.length === 3 && parts[0] && parts[1] === "include" && parts[2]) {
      const names = parts[2].split(",");
      if (names.some((n) => !t.has(n))) throw bad();
      globs = names.flatMap((n) => t.get(n)!);
    } else throw bad();
    const name = parts[0]!;
    if (name === "all" || !/^[\p{L}\p{N}]+$/u.test(name)) throw bad();
    t.set(name, [...(t.get(name) ?? []), ...globs]);
  }
  return t;
}

/** rg --type-list text: `name: glob, glob` lines, newline-terminated (rg's order: names, then globs, sorted). */
export function typeList(defs?: TypeDefs): string {
  if (!defs || (defs.clear.length === 0 && defs.add.length === 0)) return TYPE_TABLE.replace(/^\n/, "");
  const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  return [...typeTable(defs)].sort((a, b) => byBytes(a[0], b[0])).map(([n, g]) => `${n}: ${[...g].sort(byBytes).join(", ")}\n`).join("");
}

// Common names people try that rg spells differently; offered first in the error's suggestions.
const ALIASES: Record<string, string> = {
  typescript: "ts", javascript: "js", python: "py", golang: "go", rs: "rust", "c++": "cpp",
  shell: "sh", bash: "sh", yml: "yaml", jsx: "js", tsx: "ts", markdown: "md", kt: "kotlin",
  rb: "ruby", cs: "csharp", hpp: "cpp", text: "txt", dockerfile: "docker", tf: "tf",
};

/** Up to 5 known type names close to `name` (alias, then prefix relation, then small edit distance). */
export function closeTypeNames(name: string, table: Map<string, string[]> = types()): string[] {
  const lower = name.toLowerCase();
  const scored: [number, string][] = [];
  const all = table;
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

function checkName(name: string, table: Map<string, string[]>): string[] {
  if (name === "all") return [...table.values()].flat();
  const g = table.get(name);
  if (g) return g;
  const close = closeTypeNames(name, table);
  throw new UserError(
    `unknown file type '${name}'` + (close.length ? ` (did you mean: ${close.join(", ")}?)` : ""),
    "list the known types with --type-list",
  );
}

/**
 * A type's globs, matched against a file's base name. rg's `*`, `?` and classes there match a
 * newline like any other byte (`-t py` lists `nl\nname.py`; so do `n*.py` and `nl?name.py`
 * types): the regex is the separator-aware one, whose `[^/]` never meets a `/` in a base name.
 * (It was the `[^\n]` one, tried alone for such names: `-t py` missed them.)
 */
interface Compiled {
  exts: Set<string>;
  names: Set<string>;
  res: RegExp[];
}

function compile(globs: string[]): Compiled {
  const c: Compiled = { exts: new Set(), names: new Set(), res: [] };
  for (const g of globs) {
    const toks = parseGlob(g);
    const lit = literalOf(toks);
    const suf = toks.length > 1 && toks[0].t === "star" ? literalOf(toks.slice(1)) : undefined;
    if (lit !== undefined) c.names.add(lit);
    else if (suf !== undefined && suf.lastIndexOf(".") === 0) c.exts.add(suf.slice(1));
    else c.res.push(new RegExp(tokensToRegex(toks, true)));
  }
  return c;
}

function hit(c: Compiled, name: string): boolean {
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
export function typeFilter(select: string[], negate: string[], defs?: TypeDefs): TypeFilter | undefined {
  const table = typeTable(defs); // a bad --type-add is an error even with no --type, as rg
  if (!select.length && !negate.length) return undefined;
  const build = (names: string[]) => {
    try {
      return compile(names.flatMap((n) => checkName(n, table)));
    } catch (e) {
      if (e instanceof GlobError) throw new UserError(`invalid glob '${e.glob}' in a --type-add definition: ${e.reason}`, "fix the glob, or escape special characters with \\ or [] (e.g. '\\{' or '[[]')");
      throw e;
    }
  };
  const pos = build(select);
  const neg = build(negate);
  const hasSelect = select.length > 0;
  return {
    verdict(name: string): number {
      if (negate.length && hit(neg, name)) return IGNORE;
      if (hasSelect) return hit(pos, name) ? WHITELIST : IGNORE;
      return NONE;
    },
  };
}
