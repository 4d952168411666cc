/**
 * Signal: names learned from the tree. A comment block that says most of the query (by rarity,
 * at least three of its words) documents the definition below it, so that definition's name
 * words, when they are not query words, stand for the query's topic: `class Cardinality` under
 * "how many times a mock function is expected to be called" makes gmock-cardinalities.h a
 * candidate though its name says none of the query.
 */
import type { FileEntry } from "../walk/types.ts";
import { identifierWords, isStopWord } from "../query/identifiers.ts";
import { idf as idfOf } from "./bm25.ts";
import type { ContentEvidence } from "./content.ts";
import { GENERIC_STEMS } from "./path.ts";
import { cmp, maskRarity, nameWords, sameWord } from "./util.ts";

/** A learned word in a file name weighs like a synonym there (SYNONYM_QUALITY of a name hit, times 2). */
export const LEARNED_WEIGHT = 1;
/** A comment saying this share of the query (by rarity) teaches the name it documents. */
export const LEARN_MIN_SHARE = 0.6;
/** At most this many learned words per query, each naming at most LEARNED_MAX_FILES files: a word in more names (device, file, config) names no one topic. */
export const LEARN_MAX_WORDS = 3;
const LEARNED_MAX_FILES = 16;
/** Files named with a learned word that were not read: read up to this many / bytes. */
export const LEARNED_READ_FILES = 24;
export const LEARNED_READ_BYTES = 4 * 1024 * 1024;
/** Words of definition names too generic to stand for a topic. */
const GENERIC_NAME_WORDS = new Set("abstract base basic default impl helper helpers util utils internal common core main handle handler value values data info type types object item items instance manager factory builder create make build init self this that with from into then when each some none null true false test tests spec boolean bool double float integer string long short char byte number array list".split(" "));

export interface LearnedName {
  word: string;
  /** Share of the query's rarity the teaching comment says (LEARN_MIN_SHARE..1). */
  weight: number;
  /** The documented definition and where. */
  def: string;
  path: string;
  line: number;
  terms: number[];
  /** Files whose name holds the word. */
  files: number;
  /** Sum of the shares over the distinct definitions teaching the word (ranks the words). */
  support: number;
  defs: Set<string>;
  /** A type's comment teaches it. */
  typed: boolean;
}

/** The learned words a file's name holds. */
export function learnedHits(display: string, learned: LearnedName[]): LearnedName[] {
  if (learned.length === 0) return learned;
  const ws = nameWords(display);
  return learned.filter((l) => ws.some((w) => sameWord(w, l.word)));
}

/**
 * Synonyms learned from the tree: a comment block that says most of the query (by rarity, at
 * least three of its words, or both of two) documents the definition below it, so that
 * definition's name words, when they are not query words, stand for the query's topic. Ordered
 * by the share of the query said, then by word; at most LEARN_MAX_WORDS.
 */
export function learnNames(cands: Array<{ info: { entry: FileEntry }; ev: ContentEvidence | null }>, tidf: number[], isQueryWord: (w: string) => boolean): LearnedName[] {
  const nT = tidf.length;
  if (nT < 3) return [];
  const idfSum = tidf.reduce((a, b) => a + b, 0) || 1;
  const need = 3;
  const best = new Map<string, LearnedName>();
  for (const c of cands) {
    if (!c.ev) continue;
    for (const d of c.ev.docs) {
      const { k, sum, terms } = maskRarity(d.mask, tidf);
      if (k < need || sum < LEARN_MIN_SHARE * idfSum) continue;
      const weight = Math.round((sum / idfSum) * 1000) / 1000;
      for (const w of identifierWords(d.name)) {
        if (w.length < 4 || isStopWord(w) || GENERIC_NAME_WORDS.has(w) || GENERIC_STEMS.has(w) || isQueryWord(w)) continue;
        const old = best.get(w);
        const path = c.info.entry.display;
        // Support: the sum of shares over the distinct definitions teaching the word (select in
        // select, selectBoolean, selectDouble... outweighs boolean from one of them).
        const sup = (old?.support ?? 0) + (old?.defs.has(d.name) ? 0 : weight);
        if (!old || weight > old.weight || (weight === old.weight && (path < old.path || (path === old.path && d.line < old.line)))) {
          best.set(w, { word: w, weight, def: d.name, path, line: d.line, terms, files: 0, support: sup, defs: (old?.defs ?? new Set()).add(d.name), typed: d.isType || (old?.typed ?? false) });
        } else {
          old.support = sup;
          old.defs.add(d.name);
          if (d.isType) old.typed = true;
        }
      }
    }
  }
  // A word names the topic when a type is documented so (class Cardinality), or when several
  // definitions are (select, selectBoolean...): one helper function's name is an implementation detail.
  return [...best.values()].filter((l) => l.typed || l.defs.size >= 2).sort((a, b) => b.support - a.support || b.weight - a.weight || cmp(a.word, b.word));
}

/**
 * Of the learned words (best first), those the teaching comments agree on (at least half the best
 * word's support) that name between 1 and LEARNED_MAX_FILES files, at most LEARN_MAX_WORDS; each
 * with its file count. `named`: per kept word, the indexes of the files it names.
 */
export function keepLearned(learned: LearnedName[], files: FileEntry[]): { kept: LearnedName[]; named: number[][] } {
  if (learned.length === 0) return { kept: [], named: [] };
  const named = learned.map(() => [] as number[]);
  // Same stem shares the first three letters: a cheap test before splitting a name.
  const lprobe = new RegExp(learned.map((l) => l.word.slice(0, 3)).join("|"), "i");
  for (let i = 0; i < files.length; i++) {
    const d = files[i]!.display;
    if (!lprobe.test(d.slice(d.lastIndexOf("/") + 1))) continue;
    const ws = nameWords(d);
    learned.forEach((l, k) => { if (ws.some((w) => sameWord(w, l.word))) named[k]!.push(i); });
  }
  learned.forEach((l, k) => (l.files = named[k]!.length));
  const top = learned[0]!.support;
  const keep = learned.map((l, k) => k).filter((k) => learned[k]!.support >= 0.5 * top && learned[k]!.files > 0 && learned[k]!.files <= LEARNED_MAX_FILES).slice(0, LEARN_MAX_WORDS);
  return { kept: keep.map((k) => learned[k]!), named: keep.map((k) => named[k]!) };
}

/** The learned-names score of a file whose name holds `hits` (N: files walked). */
export function learnedSignal(hits: LearnedName[], N: number): number {
  let s = 0;
  for (const l of hits) s += LEARNED_WEIGHT * l.weight * idfOf(N, l.files);
  return s;
}
