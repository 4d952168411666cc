import { test, expect } from "bun:test";
import { run } from "../helpers.ts";

test("--version prints agentgrep <version>", () => {
  const r = run(["--version"]);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^agentgrep \d+\.\d+\.\d+/);
});

test("unknown flag: one-line error plus usage, exit 2", () => {
  const r = run(["grep", "--definitely-not-a-flag", "x"]);
  expect(r.code).toBe(2);
  const lines = r.stderr.trim().split("\n");
  expect(lines[0]).toContain("--definitely-not-a-flag");
  expect(lines[1]).toStartWith("usage: agentgrep grep");
  expect(r.stdout).toBe("");
});

test("non-numeric --max-files is an error", () => {
  const r = run(["grep", "--max-files", "abc", "x"]);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain("--max-files");
});
