// The structure cache on disk (src/structure/store.ts), through the compiled binary: every test
// gets its own XDG_CACHE_HOME, so nothing here depends on another test or touches ~/.cache.
import { describe, expect, test } from "bun:test";
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, run, runUnprivileged, tree } from "../helpers.ts";

const PY = (name: string, n = 3) =>
  [`import os`, ``, ...Array.from({ length: n }, (_, i) => [`def ${name}_${i}(x):`, `    return helper(x) + ${i}`, ``]).flat(), `class Box:`, `    def helper(self):`, `        return os.sep`, ``].join("\n");
const TS = "export function helper(a: number) {\n  return a + 1;\n}\n\nexport class K {\n  m() { return helper(2); }\n}\n";

const fixture = () => tree({ "a.py": PY("alpha"), "b.py": PY("beta", 8), "lib/c.ts": TS, "notes.md": "# helper\n\nsee helper\n" });

function cacheHome(): string {
  return mkdtempSync(join(tmpdir(), "ag-store-"));
}
const entriesOf = (home: string) => {
  const dir = join(home, "agentgrep", "structure");
  return existsSync(dir) ? readdirSync(dir).filter((n) => !n.startsWith(".")).map((n) => join(dir, n)) : [];
};
const withCache = (home: string, more: Record<string, string> = {}) => ({ XDG_CACHE_HOME: home, ...more });
const debugCache = (stdout: string) => /cache="([^"]*)"/.exec(stdout)?.[1];

/** Command lines whose output must not depend on the cache: grouping, roles, context, JSON, --role. */
const CALLS = [
  ["grep", "helper"],
  ["grep", "-C", "1", "helper"],
  ["grep", "--json", "helper"],
  ["grep", "--role", "call", "helper"],
  ["grep", "return"],
  ["grep", "--regex", "def \\w+_1"],
  ["outline", "b.py"],
  ["find", "helper"],
  ["trace", "subject:helper", "relation:called_from"],
];

describe("structure cache", () => {
  test("output is identical with the cache off, cold and warm, and for new matches on cached files", () => {
    const root = fixture();
    const home = cacheHome();
    const off = CALLS.map((a) => run(a, root, { AGENTGREP_CACHE: "off" }));
    const cold = CALLS.map((a) => run(a, root, withCache(home)));
    expect(entriesOf(home).length).toBeGreaterThan(0);
    const warm = CALLS.map((a) => run(a, root, withCache(home)));
    for (let i = 0; i < CALLS.length; i++) {
      expect(off[i]!.code).toBeLessThan(2);
      expect(cold[i]).toEqual(off[i]!);
      expect(warm[i]).toEqual(off[i]!);
    }
    // A query not seen before on files already cached: the roles come from a parse again.
    const fresh = ["grep", "-w", "x"];
    expect(run(fresh, root, withCache(home))).toEqual(run(fresh, root, { AGENTGREP_CACHE: "off" }));
    expect(run(["outline", "--debug-structure", "b.py"], root, withCache(home)).stdout).toContain('cache="hit"');
  }, 300_000); // some 30 runs of the binary: minutes on a loaded machine

  test("trace's windows start where the tree says, served from the cache or not", () => {
    // A call deep in a long function with a comment block above it: the window's top falls in
    // the comment, and the tree climbs to the comment's first line (line shapes stop inside it).
    // A warm call had no tree and printed the shapes' window (Linux's panic(): 364-366 for 362-366).
    const body = Array.from({ length: 90 }, (_, i) => `\tcount += step(${i});`);
    const c = ["static int count;", "", "void run_all(void)", "{", ...body, "\t/*", "\t * Tell every listener,", "\t * last of all.", "\t */", "\tnotify_all(&chain);", ...body, "}", ""].join("\n");
    const root = tree({ "run.c": c, "notify.c": "void notify_all(struct chain *c)\n{\n\t(void)c;\n}\n" });
    const home = cacheHome();
    const q = ["trace", "subject:notify_all", "relation:called_from"];
    const off = run(q, root, { AGENTGREP_CACHE: "off" });
    expect(off.stdout).toMatch(/run_all @ 95-101\b/); // from the comment's first line, 95
    expect(run(q, root, withCache(home))).toEqual(off);
    expect(entriesOf(home).length).toBeGreaterThan(0);
    expect(run(q, root, withCache(home))).toEqual(off);
    // Another subject on the cached file asks lines no call answered: a parse, same windows.
    const other = ["trace", "subject:step", "relation:called_from"];
    expect(run(other, root, withCache(home))).toEqual(run(other, root, { AGENTGREP_CACHE: "off" }));
  }, 120_000);

  test("a file changed between calls is parsed again", () => {
    const root = tree({ "m.py": PY("first") });
    const home = cacheHome();
    const a = run(["outline", "--debug-structure", "m.py"], root, withCache(home));
    expect(debugCache(a.stdout)).toBe("miss (written)");
    expect(debugCache(run(["outline", "--debug-structure", "m.py"], root, withCache(home)).stdout)).toBe("hit");
    writeFileSync(join(root, "m.py"), PY("second"));
    const b = run(["outline", "--debug-structure", "m.py"], root, withCache(home));
    expect(debugCache(b.stdout)).toBe("miss (written)");
    expect(b.stdout).toContain("function second_0");
    expect(b.stdout).not.toContain("first_0");
    expect(run(["grep", "second_1"], root, withCache(home)).stdout).toContain("6:def second_1(x):  @ 6-7");
  });

  test("a truncated or garbage entry is ignored and rewritten", () => {
    const root = fixture();
    const home = cacheHome();
    const want = run(["grep", "helper"], root, withCache(home));
    const entries = entriesOf(home);
    expect(entries.length).toBeGreaterThanOrEqual(3);
    const good = new Map(entries.map((p) => [p, readFileSync(p, "utf8")]));
    // Truncated, garbage, and valid JSON under the wrong key.
    const [e0, e1, e2] = entries;
    writeFileSync(e0!, good.get(e0!)!.slice(0, 40));
    writeFileSync(e1!, "\u0000garbage\xff");
    writeFileSync(e2!, good.get(e0!)!);
    expect(run(["grep", "helper"], root, withCache(home))).toEqual(want);
    for (const p of [e0!, e1!, e2!]) expect(readFileSync(p, "utf8")).toBe(good.get(p)!);
    expect(run(["grep", "helper"], root, withCache(home))).toEqual(want);
  });

  test("two processes writing the same entries at once both succeed", async () => {
    const root = fixture();
    const home = cacheHome();
    const want = run(["grep", "helper"], root, { AGENTGREP_CACHE: "off" });
    const once = () =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const p = spawn(BIN, ["grep", "helper"], { cwd: root, env: { ...process.env, ...withCache(home) } });
        let stdout = "", stderr = "";
        p.stdout.on("data", (d) => (stdout += d));
        p.stderr.on("data", (d) => (stderr += d));
        p.on("close", (code) => resolve({ code, stdout, stderr }));
      });
    for (let round = 0; round < 3; round++) {
      const rs = await Promise.all([once(), once(), once()]);
      for (const r of rs) expect(r).toEqual({ code: want.code, stdout: want.stdout, stderr: want.stderr });
    }
    const names = readdirSync(join(home, "agentgrep", "structure"));
    expect(names.filter((n) => n.endsWith(".tmp"))).toEqual([]);
    for (const p of entriesOf(home)) expect(readFileSync(p, "utf8").startsWith("AGS1\n")).toBe(true);
    expect(run(["grep", "helper"], root, withCache(home))).toEqual(want);
  });

  test("a read-only cache is read, never written, and the output is the same", () => {
    const root = fixture();
    const home = cacheHome();
    const want = run(["grep", "helper"], root, withCache(home));
    const dir = join(home, "agentgrep", "structure");
    const before = entriesOf(home).length;
    // World-readable for the unprivileged run (root ignores permissions), writable by nobody.
    for (const d of [home, join(home, "agentgrep"), dir]) chmodSync(d, 0o555);
    for (const p of entriesOf(home)) chmodSync(p, 0o444);
    chmodSync(root, 0o755);
    try {
      expect(runUnprivileged(["grep", "helper"], root).stdout).toBeDefined(); // the runner works at all
      const r = runUnprivilegedWith(["grep", "helper"], root, withCache(home));
      expect(r).toEqual(want);
      const o = runUnprivilegedWith(["outline", "--debug-structure", "b.py"], root, withCache(home));
      expect(debugCache(o.stdout)).toBe("hit");
      writeFileSync(join(root, "new.py"), PY("gamma"));
      chmodSync(join(root, "new.py"), 0o644);
      const n = runUnprivilegedWith(["outline", "--debug-structure", "new.py"], root, withCache(home));
      expect(n.code).toBe(0);
      expect(debugCache(n.stdout)).toMatch(/^read-only \(cannot write .*structure/);
      expect(entriesOf(home).length).toBe(before);
    } finally {
      for (const d of [home, join(home, "agentgrep"), dir]) chmodSync(d, 0o755);
    }
  });

  test("an uncreatable location means no cache, silently", () => {
    const root = fixture();
    const file = join(cacheHome(), "a-file");
    writeFileSync(file, "");
    const r = run(["grep", "helper"], root, { XDG_CACHE_HOME: file });
    expect(r).toEqual(run(["grep", "helper"], root, { AGENTGREP_CACHE: "off" }));
    const o = run(["outline", "--debug-structure", "b.py"], root, { XDG_CACHE_HOME: file });
    expect(o.stderr).toBe("");
    expect(debugCache(o.stdout)).toMatch(/^off \(cannot create .*\(ENOTDIR\)\)$/);
  });

  test("AGENTGREP_CACHE=off writes nothing", () => {
    const root = fixture();
    const home = cacheHome();
    run(["grep", "helper"], root, withCache(home, { AGENTGREP_CACHE: "off" }));
    run(["outline", "b.py"], root, withCache(home, { AGENTGREP_CACHE: "off" }));
    expect(existsSync(join(home, "agentgrep"))).toBe(false);
  });

  test("the cache stays within AGENTGREP_CACHE_MB: least recently used entries go", () => {
    // 60 files of 300 functions each, one match per file: some 20 KB of symbols per entry, about
    // 1.2 MB in all.
    const many = (name: string) => Array.from({ length: 300 }, (_, i) => `def ${name}_${i}(x):\n    return x + ${i}\n`).join("\n") + "\nhelper()\n";
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`f${String(i).padStart(3, "0")}.py`] = many(`fn${i}_with_a_longer_name`);
    const root = tree(files);
    const home = cacheHome();
    const r = run(["grep", "--max-files", "200", "helper"], root, withCache(home, { AGENTGREP_CACHE_MB: "1" }));
    expect(r.code).toBe(0);
    const sizes = entriesOf(home).map((p) => statSync(p).size);
    expect(sizes.length).toBeGreaterThan(10);
    expect(sizes.length).toBeLessThan(60);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1 << 20);
    expect(run(["grep", "--max-files", "200", "helper"], root, withCache(home, { AGENTGREP_CACHE_MB: "1" }))).toEqual(r);
  }, 120_000);
});

/** runUnprivileged with extra environment variables (setpriv keeps the environment). */
function runUnprivilegedWith(args: string[], cwd: string, env: Record<string, string>) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return runUnprivileged(args, cwd);
  } finally {
    for (const k of Object.keys(env)) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
  }
}
