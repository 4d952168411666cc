import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { run } from "../helpers.ts";
import { closest, diagnose, editDistance } from "../../src/commands/usage.ts";

setDefaultTimeout(30_000);

const GREP_USAGE = "usage: agentgrep grep [OPTIONS] PATTERN [PATH ...] | agentgrep grep [OPTIONS] -e PATTERN... [PATH ...] | agentgrep grep --files [PATH ...]";
const TOP_USAGE = "usage: agentgrep <grep|find|outline|trace> [options] <query>  (agentgrep <command> --help for details)";

/** Every usage error: exactly one `error:` line, then the usage line, nothing on stdout, exit 2. */
function expectUsageError(args: string[], error: string, usage: string) {
  const r = run(args);
  expect(r.stderr).toBe(`${error}\n${usage}\n`);
  expect(r.stdout).toBe("");
  expect(r.code).toBe(2);
}

test("--version prints agentgrep <version>", () => {
  const r = run(["--version"]);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^agentgrep \d+\.\d+\.\d+/);
});

describe("usage errors name the problem", () => {
  test("unknown flag, with a suggestion when one is close", () => {
    expectUsageError(["grep", "--definitely-not-a-flag", "x"], "error: unknown option '--definitely-not-a-flag'; hint: see: agentgrep grep --help", GREP_USAGE);
    expectUsageError(["grep", "--pth", "d", "x"], "error: unknown option '--pth'; hint: did you mean --path?", GREP_USAGE);
    expectUsageError(["grep", "-iY", "x"], "error: unknown option '-Y'; hint: see: agentgrep grep --help", GREP_USAGE);
  });
  test("an option without its value", () => {
    // grep reads its command line as rg does: the next argument is the value, whatever it starts with.
    for (const args of [["grep", "x", "--path"], ["grep", "x", "-C"], ["grep", "-e"]]) {
      const r = run(args);
      expect(r.stderr).toBe(`error: missing value for ${args[args.length - 1]}; hint: e.g. ${args[args.length - 1]} ${args.includes("-C") ? "3" : args.includes("-e") ? "PATTERN" : "src"}\n`);
      expect(r.code).toBe(2);
    }
    expectUsageError(["find", "x", "--path"], "error: missing value for --path; hint: see: agentgrep find --help", "usage: agentgrep find [--max-files N] [--json|--paths-only] [--path DIR] <words...>");
  });
  test("counts must be whole numbers >= 0, however written", () => {
    for (const v of ["-1", "abc", "1.5"]) {
      expectUsageError(["grep", "x", "--max-files", v], `error: invalid value for --max-files: ${v} (expected a whole number >= 0); hint: see: agentgrep grep --help`, GREP_USAGE);
    }
    expectUsageError(["grep", "x", "--max-regions=-3"], "error: invalid value for --max-regions: -3 (expected a whole number >= 0); hint: see: agentgrep grep --help", GREP_USAGE);
    expectUsageError(
      ["find", "x", "--max-files", "-2"],
      "error: invalid value for --max-files: -2 (expected a whole number >= 0); hint: see: agentgrep find --help",
      "usage: agentgrep find [--max-files N] [--json|--paths-only] [--path DIR] <words...>",
    );
  });
  test("--version with an argument: the argument is the problem, not --version", () => {
    expectUsageError(["--version", "extra"], "error: --version takes no arguments; hint: run: agentgrep --version", TOP_USAGE);
  });
  test("unknown command: did you mean, by edit distance", () => {
    expectUsageError(["grpe", "x"], "error: unknown command 'grpe'; hint: did you mean grep?", TOP_USAGE);
    expectUsageError(["outlien", "a.rs"], "error: unknown command 'outlien'; hint: did you mean outline?", TOP_USAGE);
    expectUsageError(
      ["auth_status"],
      "error: unknown command 'auth_status'; hint: commands are grep, find, outline, trace, smart, mcp; to search for 'auth_status' run: agentgrep grep auth_status",
      TOP_USAGE,
    );
  });
  test("too many or too few positional arguments", () => {
    // grep PATTERN PATH, as rg: a second positional is a path, and a missing one is an error.
    const r = run(["grep", "a", "b"]);
    expect(r.stderr).toBe("error: path not found: b; hint: a relative path is resolved from the current directory; to look for the name below it: agentgrep grep --files -g b\n");
    expect(r.code).toBe(2);
    expectUsageError(
      ["outline"],
      "error: missing file argument; hint: give one file, e.g. agentgrep outline src/main.ts",
      "usage: agentgrep outline [--json|--paths-only] [--max-items N] [--path DIR] [--context-json F] [--debug-structure] <file>",
    );
    // Two real files (as `outline $(grep -l ...)` gives): one call each, not one quoted path.
    expectUsageError(
      ["outline", "package.json", "tsconfig.json"],
      "error: unexpected argument 'tsconfig.json'; hint: outline takes one file: run it once for each, e.g. agentgrep outline package.json",
      "usage: agentgrep outline [--json|--paths-only] [--max-items N] [--path DIR] [--context-json F] [--debug-structure] <file>",
    );
  });
  test("'-' (rg's standard input) is named, not reported as a missing path", () => {
    const r = run(["grep", "x", "-"]);
    expect(r.stderr).toBe("error: path '-' (standard input) is not supported: agentgrep searches files; hint: save the input to a file and give that path\n");
    expect(r.stdout).toBe("");
    expect(r.code).toBe(2);
  });
});

describe("help", () => {
  test("`agentgrep help` prints the top-level help, exit 0, same as --help", () => {
    const h = run(["help"]);
    expect(h.code).toBe(0);
    expect(h.stderr).toBe("");
    expect(h.stdout).toBe(run(["--help"]).stdout);
    expect(h.stdout).toContain("agentgrep grep");
  });
  test("`agentgrep help grep` and `agentgrep --help grep` are `agentgrep grep --help`", () => {
    expect(run(["--help", "grep"]).stdout).toBe(run(["grep", "--help"]).stdout);
    const h = run(["help", "grep"]);
    expect(h.code).toBe(0);
    expect(h.stdout).toBe(run(["grep", "--help"]).stdout);
    expect(h.stdout).toContain("--max-files");
  });
});

describe("diagnose (unit)", () => {
  const def = {
    path: "agentgrep grep",
    usage: "agentgrep grep [query]",
    options: [{ definition: "--path #0" }, { definition: "--ignore-case,-i" }, { definition: "--max-files #0" }],
  };
  test("valid command lines have no problem", () => {
    expect(diagnose(["grep", "-i", "--path", "src", "--max-files=3", "--", "--x"], def)).toBeUndefined();
    expect(diagnose(["grep", "--path=-odd", "x"], def)).toBeUndefined();
  });
  test("a boolean flag given a value", () => {
    expect(diagnose(["grep", "--ignore-case=yes", "x"], def)).toEqual({ message: "option --ignore-case takes no value (got 'yes')" });
  });
  test("edit distance counts a swap of adjacent letters as one edit", () => {
    expect(editDistance("grpe", "grep")).toBe(1);
    expect(editDistance("find", "grep")).toBe(4);
    expect(closest("xyz", ["grep", "find"])).toBeUndefined();
  });
});
