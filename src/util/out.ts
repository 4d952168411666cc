import { writeSync } from "node:fs";

/**
 * Output goes through fs.writeSync on fd 1: cheaper than process.stdout at start-up and
 * synchronous, so a closed pipe (`| head`) surfaces here as EPIPE and we exit quietly.
 * Writes are batched in memory and flushed in large chunks.
 */
const CHUNK = 1 << 16;
let pending: string[] = [];
let pendingLen = 0;

function writeAll(fd: number, s: string): void {
  const buf = Buffer.from(s, "utf8");
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
    } catch (e: any) {
      if (e?.code === "EAGAIN") continue;
      if (e?.code === "EPIPE") process.exit(0);
      throw e;
    }
  }
}

export function out(s: string): void {
  pending.push(s);
  pendingLen += s.length;
  if (pendingLen >= CHUNK) flush();
}

export function outLine(s: string): void {
  out(s + "\n");
}

/** Raw bytes to stdout (used for non-UTF-8-safe passthrough); flushes text first. */
export function outBytes(b: Uint8Array): void {
  flush();
  let off = 0;
  while (off < b.length) {
    try {
      off += writeSync(1, b, off, b.length - off);
    } catch (e: any) {
      if (e?.code === "EAGAIN") continue;
      if (e?.code === "EPIPE") process.exit(0);
      throw e;
    }
  }
}

export function flush(): void {
  if (pendingLen === 0) return;
  const s = pending.join("");
  pending = [];
  pendingLen = 0;
  writeAll(1, s);
}

export function errLine(s: string): void {
  flush();
  try {
    writeAll(2, s + "\n");
  } catch {
    /* stderr closed: nothing left to tell anyone */
  }
}
