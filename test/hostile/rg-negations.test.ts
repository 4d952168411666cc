/**
 * rg 13's hidden negation flags (`--no-binary`, `--ignore`, `--no-encoding`, ...): each restores
 * rg's default and the last of a pair wins, as rg. They were "unknown option" (exit 2) here,
 * so a command line copied from an rg user's habits failed (commands/rg-args.ts UNDOES).
 */
import { test, expect, describe } from "bun:test";
import { spawnSync } from "node:child_process";
import { run, tree } from "../helpers.ts";

const hasRg = spawnSync("rg", ["--version"]).status === 0;

describe("rg's negation flags, as rg 13", () => {
  const d = tree({ ".gitignore": "x.log\n", "x.log": "foo\n", "a.txt": "foo\n", "latin1.txt": Buffer.from("foo caf\xe9\n", "latin1") });
  spawnSync("git", ["init", "-q"], { cwd: d });

  const lines = (s: string) => s.split("\n").filter(Boolean).sort();
  const cases = [
    ["-l", "--no-ignore", "--ignore", "foo"],
    ["-l", "-u", "--ignore", "foo"],
    ["-l", "--ignore", "--no-ignore", "foo"],
    ["--binary", "--no-binary", "-c", "foo"],
    ["-z", "--no-search-zip", "-c", "foo"],
    ["--pre", "cat", "--no-pre", "-c", "foo"],
    ["-P", "--no-pcre2", "-c", "foo"],
    ["-E", "latin1", "--no-encoding", "-c", "café"],
    ["--no-encoding", "-E", "latin1", "-c", "café"],
    ["--no-column", "--no-stats", "--messages", "--unicode", "--no-trim", "--no-line-buffered", "-c", "foo"],
  ];
  for (const args of cases) {
    test.skipIf(!hasRg)(args.join(" ") + " (was 'unknown option')", () => {
      const ours = run(["grep", ...args], d);
      const rg = spawnSync("rg", args, { cwd: d, encoding: "utf8" });
      expect({ code: ours.code, out: lines(ours.stdout) }).toEqual({ code: rg.status!, out: lines(rg.stdout) });
    });
  }

  test("a refused flag after its negation is still refused on one line", () => {
    for (const args of [["--no-binary", "--binary", "foo"], ["--no-pre", "--pre", "cat", "foo"], ["--no-pcre2", "-P", "foo"]]) {
      const r = run(["grep", ...args], d);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: \S+ is an rg flag that agentgrep grep does not support; hint: /);
    }
  });
});
