/**
 * grep's command line against real rg: every accepted rg flag alone and in combinations, each
 * with every path form (none, relative, ./-prefixed, trailing slash, absolute, a file, several
 * roots in both orders), on a fixture tree. See rg-cli.ts for how each mode is compared. The
 * same cases run over the CPython tree with `bun bench/rg-parity.ts` (optional: not on CI).
 */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { spawnSync, execFileSync } from "node:child_process";
import { BIN, tree } from "../helpers.ts";
import { FLAG_CASES, compare, pathForms, rgSpelling, runAg, runRg } from "./rg-cli.ts";

// Each case runs both programs 11 times; a loaded 2-core machine needs minutes (a hang bound, not a speed goal).
setDefaultTimeout(600_000);
const hasRg = spawnSync("rg", ["--version"]).status === 0;

function fixture(): string {
  const root = tree({
    ".gitignore": "ignored.txt\n",
    "ignored.txt": "foo ignored\n",
    ".hidden.txt": "foo hidden\n",
    "src/a.ts": "export function fooBar() {\n  return 'Foo';\n}\n\nfunction baz() {\n  // foo foo\n  const x = 1;\n  return x;\n}\n\nconst y = 'bar -x';\n",
    "src/sub/b.py": "import os\n\nclass Foo:\n    def foo(self):\n        return 'foo'\n\n    def bar(self):\n        return 'a.b'\n\n\ndef helper():\n    x = 'foofoo'\n    return x\n",
    "src/sub/c.txt": "line one\nfoo two\nthree\nfour\nfive foo\nsix\nseven\neight\nnine\nfoo ten\n",
    "src/a.txt": "bar\n",
    "lib/x.py": "FOO = 1\nfoo = 2\n# a.b foo\n",
    "lib/y.rs": "fn foo() {}\nfn bar() { foo(); }\n",
    "top.md": "# Foo\n\nSome foo text.\n",
    // A NUL in the first 64 KiB: skipped as binary unless -a (or named as a PATH).
    "src/early.bin": "foo\0bin\nfoo two\x01\n",
    // Upper-case names for --iglob / --glob-case-insensitive.
    "src/Z.TS": "foo upper\n",
    "src/sub/Q.Py": "foo = 'Q'\n",
    // Pattern files for -f (searched too, as any file of the tree).
    "pats/p1.txt": "foo\nbar\n",
    "pats/p2.txt": "Foo\n\nsix",
    "pats/p3.txt": "Foo\r\nsix\r\n",
    "pats/p4.txt": "fo+\\b\n^\\s+return\n",
    "pats/empty.txt": "",
    // A NUL past rg's first 64 KiB read: rg keeps the matches before it, -l stops before it, -c squashes them.
    "src/late.dat": "foo late\n" + `${"x".repeat(99)}\n`.repeat(800) + "\0\nfoo\n",
  });
  execFileSync("git", ["init", "-q"], { cwd: root });
  return root;
}

describe.skipIf(!hasRg)("grep's command line has rg's meaning (fixture tree)", () => {
  const root = fixture();
  for (const flags of FLAG_CASES) {
    test(flags.join(" "), () => {
      const bad: string[] = [];
      for (const paths of pathForms(root, "src", "src/a.ts", "lib")) {
        // Flags (the pattern last), then the paths.
        const args = [...flags, ...paths];
        const c = compare(BIN, root, args, [...rgSpelling(flags), ...paths]);
        // A deliberate difference: with no PATH, rg exits 2 when no file was searched ("No files
        // were searched..."); agentgrep exits 1 (nothing found) and says what was left out.
        const noneSearched = paths.length === 0 && c.theirCode === 2 && c.ourCode === 1 && c.ours.length === 0 && c.theirs.length === 0;
        if (noneSearched) continue;
        // stdout is rg's; stderr holds nothing but notes (`-g '!sub/**'` with sub/ deeper gets one).
        const stderr = c.stderr.split("\n").filter((l) => l !== "" && !l.startsWith("note: ")).join("\n");
        if (stderr !== "" || c.ourCode !== c.theirCode || JSON.stringify(c.ours) !== JSON.stringify(c.theirs))
          bad.push(`${args.join(" ")}: exit ${c.ourCode} vs rg ${c.theirCode} ${c.stderr}\n  ours:   ${c.ours.join(" | ")}\n  theirs: ${c.theirs.join(" | ")}`);
      }
      expect(bad).toEqual([]);
    });
  }

  test("several roots print in the order given, each in path order (rg --sort path)", () => {
    for (const roots of [["src", "lib"], ["lib", "src"], ["lib/x.py", "src/sub", "lib"]]) {
      const ours = runAg(BIN, root, ["-l", "foo", ...roots]).lines;
      const theirs = runRg(root, ["--sort", "path", "-l", "-F", "foo", ...roots]).lines;
      expect(ours).toEqual(theirs);
    }
  });

  test("--path repeats, and joins positional paths: no root is dropped", () => {
    const a = runAg(BIN, root, ["-l", "--path", "src", "--path", "lib", "foo"]).lines;
    expect(a).toEqual(runRg(root, ["--sort", "path", "-l", "-F", "foo", "src", "lib"]).lines);
    const b = runAg(BIN, root, ["-l", "--path", "lib", "foo", "src/a.ts"]).lines;
    expect(b).toEqual(["lib/x.py", "lib/y.rs", "src/a.ts"]);
  });

  test("printed paths open as printed, in every output mode", () => {
    for (const p of [[], ["src"], ["./src"], [`${root}/src`]]) {
      const paths = new Set<string>();
      for (const l of runAg(BIN, root, ["-l", "foo", ...p]).lines) paths.add(l);
      for (const l of runAg(BIN, root, ["-c", "foo", ...p]).lines) paths.add(l.replace(/:\d+$/, ""));
      for (const f of JSON.parse(runAg(BIN, root, ["--json", "foo", ...p]).lines.join("\n")).files) paths.add(f.path);
      const text = runAg(BIN, root, ["foo", ...p]).lines.filter((l) => !l.startsWith(" ") && !/^(query|matches):/.test(l));
      for (const l of text) paths.add(l.replace(/ {2}\[parse errors.*$/, ""));
      for (const path of paths) expect(spawnSync("test", ["-f", path], { cwd: root }).status).toBe(0);
      // And outline takes each of them back.
      for (const path of paths) {
        const o = spawnSync(BIN, ["outline", "--paths-only", path], { cwd: root, encoding: "utf8" });
        expect(o.stderr).toBe("");
        expect(o.stdout).toBe(path + "\n");
      }
    }
  });
});
