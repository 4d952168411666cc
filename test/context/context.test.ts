// The harness-context contract: parsing and validation errors, key normalisation, clamping,
// duplicate merging, familiarity lookups, and the pruning policy.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { tree, userErrorOf } from "../helpers.ts";
import { canCompressStructure, canPruneBody, loadContext, normalizeKey, sawMatchLine, structureBudget } from "../../src/context/index.ts";
import { UserError } from "../../src/util/errors.ts";

function ctxFile(content: string): string {
  return join(tree({ "ctx.json": content }), "ctx.json");
}
const errorOf = userErrorOf;

describe("loading", () => {
  test("malformed JSON names the file and line:column", () => {
    const f = ctxFile('{\n  "known_files": [\n    {"path": "a.rs",}\n  ]\n}\n');
    const e = errorOf(() => loadContext(f));
    expect(e.message).toBe(`invalid JSON in context file ${f} at line 3:21: expected a string key, found "}"`);
  });
  test("truncated JSON", () => {
    const f = ctxFile('{"known_files": [');
    expect(errorOf(() => loadContext(f)).message).toContain("at line 1:18: unexpected end of input");
  });
  test("missing file", () => {
    expect(errorOf(() => loadContext("/nonexistent/ctx.json")).message).toBe("cannot read context file /nonexistent/ctx.json: no such file");
  });
  test("wrong types name the field", () => {
    const cases: [string, string][] = [
      ["[]", "the top level must be an object (got an array)"],
      ['{"known_files": {}}', "known_files must be an array (got an object)"],
      ['{"known_files": [{"structure_confidence": 1}]}', "known_files[0].path must be a non-empty string (got nothing)"],
      ['{"known_files": [{"path": "a", "prune_confidence": "high"}]}', 'known_files[0].prune_confidence must be a number in [0, 1] (got string "high")'],
      ['{"known_regions": [{"path": "a", "start_line": 0, "end_line": 3}]}', "known_regions[0].start_line must be a line number (integer >= 1) (got number 0)"],
      ['{"known_regions": [{"path": "a", "start_line": 5, "end_line": 3}]}', "known_regions[0].end_line must be >= start_line (5) (got number 3)"],
      ['{"known_symbols": [{"path": "a"}]}', "known_symbols[0].symbol must be a non-empty string (got nothing)"],
      ['{"known_files": [{"path": "a", "source_strength": "glimpse"}]}', "known_files[0].source_strength must be one of summary_only, outline_only, match_line_only, snippet, full_region, full_file (got string \"glimpse\")"],
      ['{"focus_files": [3]}', "focus_files[0] must be a non-empty string (got number 3)"],
    ];
    for (const [doc, msg] of cases) {
      const f = ctxFile(doc);
      expect(errorOf(() => loadContext(f)).message).toBe(`context file ${f}: ${msg}`);
    }
  });
  test("unknown fields and an empty object are fine", () => {
    const ctx = loadContext(ctxFile('{"version": 1, "future": {"x": 1}}'));
    expect(ctx.fileFamiliarity("a.rs")).toBeUndefined();
    expect(ctx.focusFiles).toEqual([]);
  });
});

describe("lookups", () => {
  const doc = JSON.stringify({
    version: 1,
    known_files: [
      { path: "./src//a.rs", structure_confidence: 0.9, current_version_confidence: 2, prune_confidence: 0.5 },
      { path: "src/a.rs", prune_confidence: 0.8, body_confidence: -1, source_strength: "outline_only" },
      { path: "src/a.rs", source_strength: "snippet" },
    ],
    known_symbols: [{ path: "src/a.rs", symbol: "execute", body_confidence: 0.75, source_strength: "full_region" }],
    known_regions: [{ path: "src/a.rs", start_line: 10, end_line: 20, body_confidence: 0.9, current_version_confidence: 0.9, prune_confidence: 0.9 }],
    focus_files: ["./src/b.rs"],
  });
  const ctx = loadContext(ctxFile(doc));
  test("keys normalised, values clamped, duplicates merged by max", () => {
    expect(ctx.fileFamiliarity("src/a.rs")).toEqual({ structure: 0.9, body: 0, current: 1, prune: 0.8, sourceStrength: "snippet", focused: false });
    expect(ctx.fileFamiliarity("./src/a.rs")).toEqual(ctx.fileFamiliarity("src/a.rs"));
    expect(ctx.fileFamiliarity("a.rs")).toBeUndefined();
  });
  test("focus files", () => {
    expect(ctx.focusFiles).toEqual(["src/b.rs"]);
    expect(ctx.fileFamiliarity("src/b.rs")).toEqual({ structure: 0, body: 0, current: 0, prune: 0, focused: true });
  });
  test("symbol and region familiarity merge with the file's", () => {
    expect(ctx.symbolFamiliarity("src/a.rs", "execute")).toMatchObject({ structure: 0.9, body: 0.75, sourceStrength: "full_region" });
    expect(ctx.symbolFamiliarity("src/a.rs", "other")).toMatchObject({ body: 0 });
    expect(ctx.regionFamiliarity("src/a.rs", 18, 30)).toMatchObject({ body: 0.9, prune: 0.9 });
    expect(ctx.regionFamiliarity("src/a.rs", 21, 30)).toMatchObject({ body: 0, prune: 0.8 });
  });
  test("normalizeKey", () => {
    expect(["./a/b", "a//b/", "./././a/./b", "a/b"].map(normalizeKey)).toEqual(["a/b", "a/b", "a/b", "a/b"]);
    expect(normalizeKey("a\uFFFD.txt#b=ff")).toBe("a\uFFFD.txt#b=ff");
  });
});

describe("policy", () => {
  const fam = (o: Partial<{ structure: number; body: number; current: number; prune: number; sourceStrength: string; focused: boolean }>) =>
    ({ structure: 0, body: 0, current: 0, prune: 0, focused: false, ...o });
  test("structure compression needs structure, current and prune", () => {
    expect(canCompressStructure(fam({ structure: 0.8, current: 0.6, prune: 0.7 }))).toBe(true);
    expect(canCompressStructure(fam({ structure: 0.8, current: 0.5, prune: 0.7 }))).toBe(false);
    expect(canCompressStructure(undefined)).toBe(false);
    expect(structureBudget(fam({ structure: 1, current: 1, prune: 1 }), 10)).toMatchObject({ compress: true, budget: 6 });
    expect(structureBudget(fam({ structure: 1, current: 1, prune: 1, focused: true }), 10)).toMatchObject({ compress: true, budget: 4 });
    // Never claim compression when the budget already fits.
    expect(structureBudget(fam({ structure: 1, current: 1, prune: 1 }), 3)).toEqual({ compress: false, budget: 3, reason: "harness context: structure already known and current" });
    expect(structureBudget(fam({ structure: 1, current: 0.2, prune: 1 }), 10)).toEqual({ compress: false, budget: 10 });
  });
  test("body pruning needs a full view", () => {
    const high = { body: 0.9, current: 0.9, prune: 0.9 };
    expect(canPruneBody(fam({ ...high, sourceStrength: "full_region" }))).toBe(true);
    expect(canPruneBody(fam({ ...high, sourceStrength: "full_file" }))).toBe(true);
    expect(canPruneBody(fam(high))).toBe(true);
    expect(canPruneBody(fam({ ...high, sourceStrength: "outline_only" }))).toBe(false);
    expect(canPruneBody(fam({ ...high, sourceStrength: "snippet" }))).toBe(false);
    expect(canPruneBody(fam({ ...high, current: 0.3, sourceStrength: "full_file" }))).toBe(false);
    expect(sawMatchLine(fam({ current: 1, prune: 1, sourceStrength: "match_line_only" }))).toBe(true);
    expect(sawMatchLine(fam({ current: 1, prune: 1, sourceStrength: "outline_only" }))).toBe(false);
  });
});

test("--context-json and -f on a FIFO with no writer end with one error line, never hang", () => {
  const { spawnSync } = require("node:child_process");
  const { mkdtempSync, writeFileSync } = require("node:fs");
  const { join } = require("node:path");
  const { tmpdir } = require("node:os");
  const d = mkdtempSync(join(tmpdir(), "ag-fifo-"));
  writeFileSync(join(d, "a.c"), "int x;\n");
  expect(spawnSync("mkfifo", [join(d, "ff")]).status).toBe(0);
  const bin = process.env.AGENTGREP_BIN ?? join(import.meta.dir, "..", "..", "dist", "agentgrep");
  for (const args of [["grep", "--context-json", "ff", "x", "a.c"], ["outline", "--context-json", "ff", "a.c"], ["grep", "-f", "ff", "a.c"]]) {
    const t0 = Date.now();
    const r = spawnSync(bin, args, { cwd: d, encoding: "utf8", timeout: 15000 });
    expect([args.join(" "), r.status, r.stdout]).toEqual([args.join(" "), 2, ""]);
    expect(r.stderr).toMatch(/^error: (context|pattern) file ff is a FIFO that no process wrote to in 2 s; hint: /);
    expect(Date.now() - t0).toBeLessThan(10000);
  }
  // A writer that comes within the wait is read as before.
  const w = spawnSync("sh", ["-c", `(sleep 0.3; echo '{}' > ff) & exec "${bin}" grep -c --context-json ff x a.c`], { cwd: d, encoding: "utf8", timeout: 15000 });
  expect({ code: w.status, out: w.stdout }).toEqual({ code: 0, out: "1\n" });
});
