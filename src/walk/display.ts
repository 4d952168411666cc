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

/** True when every byte is < 0x80 (then bytes, UTF-8 and latin1 readings coincide). */
export function isAsciiBytes(buf: Uint8Array): boolean {
  for (let i = 0; i < buf.length; i++) if (buf[i] >= 0x80) return false;
  return true;
}

export interface Decoded {
  /** Lossy UTF-8 decoding. */
  text: string;
  /** One token per U+FFFD in `text`, left to right: hex of the invalid run, or "-" for a literal U+FFFD. */
  tokens: string[];
  /** True when the bytes are valid UTF-8. */
  valid: boolean;
}

/** WHATWG UTF-8 decode that remembers which bytes produced each replacement character. */
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
  if (isAsciiBytes(rawRelBytes)) return { display: Buffer.from(rawRelBytes).toString("latin1") };
  const d = decodeLossy(rawRelBytes);
  const display = d.tokens.length ? d.text + "#b=" + d.tokens.join(".") : d.text;
  return d.valid ? { display } : { display, pathBytes: toHex(rawRelBytes) };
}

/** Display form of a JS string path (always valid UTF-8): only a literal U+FFFD needs a suffix. */
export function displayString(s: string): string {
  if (s.indexOf("\uFFFD") < 0) return s;
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
