// Command-line arguments that are not valid UTF-8: the runtime decodes each bad byte as U+FFFD, so
// a word or pattern would be searched (or dropped) as another text than the one typed.
import { readFileSync } from "node:fs";
import { isUtf8 } from "node:buffer";
import { UserError } from "../util/errors.ts";

/** The error for a pattern that is not valid UTF-8 (rg's too), naming its first bad byte. */
export function notUtf8(what: string, raw: Buffer, why: string, hint: string): UserError {
  const i = firstInvalidUtf8(raw);
  return new UserError(`${what} is not valid UTF-8 (byte \\x${raw[i]!.toString(16).toUpperCase().padStart(2, "0")} at offset ${i}); ${why}`, hint);
}

/** Offset of the first byte of raw that starts no valid UTF-8 sequence (raw is known invalid). */
function firstInvalidUtf8(raw: Buffer): number {
  for (let i = 0; i < raw.length; ) {
    const b = raw[i]!;
    const n = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (n === 0 || i + n > raw.length || !isUtf8(raw.subarray(i, i + n))) return i;
    i += n;
  }
  return raw.length - 1;
}

/**
 * rg refuses a command-line pattern (and find and trace a word) that is not valid UTF-8. The runtime hands argv over decoded
 * (an invalid byte as U+FFFD), so a pattern holding U+FFFD is checked against the raw argument
 * bytes (/proc/self/cmdline): it was invalid when an argument that is not UTF-8 decodes to it (or
 * ends so: -ePAT, --regexp=PAT) and no valid argument holds it as typed.
 */
export function checkArgvUtf8(patterns: string[], what: string, why: string, hint: string): void {
  const suspects = patterns.filter((p) => p.includes("\uFFFD"));
  if (suspects.length === 0) return;
  let raw: Buffer;
  try {
    raw = readFileSync("/proc/self/cmdline");
  } catch {
    return; // no /proc: the pattern is searched as decoded
  }
  const args: Buffer[] = [];
  for (let at = 0; at < raw.length; ) {
    const z = raw.indexOf(0, at);
    const end = z < 0 ? raw.length : z;
    args.push(raw.subarray(at, end));
    at = end + 1;
  }
  for (const p of suspects) {
    if (args.some((a) => isUtf8(a) && a.toString("utf8").includes(p))) continue;
    const bad = args.find((a) => !isUtf8(a) && a.toString("utf8").endsWith(p));
    if (bad) throw notUtf8(`${what} ${JSON.stringify(bad.toString("utf8"))}`, bad, why, hint);
  }
}

