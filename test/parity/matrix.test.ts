/**
 * The differential matrix against real rg 13 (matrix.ts): every hostile argument list on the
 * hostile fixture is the same as rg's, both an error, or a one-line refusal with a hint; plus the
 * mismatches the matrix found, each pinned on a small tree of its own.
 */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { spawnSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { BIN, tree } from "../helpers.ts";
import { HOSTILE_CASES, HOSTILE_SUBDIR_CASES, hostileTree, judge, oneLineError } from "./matrix.ts";
import { runAg } from "./rg-cli.ts";

// ~300 argument lists, each run by both programs on a loaded 2-core machine: a hang bound.
setDefaultTimeout(900_000);
const hasRg = spawnSync("rg", ["--version"]).status === 0;

describe.skipIf(!hasRg)("grep against rg 13: the differential matrix", () => {
  test("every hostile argument list: rg's result, an error on both sides, or a one-line refusal", () => {
    const root = hostileTree();
    const bad: string[] = [];
    for (const [sub, args] of [...HOSTILE_CASES.map((a): [string, string[]] => [".", a]), ...HOSTILE_SUBDIR_CASES]) {
      const j = judge(BIN, join(root, sub), args);
      if (j.verdict === "diff") bad.push(`(in ${sub}) ${args.join(" ")}: exit ${j.ourCode} vs rg ${j.theirCode}; ${j.ours.length} vs ${j.theirs.length} rows; ${j.stderr.trim()}`);
    }
    expect(bad).toEqual([]);
  });

  const small = () =>
    tree({
      "blank.txt": "\n\n\nx\n",
      "r.txt": "aaa b\nxyz\n:x\n[n]\n",
      "u.txt": "café ß\r\nk\n",
      "lat.txt": Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    });

  const same = (root: string, args: string[]) => {
    const j = judge(BIN, root, args);
    expect({ args, verdict: j.verdict, ours: j.ours }).toEqual({ args, verdict: "same", ours: j.theirs });
  };

  test("an empty match on line 1 is on line 1 (was reported on line 2)", () => {
    const root = small();
    for (const p of ["^$", "^\\s*$", "^", "x?"]) same(root, ["--regex", p]);
  });

  test("Rust's stacked repetitions and repeated anchors are accepted with rg's meaning", () => {
    const root = small();
    for (const p of ["a**", "a+*", "a{2}*", "a{1}{3}", "(a)**", "a+?+", "^*", "$+", "\\b*"]) same(root, ["--regex", p]);
    same(root, ["--regex", "-c", "a{2}{3}|xyz"]);
  });

  test("an unknown POSIX class name is a nested class, as in Rust", () => {
    const root = small();
    for (const p of ["[[:nope:]]", "[[:alpha:][:nope:]]", "[[:upper]]"]) same(root, ["--regex", p]);
  });

  test("-o: empty matches are entries, as rg prints them (counted by -c -o)", () => {
    const root = small();
    for (const p of ["a*", "\\d*", "x?"]) {
      same(root, ["--regex", "-o", p, "r.txt", "blank.txt", "u.txt"]);
      same(root, ["--regex", "-c", "-o", p, "r.txt", "blank.txt", "u.txt"]);
    }
  });

  test("-x '' matches the empty lines (rg -x ''), not an empty-pattern error", () => {
    const root = small();
    same(root, ["-x", "-c", ""]);
    same(root, ["-x", "-n", "-e", "", "-e", "xyz"]);
  });

  test("-m 0 finds nothing in every mode, as rg (-l listed every matching file)", () => {
    const root = small();
    for (const args of [["-l", "-m", "0", "a"], ["-c", "-m", "0", "a"], ["-m", "0", "-v", "-c", "a"], ["--files-without-match", "-m", "0", "a"], ["-m", "0", "a"]]) same(root, args);
  });

  test("--count-matches is rg's: matches per file (was refused)", () => {
    const root = small();
    for (const args of [["--count-matches", "a"], ["--count-matches", "--regex", "\\w"], ["-c", "--count-matches", "-v", "x"], ["--count-matches", "a", "r.txt"], ["--count-matches", "-H", "a", "r.txt"]]) same(root, args);
  });

  test("(?-u) raw byte escapes are refused, never matched as characters", () => {
    const root = small();
    const r = runAg(BIN, root, ["--regex", "(?-u:\\xe9)"]);
    expect(r.code).toBe(2);
    expect(oneLineError(r.stderr)).toBe(true);
    expect(r.stderr).toContain("under (?-u) is not supported");
    same(root, ["--regex", "(?-u)\\x61\\w"]);
  });

  test("a broken symbolic link as a PATH says so (not 'did you mean' itself)", () => {
    const root = small();
    symlinkSync("nowhere", join(root, "dead"));
    const r = runAg(BIN, root, ["a", "dead"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: path not found: dead is a broken symbolic link \(to nowhere\); hint: /);
  });
});
