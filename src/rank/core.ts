/**
 * Signal: the core before the periphery. For a topic, the file that implements a subsystem
 * defines the names its wrappers, decorators, debug variants, tests and callers use: they call
 * its functions, extend its classes, include its header. Among the leading candidates, a file
 * whose query-named definitions the others use (without defining them themselves) is the core
 * they depend on, and it moves up by how many of them do.
 *
 * The references are counted from the content scan's own record (ContentEvidence.names: the
 * identifiers of a file that say query words), so no file is read again. Only names written as
 * code count, identifiers of two words or more (`add_handler`, `BidirectionalBinding`,
 * `sax_parse`): a one-word name (`parser`, `callback`) is also an English word, and prose or a
 * local variable of that name is no reference.
 */
import { identifierWords } from "../query/identifiers.ts";
import type { TermHit } from "./find-query.ts";

/** The leading candidates among which references are counted (the files an agent would weigh). */
export const CORE_TOP = 40;
/** A core moves above a user of it that scores at most this many times its own score (1 / CORE_RATIO). */
export const CORE_RATIO = 0.5;

export interface CoreFile {
  /** Definitions found by the content scan whose names say query words. */
  defs: ReadonlyArray<{ name: string; terms: ReadonlyArray<TermHit> }>;
  /** Identifiers of the file that say query words (its uses). */
  names: ReadonlySet<string> | undefined;
}

/** A definition name that is written as code: two identifier words or more. */
export function codeName(name: string): boolean {
  return name.length >= 5 && identifierWords(name).length >= 2;
}

/**
 * For each file, the indices of the other files that use one of its query-named definitions
 * without defining that name themselves (a decorator redefining `beginTransaction` does not
 * make the decorated class its user, nor the reverse).
 */
export function referencedBy(files: ReadonlyArray<CoreFile>): number[][] {
  const definers = new Map<string, number[]>();
  files.forEach((f, i) => {
    for (const d of f.defs) {
      if (d.terms.length === 0 || !codeName(d.name)) continue;
      const l = definers.get(d.name);
      if (!l) definers.set(d.name, [i]);
      else if (l[l.length - 1] !== i) l.push(i);
    }
  });
  const by = files.map(() => new Set<number>());
  files.forEach((g, gi) => {
    if (!g.names) return;
    for (const name of g.names) {
      const ds = definers.get(name);
      if (!ds || ds.includes(gi)) continue;
      for (const fi of ds) by[fi]!.add(gi);
    }
  });
  return by.map((s) => [...s].sort((a, b) => a - b));
}

/**
 * Ranked files (best first) with each core moved just above its highest-ranked user among the
 * first CORE_TOP, when its score is at least CORE_RATIO of that user's (a wrapper or caller that
 * merely says the query's words more often; a distant core stays where it is). A pair that uses
 * each other's names says nothing of which is the core and is left alone. A moved file takes its
 * user's score, so scores still fall down the list. `fileOf` gives a ranked file's scan record.
 */
export function coreFirst<R extends { path: string; score: number }>(ranked: R[], fileOf: (r: R) => CoreFile | null): { ranked: R[]; moved: Map<R, R> } {
  const top = ranked.slice(0, CORE_TOP);
  const files = top.map((r) => fileOf(r) ?? { defs: [], names: undefined });
  const by = referencedBy(files).map((l) => new Set(l));
  const moved = new Map<R, R>();
  const key = top.map((_, i) => i);
  top.forEach((r, i) => {
    for (const u of [...by[i]!].sort((a, b) => a - b)) {
      if (u >= i) break;
      // The user is periphery: no other leading file uses its names (a wrapper, a test, a caller).
      // A file others build on in turn (the parser over the lexer it calls) is not passed by its callee.
      if (by[u]!.size > 0) continue;
      if (r.score < CORE_RATIO * top[u]!.score) continue;
      key[i] = key[u]! - 0.5;
      moved.set(r, top[u]!);
      break;
    }
  });
  if (moved.size === 0) return { ranked, moved };
  const order = top.map((_, i) => i).sort((a, b) => key[a]! - key[b]! || a - b);
  const head = order.map((i) => top[i]!);
  for (let i = head.length - 2; i >= 0; i--) if (head[i]!.score < head[i + 1]!.score) head[i]!.score = head[i + 1]!.score;
  if (process.env.AGENTGREP_CORE_DEBUG) for (const [r, u] of moved) console.error("core", r.path, "above", u.path);
  return { ranked: [...head, ...ranked.slice(CORE_TOP)], moved };
}
