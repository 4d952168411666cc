/**
 * Signal: the content. One pass over a file's raw bytes finds every identifier holding a query
 * word (token matches, never raw substrings) and records what the other content signals need:
 * mentions per term (scored BM25-style: IDF over the scope, saturating counts), words side by
 * side (proximity), the leading description's words, definitions, passages and doc comments.
 */
import { identifierWords, isWordCodePoint } from "../query/identifiers.ts";
import { saturate, soft } from "./bm25.ts";
import { probesOf, type TermHit, type TokenMatcher } from "./find-query.ts";
import { isDefinition, mayHeadDefinition } from "./symbols.ts";
import { docBlocks, headerSpans, lineAt, type DocBlock } from "./description.ts";
import { passageMasks } from "./passage.ts";
import { noTopTier } from "../util/jit.ts";

export interface ContentEvidence {
  tf: number[];
  /** Per term: mentions written out as the word or its stem (not an abbreviation). */
  spelled: number[];
  /** Per term: 1 when the file says the term itself (any form but a synonym), for the term's rarity. */
  direct: number[];
  /** Per term: the part of tf said only through a synonym (weighed by the synonym's own rarity). */
  synTf?: number[];
  /** Per term: best match quality in the file's leading description (see headerSpans). */
  header: number[];
  defs: Array<{ name: string; line: number; terms: TermHit[] }>;
  nearPairs: number;
  /** Term sets found together within PASSAGE_BYTES (see passageMasks). */
  passages: number[];
  /** Comment blocks that say query words, with the definition each documents (see docBlocks). */
  docs: DocBlock[];
  len: number;
  /** A big file scored by its best window (see bestWindow). */
  windowed?: boolean;
  /** The distinct identifiers that say query words: the names this file uses (core.ts counts references). */
  names?: Set<string>;
}

/** Files over twice this are scored by their best window of this many bytes. */
export const WINDOW_BYTES = 64 * 1024;

/**
 * Per-term mentions in the best window of WINDOW_BYTES (windows start every half window):
 * the window covering the most query words, then the most mentions.
 */
export function bestWindow(occ: Array<[number, TermHit[]]>, nT: number): number[] {
  let best = new Array(nT).fill(0);
  let bestKey = -1;
  if (occ.length === 0) return best;
  occ.sort((a, b) => a[0] - b[0]);
  const last = occ[occ.length - 1]![0];
  const step = WINDOW_BYTES / 2;
  let i0 = 0;
  for (let start = 0; start <= last; start += step) {
    while (i0 < occ.length && occ[i0]![0] < start) i0++;
    const tf = new Array(nT).fill(0);
    let total = 0;
    for (let i = i0; i < occ.length && occ[i]![0] < start + WINDOW_BYTES; i++) for (const [t, q] of occ[i]![1]) { tf[t] += q; total += q; }
    const covered = tf.filter((x) => x > 0).length;
    const key = covered * 1e6 + Math.min(total, 1e6 - 1);
    if (key > bestKey) { bestKey = key; best = tf; }
  }
  return best;
}

/** `pos` lies in one of the spans (a closure per scan was compiled in JSC's top tier: ~0.2 s wall of FTL compile). */
function inSpans(spans: Array<[number, number]>, pos: number): boolean {
  for (const [a, e] of spans) if (a <= pos && pos < e) return true;
  return false;
}

function isIdentChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

/**
 * Bytes of the UTF-8 letter, digit or mark starting at b[i] (größe, 配置: identifiers and comments
 * in any script), 0 for anything else: punctuation (— “ ”), a stray byte of another encoding.
 */
function wideAt(b: Buffer, i: number): number {
  const c = b[i]!;
  let len: number, cp: number;
  if (c >= 0xc2 && c <= 0xdf) (len = 2), (cp = c & 0x1f);
  else if (c >= 0xe0 && c <= 0xef) (len = 3), (cp = c & 0x0f);
  else if (c >= 0xf0 && c <= 0xf4) (len = 4), (cp = c & 0x07);
  else return 0;
  if (i + len > b.length) return 0;
  for (let k = 1; k < len; k++) {
    const x = b[i + k]!;
    if ((x & 0xc0) !== 0x80) return 0;
    cp = (cp << 6) | (x & 0x3f);
  }
  return isWordCodePoint(cp) ? len : 0;
}

/** Bytes of the UTF-8 letter, digit or mark ending just before b[i], 0 for anything else. */
function wideBefore(b: Buffer, i: number): number {
  let s = i - 1;
  while (s > 0 && s > i - 4 && (b[s]! & 0xc0) === 0x80) s--;
  return wideAt(b, s) === i - s ? i - s : 0;
}

interface KnownIdent {
  bytes: Uint8Array;
  ident: string;
  hits: TermHit[];
  /** Terms this identifier matches only through a synonym (identSyn). */
  syn: number;
}

export class ContentScanner {
  private identMemo = new Map<string, TermHit[]>();
  /** Identifiers that match some terms only through a synonym: those terms' bit mask. */
  private identSyn = new Map<string, number>();
  /** Byte patterns to look for: each term's first three letters in lower, Capitalised and UPPER case. */
  readonly probes: Buffer[];
  constructor(private m: TokenMatcher) {
    const set = new Set<string>();
    for (const p of m.terms.flatMap(probesOf)) {
      set.add(p);
      set.add(p.charAt(0).toUpperCase() + p.slice(1));
      set.add(p.toUpperCase());
    }
    this.probes = [...set].map((p) => Buffer.from(p, "utf8"));
  }

  /** Terms of one identifier (union over its words, best quality per term). */
  identTerms(ident: string): TermHit[] {
    let r = this.identMemo.get(ident);
    if (r) return r;
    const best = new Map<number, number>();
    let direct = 0;
    let viaSyn = 0;
    for (const w of identifierWords(ident)) {
      const hits = this.m.match(w);
      const only = this.m.synonymOnly(w);
      for (const [ti, q] of hits) {
        best.set(ti, Math.max(best.get(ti) ?? 0, q));
        const bit = 1 << Math.min(ti, 30);
        if (only & bit) viaSyn |= bit;
        else direct |= bit;
      }
    }
    r = [...best.entries()].sort((a, b) => a[0] - b[0]);
    this.identMemo.set(ident, r);
    const synOnly = viaSyn & ~direct;
    if (synOnly) this.identSyn.set(ident, synOnly);
    return r;
  }

  /**
   * Identifiers met so far, by a hash of their bytes, with their terms: most probe hits are an
   * identifier seen before (`struct` in every C file), and decoding each to a string to look it up
   * cost about half of the scan (Linux tree, 216k hits in the 5,342 files a find scans).
   */
  private byHash = new Map<number, KnownIdent>();

  /** The identifier at b[cs, ce), its terms and synonym-only bits (see identTerms). */
  private known(b: Buffer, cs: number, ce: number): KnownIdent {
    let h = ce - cs;
    let high = 0;
    for (let i = cs; i < ce; i++) {
      h = (Math.imul(h, 31) + b[i]!) | 0;
      high |= b[i]!;
    }
    const k = this.byHash.get(h);
    if (k && k.bytes.length === ce - cs) {
      let same = true;
      for (let i = 0; i < k.bytes.length; i++) if (k.bytes[i] !== b[cs + i]) { same = false; break; }
      if (same) return k;
    }
    // ASCII decodes the same either way, and latin1 is the cheaper decoder.
    const ident = b.toString(high & 0x80 ? "utf8" : "latin1", cs, ce);
    const hits = this.identTerms(ident);
    const made: KnownIdent = { bytes: Uint8Array.prototype.slice.call(b, cs, ce), ident, hits, syn: this.identSyn.get(ident) ?? 0 };
    if (!k) this.byHash.set(h, made); // on a collision the first stays: the other is decoded each time
    return made;
  }

  /**
   * Scans raw bytes (decoding only identifiers, and only the UTF-8 letters at their edges) by jumping from probe hit to probe hit,
   * so cost follows the number of candidate identifiers, not the file size.
   */
  scan(b: Buffer): ContentEvidence {
    const nT = this.m.terms.length;
    const tf = new Array(nT).fill(0);
    const spelled = new Array(nT).fill(0);
    const direct = new Array(nT).fill(0);
    const synTf = new Array(nT).fill(0);
    const header = new Array(nT).fill(0);
    const spans = headerSpans(b);
    const hdrEnd = spans.length ? spans[spans.length - 1]![1] : -1;
    const seen = new Set<number>();
    const occ: Array<[number, number]> = []; // [pos, term mask]
    const big = b.length > WINDOW_BYTES * 2;
    const occHits: Array<[number, TermHit[]]> = [];
    const defAt: Array<{ pos: number; name: string; terms: TermHit[] }> = [];
    const names = new Set<string>();
    const n = b.length;
    for (const probe of this.probes) {
      let p = b.indexOf(probe);
      while (p >= 0) {
        let cs = p;
        for (;;) {
          if (cs === 0) break;
          const c = b[cs - 1]!;
          if (c < 0x80) {
            if (!isIdentChar(c)) break;
            cs--;
          } else {
            const k = wideBefore(b, cs);
            if (k === 0) break;
            cs -= k;
          }
        }
        let ce = p + probe.length;
        while (ce < n) {
          const c = b[ce]!;
          if (c < 0x80) {
            if (!isIdentChar(c)) break;
            ce++;
          } else {
            const k = wideAt(b, ce);
            if (k === 0) break;
            ce += k;
          }
        }
        if (!seen.has(cs)) {
          seen.add(cs);
          const known = this.known(b, cs, ce);
          const ident = known.ident;
          const hits = known.hits;
          if (hits.length > 0) {
            // One loop over the hits (each array still sums them in the same order).
            let mask = 0;
            const syn = known.syn;
            const inHdr = cs < hdrEnd && inSpans(spans, cs);
            for (let k = 0; k < hits.length; k++) {
              const ti = hits[k]![0], q = hits[k]![1];
              const bit = 1 << Math.min(ti, 30);
              tf[ti] += q;
              mask |= bit;
              if (q >= 1) spelled[ti]++;
              if (!(syn & bit)) direct[ti] = 1;
              else synTf[ti] += q;
              if (inHdr) header[ti] = Math.max(header[ti], q);
            }
            occ.push([cs, mask]);
            names.add(ident);
            if (big) occHits.push([cs, hits]);
            if (isDefinition(b, cs, ce, ident)) defAt.push({ pos: cs, name: ident, terms: hits });
          }
        }
        p = b.indexOf(probe, ce);
      }
    }
    // Query words close together ("trusted proxies", `runPendingReactions`) are phrase evidence.
    occ.sort((a, b) => a[0] - b[0]);
    let nearPairs = 0;
    for (let i = 0; i < occ.length; i++) {
      const [pos, mask] = occ[i]!;
      if ((mask & (mask - 1)) !== 0) nearPairs++; // one identifier naming two query words
      const nx = occ[i + 1];
      if (nx && nx[0] - pos <= 60 && (nx[1] & ~mask) !== 0) nearPairs++;
    }
    const passages = passageMasks(occ);
    const docs = docBlocks(b, occ);
    defAt.sort((x, y) => x.pos - y.pos);
    const defs: ContentEvidence["defs"] = [];
    let line = 1;
    let at = 0;
    for (const d of defAt) {
      for (let i = b.indexOf(10, at); i >= 0 && i < d.pos; i = b.indexOf(10, i + 1)) { line++; at = i + 1; }
      defs.push({ name: d.name, line, terms: d.terms });
    }
    if (big) {
      // A bundle or generated file is ranked by the part that matches: the best window's mentions,
      // as if that window were the file (a 600 KB single header is not 600 KB of this topic).
      const w = bestWindow(occHits, nT);
      return { tf: w, spelled, direct, synTf: synTf.map((x, t) => Math.min(x, w[t]!)), header, defs, nearPairs, passages, docs, len: WINDOW_BYTES, windowed: true, names };
    }
    return { tf, spelled, direct, synTf, header, defs, nearPairs, passages, docs, len: n, names };
  }
}

/**
 * BM25 over the file's mentions (cidf: content rarity per term; avgLen over the read files). The
 * mentions said only through a synonym (synTf) weigh by the synonym's rarity (sidf, never above
 * the word's): `select` in every Go file says little for "choose", `multi` in one file much for
 * "several". A term's part never exceeds what all its mentions would earn at its own rarity.
 */
export function contentSignal(tf: number[], len: number, cidf: number[], avgLen: number, synTf?: number[], sidf?: number[]): number {
  let s = 0;
  for (let t = 0; t < cidf.length; t++) {
    const syn = synTf?.[t] ?? 0;
    const all = cidf[t]! * saturate(tf[t]!, len, avgLen);
    s += syn > 0 && sidf ? Math.min(all, cidf[t]! * saturate(tf[t]! - syn, len, avgLen) + sidf[t]! * saturate(syn, len, avgLen)) : all;
  }
  return s;
}

/** Query words side by side: up to twice the mean rarity, saturating in the number of near pairs. */
export function proximitySignal(nearPairs: number, idfSum: number, nT: number): number {
  return nT > 1 ? (idfSum / nT) * 2 * soft(nearPairs, 4) : 0;
}

// Called once per scanned file, their work mostly native (indexOf, toString): JSC's top tier gains
// little there and compiling them cost ~0.06 s of CPU per find on the Linux tree (5,342 files).
noTopTier(inSpans, ContentScanner.prototype.scan, ContentScanner.prototype.identTerms, (ContentScanner.prototype as any).known, headerSpans, docBlocks, lineAt, passageMasks, isDefinition, mayHeadDefinition);
