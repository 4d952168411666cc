/**
 * Memory of one `agentgrep mcp` over a long session (issue 22): N sequential grep calls (default
 * 2,000) on a small tree, back to back as an agent's harness sends them, with the server's RSS
 * read from /proc after the first call, every 100 calls and at the end (VmHWM: the peak).
 * Not a test: figures depend on the machine. Goal: peak RSS growth under 64 MB, last answers
 * equal to the first.
 *
 *   bun bench/mcp-memory.ts                 # AGENTGREP_BIN (default dist/agentgrep), CALLS, TREE
 *                                           # (default: this repository's src/)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { mcpClient } from "./mcp-client.ts";

const REPO = join(import.meta.dir, "..");
const AG = process.env.AGENTGREP_BIN ?? join(REPO, "dist", "agentgrep");
const CALLS = Number(process.env.CALLS ?? 2000);
const TREE = process.env.TREE ?? join(REPO, "src");
const QUERIES = [
  { query: "export function" },
  { query: "UserError" },
  { query: "return", max_files: 5 },
  { query: "const \\w+ = new", regex: true },
  { query: "import", context: 1 },
];

export async function session(bin: string, tree: string, calls: number, env: Record<string, string> = {}) {
  const c = await mcpClient(bin, tree, env);
  const mem = () => {
    const s = readFileSync(`/proc/${c.pid}/status`, "utf8");
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, "m").exec(s)?.[1] ?? 0);
    return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
  };
  const first = new Map<number, string>();
  const last = new Map<number, string>();
  const samples: { call: number; rss: number; peak: number }[] = [];
  let start = { rss: 0, peak: 0 };
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) {
    const q = i % QUERIES.length;
    const r = await c.call("tools/call", { name: "grep", arguments: QUERIES[q] });
    const text = r.content?.[0]?.text ?? "";
    if (!first.has(q)) first.set(q, text);
    last.set(q, text);
    if (i === QUERIES.length - 1) start = mem();
    if ((i + 1) % 100 === 0) samples.push({ call: i + 1, ...mem() });
  }
  const ms = performance.now() - t0;
  const end = mem();
  const code = await c.close();
  const same = [...first].every(([q, t]) => last.get(q) === t);
  return { start, end, samples, ms, code, same, first: [...first.values()] };
}

if (import.meta.main) {
  const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(`agentgrep mcp memory: ${AG}; tree ${TREE}; ${CALLS} sequential grep calls; load ${load()}`);
  const r = await session(AG, TREE, CALLS);
  for (const s of r.samples.filter((_, i) => i % 4 === 3)) console.log(`  after ${String(s.call).padStart(5)} calls: RSS ${s.rss.toFixed(0)} MB, peak ${s.peak.toFixed(0)} MB`);
  const growth = r.end.peak - r.start.rss;
  console.log(`RSS after the first ${QUERIES.length} calls ${r.start.rss.toFixed(0)} MB; peak ${r.end.peak.toFixed(0)} MB; growth ${growth.toFixed(0)} MB (goal < 64); ${(r.ms / CALLS).toFixed(1)} ms per call; last answers equal the first: ${r.same}; exit ${r.code}; load ${load()}`);
}
