/**
 * The current directory, or undefined when it was deleted under us (getcwd fails: ENOENT). rg
 * works there with absolute paths, so must we: callers that only compare against the cwd treat
 * a missing one as "not under it"; the command line front (cli/main.ts) names the problem when
 * a relative path is what failed.
 */
export function currentDir(): string | undefined {
  try {
    return process.cwd();
  } catch {
    return undefined;
  }
}
