/**
 * Signal: the core before its users. Among the leading candidates for a topic, the file that
 * defines the query-word names the other candidates use (call, extend, wrap, include) is the
 * subsystem's core; a wrapper, a debug or traceable variant, a decorator, a test or a caller uses
 * those names and defines few that the others use. Counted from the content scan that already ran
 * (each read file's definitions and the identifiers holding query words it says): no extra pass.
 *
 * Only the leading candidates vote (CORE_VOTERS by first-pass score), so a name every file of a big
 * tree says (a common type) does not lift its definer above the topic; a name defined in several
 * of them counts for none (an overridden method is not one file's to own).
 */
import type { RankedFile } from "./types.ts";
import { cmp, round } from "./util.ts";

/** Candidates (by first-pass score) whose uses are counted, and that may gain. */
export const CORE_VOTERS = 12;
/** The gain at full strength (uses saturating, each weighted by its name's query share): a share of the leader's first-pass score. */
export const CORE_WEIGHT = 0.6;

export interface CoreInput {
  path: string;
  score: number;
  /** Names defined here that hold query words, each with the share of the query's rarity it says (0..1). */
  defs: Array<{ name: string; weight: number }>;
  /** Identifiers holding query words said here (definitions included). */
  idents: string[];
}

/**
 * Per input (best first), how much the other leading candidates use the names it alone defines:
 * per user, the query share of the most telling name it uses (a class named after one query word
 * says less than a function named after all of them), times the user's score over the leader's (a
 * strong candidate's use says more).
 */
export function coreUses(ranked: CoreInput[]): number[] {
  const top = ranked.slice(0, CORE_VOTERS);
  const definers = new Map<string, { at: Set<number>; weight: number }>();
  top.forEach((f, i) => {
    for (const d of f.defs) {
      let e = definers.get(d.name);
      if (!e) definers.set(d.name, (e = { at: new Set(), weight: 0 }));
      e.at.add(i);
      e.weight = Math.max(e.weight, d.weight);
    }
  });
  const lead = top[0]?.score || 1;
  const uses = new Array(ranked.length).fill(0);
  top.forEach((g, j) => {
    const own = new Set(g.defs.map((d) => d.name));
    const credit = new Map<number, number>();
    for (const id of g.idents) {
      const e = definers.get(id);
      if (own.has(id) || !e || e.at.size !== 1) continue;
      const [i] = e.at;
      if (i !== j) credit.set(i!, Math.max(credit.get(i!) ?? 0, e.weight));
    }
    for (const [i, w] of credit) uses[i] += (w * g.score) / lead;
  });
  return uses;
}

/**
 * The files re-scored with the core gain (CORE_WEIGHT × the leader's score × saturating uses),
 * best first again (ties by path).
 */
export function coreGain(uses: number[], lead: number): number[] {
  return uses.map((u) => CORE_WEIGHT * lead * (u / (u + 1)));
}

export function applyCore<T extends RankedFile>(ranked: T[], inputs: CoreInput[]): T[] {
  if (ranked.length < 2) return ranked;
  const uses = coreUses(inputs);
  const gain = coreGain(uses, ranked[0]!.score);
  ranked.forEach((r, i) => {
    if (gain[i]! > 0) {
      r.score = round(r.score + gain[i]!);
      r.components.core = round(gain[i]!);
    }
  });
  return ranked.slice().sort((a, b) => b.score - a.score || cmp(a.path, b.path));
}
