/**
 * Matching files without lines, packed for the trip from a search worker: one Int32Array per
 * batch instead of an outcome object per file (a structured clone of 37k small objects cost
 * 0.3-0.4 s of CPU, serialising and deserialising, on a find over the Linux tree). Per file:
 * index, count, flags (bit 0: binaryCut; bit 1: a mask record follows), then for a mask record
 * mask, bytes and one count per literal.
 */
import type { FileOutcome } from "./file.ts";

/** Appends `o` (a match) to `out` when it has no lines to carry; false when it must travel whole. */
export function packOutcome(out: number[], index: number, o: FileOutcome, literals: number): boolean {
  if (o.matches !== undefined && o.matches.length > 0) return false;
  if (o.mask !== undefined) {
    out.push(index, o.count ?? 0, 2 | (o.binaryCut ? 1 : 0), o.mask, o.bytes ?? 0);
    for (let k = 0; k < literals; k++) out.push(o.counts?.[k] ?? 0);
    return true;
  }
  out.push(index, o.count ?? 0, o.binaryCut ? 1 : 0);
  return true;
}

/** The outcomes packOutcome packed, as [index, outcome] pairs (the shape the objects had). */
export function unpackOutcomes(p: Int32Array, literals: number, each: (index: number, o: FileOutcome) => void): void {
  for (let i = 0; i < p.length; ) {
    const index = p[i]!;
    const count = p[i + 1]!;
    const flags = p[i + 2]!;
    i += 3;
    const o: FileOutcome = { status: "match", matches: [], count };
    if (flags & 1) o.binaryCut = true;
    if (flags & 2) {
      o.mask = p[i]!;
      o.bytes = p[i + 1]!;
      i += 2;
      // maskOne leaves counts undefined when no literal occurs; a match always has one.
      // A loop: Array.from over a typed array runs its iterator (56k records of 4 counts, as a
      // find over the Linux tree gets: 16 ms before JIT warm-up, 2 ms as a loop).
      const counts = new Array<number>(literals);
      for (let k = 0; k < literals; k++) counts[k] = p[i + k]!;
      o.counts = counts;
      i += literals;
    }
    each(index, o);
  }
}
