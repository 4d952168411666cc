/**
 * rg -U's multi-line matching (match/multiline.ts): the lines a match touches, spans per line,
 * -c counting matches, -m counting groups, and the refusals that keep the cost linear. The
 * expectations are rg 13's output on the same text (rg -U -n / -c / --json).
 */
import { test, expect, describe } from "bun:test";
import { compileMatcher } from "../../src/match/index.ts";
import type { MatchOptions } from "../../src/match/types.ts";
import { userErrorOf } from "../helpers.ts";

const ml = (pattern: string, o: Partial<MatchOptions> = {}): MatchOptions => ({ pattern, regex: true, ignoreCase: false, wordRegexp: false, multiline: true, ...o });
const A = "foo\nbar\nbaz\nfoo bar\nqux foo\nbar end\n";

function scan(text: string, o: MatchOptions) {
  const buf = Buffer.from(text);
  const m = compileMatcher(o);
  return { lines: m.scan(buf, 0, buf.length, false), count: m.count(buf, 0, buf.length), spec: m.spec };
}

describe("rg -U", () => {
  test("every line a match touches is a match line; -c counts matches", () => {
    const r = scan(A, ml("foo\\nbar"));
    expect(r.lines.map((l) => l.line)).toEqual([1, 2, 5, 6]);
    expect(r.count).toBe(2);
    expect(r.lines.map((l) => l.spans)).toEqual([[[0, 3]], [[0, 3]], [[4, 7]], [[0, 3]]]);
    expect(r.lines[2]!.column).toBe(5);
    expect(r.lines[2]!.byteOffset).toBe(20);
  });
  test("a match ending just after a newline does not touch the next line", () => {
    expect(scan("aa\nb a\n", ml("aa\\n")).lines.map((l) => l.line)).toEqual([1]);
  });
  test("`.` stops at newlines unless (?s) or --multiline-dotall; [^x] and \\s cross them", () => {
    expect(scan(A, ml("o.b")).spec.multiline).toBeUndefined(); // cannot match \n: line by line
    expect(scan(A, ml("(?s)o.b")).lines.map((l) => l.line)).toEqual([1, 2, 4, 5, 6]);
    expect(scan(A, ml("o.b", { dotall: true })).lines.map((l) => l.line)).toEqual([1, 2, 4, 5, 6]);
    expect(scan(A, ml("[^x]bar")).lines.map((l) => l.line)).toEqual([1, 2, 4, 5, 6]);
    expect(scan(A, ml("foo\\sbar")).count).toBe(3);
  });
  test("^ and $ are line anchors; \\A, \\z and (?-m) anchor at the file's ends", () => {
    expect(scan(A, ml("^bar$")).lines.map((l) => l.line)).toEqual([2]);
    expect(scan(A, ml("\\Afoo")).lines.map((l) => l.line)).toEqual([1]);
    expect(scan(A, ml("(?-m)^bar")).lines).toEqual([]);
    expect(scan(A, ml("end\\n\\z")).lines.map((l) => l.line)).toEqual([6]);
  });
  test("-m counts groups of matches on the same or adjacent lines", () => {
    expect(scan("a\na\nx\na\n", ml("a|zz\\nzz", { maxCount: 1 })).lines.map((l) => l.line)).toEqual([1, 2]);
    expect(scan("a\na\nx\na\n", ml("a|zz\\nzz", { maxCount: 1 })).count).toBe(2);
  });
  test("-v: the lines no match touches", () => {
    expect(scan(A, ml("foo\\nbar", { invert: true })).lines.map((l) => l.line)).toEqual([3, 4]);
  });
  test("an empty match past the final newline is on no line", () => {
    expect(scan("x\n", ml("x*\\n?")).lines.map((l) => l.line)).toEqual([1]);
  });
  test("a repetition that can run to the end of the file is refused, with a bounded form", () => {
    for (const p of ["a[^b]*c", "(?s)foo.*bar", "[\\s\\S]+?x", "\\W+x"]) expect(userErrorOf(() => compileMatcher(ml(p))).message).toContain("size squared");
    expect(userErrorOf(() => compileMatcher(ml("(?s)a.*b"))).hint).toContain(".{0,1000}");
    // Whitespace runs and bounded repetitions are fine.
    for (const p of ["foo\\s*\\n\\s*bar", "a[^b]{0,50}c", "(?s)a.{0,9}?b", "(?:x\\n)+y"]) expect(compileMatcher(ml(p)).spec.multiline).toBe(true);
  });
});
