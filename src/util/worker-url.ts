import { existsSync } from "node:fs";

/**
 * Where a worker entry lives. Inside the compiled binary every module shares the entry's URL
 * (/$bunfs/root/<binary>) and each worker entry (build/build.ts ENTRYPOINTS) sits at its
 * src-relative path beside it; the bundle root depends on what the build pulls in, so both
 * spots are tried. Outside the binary (tests, `bun src/cli/main.ts`) the source file is used.
 * `srcRel`: the entry's path under src/ without extension, e.g. "search/worker".
 */
export function workerEntry(srcRel: string, source: URL): string {
  if (import.meta.url.includes("/$bunfs/")) {
    for (const rel of [`./${srcRel}.js`, `./src/${srcRel}.js`]) {
      const u = new URL(rel, import.meta.url);
      if (existsSync(u.pathname)) return u.pathname;
    }
  }
  return source.href;
}
