// Whole-tree content evidence (tree-search.ts) and the periphery rule (periphery.ts).
import { test, expect, describe } from "bun:test";
import { tree } from "../helpers.ts";
import { rankFind } from "../../src/rank/find.ts";
import { buildQuery } from "../../src/rank/find-query.ts";
import { literalOf, queryLiterals, searchTree, mentionScore } from "../../src/rank/tree-search.ts";
import { keepPeripheryBelow, peripheryKind, asksFor } from "../../src/rank/periphery.ts";
import { stem } from "../../src/query/identifiers.ts";
import { walkSorted } from "../../src/walk/index.ts";
import type { RankedFile } from "../../src/rank/types.ts";

const walk = (root: string) => ({ root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] });

describe("whole-tree content evidence (tree-search.ts)", () => {
  test("a word's literal is contained in every spelling the scan counts", () => {
    const lit = (w: string) => literalOf(w, stem(w));
    for (const s of ["render", "renders", "rendered", "renderer"]) expect(s).toContain(lit("rendering"));
    for (const s of ["policy", "policies"]) expect(s).toContain(lit("policies"));
    expect(literalOf("page", stem("page"))).toBe("page");
    expect(literalOf("tcp", stem("tcp"))).toBe("tcp");
  });
  test("query literals: one per word and synonym, a literal inside another kept once for both", () => {
    const q = buildQuery(["page", "pages", "remove"]);
    const l = queryLiterals(q.terms, [], stem);
    expect(l.literals).toContain("page");
    expect(l.literals.filter((x) => x.startsWith("page")).length).toBe(1);
    // remove's synonyms (delete, erase) stand for it.
    const k = l.literals.indexOf(literalOf("delete", stem("delete")));
    expect(k).toBeGreaterThanOrEqual(0);
    expect(l.terms[k]).toEqual([q.terms.findIndex((t) => t.word === "remove")]);
  });
  test("a composite holding a shorter literal keeps its own terms; the shorter one keeps only its own", () => {
    const q = buildQuery(["memory", "runs", "low"]);
    const comps = q.composites.filter((c) => c.spelled !== null && c.text.length >= 5);
    const l = queryLiterals(q.terms, comps, stem);
    const low = q.terms.findIndex((t) => t.word === "low");
    expect(l.terms[l.literals.indexOf("low")]).toEqual([low]);
    for (const c of comps) if (c.text.includes("low")) expect(l.literals).toContain(c.text);
  });
  test("every file of the walk is searched; document frequency and term masks per file", async () => {
    const root = tree({ "a.c": "page reclaim\n", "b.c": "PageFault\n", "c.c": "other\n" });
    const q = buildQuery(["page", "reclaim"]);
    const { files, stats } = walkSorted(walk(root));
    const ev = await searchTree(walk(root), files, stats, queryLiterals(q.terms, [], stem), 2);
    expect(ev.searched).toBe(3);
    expect(ev.df).toEqual([2, 1]);
    expect(ev.files.map((f) => [f.entry.display, f.mask, f.tf])).toEqual([["a.c", 0b11, [1, 1]], ["b.c", 0b01, [1, 0]]]);
    // The estimate that orders the full scans: rarer words and more mentions weigh more.
    expect(mentionScore(ev.files[0]!, [1, 3], ev.avgBytes)).toBeGreaterThan(mentionScore(ev.files[1]!, [1, 3], ev.avgBytes));
  });
  test("on a huge tree, the files saying the rarer words are scanned within the budget", async () => {
    const files: Record<string, string> = { "x/aaa.c": "/* congestion window growth */\n" + "int a;\n".repeat(30) };
    for (let i = 0; i < 20; i++) files[`pad/p${i}.c`] = `/* window ${i} */\n`;
    const root = tree(files);
    const res = await rankFind(buildQuery(["congestion", "window"]), { walk: walk(root), maxFiles: 10, structureFor: 0, fullScanFiles: 5, contentBudget: 300 });
    // The budget holds about one file: the one saying the rare word is read first.
    expect(res.ranked[0]!.path).toBe("x/aaa.c");
  });
});

describe("periphery below implementation (periphery.ts)", () => {
  const file = (path: string, role: RankedFile["role"], score: number, content = true): RankedFile =>
    ({ path, role, score, contentRead: content, tf: [content ? 1 : 0] }) as unknown as RankedFile;
  test("kinds: tests by role, catalogs by format, change logs by name (never a source file)", () => {
    expect(peripheryKind(file("gcc/testsuite/x.c", "test", 1))).toBe("test");
    expect(peripheryKind(file("gcc/po/de.po", "generic", 1))).toBe("translation");
    expect(peripheryKind(file("gcc/ChangeLog.2019", "generic", 1))).toBe("changelog");
    expect(peripheryKind(file("Lib/history.py", "implementation", 1))).toBe(null);
    expect(asksFor("test", buildQuery(["parser", "tests"]))).toBe(true);
    expect(asksFor("translation", buildQuery(["message", "translations"]))).toBe(true);
    expect(asksFor("translation", buildQuery(["include", "guard"]))).toBe(false);
  });
  test("a test, catalog or change log moves below the last implementation file with content evidence", () => {
    const ranked = [file("t/a_test.c", "test", 9), file("po/de.po", "generic", 8), file("src/a.c", "implementation", 5), file("src/b.c", "implementation", 3), file("Makefile", "build", 2)];
    const out = keepPeripheryBelow(ranked, buildQuery(["guard"]));
    expect(out.map((f) => f.path)).toEqual(["src/a.c", "src/b.c", "t/a_test.c", "po/de.po", "Makefile"]);
    expect(out[2]!.score).toBe(3);
    expect(out[2]!.belowImplementation).toBe("test");
    // Asked for, a test keeps its place; without an implementation file with content, nothing moves.
    expect(keepPeripheryBelow([file("t/a_test.c", "test", 9), file("src/a.c", "implementation", 5)], buildQuery(["guard", "test"]))[0]!.path).toBe("t/a_test.c");
    expect(keepPeripheryBelow([file("t/a_test.c", "test", 9), file("src/a.c", "implementation", 5, false)], buildQuery(["guard"]))[0]!.path).toBe("t/a_test.c");
  });
  test("on a fixture: tests named after the topic rank below the implementation whose path says nothing", async () => {
    const root = tree({
      "testsuite/include_guard_1.c": "/* include guard test */\n#ifndef GUARD\n#define GUARD\n#endif\n",
      "testsuite/include_guard_2.c": "/* include guard test */\n#ifndef GUARD2\n#define GUARD2\n#endif\n",
      "cpp/files.c": "/* Detect the multiple-include optimization: an include guard around the whole file. */\nint mi_guard;\n",
    });
    const res = await rankFind(buildQuery(["include", "guard"]), { walk: walk(root), maxFiles: 10, structureFor: 0 });
    expect(res.ranked[0]!.path).toBe("cpp/files.c");
  });
});
