/**
 * Extra looks at each file's bytes while the search holds them, so that what grep says about a
 * result costs no second read of the tree:
 * - `needles`: while the search has found nothing, files holding one of these (case-sensitive
 *   byte strings) are flagged: the zero-result diagnosis reads only those again (diagnose/).
 *   Flagging stops at the first match (a search with a match never needs the diagnosis).
 * - `nearNeedles`: the same for the near-identifier pass of the diagnosis, with a room of its
 *   own: a file holding only these is flagged "near"; past the room, "overflow" (the diagnosis
 *   then makes that pass over the tree, as without these needles).
 * - `patterns`: one spec per -e pattern; each is tried on the matching files until it matches
 *   once, so a pattern that matched nothing can be named.
 */
import { fromSpec, type Matcher, type MatchSpec } from "../match/index.ts";

export interface WatchSpec {
  needles?: string[];
  nearNeedles?: string[];
  /** Bytes of files flagged "near" past which they are flagged "overflow" instead. */
  nearBytes?: number;
  patterns?: MatchSpec[];
  /** Bytes of flagged files past which files are only counted (`beyond`), not flagged: a word common in the tree would flag it all. */
  flagBytes?: number;
  /**
   * Set (to 1) by whichever thread finds the first match, read by every other before each file:
   * a message would wait behind the batches already queued to a worker.
   */
  stop?: Int32Array;
  /**
   * Indices of needles every match of the search holds (a case-sensitive literal search for
   * `ksys_sync_helper` holds the needle `elper`): while flagging, a file without one of them
   * cannot match, and its memmem for the query is skipped (see `sees`). Set by search().
   */
  required?: number[];
}

/** What `sees` found in a file: a needle (`held`), only a near needle (`near`), and whether a required one was missing. */
export interface Sight {
  held: boolean;
  impossible: boolean;
  near?: boolean;
}

/**
 * A file's flag: a needle (true), only a near needle ("near"), only a near needle past the near
 * room ("overflow"), a needle and, in another chunk of a streamed file, the overflow ("both"),
 * or none (false).
 */
export type Flag = boolean | "near" | "overflow" | "both";

/** The flag of a streamed file from its chunks' flags: a needle wins over a near needle; an overflow is never lost. */
export function joinFlags(a: Flag, b: Flag): Flag {
  const main = a === true || a === "both" || b === true || b === "both";
  const over = a === "overflow" || a === "both" || b === "overflow" || b === "both";
  if (main) return over ? "both" : true;
  if (over) return "overflow";
  return a === "near" || b === "near" ? "near" : false;
}

export class Watch {
  private readonly needles: Buffer[];
  private near: Buffer[];
  private nearRoom: number;
  /** Needles in look order (required ones first) and whether each is required. */
  private readonly order: Array<{ n: Buffer; required: boolean }>;
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
    const req = new Set(spec.required ?? []);
    this.order = [...this.needles.map((n, i) => ({ n, required: req.has(i) }))].sort((a, b) => Number(b.required) - Number(a.required));
    this.near = (spec.nearNeedles ?? []).map((n) => Buffer.from(n, "utf8"));
    this.nearRoom = spec.nearBytes ?? Infinity;
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
  look(buf: Buffer, start: number, end: number, matched: boolean | undefined): Flag {
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
    return this.nearFlag(view, start, end - start);
  }

  /** The flag of a file holding no needle: "near" when it holds a near needle (within the room). */
  private nearFlag(view: Buffer, start: number, bytes: number): Flag {
    for (const n of this.near) {
      if (view.indexOf(n, start) < 0) continue;
      return this.takeNear(bytes);
    }
    return false;
  }

  /** A file flagged for a near needle: "near" within the room; past it "overflow", once (no more near needles). */
  private takeNear(bytes: number): Flag {
    if (this.nearRoom <= 0) {
      this.near = [];
      return "overflow";
    }
    this.nearRoom -= bytes;
    return "near";
  }

  /** Whether look-first applies: flagging, with a needle every match holds. */
  get leads(): boolean {
    return !this.idle && this.flagging && this.order.length > 0 && this.order[0]!.required;
  }

  /**
   * Before the query is matched (when `leads`): which needles buf[start, end) holds. A file
   * missing a required needle cannot match (`impossible`), so the caller skips matching it; the
   * other needles are still looked for, to flag it. `settle` then accounts for the flag.
   */
  sees(buf: Buffer, start: number, end: number): Sight {
    const view = buf.subarray(0, end);
    let impossible = false;
    for (const { n, required } of this.order) {
      if (view.indexOf(n, start) >= 0) return { held: true, impossible };
      if (required) impossible = true;
    }
    for (const n of this.near) if (view.indexOf(n, start) >= 0) return { held: false, impossible, near: true };
    return { held: false, impossible };
  }

  /** After `sees` and the match: the file's flag (a needle held, no match, room left; see Flag). */
  settle(sight: Sight, bytes: number, matched: boolean): Flag {
    if (matched || !this.flagging) return false;
    if (sight.near) return this.takeNear(bytes);
    if (!sight.held) return false;
    if (this.flagRoom <= 0) {
      this.beyond++;
      return false;
    }
    this.flagRoom -= bytes;
    return true;
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
