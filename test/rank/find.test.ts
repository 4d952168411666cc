import { test, expect, describe } from "bun:test";
import { tree } from "../helpers.ts";
import { rankFind, headerSpans, formFactor, bestWindow, UNCONFIRMED_COMPOSITE } from "../../src/rank/find.ts";
import { buildQuery, matchQuality, TokenMatcher, ACRONYM_QUALITY, ABBREVIATED_QUALITY } from "../../src/rank/find-query.ts";
import { idf, saturate, bm25 } from "../../src/rank/bm25.ts";

async function rank(root: string, ...words: string[]) {
  const res = await rankFind(buildQuery(words), {
    walk: { root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] },
    maxFiles: 10,
    structureFor: 0,
  });
  return res;
}
const paths = (r: Awaited<ReturnType<typeof rank>>) => r.ranked.map((f) => f.path);

describe("bm25 primitives", () => {
  test("idf: rarer is larger, never zero", () => {
    expect(idf(100, 1)).toBeGreaterThan(idf(100, 50));
    expect(idf(100, 100)).toBeGreaterThan(0);
  });
  test("saturation: grows with tf but stays below k1+1", () => {
    expect(saturate(0, 10, 10)).toBe(0);
    expect(saturate(2, 10, 10)).toBeGreaterThan(saturate(1, 10, 10));
    expect(saturate(1000, 10, 10)).toBeLessThan(2.2);
    // a long document needs more mentions for the same evidence
    expect(saturate(3, 100, 10)).toBeLessThan(saturate(3, 10, 10));
  });
  test("bm25 sums idf-weighted saturated terms", () => {
    expect(bm25([1, 0], [2, 5], 10, 10)).toBeCloseTo(2 * saturate(1, 10, 10));
  });
});

describe("query", () => {
  test("AuthStatus, auth_status and auth status give the same terms", () => {
    const a = buildQuery(["AuthStatus"]).terms;
    expect(buildQuery(["auth_status"]).terms).toEqual(a);
    expect(buildQuery(["auth", "status"]).terms).toEqual(a);
    expect(a.map((t) => t.word)).toEqual(["auth", "status"]);
  });
  test("stop words dropped and reported; duplicates by stem merged", () => {
    const q = buildQuery(["where", "is", "the", "parser", "parsing"]);
    expect(q.terms.map((t) => t.word)).toEqual(["parser"]);
    expect(q.dropped).toEqual(["where", "is", "the"]);
  });
  test("a query of only stop words still searches", () => {
    expect(buildQuery(["the", "it"]).terms.map((t) => t.word)).toEqual(["the", "it"]);
  });
  test("role words make that role wanted", () => {
    expect(buildQuery(["parser", "tests"]).wantRoles.has("test")).toBe(true);
    expect(buildQuery(["parser"]).wantRoles.size).toBe(0);
  });
});

describe("token matching", () => {
  const t = (w: string) => buildQuery([w]).terms[0]!;
  test("exact and stem", () => {
    expect(matchQuality("render", t("rendering"))).toBe(1);
    expect(matchQuality("handlers", t("handle"))).toBe(1);
  });
  test("abbreviations are weaker matches", () => {
    for (const [tok, word] of [["dupe", "duplicate"], ["cfg", "config"], ["ctx", "context"], ["impl", "implementation"]]) {
      const q = matchQuality(tok!, t(word!));
      expect(q).toBeGreaterThan(0);
      expect(q).toBeLessThan(1);
    }
  });
  test("no substring matches", () => {
    for (const [tok, word] of [["build", "ui"], ["ratio", "io"], ["author", "auth"], ["default", "def"], ["reset", "set"], ["latest", "test"], ["report", "port"], ["true", "trusted"], ["loop", "lookup"]]) {
      expect(matchQuality(tok!, t(word!))).toBe(0);
    }
  });
  test("compounds of query words", () => {
    const m = new TokenMatcher(buildQuery(["observable", "map"]).terms);
    expect(m.match("observablemap").map((h) => h[0])).toEqual([0, 1]);
    const b = new TokenMatcher(buildQuery(["bytecode", "cache"]).terms);
    expect(b.match("bccache").map((h) => h[0])).toEqual([0, 1]);
    const p = new TokenMatcher(buildQuery(["port"]).terms);
    expect(p.match("report")).toEqual([]);
  });
});

describe("ranking on fixture trees", () => {
  test("AuthStatus finds auth_status.rs; all spellings agree", async () => {
    const root = tree({
      "src/auth_status.rs": "pub struct AuthStatus { ok: bool }\n",
      "src/author.rs": "pub struct Author { name: String }\n",
      "src/status.rs": "pub enum Status { Up, Down }\n",
      "src/lib.rs": "mod auth_status;\nmod author;\nmod status;\n",
    });
    const a = paths(await rank(root, "AuthStatus"));
    expect(a[0]).toBe("src/auth_status.rs");
    expect(paths(await rank(root, "auth_status"))).toEqual(a);
    expect(paths(await rank(root, "auth", "status"))).toEqual(a);
  });

  test("author.rs is not evidence for auth", async () => {
    const root = tree({
      "src/author.rs": "pub struct Author { name: String }\n",
      "src/authority.rs": "pub fn authority() {}\n",
      "src/auth.rs": "pub fn check_auth() {}\n",
    });
    const r = await rank(root, "auth");
    expect(paths(r)[0]).toBe("src/auth.rs");
    expect(paths(r)).not.toContain("src/author.rs");
  });

  test("ui and io do not match build, guide, ratio", async () => {
    const root = tree({
      "src/build.rs": "fn build() { let ratio = 1; let guide = 2; quit(); }\n",
      "src/guide.rs": "fn guide_priority() {}\n",
      "src/ui/view.rs": "pub fn draw() {}\n",
      "src/io.rs": "pub fn read_all() {}\n",
    });
    expect(paths(await rank(root, "ui"))).toEqual(["src/ui/view.rs"]);
    expect(paths(await rank(root, "io"))).toEqual(["src/io.rs"]);
  });

  test("latest_x.rs is implementation, a real test file is demoted", async () => {
    const root = tree({
      "src/latest_parser.rs": "pub fn parse_latest() {}\n",
      "tests/parser_test.rs": "fn parser_works() { parser(); parser(); }\n",
      "src/parser.rs": "pub fn parser() {}\n",
    });
    const r = await rank(root, "parser");
    expect(r.ranked.find((f) => f.path === "src/latest_parser.rs")?.role).toBe("implementation");
    expect(paths(r)[0]).toBe("src/parser.rs");
    expect(paths(r).indexOf("tests/parser_test.rs")).toBeGreaterThan(0);
    // ...unless the query asks for tests
    expect(paths(await rank(root, "parser", "test"))[0]).toBe("tests/parser_test.rs");
  });

  test("content-only relevance: no path evidence still ranks", async () => {
    const root = tree({
      "src/limiter.rs": "/// Token bucket rate limiting.\npub struct TokenBucket { tokens: u32 }\nimpl TokenBucket { fn refill(&mut self) { self.tokens += 1; } }\n",
      "src/main.rs": "fn main() { println!(\"hello\"); }\n",
      "src/util.rs": "fn helper() {}\n",
    });
    const r = await rank(root, "token", "bucket");
    expect(paths(r)[0]).toBe("src/limiter.rs");
    expect(r.ranked[0]!.components.path).toBe(0);
    expect(r.ranked[0]!.components.content).toBeGreaterThan(0);
  });

  test("a definition outweighs the same number of mentions", async () => {
    const root = tree({
      "a/one.py": "def merge_fixes(fixes):\n    return fixes\n",
      "a/two.py": "x = merge_fixes(fixes)\ny = 1\n",
    });
    const r = await rank(root, "merge", "fixes");
    expect(paths(r)[0]).toBe("a/one.py");
    expect(r.ranked[0]!.symbolHits.map((s) => s.name)).toContain("merge_fixes");
    expect(r.ranked[1]!.symbolHits).toEqual([]);
  });

  test("a rare word counts more than a common one (idf)", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 8; i++) files[`src/m${i}.go`] = "package x\n// common handler code\nfunc f() { handler() }\n";
    files["src/a.go"] = "package x\n// handler handler handler handler\n";
    files["src/b.go"] = "package x\n// zebra\n";
    const r = await rank(tree(files), "handler", "zebra");
    expect(paths(r)[0]).toBe("src/b.go");
  });

  test("file name outweighs directory name", async () => {
    const root = tree({
      "cache/x/other.js": "module.exports = 1;\n",
      "lib/cache.js": "module.exports = 2;\n",
    });
    expect(paths(await rank(root, "cache"))[0]).toBe("lib/cache.js");
  });

  test("file named after the whole topic beats partial names", async () => {
    const root = tree({
      "lib/lint-result-cache.js": "class LintResultCache {}\n",
      "lib/cache.js": "// lint result cache helpers\nfunction cache() {}\n",
      "lib/result.js": "function result() {}\n",
    });
    expect(paths(await rank(root, "lint", "result", "cache"))[0]).toBe("lib/lint-result-cache.js");
  });

  test("words side by side (proximity) break ties between equal mentions", async () => {
    const root = tree({
      "a.py": "# trusted proxies are configured here\nx = 1\n",
      "b.py": "# trusted\n" + "y = 2\n".repeat(30) + "# proxies\n",
    });
    const r = await rank(root, "trusted", "proxies");
    expect(paths(r)[0]).toBe("a.py");
    expect(r.ranked[0]!.nearPairs).toBeGreaterThan(0);
  });

  test("docs and vendored files rank below implementation", async () => {
    const root = tree({
      "README.md": "# Retry backoff\nThe retry backoff is exponential. retry backoff retry backoff\n",
      "vendor/lib/retry.go": "package retry\nfunc Backoff() {}\n",
      "internal/retry/backoff.go": "package retry\nfunc Backoff() {}\n",
    });
    const r = await rank(root, "retry", "backoff");
    expect(paths(r)[0]).toBe("internal/retry/backoff.go");
  });

  test("nothing matches: empty ranking with nearest words", async () => {
    const root = tree({ "src/parser.rs": "fn parse() {}\n" });
    const r = await rank(root, "zarser");
    expect(r.ranked).toEqual([]);
    expect(r.suggestions.get(0)?.[0]).toStartWith("parser");
  });

  test("deterministic: same tree, same ranking and scores", async () => {
    const root = tree({
      "a/x.ts": "export function walkDir() {}\n",
      "b/x.ts": "export function walkDir() {}\n",
      "c/walk.ts": "export const dir = 1;\n",
    });
    const a = await rank(root, "walk", "dir");
    const b = await rank(root, "walk", "dir");
    expect(a.ranked.map((f) => [f.path, f.score])).toEqual(b.ranked.map((f) => [f.path, f.score]));
    // equal scores break ties by path
    const ax = a.ranked.findIndex((f) => f.path === "a/x.ts");
    const bx = a.ranked.findIndex((f) => f.path === "b/x.ts");
    expect(ax).toBeLessThan(bx);
  });

  test("over the content budget: every file is searched, those saying most of the query are scanned first", async () => {
    const root = tree({
      "src/session_store.rs": "pub struct SessionStore;\n",
      // Read first in path order, it spends the budget of the whole-file pass.
      "src/a_pad.rs": "// nothing here\n".repeat(100),
      "src/b_one.rs": "// a session, once\n",
      "src/c_both.rs": "// session store\n" + "x".repeat(40) + "\n",
    });
    const res = await rankFind(buildQuery(["session", "store"]), {
      walk: { root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] },
      maxFiles: 10,
      structureFor: 0,
      contentBudget: 30,
    });
    // c_both.rs says both words, b_one.rs one: the scan's budget goes to the file saying more.
    expect(res.ranked.map((f) => f.path).sort()).toEqual(["src/c_both.rs", "src/session_store.rs"]);
    expect(res.stats.contentSkippedBudget).toBe(0);
    expect(res.stats.contentRead).toBe(4);
  });

  test("huge tree: a file whose path shares no query word is ranked by its content, wherever it is", async () => {
    const root = tree({
      "net/tcp_cong.c": "int tcp_congestion_control(void) { return 0; }\n",
      "net/other.c": "/* tcp congestion control mentioned in content only */\n",
      "mm/a.c": "/* tcp congestion control, far from the path candidates */\n",
      "mm/b.c": "int unrelated;\n",
    });
    const res = await rankFind(buildQuery(["tcp", "congestion"]), {
      walk: { root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] },
      maxFiles: 10,
      structureFor: 0,
      fullScanFiles: 2,
    });
    expect(res.ranked[0]!.path).toBe("net/tcp_cong.c");
    expect(res.ranked.map((f) => f.path).sort()).toEqual(["mm/a.c", "net/other.c", "net/tcp_cong.c"]);
    expect(res.stats.hugeTree).toBe(false);
    expect(res.stats.contentRead).toBe(4);
  });

  test("huge tree: words in other scripts are searched as UTF-8 and found (größe, 配置)", async () => {
    // The tree search's literals were encoded as Latin-1: `größe` was never found in a UTF-8 file.
    const root = tree({
      "de/puffer.go": "// Die GRÖSSE und größe des Puffers\nfunc größeBerechnen() {}\n",
      "zh/loader.py": "# 读取配置文件\n",
      "a.txt": "nothing\n",
      "b.txt": "nothing\n",
    });
    const walk = { root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] };
    for (const [word, want] of [["größe", "de/puffer.go"], ["配置", "zh/loader.py"]] as const) {
      const res = await rankFind(buildQuery([word]), { walk, maxFiles: 10, structureFor: 0, fullScanFiles: 2 });
      expect(res.ranked.map((f) => f.path)).toEqual([want]);
    }
  });

  test("common programming synonyms match, weaker than the word itself", async () => {
    const root = tree({
      "src/scope.js": "function defineVariable(name) { return name; }\n",
      "src/other.js": "function render() {}\n",
    });
    const r = await rank(root, "declare", "variable");
    expect(paths(r)[0]).toBe("src/scope.js");
    const q = buildQuery(["declared"]).terms[0]!;
    expect(q.synonyms).toContain("define");
    const m = new TokenMatcher([q]);
    expect(m.match("define")).toEqual([[0, 0.5]]);
    expect(m.match("declare")).toEqual([[0, 1]]);
  });
});

describe("acronyms and initial compounds (composites)", () => {
  const m = (...words: string[]) => {
    const q = buildQuery(words);
    return new TokenMatcher(q.terms, q.composites);
  };
  test("an acronym of adjacent query words matches a path token, below the word itself", () => {
    expect(m("kernel", "samepage", "merging").match("ksm")).toEqual([[0, ACRONYM_QUALITY], [1, ACRONYM_QUALITY], [2, ACRONYM_QUALITY]]);
    // digits after the acronym (crc32) and a stop word inside the run (out of memory -> oom)
    expect(m("cyclic", "redundancy", "check").match("crc32").length).toBe(3);
    expect(m("out", "of", "memory", "killer").match("oom")).toEqual([[0, ACRONYM_QUALITY]]);
  });
  test("an acronym or one initial run into the next word: rbtree, hrtimer, dcache", () => {
    expect(m("red", "black", "tree").match("rbtree")).toEqual([[0, ACRONYM_QUALITY], [1, ACRONYM_QUALITY], [2, 1]]);
    expect(m("high", "resolution", "timers").match("hrtimer")).toEqual([[0, ACRONYM_QUALITY], [1, ACRONYM_QUALITY], [2, 1]]);
    expect(m("dentry", "cache").match("dcache")).toEqual([[0, ACRONYM_QUALITY], [1, 1]]);
  });
  test("no composite spells an English word or a query word, and words out of order give none", () => {
    expect(m("diff", "old", "and", "new", "dependencies").match("don")).toEqual([]);
    expect(m("diff", "old", "and", "new", "dependencies").match("and")).toEqual([]);
    expect(m("merging", "samepage", "kernel").match("ksm")).toEqual([]);
    expect(buildQuery(["config"]).composites).toEqual([]);
  });
  test("content never matches composites: three letters in running text mean anything", async () => {
    const root = tree({ "src/a.c": "int ksm;\n", "src/b.c": "/* kernel samepage merging */\nint merge_pages;\n" });
    const r = await rank(root, "kernel", "samepage", "merging");
    expect(paths(r)).toEqual(["src/b.c"]);
  });
  test("an acronym path hit counts fully only when the file writes its words out", async () => {
    const root = tree({
      "mm/ksm.c": "/* Memory merging support: kernel samepage merging */\nint ksm_scan(void);\n",
      "drivers/ksm.c": "/* key store manager */\nint ksm_open(void);\n",
    });
    const r = await rank(root, "kernel", "samepage", "merging");
    expect(paths(r)[0]).toBe("mm/ksm.c");
    const other = r.ranked.find((f) => f.path === "drivers/ksm.c")!;
    // Each of the three initialled words holds a third of the token (an initials-only name weighs like one word).
    expect(other.pathHits.every((h) => Math.abs(h.quality - (ACRONYM_QUALITY / 3) * UNCONFIRMED_COMPOSITE) < 1e-9)).toBe(true);
  });
});

describe("a file's leading description (header)", () => {
  test("headerSpans: the first non-license comment block before code opens a body", () => {
    const src = "// SPDX-License-Identifier: GPL-2.0\n/*\n * linux/mm/vmscan.c\n * Copyright (C) 1991 Linus\n * Page reclaim: the swap daemon.\n */\n#include <x.h>\nint f(void) {\n  // reclaim here is a member comment\n}\n";
    const b = Buffer.from(src);
    const text = headerSpans(b).map(([a, e]) => b.toString("latin1", a, e)).join("\n");
    expect(text).toContain("Page reclaim");
    expect(text).not.toContain("Copyright");
    expect(text).not.toContain("member comment");
    // A license block (two license lines) is skipped; the class doc after the imports counts.
    const java = "/*\n * Licensed under the Apache License\n * See the License for details\n */\npackage a;\nimport b.C;\n/** Starts a subprocess. */\npublic class Builder {\n  /** not the header */\n}\n";
    const jb = Buffer.from(java);
    expect(headerSpans(jb).map(([a, e]) => jb.toString("latin1", a, e)).join("\n")).toBe("/** Starts a subprocess. */");
    // Comments past the first body opener describe members, not the file.
    expect(headerSpans(Buffer.from("export interface X {\n  // readable size\n}\n"))).toEqual([]);
    // A Python module docstring is a header.
    const py = Buffer.from('"""Human readable sizes.\n\nMore text.\n"""\nimport os\n');
    expect(headerSpans(py).length).toBeGreaterThan(0);
  });
  test("two query words in the description raise a file whose path says nothing; one stray word does not", async () => {
    const root = tree({
      "mm/vmscan.c": "/*\n * Page reclaim: scans pages to free memory.\n */\nint shrink(void) { return 0; }\n",
      "mm/other.c": "/*\n * Page allocator.\n */\nint alloc(void) { return reclaim + page_count; }\n",
      "mm/a.c": "int a;\n",
      "mm/b.c": "int b;\n",
      "mm/c.c": "int c;\n",
    });
    const r = await rank(root, "page", "reclaim");
    expect(paths(r)[0]).toBe("mm/vmscan.c");
    const a = r.ranked.find((f) => f.path === "mm/vmscan.c")!;
    const b = r.ranked.find((f) => f.path === "mm/other.c")!;
    expect(a.components.header).toBeGreaterThan(0);
    expect(b.components.header).toBe(0);
  });
});

describe("form of the file", () => {
  test("a C header ranks just below the source of the same topic, unless the query says header", () => {
    expect(formFactor("include/linux/dcache.h", buildQuery(["dentry", "cache"]))).toBeLessThan(formFactor("fs/dcache.c", buildQuery(["dentry", "cache"])));
    expect(formFactor("x.h", buildQuery(["dentry", "header"]))).toBeGreaterThan(0.99);
  });
  test("of two equal files, the shallower wins (a copy under tools/ ranks after lib/)", async () => {
    const body = "/* red black tree */\nvoid rb_insert(void) {}\n";
    const root = tree({ "lib/rbtree.c": body, "tools/lib/rbtree.c": body });
    const r = await rank(root, "red", "black", "tree");
    expect(paths(r)).toEqual(["lib/rbtree.c", "tools/lib/rbtree.c"]);
  });
});

describe("big bundled or generated files", () => {
  test("a big file is ranked by the part that matches, not diluted by its size", async () => {
    const filler = "int unrelated_value_here = 0;\n".repeat(12000); // ~360 KB
    const root = tree({
      "include/single_header.hpp": filler + "/* Reporter for JUnit XML output */\nclass JunitReporter { void writeJunitXml(); };\n" + filler,
      "src/a.cpp": "int a;\n",
      "src/b.cpp": "// a junit mention\nint b;\n",
    });
    const r = await rank(root, "junit", "xml", "reporter");
    expect(paths(r)[0]).toBe("include/single_header.hpp");
    expect(r.ranked[0]!.windowed).toBe(true);
  });
  test("bestWindow: the window covering most query words wins", () => {
    const occ: Array<[number, Array<[number, number]>]> = [[10, [[0, 1]]], [20, [[0, 1]]], [30, [[0, 1]]], [200_000, [[0, 1]]], [200_100, [[1, 1]]]];
    expect(bestWindow(occ, 2)).toEqual([1, 1]);
  });
});

describe("composites cut short, and extensions", () => {
  test("an initial run into the next word cut to 4+ letters (qdisc: queue discipline)", () => {
    const q = buildQuery(["queue", "discipline"]);
    const m = new TokenMatcher(q.terms, q.composites);
    expect(m.match("qdisc")).toEqual([[0, ACRONYM_QUALITY], [1, ABBREVIATED_QUALITY]]);
    expect(m.match("qdi")).toEqual([]);
  });
  test("an extension that is not a language's is evidence (.tbl: table); .c is not", async () => {
    const root = tree({ "arch/syscall_64.tbl": "0 common read sys_read\n", "arch/syscall_64.c": "int x;\n", "arch/other.c": "int y;\n" });
    const r = await rank(root, "syscall", "table");
    expect(paths(r)[0]).toBe("arch/syscall_64.tbl");
    expect(r.ranked.find((f) => f.path === "arch/syscall_64.c")!.pathHits.some((h) => h.token === "c")).toBe(false);
  });
});
