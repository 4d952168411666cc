/** Unit tests for grep's command-line pre-pass (src/commands/rg-args.ts) and the binary's use of it. */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { normaliseGrepArgs } from "../../src/commands/rg-args.ts";
import { UserError } from "../../src/util/errors.ts";
import { run, tree } from "../helpers.ts";

setDefaultTimeout(60_000);

const n = normaliseGrepArgs;
const err = (args: string[]): string => {
  try {
    n(args);
  } catch (e) {
    if (e instanceof UserError) return `${e.message}; hint: ${e.hint}`;
    throw e;
  }
  throw new Error("expected a UserError");
};

describe("normaliseGrepArgs", () => {
  test("positionals go after --, flags keep their place", () => {
    expect(n(["foo", "src", "lib"])).toEqual(["--", "foo", "src", "lib"]);
    expect(n(["-l", "foo", "src"])).toEqual(["--files-with-matches", "--", "foo", "src"]);
    expect(n(["foo", "-l"])).toEqual(["--files-with-matches", "--", "foo"]);
    expect(n([])).toEqual([]);
  });
  test("after --, everything is positional", () => {
    expect(n(["--", "->", "-l"])).toEqual(["--", "->", "-l"]);
    expect(n(["-i", "--", "--flag"])).toEqual(["--ignore-case", "--", "--flag"]);
  });
  test("attached and detached values, clusters", () => {
    expect(n(["-C3", "x"])).toEqual(["--context=3", "--", "x"]);
    expect(n(["-C", "3", "x"])).toEqual(["--context=3", "--", "x"]);
    expect(n(["-iC3", "x"])).toEqual(["--context=3", "--ignore-case", "--", "x"]);
    expect(n(["-iwl", "x"])).toEqual(["--ignore-case", "--word-regexp", "--files-with-matches", "--", "x"]);
    // rg's overrides: the last of -l / --files-without-match, of --[no-]glob-case-insensitive.
    expect(n(["-l", "--files-without-match", "x"])).toEqual(["--files-without-match", "--", "x"]);
    expect(n(["--files-without-match", "-l", "x"])).toEqual(["--files-with-matches", "--", "x"]);
    expect(n(["--glob-case-insensitive", "--no-glob-case-insensitive", "x"])).toEqual(["--", "x"]);
    expect(n(["--no-glob-case-insensitive", "--glob-case-insensitive", "x"])).toEqual(["--glob-case-insensitive", "--", "x"]);
    expect(n(["-af", "-", "--iglob=*.C", "src"])).toEqual(["--text", "--file=-", "--iglob=*.C", "--", "src"]);
    // -w and -x override each other, the last one wins (rg); -q and --max-depth are taken.
    expect(n(["-wx", "-q", "x"])).toEqual(["--quiet", "--line-regexp", "--", "x"]);
    expect(n(["-x", "-w", "--max-depth", "2", "x"])).toEqual(["--max-depth=2", "--word-regexp", "--", "x"]);
    expect(n(["-m1", "-A=2", "x"])).toEqual(["--max-count=1", "--after-context=2", "--", "x"]);
    expect(n(["-tpy", "-Trust", "-g*.ts", "x"])).toEqual(["--type=py", "--type-not=rust", "--glob=*.ts", "--", "x"]);
    expect(n(["--max-count=4", "--type", "go", "x"])).toEqual(["--max-count=4", "--type=go", "--", "x"]);
  });
  test("-e takes the next argument whatever it looks like, and repeats", () => {
    expect(n(["-e", "-x", "-e", "--y", "src"])).toEqual(["--regexp=-x", "--regexp=--y", "--", "src"]);
    expect(n(["-e-x", "--regexp=a", "--regexp", "b"])).toEqual(["--regexp=-x", "--regexp=a", "--regexp=b"]);
    expect(n(["-ie", "x"])).toEqual(["--regexp=x", "--ignore-case"]);
  });
  test("case flags and -F/--regex: the last one wins, as rg's overrides", () => {
    expect(n(["-i", "-s", "x"])).toEqual(["--case-sensitive", "--", "x"]);
    expect(n(["-s", "-S", "x"])).toEqual(["--smart-case", "--", "x"]);
    expect(n(["-S", "-i", "x"])).toEqual(["--ignore-case", "--", "x"]);
    expect(n(["--regex", "-F", "x"])).toEqual(["--", "x"]);
    expect(n(["-F", "--regex", "x"])).toEqual(["--regex", "--", "x"]);
    expect(n(["-F", "--no-fixed-strings", "x"])).toEqual(["--regex", "--", "x"]);
  });
  test("context flags override as in rg 13: -C drops earlier -A/-B, -A/-B drop an earlier -C", () => {
    expect(n(["-A1", "-B2", "x"])).toEqual(["--after-context=1", "--before-context=2", "--", "x"]);
    expect(n(["-A1", "-C3", "x"])).toEqual(["--context=3", "--", "x"]);
    expect(n(["-C3", "-A1", "x"])).toEqual(["--after-context=1", "--", "x"]);
    expect(n(["-C3", "-B0", "-A1", "x"])).toEqual(["--before-context=0", "--after-context=1", "--", "x"]);
  });
  test("no-op rg habits are dropped (output stays grouped, never coloured); -H is kept for -c", () => {
    expect(n(["-n", "-N", "--heading", "--no-heading", "--color", "never", "--colour=always", "--no-config", "-H", "x"])).toEqual(["--with-filename", "--", "x"]);
    expect(n(["-nH", "x"])).toEqual(["--with-filename", "--", "x"]);
  });
  test("-u and -uu are rg's: --no-ignore, then --hidden", () => {
    expect(n(["-u", "x"])).toEqual(["--no-ignore", "--", "x"]);
    expect(n(["-uu", "x"])).toEqual(["--no-ignore", "--hidden", "--", "x"]);
    expect(n(["-u", "--unrestricted", "x"])).toEqual(["--no-ignore", "--hidden", "--", "x"]);
    expect(err(["-uuu", "x"])).toContain("-uuu is an rg flag that agentgrep grep does not support");
  });
  test("every other rg flag: one error naming it as rg's, unsupported, and what to use", () => {
    expect(err(["--vimgrep", "x"])).toBe("--vimgrep is an rg flag that agentgrep grep does not support; hint: --json gives path, line_number, column and byte_offset of every match");
    expect(err(["-r", "y", "x"])).toBe("-r is an rg flag that agentgrep grep does not support; hint: it is rg's --replace: agentgrep does not rewrite matches (-o prints only the matched text); for grep's -r, drop it: directories are always searched recursively");
    expect(err(["-iP", "x"])).toBe("-P is an rg flag that agentgrep grep does not support; hint: --regex takes rg's default (Rust) syntax; look-around and backreferences are not supported");
    for (const f of ["-P", "--pcre2", "-z", "--binary", "-j", "-M", "-I", "-p", "-b", "-0", "--column", "--trim", "--passthru", "--null-data", "--ignore-file"]) {
      const e = err([f, "1", "x"]);
      expect(e).toStartWith(`${f} is an rg flag that agentgrep grep does not support; hint: `);
      expect(e.length).toBeGreaterThan(`${f} is an rg flag that agentgrep grep does not support; hint: `.length + 5);
    }
  });
  test("value errors: a missing value, an invalid --color, a value on a boolean", () => {
    expect(err(["x", "-C"])).toBe("missing value for -C; hint: e.g. -C 3");
    expect(err(["--context"])).toBe("missing value for --context; hint: e.g. --context 3");
    expect(err(["--color", "sometimes", "x"])).toBe("invalid value for --color: sometimes; hint: use never, auto, always, ansi (output is never coloured)");
    expect(err(["--count=yes", "x"])).toBe("--count takes no value (got --count=yes); hint: write --count alone");
  });
  test("flags neither ours nor rg's pass through for clipanion to name", () => {
    expect(n(["--bogus", "x"])).toEqual(["--bogus", "--", "x"]);
    expect(n(["-iY", "x"])).toEqual(["-Y", "--ignore-case", "--", "x"]);
  });
});

describe("bad inputs", () => {
  test("names with a newline or other control characters: one line per path, escaped, and outline takes them back", () => {
    const { mkdirSync, writeFileSync } = require("node:fs");
    const dir = tree({});
    mkdirSync(`${dir}/d\nx`);
    writeFileSync(`${dir}/d\nx/in.py`, "def hit():\n    pass\n");
    writeFileSync(`${dir}/a\nb.py`, "def hit():\n    pass\n");
    writeFileSync(`${dir}/t\tab.txt`, "hit\n");
    writeFileSync(`${dir}/sep\u2028.txt`, "hit\n");
    writeFileSync(`${dir}/bell\u0007\u0085.txt`, "hit\n");
    const want = ["a\uFFFDb.py#b=0a", "bell\uFFFD\uFFFD.txt#b=07.c285", "d\uFFFDx/in.py#b=0a", "sep\uFFFD.txt#b=e280a8", "t\uFFFDab.txt#b=09"];
    for (const [args, pre] of [[[], ""], [["."], "./"], [[dir], `${dir}/`]] as const) {
      const l = run(["grep", "-l", "hit", ...args], dir);
      expect(l.stdout).toBe(want.map((w) => pre + w + "\n").join(""));
      const c = run(["grep", "-c", "hit", ...args], dir);
      expect(c.stdout).toBe(want.map((w) => `${pre}${w}:1\n`).join(""));
      const j = JSON.parse(run(["grep", "--json", "hit", ...args], dir).stdout);
      expect(j.files.map((f: any) => f.path)).toEqual(want.map((w) => pre + w));
      // path_bytes: the raw bytes of the printed path.
      expect(j.files.map((f: any) => Buffer.from(f.path_bytes, "hex").toString())).toEqual(
        ["a\nb.py", "bell\u0007\u0085.txt", "d\nx/in.py", "sep\u2028.txt", "t\tab.txt"].map((w) => pre + w),
      );
      for (const w of want) {
        const o = run(["outline", pre + w], dir);
        expect(o.stderr).toBe("");
        expect(o.stdout.split("\n")[0]).toBe(`file: ${pre}${w}`);
      }
    }
    // Each path on a line of its own (the first starts the text).
    const text = "\n" + run(["grep", "hit"], dir).stdout;
    for (const w of want) expect(text).toContain(`\n${w}\n`);
    expect(run(["grep", "--files"], dir).stdout).toBe(want.map((w) => w + "\n").join(""));
  }, 300_000);
  test("a --context-json nested 100,000 levels deep: one line naming the file, exit 2", () => {
    const { writeFileSync } = require("node:fs");
    const dir = tree({ "a.py": "def hit():\n    pass\n" });
    writeFileSync(`${dir}/deep.json`, "[".repeat(100_000) + "]".repeat(100_000));
    writeFileSync(`${dir}/deep2.json`, '{"known_files":'.repeat(100_000) + "1" + "}".repeat(100_000));
    for (const f of ["deep.json", "deep2.json"])
      for (const cmd of [["grep", "hit"], ["grep", "-l", "hit"], ["outline", "a.py"], ["find", "hit"], ["trace", "subject:hit", "relation:defined"]]) {
        const r = run([...cmd, "--context-json", f], dir);
        expect([r.code, r.stdout]).toEqual([2, ""]);
        expect(r.stderr).toMatch(new RegExp(`^error: invalid JSON in context file ${f} at line 1:\\d+: nested deeper than 512 levels; hint: [^\\n]*\\n$`));
      }
  });
});

describe("the binary", () => {
  const root = tree({ "a.txt": "alpha\nbeta\n", "b.txt": "beta\n" });
  test("an rg-only flag is one line on stderr, exit 2", () => {
    const r = run(["grep", "--vimgrep", "beta"], root);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, "", "error: --vimgrep is an rg flag that agentgrep grep does not support; hint: --json gives path, line_number, column and byte_offset of every match\n"]);
  });
  test("an empty pattern is an error with a hint, not every line of every file", () => {
    for (const args of [[""], ["-e", ""], ["-e", "x", "-e", ""], ["--regex", ""], ["", "a.txt"]]) {
      const r = run(["grep", ...args], root);
      expect([r.code, r.stdout]).toEqual([2, ""]);
      expect(r.stderr).toBe(
        "error: empty pattern: it would match every line of every file; hint: give the text to search for; to list the files searched use: agentgrep grep --files [PATH]; every line: agentgrep grep --regex '^'\n",
      );
    }
  });
  test("-c prints the count alone for one file PATH (rg's rule), path:N otherwise or with -H", () => {
    expect(run(["grep", "-c", "beta", "a.txt"], root).stdout).toBe("1\n");
    expect(run(["grep", "-cH", "beta", "a.txt"], root).stdout).toBe("a.txt:1\n");
    expect(run(["grep", "-c", "beta"], root).stdout).toBe("a.txt:1\nb.txt:1\n");
    expect(run(["grep", "-c", "beta", "a.txt", "b.txt"], root).stdout).toBe("a.txt:1\nb.txt:1\n");
  });
  test("--help says the rg habits are accepted and the output stays grouped", () => {
    const h = run(["grep", "--help"]).stdout;
    expect(h).toContain("agentgrep grep [OPTIONS] PATTERN [PATH");
    expect(h).toMatch(/--line-number,-n +accepted for rg habits; the output stays grouped/);
    expect(h).toContain("--color,--colour");
  });
});

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
  // The definition alone: the call on line 4 is filtered out.
  expect(r.stdout).toBe("a.py\n1:def handle():  @ 1-2\n");
});

test("grep habits: -r, -E and GNU grep's own flags get a hint in rg's terms", () => {
  const hint = (args: string[]) => {
    try {
      normaliseGrepArgs(args);
    } catch (e: any) {
      return `${e.message}; hint: ${e.hint}`;
    }
    return "accepted";
  };
  expect(hint(["-rn", "x", "."])).toContain("for grep's -r, drop it: directories are always searched recursively");
  expect(hint(["-E", "a|b"])).toContain("grep's -E, extended regex, is --regex");
  expect(hint(["--include=*.py", "x"])).toBe("--include is a GNU grep flag; agentgrep grep takes rg's command line; hint: select files with rg's glob: -g '*.py' (repeatable)");
  expect(hint(["--exclude-dir", "node_modules", "x"])).toContain("-g '!node_modules/'");
  expect(hint(["-R", "x"])).toContain("always searched recursively");
});
