/**
 * Extra looks at each file's bytes while the search holds them, so that what grep says about a
 * result costs no second read of the tree:
 * - `needles`: while the search has found nothing, files holding one of these (case-sensitive
 *   byte strings) are flagged: the zero-result diagnosis reads only those again (diagnose/).
 *   Flagging stops at the first match (a search with a match never needs the diagnosis).
 * - `patterns`: one spec per -e pattern; each is tried on the matching files until it matches
 *   once, so a pattern that matched nothing can be named.
 */
import { fromSpec, type Matcher, type MatchSpec } from "../match/index.ts";

export interface WatchSpec {
  needles?: string[];
  patterns?: MatchSpec[];
  /** Bytes of flagged files past which files are only counted (`beyond`), not flagged: a word common in the tree would flag it all. */
  flagBytes?: number;
  /**
   * Set (to 1) by whichever thread finds the first match, read by every other before each file:
   * a message would wait behind the batches already queued to a worker.
   */
  stop?: Int32Array;
}

export class Watch {
  private readonly needles: Buffer[];
  private flagging: boolean;
  private unseen: Array<{ k: number; m: Matcher }>;
  /** Patterns seen since the last `takeSeen`. */
  private seen: number[] = [];
  private flagRoom: number;
  private readonly stop: Int32Array | undefined;
  /** Files holding a needle past `flagBytes`, since the last `takeBeyond`. */
  private beyond = 0;

  constructor(spec: WatchSpec) {
    this.needles = (spec.needles ?? []).map((n) => Buffer.from(n, "utf8"));
    this.flagging = this.needles.length > 0;
    this.flagRoom = spec.flagBytes ?? Infinity;
    this.stop = spec.stop;
    this.unseen = (spec.patterns ?? []).map((s, k) => ({ k, m: fromSpec(s) }));
  }

  /** Nothing left to look for. */
  get idle(): boolean {
    if (this.flagging && this.stop !== undefined && Atomics.load(this.stop, 0) !== 0) this.flagging = false;
    return !this.flagging && this.unseen.length === 0;
  }

  /** A match was found: no more flags, here or (through `stop`) in any other thread. */
  stopFlagging(): void {
    this.flagging = false;
    if (this.stop !== undefined) Atomics.store(this.stop, 0, 1);
  }

  /**
   * Looks at buf[start, end) of a file the search read; `matched`: whether the file matched
   * (undefined: not known yet, a chunk of a streamed file). True when it holds a needle.
   */
  look(buf: Buffer, start: number, end: number, matched: boolean | undefined): boolean {
    if (matched !== false && this.unseen.length !== 0) {
      this.unseen = this.unseen.filter(({ k, m }) => {
        const hit = m.any ? m.any(buf, start, end) : m.scan(buf, start, end, true).length > 0;
        if (hit) this.seen.push(k);
        return !hit;
      });
    }
    if (!this.flagging || matched === true) return false;
    if (this.stop !== undefined && Atomics.load(this.stop, 0) !== 0) {
      this.flagging = false;
      return false;
    }
    const view = buf.subarray(0, end);
    for (const n of this.needles) {
      if (view.indexOf(n, start) < 0) continue;
      if (this.flagRoom <= 0) {
        if (matched === false) this.beyond++;
        return false;
      }
      this.flagRoom -= end - start;
      return true;
    }
    return false;
  }

  takeBeyond(): number {
    const b = this.beyond;
    this.beyond = 0;
    return b;
  }

  takeSeen(): number[] {
    const s = this.seen;
    this.seen = [];
    return s;
  }
}
