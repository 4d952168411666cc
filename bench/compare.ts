/**
 * Benchmark driver: agentgrep next to rg, case by case, in one run. Called by bench/run.sh, which
 * prepares the trees and sets the environment:
 *   AG (absolute path of the agentgrep binary), LINUX, CPYTHON (tree roots), RUNS, HEAVY_RUNS,
 *   WARMUP, ONLY (a regex over "group/case"), OUT (results directory).
 *
 * Every case runs once first, outside hyperfine, to get its exit code and output: a command that
 * fails (exit >= 2), dies or hangs is shown as "n/a (...)" instead of aborting the run, and the
 * outputs give a cheap parity check (a fast wrong answer is no win). Then hyperfine times both sides
 * of the case in a single invocation (-N: no shell; --output=pipe: rg stops at the first match when
 * its stdout is /dev/null, so every command writes into a real pipe).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { homedir } from "node:os";
import { buildQuery } from "../src/rank/find-query.ts";
import { queryLiterals } from "../src/rank/tree-search.ts";
import { stem } from "../src/query/identifiers.ts";

const env = process.env;
const AG = env.AG!;
/** AGENTGREP_BASE: a "before" binary, timed in the same interleaved rounds (base columns). */
const BASE = env.BASE || undefined;
const LINUX = env.LINUX!;
const CPYTHON = env.CPYTHON!;
const RUNS = Number(env.RUNS ?? 5);
const HEAVY_RUNS = Number(env.HEAVY_RUNS ?? 3);
const WARMUP = Number(env.WARMUP ?? 2);
const ONLY = env.ONLY ? new RegExp(env.ONLY) : undefined;
const OUT = env.OUT!;
const REPO = join(import.meta.dir, "..");
const TIMEOUT_MS = 120_000;
/** A command slower than this once is not timed again: its single run is reported, marked "1 run". */
const SLOW_S = Number(env.SLOW_S ?? 20);
mkdirSync(OUT, { recursive: true });

/** `paths`: compare the sorted path sets; `files`: compare ag's "in M files" with rg's file count. */
type Check = "paths" | "files" | "none";

interface Case {
  group: string;
  name: string;
  tree: string; // label
  cwd: string;
  ag: string[];
  rg?: string[];
  target?: { ratio?: number; ms?: number };
  check: Check;
  runs: number;
  note?: string;
  /** Each agentgrep run starts with an empty structure cache (a fresh XDG_CACHE_HOME). */
  coldCache?: boolean;
}

const RG = ["rg", "--no-config"];
const cases: Case[] = [];
const add = (c: Omit<Case, "runs" | "check"> & { runs?: number; check?: Check }) =>
  cases.push({ check: "none", runs: c.cwd === LINUX ? HEAVY_RUNS : RUNS, ...c });

// --- start-up (issue 2) ---
add({ group: "startup", name: "--version", tree: "-", cwd: CPYTHON, ag: ["--version"], rg: [...RG, "--version"], target: { ratio: 3 }, runs: Math.max(RUNS, 20) });

// --- grep (issue 2): each case as --paths-only vs rg -l, and text vs rg -n ---
interface GrepCase { name: string; flags: string[]; rgFlags: string[]; query: string; regex?: boolean; paths?: number; text?: number }
const grepCases: Record<string, GrepCase[]> = {
  linux: [
    { name: "rare literal", flags: [], rgFlags: [], query: "ksys_sync_helper", paths: 1.5, text: 2 },
    { name: "common literal", flags: [], rgFlags: [], query: "mutex_lock", text: 2 },
    { name: "regex alternation", flags: ["--regex"], rgFlags: [], query: "spin_lock_irqsave|mutex_trylock|rcu_read_lock_bh", regex: true, text: 2 },
    { name: "--type rust", flags: ["--type", "rust"], rgFlags: ["--type", "rust"], query: "Result", text: 2 },
    { name: "--glob *.h", flags: ["--glob", "*.h"], rgFlags: ["--glob", "*.h"], query: "mutex_lock", text: 2 },
    { name: "--hidden", flags: ["--hidden"], rgFlags: ["--hidden"], query: "ksys_sync_helper", text: 2 },
  ],
  cpython: [
    { name: "rare literal", flags: [], rgFlags: [], query: "_make_iterencode", text: 2 },
    { name: "common literal", flags: [], rgFlags: [], query: "self", text: 2 },
    { name: "regex alternation", flags: ["--regex"], rgFlags: [], query: "JSONDecodeError|UnicodeDecodeError|LookupError", regex: true, text: 2 },
  ],
};
for (const [tree, list] of Object.entries(grepCases)) {
  const cwd = tree === "linux" ? LINUX : CPYTHON;
  for (const g of list) {
    const rgq = g.regex ? ["-e", g.query] : ["-F", "-e", g.query];
    add({ group: "grep", name: `${g.name} paths`, tree, cwd, ag: ["grep", "--paths-only", ...g.flags, "--", g.query], rg: [...RG, "-l", ...g.rgFlags, ...rgq, "."], target: g.paths ? { ratio: g.paths } : undefined, check: "paths" });
    add({ group: "grep", name: `${g.name} text`, tree, cwd, ag: ["grep", ...g.flags, "--", g.query], rg: [...RG, "-n", ...g.rgFlags, ...rgq, "."], target: g.text ? { ratio: g.text } : undefined, check: "files" });
  }
}

// --- empty results (issue 21): a no-match search next to rg's for the same pattern; the target is
// the no-match row's ratio at most 1.25x the matching search's ("rare literal paths" above). ---
add({ group: "grep", name: "no match, one word paths", tree: "linux", cwd: LINUX, ag: ["grep", "--paths-only", "--", "zzqqxxyynomatch"], rg: [...RG, "-l", "-F", "-e", "zzqqxxyynomatch", "."], target: { ratio: 1.5 * 1.25 }, check: "paths" });
add({ group: "grep", name: "no match, two-word identifier paths", tree: "linux", cwd: LINUX, ag: ["grep", "--paths-only", "--", "zzqqxxyy_nomatch"], rg: [...RG, "-l", "-F", "-e", "zzqqxxyy_nomatch", "."], target: { ratio: 1.5 * 1.25 }, check: "paths" });
add({ group: "grep", name: "no match, three-word identifier paths", tree: "linux", cwd: LINUX, ag: ["grep", "--paths-only", "--", "ksys_sync_helperx"], rg: [...RG, "-l", "-F", "-e", "ksys_sync_helperx", "."], target: { ratio: 1.5 * 1.25 }, check: "paths" });
add({ group: "grep", name: "-g matching no file paths", tree: "linux", cwd: LINUX, ag: ["grep", "--paths-only", "-g", "*.nomatchzz", "--", "ksys_sync_helper"], rg: [...RG, "-l", "-g", "*.nomatchzz", "-F", "-e", "ksys_sync_helper", "."], check: "paths" });

// --- walk (issue 2) ---
// agentgrep has no list-files mode. The nearest pure walk is a grep whose --glob matches no file:
// every directory is read and every path goes through the ignore and glob rules, but no file is
// opened, which is what `rg --files` costs minus printing the paths. The second case times rg doing
// the very same thing, for a like-for-like figure.
const NOMATCH = "*.agentgrep-bench-nomatch";
for (const [tree, cwd] of [["linux", LINUX], ["cpython", CPYTHON]] as const) {
  add({ group: "walk", name: "walk vs rg --files", tree, cwd, ag: ["grep", "--paths-only", "--glob", NOMATCH, "zzz"], rg: [...RG, "--files", "."], target: tree === "linux" ? { ratio: 1.2 } : undefined, note: "ag: grep --paths-only --glob <no match>" });
  add({ group: "walk", name: "walk vs same rg", tree, cwd, ag: ["grep", "--paths-only", "--glob", NOMATCH, "zzz"], rg: [...RG, "-l", "--glob", NOMATCH, "-F", "zzz", "."] });
}

// --- structure (issue 3) ---
const outlineFiles: [string, string, string][] = [
  ["cpython", CPYTHON, "typing.py"],
  ["linux", LINUX, "mm/mmap.c"],
  ["ts", join(REPO, "node_modules/@types/node"), "http.d.ts"],
];
for (const [tree, cwd, file] of outlineFiles) {
  if (!existsSync(join(cwd, file))) continue;
  const lines = readFileSync(join(cwd, file), "latin1").split("\n").length - 1;
  add({ group: "outline", name: `outline ${file} (${lines} lines)`, tree, cwd, ag: ["outline", file], target: { ms: 150 }, runs: Math.max(RUNS, 10) });
}
add({ group: "outline", name: "grouped grep, sparse", tree: "linux", cwd: LINUX, ag: ["grep", "--", "ext4_fill_super"], rg: [...RG, "-n", "-F", "-e", "ext4_fill_super", "."], target: { ratio: 1.5 }, check: "files" });
add({ group: "outline", name: "grouped grep, sparse", tree: "cpython", cwd: CPYTHON, ag: ["grep", "--", "JSONDecoder"], rg: [...RG, "-n", "-F", "-e", "JSONDecoder", "."], target: { ratio: 1.5 }, check: "files" });
// The rows above run with the structure cache warm (the probe run filled it); these start every
// run with an empty one (issue 21: a first call at most 4x rg, a repeated one 2x).
add({ group: "outline", name: "grouped grep, sparse, cold cache", tree: "linux", cwd: LINUX, ag: ["grep", "--", "ext4_fill_super"], rg: [...RG, "-n", "-F", "-e", "ext4_fill_super", "."], target: { ratio: 4 }, check: "files", coldCache: true });
add({ group: "outline", name: "grouped grep, sparse, cold cache", tree: "cpython", cwd: CPYTHON, ag: ["grep", "--", "JSONDecoder"], rg: [...RG, "-n", "-F", "-e", "JSONDecoder", "."], target: { ratio: 4 }, check: "files", coldCache: true });

// --- find (issue 4): next to rg --files, the floor for any walk ---
add({ group: "find", name: "find page fault handler", tree: "linux", cwd: LINUX, ag: ["find", "page", "fault", "handler"], rg: [...RG, "--files", "."], target: { ratio: 2 } });
add({ group: "find", name: "find json decoder", tree: "cpython", cwd: CPYTHON, ag: ["find", "json", "decoder"], rg: [...RG, "--files", "."] });
// A hard query (issue 14): plain words the paths do not say, so content, passages and learned names decide.
add({ group: "find", name: "find read copy update grace period processing", tree: "linux", cwd: LINUX, ag: ["find", "read", "copy", "update", "grace", "period", "processing"], rg: [...RG, "--files", "."], target: { ratio: 2 } });

// --- find's whole-tree content evidence (issue 19): next to the rg -l an agent would type for the
// same words, i.e. `rg -l -i -F -e W1 -e W2 ...` with the literal forms find searches the tree for
// (tree-search.ts queryLiterals: each word's stem-based form, its synonyms). Target 1.2x. ---
const RUSTC = env.RUSTC ?? join(env.EVAL_CACHE ?? join(homedir(), ".cache/agentgrep-eval-langs"), "corpora/rustc");
const findWords: [string, string, string[]][] = [
  ["linux", LINUX, ["page", "reclaim"]],
  ["linux", LINUX, ["pick", "which", "process", "to", "kill", "when", "memory", "runs", "out"]],
  ["linux", LINUX, ["include", "guard", "multiple", "include", "optimization"]],
  ["rustc", RUSTC, ["borrow", "checker", "two", "phase", "borrows"]],
];
for (const [tree, cwd, words] of findWords) {
  if (!existsSync(cwd)) continue;
  const q = buildQuery(words);
  const lits = queryLiterals(q.terms, [], stem).literals;
  add({ group: "find-rg", name: `find ${words.join(" ")}`, tree, cwd, ag: ["find", ...words], rg: [...RG, "-l", "-i", "-F", ...lits.flatMap((l) => ["-e", l]), "."], target: { ratio: 1.2 }, note: `rg -e ${lits.join(" -e ")}` });
}

// --- trace (issue 5): next to rg -l SUBJECT ---
const traces: [string, string, string, string][] = [
  ["linux", LINUX, "schedule_timeout", "called_from"],
  ["linux", LINUX, "ext4_fill_super", "defined"],
  ["cpython", CPYTHON, "JSONDecoder", "defined"],
  ["cpython", CPYTHON, "getaddrinfo", "called_from"],
];
for (const [tree, cwd, subject, relation] of traces) {
  add({ group: "trace", name: `trace ${subject} ${relation}`, tree, cwd, ag: ["trace", `subject:${subject}`, `relation:${relation}`], rg: [...RG, "-l", "-F", "-e", subject, "."], target: { ratio: 3 } });
}
// Issue 14: trace on the Linux tree within 1.5 s at the median of eval/'s C trace cases (one
// tree-wide pass: a snake_case subject's spellings; two passes: a triggered_from through a notifier
// chain). rg -l of the subject as typed is the floor for one pass.
const traces14: [string, string, string[]][] = [
  ["linux", LINUX, ["subject:saved_command_line", "relation:comes_from"]],
  ["linux", LINUX, ["subject:jiffies_64", "relation:populated"]],
  ["linux", LINUX, ["subject:hung_task_panic", "relation:triggered_from"]],
];
for (const [tree, cwd, terms] of traces14) {
  const subject = terms[0]!.slice("subject:".length);
  add({ group: "trace", name: `trace ${terms.join(" ")} (issue 14)`, tree, cwd, ag: ["trace", ...terms], rg: [...RG, "-l", "-F", "-e", subject, "."], target: { ms: 1500 } });
}

// ---------------------------------------------------------------------------------------------

interface Probe { ok: boolean; status: string; stdout: string; seconds?: number }

function probe(argv: string[], cwd: string): Probe {
  const t0 = performance.now();
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd, timeout: TIMEOUT_MS, maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "pipe"] });
  if (r.error && (r.error as NodeJS.ErrnoException).code === "ETIMEDOUT") return { ok: false, status: `n/a (timeout ${TIMEOUT_MS / 1000}s)`, stdout: "" };
  if (r.error) return { ok: false, status: `n/a (${(r.error as Error).message})`, stdout: "" };
  if (r.signal) return { ok: false, status: `n/a (${r.signal})`, stdout: "" };
  // 0 = found, 1 = nothing found: both are answers; 2 and up are errors (or stubs).
  if (r.status !== 0 && r.status !== 1) return { ok: false, status: `n/a (exit ${r.status})`, stdout: "" };
  return { ok: true, status: `exit ${r.status}`, stdout: r.stdout.toString("latin1"), seconds: (performance.now() - t0) / 1000 };
}

const sq = (s: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
const cmdline = (argv: string[]) => argv.map(sq).join(" ");

/**
 * Times the commands in interleaved rounds: one hyperfine call per round with --runs 1, the order
 * flipped every round, so a load change on this shared machine hits both sides alike instead of
 * whichever command hyperfine happened to be running. The probe run before this already warmed the
 * caches once, so it counts as the first of the WARMUP runs.
 * Returns every command's times (seconds), one per round.
 */
function timeRounds(cmds: string[], cwd: string, runs: number, prepare?: string, cpu?: number[][]): number[][] | undefined {
  const times: number[][] = cmds.map(() => []);
  for (const _ of cmds) cpu?.push([]);
  if (cmds.length === 0) return times;
  const json = join(OUT, "hyperfine.tmp.json");
  for (let round = 0; round < runs; round++) {
    const order = round % 2 === 0 ? cmds.map((_, i) => i) : cmds.map((_, i) => cmds.length - 1 - i);
    const warm = round === 0 ? Math.max(0, WARMUP - 1) : 0;
    const r = spawnSync("hyperfine", ["-N", "-i", "--style", "none", "--warmup", String(warm), "--runs", "1", "--output=pipe", "--export-json", json, ...(prepare ? ["--prepare", prepare] : []), ...order.map((i) => cmds[i]!)], { cwd, stdio: ["ignore", "ignore", "pipe"] });
    if (r.status !== 0) {
      process.stderr.write(`  hyperfine failed: ${r.stderr.toString().trim().split("\n").slice(-2).join(" ")}\n`);
      return undefined;
    }
    const res = JSON.parse(readFileSync(json, "utf8")).results as { times: number[]; user: number; system: number }[];
    order.forEach((ci, k) => times[ci]!.push(...res[k]!.times));
    // --runs 1: hyperfine's user and system means are this run's CPU seconds.
    order.forEach((ci, k) => cpu?.[ci]!.push(res[k]!.user + res[k]!.system));
  }
  return times;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function normPaths(s: string): string[] {
  return s.split("\n").filter(Boolean).map((p) => p.replace(/^\.\//, "")).sort();
}

function parity(c: Case, ag: Probe, rg: Probe): string {
  if (!ag.ok || !rg.ok || c.check === "none") return "";
  if (c.check === "paths") {
    const a = normPaths(ag.stdout), b = normPaths(rg.stdout);
    const same = a.length === b.length && a.every((p, i) => p === b[i]);
    return same ? `same ${a.length} files` : `DIFFERS ag ${a.length} / rg ${b.length} files`;
  }
  // files: ag's text prints one blank-line-separated block per shown file, and its cut: line
  // counts the files past --max-files ("cut: N more files, ..."); rg -n lines are "path:line:text".
  const blocks = ag.stdout.split("\n\n").filter((b) => b.trim() && !b.startsWith("cut: "));
  const more = /(?:^|\n)cut: (\d+) more files/.exec(ag.stdout);
  const agFiles = blocks.length + (more ? Number(more[1]) : 0);
  const rgFiles = new Set(rg.stdout.split("\n").filter(Boolean).map((l) => l.slice(0, l.indexOf(":")))).size;
  return agFiles === rgFiles ? `same ${rgFiles} files` : `DIFFERS ag ${agFiles} / rg ${rgFiles} files`;
}

interface Row { group: string; name: string; tree: string; ag: string; rg: string; ratio?: number; ratioMin?: number; target: string; verdict: string; parity: string; note?: string; cpuRatio?: number; agCpu?: number; rgCpu?: number; base?: string; baseRatio?: number; baseCpuRatio?: number }

const ms = (s: number | undefined) => (s === undefined ? "n/a" : (s * 1000).toFixed(s < 0.1 ? 1 : 0));
const rows: Row[] = [];
const selected = cases.filter((c) => !ONLY || ONLY.test(`${c.group}/${c.tree}/${c.name}`));
const started = Date.now();

for (const c of selected) {
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)}s] ${c.group} / ${c.tree} / ${c.name}\n`);
  const cold = join(OUT, "cold-cache");
  const agArgv = c.coldCache ? ["env", `XDG_CACHE_HOME=${cold}`, AG, ...c.ag] : [AG, ...c.ag];
  const ag = probe(agArgv, c.cwd);
  const rg = c.rg ? probe(c.rg, c.cwd) : undefined;
  // Keeps the whole run bounded when a command is pathologically slow: one run is figure enough.
  const agSlow = ag.ok && ag.seconds! > SLOW_S;
  const rgSlow = !!rg?.ok && rg.seconds! > SLOW_S;
  const cmds: string[] = [];
  if (ag.ok && !agSlow) cmds.push(cmdline(agArgv));
  if (rg?.ok && !rgSlow) cmds.push(cmdline(c.rg!));
  // The "before" binary, when given, runs in the same rounds (last, so the indices above hold).
  const baseArgv = BASE && ag.ok && !agSlow && c.ag[0] !== "--version" ? agArgv.map((a) => (a === AG ? BASE : a)) : undefined;
  if (baseArgv) cmds.push(cmdline(baseArgv));
  const cpu: number[][] = [];
  const t = timeRounds(cmds, c.cwd, c.runs, c.coldCache ? `rm -rf ${cold}` : undefined, cpu);
  const agTimes = agSlow ? [ag.seconds!] : ag.ok && t ? t[0] : undefined;
  const rgIdx = ag.ok && !agSlow ? 1 : 0;
  const rgTimes = rgSlow ? [rg!.seconds!] : rg?.ok && t ? t[rgIdx] : undefined;
  const agCpu = ag.ok && !agSlow && t ? cpu[0] : undefined;
  const rgCpu = rg?.ok && !rgSlow && t ? cpu[rgIdx] : undefined;
  const baseTimes = baseArgv && t ? t[cmds.length - 1] : undefined;
  const baseCpu = baseArgv && t ? cpu[cmds.length - 1] : undefined;
  const pairedRatio = (a: number[] | undefined, b: number[] | undefined) => (a && b && a.length === b.length && a.length > 0 ? median(a.map((v, i) => v / b[i]!)) : undefined);
  const agT = agTimes && median(agTimes);
  const rgT = rgTimes && median(rgTimes);
  // Paired: each round's two runs saw the same load, so the median of per-round ratios is steadier
  // than the ratio of the two medians.
  const paired = agTimes && rgTimes && agTimes.length === rgTimes.length;
  const ratio = agTimes && rgTimes ? (paired ? median(agTimes.map((a, i) => a / rgTimes[i]!)) : median(agTimes) / median(rgTimes)) : undefined;
  // Fastest run per side: on a loaded machine the closest figure to the intrinsic cost.
  const ratioMin = agTimes && rgTimes ? Math.min(...agTimes) / Math.min(...rgTimes) : undefined;
  let target = "", verdict = "";
  if (c.target?.ratio !== undefined) {
    target = `<= ${c.target.ratio}x`;
    if (ratio !== undefined) verdict = ratio <= c.target.ratio ? "ok" : "MISS";
  } else if (c.target?.ms !== undefined) {
    target = `<= ${c.target.ms} ms`;
    if (agT !== undefined) verdict = agT * 1000 <= c.target.ms ? "ok" : "MISS";
  }
  rows.push({
    group: c.group, name: c.name, tree: c.tree,
    ag: ag.ok ? ms(agT) + (agSlow ? " (1 run)" : "") : ag.status,
    rg: !rg ? "-" : rg.ok ? ms(rgT) + (rgSlow ? " (1 run)" : "") : rg.status,
    ratio, ratioMin, target, verdict, parity: rg ? parity(c, ag, rg) : "", note: c.note,
    cpuRatio: pairedRatio(agCpu, rgCpu), agCpu: agCpu && median(agCpu), rgCpu: rgCpu && median(rgCpu),
    base: baseTimes ? ms(median(baseTimes)) : undefined, baseRatio: pairedRatio(baseTimes, rgTimes), baseCpuRatio: pairedRatio(baseCpu, rgCpu),
  });
}

// --- binary size (issue 3: within the Bun runtime + 20 MB) ---
const mb = (n: number) => (n / 1e6).toFixed(1);
const sizeRow = (() => {
  if (ONLY && !ONLY.test("size")) return undefined;
  const size = statSync(AG).size;
  const bunExe = [join(REPO, "node_modules/bun/bin/bun.exe"), join(REPO, "node_modules/bun/bin/bun")].find(existsSync);
  const runtime = bunExe ? statSync(bunExe).size : undefined;
  return runtime === undefined
    ? `binary size: ${mb(size)} MB (Bun runtime not found to compare)`
    : `binary size: ${mb(size)} MB = Bun runtime ${mb(runtime)} MB + ${mb(size - runtime)} MB (target: + <= 20 MB: ${size - runtime <= 20e6 ? "ok" : "MISS"})`;
})();

// --- table ---
const x = (v: number | undefined) => (v === undefined ? "-" : `${v.toFixed(2)}x`);
const cs = (v: number | undefined) => (v === undefined ? "-" : v.toFixed(2));
const header = ["group", "tree", "case", "agentgrep ms", "rg ms", "ratio", "min-ratio", "cpu s ag/rg", "cpu ratio", ...(BASE ? ["base ms", "base ratio", "base cpu ratio"] : []), "target", "", "check"];
const body = rows.map((r) => [r.group, r.tree, r.name, r.ag, r.rg, x(r.ratio), x(r.ratioMin), `${cs(r.agCpu)}/${cs(r.rgCpu)}`, x(r.cpuRatio), ...(BASE ? [r.base ?? "-", x(r.baseRatio), x(r.baseCpuRatio)] : []), r.target, r.verdict, r.parity]);
const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
const right = new Set([3, 4, 5, 6, 7, 8, ...(BASE ? [9, 10, 11] : [])]);
const fmt = (cells: string[]) => cells.map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ").trimEnd();
const lines: string[] = [];
lines.push(`agentgrep: ${AG} (${probe([AG, "--version"], CPYTHON).stdout.trim() || "version unknown"})`);
lines.push(`rg: ${probe(["rg", "--version"], CPYTHON).stdout.split("\n")[0]}; hyperfine -N --output=pipe, warmup ${WARMUP}, then ${RUNS} interleaved runs per side (${HEAVY_RUNS} on linux, more for start-up/outline)`);
lines.push("ms = median per side; ratio = median of per-run agentgrep/rg ratios (runs paired and interleaved; targets judged on it); min-ratio = fastest agentgrep run / fastest rg run");
lines.push(`trees: linux=${LINUX} cpython=${CPYTHON}`);
lines.push("cpu = user+sys seconds per run (median; cpu ratio: median of paired per-round ratios): steadier than wall on a loaded machine");
if (BASE) lines.push(`base: ${BASE} timed in the same rounds; base ratio / base cpu ratio are against the same rg runs`);
lines.push(`load: ${probe(["uptime"], CPYTHON).stdout.trim()} (at the end of the run)`);
lines.push("");
lines.push(fmt(header));
lines.push(fmt(widths.map((w) => "-".repeat(w))));
let prev = "";
for (let i = 0; i < rows.length; i++) {
  if (prev && rows[i]!.group !== prev) lines.push("");
  prev = rows[i]!.group;
  lines.push(fmt(body[i]!));
}
lines.push("");
lines.push("geometric mean ratio (agentgrep / rg) per group:");
for (const g of [...new Set(rows.map((r) => r.group))]) {
  const rs = rows.filter((r) => r.group === g && r.ratio !== undefined).map((r) => r.ratio!);
  const n = rows.filter((r) => r.group === g && r.rg !== "-").length;
  if (n === 0) continue;
  const gm = rs.length ? Math.exp(rs.reduce((s, x) => s + Math.log(x), 0) / rs.length) : undefined;
  lines.push(`  ${g.padEnd(8)} ${gm === undefined ? "n/a" : `${gm.toFixed(2)}x`}  (${rs.length} of ${n} cases measured)`);
}
if (sizeRow) { lines.push(""); lines.push(sizeRow); }
const notes = [...new Set(rows.filter((r) => r.note).map((r) => `${r.group}/${r.name}: ${r.note}`))];
for (const n of notes) lines.push(`note: ${n}`);
lines.push(`total bench time: ${((Date.now() - started) / 1000).toFixed(0)} s`);

const text = lines.join("\n") + "\n";
process.stdout.write(text);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
writeFileSync(join(OUT, `bench-${stamp}.txt`), text);
writeFileSync(join(OUT, `bench-${stamp}.json`), JSON.stringify({ rows, size: sizeRow }, null, 1));
rmSync(join(OUT, "hyperfine.tmp.json"), { force: true });
