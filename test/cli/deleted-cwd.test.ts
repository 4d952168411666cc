/**
 * A harness may run a tool in a directory that has since been removed (issue 22). rg works there
 * with absolute paths; so must every command, and a relative path (or none: the default '.')
 * must be one clear line and exit 2, never Bun's start-up message with exit 1 ("no match").
 */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { BIN, tree, type RunResult } from "../helpers.ts";

setDefaultTimeout(60_000);

/** Runs the binary in a working directory deleted just before it starts. */
function runInDeletedCwd(args: string[]): RunResult {
  const dir = mkdtempSync(join(tmpdir(), "ag-gone-"));
  const r = spawnSync("sh", ["-c", 'cd "$1" && rmdir "$1" && shift && exec "$@"', "sh", dir, BIN, ...args], { encoding: "utf8", env: { ...process.env } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const root = tree({
  "src/auth.py": "def check_token(tok):\n    return tok == 'secret'\n\n\ndef login(user, tok):\n    return check_token(tok)\n",
  "src/util.py": "def helper():\n    return 1\n",
});

describe("in a deleted working directory, absolute paths work", () => {
  test("grep with an absolute --path and an absolute PATH", () => {
    for (const args of [["grep", "--path", root, "check_token"], ["grep", "check_token", root]]) {
      const r = runInDeletedCwd(args);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`${root}/src/auth.py`);
      expect(r.stdout).toContain("login");
    }
  });
  test("grep -l, outline, find and trace with absolute paths", () => {
    const l = runInDeletedCwd(["grep", "-l", "check_token", root]);
    expect([l.code, l.stdout, l.stderr]).toEqual([0, `${root}/src/auth.py\n`, ""]);
    const o = runInDeletedCwd(["outline", `${root}/src/auth.py`]);
    expect(o.code).toBe(0);
    expect(o.stdout).toMatch(/check_token.*1-2/);
    const f = runInDeletedCwd(["find", "--path", root, "check", "token"]);
    expect(f.code).toBe(0);
    expect(f.stdout).toContain("auth.py");
    const t = runInDeletedCwd(["trace", "--path", root, "subject:check_token", "relation:called"]);
    expect(t.code).toBe(0);
    expect(t.stdout).toContain("auth.py");
  });
});

describe("in a deleted working directory, a relative path is one clear line and exit 2", () => {
  const GONE = /^error: the current directory was deleted, so the relative path '([^']*)' cannot be resolved; hint: cd to a directory that exists, or give absolute paths/;
  for (const [args, path] of [
    [["grep", "check_token"], "."],
    [["grep", "--path", "src", "check_token"], "src"],
    [["grep", "-l", "check_token", "src"], "src"],
    [["outline", "src/auth.py"], "src/auth.py"],
    [["find", "check", "token"], "."],
    [["trace", "subject:check_token", "relation:called"], "."],
  ] as const) {
    test(args.join(" "), () => {
      const r = runInDeletedCwd([...args]);
      expect(r.stdout).toBe("");
      expect(r.stderr.split("\n").filter(Boolean).length).toBe(1);
      expect(r.stderr).toMatch(GONE);
      expect(GONE.exec(r.stderr)![1]).toBe(path);
      expect(r.code).toBe(2);
    });
  }
});
