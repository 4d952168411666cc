import { test, expect, describe } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { translateRegex, wordWrap } from "../../src/match/regex.ts";
import { pikeProgram, pikeSearch, pikeStats } from "../../src/match/pike.ts";
import { compileMatcher, firstLongLine, LONG_LINE, longLineStats } from "../../src/match/index.ts";
import { afterEmpty } from "../../src/match/shared.ts";
import type { MatchOptions } from "../../src/match/types.ts";

const opts = (pattern: string, o: Partial<MatchOptions> = {}): MatchOptions => ({ pattern, regex: true, ignoreCase: false, wordRegexp: false, ...o });

/** Every match of the JS pattern and of the VM in `s`, as "start,end" (empty matches step one character). */
function both(p: string, ignoreCase: boolean, word: boolean, s: string): [string, string] | undefined {
  const t = translateRegex(p, ignoreCase);
  const src = word ? wordWrap(t.source) : t.source;
  const prog = pikeProgram(src, t.flags);
  if (!prog) return undefined;
  const re = new RegExp(src, t.flags + "g");
  const js: string[] = [];
  const vm: string[] = [];
  for (let m = re.exec(s); m; m = re.exec(s)) {
    js.push(`${m.index},${m.index + m[0].length}`);
    if (m[0].length === 0) re.lastIndex = afterEmpty(s, m.index);
    if (re.lastIndex > s.length) break;
  }
  for (let r = pikeSearch(prog, s, 0, s.length); r; ) {
    vm.push(`${r[0]},${r[1]}`);
    const next = r[1] === r[0] ? afterEmpty(s, r[1]) : r[1];
    if (next > s.length) break;
    r = pikeSearch(prog, s, next, s.length);
  }
  return [js.join(" "), vm.join(" ")];
}

describe("the linear VM matches what the JS pattern matches", () => {
  const patterns = [
    "\\w+z", "a+z", "(?:ab|a)+c", "a*?b", "x|\\w+y", "\\bfo+\\b", "^a+$", "[a-c]+?c", "(a|ab)(c|bcd)*", "a{2,}b", "a{1,3}?b*",
    "\\d+\\.\\d*", "(?i)AB+c", "é+\\w*", "\\s+\\S+", ".*b", "(?:a*)*b", "(a*)+", "a|b|cd+", "[^a]+a", "\\W+\\w+$", "(?i:x)y+",
    "(a|aa)*b", "(a+)+b", "\\p{Greek}+", "[[a-c]--[b]]+", "(?U)a+b?", "[[:alpha:]]+1", "\\B\\w+", "\\x{1F600}+a*",
  ];
  const alphabet = ["a", "b", "c", "z", "y", " ", "é", "α", "X", "1", ".", "A", "B", "\r", "\u{1F600}"];
  // A fixed generator: the same strings every run.
  let seed = 12345;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
  for (const p of patterns)
    test(JSON.stringify(p), () => {
      for (const ic of [false, true])
        for (const w of [false, true])
          for (let k = 0; k < 150; k++) {
            let s = "";
            for (let len = rnd(12); len > 0; len--) s += alphabet[rnd(alphabet.length)];
            const r = both(p, ic, w, s);
            expect(r).toBeDefined();
            expect([p, ic, w, s, r![1]]).toEqual([p, ic, w, s, r![0]]);
          }
    });
  test("only patterns that can repeat without bound get a program", () => {
    for (const p of ["foo|bar", "a{2,40}b", "\\bx\\b", "[a-z]?q"]) {
      const t = translateRegex(p, false);
      expect(pikeProgram(t.source, t.flags)).toBeUndefined();
    }
  });
});

describe("long lines: the VM's steps grow with the line, not its square", () => {
  const n = 200_000;
  test("a repetition over one 200,000-character line of word characters", () => {
    const line = "a".repeat(n);
    // `\w+z` as grep's zero-result diagnosis widens it (-i, and its literal reading): JSC took 24 s.
    for (const [p, tail, hits] of [["(?:\\w+z)|(?:\\\\w\\+z)", "", 0], ["\\w+\\w+z", "z", 1], ["(a|b)+z", "", 0], ["(a+)+z", "z", 1]] as const) {
      const buf = Buffer.from(`short\n${line}${tail}\nlast aaz\n`);
      const m = compileMatcher(opts(p, { ignoreCase: true }));
      const lines0 = longLineStats.lines;
      pikeStats.steps = 0;
      const found = m.scan(buf, 0, buf.length, false);
      expect(longLineStats.lines - lines0).toBe(1);
      expect(pikeStats.steps).toBeLessThan(8 * n);
      expect(found.map((x) => x.line)).toEqual(hits ? [2, 3] : [3]);
      if (hits) expect(found[0]!.spans).toEqual([[0, n + 1]]);
      expect(m.count(buf, 0, buf.length)).toBe(found.length);
    }
  });
  test("long lines are found wherever they are; short ones stay with the JS engine", () => {
    const long = "x".repeat(LONG_LINE + 1);
    expect(firstLongLine(Buffer.from(`a\n${long}\nb\n`), 0, LONG_LINE + 6)).toBe(2);
    expect(firstLongLine(Buffer.from(`a\n${"x".repeat(LONG_LINE)}\nb\n`), 0, LONG_LINE + 5)).toBe(-1);
    const many = Buffer.from(`${"ab\n".repeat(5000)}${long}\n${"ab\n".repeat(5000)}`);
    expect(firstLongLine(many, 0, many.length)).toBe(15000);
    const lines0 = longLineStats.lines;
    const m = compileMatcher(opts("a+b"));
    expect(m.count(many, 0, many.length)).toBe(10000);
    expect(longLineStats.lines - lines0).toBe(1);
  });
  test("the same lines and matches as rg, around long lines", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentgrep-pike-"));
    const text = `short z line\n${"a".repeat(9000)}\n${"b".repeat(5000)}z${"a".repeat(3000)} foo_z\r\nplain\n${"ab".repeat(6000)}c\n${"é".repeat(4500)}zz\ntail aaz`;
    writeFileSync(join(dir, "f.txt"), text);
    const buf = Buffer.from(text);
    for (const p of ["\\w+z", "(a|b)+z", "\\w+\\w+z", "(?:ab)+c", "é+z", "b+a+ ", "fo+_z$"]) {
      const rg = spawnSync("rg", ["--no-config", "-n", "-o", "-e", p, "f.txt"], { cwd: dir, encoding: "utf8" }).stdout;
      const ours = compileMatcher(opts(p)).scan(buf, 0, buf.length, false).flatMap((m) => m.spans.map(([a, b]) => `${m.line}:${m.text.slice(a, b)}\n`)).join("");
      expect([p, ours]).toEqual([p, rg]);
    }
  });
});

test("an empty match before a character outside the BMP moves past it (it matched there forever)", () => {
  const buf = Buffer.from("x\u{1F600}y\n");
  const ms = compileMatcher(opts("a*")).scan(buf, 0, buf.length, false);
  expect(ms.map((m) => m.spans)).toEqual([[[0, 0], [1, 1], [3, 3], [4, 4]]]);
});

test("a line count asks the VM for one match per long line (every span was quadratic: -c took minutes where rg -c is instant)", () => {
  // `\S+$|a*` matches (empty) at every position; finding each match scans the rest of the run.
  const line = "x".repeat(20000);
  const buf = Buffer.from(`${line} y\nshort\n${line}\n`);
  const m = compileMatcher(opts("\\S+$|a*"));
  const steps0 = pikeStats.steps;
  expect(m.count(buf, 0, buf.length)).toBe(3);
  // One search per long line: linear in the bytes (all spans: ~2e8 steps).
  expect(pikeStats.steps - steps0).toBeLessThan(20 * buf.length);
  // The lines and their spans, when asked for, are unchanged.
  const short = Buffer.from(`${"x".repeat(LONG_LINE + 10)}\n`);
  const n = LONG_LINE + 10;
  expect(m.scan(short, 0, short.length, false)[0]!.spans).toEqual([[0, n], [n, n]]);
});

test("files-with-matches asks the VM for one match of a long line (every span was quadratic: -l never ended)", () => {
  const buf = Buffer.from(`${"x".repeat(20000)} y\n`);
  const m = compileMatcher(opts("\\S+$|a*"));
  const steps0 = pikeStats.steps;
  expect(m.any!(buf, 0, buf.length)).toBe(true);
  expect(pikeStats.steps - steps0).toBeLessThan(20 * buf.length);
  expect(compileMatcher(opts("\\S+z$|q")).any!(buf, 0, buf.length)).toBe(false);
});
