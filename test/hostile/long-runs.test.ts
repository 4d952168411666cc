/**
 * Long runs of spaces after a match, where a role is read from the text after the name
 * (classify/lexical.ts): a pattern with three `\s*` in a row backtracked cubically over them, so
 * one line of 6,000 spaces held `grep --json` past 20 s (deeply indented Python: 1,000 nested
 * `if` lines took 26 s). Fails on the session-16 baseline by its timeout.
 */
import { test, expect } from "bun:test";
import { spawnSync } from "node:child_process";
import { BIN, tree } from "../helpers.ts";

test("a name followed by 6,000 spaces gets its role at once (grep --json; was past 20 s)", () => {
  const d = tree({ "a.py": "value = 1\nprint(value" + " ".repeat(6000) + "z)\n" });
  const r = spawnSync(BIN, ["grep", "--json", "value", "a.py"], { cwd: d, encoding: "utf8", timeout: 15_000, env: { ...process.env, AGENTGREP_CACHE: "off" } });
  expect(r.signal).toBeNull();
  expect(r.status).toBe(0);
  const roles = r.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l)).flatMap((o) => JSON.stringify(o).match(/"role":"\w+"/g) ?? []);
  expect(roles.length).toBeGreaterThan(0);
}, 30_000);

// find's content scan asked, for each mention, where its line starts (isDefinition): on a one-line
// 8 MB bundle with 600,000 mentions that was a scan to the file's start each time (43 s).
test("find on a one-line bundle with 300,000 mentions of each word ends at once (was 43 s)", () => {
  const js = "var a=" + Array.from({ length: 300_000 }, (_, i) => `foo(${i}),bar.foo=${i}`).join(";") + ";\n";
  const d = tree({ "min.js": js, "src/foo_bar.js": "export function fooBar() {}\n" });
  const r = spawnSync(BIN, ["find", "foo", "bar"], { cwd: d, encoding: "utf8", timeout: 20_000, env: { ...process.env, AGENTGREP_CACHE: "off" } });
  expect(r.signal).toBeNull();
  expect(r.status).toBe(0);
  expect(r.stdout).toContain("min.js");
}, 40_000);

// trace on one 8 MB line holding 2,000,000 mentions: every mention was found and the region title
// scanned the whole line each time (7.5 s, 900 MB); a long line is classified by its first 64.
test("trace on a one-line 8 MB string with 2,000,000 mentions ends at once (was 7.5 s)", () => {
  const d = tree({ "big.py": 'x = """' + "foo ".repeat(2_000_000) + '"""\n', "app.py": "def run():\n    return foo()\n" });
  const r = spawnSync(BIN, ["trace", "--json", "subject:foo", "relation:called_from"], { cwd: d, encoding: "utf8", timeout: 5_000, maxBuffer: 64 << 20, env: { ...process.env, AGENTGREP_CACHE: "off" } });
  expect(r.signal).toBeNull();
  expect(r.status).toBe(0);
  expect(JSON.parse(r.stdout).files[0].path).toBe("app.py");
}, 40_000);
