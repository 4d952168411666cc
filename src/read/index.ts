// PLACEHOLDER (to be replaced by the read layer): whole-file read + NUL check.
import { readFileSync } from "node:fs";

export interface TextFile {
  text: string; // lossy UTF-8, BOM stripped
  bytes: number;
}

/** Reads a whole text file; null when binary (NUL byte, as rg) or unreadable. */
export function readText(open: string | Buffer): TextFile | null {
  try {
    const b = readFileSync(open);
    if (b.indexOf(0) >= 0) return null;
    let text = new TextDecoder().decode(b);
    return { text, bytes: b.length };
  } catch {
    return null;
  }
}
