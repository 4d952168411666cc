import { test, expect, describe } from "bun:test";
import { tree } from "../helpers.ts";
import { rankFind } from "../../src/rank/find.ts";
import { buildQuery, matchQuality, probesOf, spellingVariant, synonymProbe, TokenMatcher, SYNONYM_QUALITY } from "../../src/rank/find-query.ts";
import { SYNONYM_GROUPS } from "../../src/rank/thesaurus.ts";
import { stem } from "../../src/query/identifiers.ts";
import { queryLiterals } from "../../src/rank/tree-search.ts";

async function rank(root: string, ...words: string[]) {
  return rankFind(buildQuery(words), {
    walk: { root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] },
    maxFiles: 10,
    structureFor: 0,
  });
}
const paths = (r: Awaited<ReturnType<typeof rank>>) => r.ranked.map((f) => f.path);

describe("thesaurus (rank/thesaurus.ts)", () => {
  test("a query's plain word finds the file that names the idea the code's way", async () => {
    // "cleanup ... garbage collected" is what a finalizer does; the other file says the query's
    // words as often but is about something else.
    const root = tree({
      "rt/mfinal.go": "package rt\n\n// SetFinalizer arranges for fn to run on obj once it is unreachable.\nfunc SetFinalizer(obj any, fn any) { queueFinalizer(obj, fn) }\n\nfunc queueFinalizer(obj any, fn any) {}\n\nfunc runFinalizers() { collected() }\nfunc collected() {}\n",
      "rt/stats.go": "package rt\n\n// objects collected so far\nvar objects int\nvar collectedBytes int\nfunc countObjects() int { return objects }\n",
    });
    const r = await rank(root, "cleanup", "objects", "collected");
    expect(paths(r)[0]).toBe("rt/mfinal.go");
  });

  test("a synonym is weaker than the word itself", () => {
    const q = buildQuery(["concurrent"]).terms[0]!;
    expect(q.synonyms).toContain("parallel");
    const m = new TokenMatcher([q]);
    expect(m.match("parallel")).toEqual([[0, SYNONYM_QUALITY]]);
    expect(m.match("concurrent")).toEqual([[0, 1]]);
  });

  test("irregular plurals stand for their singular", () => {
    const m = new TokenMatcher(buildQuery(["vertex"]).terms);
    expect(m.match("vertices").length).toBe(1);
    expect(new TokenMatcher(buildQuery(["children"]).terms).match("child").length).toBe(1);
  });

  test("groups are general words: no word is a stop word, no two groups share a stem by accident", () => {
    for (const g of SYNONYM_GROUPS) {
      expect(g.length).toBeGreaterThanOrEqual(2);
      for (const w of g) expect(w).toMatch(/^[a-z]+$/);
      // Two words of one group with one stem would be the same word twice.
      expect(new Set(g.map(stem)).size).toBe(g.length);
    }
  });
});

describe("British and American spellings", () => {
  test("one word, either spelling", () => {
    expect(spellingVariant(stem("normalise"), stem("normalize"))).toBe(true);
    expect(spellingVariant(stem("analyse"), stem("analyze"))).toBe(true);
    expect(spellingVariant(stem("colour"), stem("color"))).toBe(true);
    expect(spellingVariant(stem("behaviour"), stem("behavior"))).toBe(true);
    // ...but not two words a letter apart
    expect(spellingVariant(stem("parse"), stem("parsz"))).toBe(false);
    expect(spellingVariant("horse", "house")).toBe(false);
    expect(spellingVariant("rise", "rize")).toBe(false);
  });

  test("a query in one spelling matches code in the other at full quality", async () => {
    const t = buildQuery(["normalise"]).terms[0]!;
    expect(matchQuality("normalize", t)).toBe(1);
    expect(matchQuality("normalized", t)).toBe(1);
    const root = tree({
      "gfx/colors.c": "int normalize_color(int color) { return color & 0xff; }\nint color_normalized;\n",
      "gfx/other.c": "int unrelated(void) { return 0; }\n",
    });
    expect(paths(await rank(root, "normalise", "colour"))[0]).toBe("gfx/colors.c");
  });
});

describe("a synonym does not make the word itself common", () => {
  // Ten files say `parallel`, one says "concurrent": the word keeps the rarity of one file, so the
  // file saying the query's own word is not outweighed by files saying its synonym.
  const files: Record<string, string> = { "a/tee.go": "// concurrent cores at once\nfunc concurrentCores() {}\n" };
  for (let i = 0; i < 10; i++) files[`b/f${i}.go`] = `func parallelThing${i}() { parallel() }\n`;
  for (let i = 0; i < 10; i++) files[`c/g${i}.go`] = `func other${i}() {}\n`;

  test("content rarity (every file read)", async () => {
    const r = await rank(tree(files), "concurrent", "cores");
    const alone = (await rank(tree({ ...Object.fromEntries(Object.entries(files).filter(([p]) => !p.startsWith("b/"))), ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`b/f${i}.go`, `func plain${i}() {}\n`])) }), "concurrent", "cores"));
    expect(r.idf[0]).toBe(alone.idf[0]!);
    expect(paths(r)[0]).toBe("a/tee.go");
  });

  test("tree rarity (a scope searched by the worker pool)", async () => {
    const res = await rankFind(buildQuery(["concurrent", "cores"]), {
      walk: { root: tree(files), hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] },
      maxFiles: 10,
      structureFor: 0,
      fullScanFiles: 2,
    });
    const lits = queryLiterals(buildQuery(["concurrent"]).terms, [], stem);
    expect(lits.synonymOnly![lits.literals.findIndex((l) => "parallel".startsWith(l))]).toBe(true);
    expect(lits.synonymOnly![lits.literals.findIndex((l) => "concurrent".startsWith(l))]).toBe(false);
    // df 1 of 21 files, not 11
    expect(res.idf[0]).toBeGreaterThan(2.5);
    expect(res.ranked[0]!.path).toBe("a/tee.go");
  });
});

describe("a synonym's mentions weigh by the synonym's own rarity", () => {
  test("a synonym every file says adds little to a rare word", async () => {
    // "choose" is said by one file; its synonym `select` by ten, often. Weighed at the rarity of
    // "choose", those ten would outrank the one file saying the query's own words.
    const pad = "// ".padEnd(70, "x") + "\n";
    const files: Record<string, string> = { "a/view.go": "package a\n\nfunc widget() {}\n\n// choose the widget to show\n" + pad.repeat(3) };
    for (let i = 0; i < 10; i++) files[`b/s${i}.go`] = `func widget${i}() { select {}; select {}; select {}; select {}; select {}; select {} }\n`;
    for (let i = 0; i < 10; i++) files[`c/o${i}.go`] = `func other${i}() {}\n`;
    const r = await rank(tree(files), "choose", "widget");
    expect(paths(r)[0]).toBe("a/view.go");
    // ...and the synonym still counts: a file saying it ranks above one that says neither.
    expect(paths(r)).toContain("b/s0.go");
  });
});

describe("synonym probes", () => {
  test("a synonym is looked for by its stem's prefix, not three letters (it matches only its stem)", () => {
    expect(synonymProbe("transmit")).toBe("transmi");
    expect(synonymProbe("fifo")).toBe("fifo");
    expect(synonymProbe("gc")).toBe("gc");
    const t = buildQuery(["send"]).terms[0]!;
    expect(probesOf(t)).toEqual(["send", "transmi"]);
    // every token the synonym matches holds its probe
    const m = new TokenMatcher([t]);
    for (const tok of ["transmit", "transmitted", "transmits", "transmitting"]) {
      expect(m.match(tok)).toEqual([[0, SYNONYM_QUALITY]]);
      expect(tok.includes(synonymProbe("transmit"))).toBe(true);
    }
  });
});
