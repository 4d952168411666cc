/**
 * Globs whose JS regex backtracks where globset's automaton does not (walk/glob.ts body): a
 * `.gitignore` or `-g` with many `*` against a long name, or many `**` against a deep path.
 * Before the fix each command below ran past 60 s (rg answers in milliseconds); the bound here
 * is generous (2 s of CPU) and still far below the old cost.
 */
import { test, expect, describe } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, tree } from "../helpers.ts";

function timed(args: string[], cwd: string) {
  const r = spawnSync("/usr/bin/time", ["-f", "cpu %U %S", BIN, ...args], { cwd, encoding: "utf8", timeout: 60_000 });
  const m = /cpu (\S+) (\S+)\s*$/.exec(r.stderr ?? "");
  return { code: r.status, stdout: r.stdout, cpu: m ? Number(m[1]) + Number(m[2]) : Infinity };
}

describe("pathological globs cost what plain ones do", () => {
  const long = tree({ [`${"a".repeat(200)}.txt`]: "foo\n", "b.txt": "foo\n" });
  spawnSync("git", ["init", "-q"], { cwd: long });

  test("a .gitignore rule with many * against a 200-byte name (was > 60 s)", () => {
    writeFileSync(join(long, ".gitignore"), "*a*a*a*a*a*a*a*a*b\n*a*a*a*a*a*a*a*a*.txt\n");
    const r = timed(["grep", "-l", "foo"], long);
    expect({ code: r.code, out: r.stdout }).toEqual({ code: 0, out: "b.txt\n" });
    expect(r.cpu).toBeLessThan(2);
  }, 70_000);

  test("-g with many * (was > 60 s)", () => {
    const r = timed(["grep", "-l", "-g", "*a*a*a*a*a*a*a*a*b", "-g", "*a*a*a*a*a*a*a*a*.txt", "foo"], long);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${"a".repeat(200)}.txt\n`);
    expect(r.cpu).toBeLessThan(2);
  }, 70_000);

  test("a rule with many **/ against a 40-level path (was 6 s of CPU)", () => {
    const deep = tree({ "top.txt": "foo\n" });
    spawnSync("git", ["init", "-q"], { cwd: deep });
    const dir = join(deep, ...Array(40).fill("a"));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "f.txt"), "foo\n");
    writeFileSync(join(deep, ".gitignore"), "**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/b\n**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/a/**/f.txt\n");
    const r = timed(["grep", "-l", "foo"], deep);
    expect({ code: r.code, out: r.stdout }).toEqual({ code: 0, out: "top.txt\n" });
    expect(r.cpu).toBeLessThan(2);
  }, 70_000);
});
