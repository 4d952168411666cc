/**
 * Text for the regex engine. rg matches bytes: in its Unicode mode an invalid UTF-8 byte is no
 * character at all, so `.`, `[^a]`, `\W` or `\P{L}` never match one. A lossy decode turns such
 * bytes into U+FFFD, which those classes do match. So invalid sequences become INVALID (a
 * noncharacter every translated class and `.` excludes, see regex.ts), and the display turns
 * them back into U+FFFD. Valid text (the common case) costs one extra indexOf.
 */
export const INVALID = "\uffff";
export const INVALID_ESC = "\\u{ffff}";

export interface Decoded {
  text: string;
  /** Byte offset (from the decoded range's start) of each UTF-16 index; absent when the text is valid UTF-8. */
  offsets?: Uint32Array;
}

/** Length of the valid UTF-8 sequence at buf[i] (1-4), or 0 when it is invalid there. */
function seqLen(buf: Buffer, i: number, end: number): number {
  const b = buf[i]!;
  if (b < 0x80) return 1;
  let n: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) n = 2;
  else if (b >= 0xe0 && b <= 0xef) {
    n = 3;
    if (b === 0xe0) lo = 0xa0;
    else if (b === 0xed) hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    n = 4;
    if (b === 0xf0) lo = 0x90;
    else if (b === 0xf4) hi = 0x8f;
  } else return 0;
  if (i + n > end) return 0;
  const b1 = buf[i + 1]!;
  if (b1 < lo || b1 > hi) return 0;
  for (let k = 2; k < n; k++) {
    const c = buf[i + k]!;
    if (c < 0x80 || c > 0xbf) return 0;
  }
  return n;
}

/** Bytes of the maximal invalid subpart at buf[i] (WHATWG: one U+FFFD each), at least 1. */
function invalidLen(buf: Buffer, i: number, end: number): number {
  const b = buf[i]!;
  let n = 1;
  let lo = 0x80;
  let hi = 0xbf;
  let need = 0;
  if (b >= 0xc2 && b <= 0xdf) need = 1;
  else if (b >= 0xe0 && b <= 0xef) {
    need = 2;
    if (b === 0xe0) lo = 0xa0;
    else if (b === 0xed) hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    need = 3;
    if (b === 0xf0) lo = 0x90;
    else if (b === 0xf4) hi = 0x8f;
  } else return 1;
  for (let k = 0; k < need && i + n < end; k++) {
    const c = buf[i + n]!;
    if (c < lo || c > hi) break;
    n++;
    lo = 0x80;
    hi = 0xbf;
  }
  return n;
}

export function decodeForRegex(buf: Buffer, start: number, end: number): Decoded {
  const text = buf.toString("utf8", start, end);
  if (text.indexOf("\ufffd") < 0) return { text };
  // Some U+FFFD: genuine (EF BF BD, a character rg matches) or from invalid bytes (not one).
  const parts: string[] = [];
  const offsets: number[] = [];
  let i = start;
  let run = start;
  const flush = (to: number) => {
    if (to <= run) return;
    const s = buf.toString("utf8", run, to);
    let b = run - start;
    for (let k = 0; k < s.length; k++) {
      offsets.push(b);
      const c = s.charCodeAt(k);
      if (c < 0x80) b += 1;
      else if (c < 0x800) b += 2;
      else if (c >= 0xd800 && c <= 0xdbff) {
        offsets.push(b); // the low surrogate of the same 4-byte character
        k++;
        b += 4;
      } else b += 3;
    }
    parts.push(s);
  };
  while (i < end) {
    const n = seqLen(buf, i, end);
    if (n > 0) {
      i += n;
      continue;
    }
    flush(i);
    offsets.push(i - start);
    parts.push(INVALID);
    i += invalidLen(buf, i, end);
    run = i;
  }
  flush(end);
  const out = new Uint32Array(offsets.length + 1);
  out.set(offsets);
  out[offsets.length] = end - start;
  return { text: parts.join(""), offsets: out };
}

/** Text as shown: INVALID back to U+FFFD. */
export function shownText(s: string): string {
  return s.indexOf(INVALID) < 0 ? s : s.replaceAll(INVALID, "\ufffd");
}
