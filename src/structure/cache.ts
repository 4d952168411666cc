/**
 * Structures already extracted in this process, for a long-lived front (the MCP server) where
 * an agent's calls keep landing on the same files: grep groups the files it shows by parsing
 * them, outline and trace parse what they show, and a parse (about 10 MB/s) is most of a warm
 * call's time. Off by default: a one-shot CLI call parses each file once and pays nothing here.
 *
 * Keyed by content, never by path or mtime, so it cannot serve a stale structure: the language
 * and a hash of the text find the entry, and the stored text must equal the new one. Bounded by
 * the total length of the texts held (their structures are smaller); the least recently used
 * entries go first. Cached structures are shared between calls: callers only read them.
 */
import type { FileStructure } from "./types.ts";

interface Entry {
  text: string;
  structure: FileStructure;
}

let limit = 0;
let used = 0;
const entries = new Map<string, Entry>();

/** Turns the cache on, holding texts of at most `maxChars` characters in all (0 turns it off). */
export function enableStructureCache(maxChars: number): void {
  limit = maxChars;
  evict();
}

export function structureCacheStats(): { entries: number; chars: number; limit: number } {
  return { entries: entries.size, chars: used, limit };
}

const keyOf = (language: string, text: string) => `${language}\0${text.length}\0${Bun.hash(text)}`;

export function cachedStructure(language: string, text: string): FileStructure | undefined {
  if (limit === 0) return undefined;
  const key = keyOf(language, text);
  const e = entries.get(key);
  if (!e || e.text !== text) return undefined;
  entries.delete(key); // re-insert: Map order is the recency order
  entries.set(key, e);
  return e.structure;
}

export function rememberStructure(language: string, text: string, structure: FileStructure): void {
  if (limit === 0 || text.length > limit / 4) return; // one huge file must not flush everything else
  const key = keyOf(language, text);
  const old = entries.get(key);
  if (old) used -= old.text.length;
  entries.delete(key);
  entries.set(key, { text, structure: Object.freeze(structure) });
  used += text.length;
  evict();
}

function evict(): void {
  for (const [key, e] of entries) {
    if (used <= limit) break;
    entries.delete(key);
    used -= e.text.length;
  }
}
