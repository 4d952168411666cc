/**
 * Parse limits: how much of one file the structure layer reads, so that no file (a minified
 * bundle, one-line JSON, a generated header) costs more than about a second, whatever its size.
 *
 * tree-sitter's cost follows the syntax nodes it builds (about one per token) plus a small cost
 * per byte, and symbol extraction follows the nodes too. Measured on this machine (idle, the
 * compiled binary): a 1 MB minified bundle (530k tokens, 741k nodes) took 0.75 s to parse and
 * 0.7 s to extract, 200 MB; an 8.7 MB generated C header (316k tokens) 1.25 s to parse. So a
 * tree-sitter parse stops at TREE_LIMIT tokens or characters, whichever comes first; ordinary
 * source (about 0.2 tokens per byte) gets most of a megabyte under it, a dense bundle 400 KB. The line scanners
 * (Markdown, JSON, YAML, TOML keys) cost a few ns per character and only stop at SCAN_LIMIT.
 * Past a limit the symbols of the text before it are returned with a `cut` saying where the
 * parse stopped; the text after it is never read by the extractor.
 */
import { thousands } from "../util/text.ts";

export interface Limit {
  /** UTF-16 units of text (bytes, for ASCII). */
  chars: number;
  /** Estimated tokens (see parseCut); undefined: not limited by tokens. */
  tokens?: number;
}

export const TREE_LIMIT: Limit = { chars: 4 << 20, tokens: 200_000 };
export const SCAN_LIMIT: Limit = { chars: 16 << 20 };

/** Human form of a limit, for notes. */
export function limitText(l: Limit): string {
  const chars = `${l.chars >> 20} MiB of text`;
  return l.tokens ? `${thousands(l.tokens)} tokens or ${chars}` : chars;
}

const isWord = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c >= 128;
const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 11;

/**
 * Where the parsed text must end (a UTF-16 index; text.length when all of it fits). A run of word
 * characters counts as one token and any other non-space character as one: an over-estimate of
 * tree-sitter's nodes (a string or comment is one node), so a cut comes early rather than late.
 * The cut falls after the last line end in the second half of the allowed text, so that parsed
 * lines are whole; a file with no such line end (one minified line) is cut between two tokens.
 */
export function parseCut(text: string, limit: Limit): number {
  let end = Math.min(text.length, limit.chars);
  if (limit.tokens !== undefined && end > limit.tokens) {
    // Cheap to skip: a text has no more tokens than characters.
    let n = 0;
    let inWord = false;
    for (let i = 0; i < end; i++) {
      const c = text.charCodeAt(i);
      if (isWord(c)) {
        if (inWord) continue;
        inWord = true;
      } else {
        inWord = false;
        if (isSpace(c)) continue;
      }
      if (++n > limit.tokens) {
        end = i; // before the token that goes over
        break;
      }
    }
  }
  if (end >= text.length) return text.length;
  const nl = text.lastIndexOf("\n", end - 1);
  if (nl >= end / 2) return nl + 1;
  // Mid-line: never split a surrogate pair or a word (a chars cut can fall inside one).
  while (end > 0 && isWord(text.charCodeAt(end - 1)) && isWord(text.charCodeAt(end))) end--;
  return end > 0 ? end : Math.min(text.length, limit.chars);
}

/** Lines of a text as splitLines counts them, without splitting it. */
export function countLines(text: string): number {
  if (text === "") return 0;
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return text.charCodeAt(text.length - 1) === 10 ? n : n + 1;
}
