// `agentgrep help agents`: the prompt snippet for agents. Every command line it shows must run
// as shown (here from the repository root, a real tree) and exit 0 (found) or 1 (none).
import { expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { BIN, run } from "../helpers.ts";

const REPO = join(import.meta.dir, "..", "..");

test("help agents: at most 60 lines, covering each command, the trace relations and rg's flags", () => {
  const r = run(["help", "agents"]);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe("");
  const lines = r.stdout.trimEnd().split("\n");
  expect(lines.length).toBeLessThanOrEqual(60);
  for (const cmd of ["grep", "find", "outline", "trace"]) {
    const examples = lines.filter((l) => l.startsWith(`  agentgrep ${cmd} `));
    expect(`${cmd}: ${examples.length >= 2 && examples.length <= 3}`).toBe(`${cmd}: true`);
  }
  for (const rel of ["defined", "called_from", "triggered_from", "rendered", "populated", "comes_from", "handled", "implementation"]) {
    expect(r.stdout).toMatch(new RegExp(`^  ${rel} +\\S.*\\?$`, "m"));
  }
  for (const flag of ["-n", "-C", "-A", "-B", "-e", "-F", "-l", "-c", "-o", "-v", "-m", "-S", "-s", "-U", "--files", "PATTERN [PATH...]"]) {
    expect(r.stdout).toContain(flag);
  }
});

test("help agents: every command line it shows runs and exits 0 or 1", () => {
  const commands = run(["help", "agents"]).stdout.split("\n").filter((l) => l.startsWith("  agentgrep "));
  expect(commands.length).toBeGreaterThanOrEqual(8);
  for (const line of commands) {
    // The line as a shell reads it, with agentgrep the binary under test.
    const r = spawnSync("bash", ["-c", `agentgrep() { "$AG" "$@"; }; ${line.trim()}`], { cwd: REPO, env: { ...process.env, AG: BIN }, encoding: "utf8" });
    expect(`${line.trim()} -> exit ${r.status}${r.status === 0 || r.status === 1 ? "" : `: ${r.stderr.trim()}`}`).toMatch(/ -> exit [01]$/);
    expect(r.stderr).not.toContain("error:");
  }
}, 120_000);
