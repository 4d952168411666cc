// One test group per signal module of src/rank/: each calls the signal on made-up evidence, so a
// signal that stops computing what it names fails here, apart from the whole pipeline.
import { test, expect, describe } from "bun:test";
import { buildQuery, TokenMatcher } from "../../src/rank/find-query.ts";
import { pathEvidence, pathScore, barePath } from "../../src/rank/path.ts";
import { ContentScanner, contentSignal, proximitySignal } from "../../src/rank/content.ts";
import { descriptionSignal, type DocBlock } from "../../src/rank/description.ts";
import { symbolSignal } from "../../src/rank/symbols.ts";
import { passageSignal } from "../../src/rank/passage.ts";
import { keepLearned, learnedHits, learnedSignal, type LearnedName } from "../../src/rank/learned.ts";
import { coverageOf, covFactor } from "../../src/rank/coverage.ts";
import { roleFactor, ROLE_FACTOR } from "../../src/rank/roles.ts";
import { formFactor, HEADER_FILE_FACTOR } from "../../src/rank/form.ts";
import { rarityOf } from "../../src/rank/score.ts";
import type { FileEntry } from "../../src/walk/types.ts";
import type { Cand } from "../../src/rank/types.ts";

const entry = (display: string): FileEntry => ({ display, open: display, size: 10 }) as unknown as FileEntry;
const evidenceOf = (words: string[], ...displays: string[]) => {
  const q = buildQuery(words);
  const m = new TokenMatcher(q.terms, q.composites);
  return { q, m, ev: pathEvidence(displays.map(entry), m, q.terms, q.composites) };
};

describe("path signal (path.ts)", () => {
  test("a file-name hit weighs twice a parent-directory hit, which outweighs a higher directory", () => {
    const { ev } = evidenceOf(["socket"], "net/socket.c", "socket/impl.c", "socket/x/impl.c");
    const w = [1];
    const [name, parent, above] = ev.infos.map((i) => pathScore(i, w, 1));
    expect(name).toBeGreaterThan(2 * parent! - 1e-9);
    expect(parent).toBeGreaterThan(above!);
  });
  test("a name made only of query words is named after the topic and gets a bonus", () => {
    const { ev } = evidenceOf(["auth", "status"], "src/auth_status.rs", "src/auth_status_cache.rs");
    const w = [1, 1];
    const [whole, partial] = ev.infos.map((i) => pathScore(i, w, 2));
    expect(ev.infos[0]!.nameCovered).toBe(true);
    expect(ev.infos[1]!.nameCovered).toBe(false);
    expect(whole).toBeGreaterThan(partial!);
  });
  test("files without a hit get no record; a term in fewer paths is rarer", () => {
    const { ev } = evidenceOf(["page", "reclaim"], "mm/page_alloc.c", "mm/page_io.c", "mm/vmscan.c", "mm/reclaim.c");
    expect(ev.infos.map((i) => i.entry.display)).toEqual(["mm/page_alloc.c", "mm/page_io.c", "mm/reclaim.c"]);
    expect([...ev.hitAt]).toEqual([1, 1, 0, 1]);
    expect(ev.pidf[1]).toBeGreaterThan(ev.pidf[0]!);
    expect(pathScore(barePath(entry("mm/vmscan.c"), ev.zeros), [1, 1], 2)).toBe(0);
  });
});

describe("content signal (content.ts)", () => {
  const q = buildQuery(["retry", "backoff"]);
  const scanner = new ContentScanner(new TokenMatcher(q.terms, q.composites));
  test("mentions are counted per term from identifiers, never substrings", () => {
    const ev = scanner.scan(Buffer.from("fn retry_with_backoff() { retry(); retrying(); }\n// the background\n"));
    expect(ev.tf[0]).toBe(3);
    expect(ev.tf[1]).toBe(1);
  });
  test("BM25: more mentions score more, saturating; a rarer term weighs more", () => {
    const one = contentSignal([1, 0], 100, [1, 1], 100);
    const ten = contentSignal([10, 0], 100, [1, 1], 100);
    expect(ten).toBeGreaterThan(one);
    expect(ten).toBeLessThan(10 * one);
    expect(contentSignal([0, 1], 100, [1, 3], 100)).toBeGreaterThan(contentSignal([1, 0], 100, [1, 3], 100));
  });
  test("proximity grows with near pairs and is nothing for a one-word query", () => {
    expect(proximitySignal(4, 2, 2)).toBeGreaterThan(proximitySignal(1, 2, 2));
    expect(proximitySignal(0, 2, 2)).toBe(0);
    expect(proximitySignal(9, 2, 1)).toBe(0);
  });
});

describe("description signal (description.ts)", () => {
  const tidf = [1, 1, 1];
  test("two query words in the leading description count; one stray word does not", () => {
    expect(descriptionSignal([1, 1, 0], [], tidf, 3).score).toBeGreaterThan(0);
    expect(descriptionSignal([1, 0, 0], [], tidf, 3).score).toBe(0);
  });
  test("a type's doc comment saying most of the query is the description; a member's is not", () => {
    const doc = (isType: boolean): DocBlock => ({ mask: 0b111, name: "Cardinality", line: 7, isType });
    const typed = descriptionSignal([0, 0, 0], [doc(true)], tidf, 3);
    expect(typed.docAt?.name).toBe("Cardinality");
    expect(typed.words).toEqual([0, 1, 2]);
    expect(descriptionSignal([0, 0, 0], [doc(false)], tidf, 3).score).toBe(0);
  });
});

describe("definitions signal (symbols.ts)", () => {
  test("a definition naming rare query words scores; the best single definition counts extra", () => {
    const one = symbolSignal([{ name: "retry_backoff", line: 3, terms: [[0, 1], [1, 1]] }], [1, 2]);
    const split = symbolSignal([{ name: "retry", line: 3, terms: [[0, 1]] }, { name: "backoff", line: 9, terms: [[1, 1]] }], [1, 2]);
    expect(one.score).toBeGreaterThan(split.score);
    expect(one.perTerm).toEqual([1, 1]);
    expect(one.hits).toEqual([{ name: "retry_backoff", line: 3, terms: [0, 1] }]);
    expect(symbolSignal([], [1, 2]).score).toBe(0);
  });
});

describe("passage signal (passage.ts)", () => {
  test("a passage counts when it says 3+ words holding half the query's rarity", () => {
    const tidf = [0.1, 0.1, 0.1, 5];
    expect(passageSignal([0b0111], tidf, 5.3).score).toBe(0); // three common words
    const rare = passageSignal([0b0111, 0b1011], tidf, 5.3);
    expect(rare.mask).toBe(0b1011);
    expect(rare.score).toBeGreaterThan(0);
    expect(passageSignal([0b11], [1, 1], 2).score).toBe(0); // two words are proximity, not a passage
  });
});

describe("learned-names signal (learned.ts)", () => {
  const l: LearnedName = { word: "cardinality", weight: 0.8, def: "Cardinality", path: "a.h", line: 1, terms: [0, 1, 2], files: 0, support: 0.8, defs: new Set(["Cardinality"]), typed: true };
  test("a file named with a learned word gets a score that is rarer the fewer files it names", () => {
    const files = ["gmock/gmock-cardinalities.h", "src/gmock-cardinalities.cc", "src/other.cc"].map(entry);
    const { kept, named } = keepLearned([{ ...l }], files);
    expect(kept[0]!.files).toBe(2);
    expect(named[0]).toEqual([0, 1]);
    expect(learnedHits("src/gmock-cardinalities.cc", kept).length).toBe(1);
    expect(learnedHits("src/other.cc", kept).length).toBe(0);
    expect(learnedSignal(kept, 1000)).toBeGreaterThan(learnedSignal([{ ...kept[0]!, files: 40 }], 1000));
  });
});

describe("coverage (coverage.ts)", () => {
  test("any evidence covers a term: path, mentions, a definition or a learned name", () => {
    const tidf = [1, 1, 1, 1];
    const c = coverageOf([0.5, 0, 0, 0], [0, 2, 0, 0], [0, 0, 1, 0], new Set([3]), tidf, 4);
    expect(c.matched).toEqual([0, 1, 2, 3]);
    expect(c.coverage).toBe(1);
    expect(coverageOf([0, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], new Set(), tidf, 4).coverage).toBe(0.25);
    expect(covFactor(0)).toBeGreaterThan(0);
    expect(covFactor(1)).toBe(1);
  });
});

describe("role factor (roles.ts)", () => {
  const inf = (display: string) => barePath(entry(display), [0]);
  test("a test is demoted unless the query names tests", () => {
    expect(roleFactor(inf("src/parser_test.go"), buildQuery(["parser"]))).toBe(ROLE_FACTOR.test);
    expect(roleFactor(inf("src/parser_test.go"), buildQuery(["parser", "test"]))).toBeGreaterThan(1);
    expect(roleFactor(inf("src/parser.go"), buildQuery(["parser"]))).toBe(1);
  });
});

describe("form factor (form.ts)", () => {
  test("a C header ranks below its source unless the query says header; deeper copies rank after", () => {
    expect(formFactor("a.h", buildQuery(["x"]))).toBe(HEADER_FILE_FACTOR);
    expect(formFactor("a.h", buildQuery(["x", "header"]))).toBe(1);
    expect(formFactor("lib/a.c", buildQuery(["x"]))).toBeGreaterThan(formFactor("tools/lib/a.c", buildQuery(["x"])));
  });
});

describe("rarity (score.ts)", () => {
  test("content rarity over the read files; path weight is rare in paths and in content", () => {
    const cand = (tf: number[]): Cand => ({ info: barePath(entry("x"), [0, 0]), ev: { tf, spelled: tf, direct: tf, header: [0, 0], defs: [], nearPairs: 0, passages: [], docs: [], len: 100 }, bytes: 100, ps: 0 });
    const r = rarityOf([cand([1, 1]), cand([1, 0]), cand([1, 0]), cand([1, 0])], [2, 2]);
    expect(r.cidf[1]).toBeGreaterThan(r.cidf[0]!);
    expect(r.pw[1]).toBeGreaterThan(r.pw[0]!);
    expect(r.avgLen).toBe(100);
    expect(rarityOf([], [2, 3]).tidf).toEqual([2, 3]);
  });
});
