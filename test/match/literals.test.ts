import { test, expect, describe } from "bun:test";
import { literalAlternatives, requiredLiteralSet } from "../../src/match/literals.ts";
import { compileMatcher, compileSpec } from "../../src/match/index.ts";
import type { MatchOptions } from "../../src/match/types.ts";

const opts = (pattern: string, o: Partial<MatchOptions> = {}): MatchOptions => ({ pattern, regex: true, ignoreCase: false, wordRegexp: false, ...o });
const spec = (p: string, o: Partial<MatchOptions> = {}) => {
  const s = compileSpec(opts(p, o));
  if (s.kind !== "regex") throw new Error("expected a regex spec");
  return s;
};
const lines = (p: string, text: string | Buffer, o: Partial<MatchOptions> = {}) => {
  const buf = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  return compileMatcher(opts(p, o)).scan(buf, 0, buf.length, false).map((m) => m.line);
};

describe("required literal sets: extraction", () => {
  test("one literal per top-level branch", () => {
    expect(requiredLiteralSet("transcript|voice|dictation|speech")).toEqual(["dictation", "speech", "transcript", "voice"]);
    expect(requiredLiteralSet("spin_lock|mutex_lock|rwlock|semaphore")).toEqual(["mutex_lock", "rwlock", "semaphore", "spin_lock"]);
    // Duplicates collapse; the longest run of a branch is taken.
    expect(requiredLiteralSet("foo|foo|x\\d+barbaz")).toEqual(["barbaz", "foo"]);
  });
  test("simple nested forms", () => {
    expect(requiredLiteralSet("(?:foo|bar)baz")).toEqual(["baz"]);
    expect(requiredLiteralSet("(?:fooo|barr)z")).toEqual(["barr", "fooo"]);
    expect(requiredLiteralSet("foo(bar|baz)")).toEqual(["foo"]);
    expect(requiredLiteralSet("x(bar|baz)")).toEqual(["bar", "baz"]);
    expect(requiredLiteralSet("fo+(_bar|Bar)")).toEqual(["Bar", "_bar"]);
    expect(requiredLiteralSet("(?P<n>abc|de)\\d")).toEqual(["abc", "de"]);
    expect(requiredLiteralSet("(abc|de)+\\d|xyz")).toEqual(["abc", "de", "xyz"]);
  });
  test("escapes, classes and assertions are skipped, never taken as text", () => {
    expect(requiredLiteralSet("\\bfoo\\b|bar\\.baz")).toEqual(["bar.baz", "foo"]);
    // \n, \t, \d, \w are not the letters n, t, d, w.
    expect(requiredLiteralSet("a\\nb|ab")).toBeUndefined();
    expect(requiredLiteralSet("\\w+_lock|\\d{2}ab")).toEqual(["_lock", "ab"]);
    expect(requiredLiteralSet("[ab]cd|efg")).toEqual(["cd", "efg"]);
    expect(requiredLiteralSet("^foo$|^bar")).toEqual(["bar", "foo"]);
  });
  test("quantifiers: optional parts are not required, repeated ones end the run", () => {
    expect(requiredLiteralSet("ab{2}c|xy")).toEqual(["ab", "xy"]);
    expect(requiredLiteralSet("colou?r|hue")).toEqual(["colo", "hue"]);
    expect(requiredLiteralSet("ab*c|xyz")).toBeUndefined(); // "a" and "c" are too short
    expect(requiredLiteralSet("(foo|bar)?x|yz")).toBeUndefined();
    expect(requiredLiteralSet("(foo|bar){0,3}qq|yz")).toEqual(["qq", "yz"]);
  });
  test("gives up when a branch has no literal of two bytes or more", () => {
    expect(requiredLiteralSet("a|bc")).toBeUndefined();
    expect(requiredLiteralSet("foo|")).toBeUndefined();
    expect(requiredLiteralSet("foo|\\w+")).toBeUndefined();
    expect(requiredLiteralSet("foo|[a-z]+")).toBeUndefined();
    expect(requiredLiteralSet("")).toBeUndefined();
  });
  test("gives up on what it does not parse: flags, \\x \\p \\u, nested classes, non-ASCII", () => {
    expect(requiredLiteralSet("(?i)foo|bar")).toBeUndefined();
    expect(requiredLiteralSet("foo|(?x)b a r")).toBeUndefined();
    expect(requiredLiteralSet("\\x41bc|de")).toBeUndefined();
    expect(requiredLiteralSet("\\p{L}bc|de")).toBeUndefined();
    expect(requiredLiteralSet("[[:alpha:]]bc|de")).toBeUndefined();
    expect(requiredLiteralSet("[\\]x]bc|de")).toBeUndefined();
    // Non-ASCII is never literal (invalid bytes decode to U+FFFD): é|ab has a branch without one.
    expect(requiredLiteralSet("é|ab")).toBeUndefined();
    expect(requiredLiteralSet("éab|cd")).toEqual(["ab", "cd"]);
  });
  test("gives up past 16 literals", () => {
    const words = Array.from({ length: 17 }, (_, i) => `w${String.fromCharCode(97 + i)}`);
    expect(requiredLiteralSet(words.slice(0, 16).join("|"))).toHaveLength(16);
    expect(requiredLiteralSet(words.join("|"))).toBeUndefined();
  });
});

describe("required literal sets: prefilter", () => {
  test("the spec carries the set only when no single literal is known", () => {
    expect(spec("foo|barbaz").prefilterAny).toEqual(["barbaz", "foo"]);
    expect(spec("foo_\\w+").prefilterAny).toBeUndefined();
    expect(spec("foo_\\w+").prefilter).toBe("foo_");
    expect(spec("a|bc").prefilterAny).toBeUndefined();
  });
  test("-i: caseless fragments, or nothing when a literal has none (k/s end fragments)", () => {
    expect(spec("Foo_x|BARRY", { ignoreCase: true }).prefilterAnyCaseless).toEqual(["BARRY", "Foo_x"]);
    expect(spec("Foo_x|BARRY", { ignoreCase: true }).prefilterAny).toBeUndefined();
    expect(spec("foo|task", { ignoreCase: true }).prefilterAnyCaseless).toBeUndefined();
  });
  test("literal mode with several lines (-F alternation) gets a set", () => {
    const s = compileSpec({ pattern: "spin_lock\nmutex", regex: false, ignoreCase: false, wordRegexp: true });
    expect(s.kind === "regex" && s.prefilterAny).toEqual(["spin_lock", "mutex"]);
    const one = compileSpec({ pattern: "spin_lock\nx", regex: false, ignoreCase: false, wordRegexp: false });
    expect(one.kind === "regex" && one.prefilterAny).toBeUndefined();
  });
  test("results are the regex's: files with any literal are scanned in full, others skipped", () => {
    const p = "spin_lock\\(|mutex_(?:lock|unlock)|\\brwlock";
    expect(lines(p, "a\nmutex_unlock(x)\nspin_lock (y)\nspin_lock(z)\nrwlock\nxrwlock\n")).toEqual([2, 4, 5]);
    // A literal present but the regex not matching: still no match.
    expect(lines(p, "spin_lock y\nxrwlock\n")).toEqual([]);
    expect(lines(p, "nothing here\n")).toEqual([]);
    // Multibyte text around the literal: columns and spans as before.
    const buf = Buffer.from("é rwlock\n");
    const m = compileMatcher(opts(p)).scan(buf, 0, buf.length, false);
    expect(m.map((x) => [x.line, x.column, x.spans])).toEqual([[1, 4, [[2, 8]]]]);
  });
  test("only the lines holding a literal are scanned: numbers, offsets, anchors and CRLF as a full scan", () => {
    const text = "x\r\nrwlock a spin_lock(\r\n\nmutex_lock\nzz mutex_lock\n  rwlock\nspin_lock(";
    const p = "^rwlock|spin_lock\\(|mutex_lock$|\\brwlock\\b";
    const got = compileMatcher(opts(p)).scan(Buffer.from(text), 0, text.length, false);
    // The same pattern with a branch that defeats the set scans the whole text: same answer.
    const full = compileMatcher(opts(p + "|^\\d\\d\\d\\d$")).scan(Buffer.from(text), 0, text.length, false);
    expect(compileSpec(opts(p + "|^\\d\\d\\d\\d$")).kind === "regex" && (compileSpec(opts(p + "|^\\d\\d\\d\\d$")) as any).prefilterAny).toBeUndefined();
    expect(got).toEqual(full);
    expect(got.map((m) => [m.line, m.column, m.byteOffset, m.text, m.spans])).toEqual([
      [2, 1, 3, "rwlock a spin_lock(", [[0, 6], [9, 19]]],
      [4, 1, 25, "mutex_lock", [[0, 10]]],
      [5, 4, 36, "zz mutex_lock", [[3, 13]]],
      [6, 3, 50, "  rwlock", [[2, 8]]],
      [7, 1, 59, "spin_lock(", [[0, 10]]],
    ]);
    // A range that starts mid-buffer numbers its lines from 1; firstOnly stops at the first.
    const m = compileMatcher(opts(p));
    const buf = Buffer.from(text);
    expect(m.scan(buf, 25, buf.length, false).map((x) => [x.line, x.byteOffset])).toEqual([[1, 25], [2, 36], [3, 50], [4, 59]]);
    expect(m.scan(buf, 25, buf.length, true).map((x) => x.line)).toEqual([1]);
  });
  test("-i: every case variant passes the prefilter; hits outside the range do not", () => {
    for (const w of ["MUTEX_LOCK", "Mutex_Lock", "mutex_lock"]) expect(lines("mutex_lock|rwlock", `x\n${w}\n`, { ignoreCase: true })).toEqual([2]);
    const buf = Buffer.from("zzz RWLOCK");
    const m = compileMatcher(opts("mutex_lock|rwlock", { ignoreCase: true }));
    expect(m.scan(buf, 0, buf.length - 1, false)).toEqual([]);
    expect(m.scan(buf, 4, buf.length, false).map((x) => x.text)).toEqual(["RWLOCK"]);
    // The range start bounds the case-sensitive set too.
    const m2 = compileMatcher(opts("mutex_lock|rwlock"));
    expect(m2.scan(Buffer.from("rwlock\nzz\n"), 7, 10, false)).toEqual([]);
  });
});

describe("plain literal alternatives: counted without the regex", () => {
  test("only a pattern made of literal branches qualifies", () => {
    expect(literalAlternatives("JSONDecodeError|UnicodeDecodeError|LookupError")).toEqual(["JSONDecodeError", "LookupError", "UnicodeDecodeError"]);
    expect(literalAlternatives("a\\.b|c-d|c-d")).toEqual(["a.b", "c-d"]);
    for (const p of ["foo|ba+r", "foo|b.r", "foo|(bar)", "foo|[b]ar", "^foo|bar", "foo|x", "foo|", "(?i)foo|bar", "foo|\\bbar", "foo|caf\u00e9", "foo|é1"])
      expect(literalAlternatives(p)).toBeUndefined();
  });
  test("the spec says so only where the bytes decide (no -i, no -w); -F lines too", () => {
    expect(spec("foo|bar").exactAny).toBe(true);
    expect(spec("foo|ba+r").exactAny).toBeUndefined();
    expect(spec("foo|bar", { ignoreCase: true }).exactAny).toBeUndefined();
    expect(spec("foo|bar", { wordRegexp: true }).exactAny).toBeUndefined();
    expect(spec("foo\nbar", { regex: false, wordRegexp: true }).exactAny).toBeUndefined();
    expect(spec("foo\nbar", { regex: false }).exactAny).toBe(true);
  });
  test("counts equal the regex's lines: hits at line ends, two on a line, overlaps, no final newline, CRLF", () => {
    const text = "xx foo\nfoobar bar\n\nbarfoo\r\nfo\no bar\nfoofoo\nba\nrfoo";
    for (const [p, o] of [["foo|bar", {}], ["oo|ob|ar", {}], ["foo\nbar", { regex: false }]] as const) {
      const buf = Buffer.from(text);
      const m = compileMatcher(opts(p, o));
      const scanned = m.scan(buf, 0, buf.length, false).map((x) => x.line);
      const slow = compileMatcher(opts(p === "oo|ob|ar" ? "(?:oo|ob|ar)" : "(?:foo|bar)"));
      expect(slow.spec.kind === "regex" && slow.spec.exactAny).toBeFalsy();
      expect(scanned).toEqual(slow.scan(buf, 0, buf.length, false).map((x) => x.line));
      expect(m.count(buf, 0, buf.length)).toBe(scanned.length);
      expect(m.count(buf, 7, buf.length)).toBe(slow.count(buf, 7, buf.length));
      expect(m.any!(buf, 0, 3)).toBe(false);
      expect(m.any!(buf, 0, buf.length)).toBe(true);
    }
  });
});
