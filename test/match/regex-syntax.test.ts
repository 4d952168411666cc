/**
 * rg 13's regex syntax at its edges (regex-syntax 0.6), through the built binary: what rg refuses
 * is a one-line error with exit 2, what it accepts matches the lines rg prints. Every expectation
 * was measured with rg 13 (/usr/bin/rg) on the same file; each case failed before the fix in
 * src/match/regex.ts (accepted where rg refuses, refused where rg accepts, or other lines).
 */
import { test, expect, describe } from "bun:test";
import { run, tree } from "../helpers.ts";

const d = tree({ "g.txt": "-\na\nb\n\\\n z\n\x1b\n" });
const grep = (p: string) => run(["grep", "--regex", "-n", "-e", p, "g.txt"], d);

describe("what rg 13 refuses is exit 2 with one error line", () => {
  const cases: [string, RegExp][] = [
    ["(?P<n>a)(?P<n>b)", /duplicate capture group name/],
    ["(?P<n>a)|(?P<n>b)", /duplicate capture group name/],
    ["(?P<9>x)", /invalid capture group character/],
    ["(?ii)a", /duplicate flag/],
    ["(?i-i)a", /duplicate flag/],
    ["(?i-)a", /dangling flag negation operator/],
    ["(?-)a", /dangling flag negation operator/],
    ["(?i-x-)a", /flag negation operator repeated/],
    ["(?R)a", /unrecognized flag 'R'/],
    ["\\e", /unrecognized escape sequence/],
    ["a\\ b", /unrecognized escape sequence/],
    ["[\\d-z]", /invalid range boundary, must be a literal/],
    ["[\\w-a]", /invalid range boundary, must be a literal/],
    ["[\\pL-z]", /invalid range boundary, must be a literal/],
    ["(?x)[\\d - z]", /invalid range boundary, must be a literal/],
    ["\\p{^L}", /unrecognized Unicode class name/],
    ["\\P{^Greek}", /unrecognized Unicode class name/],
    ["\\p{Unknown}", /unrecognized Unicode class name/],
    ["\\p{sc=Zzzz}", /unrecognized Unicode class name/],
    ["\\p{Cs}", /unrecognized Unicode class name/],
    ["\\p{LC}", /unrecognized Unicode class name/],
  ];
  for (const [p, msg] of cases) {
    test(p, () => {
      const r = grep(p);
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: "" });
      expect(r.stderr.trim().split("\n").length).toBe(1);
      expect(r.stderr).toMatch(/^error: invalid regex: .*; hint: /);
      expect(r.stderr).toMatch(msg);
    });
  }
});

describe("what rg 13 accepts matches its lines", () => {
  // [pattern, rg -n's lines] on g.txt: "-", "a", "b", "\", " z", ESC.
  const cases: [string, string[]][] = [
    ["[--a]", ["1:-", "2:a"]],
    ["[^--a]", ["3:b", "4:\\", "5: z", "6:\x1b"]],
    ["[---]", ["1:-"]],
    ["[]-a]", ["1:-", "2:a"]],
    ["[\\na]", ["2:a"]],
    ["[\\n-z]", ["1:-", "2:a", "3:b", "4:\\", "5: z", "6:\x1b"]],
    ["[a~~b]", ["2:a", "3:b"]],
    ["[ab~~bc]", ["2:a"]],
    ["[a-c~~b]", ["2:a"]],
    ["[~~a]", ["2:a"]],
    ["\\p{isL}", ["2:a", "3:b", "5: z"]],
    ["(?P<a.b>a)(?P<c[1]>)", ["2:a"]],
  ];
  for (const [p, lines] of cases) {
    test(p, () => {
      const r = grep(p);
      expect({ code: r.code, stderr: r.stderr, lines: r.stdout.split("\n").filter((l) => /^\d+:/.test(l)) }).toEqual({ code: 0, stderr: "", lines });
    });
  }

  test("a \\n in a class is dropped from it, as rg; a class of nothing else is rg's error", () => {
    expect(grep("[\\na]").stdout).toContain("2:a");
    for (const p of ["[\\n]", "[\\x0A]"]) {
      const r = grep(p);
      expect({ code: r.code, one: r.stderr.trim().split("\n").length }).toEqual({ code: 2, one: 1 });
      expect(r.stderr).toMatch(/^error: invalid regex: the literal '\\n' is not allowed/);
    }
  });

  test("an escaped space only under (?x), and `LC` only as `gc=LC`, as rg", () => {
    expect(grep("(?x)[\\ ]").stdout).toContain("5: z");
    expect(grep("a\\ b").code).toBe(2);
    expect(grep("\\p{gc=LC}").code).toBe(0);
    expect(grep("\\p{LC}").code).toBe(2);
  });

  test("an `is` prefix and a property rg knows that matches nothing here: exit 1, no error", () => {
    for (const p of ["\\p{IsGreek}", "\\p{Is_Greek}", "(?x)a\\ b"]) {
      const r = grep(p);
      expect({ p, code: r.code, err: r.stderr }).toEqual({ p, code: 1, err: "" });
    }
  });
});
