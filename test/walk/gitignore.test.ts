import { test, expect } from "bun:test";
import { IgnoreMatcher } from "../../src/walk/gitignore.ts";
import { parseGlob, tokensToRegex, GlobError } from "../../src/walk/glob.ts";

// The matcher answers most rules from maps and string tests; matchIdxFull runs every rule's full
// globset regex. Both must agree on every (pattern set, path) pair.
const PATTERNS = [
  "*.o", "!keep.o", "foo", "/foo", "foo/", "/bar/", "a/b", "a/b/", "/a/*.c", "a/**", "**/x/y", "a/**/z",
  "*.tar.gz", "*~", ".*", "!.keep", "pre*", "*mid*", "[ab]*.txt", "[!a]?.md", "{c,d}.rs", "x?", "\\#*#",
  "sub/*/deep", "*.[ch]", "**", "**/", "a*b*c", "*/leaf", "/*.spec", "d1/d2/d3/d4", "é*", "*é", "?é",
];
const PATHS = [
  "foo", "a/foo", "foo.o", "x/keep.o", "keep.o", "bar", "q/bar", "a/b", "x/a/b", "a/b/c", "a/x.c", "a/y/x.c",
  "x/y", "q/x/y", "a/z", "a/q/r/z", "f.tar.gz", "f.gz", "f~", ".hidden", ".keep", "prefix", "apre",
  "amidb", "a1.txt", "c1.txt", "b.md", "ab.md", "c.rs", "e.rs", "xy", "x", "#note#", "sub/k/deep",
  "sub/k/l/deep", "m.c", "m.h", "m.cc", "abc", "aXbYc", "w/leaf", "leaf", "p.spec", "z/p.spec",
  "d1/d2/d3/d4", "é1", "1é", "aé", "xé", "z/é",
];

test("fast-path matching equals the full regex for every rule shape", () => {
  for (let start = 0; start < PATTERNS.length; start += 5) {
    const m = new IgnoreMatcher();
    for (const p of PATTERNS.slice(start, start + 9)) expect(m.addLine(p)).toBeUndefined();
    for (const raw of PATHS) {
      const path = Buffer.from(raw).toString("latin1");
      const slash = path.lastIndexOf("/");
      const name = path.slice(slash + 1);
      const dot = name.lastIndexOf(".");
      const d = path.split("/").length - 1;
      for (const isDir of [false, true]) {
        const fast = m.matchIdx(name, dot >= 0 ? name.slice(dot + 1) : undefined, isDir, d, path, 0, undefined);
        expect({ p: raw, isDir, r: fast }).toEqual({ p: raw, isDir, r: m.matchIdxFull(path, isDir) });
      }
    }
  }
});

test("globset translation details kept from ripgrep 13", () => {
  const re = (g: string, sep = true) => new RegExp(tokensToRegex(parseGlob(g), sep));
  expect(re("**").test("a/b/c")).toBe(true);
  expect(re("a/**").test("a")).toBe(false);
  expect(re("a/**").test("a/b/c")).toBe(true);
  expect(re("a**b").test("a/b")).toBe(false); // `**` not next to `/` is two `*`
  expect(re("{,x}.txt").test(".txt")).toBe(false); // empty alternatives are dropped
  expect(re("*", false).test("a\nb")).toBe(false); // `.` stops at a newline, as Rust's
  expect(re("[!a]").test("/")).toBe(true);
  expect(() => parseGlob("[]")).toThrow(GlobError);
  expect(() => parseGlob("{a,{b}}")).toThrow("nested alternate groups are not allowed");
});

test("ignore-file lines: comments, trailing spaces, escapes, dir-only", () => {
  const m = new IgnoreMatcher();
  for (const l of ["# c", "", "   ", "sp  ", "esc\\ ", "\\#lit", "\\!bang", "d/"]) m.addLine(l);
  const idx = (n: string, dir = false) => m.matchIdx(n, undefined, dir, 0, n, 0, undefined);
  expect(m.rules.map((r) => r.original)).toEqual(["sp", "esc\\ ", "\\#lit", "\\!bang", "d/"]);
  expect(idx("sp")).toBe(0);
  expect(idx("esc ")).toBe(1);
  expect(idx("#lit")).toBe(2);
  expect(idx("!bang")).toBe(3);
  expect([idx("d"), idx("d", true)]).toEqual([-1, 4]);
});

test("--iglob: ASCII letters match either case, nothing else folds; the fast paths agree with the full regex", () => {
  const m = new IgnoreMatcher();
  for (const p of ["*.TS", "Src/**", "[a-c]*.Md", "[!x]y.RS", "é*", "{Foo,bar}.c"]) expect(m.addLine(p, true)).toBeUndefined();
  const idx = (raw: string) => {
    const path = Buffer.from(raw).toString("latin1");
    const name = path.slice(path.lastIndexOf("/") + 1);
    const dot = name.lastIndexOf(".");
    const fast = m.matchIdx(name, dot >= 0 ? name.slice(dot + 1) : undefined, false, path.split("/").length - 1, path, 0, undefined);
    expect(fast).toBe(m.matchIdxFull(path, false));
    return fast;
  };
  expect(idx("a.ts")).toBe(0);
  expect(idx("x/A.Ts")).toBe(0);
  expect(idx("SRC/k/q")).toBe(1);
  expect(idx("B1.md")).toBe(2);
  expect(idx("d1.md")).toBe(-1);
  expect(idx("XY.rs")).toBe(-1); // [!x] folds too: neither x nor X
  expect(idx("ay.rs")).toBe(3);
  expect(idx("É1")).toBe(-1); // é (two UTF-8 bytes) does not fold
  expect(idx("é1")).toBe(4);
  expect(idx("FOO.C")).toBe(5);
});

test("several pattern rules on base names: the shared literal prefilter keeps every match, regex characters in literals included", () => {
  // Literals holding characters a regex reads specially: a prefilter that read them as regex
  // syntax would reject these names (or let through names no rule matches).
  const pats = ["*(a)*", "*a+b*", "*.x|y?", "*$*", "*^z*", "*.c.[012]*", "*{1}*", "*\\[q]*", "*/.s*"].filter((p) => !p.includes("/"));
  const names = ["(a)", "x(a)y", "a", "aab", "a+b", "ab", "f.x|yz", "f.xy", "$", "^z", "z", "m.c.1x", "m.c.3", "{1}", "1", "[q]", "q", "plain.c"];
  const m = new IgnoreMatcher();
  for (const p of pats) expect(m.addLine(p)).toBeUndefined();
  let matched = 0;
  for (const raw of names) {
    const dot = raw.lastIndexOf(".");
    const fast = m.matchIdx(raw, dot >= 0 ? raw.slice(dot + 1) : undefined, false, 0, raw, 0, undefined);
    expect({ raw, r: fast }).toEqual({ raw, r: m.matchIdxFull(raw, false) });
    if (fast >= 0) matched++;
  }
  expect(matched).toBe(10); // ("{1}" is the alternation of "1": it matches "1" too)
});
