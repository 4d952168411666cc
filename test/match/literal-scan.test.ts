// The one-pass literal scanner (match/literal-scan.ts) counts exactly what memmem per needle
// counts (search/file.ts memmemCounts, the path it replaces), on tricky bytes and on real files.
import { test, expect } from "bun:test";
import { mkdtempSync, writeFileSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { literalScanner, DATA } from "../../src/match/literal-scan.ts";
import { sleb, uleb } from "../../src/match/wasm.ts";
import { literalCounts, literalVariants, maskOne, memmemCounts, MASK_COUNT_CAP } from "../../src/search/file.ts";

const both = (text: Buffer | string, words: string[], start = 0) => {
  const buf = typeof text === "string" ? Buffer.from(text, "latin1") : text;
  const probes = literalVariants(words);
  return { got: literalCounts(buf, start, buf.length, probes), want: memmemCounts(buf, start, buf.length, probes) };
};

test("the scanner compiles here (else every comparison below would test memmem against itself)", () => {
  const sc = literalScanner([[{ bytes: Buffer.from("age"), lead: 1, first: [112, 80] }, { bytes: Buffer.from("AGE"), lead: 1, first: [112, 80] }]], MASK_COUNT_CAP);
  expect(sc).toBeDefined();
  const text = Buffer.from("page Page PAGE pAGE PaGe xage age");
  text.copy(sc!.data(text.length));
  expect(sc!.scan(0, text.length)).toBe(1);
  expect(Array.from(sc!.counts)).toEqual([4]);
});

test("case spellings, the letter before, a word at the buffer's start and end", () => {
  for (const [text, words] of [
    ["page Page PAGE pAGE PaGe xage age", ["page"]],
    ["pageX", ["page"]],
    ["Xpage", ["page"]],
    ["age", ["page"]], // the tail at offset 0: no letter before it
    ["page", ["page", "pag", "age"]],
    ["out OUT Out oUT oUt", ["out"]],
    ["PAGE_FAULT page_fault PageFault pagefault", ["page", "fault", "pagefault"]],
    ["", ["page"]],
    ["p", ["page"]],
  ] as Array<[string, string[]]>) {
    const { got, want } = both(text, words);
    expect({ text, got }).toEqual({ text, got: want });
  }
});

test("overlapping hits are counted as memmem resumes (after each hit, whatever the letter before)", () => {
  for (const [text, words] of [
    ["aaaaaaa", ["aa", "aaa", "aaaa"]],
    ["abababab", ["abab", "bab", "ab"]],
    ["xalalala alala", ["lala", "alal"]],
    ["papapage ppage", ["page", "papage"]],
  ] as Array<[string, string[]]>) {
    const { got, want } = both(text, words);
    expect({ text, got }).toEqual({ text, got: want });
  }
});

test("counts stop at the cap per literal, across its spellings; the others go on", () => {
  const text = "page PAGE ".repeat(40) + "fault ".repeat(5) + "page";
  const { got, want } = both(text, ["page", "fault", "zzzz"]);
  expect(got).toEqual(want);
  expect(got).toEqual([MASK_COUNT_CAP, 5, 0]);
});

test("non-ASCII bytes, NULs and bytes that fold onto letters under OR 0x20 are not letters", () => {
  const bytes = Buffer.from([0xc1, 0x47, 0x45, 0x70, 0xe1, 0x67, 0x65, 0x00, 0x50, 0x41, 0x47, 0x45, 0x40, 0x61, 0x67, 0x65, 0x70, 0x61, 0x67, 0x65, 0xff, 0x60, 0x41, 0x47, 0x45]);
  const { got, want } = both(bytes, ["page", "age", "ge"]);
  expect(got).toEqual(want);
  const { got: g2, want: w2 } = both("caf\u00e9 p\u00e1ge P\u00c1GE page", ["page", "caf"]);
  expect(g2).toEqual(w2);
});

test("a range that starts inside the buffer: the letter before the range is not looked at", () => {
  const { got, want } = both("xpage age page", ["page"], 2);
  expect(got).toEqual(want);
  expect(got).toEqual([1]);
});

test("more literals than buckets (8), spellings of 1 to 40 bytes, random texts", () => {
  let seed = 7;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
  const alphabet = "aAbBpPgGeE_ \n\u00e9x0";
  const words = ["page", "ab", "gap", "bag", "eggs", "peg", "a", "be", "abba", "gape", "pebble", "x0", "ee", "bebe", "apagee", "longer_word_here_and_there_up_to_forty!"];
  for (let round = 0; round < 300; round++) {
    let s = "";
    const n = rnd(400);
    for (let i = 0; i < n; i++) s += rnd(20) === 0 ? words[rnd(words.length)]!.toUpperCase() : alphabet[rnd(alphabet.length)]!;
    const pick = words.filter(() => rnd(2) === 0);
    if (pick.length === 0) continue;
    const { got, want } = both(s, pick);
    expect({ s, pick, got }).toEqual({ s, pick, got: want });
  }
});

test("the data area grows for a file bigger than it, and the counts stay right", () => {
  const big = Buffer.alloc(3 << 20, 0x20);
  big.write("page", 10);
  big.write("PAGE", big.length - 4);
  big.write("fault", (3 << 20) >> 1);
  const { got, want } = both(big, ["page", "fault"]);
  expect(got).toEqual(want);
  expect(got).toEqual([2, 1]);
  expect(DATA).toBeGreaterThan(0);
});

test("maskOne over files: text, a late NUL (cut where rg stops), an early NUL (binary), a UTF-8 BOM", () => {
  const dir = mkdtempSync(join(tmpdir(), "ag-scan-"));
  const late = Buffer.concat([Buffer.from("page fault\n".repeat(8000)), Buffer.from([0]), Buffer.from("reclaim page\n")]);
  writeFileSync(join(dir, "late.c"), late);
  writeFileSync(join(dir, "early.bin"), Buffer.from("page\0reclaim"));
  writeFileSync(join(dir, "bom.txt"), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("age page")]));
  writeFileSync(join(dir, "none.txt"), "nothing here");
  const probes = literalVariants(["page", "reclaim", "fault"]);
  expect(maskOne(join(dir, "late.c"), undefined, probes)).toMatchObject({ status: "match", counts: [MASK_COUNT_CAP, 0, MASK_COUNT_CAP], mask: 0b101 });
  expect(maskOne(join(dir, "early.bin"), undefined, probes).status).toBe("binary");
  // The BOM is not content: `age` at the content's start has no letter before it.
  expect(maskOne(join(dir, "bom.txt"), undefined, probes)).toMatchObject({ status: "match", counts: [1, 0, 0], bytes: 8 });
  expect(maskOne(join(dir, "none.txt"), undefined, probes).status).toBe("nomatch");
});

test("real source files: the repository's own src/ and test/ trees, as find's words would search them", () => {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(join(import.meta.dir, "../../src"));
  expect(files.length).toBeGreaterThan(50);
  for (const words of [["search", "worker", "file"], ["match", "literal", "scan", "the", "buf"], ["out", "end", "get", "set"]]) {
    const probes = literalVariants(words);
    for (const f of files) {
      const buf = readFileSync(f);
      expect({ f, c: literalCounts(buf, 0, buf.length, probes) }).toEqual({ f, c: memmemCounts(buf, 0, buf.length, probes) });
    }
  }
});

test("LEB128 encodings", () => {
  const u = (n: number) => { const o: number[] = []; uleb(n, o); return o; };
  const s = (n: number) => { const o: number[] = []; sleb(n, o); return o; };
  expect(u(0)).toEqual([0]);
  expect(u(127)).toEqual([127]);
  expect(u(128)).toEqual([0x80, 1]);
  expect(u(65536)).toEqual([0x80, 0x80, 4]);
  expect(s(-1)).toEqual([0x7f]);
  expect(s(63)).toEqual([63]);
  expect(s(64)).toEqual([0xc0, 0]);
  expect(s(-65)).toEqual([0xbf, 0x7f]);
  expect(s(0xffff)).toEqual([0xff, 0xff, 3]);
});

test("anyLiteral: one pass says whether any of the byte strings occurs, as memmem per string does", async () => {
  const { anyLiteral } = await import("../../src/match/literal-scan.ts");
  let seed = 11;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
  const sets = [["schedule_timeout", "scheduleTimeout", "ScheduleTimeout"], ["ab", "ba", "\u00e9t\u00e9"], ["x_y", "y-x", "xy", "yx_"]];
  for (const set of sets) {
    const needles = set.map((s) => Buffer.from(s, "utf8"));
    const f = anyLiteral(needles)!;
    expect(f).toBeDefined();
    for (let round = 0; round < 200; round++) {
      let s = "";
      const n = rnd(120);
      for (let i = 0; i < n; i++) s += rnd(30) === 0 ? set[rnd(set.length)]! : "aAbBxy_- \n\u00e9t"[rnd(12)]!;
      const buf = Buffer.from(s, "utf8");
      const a = rnd(Math.max(1, buf.length));
      const b = a + rnd(buf.length - a + 1);
      const want = needles.some((x) => buf.subarray(0, b).indexOf(x, a) >= 0);
      expect({ s, a, b, got: f(buf, a, b) }).toEqual({ s, a, b, got: want });
    }
  }
});

test("a -F pattern set of 3+ literals past the scanner's threshold finds the same lines as below it", async () => {
  const { compileMatcher } = await import("../../src/match/index.ts");
  const line = (i: number) => (i % 997 === 0 ? `x schedule_timeout(${i})\n` : i % 1499 === 0 ? `ScheduleTimeout ${i}\n` : i % 2003 === 0 ? `msleep${i}\n` : `filler line ${i} schedule timeout\n`);
  const piece = Buffer.from(Array.from({ length: 20000 }, (_, i) => line(i)).join(""));
  const opts = { pattern: "schedule_timeout\nScheduleTimeout\nmsleep", regex: false, ignoreCase: false, wordRegexp: false };
  const fresh = compileMatcher(opts);
  const want = fresh.count(piece, 0, piece.length);
  expect(want).toBeGreaterThan(30);
  // One matcher over more than 8 MB (the threshold), then the same piece again: same count.
  const m = compileMatcher(opts);
  for (let seen = 0; seen < 10 << 20; seen += piece.length) expect(m.count(piece, 0, piece.length)).toBe(want);
  const empty = Buffer.from("nothing to see\n".repeat(1000));
  expect(m.count(empty, 0, empty.length)).toBe(0);
  expect(m.scan(piece, 0, piece.length, false).map((x) => x.line)).toEqual(fresh.scan(piece, 0, piece.length, false).map((x) => x.line));
});

/** The reference for caselessScan: ASCII-lowered bytes, the first fragment hit at or after `from` (not crossing `end`). */
function firstCaseless(buf: Buffer, from: number, end: number, frags: string[]): number {
  const low = Buffer.from(buf.subarray(0, end).map((x) => (x >= 65 && x <= 90 ? x + 32 : x)));
  let best = -1;
  for (const f of frags) {
    const h = low.indexOf(Buffer.from(f.toLowerCase(), "latin1"), from);
    if (h >= 0 && (best < 0 || h < best)) best = h;
  }
  return best;
}

test("caselessScan finds what ASCII folding finds, in place and copied, and nothing past the range's end", async () => {
  const { caselessScan } = await import("../../src/match/literal-scan.ts");
  const frags = ["page", "reclaim", "x`y", "a_b"];
  const cs = caselessScan(frags)!;
  expect(cs).toBeDefined();
  // Bytes next to the letters' ranges: '@' '[' '`' '{' and Latin-1 letters (0xC1 | 0x20 is 0xE1, not 'a').
  const alphabet = Buffer.from("pageRECLAIMxXyY`@_aAbB[{\n \xc1\xe1\xd0\xf0", "latin1");
  let seed = 7;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
  for (let round = 0; round < 400; round++) {
    const len = 1 + rnd(300);
    const text = Buffer.alloc(len);
    for (let i = 0; i < len; i++) text[i] = alphabet[rnd(alphabet.length)]!;
    if (round % 3 === 0) Buffer.from(["PaGe", "rEcLaIm", "X`Y", "A_b"][rnd(4)]!, "latin1").copy(text, rnd(len));
    const start = rnd(Math.min(len, 20));
    const end = start + rnd(len - start + 1);
    const from = start + rnd(end - start + 1);
    const want = firstCaseless(text, from, end, frags);
    // Copied: a buffer of the caller's.
    expect({ round, got: cs.locate(text, start, end)(from) }).toEqual({ round, got: want });
    // In place: the text in the scanner's own buffer, with stale bytes after `end` that would match.
    const own = cs.data();
    text.copy(own, 0);
    Buffer.from("PAGE reclaim", "latin1").copy(own, end);
    expect({ round, inPlace: cs.locate(own, start, end)(from) }).toEqual({ round, inPlace: want });
  }
  // The one byte folding would confuse with a fragment's '`' is '@': never a match.
  expect(cs.locate(Buffer.from("x@y X@Y"), 0, 7)(0)).toBe(-1);
  // A fragment ending at the range's end is found; one cut by it is not.
  const t = Buffer.from("..RECLAIM");
  expect(cs.locate(t, 0, 9)(0)).toBe(2);
  expect(cs.locate(t, 0, 8)(0)).toBe(-1);
});
