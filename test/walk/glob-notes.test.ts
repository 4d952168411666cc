/**
 * -g globs keep rg's meaning (stdout stays rg's in -l, -c and --files), and the two mistakes agents
 * make with them get one note line on stderr (issue 20): an anchored negated glob that left deeper
 * directories of that name in the result, and a glob that matches no file of the tree at all.
 */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { spawnSync } from "node:child_process";
import { run, tree } from "../helpers.ts";

setDefaultTimeout(60_000);

const root = tree({
  "gcc/testsuite/a/t.c": "int foo_bar;\n",
  "gcc/src/m.c": "int foo_bar;\n",
  "libcpp/x.c": "int foo_bar;\n",
  "libcpp/y.h": "int other;\n",
});
const withTop = tree({ "testsuite/t.c": "int foo_bar;\n", "gcc/testsuite/u.c": "int foo_bar;\n", "gcc/m.c": "int foo_bar;\n" });

/** rg's stdout for the same command line, when rg is installed (the parity reference). */
function rgOut(args: string[], cwd: string): string | undefined {
  const r = spawnSync("rg", ["--no-config", "--sort", "path", ...args], { cwd, encoding: "utf8" });
  return r.error ? undefined : r.stdout;
}

const ANCHORED = "note: -g '!testsuite/**' did not exclude gcc/testsuite/a/t.c: a glob with a slash is anchored at the current directory (as in rg); to exclude testsuite/ at any depth: -g '!**/testsuite/**'\n";

describe("a negated glob with a slash", () => {
  test("anchored as in rg; when it left deeper directories of that name, one note gives the form that works", () => {
    for (const args of [["-l", "foo_bar", "-g", "!testsuite/**"], ["-c", "foo_bar", "-g", "!testsuite/**"], ["--files", "-g", "!testsuite/**"]]) {
      const r = run(["grep", ...args], root);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("gcc/testsuite/a/t.c");
      const rg = rgOut(args, root);
      if (rg !== undefined) expect(r.stdout).toBe(rg);
      expect(r.stderr).toBe(ANCHORED);
    }
    const text = run(["grep", "foo_bar", "-g", "!testsuite/**"], root);
    expect(text.stdout).toContain("gcc/testsuite/a/t.c");
    expect(text.stderr).toBe(ANCHORED);
  });
  test("no note for the form that works, for a top directory that exists, or when no deeper match is in the result", () => {
    const works = run(["grep", "-l", "foo_bar", "-g", "!**/testsuite/**"], root);
    expect([works.stdout, works.stderr]).toEqual(["gcc/src/m.c\nlibcpp/x.c\n", ""]);
    const exact = run(["grep", "-l", "foo_bar", "-g", "!gcc/testsuite/**"], root);
    expect([exact.stdout, exact.stderr]).toEqual(["gcc/src/m.c\nlibcpp/x.c\n", ""]);
    const top = run(["grep", "-l", "foo_bar", "-g", "!testsuite/**"], withTop);
    expect([top.stdout, top.stderr]).toEqual(["gcc/m.c\ngcc/testsuite/u.c\n", ""]);
    const elsewhere = run(["grep", "-l", "other", "-g", "!testsuite/**"], root);
    expect([elsewhere.stdout, elsewhere.stderr]).toEqual(["libcpp/y.h\n", ""]);
  });
});

describe("a glob that matches no file at all", () => {
  for (const [args, note] of [
    [["-c", "foo_bar", "-g", "*.cc"], "note: -g '*.cc' matches no file here; did you mean: -g '*.c'"],
    [["-l", "foo_bar", "-g", "gc/**"], "note: -g 'gc/**' matches no file here; did you mean: -g 'gcc/**'"],
    [["--files", "-g", "gcc/srcc/*.c"], "note: -g 'gcc/srcc/*.c' matches no file here; did you mean: -g 'gcc/src/*.c'"],
    [["-l", "foo_bar", "-g", "*.zzz"], "note: -g '*.zzz' matches no file here"],
  ] as const) {
    test(`${args.join(" ")}: rg's empty stdout, exit 1, and the "did you mean" a mistyped path gets`, () => {
      const r = run(["grep", ...args], root);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr.split("\n")[0]).toBe(note);
    });
  }
  test("a near extension is one or two letters apart, never a longer one the glob's is a prefix of", () => {
    // A trial's -g '*.h' on a tree with .hcom files was told "did you mean: -g '*.hcom'".
    const t = tree({ "a.hcom": "foo_bar\n", "b.hpp": "foo_bar\n", "c.c": "foo_bar\n" });
    expect(run(["grep", "-l", "foo_bar", "-g", "*.h"], t).stderr.split("\n")[0]).toBe("note: -g '*.h' matches no file here; did you mean: -g '*.hpp'");
    const only = tree({ "a.hcom": "foo_bar\n", "c.c": "foo_bar\n" });
    expect(run(["grep", "-l", "foo_bar", "-g", "*.h"], only).stderr.split("\n")[0]).toBe("note: -g '*.h' matches no file here");
  });
  test("read off the search's own walk: with a matching glob beside it, under a path, from `.`, and past a negated directory", () => {
    // *.h matches y.h (searched, no match): only *.cc gets the note, its near extension from the files *.h left out.
    const two = run(["grep", "-l", "no_such_text", "-g", "*.h", "-g", "*.cc"], root);
    expect(two.code).toBe(1);
    expect(two.stderr.split("\n")[0]).toBe("note: -g '*.cc' matches no file here; did you mean: -g '*.c'");
    expect(two.stderr).not.toContain("'*.h' matches");
    for (const where of [["libcpp"], ["."], ["./libcpp"]]) {
      const r = run(["grep", "-l", "foo_bar", "-g", "*.cc", ...where], root);
      expect(r.stderr.split("\n")[0]).toBe("note: -g '*.cc' matches no file here; did you mean: -g '*.c'");
    }
    // A negated directory glob leaves out a whole directory (its files unlisted): the note walks.
    const neg = run(["grep", "-l", "foo_bar", "-g", "*.cc", "-g", "!gcc/"], root);
    expect(neg.stderr.split("\n")[0]).toBe("note: -g '*.cc' matches no file here; did you mean: -g '*.c'");
    const hit = run(["grep", "-l", "no_such_text", "-g", "m.c", "-g", "!libcpp/"], root);
    expect(hit.stderr).not.toContain("note: -g");
  });
  test("no glob note when the glob matches files and only the pattern found nothing", () => {
    const r = run(["grep", "-l", "no_such_text", "-g", "*.c"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain("note: -g");
  });
});
