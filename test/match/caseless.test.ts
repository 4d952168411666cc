/**
 * Caseless literal sets and caseless fragments (rg -i -F -e A -e B, -i LITERAL): the lines are
 * found by one Latin-1 pass over every fragment (caselessLocator) and, for files-with-matches,
 * by memmem of the usual forms first (Matcher.any). The answers must be the plain regex's.
 */
import { test, expect, describe } from "bun:test";
import { compileMatcher } from "../../src/match/index.ts";
import type { MatchOptions } from "../../src/match/types.ts";

const lit = (pattern: string, o: Partial<MatchOptions> = {}): MatchOptions => ({ pattern, regex: false, ignoreCase: true, wordRegexp: false, ...o });

/** What scan, count and any say about `text`, next to the regex run line by line (the truth). */
function check(text: string, o: MatchOptions) {
  const buf = Buffer.from(text);
  const m = compileMatcher(o);
  const words = o.pattern.split("\n").map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const body = words.join("|");
  const truth = new RegExp(o.wordRegexp ? `(?<![\\p{L}\\p{N}_])(?:${body})(?![\\p{L}\\p{N}_])` : body, "iu");
  const want = text.split("\n").flatMap((l, i) => (truth.test(l) ? [i + 1] : []));
  if (text.endsWith("\n") && want.at(-1) === text.split("\n").length) want.pop();
  const got = m.scan(buf, 0, buf.length, false).map((x) => x.line);
  expect(got).toEqual(want);
  expect(m.count(buf, 0, buf.length)).toBe(want.length);
  expect(m.scan(buf, 0, buf.length, true).map((x) => x.line)).toEqual(want.slice(0, 1));
  expect(m.any ? m.any(buf, 0, buf.length) : got.length > 0).toBe(want.length > 0);
  return got;
}

describe("caseless literal sets", () => {
  const set = lit("page\nfault\nhandler");
  test("the spec keeps a caseless set, so the locator path is the one tested", () => {
    expect(compileMatcher(set).spec).toMatchObject({ prefilterAnyCaseless: ["page", "fault", "handler"] });
    expect(typeof compileMatcher(set).any).toBe("function");
  });
  test("mixed case only: found by scan, count and any", () => {
    expect(check("nothing\nthe pAgE table\nx\n", set)).toEqual([2]);
    expect(check("a\nb\n", set)).toEqual([]);
  });
  test("the first line is the first in the file even when a usual form comes later", () => {
    expect(check("x FaUlT\npage\nHANDLER\n", set)).toEqual([1, 2, 3]);
  });
  test("a word cut by a chunk edge (4 KiB, then doubling) is found", () => {
    for (const at of [4096 - 3, 4096 - 1, 4096, 4096 + 8192 - 2, 128 * 1024 - 4, 300 * 1024 + 5]) {
      const pad = "y".repeat(at - 2) + "\n";
      const text = pad + "hAnDlEr\nz\n";
      const buf = Buffer.from(text);
      const m = compileMatcher(set);
      expect(m.scan(buf, 0, buf.length, false).map((x) => x.line)).toEqual([2]);
      expect(m.any!(buf, 0, buf.length)).toBe(true);
      // The same file starting mid-buffer: ranges are honoured.
      expect(m.scan(buf, 1, buf.length, false).map((x) => x.line)).toEqual([2]);
    }
  });
  test("-w: a usual form that is not a word does not settle it; a later mixed-case word does", () => {
    const w = lit("page\nfault", { wordRegexp: true });
    expect(check("pages\nfaults\nthe PaGe\n", w)).toEqual([3]);
    expect(check("pages\nfaults\n", w)).toEqual([]);
  });
  test("dense lines: every matching line once, in order", () => {
    const text = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? `l${i} PAGE page Page` : i % 3 === 1 ? `l${i} none` : `l${i} hAndler`)).join("\n") + "\n";
    expect(check(text, set).length).toBe(2000);
  });
  test("a fragment shorter than the word (k and s fold to non-ASCII) still verifies the word", () => {
    // "task" keeps the fragment "ta" (too short): no set; "risk_task" keeps "_ta".
    expect(check("RISK_TASK\nrisk_tax\n", lit("risk_task\nother_one"))).toEqual([1]);
    expect(check("\u212Aernel_page x\nkernel_PAGE\n", lit("kernel_page\nfault"))).toEqual([1, 2]);
  });
  test("a single caseless literal uses the locator too", () => {
    const one = lit("handler");
    expect(compileMatcher(one).spec).toMatchObject({ prefilterCaseless: "handler" });
    expect(check("a\nb HaNdLeR c\nhandlers\n", one)).toEqual([2, 3]);
  });
});

describe("caseless fragments by the one-pass scanner (after a search has seen 8 MB)", () => {
  /** A matcher past the scanner's threshold: 9 MB of text without a fragment went through it. */
  const warmed = (o: MatchOptions) => {
    const m = compileMatcher(o);
    const filler = Buffer.alloc(9 << 20, "y\n");
    expect(m.count(filler, 0, filler.length)).toBe(0);
    return m;
  };
  const set = lit("page\nreclaim");
  test("the scanner takes over: the matcher offers its buffer to read into", () => {
    const m = compileMatcher(set);
    expect(m.into!()).toBeUndefined();
    expect(warmed(set).into!()).toBeInstanceOf(Buffer);
  });
  test("scan, count and any agree with the regex, copied and in place, stale bytes after the end ignored", () => {
    const m = warmed(set);
    for (const text of ["nothing\nthe pAgE table\nx\n", "a\nb\n", "x ReClAiM\npage\nPAGE\n", "RECLAI\nPAG\n", "\u00c1ge p\u00c1ge\nre-claim\n", "open end: reclaim"]) {
      const truth = /page|reclaim/i;
      const want = text.split("\n").flatMap((l, i) => (truth.test(l) ? [i + 1] : []));
      const buf = Buffer.from(text);
      expect(m.scan(buf, 0, buf.length, false).map((x) => x.line)).toEqual(want);
      expect(m.count(buf, 0, buf.length)).toBe(want.length);
      expect(m.any!(buf, 0, buf.length)).toBe(want.length > 0);
      const own = m.into!()!;
      buf.copy(own, 0);
      Buffer.from("\nPAGE reclaim\n").copy(own, buf.length);
      expect(m.scan(own, 0, buf.length, false).map((x) => x.line)).toEqual(want);
      expect(m.any!(own, 0, buf.length)).toBe(want.length > 0);
      // A range starting inside the buffer (a BOM skipped) is honoured.
      expect(m.scan(own, 1, buf.length, false).length).toBe(text.slice(1).split("\n").filter((l) => truth.test(l)).length);
    }
  });
  test("k and s still fold to non-ASCII letters: the fragment finds the line, the regex decides", () => {
    const m = warmed(lit("kernel_page\nfault"));
    const buf = Buffer.from("\u212Aernel_page x\nkernel_PAGE\nernel_page\n");
    expect(m.scan(buf, 0, buf.length, false).map((x) => x.line)).toEqual([1, 2]);
  });
  test("a single caseless literal: the scanner replaces the memmem prefilter", () => {
    const m = warmed(lit("handler"));
    const buf = Buffer.from("a\nb HaNdLeR c\nhandlers\nhandle\n");
    expect(m.scan(buf, 0, buf.length, false).map((x) => x.line)).toEqual([2, 3]);
    expect(m.count(buf, 0, 10)).toBe(0);
  });
});
