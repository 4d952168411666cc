/**
 * One-line notes for -g globs that did not do what they were most likely typed for (issue 20),
 * keeping rg's meaning of every glob:
 * - a negated glob with a slash is anchored at the current directory (`!testsuite/**` is
 *   `./testsuite/**`), so where files under such a directory deeper down are in the result, the
 *   note names them and gives the form that works at any depth (`!**\/testsuite/**`);
 * - a positive glob that matches no file of the tree at all gets the "did you mean" a mistyped path
 *   gets (its directory part, else its extension, against what the tree has).
 * The first is read off the result; the second runs only when the search found nothing at all,
 * over the paths the search's walk saw (one more walk when the caller did not keep them).
 */
import { existsSync } from "node:fs";
import { walk, printedPath, type FileEntry, type WalkOptions } from "./index.ts";
import { compileGlobs } from "./gitignore.ts";
import { toBytes } from "./glob.ts";
import { nearPaths } from "./near.ts";
import { currentDir } from "../util/cwd.ts";
import { editDistance, singleQuoted } from "../util/text.ts";

const WILD = /[*?[{\\]/;

/**
 * The path a -g glob sees for a printed path: relative to the current directory, as rg (no `./`;
 * an absolute path under the cwd made relative).
 */
function globPath(printed: string, cwd: string | undefined): string {
  let p = printed;
  if (p.startsWith("/") && cwd !== undefined && p.startsWith(cwd + "/")) p = p.slice(cwd.length + 1);
  while (p.startsWith("./")) p = p.slice(2);
  return p;
}

/** A negated glob anchored by a slash (not a trailing one), written without a leading `**\/` or `/`. */
function anchoredBody(glob: string): string | undefined {
  if (!glob.startsWith("!")) return undefined;
  const body = glob.slice(1);
  const inner = body.replace(/\/+$/, "");
  if (!inner.includes("/") || body.startsWith("/") || body.startsWith("**/")) return undefined;
  return body;
}

/** The literal leading directories of a glob (`src/compnents/**\/*.ts` -> `src/compnents`), "" if none. */
function literalDirs(glob: string): string {
  const parts = glob.split("/");
  const dirs: string[] = [];
  for (const p of parts.slice(0, -1)) {
    if (p === "" || WILD.test(p)) break;
    dirs.push(p);
  }
  return dirs.join("/");
}

/** The extension of a glob's last part when it is `*.EXT` (`**\/*.tsx` -> `tsx`). */
const extOf = (glob: string) => /(?:^|\/)\*\.([A-Za-z0-9_+-]+)$/.exec(glob)?.[1];

/**
 * The tree's extension closest to `ext`, if any: one a prefix of the other (`cc`/`c`, `ts`/`tsx`),
 * else one edit for three letters or more, two for five or more (`h` is no typo of `c`).
 */
function nearExt(ext: string, seen: Set<string>): string | undefined {
  const reach = ext.length >= 5 ? 2 : ext.length >= 3 ? 1 : 0;
  let best: string | undefined;
  let bestD = Infinity;
  for (const e of [...seen].sort()) {
    // One extension a prefix of the other is a near miss (`js`/`jsx`, `h`/`hpp`) when it is short
    // of at most two letters: `h` for `hcom` (a trial's suggestion for -g '*.h') is another type.
    const prefix = (e.startsWith(ext) || ext.startsWith(e)) && Math.abs(e.length - ext.length) <= 2;
    const d = prefix ? 0.5 : editDistance(ext, e);
    if (d <= Math.max(reach, 0.5) && d < bestD) (best = e), (bestD = d);
  }
  return best;
}

/**
 * What a search's walk saw of the tree, when the caller kept it: every file it walked (passing
 * the filters) and every entry it left out (walk's onSkip). With it, the check of a glob that
 * matched nothing takes the tree's paths from there instead of walking again.
 */
export interface WalkedTree {
  files: readonly FileEntry[];
  skips: ReadonlyArray<{ why: "ignored" | "hidden" | "filtered"; open: string | Buffer; isDir: boolean }>;
}

/**
 * Notes for `opts.globs` after a search over `opts` whose result is `found` (the files printed or
 * counted). Each is one line, `note: ...`, for stderr: they never change what a command prints on
 * stdout. An anchored negated glob is judged on the result itself (no extra walk): the files in it
 * that the glob would have excluded at any depth. A positive glob is checked only when nothing was
 * found, over `tree` (the search's own walk) when given, else with one more walk.
 */
export function globNotes(opts: WalkOptions, found: readonly FileEntry[], tree?: WalkedTree): string[] {
  const cwd = currentDir();
  const notes: string[] = [];
  for (const g of opts.globs) {
    const body = anchoredBody(g);
    if (body === undefined) continue;
    // A literal top directory that exists here is what the glob was for: nothing to say.
    const top = body.split("/")[0]!;
    if (!WILD.test(top) && existsSync(top)) continue;
    const here = compileGlobs([body]);
    const deeper = compileGlobs(["**/" + body]);
    const missed = found.map((f) => globPath(printedPath(f), cwd)).filter((p) => here.matchIdxFull(toBytes(p), false) < 0 && deeper.matchIdxFull(toBytes(p), false) >= 0);
    if (missed.length === 0) continue;
    const more = missed.length > 1 ? ` and ${missed.length - 1} more` : "";
    notes.push(
      `note: -g ${singleQuoted(g)} did not exclude ${missed[0]}${more}: a glob with a slash is anchored at the current directory (as in rg); ` +
        `to exclude ${top}/ at any depth: -g ${singleQuoted(`!**/${body}`)}`,
    );
  }
  if (found.length === 0) notes.push(...unmatchedGlobs(opts, cwd, tree));
  return notes;
}

/**
 * The paths (as a glob sees them) of every file a walk without --type/--glob would reach, from a
 * search's own walk: the files it walked and the files the filters left out. undefined when that
 * cannot tell: a directory left out by a filter (its files were never listed) or a raw name.
 */
function treePaths(tree: WalkedTree, cwd: string | undefined): string[] | undefined {
  const out = tree.files.map((f) => globPath(printedPath(f), cwd));
  for (const s of tree.skips) {
    if (s.why !== "filtered") continue; // hidden or ignored: the note's walk leaves them out too
    if (s.isDir || typeof s.open !== "string") return undefined;
    out.push(globPath(s.open, cwd));
  }
  return out;
}

/** "matches no file here", with a "did you mean", for each positive glob no file of the tree matches. */
function unmatchedGlobs(opts: WalkOptions, cwd: string | undefined, tree?: WalkedTree): string[] {
  const checks = opts.globs.filter((g) => !g.startsWith("!")).map((g) => ({ g, m: compileGlobs([g], opts.globCaseInsensitive === true), hit: false }));
  if (checks.length === 0) return [];
  const exts = new Set<string>();
  const see = (path: string) => {
    const rel = toBytes(path);
    const dot = rel.lastIndexOf(".");
    if (dot > rel.lastIndexOf("/") + 1) exts.add(rel.slice(dot + 1));
    for (const c of checks) if (!c.hit && c.m.matchIdxFull(rel, false) >= 0) c.hit = true;
  };
  // The search's own walk when it was kept (no second walk: 0.28 s on the Linux tree), else a walk.
  const known = tree && treePaths(tree, cwd);
  if (known) for (const p of known) see(p);
  else walk({ ...opts, globs: [], iglobs: [], types: [], typesNot: [] }, (f) => see(globPath(printedPath(f), cwd)));
  const notes: string[] = [];
  for (const c of checks) {
    if (c.hit) continue;
    let better: string | undefined;
    const dirs = literalDirs(c.g);
    if (dirs && !existsSync(dirs)) {
      const near = nearPaths(dirs, 1)[0];
      if (near !== undefined) better = near + c.g.slice(dirs.length);
    }
    const ext = better === undefined ? extOf(c.g) : undefined;
    if (ext !== undefined && !exts.has(ext)) {
      const e = nearExt(ext, exts);
      if (e !== undefined) better = c.g.slice(0, c.g.length - ext.length) + e;
    }
    notes.push(`note: -g ${singleQuoted(c.g)} matches no file here${better !== undefined ? `; did you mean: -g ${singleQuoted(better)}` : ""}`);
  }
  return notes;
}
