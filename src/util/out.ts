import { writeSync } from "node:fs";
import { UserError } from "./errors.ts";

/**
 * Output goes through fs.writeSync on fd 1: cheaper than process.stdout at start-up and
 * synchronous, so a closed pipe (`| head`) surfaces here as EPIPE and we exit quietly.
 * Writes are batched in memory and flushed in large chunks.
 *
 * A long-lived front (the MCP server) runs a command inside `capture`: what the command would
 * print on stdout and its error lines are collected for that call instead of written. Calls
 * are captured one at a time (the server runs them in order), so one module-level sink serves.
 */
const CHUNK = 1 << 16;
let pending: string[] = [];
let pendingLen = 0;

interface Sink {
  out: string[];
  err: string[];
}
let sink: Sink | undefined;

/** Sleeps for Atomics.wait: nothing ever notifies it. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

export function writeAll(fd: number, s: string): void {
  const buf = Buffer.from(s, "utf8");
  let off = 0;
  let pause = 0.05;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
      pause = 0.05;
    } catch (e: any) {
      // A non-blocking stdout (a pipe a parent left O_NONBLOCK) whose reader is slow: wait for
      // room, a little longer each time up to 10 ms. Retrying at once spun a core for as long as
      // the reader took (a reader 5 s late: 5.2 s of CPU instead of 1.2).
      if (e?.code === "EAGAIN") {
        Atomics.wait(PAUSE, 0, 0, pause);
        pause = Math.min(10, pause * 2);
        continue;
      }
      // A reader that went away (`| head`) is the normal end of a stdout stream; on stderr
      // it must not turn an error's exit code into 0, so the caller decides there.
      if (e?.code === "EPIPE" && fd === 1) process.exit(0);
      // Any other failure of stdout (a full disk, /dev/full, an I/O error) is the user's
      // environment, not ours: one line naming it, exit 2 (rg alike), never "internal".
      if (fd === 1) throw stdoutError(e);
      throw e;
    }
  }
}

/** The error line for a failed write to stdout (ENOSPC, EIO, ...): the user's environment, not ours. */
export function stdoutError(e: any): UserError {
  return new UserError(`cannot write the output: ${e?.code ?? "error"} (${String(e?.message ?? e).replace(/^\w+: /, "").replace(/, write$/, "")})`, "stdout must be writable: free space on its device, or redirect it elsewhere");
}

export function out(s: string): void {
  if (sink) {
    sink.out.push(s);
    return;
  }
  pending.push(s);
  pendingLen += s.length;
  if (pendingLen >= CHUNK) flush();
}

export function flush(): void {
  if (pendingLen === 0) return;
  const s = pending.join("");
  pending = [];
  pendingLen = 0;
  writeAll(1, s);
}

export function errLine(s: string): void {
  if (sink) {
    sink.err.push(s);
    return;
  }
  flush();
  try {
    writeAll(2, s + "\n");
  } catch {
    /* stderr closed: nothing left to tell anyone */
  }
}

export interface Captured<T> {
  /** What `run` returned; undefined when it threw. */
  value?: T;
  /** What it threw. */
  thrown?: unknown;
  /** Everything it printed on stdout, joined. */
  stdout: string;
  /** Its error lines (errLine), without newlines. */
  stderr: string[];
}

/** Runs `run` with its output collected instead of printed. Not re-entrant: one call at a time. */
export async function capture<T>(run: () => Promise<T>): Promise<Captured<T>> {
  if (sink) throw new Error("capture: a captured call is already running");
  const mine: Sink = { out: [], err: [] };
  sink = mine;
  try {
    const value = await run();
    return { value, stdout: mine.out.join(""), stderr: mine.err };
  } catch (thrown) {
    return { thrown: thrown ?? new Error("undefined thrown"), stdout: mine.out.join(""), stderr: mine.err };
  } finally {
    sink = undefined;
  }
}
