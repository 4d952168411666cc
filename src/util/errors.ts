/**
 * A problem with the user's input or environment. The CLI prints `error: <message>`
 * (plus an optional hint line) on stderr and exits with `exitCode` (2 by default).
 * Throw this from any layer instead of printing: only the CLI entry decides how to report.
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = "UserError";
  }
}

/** The CLI's one error line: the problem, then how to fix it. */
export function errorLine(e: { message: string; hint?: string }): string {
  const message = oneLine(e.message);
  return e.hint ? `error: ${message}; hint: ${oneLine(e.hint)}` : `error: ${message}`;
}

/**
 * Errors quote what the user gave: a newline in it stays `\n`, any other control character
 * (a carriage return, an escape sequence, U+2028) its `\xNN`/`\uNNNN` escape, so the line stays
 * one line and cannot rewrite the terminal; a 10 MB pattern is cut to its ends.
 */
function oneLine(s: string): string {
  const flat = s.replace(/\r?\n/g, "\\n").replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]/g, (c) => {
    const n = c.charCodeAt(0);
    return n < 0x100 ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u${n.toString(16)}`;
  });
  return flat.length <= 2000 ? flat : `${flat.slice(0, 1000)} ... [${flat.length - 2000} chars cut] ... ${flat.slice(-1000)}`;
}

/**
 * The fix for a path that could not be read, by the errno code: only EACCES and EPERM are
 * permissions. An I/O error (EIO: /proc/self/mem, a failing disk, a stale network mount) was
 * told to check its permissions, which are fine.
 */
export function unreadableHint(code: string | undefined, permissionsHint: string): string {
  if (code === "EIO") return "the system reported an I/O error reading it (a special file such as /proc/self/mem, a failing disk or a stale mount): give a regular file";
  return permissionsHint;
}
