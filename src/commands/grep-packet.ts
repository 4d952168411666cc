/**
 * What grep's packet adds to the matches: a role for every match (from the syntax tree grouping
 * parsed, else from the line's shape, flagged approximate), the `--role` filter, and the
 * `--full-region` choice of which enclosing symbols to print whole.
 */
import { UserError } from "../util/errors.ts";
import type { FileHits } from "../search/index.ts";
import type { FileStructure, Symbol } from "../structure/types.ts";
import { ROLE_NAMES, parseRoles, rolesFromLines, rolesFromTree, type MatchRole, type Role, type RoleMatch } from "../structure/roles.ts";
import { roleTable } from "../../grammars/roles.ts";
import { rememberTreeRoles, rolesFromMemo } from "../structure/index.ts";
import { familyOf } from "../classify/lexical.ts";
import { groupMatches, wholeFrom } from "../render/grep.ts";
import type { Diagnosis } from "../diagnose/index.ts";
import { INLINE_MAX_CANDIDATES, shortEnough, type FullRegion } from "../render/inline.ts";

export type { FullRegion };

export interface PacketOptions {
  /** --role: keep only matches of these roles. */
  roles?: Set<Role>;
  /** --full-region as given; undefined: not given (text: auto; JSON: no region text). */
  fullRegion?: FullRegion;
  /** --other: the `other:` hint of nearby unmatched symbols in text. */
  other?: boolean;
  /** --show-roles: role tags on text match lines. */
  roleTags?: boolean;
}

/** Checks and turns the raw flag values into plain option data. */
export function packetOptions(role: string[], fullRegion: string | undefined, flags: { other?: boolean; roleTags?: boolean; context?: boolean } = {}): PacketOptions {
  const o: PacketOptions = {};
  if (flags.other) o.other = true;
  if (flags.roleTags) o.roleTags = true;
  if (role.length) {
    const { roles, unknown } = parseRoles(role);
    if (unknown.length || roles.size === 0)
      throw new UserError(`unknown --role '${unknown[0] ?? role.join(",")}'`, `roles are ${ROLE_NAMES.join(", ")} (comma list, e.g. --role definition,call)`);
    o.roles = roles;
  }
  if (fullRegion !== undefined) {
    if (fullRegion !== "auto" && fullRegion !== "always" && fullRegion !== "never")
      throw new UserError(`invalid --full-region '${fullRegion}'`, "use --full-region auto, always or never");
    o.fullRegion = fullRegion;
    // Explicit context always wins (rg's lines, never a body): asking for both is a contradiction.
    if (fullRegion === "always" && flags.context)
      throw new UserError("--full-region always cannot be combined with -A/-B/-C", "context lines print instead of bodies: drop -A/-B/-C to get whole symbols, or --full-region to get rg's context lines");
  }
  return o;
}

/**
 * One role per match of `hits` (`asked`: the matches as the roles read them, one per match; an
 * -o entry's is its span on the whole line): from the kept syntax tree when there is one (or what a tree
 * answered for the same text and matches in an earlier call: structure/store.ts), else by line
 * shape.
 */
export function matchRoles(hits: FileHits, structure: FileStructure | undefined, asked: RoleMatch[] = hits.matches): MatchRole[] {
  if (structure) {
    const family = familyOf(hits.entry.display);
    const memo = rolesFromMemo(structure, family, asked);
    if (memo) return memo;
    if (structure.syntax) {
      try {
        const roles = rolesFromTree(structure.syntax.root, roleTable(structure.language), asked, hits.entry.display, structure.syntax.calls);
        rememberTreeRoles(structure, family, asked, roles);
        return roles;
      } catch {
        // A tree walk that fails must not lose matches: fall back to the line's shape.
      }
    }
  }
  return rolesFromLines(hits.entry.display, asked);
}

/** The matches (and their roles) whose role is wanted; null when none is left. */
export function keepRoles(hits: FileHits, roles: MatchRole[], want: Set<Role>): { hits: FileHits; roles: MatchRole[] } | null {
  const keep: number[] = [];
  for (let i = 0; i < roles.length; i++) if (want.has(roles[i]!.role)) keep.push(i);
  if (keep.length === 0) return null;
  if (keep.length === roles.length) return { hits, roles };
  const matches = keep.map((i) => hits.matches[i]!);
  return { hits: { ...hits, matches, count: matches.length }, roles: keep.map((i) => roles[i]!) };
}

/**
 * The matches a --role filter left out, as a zero-result diagnosis (the search found lines; the
 * filter kept none): `no match with --role definition; would match: 12 lines in 3 files without
 * --role (call 9, reference 3)`.
 */
export function roleDiagnosis(counts: Map<string, number>, files: number, want: Set<Role>): Diagnosis {
  let lines = 0;
  for (const n of counts.values()) lines += n;
  const by = ROLE_NAMES.filter((r) => counts.has(r)).map((r) => `${r} ${counts.get(r)}`).join(", ");
  return { relaxations: [{ id: "role", how: `without --role ${[...want].join(",")} (${by})`, lines, files }], untried: 0 };
}

export interface RegionFile {
  /** Matches shown (the display budget of the file). */
  matches: FileHits["matches"];
  structure?: FileStructure;
  /** The file's lines (when it was read for grouping). */
  lines?: string[];
}

/**
 * Which matched symbols to print whole, per file (indices into structure.symbols): the inlining
 * rule of render/inline.ts. `always`: every matched symbol; `auto`: only when the whole result has
 * at most INLINE_MAX_CANDIDATES matched symbols, those short enough. A symbol inside another one
 * printed whole is not printed twice.
 */
export function regionsToInline(files: RegionFile[], mode: FullRegion, named?: SearchedNames): Array<Set<number>> {
  const picked = files.map(() => new Set<number>());
  if (mode === "never") return picked;
  const matched: Array<{ file: number; sym: number }> = [];
  const seen = new Set<string>();
  files.forEach((f, fi) => {
    const syms = f.structure?.symbols;
    if (!syms?.length || !f.lines) return;
    for (const g of groupMatches(f.matches, syms)) {
      if (g.symbol < 0 || seen.has(`${fi}:${g.symbol}`)) continue;
      // A match only in a symbol's leading doc comment groups under it but is no reason to print
      // its body (auto): a mention in a comment is not the code it documents.
      if (mode === "auto" && g.matches.every((m) => m.line < syms[g.symbol]!.startLine)) continue;
      seen.add(`${fi}:${g.symbol}`);
      matched.push({ file: fi, sym: g.symbol });
    }
  });
  // A broad result prints no body, except the definitions of the names it searched for: an agent
  // that greps `handleReset` reads its short body next (two agent trials did, with sed), whatever
  // the number of callers listed beside it. A name defined in more than INLINE_MAX_CANDIDATES
  // places (`def\s+__init__`) is a listing, not one definition to read: none then.
  const definers = mode === "auto" && matched.length > INLINE_MAX_CANDIDATES && named !== undefined
    ? matched.filter(({ file, sym }) => namedBy(files[file]!.structure!.symbols[sym]!.name, named))
    : [];
  const chosen = mode === "auto" && matched.length > INLINE_MAX_CANDIDATES ? (definers.length <= INLINE_MAX_CANDIDATES ? definers : []) : matched;
  for (const { file, sym } of chosen) {
    const f = files[file]!;
    const s = f.structure!.symbols[sym]!;
    // What prints whole is measured: the symbol with its doc comment when render/grep.ts prints it.
    if (mode === "auto" && !shortEnough(f.lines!, wholeFrom(s), s.endLine)) continue;
    picked[file]!.add(sym);
  }
  // Drop symbols nested in another picked one (their lines are printed with it).
  files.forEach((f, fi) => {
    const syms = f.structure?.symbols ?? [];
    for (const i of [...picked[fi]!]) for (let p = syms[i]!.parent; p >= 0; p = syms[p]!.parent) if (picked[fi]!.has(p)) picked[fi]!.delete(i);
  });
  return picked;
}

/** The identifiers a search's patterns spell out (see searchedNames). */
export interface SearchedNames {
  names: Set<string>;
  ignoreCase: boolean;
}

/**
 * The identifiers (3+ characters, a letter among them) the patterns spell literally: `fn\ should_warn`
 * names `should_warn`; a regex's escapes (`\w`, `\s`, `\b`) and operators only separate words.
 * A symbol with one of these names is a definition the agent searched for.
 */
export function searchedNames(patterns: readonly string[], regex: boolean, ignoreCase: boolean): SearchedNames {
  const names = new Set<string>();
  for (const p of patterns) {
    const text = regex ? p.replace(/\\[A-Za-z]/g, " ") : p;
    for (const w of text.split(/[^A-Za-z0-9_$]+/)) if (w.length >= 3 && /[A-Za-z]/.test(w)) names.add(ignoreCase ? w.toLowerCase() : w);
  }
  return { names, ignoreCase };
}

const namedBy = (name: string, n: SearchedNames) => n.names.has(n.ignoreCase ? name.toLowerCase() : name);
