import { test, expect, describe } from "bun:test";
import { compileMatcher, compileSpec } from "../../src/match/index.ts";
import { UserError } from "../../src/util/errors.ts";
import type { MatchOptions } from "../../src/match/types.ts";

const opts = (pattern: string, o: Partial<MatchOptions> = {}): MatchOptions => ({ pattern, regex: false, ignoreCase: false, wordRegexp: false, ...o });

/** Line numbers matched in `text`; every case also checks that count() agrees with scan(). */
function lines(text: string | Buffer, o: MatchOptions): number[] {
  const buf = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  const m = compileMatcher(o);
  const found = m.scan(buf, 0, buf.length, false).map((x) => x.line);
  expect(m.count(buf, 0, buf.length)).toBe(found.length);
  return found;
}
const re = (p: string, text: string, o: Partial<MatchOptions> = {}) => lines(text, opts(p, { regex: true, ...o }));

describe("count agrees with scan at the edges", () => {
  const texts = ["", "\n", "a", "a\n", "a\n\n", "x\r\nx\r\n", "xx x\nx", "\n\nx\n", "héllo x\nwörld x"];
  const cases: MatchOptions[] = [
    opts(""), opts("x"), opts("x\n"), opts("X", { ignoreCase: true }), opts("x", { wordRegexp: true }),
    opts("", { regex: true }), opts("^", { regex: true }), opts("$", { regex: true }), opts("x|a", { regex: true }),
    opts("(?m)^x$", { regex: true }), opts("\\bx", { regex: true }), opts("(x+)+$", { regex: true }), opts("l+o|ö", { regex: true }),
  ];
  for (const o of cases)
    test(`${JSON.stringify(o.pattern)} ${o.regex ? "regex" : "literal"}${o.ignoreCase ? " -i" : ""}${o.wordRegexp ? " -w" : ""}`, () => {
      for (const t of texts) lines(t, o);
    });
});

describe("literal", () => {
  test("a line counts once; line numbers, columns and offsets are rg's", () => {
    const buf = Buffer.from("xx foo foo\nbar\n  foo\n");
    const ms = compileMatcher(opts("foo")).scan(buf, 0, buf.length, false);
    expect(ms.map((m) => [m.line, m.column, m.byteOffset, m.text])).toEqual([
      [1, 4, 0, "xx foo foo"],
      [3, 3, 15, "  foo"],
    ]);
    expect(ms[0].spans).toEqual([[3, 6], [7, 10]]);
  });
  test("last line without newline, CRLF stripped from text", () => {
    const buf = Buffer.from("a\r\nfoo\r\nfoo");
    const ms = compileMatcher(opts("foo")).scan(buf, 0, buf.length, false);
    expect(ms.map((m) => [m.line, m.text])).toEqual([[2, "foo"], [3, "foo"]]);
  });
  test("empty literal matches every line but no phantom line after the final newline", () => {
    expect(lines("a\nb\n", opts(""))).toEqual([1, 2]);
    expect(lines("", opts(""))).toEqual([]);
  });
  test("firstOnly stops at the first matching line", () => {
    const buf = Buffer.from("foo\nfoo\n");
    expect(compileMatcher(opts("foo")).scan(buf, 0, buf.length, true).length).toBe(1);
  });
  test("leading dash and multibyte column in bytes", () => {
    const buf = Buffer.from("é->x\n");
    const ms = compileMatcher(opts("->")).scan(buf, 0, buf.length, false);
    expect(ms[0].column).toBe(3);
    expect(ms[0].spans).toEqual([[1, 3]]);
  });
  test("-i is Unicode simple case folding (Kelvin sign, long s, Greek)", () => {
    expect(lines("K\nk\n\u212a\nx\n", opts("k", { ignoreCase: true }))).toEqual([1, 2, 3]);
    expect(lines("S\n\u017f\n", opts("s", { ignoreCase: true }))).toEqual([1, 2]);
    expect(lines("ΣΑΣ\nσας\n", opts("σας", { ignoreCase: true }))).toEqual([1, 2]);
  });
  test("-w: match must not touch word characters (Unicode)", () => {
    expect(lines("foo\nfoobar\nx foo-y\néfoo\n_foo\n", opts("foo", { wordRegexp: true }))).toEqual([1, 3]);
    expect(lines("a->b\n->\n", opts("->", { wordRegexp: true }))).toEqual([2]);
    expect(lines(" -> \n", opts("->", { wordRegexp: true }))).toEqual([1]);
  });
  test("a literal with a newline is one pattern per line, as rg -F", () => {
    expect(lines("a\nb\nc\n", opts("a\nc"))).toEqual([1, 3]);
  });
});

describe("regex translation (Rust syntax)", () => {
  test("a leading X+ run gets a (?<!X) guard: same lines and first columns, no retry inside long runs", () => {
    const spec = compileSpec(opts("\\w+\\s*\\(", { regex: true }));
    expect(spec.kind === "regex" && spec.source.startsWith("(?<![")).toBe(true);
    expect(re("\\w+\\s*\\(", "foo_bar(x)\nfoo bar\n  baz  (1)\n")).toEqual([1, 3]);
    const m = compileMatcher(opts("[a-z]+x", { regex: true }));
    const buf = Buffer.from("12abx cdx\n");
    expect(m.scan(buf, 0, buf.length, false)[0]!.column).toBe(3);
    // A line of one 200k-character identifier: linear, not quadratic.
    const long = Buffer.from("A".repeat(200_000) + "\n");
    const t0 = performance.now();
    expect(compileMatcher(opts("\\w+\\s*\\(", { regex: true })).count(long, 0, long.length)).toBe(0);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });
  test("code point escapes: \\x7F, \\u007F, \\U0000007F and their {..} forms", () => {
    const text = "café\ncafè\ncafe\n";
    for (const p of ["\\xe9", "\\x{e9}", "\\u00e9", "\\u{e9}", "\\U000000e9", "\\U{e9}"]) expect([p, re(`caf${p}`, text)]).toEqual([p, [1]]);
    expect(re("\\u00e9|\\x{e8}", text)).toEqual([1, 2]);
    expect(() => compileSpec(opts("\\u00e", { regex: true }))).toThrow(/invalid regex/);
  });
  test("inline flags: global, scoped, negated, across alternation", () => {
    expect(re("(?i)foo", "FOO\nfoo\n")).toEqual([1, 2]);
    expect(re("a(?i:b)c", "aBc\nABc\nabC\n")).toEqual([1]);
    expect(re("a(?i)b|c", "aB\nC\nab\n")).toEqual([1, 2, 3]);
    expect(re("(?i)a(?-i)b", "Ab\nAB\n")).toEqual([1]);
  });
  test("\\w \\d \\s \\b are Unicode-aware like Rust", () => {
    expect(re("^\\w+$", "héllo\nab-c\n")).toEqual([1]);
    expect(re("^\\d$", "٣\n3\nx\n")).toEqual([1, 2]);
    expect(re("a\\sb", "a\u00a0b\na\ufeffb\n")).toEqual([1]); // NBSP is White_Space, BOM is not
    expect(re("\\bfoo\\b", "éfoo\n foo\n")).toEqual([2]);
    expect(re("\\Bfoo", "éfoo\n foo\n")).toEqual([1]);
  });
  test("POSIX classes, Unicode classes, escapes, named groups", () => {
    expect(re("^[[:alpha:]]+$", "abc\nab1\n")).toEqual([1]);
    expect(re("[[:^digit:]]", "123\n12a\n")).toEqual([2]);
    expect(re("\\pL\\p{Nd}", "é1\n11\n")).toEqual([1]);
    expect(re("\\p{Greek}", "α\na\n")).toEqual([1]);
    expect(re("\\P{L}", "abc\nab1\n")).toEqual([2]);
    expect(re("(?P<n>x)y", "xy\n")).toEqual([1]);
    expect(re("\\x41\\x{42}", "AB\n")).toEqual([1]);
    expect(re("[a-z&&[^aeiou]]{3}", "bcd\naei\n")).toEqual([1]);
    expect(re("[a-c--b]x", "bx\ncx\n")).toEqual([2]);
  });
  test("anchors are per line; \\A and \\z behave like ^ and $ (rg is line-oriented)", () => {
    expect(re("^foo$", "x\nfoo\nfoo \n")).toEqual([2]);
    expect(re("\\Afoo", "x\nfoo\n")).toEqual([2]);
    expect(re("foo\\z", "foo\nx\n")).toEqual([1]);
  });
  test("CRLF: `$` does not match before \\r (rg without --crlf)", () => {
    expect(re("foo$", "foo\r\nfoo\n")).toEqual([2]);
  });
  test("classes and `.` never match the newline", () => {
    expect(re("a[^x]b", "a\nb\n")).toEqual([]);
    expect(re("a\\sb", "a\nb\n")).toEqual([]);
    expect(re("a.b", "a\nb\naxb\n")).toEqual([3]);
    expect(re("a\\Wb", "a\nb\n")).toEqual([]);
  });
  test("verbose mode and swap-greed", () => {
    expect(re("(?x) f o o  # comment", "foo\n")).toEqual([1]);
    expect(re("(?U)a+", "aaa\n")).toEqual([1]);
  });
  test("empty matches count the line once", () => {
    expect(re("x*", "a\nb\n")).toEqual([1, 2]);
    expect(re("$", "a\n\nb")).toEqual([1, 2, 3]);
  });
  test("-w and -i combine with --regex", () => {
    expect(re("fo+", "FOO\nfoox\n", { ignoreCase: true, wordRegexp: true })).toEqual([1]);
  });

  const rejects = (p: string, what: RegExp) => {
    let err: any;
    try {
      compileSpec(opts(p, { regex: true }));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UserError);
    expect(err.message).toMatch(/^invalid regex: /);
    expect(err.message).toMatch(what);
    expect(err.message).not.toContain("\n");
    expect(err.hint).toContain("--regex");
  };
  test("rejects what rg rejects, one line with a hint", () => {
    rejects("(?=a)", /look-around/);
    rejects("(?<!a)b", /look-around/);
    rejects("(a)\\1", /backreference/);
    rejects("a\\nb", /\\n/);
    rejects("x{", /repetition/);
    rejects("\\y", /unrecognized escape/);
    rejects("(?<n>x)", /flag/);
    rejects("(ab", /unclosed group/);
    rejects("ab)", /unopened group/);
    rejects("[ab", /unclosed character class/);
    rejects("*a", /repetition/);
    rejects("\\p{NotAThing}", /Unicode class/);
  });
});

describe("catastrophic patterns", () => {
  test("(a+)+$ past LONG_LINE: the linear VM gives rg's answer where backtracking gave up", () => {
    const buf = Buffer.from("a".repeat(5000) + "b\n" + "a".repeat(5000) + "\n");
    const m = compileMatcher(opts("(a+)+$", { regex: true }));
    expect(m.scan(buf, 0, buf.length, false).map((x) => x.line)).toEqual([2]);
  });
  test("(a+)+$ on a shorter line ends quickly with a clear error, never a silent miss", () => {
    const line = "a".repeat(3000) + "b\n";
    const m = compileMatcher(opts("(a+)+$", { regex: true }));
    expect(m.spec.kind === "regex" && m.spec.risky).toBe(true);
    const buf = Buffer.from(line);
    const t0 = performance.now();
    expect(() => m.scan(buf, 0, buf.length, false)).toThrow(/catastrophic backtracking/);
    // A hang bound, not a speed goal: the pattern's own time bound ends it (39.6 s seen at load 40).
    expect(performance.now() - t0).toBeLessThan(100_000);
  }, 120_000);
  test("a risky pattern that does match still finds its lines", () => {
    expect(re("(a+)+b", "aab\nxx\n")).toEqual([1]);
  });
});

describe("prefilter", () => {
  test("a required literal is only used when it is really required", () => {
    const pre = (p: string) => {
      const s = compileSpec(opts(p, { regex: true }));
      return s.kind === "regex" ? s.prefilter : undefined;
    };
    expect(pre("foo_\\w+")).toBe("foo_");
    expect(pre("(foo|bar)baz")).toBeUndefined(); // has `|`
    expect(pre("abc?d")).toBeUndefined(); // "ab" too short
    expect(pre("a(?i)bcdef")).toBeUndefined();
    expect(pre("\\x41BCD")).toBeUndefined();
    expect(pre("[\\]abc]defg")).toBeUndefined();
    // A counted repetition's digits are not text (`{20,}` once became the literal "20,").
    expect(pre("[A-Z_]{20,}")).toBeUndefined();
    expect(pre("ab{2}cde")).toBe("cde");
    expect(re("[A-Z_]{20,}", "\tCONFIG_SECURITY_SELINUX_DISABLE option\nSHORT_ONE\n")).toEqual([1]);
    expect(re("x{2,3}yzw", "xxyzw\nxyzw\n")).toEqual([1]);
    expect(re("foo_\\w+", "foo_bar\nfoo\n")).toEqual([1]);
  });
  test("-i keeps a caseless byte prefilter, for literals and for a regex's required literal", () => {
    const caseless = (p: string, regex: boolean) => {
      const s = compileSpec(opts(p, { regex, ignoreCase: true }));
      return s.kind === "regex" ? s.prefilterCaseless : undefined;
    };
    expect(caseless("Foo_Bar", false)).toBe("Foo_Bar");
    expect(caseless("foo_\\w+", true)).toBe("foo_");
    expect(caseless("(foo|bar)baz", true)).toBeUndefined();
    // k and s can be matched by K (Kelvin) and ſ (long s): they end the fragment.
    expect(caseless("risk_task", false)).toBe("_ta");
  });
  test("the caseless prefilter finds every case variant, anywhere in the range, and nothing else", () => {
    const words = ["Foo_Bar", "FOO_BAR", "foo_bar", "fOo_bAr"];
    for (const w of words) {
      expect(lines(`x\n  ${w}(1)\n`, opts("foo_bar", { ignoreCase: true }))).toEqual([2]);
      expect(re("foo_b[a-z]r", `${w}\n`, { ignoreCase: true })).toEqual([1]);
    }
    expect(lines("foo bar\nfoo-bar\nfoo_ba\n", opts("foo_bar", { ignoreCase: true }))).toEqual([]);
    // A hit straddling the end of the searched range does not count.
    const buf = Buffer.from("zzz FOO_BAR");
    const m = compileMatcher(opts("foo_bar", { ignoreCase: true }));
    expect(m.scan(buf, 0, buf.length - 1, false)).toEqual([]);
    expect(m.scan(buf, 4, buf.length, false).map((x) => x.text)).toEqual(["FOO_BAR"]);
    // Kelvin sign still matches k through the regex (the prefilter fragment avoids k).
    expect(lines("\u212Aeep_thing\n", opts("keep_thing", { ignoreCase: true }))).toEqual([1]);
  });
});
