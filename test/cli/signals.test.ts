/**
 * A harness that times out a tool signals the pid it started (`kill PID`, Popen.terminate,
 * child.kill()). Parsing commands once re-ran themselves as a child process (the JIT setting,
 * src/cli/main.ts), and the signal stopped only the parent while the child kept searching and
 * writing into the caller's pipe (issue 22). Now: the pid exits, and nothing of its process group
 * is left 2.5 s later.
 */
import { test, expect, setDefaultTimeout } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { BIN } from "../helpers.ts";

setDefaultTimeout(60_000);

/** A tree whose grep takes seconds and prints far more than a pipe holds (400 files, 12 MB). */
function bigTree(): string {
  const root = mkdtempSync(join(tmpdir(), "ag-sig-"));
  let body = "";
  for (let i = 0; i < 1500; i++) body += `def needle_${i}(x):\n    return x + ${i}  # needle\n`;
  for (let d = 0; d < 20; d++) {
    mkdirSync(join(root, `d${d}`));
    for (let f = 0; f < 20; f++) writeFileSync(join(root, `d${d}`, `m${f}.py`), body);
  }
  return root;
}

/** Pids of live (not zombie) processes whose process group is `pgid`. */
function groupMembers(pgid: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // exited while we looked
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so split after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === pgid && state !== "Z") pids.push(Number(name));
  }
  return pids;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const root = bigTree();
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  test(`${signal} to the pid of a long grep leaves no process of its group after 2.5 s`, async () => {
    const env: Record<string, string | undefined> = { ...process.env };
    delete env.BUN_JSC_useOMGJIT; // the variable would skip the JIT re-execution this test is about
    // stdout is a pipe nobody reads, as a harness that stopped listening: the search fills it and blocks.
    const child = Bun.spawn([BIN, "grep", "--max-files", "100000", "needle"], { cwd: root, env, stdout: "pipe", stderr: "ignore", detached: true });
    const pgid = child.pid; // detached: the child leads a group of its own
    // Signal once the tuned runtime runs the search (the variable is in its environment).
    const tuned = () =>
      groupMembers(pgid).some((pid) => {
        try {
          return readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes("BUN_JSC_useOMGJIT=0");
        } catch {
          return false;
        }
      });
    for (let t = 0; t < 100 && !tuned(); t++) await sleep(50);
    expect(tuned()).toBe(true);
    await sleep(300);
    expect(groupMembers(pgid).length).toBeGreaterThan(0);
    process.kill(child.pid, signal);
    const exited = await Promise.race([child.exited.then(() => true), sleep(2000).then(() => false)]);
    expect(exited).toBe(true);
    await sleep(500);
    const left = groupMembers(pgid);
    for (const pid of left) process.kill(pid, "SIGKILL"); // never leave a stray search behind
    expect(left).toEqual([]);
  });
}
