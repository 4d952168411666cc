import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from "node:fs";

/** Something to sleep on between reads of a descriptor that has nothing yet. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** How long a named FIFO may stay without a writer before its read is an error. */
export const NO_WRITER_MS = 2000;

/** Thrown when a named FIFO had no writer for NO_WRITER_MS: the read would block forever. */
export class NoWriter extends Error {
  constructor(readonly ms: number) {
    super(`no writer in ${ms} ms`);
    this.name = "NoWriter";
  }
}

/** Thrown by readCapped when the input holds more than the cap. */
export class TooLarge extends Error {
  constructor(readonly cap: number) {
    super(`more than ${cap} bytes`);
    this.name = "TooLarge";
  }
}

/**
 * A small input the user names (a pattern file, a context file, stdin), read to its end in
 * chunks but never past `cap` bytes: readFileSync of /dev/zero or of an endless pipe grew until
 * the machine ran out of memory. FIFOs and pipes are read as they come (`-f <(cmd)` is one).
 */
export function readCapped(path: string | number, cap: number): string {
  return readCappedBytes(path, cap).toString("utf8");
}

/** readCapped's bytes, for a caller that must see input that is not valid UTF-8 as it is. */
export function readCappedBytes(path: string | number, cap: number): Buffer {
  // A named path opens non-blocking: open(2) of a FIFO with no writer blocked forever (before
  // any read), and so did `--context-json fifo` with none. Non-blocking, a read of 0 bytes
  // before the first byte means no writer yet: one that opens within NO_WRITER_MS is read as
  // before (`-f <(cmd)`, a harness writing the FIFO after the start); none is an error.
  const fd = typeof path === "number" ? path : openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    // A named FIFO only: `<(cmd)` is a link to a pipe whose writer was there (its 0 is EOF).
    const fifo = typeof path !== "number" && fstatSync(fd).isFIFO() && lstatSync(path).isFIFO();
    const deadline = Date.now() + NO_WRITER_MS;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(1 << 20, cap + 1 - total));
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (e: any) {
        // A non-blocking descriptor (stdin left O_NONBLOCK by a parent, a FIFO or socket):
        // wait for input instead of spinning on EAGAIN at full CPU.
        if (e?.code === "EAGAIN") {
          Atomics.wait(PAUSE, 0, 0, 10);
          continue;
        }
        if (e?.code === "EOF") break;
        throw e;
      }
      if (n <= 0 && fifo && total === 0) {
        if (Date.now() > deadline) throw new NoWriter(NO_WRITER_MS);
        Atomics.wait(PAUSE, 0, 0, 10);
        continue;
      }
      if (n <= 0) break;
      chunks.push(buf.subarray(0, n));
      total += n;
      if (total > cap) throw new TooLarge(cap);
    }
    return Buffer.concat(chunks, total);
  } finally {
    if (typeof path !== "number") closeSync(fd);
  }
}
