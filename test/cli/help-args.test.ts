/**
 * `agentgrep help` with odd arguments, through the built binary: `help help` is the top-level help
 * (it was `error: command not found; did you mean:;` with an empty list), and a word after the
 * command is named as an error, exit 2 (it was dropped and the help printed, exit 0).
 */
import { test, expect } from "bun:test";
import { run } from "../helpers.ts";

test("help help prints the top-level help, exit 0", () => {
  const r = run(["help", "help"]);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe("");
  expect(r.stdout).toBe(run(["help"]).stdout);
});

test("help COMMAND EXTRA names the extra word, one line, exit 2", () => {
  for (const args of [["help", "grep", "extra"], ["--help", "find", "extra"]]) {
    const r = run(args);
    expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code: 2, stdout: "" });
    expect(r.stderr).toBe(`error: unexpected argument 'extra'; hint: help takes one command: agentgrep help ${args[1]}\n`);
  }
});

test("help -- COMMAND is help COMMAND (the hint named `agentgrep help --`)", () => {
  const r = run(["help", "--", "grep"]);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe("");
  expect(r.stdout).toBe(run(["help", "grep"]).stdout);
});
