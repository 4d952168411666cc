/**
 * Warm MCP latency per tool next to the cold CLI (and rg, for grep), in one run, on the CPython
 * stdlib. Not a test: figures depend on the machine and its load.
 *
 *   bun bench/mcp.ts                 # AGENTGREP_BIN (default dist/agentgrep), CPYTHON (default
 *                                    # from bench/prepare.sh), RUNS (default 15), WARMUP (default 5)
 *
 * Warm: one `agentgrep mcp` process per column, called over its stdin/stdout as a harness does
 * (the time includes the JSON-RPC round trip). Each case is called WARMUP times untimed, then
 * RUNS times; the median and the fastest are shown.
 *   warm       the server as shipped: a repeated call finds its files' structure in the cache
 *   warm-parse the structure caches off (AGENTGREP_STRUCTURE_CACHE_MB=0, AGENTGREP_CACHE=off):
 *              every call parses what it shows, as a call on files not seen before does
 * Cold: hyperfine -N of the same command line (a new process per call), and rg for grep cases.
 *
 *   AGENTGREP_BASE=BIN bun bench/mcp.ts   # grep cases, warm, this binary's server and BIN's with
 *                                         # their calls alternating, against rg cold in the same run
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { mcpClient } from "./mcp-client.ts";

const REPO = join(import.meta.dir, "..");
const AG = process.env.AGENTGREP_BIN ? resolve(process.env.AGENTGREP_BIN) : join(REPO, "dist", "agentgrep"); // the server runs in CPYTHON: a relative path must not follow it
const RUNS = Number(process.env.RUNS ?? 15);
const WARMUP = Number(process.env.WARMUP ?? 5);
const CPYTHON =
  process.env.CPYTHON ??
  /^cpython=(.*)$/m.exec(spawnSync("bash", [join(REPO, "bench", "prepare.sh")], { encoding: "utf8" }).stdout)?.[1] ??
  "";
if (!CPYTHON) {
  console.error("error: no CPython tree; hint: run bench/prepare.sh or set CPYTHON");
  process.exit(2);
}

interface Case {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  cli: string[];
  rg?: string[];
  goal?: string;
}
const RG = ["rg", "--no-config"];
const CASES: Case[] = [
  { name: "outline typing.py (3,419 lines)", tool: "outline", args: { file: "typing.py" }, cli: ["outline", "typing.py"], goal: "<= 15 ms warm" },
  { name: "grep rare literal", tool: "grep", args: { query: "_make_iterencode" }, cli: ["grep", "--", "_make_iterencode"], rg: [...RG, "-n", "-F", "-e", "_make_iterencode", "."], goal: "<= 1.5x rg cold" },
  { name: "grep literal, 20 files shown", tool: "grep", args: { query: "frozenset" }, cli: ["grep", "--", "frozenset"], rg: [...RG, "-n", "-F", "-e", "frozenset", "."], goal: "<= 1.5x rg cold" },
  { name: "grep common literal", tool: "grep", args: { query: "self" }, cli: ["grep", "--", "self"], rg: [...RG, "-n", "-F", "-e", "self", "."], goal: "<= 1.5x rg cold" },
  { name: "grep regex alternation", tool: "grep", args: { query: "JSONDecodeError|UnicodeDecodeError|LookupError", regex: true }, cli: ["grep", "--regex", "--", "JSONDecodeError|UnicodeDecodeError|LookupError"], rg: [...RG, "-n", "-e", "JSONDecodeError|UnicodeDecodeError|LookupError", "."], goal: "<= 1.5x rg cold" },
  { name: "find", tool: "find", args: { query: "tar archive extraction" }, cli: ["find", "tar", "archive", "extraction"] },
  { name: "trace called_from", tool: "trace", args: { query: "subject:getLogger relation:called_from" }, cli: ["trace", "subject:getLogger", "relation:called_from"] },
];

/** One `agentgrep mcp` on the CPython tree; a tool error fails the bench. */
async function server(env: Record<string, string>) {
  const c = await mcpClient(AG, CPYTHON, env);
  const call = async (method: string, params: object) => {
    const r = await c.call(method, params);
    if (r?.isError) throw new Error(`${method} ${JSON.stringify(params)}: ${JSON.stringify(r.content)}`);
    return r;
  };
  return { call, close: c.close };
}

async function warm(s: Awaited<ReturnType<typeof server>>, c: Case): Promise<{ median: number; min: number }> {
  for (let i = 0; i < WARMUP; i++) await s.call("tools/call", { name: c.tool, arguments: c.args });
  const t: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await s.call("tools/call", { name: c.tool, arguments: c.args });
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return { median: t[t.length >> 1]!, min: t[0]! };
}

function cold(cmds: string[][]): number[] {
  const out = join(REPO, "bench", ".cache", `mcp-hyperfine-${process.pid}.json`); // one per run: runs may overlap
  spawnSync("mkdir", ["-p", join(REPO, "bench", ".cache")]);
  const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;
  const r = spawnSync("hyperfine", ["-N", "--output=pipe", "-w", "2", "-r", String(RUNS), "--export-json", out, ...cmds.map((c) => c.map(quote).join(" "))], { cwd: CPYTHON, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`hyperfine failed: ${r.stderr}`);
  const results = JSON.parse(require("node:fs").readFileSync(out, "utf8")).results as any[];
  require("node:fs").rmSync(out, { force: true });
  return results.map((x) => x.median * 1000);
}

const load = () => require("node:fs").readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/**
 * AGENTGREP_BASE=BIN: the grep cases only, warm, one server of each binary (the shipped cache
 * settings), their calls alternating so both see the same load, and rg cold in the same run;
 * prints both medians, each against rg, and new/base.
 */
if (process.env.AGENTGREP_BASE) {
  const BASE = resolve(process.env.AGENTGREP_BASE);
  console.log(`new ${AG}, base ${BASE} on ${CPYTHON}; load ${load()}; RUNS=${RUNS} WARMUP=${WARMUP}, calls alternating`);
  const s = { new: await mcpClient(AG, CPYTHON), base: await mcpClient(BASE, CPYTHON) };
  const f = (ms: number) => ms.toFixed(1).padStart(7);
  console.log(`${"case".padEnd(34)} ${"rg cold".padStart(8)} ${"new med".padStart(9)} ${"base med".padStart(9)}  new/rg base/rg new/base`);
  for (const c of CASES.filter((x) => x.rg)) {
    const t = { new: [] as number[], base: [] as number[] };
    for (let i = 0; i < WARMUP + RUNS; i++) {
      for (const k of (i % 2 ? ["base", "new"] : ["new", "base"]) as Array<"new" | "base">) {
        const t0 = performance.now();
        const r = await s[k].call("tools/call", { name: c.tool, arguments: c.args });
        if (r?.isError) throw new Error(`${k} ${c.name}: ${JSON.stringify(r.content)}`);
        if (i >= WARMUP) t[k].push(performance.now() - t0);
      }
    }
    const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
    const [rg] = cold([c.rg!]);
    const n = med(t.new), b = med(t.base);
    console.log(`${c.name.padEnd(34)} ${f(rg!)}ms ${f(n)}ms ${f(b)}ms  ${(n / rg!).toFixed(2).padStart(5)}x ${(b / rg!).toFixed(2).padStart(6)}x ${(n / b).toFixed(2).padStart(7)}x`);
  }
  await s.new.close();
  await s.base.close();
  console.log(`load after: ${load()}`);
  process.exit(0);
}

console.log(`agentgrep ${spawnSync(AG, ["--version"], { encoding: "utf8" }).stdout.trim()} on ${CPYTHON}; load ${load()}; RUNS=${RUNS} WARMUP=${WARMUP}`);
const cached = await server({});
const parsing = await server({ AGENTGREP_STRUCTURE_CACHE_MB: "0", AGENTGREP_CACHE: "off" });
const f = (ms: number) => ms.toFixed(1).padStart(7);
console.log(`${"case".padEnd(34)} ${"cold CLI".padStart(9)} ${"rg cold".padStart(8)} ${"warm med".padStart(9)} ${"min".padStart(7)} ${"warm-parse med".padStart(14)} ${"min".padStart(7)}  warm/rg  goal`);
for (const c of CASES) {
  const w = await warm(cached, c);
  const wp = await warm(parsing, c);
  const [cli, rg] = cold([[AG, ...c.cli], ...(c.rg ? [c.rg] : [])]);
  const ratio = rg ? `${(w.median / rg).toFixed(2)}x/${(wp.median / rg).toFixed(2)}x` : "-";
  console.log(`${c.name.padEnd(34)} ${f(cli!)}ms ${rg ? f(rg) + "ms" : "       -"} ${f(w.median)}ms ${f(w.min)}ms ${f(wp.median).padStart(12)}ms ${f(wp.min)}ms  ${ratio.padEnd(11)} ${c.goal ?? ""}`);
}
await cached.close();
await parsing.close();
console.log(`load after: ${load()}`);
