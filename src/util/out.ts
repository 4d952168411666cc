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
      // A reader that went away (`| head`) is the normal end of a stdout stream; on stderr
      // it must not turn an error's exit code into 0, so the caller decides there.
      if (e?.code === "EPIPE" && fd === 1) process.exit(0);
      throw e;
    }
  }
}

export function out(s: string): void {
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
  flush();
  try {
    writeAll(2, s + "\n");
  } catch {
    /* stderr closed: nothing left to tell anyone */
  }
}
