/**
 * What grep's search watches for while it reads the tree, so that an empty result is diagnosed
 * from the files it flagged instead of a second pass over the tree (see search/watch.ts).
 *
 * A file can hold a relaxation's match (another case, an identifier form, the regex or literal
 * reading, the literal without backslashes, a near identifier) only if it holds one of the
 * pattern's words in some case. Each form a word is written in (snake, camel, Pascal, kebab,
 * SCREAMING) holds it lower-case, capitalized or upper-case, so its tail (all but the first
 * letter) lower-cased or upper-cased is in every one of them: two memmem needles per word
 * instead of a case-insensitive pass. Mixed-case spellings (`pAgE`) are not looked for.
 */
import type { MatchOptions } from "../match/types.ts";
import { identifierWords } from "../query/identifiers.ts";

const longest = (ws: string[]) => ws.reduce((a, b) => (b.length > a.length ? b : a), "");

/**
 * Needles of 4 bytes or more (a 3-byte one such as `sys` is in nearly every file of a tree, which
 * would flag them all): a word's tail when it has 5 letters or more, else its three forms.
 */
function needlesOf(w: string): string[] | undefined {
  if (w.length >= 5) return [w.slice(1), w.slice(1).toUpperCase()];
  if (w.length === 4) return [w, w[0]!.toUpperCase() + w.slice(1), w.toUpperCase()];
  return undefined;
}

/** The words the diagnosis may look for, with its near-identifier cores (see diagnose). */
export function patternWords(m: MatchOptions): string[] | undefined {
  let text = m.pattern;
  if (m.regex) {
    text = text.replace(/\\./g, " ");
    // A repetition, a class or an alternation may drop or change a word: no needles.
    if (/[|?*{}[\]]/.test(text)) return undefined;
  }
  const words = identifierWords(text);
  return words.length ? words : undefined;
}

/** The near-identifier cores of an identifier's words (all but the first, all but the last). */
export function nearCores(words: string[]): string[][] {
  if (words.length < 2) return [];
  return [words.slice(1), words.slice(0, -1)].filter((c) => c.length >= 2 || c[0]!.length >= 6);
}

/** The word the watch looks for: the pattern's longest (undefined: none of 4 letters or more). */
export function watchedWord(m: MatchOptions): string | undefined {
  const words = patternWords(m);
  const w = words && longest(words);
  return w && needlesOf(w) ? w : undefined;
}

/**
 * Needles for grep's diagnosis watch (one word's, so a search with a match pays two memmem per
 * file until its first match), or undefined when the pattern has no word to watch for.
 */
export function diagnosisNeedles(m: MatchOptions): string[] | undefined {
  const w = watchedWord(m);
  return w ? needlesOf(w) : undefined;
}

const NAMED_UNSEEN = 10;

/**
 * The one line for a search where some -e patterns matched and others did not:
 * `note: no line matched -e 'foo_bar', -e 'baz' (the other 2 patterns matched)`; a `note:` line,
 * as the glob notes, so that on stderr beside -l/-c it reads as one.
 */
export function unmatchedPatternsText(patterns: string[], unseen: number[]): string | undefined {
  if (unseen.length === 0 || unseen.length === patterns.length) return undefined;
  // At most NAMED_UNSEEN named: 10,000 -e patterns must not make a 130 KB note line.
  const names = unseen.slice(0, NAMED_UNSEEN).map((k) => `-e '${patterns[k]!.replace(/'/g, "'\\''")}'`);
  const more = unseen.length - names.length;
  if (more > 0) names.push(`and ${more} more (check one with: agentgrep grep -c -e PATTERN)`);
  return `note: no line matched ${names.join(", ")} (the other ${patterns.length - unseen.length === 1 ? "pattern" : `${patterns.length - unseen.length} patterns`} matched)`;
}
