import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { UserError } from "../src/util/errors.ts";

/** The built binary under test (test/run.sh builds it); override with AGENTGREP_BIN. */
export const BIN = process.env.AGENTGREP_BIN ?? join(import.meta.dir, "..", "dist", "agentgrep");

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the compiled binary as a user would, from `cwd` (default: an empty temp dir). */
export function run(args: string[], cwd?: string, env?: Record<string, string>): RunResult {
  const r = spawnSync(BIN, args, {
    cwd: cwd ?? mkdtempSync(join(tmpdir(), "ag-empty-")),
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Builds a fixture tree in a fresh temp dir: keys are relative paths, values file contents. */
export function tree(files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(join(tmpdir(), "ag-fx-"));
  for (const [rel, content] of Object.entries(files)) {
    const p = join(root, rel);
    mkdirSync(join(p, ".."), { recursive: true });
    writeFileSync(p, content);
  }
  return root;
}

export { symlinkSync };

/**
 * Runs the binary as an unprivileged user, for permission tests: root ignores chmod 000, so as
 * root the binary runs as nobody through setpriv (fixture dirs must then be world-traversable).
 * Throws when that is impossible: a permission test must fail loudly, never pass vacuously.
 */
export function runUnprivileged(args: string[], cwd: string): RunResult {
  if (process.getuid?.() !== 0) return run(args, cwd);
  const r = spawnSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", BIN, ...args], {
    cwd,
    env: { ...process.env },
    encoding: "utf8",
  });
  if (r.error) throw new Error(`cannot drop privileges with setpriv for a permission test: ${r.error.message}`);
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The UserError that fn throws; fails the test if it throws nothing or something else. */
export function userErrorOf(fn: () => unknown): UserError {
  try {
    fn();
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error("expected a UserError");
}
