/**
 * Signal: the path. Query words in a file's name (weight 1, doubled in the score), its parent
 * directory (0.5) and the directories above (0.35); a name made only of query words is named
 * after the topic; an extension that is not a language's (.tbl) says what the file holds. No
 * I/O: every file of the walk is scored here, and only files with a hit get a record.
 */
import type { FileEntry } from "../walk/types.ts";
import type { Role } from "../classify/role.ts";
import { idf as idfOf } from "./bm25.ts";
import { probesOf, type Composite, type Term, type TokenMatcher } from "./find-query.ts";
import { componentWords } from "./util.ts";

export interface PathHit {
  term: number;
  token: string;
  where: "name" | "dir";
  quality: number;
  /** Position weight: 1 in the file name, 0.5 in its directory, 0.35 above. */
  weight: number;
  /** Matched through an acronym or initial compound (see Composite): confirmed by the content. */
  composite?: boolean;
  /** Matched the file's extension (.tbl for "table"): the query names this kind of file. */
  ext?: boolean;
}

export interface PathInfo {
  entry: FileEntry;
  /** Computed lazily: only files with evidence need one. */
  role: Role | null;
  hits: PathHit[];
  /** best quality × position weight per term */
  best: number[];
  nameTokens: string[];
  nameCovered: boolean;
  /** Terms matched by a file name token of initials only: a name hit, below 0.5 (see analysePath). */
  initialsTerms?: number[];
}

const SECONDARY_EXT = new Set(["test", "spec", "min", "d"]);
/** Names that say only "the module": `auth/mod.rs`, `auth/index.ts` take their directory's name. */
export const GENERIC_STEMS = new Set(["mod", "index", "lib", "main", "init", "__init__", "__main__", "package", "default", "src"]);

export const NO_HITS: PathHit[] = [];
/** Extensions that only name a language or format (their words are no evidence); others weigh like a directory. */
const PLAIN_EXT = new Set("cpp hpp cxx hxx hh js ts tsx jsx mjs cjs mts cts py pyi pyw rb php java kt kts go rs cs swift scala mm md txt rst json yaml yml toml xml html htm css scss less sh bash zsh lua pl pm ex exs erl dart zig mli sol sql gradle cmake mk in am ac bat ps1 cfg ini conf lock log csv tsv svg png jpg gif ico pdf vue svelte".split(" "));
const EXT_WEIGHT = 0.5;

interface DirInfo {
  best: number[];
  hits: PathHit[];
}

/**
 * Directory evidence, shared by every file below the directory (memoised per query run by the
 * caller's map): nearer directories say more about a file, parent 0.5, above it 0.35.
 */
function analyseDir(dir: string, m: TokenMatcher, nTerms: number, probe: RegExp, zeros: number[], memo: Map<string, DirInfo>): DirInfo {
  let d = memo.get(dir);
  if (d) return d;
  if (dir === "" || !probe.test(dir)) d = { best: zeros, hits: NO_HITS };
  else {
    const parts = dir.split("/");
    const best = new Array(nTerms).fill(0);
    const hits: PathHit[] = [];
    for (let i = parts.length - 1; i >= 0; i--) {
      const w = i === parts.length - 1 ? 0.5 : 0.35;
      for (const tok of componentWords(parts[i]!)) {
        for (const [ti, q] of m.match(tok)) {
          if (q * w > best[ti]) best[ti] = q * w;
          if (!hits.some((h) => h.term === ti && h.token === tok)) hits.push({ term: ti, token: tok, where: "dir", quality: q, weight: w, ...(m.compositeHits(tok) ? { composite: true } : {}) });
        }
      }
    }
    d = { best, hits };
  }
  memo.set(dir, d);
  return d;
}

function analysePath(entry: FileEntry, m: TokenMatcher, nTerms: number, probe: RegExp, zeros: number[], memo: Map<string, DirInfo>): PathInfo | null {
  const display = entry.display;
  // Every match shares a term's first three letters (see find-query.ts), so a path without any
  // of them needs no splitting: the common case on a big tree.
  if (!probe.test(display)) return null;
  const slash = display.lastIndexOf("/");
  const base = display.slice(slash + 1);
  let dir = slash >= 0 ? display.slice(0, slash) : "";
  const dot = base.lastIndexOf(".");
  const stemPart = dot > 0 ? base.slice(0, dot) : base;
  let nameTokens = componentWords(stemPart);
  // Secondary extensions (.test, .spec, .min, .d) are not the name's meaning: foo.test.ts names "foo".
  if (nameTokens.length > 1 && SECONDARY_EXT.has(nameTokens[nameTokens.length - 1]!)) nameTokens = nameTokens.slice(0, -1);
  // `auth/mod.rs`, `auth/index.ts`, `auth/__init__.py`: the directory is the module's name.
  if (dir !== "" && (nameTokens.length === 0 || (nameTokens.length === 1 && GENERIC_STEMS.has(nameTokens[0]!)) || stemPart === "__init__")) {
    const s2 = dir.lastIndexOf("/");
    nameTokens = componentWords(dir.slice(s2 + 1));
    dir = s2 >= 0 ? dir.slice(0, s2) : "";
  }
  const dinfo = analyseDir(dir, m, nTerms, probe, zeros, memo);
  const hits: PathHit[] = [];
  let best = dinfo.best;
  // An extension that is not a language's says what the file holds (.tbl: a table, .proto).
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
  if (ext.length >= 3 && !PLAIN_EXT.has(ext)) {
    for (const tok of componentWords(ext)) for (const [ti, q] of m.match(tok)) {
      if (best === dinfo.best) best = best.slice();
      hits.push({ term: ti, token: tok, where: "name", quality: q, weight: EXT_WEIGHT, ext: true });
      best[ti] = Math.max(best[ti]!, q * EXT_WEIGHT);
    }
  }
  let covered = 0;
  let initialsTerms: number[] | undefined;
  for (const tok of nameTokens) {
    const mh = m.match(tok);
    if (mh.length) covered++;
    // A name that is only the query's initials (htt.c for "hung task timeout") is one token of
    // the name: it weighs like one word, shared among the words it stands for, not like a name
    // that writes each of them (hung_task.c).
    const share = mh.length > 1 && m.isInitials(tok) ? 1 / mh.length : 1;
    for (const [ti, q0] of mh) {
      const q = q0 * share;
      if (share < 1) (initialsTerms ??= []).push(ti);
      if (best === dinfo.best) best = best.slice();
      hits.push({ term: ti, token: tok, where: "name", quality: q, weight: 1, ...(m.compositeHits(tok) ? { composite: true } : {}) });
      best[ti] = Math.max(best[ti]!, q);
    }
  }
  for (const h of dinfo.hits) hits.push(h);
  if (hits.length === 0) return null;
  return { entry, role: null, hits, best, nameTokens, nameCovered: nameTokens.length > 0 && covered === nameTokens.length, ...(initialsTerms ? { initialsTerms } : {}) };
}

/**
 * Literals every matching path token contains: the terms' and synonyms' probes, and each acronym
 * (a composite that writes a word out, such as rbtree, contains that word's probe already).
 */
function queryProbes(terms: Term[], composites: Composite[]): string[] {
  return [...new Set([...terms.flatMap(probesOf), ...composites.filter((c) => c.spelled === null).map((c) => c.text.slice(0, 3))])];
}

export interface PathEvidence {
  /** Files with a path hit, in walk order, and a flag per walked file. */
  infos: PathInfo[];
  hitAt: Uint8Array;
  /** Per term: rarity among the paths (a term in fewer paths weighs more). */
  pidf: number[];
  /** A shared all-zero "best" for files without path evidence. */
  zeros: number[];
}

/** Path evidence for every walked file. */
export function pathEvidence(files: FileEntry[], m: TokenMatcher, terms: Term[], composites: Composite[]): PathEvidence {
  const nT = terms.length;
  const probes = queryProbes(terms, composites);
  // Letters of other scripts stay in a probe (`grö`, not `gr`; 配置, not an empty alternative
  // that matches every path); they are no regex syntax.
  const probe = new RegExp(probes.map((p) => p.replace(/[^a-z0-9\u0080-\uffff]/g, "")).join("|"), "i");
  const zeros: number[] = Object.freeze(new Array(nT).fill(0)) as number[];
  const dirMemo = new Map<string, DirInfo>();
  const N = files.length;
  const infos: PathInfo[] = [];
  const hitAt = new Uint8Array(N);
  for (let i = 0; i < N; i++) {
    const info = analysePath(files[i]!, m, nT, probe, zeros, dirMemo);
    if (info === null) continue;
    hitAt[i] = 1;
    infos.push(info);
  }
  const pathDf = new Array(nT).fill(0);
  for (const inf of infos) for (let t = 0; t < nT; t++) if (inf.best[t]! >= 0.3) pathDf[t]++;
  return { infos, hitAt, pidf: pathDf.map((df) => idfOf(N, df)), zeros };
}

/** A record for a file without path evidence (its content may still be evidence). */
export function barePath(entry: FileEntry, zeros: number[]): PathInfo {
  return { entry, role: null, hits: NO_HITS, best: zeros, nameTokens: [], nameCovered: false };
}

/** The path score under per-term weights `w` (rarities). */
export function pathScore(inf: PathInfo, w: number[], nT: number): number {
  let s = 0;
  for (let t = 0; t < nT; t++) {
    const b = inf.best[t]!;
    // name hits weigh 2 (best already holds dir weights below 1)
    s += w[t]! * (b > 0.5 || (b > 0 && inf.initialsTerms?.includes(t)) ? 2 * b : b);
  }
  if (inf.nameCovered) {
    // Every word of the file name is a query word: the file is named after the topic.
    const named = new Map<number, number>();
    for (const h of inf.hits) if (h.where === "name") named.set(h.term, Math.max(named.get(h.term) ?? 0, h.quality));
    let add = 0;
    for (const [t, q] of named) add += w[t]! * q;
    s += add * (named.size / Math.max(nT, 1));
  }
  return s;
}

/** An acronym in a path that the file never writes out may stand for something else. */
export const UNCONFIRMED_COMPOSITE = 0.5;

/**
 * Acronym path hits (ksm, cfs, thp) count fully only when the file writes two of the initialled
 * words (or the one) out somewhere (its header, comments or identifiers): `pci-ep-cfs.c` is not
 * the "completely fair scheduler" and says nothing of fairness. Others drop to half quality.
 */
export function confirmComposites(inf: PathInfo, spelled: number[], m: TokenMatcher): PathInfo {
  if (!inf.hits.some((h) => h.composite)) return inf;
  let changed = false;
  const hits = inf.hits.map((h) => {
    if (!h.composite) return h;
    const initialled = (m.compositeHits(h.token) ?? []).filter(([, q]) => q < 1).map(([t]) => t);
    const written = initialled.filter((t) => spelled[t]! > 0).length;
    const confirmed = written >= Math.min(2, initialled.length);
    if (confirmed) return h;
    changed = true;
    return { ...h, quality: h.quality * UNCONFIRMED_COMPOSITE };
  });
  if (!changed) return inf;
  const best = new Array(inf.best.length).fill(0);
  for (const h of hits) best[h.term] = Math.max(best[h.term]!, h.quality * h.weight);
  return { ...inf, hits, best };
}
