/**
 * rg flags grep took on in session 6, each against real rg 13 on fixture trees of its own:
 * the ignore switches, --sort/--sortr, --max-filesize, --type-add/--type-clear, and the
 * mismatches fixed beside them (a literal holding a newline, parent rules under a relative PATH).
 * Order matters for --sort: those cases compare the printed lines in order, not as sets.
 */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, tree } from "../helpers.ts";
import { judge, oneLineError } from "./matrix.ts";
import { compare, rgSpelling, runAg, runRg } from "./rg-cli.ts";

setDefaultTimeout(300_000);
const hasRg = spawnSync("rg", ["--version"]).status === 0;

/** The verdict must be "same": rg's lines (as sets) and exit code (judge's rule: rg's 2 for "no file searched" is our 1). */
function same(root: string, args: string[]) {
  const j = judge(BIN, root, args);
  expect({ args, verdict: j.verdict, ours: j.ours }).toEqual({ args, verdict: "same", ours: j.theirs });
}

/** The printed lines in order, ours and rg's (for -l / -c / --files under --sort). */
function sameOrder(root: string, args: string[]) {
  const a = runAg(BIN, root, args);
  const r = runRg(root, args);
  expect({ args, lines: a.lines, code: a.code, stderr: a.stderr }).toEqual({ args, lines: r.lines, code: r.code, stderr: "" });
}

/** A one-line exit-2 error on our side, and rg refuses too (exit 2). */
function bothRefuse(root: string, args: string[], ours: RegExp) {
  const a = runAg(BIN, root, args);
  const r = runRg(root, args);
  expect({ args, code: a.code, rg: r.code, one: oneLineError(a.stderr) }).toEqual({ args, code: 2, rg: 2, one: true });
  expect(a.stderr).toMatch(ours);
}

/** A git repository with every kind of ignore file, and a subdirectory with its own. */
function ignoreTree(): string {
  const root = tree({
    ".gitignore": "g.txt\n",
    ".ignore": "d.txt\n",
    ".rgignore": "r.txt\n",
    "sub/.gitignore": "sg.txt\n",
    "sub/sg.txt": "needle\n",
  });
  for (const f of ["g", "d", "r", "e", "x", "ok"]) {
    writeFileSync(join(root, `${f}.txt`), "needle\n");
    writeFileSync(join(root, "sub", `${f}.txt`), "needle\n");
  }
  execFileSync("git", ["init", "-q"], { cwd: root });
  writeFileSync(join(root, ".git", "info", "exclude"), "e.txt\n");
  return root;
}

const SWITCHES = ["--no-ignore-vcs", "--no-ignore-dot", "--no-ignore-parent", "--no-ignore-exclude", "--no-ignore-global", "--no-require-git"];

describe.skipIf(!hasRg)("rg's ignore switches, as rg 13", () => {
  test("each switch alone, and undone by its negation, in a repository and its subdirectory", () => {
    const root = ignoreTree();
    for (const cwd of [root, join(root, "sub")]) {
      for (const s of SWITCHES) {
        same(cwd, ["-l", s, "needle"]);
        same(cwd, ["--files", s]);
        same(cwd, ["-l", s, s.replace(/^--no-/, "--"), "needle"]);
      }
      same(cwd, ["-l", "--no-ignore-parent", "--no-ignore-vcs", "needle"]);
      same(cwd, ["-l", "--no-ignore-dot", "--no-ignore-exclude", "needle", "."]);
      same(cwd, ["-c", "--no-ignore", "--ignore-dot", "needle"]);
      same(cwd, ["-l", "--no-ignore-files", "needle"]);
    }
  });

  test("the global excludes file: read in a repository, not with --no-ignore-global or --no-ignore-vcs; --no-require-git outside one", () => {
    const root = ignoreTree();
    const home = mkdtempSync(join(tmpdir(), "ag-home-"));
    mkdirSync(join(home, "git"));
    writeFileSync(join(home, "git", "ignore"), "x.txt\n");
    const plain = tree({ ".gitignore": "g.txt\n", "g.txt": "needle\n", "x.txt": "needle\n", "ok.txt": "needle\n" });
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { XDG_CONFIG_HOME: home, HOME: home, GIT_CONFIG_NOSYSTEM: "1" });
      for (const args of [["-l", "needle"], ["-l", "--no-ignore-global", "needle"], ["-l", "--no-ignore-vcs", "needle"], ["-l", "--no-ignore-exclude", "needle"]]) {
        same(root, args);
        same(join(root, "sub"), args);
      }
      for (const args of [["-l", "needle"], ["-l", "--no-require-git", "needle"], ["-l", "--no-require-git", "--no-ignore-global", "needle"], ["-l", "--no-require-git", "--require-git", "needle"]]) same(plain, args);
    } finally {
      for (const k of ["XDG_CONFIG_HOME", "HOME", "GIT_CONFIG_NOSYSTEM"]) if (saved[k] === undefined) delete process.env[k];
      Object.assign(process.env, saved);
    }
  });

  test("a switch takes no value", () => {
    const r = runAg(BIN, ignoreTree(), ["--no-ignore-vcs=yes", "needle"]);
    expect(r.code).toBe(2);
    expect(oneLineError(r.stderr)).toBe(true);
  });
});

describe.skipIf(!hasRg)("ignore rules of a directory above a relative PATH, as rg 13", () => {
  // rg matches a parent's rules against <the root's canonical path>/<the path as walked>: a rule
  // with a slash sees the root's name twice (or a `..`) and never matches; name rules and `**`
  // rules do. We applied every parent rule as if the root were the current directory.
  test("slash rules of the cwd's .gitignore do not apply under PATH a, ./a, .., ../..; name and ** rules do", () => {
    const root = tree({
      ".gitignore": "a/b/x.txt\n/a/y.txt\nz.txt\n**/q.txt\na/**/w.txt\nb/\n",
      "a/b/x.txt": "needle\n", "a/y.txt": "needle\n", "a/z.txt": "needle\n", "a/b/q.txt": "needle\n",
      "a/b/w.txt": "needle\n", "a/a/b/w.txt": "needle\n", "a/ok.txt": "needle\n", "a/c/b/k.txt": "needle\n",
    });
    execFileSync("git", ["init", "-q"], { cwd: root });
    for (const p of ["a", "./a", "a/", "a/../a", root + "/a", "."]) {
      same(root, ["-l", "needle", p]);
      same(root, ["--files", p]);
    }
    for (const p of ["..", "../..", "../../a", "./..", "../", "../../a/b"]) same(join(root, "a", "b"), ["-l", "needle", p]);
    same(join(root, "a"), ["-l", "needle"]);
    same(join(root, "a"), ["-l", "needle", "."]);
  });
});

describe.skipIf(!hasRg)("a pattern holding a newline, as rg 13", () => {
  test("is one line of error, exit 2, in every form rg refuses (we searched its lines as alternatives)", () => {
    const root = tree({ "a.txt": "first\nsecond\n" });
    for (const args of [["first\nsecond"], ["-F", "first\nsecond"], ["-x", "first\nsecond"], ["-w", "-l", "first\nsecond"], ["-e", "zz", "-e", "first\nsecond"], ["--regex", "first\nsecond"], ["-c", "-i", "FIRST\nx"]])
      bothRefuse(root, args, /^error: the pattern .* holds a newline/);
    same(root, ["--regex", "-U", "-c", "first\nsecond"]);
  });
});

describe.skipIf(!hasRg)("--sort and --sortr, as rg 13 (in order)", () => {
  /** Distinct modification times; access times in the future (reading never moves them then). */
  function timedTree(): string {
    const root = tree({ "a.txt": "needle\n", "b.txt": "needle\n", "d/c.txt": "needle\n", "d/e/f.txt": "needle\n", "d.txt": "needle\n", "z.txt": "needle\n", "b/x.txt": "needle\n" });
    const day = 86_400;
    const now = Math.floor(Date.now() / 1000);
    const times: Record<string, [number, number]> = {
      // [access (future), modified (past)]
      "a.txt": [now + 3 * day, 1_600_000_300], "b.txt": [now + 1 * day, 1_600_000_400], "d/c.txt": [now + 6 * day, 1_600_000_100],
      "d/e/f.txt": [now + 2 * day, 1_600_000_500], "d.txt": [now + 5 * day, 1_600_000_450], "z.txt": [now + 4 * day, 1_600_000_200],
      "b/x.txt": [now + 7 * day, 1_600_000_050], "d/e": [now + 8 * day, 1_600_000_600], "d": [now + 9 * day, 1_600_000_000], "b": [now + 10 * day, 1_600_000_350],
    };
    for (const [rel, [at, mt]] of Object.entries(times)) utimesSync(join(root, rel), at, mt);
    return root;
  }

  test("-l, -c, --files and -l over several roots print rg's order for every key, ascending and descending", () => {
    const root = timedTree();
    for (const by of ["path", "modified", "accessed", "created"])
      for (const flag of ["--sort", "--sortr"]) {
        for (const mode of [["-l", "needle"], ["-c", "needle"], ["--files"], ["--files-without-match", "zzz"]]) sameOrder(root, [...mode, `${flag}=${by}`]);
        sameOrder(root, ["-l", flag, by, "needle", "d", ".", "b/x.txt"]);
      }
    // The last of --sort and --sortr wins; rg's `none` is unordered (ours: by path, so not compared in order).
    sameOrder(root, ["-l", "--sort", "modified", "--sortr", "path", "needle"]);
    sameOrder(root, ["-l", "--sortr", "modified", "--sort", "accessed", "needle"]);
    same(root, ["-l", "--sort", "none", "needle"]);
    same(root, ["-l", "--sortr", "none", "needle"]);
  });

  test("text and JSON output show the files in the sorted order (the --max-files budget keeps the first ones)", () => {
    const root = timedTree();
    const rg = runRg(root, ["-l", "--sortr", "modified", "needle"]).lines;
    const doc = JSON.parse(runAg(BIN, root, ["--json", "--sortr", "modified", "needle"]).lines.join("\n"));
    expect(doc.files.map((f: any) => f.path)).toEqual(rg);
    const text = runAg(BIN, root, ["--sortr", "modified", "--max-files", "2", "needle"]).lines.filter((l) => /\.txt$/.test(l));
    expect(text).toEqual(rg.slice(0, 2));
  });

  test("a value rg does not take is a one-line error, as rg's", () => {
    const root = timedTree();
    for (const args of [["--sort", "Path", "needle"], ["--sortr", "size", "needle"], ["--sort=", "needle"]]) bothRefuse(root, args, /^error: invalid value for --sortr? ?: ?.*; hint: use path, modified, accessed, created, none/);
  });
});

describe.skipIf(!hasRg)("--max-filesize, as rg 13", () => {
  const sized = () => {
    const pad = (n: number) => "a".repeat(n - 7) + "needle\n"; // n bytes in all
    return tree({ "k.txt": pad(1000), "e.txt": pad(1024), "f.txt": pad(1025), "sub/m.txt": pad(3 << 20), "sub/s.txt": pad(2048), "empty.txt": "" });
  };

  test("walked files over NUM bytes (K, M, G: powers of 1024) are left out; a file PATH never is", () => {
    const root = sized();
    for (const v of ["1K", "1024", "1025", "0", "2K", "1M", "3M", "1G", "18014398509481983K"]) {
      same(root, ["-l", "--max-filesize", v, "needle"]);
      same(root, ["--files", `--max-filesize=${v}`]);
      same(root, ["-c", "--max-filesize", v, "needle", "sub", "f.txt"]);
    }
    same(root, ["-l", "--max-filesize", "10", "needle", "sub/s.txt", "e.txt"]);
    const r = runAg(BIN, root, ["--json", "--max-filesize", "1K", "needle"]);
    expect(JSON.parse(r.lines.join("\n")).summary.skipped.over_max_filesize).toBe(3);
    expect(runAg(BIN, root, ["--max-filesize", "0", "needle"]).lines[0]).toMatch(/skipped: 5 over --max-filesize/);
  });

  test("a size rg rejects is a one-line error", () => {
    const root = sized();
    for (const v of ["1k", "1T", "", "1.5K", "1KB", " 1K", "99999999999999999999", "17179869184G"]) bothRefuse(root, ["--max-filesize", v, "needle"], /^error: invalid value for --max-filesize: /);
  });
});

describe.skipIf(!hasRg)("--type-add and --type-clear, as rg 13", () => {
  const typed = () => tree({ "a.foo": "needle\n", "b.bar": "needle\n", "c.py": "needle\n", "d.c": "needle\n", "e.rs": "needle\n", Makefile: "needle\n", "x.txt": "needle\n", "sub/f.foo": "needle\n", ".h.foo": "needle\n" });

  test("new and extended types, include:, clears applied before every add, -t/-T/all", () => {
    const root = typed();
    for (const args of [
      ["--type-add", "foo:*.foo", "-t", "foo"],
      ["--type-add", "foo:*.foo", "--type-add", "foo:*.bar", "-t", "foo"],
      ["--type-add=foo:*.foo", "-tfoo"],
      ["--type-add", "py:*.foo", "-t", "py"],
      ["--type-clear", "py", "--type-add", "py:*.foo", "-t", "py"],
      ["--type-add", "py:*.foo", "--type-clear", "py", "-t", "py"],
      ["--type-add", "mix:include:py,c", "-t", "mix"],
      ["--type-add", "foo:include:py", "--type-add", "foo:*.foo", "-t", "foo"],
      ["--type-add", "fö:*.foo", "-t", "fö"],
      ["--type-add", "Foo1:*.foo", "-t", "Foo1"],
      ["--type-add", "foo:*.foo,*.bar", "-t", "foo"],
      ["--type-add", "foo:*.foo", "-T", "foo"],
      ["--type-add", "foo:*.foo", "-t", "all"],
      ["--type-add", "foo:*.foo", "-T", "all"],
      ["--type-clear", "nope"],
      ["--type-clear", "rust", "-T", "c"],
      ["--type-add", "foo:*.{foo,bar}", "-t", "foo", "--hidden"],
      ["--type-add", "foo:[", "-t", "py"],
      ["--type-add", "foo:*.foo", "-t", "foo", "-g", "!sub/**"],
    ]) {
      same(root, ["-l", ...args, "needle"]);
      same(root, ["--files", ...args]);
    }
  });

  test("definitions rg refuses are one-line errors; --type-list shows the changes", () => {
    const root = typed();
    for (const d of ["foo", ":*.foo", "foo:", "f-o_o:*.foo", "all:*.foo", "foo:include:", "foo:include:nope", "foo:include:py,", "foo:incl:py", "a:b:c:d"])
      bothRefuse(root, ["--type-add", d, "needle"], /^error: invalid --type-add definition /);
    bothRefuse(root, ["--type-add", "foo:[", "-t", "foo", "needle"], /^error: invalid glob '\[' in a --type-add definition/);
    bothRefuse(root, ["--type-clear", "py", "-t", "py", "needle"], /^error: unknown file type 'py'/);
    // Our table adds *.cjs/*.mjs to js and *.cts/*.mts to ts (INTERFACE.md); every other line is rg's.
    const overlay = (l: string) => !/^(js|ts): /.test(l);
    for (const args of [["--type-add", "foo:*.foo", "--type-add", "foo:*.a", "--type-clear", "rust"], ["--type-add", "py:*.py", "--type-add", "py:*.py"], ["--type-add", "zz:include:py,c", "--type-clear", "make"]]) {
      const ours = runAg(BIN, root, [...args, "--type-list"]);
      const rg = runRg(root, [...args, "--type-list"]);
      expect(ours.lines.filter(overlay)).toEqual(rg.lines.filter(overlay));
      expect(ours.lines.length).toBe(rg.lines.length);
    }
  });
});

describe.skipIf(!hasRg)("a binary file named as a PATH, in text output, as rg 13", () => {
  // rg searches it whole (-c, -l and --json see every match), but prints no line when the NUL is
  // in its first 64 KiB, else the lines before the NUL's line, then one `binary file matches` line.
  test("the lines rg prints, then its binary line (we printed every line, NUL escaped)", () => {
    const root = tree({
      "early.bin": "needle one\nfoo\0bar needle\nneedle three\n",
      "first.bin": "\0needle\n",
      "late.bin": Buffer.concat([Buffer.from("needle first\n" + "x".repeat(70_000) + "\n needle mid\n"), Buffer.from("\0 end needle\n")]),
      "late2.bin": Buffer.from("needle first\n" + "x\n".repeat(40_000) + "needle mid\nneedle same line\0\nneedle after\n"),
      "only-before.bin": Buffer.from("needle first\n" + "x\n".repeat(40_000) + "\0 no match after\n"),
      "nomatch.bin": "a\0b\n",
    });
    for (const f of ["early.bin", "first.bin", "late.bin", "late2.bin", "only-before.bin", "nomatch.bin"]) {
      const ours = runAg(BIN, root, ["needle", f]);
      const rg = runRg(root, ["-n", "needle", f]);
      const printed = ours.lines.filter((l) => !l.startsWith("no match in ")); // our empty-result line, by design
      expect({ f, lines: printed, code: ours.code }).toEqual({ f, lines: rg.lines, code: rg.code === 1 ? 1 : 0 });
      same(root, ["-c", "needle", f]);
      same(root, ["needle", f]); // --json: every match, as rg --json
    }
    const a = runAg(BIN, root, ["-a", "needle", "early.bin"]);
    expect(a.lines).toEqual(["1:needle one", "2:foo\\0bar needle", "3:needle three"]);
  });
});

describe.skipIf(!hasRg)("-E/--encoding, as rg 13", () => {
  const encTree = () =>
    tree({
      "u16.txt": Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("needle utf16\n", "utf16le")]),
      "u16be.txt": Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from("needle be\n", "utf16le").swap16()]),
      "u8.txt": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("needle bom\n")]),
      "plain.txt": "needle plain\ncafé\n",
      "nobom16.txt": Buffer.from("needle no bom\n", "utf16le"),
    });

  test("auto and every UTF-8 label are rg's default reading (a BOM honoured), with -E VALUE, -EVALUE, --encoding=VALUE", () => {
    const root = encTree();
    for (const e of ["auto", "utf-8", "utf8", "UTF-8", " utf-8 ", "unicode-1-1-utf-8", "x-unicode20utf8"]) {
      same(root, ["-c", "-E", e, "--regex", "^needle"]);
      same(root, ["-l", `--encoding=${e}`, "café"]);
      same(root, ["--regex", "-E", e, "^needle"]);
    }
    same(root, ["-c", "-Eutf-8", "needle"]);
  });

  test("unknown labels are rg's error", () => {
    const root = encTree();
    for (const e of ["bogus", "", "AUTO", "None", "iso-2022-kr", "a|b"]) bothRefuse(root, ["-E", e, "needle"], /^error: unknown encoding: /);
  });

  test("none, explicit UTF-8 and every other encoding read files as rg does (were refused): transcoded, a UTF-16 BOM overriding, a late NUL cut where rg cuts", () => {
    const late = (s: string, enc: BufferEncoding) => Buffer.from(("needle é line\n".repeat(9000) + "\0 needle\n"), enc);
    const root = tree({
      "u16.txt": Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("needle utf16 é\n", "utf16le")]),
      "u16be.txt": Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from("needle be\n", "utf16le").swap16()]),
      "u8.txt": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("needle bom é\n")]),
      "plain.txt": "needle plain\ncafé\n",
      "nobom16.txt": Buffer.from("needle no bom\n", "utf16le"),
      "latin1.txt": Buffer.from("needle caf\xe9\n", "latin1"),
      "sjis.txt": Buffer.from([0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x20, 0x93, 0xfa, 0x96, 0x7b, 0x0a]),
      "late-latin1.txt": late("", "latin1"),
      "late-u16.txt": Buffer.concat([Buffer.from([0xff, 0xfe]), late("", "utf16le")]),
    });
    for (const e of ["none", "utf-8", "latin1", "utf-16le", "UTF-16BE", "shift_jis", "koi8-r", "gbk"]) {
      same(root, ["-c", "-E", e, "needle"]);
      same(root, ["-E", e, "needle"]); // --json: every match, as rg --json
      same(root, ["-E", e, "--regex", "[^a-z ]"]);
    }
  });
});

/** "same" under --crlf, whose printed lines rg ends in \r\n (ours end in \n: INTERFACE.md). */
function sameCrlf(root: string, args: string[]) {
  const c = compare(BIN, root, args, rgSpelling(args));
  const theirs = c.theirs.map((l) => l.replace(/\r$/, ""));
  expect({ args, code: c.ourCode, ours: c.ours, stderr: c.stderr.split("\n").filter((l) => l && !/^(no match|searched )/.test(l)) }).toEqual({ args, code: c.theirCode === 2 ? 1 : c.theirCode, ours: theirs, stderr: [] });
}

describe.skipIf(!hasRg)("--crlf, as rg 13", () => {
  const crTree = () => tree({ "cr.txt": "needle\r\nab\rcd\r\nx y \r\nlast", "lf.txt": "needle\nend needle\n\nx\ty\n", "nl.txt": "a\nb\n" });

  test("$ matches before \\r\\n, no class or . matches \\r, -x sees the line without it; literals unchanged", () => {
    const root = crTree();
    for (const p of ["needle$", "\\s$", "[^a]$", "\\S+$", "b.c", "b[^x]c", "\\s+$", ".$", "^", "\\W$", "(?s).$", "^cd", "last$", "\\p{Cc}", "\\P{L}$", "[\\x00-\\x1f]", "[[:cntrl:]]", "[^[:alpha:]]$", "\\s", "[\\s]$", "needle$|^ab", "^$"]) {
      sameCrlf(root, ["--crlf", "--regex", "-c", p]);
      sameCrlf(root, ["--crlf", "--regex", p]);
    }
    for (const p of ["[^a]$", "\\S+$", ".$", "\\s+$"]) sameCrlf(root, ["--crlf", "--regex", "-o", p]);
    for (const args of [["-x", "needle"], ["-x", "last"], ["-w", "needle"], ["needle"], ["-x", "--regex", "x\\s+y\\s*"], ["--crlf", "--no-crlf", "--regex", "-c", "needle$"]]) sameCrlf(root, args[0] === "--crlf" ? args : ["--crlf", ...args]);
    // Without --crlf, \p{Cc} never matches the \n between lines either (it did).
    same(root, ["--regex", "-c", "\\p{Cc}"]);
  });

  test("a \\r in a pattern is rg's error; -U with --crlf is refused", () => {
    const root = crTree();
    for (const p of ["[\\r]", "\\x0D", "\\x{d}", "\\r$", "a\\u000D"]) bothRefuse(root, ["--crlf", "--regex", p], /^error: (invalid regex: )?the literal '\\r' is not allowed/);
    bothRefuse(root, ["--crlf", "-F", "ab\r"], /^error: the literal '\\r' is not allowed/);
    const z = runAg(BIN, root, ["--crlf", "--regex", "e\\z"]);
    expect({ code: z.code, one: oneLineError(z.stderr) }).toEqual({ code: 2, one: true });
    expect(z.stderr).toMatch(/\\z with --crlf is not supported/);
    const r = runAg(BIN, root, ["--crlf", "-U", "--regex", "needle$"]);
    expect({ code: r.code, one: oneLineError(r.stderr) }).toEqual({ code: 2, one: true });
    expect(r.stderr).toMatch(/--crlf with -U is not supported/);
  });
});
