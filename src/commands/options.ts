import { Command, Option } from "clipanion";
import * as t from "typanion";
import { statSync } from "node:fs";
import type { WalkOptions } from "../walk/types.ts";
import { printedPrefix } from "../walk/display.ts";
import { countOf, isCount, shownValue } from "./counts.ts";

/**
 * Every count option's validator (grep's -m/-A/-B/-C/--max-depth too): the rule of usage.ts
 * isCount, coerced to a number. typanion's isNumber refused 05 (rg takes it) and worded its
 * refusals in its own terms ("can't be safely represented by the runtime").
 */
export const isCountOption = t.makeValidator<unknown, number>({
  test: (value, state) => {
    if (typeof value === "number") return true;
    if (typeof value !== "string" || !isCount(value)) return t.pushError(state, `${shownValue(String(value))} (expected a whole number >= 0)`);
    state?.coercions?.push([state.p ?? ".", state.coercion!.bind(null, countOf(value))]);
    return true;
  },
});

const count = (flag: string, dflt: number, what: string) =>
  Option.String(flag, String(dflt), { description: `${what} (default ${dflt})`, validator: isCountOption });

/**
 * Options shared by several commands, declared once so flags, spellings and help text cannot
 * drift between commands. Clipanion needs each option as a direct class field, so commands
 * write `root = opt.root()` for every flag they support.
 */
export const opt = {
  // scope
  root: () => Option.String("--path", { description: "Search root (default: current directory); a file searches just that file" }),
  types: () => Option.Array("--type,-t", [], { description: "Only files of this rg type (rust, ts, py, ...; see grep --type-list); repeatable" }),
  typesNot: () => Option.Array("--type-not,-T", [], { description: "Exclude files of this rg type; repeatable" }),
  globs: () => Option.Array("--glob,-g", [], { description: "Include/exclude paths by rg-style glob (!glob excludes); repeatable" }),
  hidden: () => Option.Boolean("--hidden", false, { description: "Search hidden files and directories" }),
  noIgnore: () => Option.Boolean("--no-ignore", false, { description: "Ignore .gitignore/.ignore/.rgignore rules" }),
  follow: () => Option.Boolean("--follow,-L", false, { description: "Follow symbolic links" }),
  noFollow: () => Option.Boolean("--no-follow", false, { description: "Do not follow symbolic links (the default)" }),
  // output
  json: () => Option.Boolean("--json", false, { description: "JSON output (versioned schema)" }),
  pathsOnly: () => Option.Boolean("--paths-only", false, { description: "Print only file paths, one per line" }),
  noColor: () => Option.Boolean("--no-color", false, { description: "Accepted for compatibility; output is never colored" }),
  debugScore: () => Option.Boolean("--debug-score", false, { description: "Show every score component" }),
  contextJson: () => Option.String("--context-json", { description: "Harness context file: compress what the agent already knows" }),
  // budgets
  maxFiles: (dflt: number) => count("--max-files", dflt, "Show at most N files"),
  maxRegions: (dflt: number, what: string) => count("--max-regions", dflt, `Show at most N ${what}`),
  maxItems: () =>
    Option.String("--max-items", { description: "Show at most N symbols (default: all)", validator: isCountOption }),
};

/** The scope fields every searching command declares, turned into walk options. */
export interface ScopeFields {
  root?: string;
  types: string[];
  typesNot: string[];
  globs: string[];
  hidden: boolean;
  noIgnore: boolean;
  follow: boolean;
  noFollow: boolean;
}

/**
 * `roots`: grep's PATHs and --path values, in order. A root given on the command line is kept in
 * printed paths as rg prints it; with none, the cwd is searched and paths print relative to it.
 */
export function walkOptions(c: ScopeFields, roots: string[] = c.root !== undefined ? [c.root] : []): WalkOptions {
  return {
    root: roots[0] ?? ".",
    ...(roots.length > 1 ? { roots } : {}),
    rootsGiven: roots.length > 0,
    hidden: c.hidden,
    noIgnore: c.noIgnore,
    follow: c.follow && !c.noFollow,
    types: c.types,
    typesNot: c.typesNot,
    globs: c.globs,
  };
}

/**
 * What find and trace print before each root-relative path, as rg would: the --path directory
 * as given (`src/`, `./src/`, `/abs/`), nothing without --path or when it names a file (that
 * file's path is printed as given).
 */
export function rootPrefix(w: WalkOptions): string {
  if (!w.rootsGiven) return "";
  let dir = false;
  try {
    dir = statSync(w.root).isDirectory();
  } catch {
    dir = false; // the walk reports a missing root
  }
  return dir ? printedPrefix(w.root) : "";
}

/** `path`/`pathBytes` of a result, moved under the printed root prefix (hex of its bytes too). */
export function underPrefix(prefix: string, path: string, pathBytes?: string): { path: string; pathBytes?: string } {
  if (!prefix) return { path, pathBytes };
  return { path: prefix + path, pathBytes: pathBytes && Buffer.from(prefix).toString("hex") + pathBytes };
}

/**
 * The filter flags every searching command takes (grep, find, trace), declared once. Clipanion
 * reads options from instance fields, which a subclass inherits.
 */
export abstract class FilterCommand extends Command {
  types = opt.types();
  typesNot = opt.typesNot();
  globs = opt.globs();
  hidden = opt.hidden();
  noIgnore = opt.noIgnore();
  follow = opt.follow();
  noFollow = opt.noFollow();
}

/** FilterCommand with one --path root (find, trace). */
export abstract class ScopedCommand extends FilterCommand implements ScopeFields {
  root = opt.root();
}
