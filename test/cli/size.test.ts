/**
 * Files of hostile size through the compiled binary: a 1 MB and a 12 MB single-line minified
 * bundle, a 100 MB log, one-line JSON. Each command must end (a generous hang bound for a loaded machine, not a speed
 * goal: the 3 s / 400 MB limits live in bench/size.ts) and say what it cut. Before the fixes an
 * outline of a 1 MB bundle ran for minutes and a 12 MB one for over half an hour.
 */
import { test, expect, describe, setDefaultTimeout, beforeAll } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN } from "../helpers.ts";
import { minifiedJs, oneLineJson, writeLog } from "../size-inputs.ts";

setDefaultTimeout(600_000);
/** A command that takes longer than this hangs (the real cost is a second or two). */
const HANG_MS = 120_000;

function run(args: string[], cwd: string) {
  const r = spawnSync(BIN, args, { cwd, encoding: "utf8", maxBuffer: 1 << 30, timeout: HANG_MS });
  if (r.error) throw new Error(`agentgrep ${args.join(" ")} did not end within ${HANG_MS / 1000} s (${r.error.message})`);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let root = "";
let log = { lines: 0, errors: 0 };
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "ag-size-"));
  for (const [dir, name, text] of [
    ["min1", "bundle.min.js", minifiedJs(1 << 20)],
    ["min12", "bundle.min.js", minifiedJs(12 << 20)],
    ["json", "data.json", oneLineJson(2 << 20)],
  ] as const) {
    mkdirSync(join(root, dir));
    writeFileSync(join(root, dir, name), text);
  }
  mkdirSync(join(root, "log"));
  log = writeLog(join(root, "log", "app.log"), 100 << 20);
});

describe("a single-line minified bundle", () => {
  test("outline of 1 MB and of 12 MB stops at the same parse limit and says where", () => {
    const small = run(["outline", "min1/bundle.min.js"], root);
    const big = run(["outline", "min12/bundle.min.js"], root);
    expect(small.code).toBe(0);
    expect(big.code).toBe(0);
    for (const r of [small, big]) {
      expect(r.stdout).toMatch(/^cut: stopped at line 1 of 1 \([\d,]+ of [\d,]+ bytes\): the parse limit is [\d,]+ tokens or 4 MiB of text per file; symbols after it are not listed; search the whole file with: agentgrep grep --path min1?2?\/bundle\.min\.js <word>$/m);
      // Approximate: the cut leaves a syntax error on the one line every symbol shares.
      expect(r.stdout).toContain("  - function a0$ @ 1-1 (1 line, approx)\n");
    }
    // The same bytes up to the limit: the same symbols, whatever the file's size.
    const count = (s: string) => /^symbols: (\d+)$/m.exec(s)![1];
    expect(Number(count(small.stdout))).toBeGreaterThan(1000);
    expect(count(big.stdout)).toBe(count(small.stdout));
    expect(big.stdout).toMatch(/ of 12,\d{3},\d{3} bytes\)/);
  });

  test("outline --json carries the cut; each symbol's signature starts at its own declaration", () => {
    const r = run(["outline", "--json", "min12/bundle.min.js"], root);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    const cut = doc.parse.cut;
    expect(cut.line).toBe(1);
    expect(cut.bytes).toBeGreaterThan(100_000);
    expect(cut.bytes).toBeLessThan(cut.total_bytes);
    expect(cut.total_bytes).toBeGreaterThan(12_000_000);
    expect(cut.note).toContain("search the whole file with");
    const c = doc.structure.items.find((s: any) => s.name === "c1$");
    expect(c.signature.startsWith("function c1$(e){")).toBe(true);
    expect(c.signature.length).toBeLessThanOrEqual(160);
  });

  test("grep on 12 MB: one clipped line, in text and JSON; find and trace end", () => {
    const t = run(["grep", "c1a$"], join(root, "min12"));
    expect(t.code).toBe(0);
    expect(t.stdout).toStartWith("bundle.min.js\n1:…");
    expect(t.stdout).toMatch(/\n1:….*c1a\$.* … \[truncated: [\d]+ chars before, [\d]+ chars after\]\n/);
    expect(t.stdout.split("\n").filter((l) => /^\d+:/.test(l)).length).toBe(1);
    expect(t.stdout).toEndWith("\n\ncut: 1 file not grouped by symbol (parse limits; agentgrep outline FILE parses one)\n");
    const j = JSON.parse(run(["grep", "--json", "function"], join(root, "min12")).stdout);
    expect(j.total_matches).toBe(1);
    expect(j.files[0].matches[0].line_text.length).toBeLessThan(400);
    expect(j.files[0].not_grouped).toContain("parse limit for grouping");
    const f = run(["find", "fibonacci", "handler"], join(root, "min12"));
    expect([0, 1]).toContain(f.code);
    expect(f.stderr).toBe("");
    const tr = run(["trace", "subject:c1a$", "relation:defined"], join(root, "min12"));
    expect([0, 1]).toContain(tr.code);
    expect(tr.stdout).toContain("left out for size (over 8 MB");
  });
});

describe("a 100 MB log", () => {
  test("grep counts exactly and shows the first matches", () => {
    const r = run(["grep", "needle-77"], join(root, "log"));
    expect(r.code).toBe(0);
    // ERROR lines name needle-0 .. needle-(errors-1): needle-77 and needle-770..779.
    expect(log.errors).toBeGreaterThan(1000);
    // Every match shown (nothing cut: no more-lines part on the cut: line).
    expect(r.stdout.split("\n").filter((l) => /^\d+:/.test(l)).length).toBe(11);
    expect(r.stdout).not.toContain("more lines");
  });

  test("grep --json on a word of every line lists 200,000 lines and counts all of them", () => {
    const r = run(["grep", "--json", "worker"], join(root, "log"));
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    const f = doc.files[0];
    expect(doc.total_matches).toBe(log.lines);
    expect(f.match_count).toBe(log.lines);
    expect(f.matches.length).toBe(200_000);
    expect(f.matches_cut).toEqual({ listed: 200_000, omitted: log.lines - 200_000, note: expect.stringContaining("the count is exact") });
    expect(f.matches[199_999].line_number).toBe(200_000);
  });

  test("grep text output on every line: exact count, the cap named", () => {
    const r = run(["grep", "INFO"], join(root, "log"));
    expect(r.code).toBe(0);
    const n = log.lines - log.errors;
    expect(r.stdout.split("\n").filter((l) => /^\d+:/.test(l)).length).toBe(20);
    expect(r.stdout).toContain(`cut: ${n - 20} more lines in the file (--max-regions 200000; at most 200000 lines of one file are listed: narrow the query for the rest)`);
  });

  test("outline of a log: no symbols, every line counted, nothing claimed as cut", () => {
    const r = run(["outline", "log/app.log"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`lines: ${log.lines}\n`);
    expect(r.stdout).not.toContain("cut:");
  });
});

test("one-line JSON: every top-level key, each signature at its own key", () => {
  const r = run(["outline", "--json", "json/data.json"], root);
  expect(r.code).toBe(0);
  const doc = JSON.parse(r.stdout);
  expect(doc.parse.cut).toBeUndefined();
  const keys = doc.structure.items;
  expect(keys.length).toBeGreaterThan(100);
  expect(keys[5].name).toBe("key5");
  expect(keys[5].signature.startsWith('"key5":[{"id":100,')).toBe(true);
});
