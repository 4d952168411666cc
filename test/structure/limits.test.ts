/**
 * The structure layer's bounded cost: parse limits (limits.ts), signatures that read a window of a
 * long line, and the line scanners rewritten without regexes that backtrack over runs of blanks.
 * The hang tests run inputs that took time squared before (minutes); the bound is generous.
 */
import { test, expect, describe } from "bun:test";
import { SCAN_LIMIT, TREE_LIMIT, countLines, parseCut } from "../../src/structure/limits.ts";
import { signatureOf } from "../../src/structure/lines.ts";
import { atxHeading } from "../../src/structure/markdown.ts";
import { yamlKey, jsonSymbols } from "../../src/structure/keys.ts";
import { extractAs } from "../../src/structure/index.ts";
import { splitLines } from "../../src/structure/lines.ts";

describe("parseCut", () => {
  test("a text within the limits is parsed whole", () => {
    const t = "a = 1\n".repeat(1000);
    expect(parseCut(t, TREE_LIMIT)).toBe(t.length);
  });
  test("over the token limit: cut after the last line end in the second half", () => {
    const line = "f(a, b);\n"; // 7 tokens
    const t = line.repeat(100);
    const cut = parseCut(t, { chars: 1 << 20, tokens: 70 });
    expect(cut).toBe(line.length * 10);
  });
  test("one long line: cut between two tokens, never inside a word", () => {
    const t = "alpha+beta+gamma+delta";
    const cut = parseCut(t, { chars: 1 << 20, tokens: 4 });
    expect(t.slice(0, cut)).toBe("alpha+beta+");
    expect(parseCut("abcdefgh ijk", { chars: 6 })).toBe(6); // a word longer than the limit: cut at the limit
  });
  test("the scanners' limit is characters only", () => {
    expect(SCAN_LIMIT.tokens).toBeUndefined();
    const t = "x\n".repeat(10);
    expect(parseCut(t, { chars: 7 })).toBe(6);
  });
  test("countLines agrees with splitLines", () => {
    for (const t of ["", "a", "a\n", "a\nb", "a\r\nb\r\n", "\n\n"]) expect(countLines(t)).toBe(splitLines(t).length);
  });
});

describe("extractAs within the limits", () => {
  test("a tree-sitter language over the limit reports the cut and the whole file's lines", async () => {
    const text = "function f(){return 1}\n".repeat(30_000); // ~ 9 tokens a line
    const s = await extractAs("javascript", text);
    expect(s.totalLines).toBe(30_000);
    expect(s.cut).toBeDefined();
    expect(s.cut!.line).toBeLessThan(30_000);
    expect(s.cut!.totalBytes).toBe(text.length);
    expect(s.symbols.length).toBe(s.cut!.line);
    expect(s.symbols.every((x) => x.endLine <= s.cut!.line)).toBe(true);
  });
  test("text without an extractor is never cut", async () => {
    const s = await extractAs("text", "x\n".repeat(10), false, { lines: 10_000_000, bytes: 20_000_000 });
    expect(s.cut).toBeUndefined();
    expect(s.totalLines).toBe(10_000_000);
  });
});

describe("signatures of long lines", () => {
  test("a symbol deep in a long line gets its own declaration, clipped", () => {
    const line = "var x=1;".repeat(1000) + "function target(a,b){return a+b}" + ";y=2".repeat(1000);
    const col = line.indexOf("function target");
    const sig = signatureOf([line], 1, col);
    expect(sig.startsWith("function target(a,b){return a+b};y=2")).toBe(true);
    expect(sig.endsWith("…")).toBe(true);
    expect(Array.from(sig).length).toBe(160);
  });
  test("short lines are unchanged: trimmed, blanks collapsed", () => {
    expect(signatureOf(["   def  f(x):  "], 1, 3)).toBe("def f(x):");
  });
});

describe("no time squared on hostile lines", () => {
  const blanks = " ".repeat(300_000);
  test("ATX heading with a long run of blanks", () => {
    expect(atxHeading(`# a${blanks}b`)).toEqual({ level: 1, text: `a${blanks}b` });
    expect(atxHeading(`## title${blanks}##${blanks}`)).toEqual({ level: 2, text: "title" });
  });
  test("YAML key and JSON keys on long lines", () => {
    expect(yamlKey(`a${blanks}b`)).toBeNull();
    expect(yamlKey(`key${blanks}: v`)).toBe("key");
    const json = `{"a":"${"x".repeat(1_000_000)}","b":1}`;
    expect(jsonSymbols(json, [json]).map((s) => s.name)).toEqual(["a", "b"]);
  });
});
