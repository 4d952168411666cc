/**
 * Structures already extracted in this process, for a long-lived front (the MCP server) where
 * an agent's calls keep landing on the same files: grep groups the files it shows by parsing
 * them (and reads match roles from their syntax trees), outline and trace parse what they show,
 * and a parse (about 10 MB/s) is most of a warm call's time. Off by default: a one-shot CLI call
 * parses each file once and pays nothing here.
 *
 * Keyed by content, never by path or mtime, so it cannot serve a stale structure: the language
 * and a hash of the text find the entry, and the stored text must equal the new one. Bounded by
 * the total length of the texts held; the least recently used entries go first, and a text over
 * a quarter of the bound is not kept. Cached structures are shared between calls: callers only
 * read them.
 *
 * Syntax trees (for callers that keep one, `keep`) live in the tree-sitter wasm heap, which
 * never shrinks: about 16 bytes per source character (measured: 30 trees of typing.py, 117k
 * characters each, RSS +54 MB), so fewer are held: texts of an eighth of the bound in all
 * (2 M characters, about 32 MB, by default: one dense grep's parse budget).
 * A caller gets a lease on a cached tree; a tree evicted while leased is freed at its last release.
 */
import type { FileStructure } from "./types.ts";

type Syntax = NonNullable<FileStructure["syntax"]>;

interface Held {
  root: Syntax["root"];
  free(): void;
  leases: number;
  evicted: boolean;
}

interface Entry {
  text: string;
  /** Without `syntax`: the tree, if held, is in `tree`. */
  structure: FileStructure;
  tree?: Held;
}

let limit = 0;
let used = 0;
let treeUsed = 0;
const entries = new Map<string, Entry>();

const treeLimit = () => limit / 8;

/** Turns the cache on, holding texts of at most `maxChars` characters in all (0 turns it off). */
export function enableStructureCache(maxChars: number): void {
  limit = maxChars;
  evict();
}

export function structureCacheStats(): { entries: number; chars: number; limit: number; trees: number; treeChars: number } {
  let trees = 0;
  for (const e of entries.values()) if (e.tree) trees++;
  return { entries: entries.size, chars: used, limit, trees, treeChars: treeUsed };
}

const keyOf = (language: string, text: string) => `${language}\0${text.length}\0${Bun.hash(text)}`;

/** The cached structure of `text`; with `keep`, only when its syntax tree is held too (leased). */
export function cachedStructure(language: string, text: string, keep = false): FileStructure | undefined {
  if (limit === 0) return undefined;
  const key = keyOf(language, text);
  const e = entries.get(key);
  if (!e || e.text !== text) return undefined;
  if (keep && !e.tree) return undefined; // the caller needs a tree: it parses, then remembers
  entries.delete(key); // re-insert: Map order is the recency order
  entries.set(key, e);
  return keep ? { ...e.structure, syntax: lease(e.tree!) } : e.structure;
}

/**
 * Keeps a fresh extraction and returns what its caller gets: `s` itself, or, when the cache
 * takes its syntax tree, a copy whose `syntax` is a lease (release() ends the lease; the cache
 * frees the tree when it is evicted and no lease is left).
 */
export function rememberStructure(language: string, text: string, s: FileStructure): FileStructure {
  if (limit === 0 || text.length > limit / 4) return s;
  const key = keyOf(language, text);
  const old = entries.get(key);
  if (old) {
    dropTree(old);
    used -= old.text.length;
    entries.delete(key);
  }
  const { syntax, ...plain } = s;
  const entry: Entry = { text, structure: plain };
  if (syntax && text.length <= treeLimit()) {
    entry.tree = { root: syntax.root, free: () => syntax.release(), leases: 0, evicted: false };
    treeUsed += text.length;
  }
  entries.set(key, entry);
  used += text.length;
  const held = entry.tree;
  const given = held ? { ...plain, syntax: lease(held) } : s;
  evict();
  return given;
}

function lease(h: Held): Syntax {
  h.leases++;
  let done = false;
  return {
    root: h.root,
    release: () => {
      if (done) return;
      done = true;
      if (--h.leases === 0 && h.evicted) h.free();
    },
  };
}

function dropTree(e: Entry): void {
  const h = e.tree;
  if (!h) return;
  e.tree = undefined;
  treeUsed -= e.text.length;
  h.evicted = true;
  if (h.leases === 0) h.free();
}

function evict(): void {
  for (const [key, e] of entries) {
    if (used <= limit) break;
    entries.delete(key);
    dropTree(e);
    used -= e.text.length;
  }
  for (const e of entries.values()) {
    if (treeUsed <= treeLimit()) break;
    dropTree(e);
  }
}
