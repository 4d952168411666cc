// grep's argv pre-pass (commands/rg-args.ts), for the value flags agentgrep adds to rg's: their
// value must stay theirs, never become a positional moved after `--`.
import { expect, test } from "bun:test";
import { normaliseGrepArgs } from "../../src/commands/rg-args.ts";
import { run, tree } from "../helpers.ts";

test("--role and --full-region keep their values, separate or attached, before --", () => {
  expect(normaliseGrepArgs(["--role", "definition", "--", "x"])).toEqual(["--role=definition", "--", "x"]);
  expect(normaliseGrepArgs(["--role=call,import", "x", "src"])).toEqual(["--role=call,import", "--", "x", "src"]);
  expect(normaliseGrepArgs(["--full-region", "never", "x"])).toEqual(["--full-region=never", "--", "x"]);
  expect(() => normaliseGrepArgs(["x", "--role"])).toThrow("missing value for --role");
});

test("the binary: grep --role definition -- NAME", () => {
  const dir = tree({ "a.py": "def handle():\n    pass\n\nhandle()\n" });
  const r = run(["grep", "--role", "definition", "--full-region", "never", "--", "handle"], dir);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("matches: 1 in 1 files");
});
