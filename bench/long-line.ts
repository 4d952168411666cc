/**
 * Regexes over long lines: a backtracking engine retries from every start of a line, so a pattern
 * that can repeat without bound costs up to the line's length squared there; agentgrep matches
 * lines over match/index.ts LONG_LINE in its linear VM (match/pike.ts). Each row runs once through
 * the compiled binary and rg under /usr/bin/time: wall and CPU time, and whether the printed lines
 * (`-n -c`, then `-n` with the line text cut) are rg's. Not a test: times follow the machine.
 *
 *   bun bench/long-line.ts                 # AGENTGREP_BIN defaults to dist/agentgrep
 *   AGENTGREP_BIN=/path/to/old HANG_S=30 bun bench/long-line.ts   # a command is stopped after HANG_S (60)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { minifiedJs } from "../test/size-inputs.ts";

const bin = resolve(process.env.AGENTGREP_BIN ?? join(import.meta.dir, "..", "dist", "agentgrep"));
const HANG_S = Number(process.env.HANG_S ?? 60);
const dir = mkdtempSync(join(tmpdir(), "agentgrep-long-line-"));
const files: Record<string, string> = {
  "word-200k.txt": "a".repeat(200_000) + "\n",
  "word-1m-z.txt": "a".repeat(1_000_000) + "z\n",
  "min-1mb.js": minifiedJs(1 << 20),
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);

const rows: Array<[string, string]> = [
  ["word-200k.txt", "\\w+z"],
  ["word-200k.txt", "(a|b)+z"],
  ["word-200k.txt", "\\w+\\w+z"],
  ["word-200k.txt", "(a+)+$"],
  ["word-1m-z.txt", "x?\\w+z"],
  ["min-1mb.js", "function\\s*\\w+\\$\\("],
  ["min-1mb.js", "return [a-z]+\\$\\(\\w*"],
];

function timed(cmd: string, args: string[]): { wall: number; cpu: number; code: number | null; out: string } {
  const r = spawnSync("/usr/bin/time", ["-f", "%e %U %S", cmd, ...args], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30, timeout: HANG_S * 1000 });
  const t = (r.stderr.trim().split("\n").pop() ?? "").split(" ").map(Number);
  return { wall: t[0] ?? NaN, cpu: (t[1] ?? NaN) + (t[2] ?? NaN), code: r.status, out: r.stdout };
}

console.log(`agentgrep ${bin}; rg ${spawnSync("rg", ["--version"], { encoding: "utf8" }).stdout.split("\n")[0]}`);
console.log("file           pattern                  ag wall  ag cpu  rg wall  exit  same lines as rg");
for (const [file, p] of rows) {
  const ag = timed(bin, ["grep", "--regex", "-n", "-c", "--", p, file]);
  const rg = timed("rg", ["--no-config", "-n", "-c", "-e", p, file]);
  // The lines themselves, by number (agentgrep shows a long line cut around its match, and says
  // so, or that nothing matched, on lines of its own).
  const lines = (out: string) => out.split("\n").filter((l) => /^\d+:/.test(l)).map((l) => l.slice(0, l.indexOf(":"))).join(" ");
  const agL = ag.code === null ? "" : spawnSync(bin, ["grep", "--regex", "-n", "--", p, file], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30, timeout: HANG_S * 1000 }).stdout;
  const rgL = spawnSync("rg", ["--no-config", "-n", "-e", p, file], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30 }).stdout;
  if (ag.code === null) {
    console.log(`${file.padEnd(14)} ${p.padEnd(24)} over ${HANG_S} s (stopped)`);
    continue;
  }
  const same = (rg.code === 1 ? ag.code === 1 : ag.out === rg.out) && lines(agL) === lines(rgL) ? "yes" : `NO (count ${ag.out.trim() || "-"} vs ${rg.out.trim() || "-"})`;
  console.log(`${file.padEnd(14)} ${p.padEnd(24)} ${ag.wall.toFixed(2).padStart(6)}s ${ag.cpu.toFixed(2).padStart(6)}s ${rg.wall.toFixed(2).padStart(7)}s ${String(ag.code).padStart(5)}  ${same}`);
}
rmSync(dir, { recursive: true, force: true });
