/**
 * Text for the regex engine. rg matches bytes: in its Unicode mode an invalid UTF-8 byte is no
 * character at all, so `.`, `[^a]`, `\W` or `\P{L}` never match one. A lossy decode turns such
 * bytes into U+FFFD, which those classes do match. So invalid sequences become INVALID (a
 * noncharacter every translated class and `.` excludes, see regex.ts), and the display turns
 * them back into U+FFFD. Valid text (the common case) costs one extra indexOf.
 */
import { utf8Seq } from "../util/utf8.ts";

export const INVALID = "\uffff";
export const INVALID_ESC = "\\u{ffff}";

export interface Decoded {
  text: string;
  /** Byte offset (from the decoded range's start) of each UTF-16 index; absent when the text is valid UTF-8. */
  offsets?: Uint32Array;
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
    if (buf[i]! < 0x80) {
      i++;
      continue;
    }
    const n = utf8Seq(buf, i, end);
    if (n > 0) {
      i += n;
      continue;
    }
    flush(i);
    offsets.push(i - start);
    parts.push(INVALID);
    i -= n;
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
