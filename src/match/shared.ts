/**
 * What the line matcher (index.ts) and the multi-line matcher (multiline.ts) share: the
 * backtracking budget, the ASCII-caseless byte prefilter and the UTF-16 -> byte offset mapper.
 * Both import this module; neither imports the other's internals.
 */

/** Per-line time after which a backtracking blow-up is reported instead of waited out (JSC
 *  silently gives up after ~0.4 s and reports "no match", which would be a wrong answer). */
export const LINE_BUDGET_MS = 200;

export class RegexTimeout extends Error {
  override name = "RegexTimeout";
}

/**
 * Rough frequency rank of bytes in source text (higher = more common). Only steers which window
 * of the fragment anchors the search; correctness never depends on it.
 */
const COMMON = " etaoinsrlcdhupmfgy_.,()=;\t\n\"'*/-:>bwv[]{}x0<12&+#";
const rank = (c: number) => {
  const i = COMMON.indexOf(String.fromCharCode(c | (c >= 65 && c <= 90 ? 0x20 : 0)));
  return i < 0 ? 0 : COMMON.length - i;
};
const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * ASCII-caseless "does buf[start, end) contain `frag`" on bytes (frag is printable ASCII without
 * k/s, see caselessFragment, so ASCII folding is exactly the regex's folding here). Every case
 * variant of one short window of the fragment (at most 8) is searched with memmem and each hit
 * verified; the window with the fewest letters, then the rarest bytes, is chosen. Measured on
 * 2,800 Linux files: 7-14 ms against 160-260 ms for decoding to Latin-1 and a /i regex.
 */
export function caselessFinder(frag: string): (buf: Buffer, start: number, end: number) => boolean {
  const lower = Buffer.from(frag.toLowerCase(), "latin1");
  const w = Math.min(3, lower.length);
  let best = 0;
  let bestCost = Infinity;
  for (let i = 0; i + w <= lower.length; i++) {
    let letters = 0;
    let r = 0;
    for (let j = i; j < i + w; j++) {
      if (isAlpha(lower[j]!)) letters++;
      r += rank(lower[j]!);
    }
    const cost = (1 << letters) * 1000 + r;
    if (cost < bestCost) {
      bestCost = cost;
      best = i;
    }
  }
  const window = lower.subarray(best, best + w);
  const variants: Buffer[] = [Buffer.from(window)];
  for (let j = 0; j < w; j++) {
    if (!isAlpha(window[j]!)) continue;
    for (const v of variants.slice()) {
      const u = Buffer.from(v);
      u[j] = u[j]! & ~0x20;
      variants.push(u);
    }
  }
  const n = lower.length;
  const verify = (view: Buffer, at: number): boolean => {
    for (let i = 0; i < n; i++) {
      let c = view[at + i]!;
      if (c >= 65 && c <= 90) c |= 0x20;
      if (c !== lower[i]) return false;
    }
    return true;
  };
  return (buf, start, end) => {
    const view = buf.subarray(0, end);
    for (const v of variants) {
      for (let h = view.indexOf(v, start + best); h >= 0; h = view.indexOf(v, h + 1)) {
        const at = h - best;
        if (at + n <= end && verify(view, at)) return true;
      }
    }
    return false;
  };
}

/** Maps UTF-16 offsets in the decoded range to byte offsets (cheap when the range is ASCII). */
export function byteMapper(text: string, start: number, end: number): (i: number) => number {
  if (text.length === end - start) return (i) => start + i;
  let lastI = 0;
  let lastB = start;
  return (i) => {
    if (i < lastI) {
      lastI = 0;
      lastB = start;
    }
    lastB += Buffer.byteLength(text.slice(lastI, i), "utf8");
    lastI = i;
    return lastB;
  };
}

/**
 * buf[a, b) as a Latin-1 string (a character per byte). Buffer#latin1Slice is a copy, where
 * toString("latin1") took 7x longer in Bun 1.4 (48 against 7 us per 100 KB).
 */
export function latin1(buf: Buffer, a: number, b: number): string {
  return (buf as unknown as { latin1Slice(a: number, b: number): string }).latin1Slice(a, b);
}

/** Bytes decoded at a time by caselessLocator: a hit near a file's start stops early. */
const LOCATE_CHUNK = 128 * 1024;
const FIRST_CHUNK = 4096;

/**
 * Where `frags` occur ASCII-caselessly in buf[start, end) (frags as caselessFragment makes them:
 * printable ASCII without k/s, so ASCII folding is the regex's folding there). For one range,
 * returns `next(from)`: a position on the first line at or after `from` that holds a fragment,
 * or -1. One pass for every fragment at once: the bytes, decoded as Latin-1 a chunk at a time (a
 * byte per character, so a string index is a byte offset), go through one case-insensitive
 * alternation without the u flag, where no non-ASCII character folds to an ASCII letter.
 * Measured over the Linux tree (1 GB) with three words: 0.5 s of CPU, where a search per case
 * variant of each word (8 per word) took 2 s.
 */
export function caselessLocator(frags: string[]): (buf: Buffer, start: number, end: number) => (from: number) => number {
  const re = new RegExp(frags.map((f) => f.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")).join("|"), "gi");
  // A fragment cut by a chunk's end is found again from the next chunk, which starts this early.
  const longest = Math.max(...frags.map((f) => f.length));
  const overlap = longest - 1;
  const chunk = Math.max(LOCATE_CHUNK, 4 * longest);
  return (buf, start, end) => {
    let a = -1;
    let b = -1;
    let text = "";
    // Chunks start small and double: a hit near the start (most files holding a common word)
    // decodes little; a file without one is decoded in big chunks.
    let size = FIRST_CHUNK;
    return (from) => {
      if (from < start) from = start;
      for (;;) {
        if (from >= end) return -1;
        if (from < a || from >= b) {
          a = from;
          b = Math.min(end, from + Math.max(size, 4 * longest));
          if (size < chunk) size *= 2;
          text = latin1(buf, a, b);
        }
        re.lastIndex = from - a;
        const m = re.exec(text);
        // A match is whole inside the chunk; one cut by its end may hide an earlier start on the
        // same line only (fragments hold no newline), which is all a caller needs.
        if (m) return a + m.index;
        if (b >= end) return -1;
        from = Math.max(from, b - overlap);
        a = b = -1;
      }
    };
  };
}

/**
 * Where to search again after an empty match at `i`: the next character, past both halves of a
 * surrogate pair. JSC (u/v mode) moves a lastIndex inside a pair back to its start, so `i + 1`
 * there found the same empty match again, forever (`a*` on a line holding an emoji hung).
 */
export function afterEmpty(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return i + 2;
  }
  return i + 1;
}
