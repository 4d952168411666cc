import { closeSync, openSync, readSync } from "node:fs";

/** Something to sleep on between reads of a descriptor that has nothing yet. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

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
  const fd = typeof path === "number" ? path : openSync(path, "r");
  try {
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
