// grep's parse process (src/structure/child.ts): the binary runs grep without the JIT
// re-execution, and files in no cache are parsed in a second, tuned process. Its output must be
// the output of a parse in the process (BUN_JSC_useOMGJIT preset: no re-execution, no parse
// process), cache off, cold and warm; a repeated call starts no parse process at all.
import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run, tree } from "../helpers.ts";

const PY = (name: string, n: number) =>
  [`import os`, ``, ...Array.from({ length: n }, (_, i) => [`def ${name}_${i}(x):`, `    return helper(x) + ${i}`, ``]).flat(), `class Box:`, `    def helper(self):`, `        return os.sep`, ``].join("\n");

const CALLS = [
  ["grep", "helper"],
  ["grep", "--json", "helper"],
  ["grep", "--role", "call", "helper"],
  ["grep", "-C", "1", "return"],
  ["grep", "--regex", "def \\w+_1"],
];

const workers = (stderr: string) => /structure of \d+ files \((\d+) by (\d+) parse workers/.exec(stderr)?.slice(1).map(Number);

test("grep's output is the same parsed in the parse process and in the process, cache off, cold and warm", () => {
  const root = tree({ "a.py": PY("alpha", 3), "b.py": PY("beta", 40), "lib/c.ts": "export function helper(a: number) {\n  return a + 1;\n}\n", "notes.md": "# helper\n" });
  const home = mkdtempSync(join(tmpdir(), "ag-child-"));
  for (const args of CALLS) {
    const inProcess = run(args, root, { BUN_JSC_useOMGJIT: "0", AGENTGREP_CACHE: "off" });
    expect(inProcess.code).toBe(0);
    expect(run(args, root, { AGENTGREP_CACHE: "off" })).toEqual(inProcess);
    expect(run(args, root, { XDG_CACHE_HOME: home })).toEqual(inProcess); // cold: the parse process parses
    expect(run(args, root, { XDG_CACHE_HOME: home })).toEqual(inProcess); // warm: from the cache
  }
}, 300_000);

test("a cold grep parses in one parse process; a repeated one starts none", () => {
  const root = tree({ "a.py": PY("alpha", 3), "b.py": PY("beta", 8) });
  const home = mkdtempSync(join(tmpdir(), "ag-child-"));
  const env = { XDG_CACHE_HOME: home, AGENTGREP_PROFILE: "1" };
  const cold = run(["grep", "helper"], root, env);
  expect(workers(cold.stderr)).toEqual([2, 1]);
  const warm = run(["grep", "helper"], root, env);
  expect(workers(warm.stderr)).toEqual([0, 0]);
  expect(warm.stdout).toBe(cold.stdout);
  // A new match on a cached file: plain text shows no roles, so it needs no tree (the cached
  // structure serves); shown roles need one, parsed in a parse process again.
  const plain = run(["grep", "-w", "x"], root, env);
  expect(workers(plain.stderr)).toEqual([0, 0]);
  expect(plain.stdout).toBe(run(["grep", "-w", "x"], root, { AGENTGREP_CACHE: "off", BUN_JSC_useOMGJIT: "0" }).stdout);
  const again = run(["grep", "--show-roles", "-w", "x"], root, env);
  expect(workers(again.stderr)).toEqual([2, 1]);
  expect(again.stdout).toBe(run(["grep", "--show-roles", "-w", "x"], root, { AGENTGREP_CACHE: "off", BUN_JSC_useOMGJIT: "0" }).stdout);
}, 120_000);

// Many matching files, few shown: the files looked up in the cache while the search runs are the
// shown ones (display order), so a repeated call whose shown files are cached starts no parse
// process, though the files past --max-files were never parsed (issue 21).
test("a repeated dense grep whose shown files are cached starts no parse process", () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 40; i++) files[`m${String(i).padStart(2, "0")}/f${(i * 7) % 40}.py`] = PY(`f${i}`, 2);
  const root = tree(files);
  const home = mkdtempSync(join(tmpdir(), "ag-child-"));
  const env = { XDG_CACHE_HOME: home, AGENTGREP_PROFILE: "1" };
  const args = ["grep", "--max-files", "3", "helper"];
  const cold = run(args, root, env);
  expect(workers(cold.stderr)).toEqual([3, 1]);
  const warm = run(args, root, env);
  expect(workers(warm.stderr)).toEqual([0, 0]);
  expect(warm.stdout).toBe(cold.stdout);
  expect(warm.stdout).toBe(run(args, root, { AGENTGREP_CACHE: "off", BUN_JSC_useOMGJIT: "0" }).stdout);
}, 120_000);

// commands/grep-run.ts farParser: a shown file's parse job goes to the parse process as soon as
// the file matches, so the parse overlaps the rest of the search; the output is the same.
test("a cold grep sends each shown file's parse job during the search", () => {
  const files: Record<string, string> = { "a.py": PY("alpha", 3), "m/b.py": PY("beta", 8), "z.md": "# helper\n" };
  for (let i = 0; i < 30; i++) files[`pad/p${i}.txt`] = "nothing here\n";
  const root = tree(files);
  const home = mkdtempSync(join(tmpdir(), "ag-child-"));
  const cold = run(["grep", "helper"], root, { XDG_CACHE_HOME: home, AGENTGREP_PROFILE: "1" });
  expect(cold.code).toBe(0);
  expect(cold.stderr).toMatch(/structure of 0 files \(2 by 1 parse workers/); // nothing left to parse after the search
  for (const f of ["a.py", "m/b.py", "z.md"]) expect(cold.stderr).toContain(`structure of ${f} (parsed during the search)`);
  expect(cold.stdout).toBe(run(["grep", "helper"], root, { AGENTGREP_CACHE: "off", BUN_JSC_useOMGJIT: "0" }).stdout);
}, 120_000);
