/**
 * Deep nesting: tree-sitter 0.25's Node.parent walks down from the root on each call, so any
 * climb by it costs the depth squared per symbol or match. 3,000 nested JavaScript functions
 * held `outline` and plain `grep` past 60 s (1,000 took 26 s), and 3,000 nested blocks with a
 * match in each held `grep --json` (roles) past 10 minutes. Both fail on the session-17
 * baseline by their timeout; the output is checked, not only the time.
 */
import { test, expect } from "bun:test";
import { spawnSync } from "node:child_process";
import { BIN, tree } from "../helpers.ts";

const N = 3000;
const nestedFunctions = Array.from({ length: N }, (_, i) => `function f${i}() {\n`).join("") + "}\n".repeat(N);
const nestedBlocks = "function f() {\n" + Array.from({ length: N }, (_, i) => `if (a${i}) {\n  foo(${i});\n`).join("") + "}\n".repeat(N) + "}\n";

const runIn = (dir: string, args: string[]) => spawnSync(BIN, args, { cwd: dir, encoding: "utf8", timeout: 30_000, maxBuffer: 64 << 20, env: { ...process.env, AGENTGREP_CACHE: "off" } });

test("outline and grep of 3,000 nested functions end at once, with every depth (was past 60 s)", () => {
  const d = tree({ "deep.js": nestedFunctions });
  const o = runIn(d, ["outline", "--json", "deep.js"]);
  expect(o.signal).toBeNull();
  expect(o.status).toBe(0);
  const text = o.stdout;
  expect(text).toContain('"f2999"');
  const g = runIn(d, ["grep", "-n", "function f2998(", "deep.js"]);
  expect(g.signal).toBeNull();
  expect(g.status).toBe(0);
  expect(g.stdout).toContain("2999:function f2998() {");
  expect(g.stdout).toContain("in f2997");
}, 90_000);

test("grep --json roles for 3,000 matches in 3,000 nested blocks end at once (was past 10 minutes)", () => {
  const d = tree({ "deep.js": nestedBlocks });
  const r = runIn(d, ["grep", "--json", "-n", "foo", "deep.js"]);
  expect(r.signal).toBeNull();
  expect(r.status).toBe(0);
  const calls = r.stdout.match(/"role":"call"/g) ?? [];
  expect(calls.length).toBeGreaterThan(100);
}, 90_000);
