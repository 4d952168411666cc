import { readdirSync, statSync } from "node:fs";
import { editDistance } from "../util/text.ts";

/**
 * Existing paths close to one that does not exist, for a "did you mean" hint: the first missing
 * component is compared with the entries of the deepest directory that does exist (same name in
 * another case, one name a prefix or part of the other, or a small edit distance), and the rest
 * of the path is kept where it exists below the pick. One readdir: cheap enough for an error path.
 */
export function nearPaths(path: string, limit = 3): string[] {
  const { abs, parts, depth } = existingDepth(path);
  if (depth >= parts.length) return [];
  const prefix = path.startsWith("./") ? "./" : "";
  // One component too many (`Lib/json/` typed at the root of an installed stdlib, which is Lib
  // itself): the rest of the path, from the deepest directory that exists, is what was meant.
  const dropped: string[] = [];
  for (let k = depth + 1; k < parts.length && dropped.length === 0; k++) {
    const rest = join(abs, [...parts.slice(0, depth), ...parts.slice(k)]);
    if (exists(rest)) dropped.push(prefix + rest);
  }
  const near = closest(join(abs, parts.slice(0, depth)), parts[depth]!, limit).map((e) => {
    // The rest of the path, each part taken as is where it exists, else its closest entry.
    const shown = [...parts.slice(0, depth), e];
    for (const part of parts.slice(depth + 1)) {
      const dir = join(abs, shown);
      const next = exists(join(abs, [...shown, part])) ? part : closest(dir, part, 1)[0];
      if (next === undefined) break;
      shown.push(next);
    }
    return prefix + join(abs, shown);
  });
  return [...new Set([...dropped, ...near])].slice(0, limit);
}

/** The entries of `dir` closest to `name`, best first (name order among equals). */
function closest(dir: string, name: string, limit: number): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir || ".");
  } catch {
    return [];
  }
  // Compared in one Unicode normalization: a name typed composed (NFC `é`) and stored decomposed
  // (NFD, as macOS and some archives write it) is the same name to the eye, never "not found" alone.
  const want = name.normalize("NFC").toLowerCase();
  const scored: Array<[number, string]> = [];
  for (const e of entries) {
    const s = nameDistance(want, e.normalize("NFC").toLowerCase());
    if (s !== undefined) scored.push([s, e]);
  }
  scored.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return scored.slice(0, limit).map(([, e]) => e);
}

/** 0 same but for case, 1 one name starts the other, 2 one contains the other, 3+ edit distance. */
function nameDistance(want: string, have: string): number | undefined {
  if (want === have) return 0;
  if (want.length >= 3 && have.length >= 3 && (have.startsWith(want) || want.startsWith(have))) return 1;
  if (want.length >= 4 && (have.includes(want) || (have.length >= 4 && want.includes(have)))) return 2;
  const max = Math.max(1, Math.floor(want.length / 4));
  if (Math.abs(want.length - have.length) > max || want.length > 64) return undefined;
  const d = editDistance(want, have);
  return d <= max ? 2 + d : undefined;
}

const join = (abs: boolean, parts: string[]) => (abs ? "/" : "") + parts.join("/");

function isDir(p: string): boolean {
  try {
    return statSync(p || ".").isDirectory();
  } catch {
    return false;
  }
}

function exists(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Suggestions that differ from what was typed only in Unicode normalization look identical when
 * printed: each such one says so, so the hint explains itself (the suggestion is the name's bytes
 * on disk, which open as printed).
 */
export function explainNormalization(given: string, picks: string[]): string[] {
  const g = given.normalize("NFC");
  return picks.map((p) => (p !== given && p.normalize("NFC") === g ? `${p} (the same name as stored on disk, in Unicode ${p === p.normalize("NFD") ? "NFD" : "another"} form; copy it as printed)` : p));
}

/** A path's parts (no empty or `.` ones), and how many of them lead through existing directories. */
function existingDepth(path: string): { abs: boolean; parts: string[]; depth: number } {
  const abs = path.startsWith("/");
  const parts = path.split("/").filter((p) => p !== "" && p !== ".");
  let depth = 0;
  while (depth < parts.length && isDir(join(abs, parts.slice(0, depth + 1)))) depth++;
  return { abs, parts, depth };
}

/**
 * The first component of a missing path that does not exist, the directory it was looked for in
 * ("" = the current directory), and the path's last part: an agent that typed `Modules/x.c`
 * learns that there is no `Modules` here at all, not only that the file is missing.
 */
export function missingPart(path: string): { part: string; dir: string; base: string } | undefined {
  const { abs, parts, depth } = existingDepth(path);
  if (depth >= parts.length) return undefined;
  return { part: parts[depth]!, dir: join(abs, parts.slice(0, depth)), base: parts[parts.length - 1]! };
}
