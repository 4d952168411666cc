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
  return e.hint ? `error: ${e.message}; hint: ${e.hint}` : `error: ${e.message}`;
}
