// The cheap paths of find's pipeline on a huge tree (session 13, issue 19's speed part): each must
// give what the costlier code it replaces gave.
import { test, expect, describe } from "bun:test";
import { isDefinition, mayHeadDefinition } from "../../src/rank/symbols.ts";
import { treeEvidence, type QueryLiterals } from "../../src/rank/tree-search.ts";
import { hasEvidence } from "../../src/rank/score.ts";
import { barePath } from "../../src/rank/path.ts";
import type { FileEntry } from "../../src/walk/types.ts";
import type { Cand } from "../../src/rank/types.ts";

describe("isDefinition's prefix check (mayHeadDefinition)", () => {
  const may = (prefix: string) => mayHeadDefinition(Buffer.from(prefix + "name", "latin1"), 0, prefix.length);
  test("the common probe hits in C need no regex: indented, after ( or an operator", () => {
    for (const p of ["", "\t", "    ", "(", "sizeof(", "\t\t(", "x = ", "return (", "*", "\t*&"]) expect(may(p)).toBe(false);
  });
  test("every head a definition can follow passes", () => {
    const heads = ["def ", "fn ", "func ", "function ", "function* ", "class ", "struct ", "enum ", "typedef ", "#define ", "# define ", "const ", "static ", "let ", "var ", "macro_rules! ", "struct *", "const & ", "\tstatic\t", "pub struct ", "func (r *T) ", "func (r *T)", "function M.", "function M:", "class A::", "def self.", "x\u00a0struct\u00a0"];
    for (const p of heads) expect(may(p)).toBe(true);
  });
  test("isDefinition gives the same answers with the check in front", () => {
    const at = (line: string, ident: string) => { const cs = line.lastIndexOf(ident); return isDefinition(Buffer.from(line, "latin1"), cs, cs + ident.length, ident); };
    expect(at("\tstruct yaml_doc *d;", "struct")).toBe(false);
    expect(at("sizeof(struct yaml_doc)", "struct")).toBe(false);
    expect(at("struct yaml_document {", "yaml_document")).toBe(true);
    expect(at("static int parse_yaml(const char *s)", "parse_yaml")).toBe(true);
    expect(at("func (p *Parser) ParseDocument() error {", "ParseDocument")).toBe(true);
    expect(at("function M.parse_doc(s)", "parse_doc")).toBe(true);
    expect(at("\tparse_yaml(doc);", "parse_yaml")).toBe(false);
  });
});

describe("tree evidence from the search's literal counts (treeEvidence)", () => {
  const entry = (display: string): FileEntry => ({ display, open: display } as unknown as FileEntry);
  test("counts summed per term; a file saying only a synonym does not count in the word's rarity", () => {
    // literal 0: term 0; literal 1: term 1; literal 2: a synonym of term 1.
    const q: QueryLiterals = { literals: ["pars", "docum", "record"], terms: [[0], [1], [1]], synonymOnly: [false, false, true] };
    const ev = treeEvidence([
      { entry: entry("a.c"), counts: [3, 2, 1], bytes: 100 },
      { entry: entry("b.c"), counts: [0, 0, 4], bytes: 300 },
    ], 7, q, 2);
    expect(ev.searched).toBe(7);
    expect(ev.files.map((f) => [f.entry.display, f.mask, f.tf, f.bytes])).toEqual([["a.c", 0b11, [3, 3], 100], ["b.c", 0b10, [0, 4], 300]]);
    expect(ev.df).toEqual([1, 1]);
    expect(ev.avgBytes).toBe(200);
  });
});

describe("which candidates are scored (hasEvidence)", () => {
  const cand = (display: string, tf: number[] | null): Cand => {
    const info = barePath({ display, open: display } as unknown as FileEntry, [0, 0]);
    return { info, ev: tf ? ({ tf } as unknown as Cand["ev"]) : null, bytes: 0, ps: 0 };
  };
  test("an unread file without a path hit counts only when a kept learned word names it", () => {
    expect(hasEvidence(cand("drivers/mcp4725.c", null), new Set(["drivers/mcp4725.c"]))).toBe(true);
    expect(hasEvidence(cand("drivers/other.c", null), new Set(["drivers/mcp4725.c"]))).toBe(false);
  });
  test("a read file counts when it mentions a term", () => {
    expect(hasEvidence(cand("a.c", [0, 2]), new Set())).toBe(true);
    expect(hasEvidence(cand("a.c", [0, 0]), new Set())).toBe(false);
  });
});

describe("learned hits looked up only for the named files (ScoreContext.named)", () => {
  test("a file keepLearned did not find named is not split again for learned words", async () => {
    const { scoreFile, rarityOf } = await import("../../src/rank/score.ts");
    const { buildQuery, TokenMatcher } = await import("../../src/rank/find-query.ts");
    const query = buildQuery(["congestion", "window"]);
    const learned = [{ word: "cubic", weight: 1, def: "cubic_update", path: "net/ipv4/tcp.c", line: 1, terms: [0, 1], files: 1, support: 1, defs: new Set(["cubic_update"]), typed: true }];
    const c: Cand = { info: barePath({ display: "net/ipv4/tcp_cubic.c", open: "x" } as unknown as FileEntry, [0, 0]), ev: null, bytes: 0, ps: 0 };
    const x = { query, m: new TokenMatcher(query.terms), rarity: rarityOf([], [1, 1]), learned, N: 100 };
    expect(scoreFile(c, x).learnedHits.map((l) => l.word)).toEqual(["cubic"]);
    expect(scoreFile(c, { ...x, named: new Set(["net/ipv4/tcp_cubic.c"]) }).learnedHits.map((l) => l.word)).toEqual(["cubic"]);
    expect(scoreFile(c, { ...x, named: new Set<string>() }).learnedHits).toEqual([]);
  });
});

describe("an inflected word is its base (cutFrom, as sameBase uses it)", () => {
  test("tiling is tile, sniffing is sniff; not is not notes", async () => {
    const { cutFrom, sameBase } = await import("../../src/rank/find-query.ts");
    expect(cutFrom("tiling", "til", "tile")).toBe(true);
    expect(cutFrom("sniffing", "snif", "sniff")).toBe(true);
    expect(cutFrom("not", "not", "note")).toBe(false);
    expect(sameBase("tiling", "til", "tile", "tile")).toBe(true);
  });
});
