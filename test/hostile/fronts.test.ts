/**
 * Hostile inputs on the fronts past grep's regex syntax: find, outline, trace (its DSL), help and
 * the MCP server, run through the built binary as a user or an agent harness runs them. Each test
 * failed before its fix (named in the test).
 */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { existsSync } from "node:fs";
import { BIN, run, tree } from "../helpers.ts";

setDefaultTimeout(120_000);

/** user + system CPU seconds of one run (through /usr/bin/time when present). */
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
async function cpuOf(args: string[], cwd: string): Promise<{ code: number; stdout: string; cpu: number }> {
  const argv = TIME ? [TIME, "-f", "agentgrep-rusage %U %S", BIN, ...args] : [BIN, ...args];
  const p = Bun.spawn(argv, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env, AGENTGREP_CACHE: "off" } });
  const [stdout, raw] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  const code = await p.exited;
  const m = /agentgrep-rusage (\S+) (\S+)\n$/.exec(raw);
  if (m) return { code, stdout, cpu: Number(m[1]) + Number(m[2]) };
  const u = p.resourceUsage();
  return { code, stdout, cpu: u ? Number(u.cpuTime.user + u.cpuTime.system) / 1e6 : NaN };
}

describe("a name missing from a one-line bundle costs linear time (diagnose/index.ts nearIdentifiers)", () => {
  // `config_x` is nowhere; `config_value` is on the one line many times: the zero-result
  // diagnosis's similar names looked back for each hit's line start, the line's length per hit.
  const line = (bytes: number) => "var a=function(){return config_value+1};".repeat(Math.ceil(bytes / 41)) + "\n";
  const d2 = tree({ "bundle.js": line(2 << 20) });
  const d8 = tree({ "bundle.js": line(8 << 20) });
  for (const args of [["grep", "config_x"], ["trace", "subject:config_x", "relation:called_from"]])
    test(`${args.join(" ")}: 8 MB costs at most ~4x what 2 MB does (was 16x: 4 MB took 2.9 s, 25 MB over 3 minutes)`, async () => {
      const a = await cpuOf(args, d2);
      const b = await cpuOf(args, d8);
      expect(a.code).toBe(1);
      expect(b.code).toBe(1);
      expect(b.stdout).toContain("as the similar name config_value");
      expect(b.cpu).toBeLessThan(a.cpu * 6 + 0.5);
    });
});

describe("a file of many tiny functions, each naming the subject, costs linear time (investigate/regions.ts enclosing, region-score.ts dropNested)", () => {
  // Each occurrence scanned every symbol for the ones holding its line, and each region was
  // checked against every region kept before it: symbols x occurrences.
  const funcs = (n: number) => Array.from({ length: n }, (_, i) => `def f${i}(): config_x()\n`).join("");
  const d5 = tree({ "f.py": funcs(5_000) });
  const d40 = tree({ "f.py": funcs(40_000) });
  test("trace over 40,000 one-line functions costs at most ~8x what 5,000 do (was 10k 1.3 s, 20k 4.1 s, 40k 11.6 s; 200k past 60 s)", async () => {
    const a = await cpuOf(["trace", "subject:config_x", "relation:called_from"], d5);
    const b = await cpuOf(["trace", "subject:config_x", "relation:called_from"], d40);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(b.stdout).toContain("f.py");
    expect(b.cpu).toBeLessThan(a.cpu * 8 + 1);
  });
});
