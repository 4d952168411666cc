/**
 * rg 13's limits on a regex (the Rust regex crate's): a compiled program over 100 MiB and an AST
 * deeper than 250 levels are errors (exit 2). Here both were taken by the backtracking engine:
 * `a{99999999}` exited 1 as a silent empty result, 10,000 nested groups matched. Also rg 13
 * joins -e regexes with a bare `|` (`-e 'a(' -e ')'` is `a(|)`, a `(?i)` carries over), and
 * refuses an empty class (`[a&&b]`). Thresholds below were measured with rg 13 on the same file.
 */
import { test, expect, describe } from "bun:test";
import { run, tree } from "../helpers.ts";

const nested = (n: number, inner: string) => "(".repeat(n) + inner + ")".repeat(n);

describe("rg's regex size limit", () => {
  const d = tree({ "a.txt": "aaa\nbbb\n" });

  test("past 100 MiB: exit 2, one line naming the limit and the fix (was exit 1, no match)", () => {
    for (const p of ["a{99999999}", "(a{10000}){10000}", "\\w{50000}", "(?i)\\w{10000}", "\\pL{1200}"]) {
      const r = run(["grep", "--regex", "-e", p, "a.txt"], d);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^error: invalid regex: compiled regex exceeds size limit of 104857600 bytes .*; hint: use a smaller counted repetition/);
      expect(r.stderr.trim().split("\n").length).toBe(1);
    }
  });

  test("under the limit, as rg: searched (exit 1 here, no line has 1000 a's)", () => {
    for (const p of ["(a{1000}){1000}", "a{1000}{1000}", "\\w{800}", "[a-z]{100000}", "a{3000000}"]) {
      const r = run(["grep", "--regex", "-e", p, "a.txt"], d);
      expect(r.stderr).not.toMatch(/error/);
      expect(r.code).toBe(1);
    }
  });

  test("a literal past the limit is rg's error too (4 MB: 128 MB compiled)", () => {
    const p = tree({ "p.txt": "a".repeat(4_000_000) + "\n" });
    const r = run(["grep", "-f", `${p}/p.txt`, "a.txt"], d);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: compiled regex exceeds size limit/);
  });
});

describe("rg's nesting limit of 250", () => {
  const d = tree({ "a.txt": "aaa\nbbb\n" });
  const code = (args: string[]) => run(["grep", "-q", "--regex", ...args, "a.txt"], d).code;

  test("10,000 nested groups: exit 2 at once, a short one-line error (was a match)", () => {
    const r = run(["grep", "--regex", "-e", nested(10000, "a"), "a.txt"], d);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: invalid regex: exceed the maximum number of nested parentheses\/brackets \(250\)/);
    expect(r.stderr.length).toBeLessThan(3000);
  });

  test("the boundary where rg puts it: groups, concatenations, classes, -w, several -e", () => {
    expect(code(["-e", nested(250, "a")])).toBe(0);
    expect(code(["-e", nested(251, "a")])).toBe(2);
    expect(code(["-e", nested(249, "ab")])).toBe(1);
    expect(code(["-e", nested(250, "ab")])).toBe(2);
    expect(code(["-e", nested(249, "[a]")])).toBe(0);
    expect(code(["-e", nested(249, "[ab]")])).toBe(2);
    expect(code(["-e", nested(248, "[ab]")])).toBe(0);
    expect(code(["-e", "[".repeat(300) + "a" + "]".repeat(300)])).toBe(2);
    expect(code(["-w", "-e", nested(248, "a")])).toBe(1);
    expect(code(["-w", "-e", nested(249, "a")])).toBe(2);
    expect(code(["-e", nested(249, "a"), "-e", "b"])).toBe(0);
    expect(code(["-e", nested(250, "a"), "-e", "b"])).toBe(2);
  });
});

describe("rg 13 checks the limit again on the printed HIR it compiles (twice more under -w)", () => {
  const d = tree({ "a.txt": "aaa\nbbb\n" });
  const code = (args: string[]) => run(["grep", "-q", "--regex", ...args, "a.txt"], d).code;
  // [pattern, flags, rg 13's exit code]: each measured with rg 13 on this file.
  const cases: [string, string[], number][] = [
    // A case-folded letter, `.`, `\w`, `\d`, `\pL`, a class of several ranges: 2 levels when printed.
    [nested(249, "a"), ["-i"], 2],
    [nested(249, "(?i)a"), [], 2],
    [nested(249, "."), [], 2],
    [nested(248, "."), [], 0],
    [nested(249, "\\w"), [], 2],
    [nested(249, "\\d"), [], 2],
    [nested(249, "[^a]"), [], 2],
    [nested(249, "[[:alpha:]]"), [], 2],
    [nested(248, "(?i:a)"), [], 2],
    // A flag setter is gone from the printed HIR: `(?i)1` is one item, not a concatenation.
    [nested(249, "(?i)1"), [], 1],
    [nested(249, "(?x) a"), [], 0],
    // `^`/`$` print as `(?m:^)`: one level, two after -w's second print.
    [nested(250, "^"), [], 2],
    [nested(249, "^"), [], 0],
    [nested(247, "^"), ["-w"], 2],
    [nested(246, "^"), ["-w"], 1],
    // One range is one level: `[ab]` prints as `[a-b]`, `[[:digit:]]` as `[0-9]`.
    [nested(247, "[ab]"), ["-w"], 1],
    [nested(247, "[[:digit:]]"), ["-w"], 1],
    [nested(247, "[[a]]"), ["-w"], 1],
    [nested(247, "."), ["-w"], 2],
    [nested(246, "."), ["-w"], 1],
    // Under (?-u) a class prints inside `(?-u:...)`.
    [nested(248, "(?-u)\\w"), [], 2],
    [nested(245, "(?-u)\\w"), ["-w"], 2],
  ];
  test("each kind of atom at the depth where rg 13 starts refusing it, with and without -i, -w", () => {
    const got = cases.map(([p, flags]) => code([...flags, "-e", p]));
    expect(cases.map(([p, flags], i) => `${p.slice(240, 262)} ${flags.join(" ")} -> ${got[i]}`)).toEqual(cases.map(([p, flags, want]) => `${p.slice(240, 262)} ${flags.join(" ")} -> ${want}`));
  });
});

describe("a class that matches nothing is rg's error (was a silent empty result)", () => {
  const d = tree({ "a.txt": "aaa\nbbb\n" });
  test("negated, alone or beside an alternative; a nested empty one is not", () => {
    for (const p of ["[^\\x00-\\x{10FFFF}]", "[^\\x00-\\x{10FFFF}]|a", "(?i)[^\\x00-\\x{10FFFF}a]", "[^\\w\\W]|a"]) {
      const r = run(["grep", "--regex", "-e", p, "a.txt"], d);
      expect({ p, code: r.code, out: r.stdout }).toEqual({ p, code: 2, out: "" });
      expect(r.stderr).toMatch(/^error: invalid regex: empty character classes are not allowed/);
    }
    const r = run(["grep", "--regex", "-e", "[^\\x00-\\x09\\x0B-\\x{10FFFF}]|a", "a.txt"], d);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: invalid regex: the literal '\\n' is not allowed/);
    expect(run(["grep", "-q", "--regex", "[[^\\x00-\\x{10FFFF}]a]", "a.txt"], d).code).toBe(0);
    // An empty -f file still matches nothing, exit 1 (its internal pattern is no empty class).
    const f = tree({ "p.txt": "" });
    const e = run(["grep", "-c", "-f", `${f}/p.txt`, "a.txt"], d);
    expect({ code: e.code, err: e.stderr }).toEqual({ code: 1, err: "" });
  });
});

describe("-e regexes joined as rg 13 joins them", () => {
  const d = tree({ "a.txt": "aaa\nbbb\n" });

  test("`-e 'a(' -e ')'` is the valid a(|), matching aaa only (was an unclosed-group error)", () => {
    const r = run(["grep", "--regex", "-c", "-e", "a(", "-e", ")", "a.txt"], d);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/(^|:)1$/);
  });

  test("a leading (?i) carries over to the next pattern, as rg 13 (bbb matches BBB)", () => {
    const r = run(["grep", "--regex", "-e", "(?i)zzz", "-e", "BBB", "a.txt"], d);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("bbb");
  });

  test("an empty class is rg's error; a negated one is not", () => {
    const e = run(["grep", "--regex", "[a&&b]", "a.txt"], d);
    expect(e.code).toBe(2);
    expect(e.stderr).toMatch(/^error: invalid regex: empty character classes are not allowed/);
    expect(run(["grep", "-q", "--regex", "[^a&&b]", "a.txt"], d).code).toBe(0);
  });
});

describe("more patterns than the JS engine compiles in one regex", () => {
  const d = tree({ "a.txt": "x w5 y\n" });
  const p = tree({ "p.txt": Array.from({ length: 200_000 }, (_, i) => `w${i}`).join("\n") + "\n" });

  test("literal -f: a one-line user error naming the count and the fix (was `error: internal: ...`)", () => {
    const r = run(["grep", "-f", `${p}/p.txt`, "a.txt"], d);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: 200000 patterns are too many for one search here .*; hint: split the patterns/);
    expect(r.stderr).not.toMatch(/internal/);
  });

  test("--regex -f: the error's hint says what to do (was the generic one on escaping)", () => {
    const r = run(["grep", "--regex", "-f", `${p}/p.txt`, "a.txt"], d);
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBeLessThan(3000);
    expect(r.stderr).toMatch(/hint: split the patterns/);
  });
});
