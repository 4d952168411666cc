/**
 * Display form of raw (possibly non-UTF-8) relative paths: the spec's `#b=` rule.
 *
 * The lossy decoding must substitute exactly as WHATWG TextDecoder does (one U+FFFD per maximal
 * invalid subpart), and we must also know which bytes each U+FFFD came from, so the decoder is
 * written out (one step in util/utf8.ts, shared with the regex text) rather than delegated.
 */
import { utf8Seq } from "../util/utf8.ts";
import type { FileEntry } from "./types.ts";

const HEX = "0123456789abcdef";

function hex(buf: Uint8Array, from: number, to: number): string {
  let s = "";
  for (let i = from; i < to; i++) s += HEX[buf[i] >> 4] + HEX[buf[i] & 15];
  return s;
}

/** Lowercase hex of all bytes. */
export function toHex(buf: Uint8Array): string {
  return hex(buf, 0, buf.length);
}

/** True when every byte is printable ASCII (then the name is its own display form). */
export function isPlainBytes(buf: Uint8Array): boolean {
  for (let i = 0; i < buf.length; i++) if (buf[i] < 0x20 || buf[i] >= 0x7f) return false;
  return true;
}

/**
 * Characters a printed path never holds as such: C0 controls and DEL, C1 controls and the line
 * and paragraph separators (a reader splitting output into lines would split inside the name).
 * Each is shown as U+FFFD with its bytes in the `#b=` suffix, like an invalid byte.
 */
export const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/;

/** Byte length of the control character starting at buf[i], or 0. */
function controlLen(buf: Uint8Array, i: number): number {
  const b = buf[i]!;
  if (b < 0x20 || b === 0x7f) return 1;
  if (b === 0xc2 && buf[i + 1]! >= 0x80 && buf[i + 1]! <= 0x9f) return 2;
  if (b === 0xe2 && buf[i + 1] === 0x80 && (buf[i + 2] === 0xa8 || buf[i + 2] === 0xa9)) return 3;
  return 0;
}

export interface Decoded {
  /** Lossy UTF-8 decoding. */
  text: string;
  /** One token per U+FFFD in `text`, left to right: hex of the invalid run, or "-" for a literal U+FFFD. */
  tokens: string[];
  /** True when the text is the name itself: valid UTF-8 with no control character. */
  valid: boolean;
}

/**
 * WHATWG UTF-8 decode that remembers which bytes produced each replacement character; control
 * characters (see CONTROL) are replaced and remembered the same way.
 */
export function decodeLossy(buf: Uint8Array): Decoded {
  const tokens: string[] = [];
  let valid = true;
  let text = "";
  let chunkStart = 0; // start of the current run of well-formed bytes
  const n = buf.length;
  let i = 0;
  const flush = (end: number) => {
    if (end > chunkStart) text += Buffer.from(buf.buffer, buf.byteOffset + chunkStart, end - chunkStart).toString("utf8");
  };
  while (i < n) {
    const b = buf[i]!;
    const ctl = b < 0x20 || b === 0x7f || b === 0xc2 || b === 0xe2 ? controlLen(buf, i) : 0;
    if (ctl) {
      flush(i);
      text += "\uFFFD";
      tokens.push(hex(buf, i, i + ctl));
      valid = false;
      i += ctl;
      chunkStart = i;
      continue;
    }
    if (b < 0x80) {
      i++;
      continue;
    }
    const len = utf8Seq(buf, i, n);
    if (len < 0) {
      flush(i);
      text += "\uFFFD";
      tokens.push(hex(buf, i, i - len));
      valid = false;
      i -= len;
      chunkStart = i;
      continue;
    }
    // A well-formed U+FFFD (EF BF BD) is a literal replacement character in a valid name.
    if (b === 0xef && buf[i + 1] === 0xbf && buf[i + 2] === 0xbd) tokens.push("-");
    i += len;
  }
  flush(n);
  return { text, tokens, valid };
}

/**
 * The displayed form of a raw relative path (spec §2.7): lossy UTF-8, plus `#b=` and one token per
 * U+FFFD whenever the lossy string contains one; pathBytes (hex of the raw bytes) only when the
 * bytes are not valid UTF-8.
 */
export function displayPath(rawRelBytes: Uint8Array): { display: string; pathBytes?: string } {
  if (isPlainBytes(rawRelBytes)) return { display: Buffer.from(rawRelBytes).toString("latin1") };
  const d = decodeLossy(rawRelBytes);
  const display = d.tokens.length ? d.text + "#b=" + d.tokens.join(".") : d.text;
  return d.valid ? { display } : { display, pathBytes: toHex(rawRelBytes) };
}

/** Display form of a JS string path (valid UTF-8): a literal U+FFFD or a control character needs a suffix. */
export function displayString(s: string): string {
  if (s.indexOf("\uFFFD") < 0 && !CONTROL.test(s)) return s;
  return displayPath(Buffer.from(s, "utf8")).display;
}

const TOKEN_RE = /^(?:[0-9a-f]+|-)(?:\.(?:[0-9a-f]+|-))*$/;

/**
 * Splits a display string into its lossy path and its `#b=` tokens, when the suffix is well formed
 * and has one token per U+FFFD; otherwise the whole string is the lossy path with no tokens.
 */
export function parseDisplay(display: string): { lossy: string; tokens?: string[] } {
  const at = display.lastIndexOf("#b=");
  if (at >= 0) {
    const suffix = display.slice(at + 3);
    const lossy = display.slice(0, at);
    if (TOKEN_RE.test(suffix)) {
      const tokens = suffix.split(".");
      let count = 0;
      for (let i = lossy.indexOf("\uFFFD"); i >= 0; i = lossy.indexOf("\uFFFD", i + 1)) count++;
      if (count === tokens.length) return { lossy, tokens };
    }
  }
  return { lossy: display };
}

/**
 * What rg prints before the paths found under `root`: the root as given, joined with "/" the way
 * Rust's Path::join does (`src` -> `src/`, `src/` stays, `.` -> `./`, `/` stays).
 */
export function printedPrefix(root: string): string {
  return root.endsWith("/") ? root : root + "/";
}

/** The path to print for an entry: its root's prefix and its root-relative display path. */
export function printedPath(e: FileEntry): string {
  return e.root ? e.root.prefix + e.display : e.display;
}

/** Hex of the raw bytes of the printed path, when they differ from its display form. */
export function printedPathBytes(e: FileEntry): string | undefined {
  if (!e.pathBytes) return undefined;
  return e.root?.prefix ? Buffer.from(e.root.prefix).toString("hex") + e.pathBytes : e.pathBytes;
}
