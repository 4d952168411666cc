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
import { singleQuoted } from "../util/text.ts";

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

/**
 * The words the watch looks for: the pattern's longest (none when it has fewer than 4 letters),
 * and for each near-identifier core (see diagnose) that lacks it, the core's longest word of 5
 * letters or more: then an empty result finds its near names among the flagged files, with no
 * second pass over the tree (`zzqq_nomatch` flags files holding `nomatch` too). A core of
 * 4-letter words only is watched apart (nearWatchedWords).
 */
export function watchedWords(m: MatchOptions): string[] | undefined {
  const words = patternWords(m);
  const w = words && longest(words);
  if (!w || !needlesOf(w)) return undefined;
  const out = [w];
  if (!IDENT.test(m.pattern)) return out;
  for (const core of nearCores(identifierWords(m.pattern))) {
    if (core.some((c) => out.includes(c))) continue;
    const cw = longest(core);
    if (cw.length >= 5) out.push(cw);
  }
  return out;
}

/**
 * The near-identifier cores (see watchedWords) of 4-letter words only, one word each (the first
 * longest: `ksys_sync_helperx`'s core ksys+sync gives `ksys`). Such a word (`user`, `sync`) can be
 * in a good part of a tree, so its flags have a room of their own (search/watch.ts): they never
 * crowd out the flags the other relaxations read, and when they overflow it the near names are
 * looked for with a pass of their own, as without them.
 */
export function nearWatchedWords(m: MatchOptions): string[] {
  const main = watchedWords(m);
  if (!main || !IDENT.test(m.pattern)) return [];
  const out: string[] = [];
  for (const core of nearCores(identifierWords(m.pattern))) {
    if (core.some((c) => main.includes(c) || out.includes(c))) continue;
    const cw = longest(core);
    if (cw.length === 4) out.push(cw);
  }
  return out;
}

/**
 * The near flags' room (WatchSpec.nearBytes): the bytes the near-identifier pass reads at most
 * (diagnose's NEAR_BUDGET), so that what it reads from the flags is what a pass of its own reads.
 */
export const NEAR_FLAG_BYTES = 16 << 20;

/** Needles for the near words of nearWatchedWords (three forms each). */
export function nearNeedles(m: MatchOptions): string[] | undefined {
  const ws = nearWatchedWords(m);
  return ws.length ? [...new Set(ws.flatMap((w) => needlesOf(w)!))] : undefined;
}

/** A pattern the near-identifier pass looks at (diagnose's nearIdentifiers). */
export const IDENT = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/**
 * Needles for grep's diagnosis watch (two per watched word, so a search with a match pays two
 * memmem per file and word until its first match, one of them saved when the word is inside a
 * literal query: search/watch.ts), or undefined when the pattern has no word to watch for.
 */
export function diagnosisNeedles(m: MatchOptions): string[] | undefined {
  const ws = watchedWords(m);
  return ws ? [...new Set(ws.flatMap((w) => needlesOf(w)!))] : undefined;
}

const NAMED_UNSEEN = 10;

/**
 * The one line for a search where some -e patterns matched and others did not:
 * `note: no line matched -e 'foo_bar', -e 'baz' (the other 2 patterns matched)`; a `note:` line,
 * as the glob notes, so that on stderr beside -l/-c it reads as one.
 */
export function unmatchedPatternsText(patterns: string[], unseen: number[], regex = false): string | undefined {
  if (unseen.length === 0 || unseen.length === patterns.length) return undefined;
  // At most NAMED_UNSEEN named: 10,000 -e patterns must not make a 130 KB note line.
  const names = unseen.slice(0, NAMED_UNSEEN).map((k) => `-e ${singleQuoted(patterns[k]!)}`);
  const more = unseen.length - names.length;
  if (more > 0) names.push(`and ${more} more (check one with: agentgrep grep -c -e PATTERN)`);
  // A backslash in a literal is most often a regex escape typed for rg's regex default: say the
  // patterns are literal, as the single-pattern diagnosis does (no count: the note stays free).
  const escaped = !regex && unseen.some((k) => /\\./.test(patterns[k]!));
  const hint = escaped ? "; patterns are literal: drop the backslashes, or add --regex" : "";
  return `note: no line matched ${names.join(", ")} (the other ${patterns.length - unseen.length === 1 ? "pattern" : `${patterns.length - unseen.length} patterns`} matched${hint})`;
}
