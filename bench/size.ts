/**
 * Size benchmark: every command on generated files of hostile shape and size (a single-line
 * minified bundle of 1, 12 and 16 MB, one-line JSON of 16 MB, a 16 MB generated header, a 100 MB
 * log), each run once through the compiled binary under /usr/bin/time -v, against the limits:
 * 3 s wall and 400 MB max RSS per command. Not a test: wall time depends on the machine's load,
 * so CPU time (user + sys) is printed beside it, with the load average.
 *
 *   bun bench/size.ts                      # AGENTGREP_BIN defaults to dist/agentgrep
 *   bun bench/size.ts --only 'min-12mb'    # cases whose "file command" matches a regex
 *   SIZE_CACHE=/tmp/x bun bench/size.ts    # where the inputs are generated (default ~/.cache/agentgrep-size)
 *
 * Exit status 1 when a command fails, exceeds a limit, or runs past the 60 s hang bound.
 */
import { spawnSync } from "node:child_process";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { homedir, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { writeBenchInputs } from "../test/size-inputs.ts";

const WALL_LIMIT_S = 3;
const RSS_LIMIT_MB = 400;
const HANG_S = 60;

const repo = resolve(import.meta.dir, "..");
const bin = resolve(process.env.AGENTGREP_BIN ?? join(repo, "dist", "agentgrep"));
const cache = process.env.SIZE_CACHE ?? join(homedir(), ".cache", "agentgrep-size");
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt >= 0 ? new RegExp(process.argv[onlyAt + 1] ?? "") : null;

if (!existsSync(bin)) {
  console.error(`error: agentgrep binary not found at ${bin}; hint: build it (bun build/build.ts) or set AGENTGREP_BIN`);
  process.exit(2);
}
if (spawnSync("/usr/bin/time", ["-v", "true"]).status !== 0) {
  console.error("error: /usr/bin/time not found; hint: apt-get install -y time");
  process.exit(2);
}

// Inputs: generated once (deterministic bytes; a version file regenerates them when the generator changes).
const stamp = join(cache, "VERSION");
const version = Bun.hash(readFileSync(join(repo, "test", "size-inputs.ts"))).toString(16);
if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== version) {
  rmSync(cache, { recursive: true, force: true });
  console.error(`generating inputs in ${cache} ...`);
  writeBenchInputs(join(cache, "files"));
  await Bun.write(stamp, version);
}

/** Each file alone in a directory, so find, trace and a walking grep see just it. */
interface Case { file: string; word: string; common: string; words: string[]; subject: string }
const CASES: Case[] = [
  { file: "min-1mb.js", word: "c1a$", common: "function", words: ["fibonacci", "handler"], subject: "c1a$" },
  { file: "min-12mb.js", word: "c1a$", common: "function", words: ["fibonacci", "handler"], subject: "c1a$" },
  { file: "min-16mb.js", word: "c1a$", common: "function", words: ["fibonacci", "handler"], subject: "c1a$" },
  { file: "one-line-16mb.json", word: "item-123", common: "id", words: ["item", "tags"], subject: "key123" },
  { file: "gen-16mb.h", word: "REG_1A2", common: "define", words: ["reg", "field", "mask"], subject: "mmREG_1A2" },
  { file: "app-100mb.log", word: "needle-77", common: "worker", words: ["worker", "failed"], subject: "needle" },
];

function dirFor(file: string): string {
  const d = join(cache, "dirs", file.replace(/\W+/g, "-"));
  if (!existsSync(join(d, file))) {
    mkdirSync(d, { recursive: true });
    linkSync(join(cache, "files", file), join(d, file));
  }
  return d;
}

const commands = (c: Case): string[][] => [
  ["outline", c.file],
  ["outline", "--json", c.file],
  ["grep", c.word],
  ["grep", "--json", c.word],
  ["grep", c.common],
  ["grep", "--json", c.common],
  ["grep", "--json", c.common, "--path", c.file],
  ["grep", "--regex", "-i", c.word.replace(/\W/g, ".")],
  ["find", ...c.words],
  ["trace", `subject:${c.subject}`, "relation:defined"],
  ["trace", `subject:${c.subject}`, "relation:called_from"],
  // The relations with a data-flow step or a second pass (issue 14).
  ["trace", `subject:${c.subject}`, "relation:comes_from"],
  ["trace", `subject:${c.subject}`, "relation:triggered_from"],
  ["trace", `subject:${c.subject}`, "relation:populated"],
  ["trace", `subject:${c.subject}`, "relation:handled"],
];

interface Row { file: string; cmd: string; code: number | null; wall: number; cpu: number; rssMb: number; out: number; ok: boolean; note: string }
const rows: Row[] = [];
const load0 = loadavg()[0]!;
for (const c of CASES) {
  const cwd = dirFor(c.file);
  for (const args of commands(c)) {
    const cmd = args.join(" ");
    if (only && !only.test(`${c.file} ${cmd}`)) continue;
    const r = spawnSync("/usr/bin/time", ["-v", bin, ...args], { cwd, maxBuffer: 1 << 30, timeout: HANG_S * 1000 });
    const err = r.stderr?.toString() ?? "";
    const num = (re: RegExp) => Number(re.exec(err)?.[1] ?? NaN);
    const el = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(err);
    const wall = el ? Number(el[1] ?? 0) * 3600 + Number(el[2]) * 60 + Number(el[3]) : HANG_S;
    const cpu = num(/User time \(seconds\): ([\d.]+)/) + num(/System time \(seconds\): ([\d.]+)/);
    const rssMb = num(/Maximum resident set size \(kbytes\): (\d+)/) / 1024;
    const code = r.error ? null : num(/Exit status: (\d+)/);
    const failed = code === null || code >= 2;
    const notes: string[] = [];
    if (code === null) notes.push(`no end within ${HANG_S} s`);
    else if (failed) notes.push(`exit ${code}: ${err.split("\n").find((l) => l.startsWith("error:")) ?? ""}`);
    if (wall > WALL_LIMIT_S) notes.push(`over ${WALL_LIMIT_S} s`);
    if (rssMb > RSS_LIMIT_MB) notes.push(`over ${RSS_LIMIT_MB} MB`);
    rows.push({ file: c.file, cmd, code, wall, cpu, rssMb, out: r.stdout?.length ?? 0, ok: notes.length === 0, note: notes.join("; ") });
    const x = rows[rows.length - 1]!;
    console.error(`${x.ok ? "ok  " : "FAIL"} ${x.file.padEnd(19)} ${cmd.slice(0, 48).padEnd(48)} ${x.wall.toFixed(2).padStart(6)} s wall ${x.cpu.toFixed(2).padStart(6)} s cpu ${x.rssMb.toFixed(0).padStart(5)} MB ${x.note}`);
  }
}

const load1 = loadavg()[0]!;
const lines = [
  `# size benchmark: ${bin}`,
  `limits: ${WALL_LIMIT_S} s wall and ${RSS_LIMIT_MB} MB max RSS per command; load average ${load0.toFixed(2)} at start, ${load1.toFixed(2)} at end (2 cores)`,
  "",
  "| file | command | exit | wall s | cpu s | max RSS MB | output bytes | within limits |",
  "|---|---|---|---|---|---|---|---|",
  ...rows.map((r) => `| ${r.file} | \`${r.cmd}\` | ${r.code ?? "-"} | ${r.wall.toFixed(2)} | ${r.cpu.toFixed(2)} | ${r.rssMb.toFixed(0)} | ${r.out} | ${r.ok ? "yes" : `**no**: ${r.note}`} |`),
  "",
  `${rows.filter((r) => r.ok).length} of ${rows.length} within limits; max wall ${Math.max(...rows.map((r) => r.wall)).toFixed(2)} s, max cpu ${Math.max(...rows.map((r) => r.cpu)).toFixed(2)} s, max RSS ${Math.max(...rows.map((r) => r.rssMb)).toFixed(0)} MB`,
];
console.log(lines.join("\n"));
const outDir = join(repo, "bench", "results");
mkdirSync(outDir, { recursive: true });
await Bun.write(join(outDir, `size-${new Date().toISOString().replace(/[:.]/g, "-")}.md`), lines.join("\n") + "\n");
process.exit(rows.every((r) => r.ok) ? 0 : 1);
