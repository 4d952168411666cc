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

/** The leading candidates among which users are counted (the files an agent would weigh). */
export const CORE_TOP = 40;
/** A core moves above a user of it that scores at most this many times its own score (1 / CORE_RATIO). */
export const CORE_RATIO = 0.5;
/**
 * A user is one whose query-named identifiers are at least this share the core's names: a
 * wrapper or caller that says the topic through the core's functions, not a file that happens
 * to call one of them among many words of its own.
 */
export const CORE_SHARE = 0.25;

export interface CoreFile {
  /** Definitions found by the content scan whose names say query words. */
  defs: ReadonlyArray<{ name: string; terms: ReadonlyArray<TermHit> }>;
  /** Identifiers of the file that say query words (its uses). */
  names: ReadonlySet<string> | undefined;
  /** An implementation file (only such a file moves up as a core). */
  implementation: boolean;
}

/** A definition name that is written as code: two identifier words or more. */
export function codeName(name: string): boolean {
  return name.length >= 5 && identifierWords(name).length >= 2;
}

/**
 * For each of the first `top` files, its users among them: user index -> the share of the user's
 * query-named identifiers that this file defines. Only a name exactly one file of `files`
 * defines counts (a visitor method every rule file defines, a local helper name repeated in many
 * files, a decorator redefining `beginTransaction`: none names one file).
 */
export function usersOf(files: ReadonlyArray<CoreFile>, top = CORE_TOP): Array<Map<number, number>> {
  const definer = new Map<string, number>();
  files.forEach((f, i) => {
    for (const d of f.defs) {
      if (d.terms.length === 0 || !codeName(d.name)) continue;
      const at = definer.get(d.name);
      if (at === undefined) definer.set(d.name, i);
      else if (at !== i) definer.set(d.name, -1);
    }
  });
  const n = Math.min(top, files.length);
  const users = Array.from({ length: n }, () => new Map<number, number>());
  for (let gi = 0; gi < n; gi++) {
    const names = files[gi]!.names;
    if (!names || names.size === 0) continue;
    const count = new Map<number, number>();
    for (const name of names) {
      const fi = definer.get(name);
      if (fi === undefined || fi < 0 || fi === gi || fi >= n) continue;
      count.set(fi, (count.get(fi) ?? 0) + 1);
    }
    for (const [fi, c] of count) users[fi]!.set(gi, c / names.size);
  }
  return users;
}

/**
 * Ranked files (best first) with each core moved just above its highest-ranked user among the
 * first CORE_TOP, when its score is at least CORE_RATIO of that user's (a wrapper or caller that
 * merely says the query's words more often; a distant core stays where it is). The user must be
 * periphery: nobody among the leading files uses its names, and it does not define names the
 * core uses (a pair using each other's names says nothing of which is the core). A moved file
 * takes its user's score, so scores still fall down the list. `fileOf` gives a ranked file's
 * scan record (null when unread).
 */
export function coreFirst<R extends { path: string; score: number }>(ranked: R[], fileOf: (r: R) => CoreFile | null): { ranked: R[]; moved: Map<R, R> } {
  const none: CoreFile = { defs: [], names: undefined, implementation: false };
  const files = ranked.map((r) => fileOf(r) ?? none);
  const users = usersOf(files, CORE_TOP);
  const top = ranked.slice(0, users.length);
  const moved = new Map<R, R>();
  const key = top.map((_, i) => i);
  top.forEach((r, i) => {
    if (!files[i]!.implementation) return;
    for (const [u, share] of [...users[i]!].sort((a, b) => a[0] - b[0])) {
      if (u >= i) break;
      if (share < CORE_SHARE || users[u]!.size > 0 || users[u]!.has(i)) continue;
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
  return { ranked: [...head, ...ranked.slice(top.length)], moved };
}
