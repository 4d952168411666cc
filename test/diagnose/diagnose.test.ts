/** Zero-result diagnosis through the built binary: one test per relaxation, and the silent case. */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { BIN, run, symlinkSync, tree } from "../helpers.ts";

setDefaultTimeout(120_000);

/** The diagnosis line of a text run (exit 1, no match). */
function diagnosis(args: string[], root: string): string {
  const r = run(["grep", ...args], root);
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(/^(searched|no match in) \d+ files?\b/);
  return r.stdout.split("\n").find((l) => l.startsWith("no match; would match: ")) ?? "";
}

describe("grep: zero-result diagnosis", () => {
  test("case: would match with -i", () => {
    const root = tree({ "a.txt": "Config here\nCONFIG there\n", "b.txt": "config? no: Config\n" });
    expect(diagnosis(["cOnfig"], root)).toBe("no match; would match: 3 lines in 2 files with -i");
  });

  test("a literal with metacharacters: its regex reading", () => {
    const root = tree({ "a.c": "fooo(1);\nfoo(2);\n" });
    expect(diagnosis(["fo+\\("], root)).toBe("no match; would match: 2 lines in 1 file with --regex");
  });

  test("a regex: its literal reading", () => {
    const root = tree({ "a.js": "x = a+b;\n" });
    expect(diagnosis(["--regex", "a+b"], root)).toBe("no match; would match: 1 line in 1 file without --regex");
  });

  test("identifier forms: snake_case, camelCase, kebab-case spellings", () => {
    const root = tree({ "a.py": "def parse_args():\n    pass\n", "b.ts": "parseArgs();\n", "c.sh": "--parse-args\n" });
    expect(diagnosis(["ParseArgs"], root)).toBe("no match; would match: 1 line in 1 file with -i; 3 lines in 3 files as parse_args, parseArgs, parse-args");
  });

  test("hidden files: with --hidden", () => {
    const root = tree({ "a.txt": "nothing\n", ".env": "SECRET_TOKEN=1\n", ".config/x.toml": "SECRET_TOKEN = 2\n" });
    expect(diagnosis(["SECRET_TOKEN"], root)).toBe("no match; would match: 2 lines in 2 hidden files with --hidden");
  });

  test("ignored files: with --no-ignore (and both flags for an ignored hidden name)", () => {
    const root = tree({ ".ignore": "build/\n.cache/\n", "build/out.js": "needle()\nneedle()\n", ".cache/x": "needle\n", "a.txt": "hay\n" });
    expect(diagnosis(["needle"], root)).toBe("no match; would match: 2 lines in 1 ignored file with --no-ignore; 1 line in 1 hidden, ignored file with --hidden --no-ignore");
  });

  test("files excluded by --type/--glob", () => {
    const root = tree({ "a.py": "x = 1\n", "b.js": "handleClick()\n", "c.js": "handleClick\n" });
    expect(diagnosis(["--type", "py", "handleClick"], root)).toBe("no match; would match: 2 lines in 2 files excluded by --type/--glob (drop --type/--glob to search them)");
    expect(diagnosis(["-g", "!*.js", "handleClick"], root)).toContain("2 lines in 2 files excluded by --type/--glob");
  });

  test("binary files (rg's rule skips them)", () => {
    const root = tree({ "blob.bin": Buffer.from("magic_word\0\x01\x02magic_word\n"), "a.txt": "x\n" });
    expect(diagnosis(["magic_word"], root)).toBe("no match; would match: 1 line in 1 binary file (agentgrep and rg skip binary files; rg -a searches them)");
  });

  test("files over the size limit (-U with a newline in the pattern reads a file whole: one over 256 MiB is not searched; any other search streams it, whatever its size)", () => {
    const outside = tree({ "keep.txt": "x\n" });
    const root = tree({ "a.txt": "x\n" });
    symlinkSync(join(outside, "huge.log"), join(root, "huge.log"));
    // 257 MiB of text with one hit near the end, outside the root, reached through the link.
    const fd = openSync(join(outside, "huge.log"), "w");
    const chunk = Buffer.alloc(1 << 20, "lorem ipsum\n");
    for (let i = 0; i < 257; i++) writeSync(fd, chunk);
    writeSync(fd, "the rare_marker line\n");
    closeSync(fd);
    expect(diagnosis(["-L", "-U", "--regex", "rare_marker line\\n"], root)).toBe("no match; would match: 1 line in 1 too-large file (over 256 MiB: agentgrep skips them, rg searches them)");
  });

  test("nothing spelled like it: the identifiers holding all its words but the first or the last, most widespread first", () => {
    const root = tree({
      "Node.java": "class Node {\n  void reapplyCSS() {}\n  void f() { reapplyCSS(); reapplyCSS(); }\n}\n",
      "Helper.java": "class Helper {\n  static void reapplyCSS(Node n) { n.reapplyCSS(); }\n}\n",
      "Old.java": "class Old { void reapply_css_later() {} }\n",
      "Impl.java": "class Impl { void implReapply() {} }\n",
    });
    expect(diagnosis(["impl_reapplyCSS"], root)).toBe(
      "no match; would match: 3 lines in 2 files as the similar name reapplyCSS; 1 line in 1 file as the similar name implReapply; 1 line in 1 file as the similar name reapply_css_later",
    );
    const j = JSON.parse(run(["grep", "--json", "impl_reapplyCSS"], root).stdout);
    expect(j.diagnosis[0]).toEqual({ relaxation: "near_identifier", how: "as the similar name reapplyCSS", lines: 3, files: 2 });
    // trace names them too when its subject is nowhere.
    expect(run(["trace", "subject:impl_reapplyCSS", "relation:called_from"], root).stdout).toContain("as the similar name reapplyCSS");
    // One short word left is no lead: nothing is named.
    expect(diagnosis(["getNode"], root)).toBe("");
  });

  test("an empty result with no relaxation prints nothing extra", () => {
    const root = tree({ "a.txt": "alpha\n", ".h/b.txt": "beta\n" });
    const r = run(["grep", "gamma_delta"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("no match in 1 file searched (skipped: 1 hidden)\n");
    const j = JSON.parse(run(["grep", "--json", "gamma_delta"], root).stdout);
    expect(j.diagnosis).toEqual([]);
  });

  test("JSON carries the diagnosis array; --paths-only keeps stdout empty and says it on stderr; exit stays 1", () => {
    const root = tree({ "a.txt": "Needle\n" });
    const j = run(["grep", "--json", "needle"], root);
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stdout).diagnosis).toEqual([{ relaxation: "ignore_case", how: "with -i", lines: 1, files: 1 }]);
    const p = run(["grep", "--paths-only", "needle"], root);
    expect(p.code).toBe(1);
    expect(p.stdout).toBe("");
    expect(p.stderr).toBe("no match; would match: 1 line in 1 file with -i\n");
  });

  test("a non-empty result runs no diagnosis", () => {
    const root = tree({ "a.txt": "needle\n", ".h": "needle\n" });
    const j = JSON.parse(run(["grep", "--json", "needle"], root).stdout);
    expect(j.diagnosis).toBeUndefined();
  });
});

describe("trace: the same diagnosis when no region is found", () => {
  test("a subject only in hidden files", () => {
    const root = tree({ "a.py": "x = 1\n", ".tools/gen.py": "def render_widget():\n    pass\n" });
    const r = run(["trace", "subject:renderWidget", "relation:defined"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("no match; would match: 1 line in 1 hidden file with --hidden\n");
    const j = JSON.parse(run(["trace", "--json", "subject:renderWidget", "relation:defined"], root).stdout);
    expect(j.diagnosis).toEqual([{ relaxation: "hidden", how: "with --hidden", lines: 1, files: 1, kind: "hidden" }]);
  });

  test("a subject that occurs but answers no relation says so", () => {
    // called_from never lists the definition: the only occurrence gives no region.
    const root = tree({ "a.py": "def render_widget():\n    pass\n" });
    const r = run(["trace", "subject:render_widget", "relation:called_from"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("the subject occurs in 1 line of 1 file, but no region answers relation:called_from; agentgrep grep render_widget lists them\n");
  });

  test("a suggested command runs as printed when the subject holds a quote", () => {
    const root = tree({ "a.py": 'label = "ItS\'x"\n' });
    const r = run(["trace", "subject:its'x", "relation:defined"], root);
    expect(r.code).toBe(1);
    const line = r.stdout.trimEnd().split("\n").at(-1)!;
    expect(line).toBe("no match; would match: 1 line in 1 file case-insensitively (agentgrep grep -i 'its'\\''x')");
    const cmd = /\((agentgrep grep .*)\)$/.exec(line)![1]!;
    const sh = spawnSync("sh", ["-c", cmd.replace(/^agentgrep/, '"$AG"')], { cwd: root, env: { ...process.env, AG: BIN }, encoding: "utf8" });
    expect(sh.status).toBe(0);
    expect(sh.stdout).toContain(`label = "ItS'x"`);
  });

  test("a subject no file mentions: one line with the files searched and what to try next", () => {
    const root = tree({ "a.py": "def render_widget():\n    pass\n", "lib/b.py": "x = 1\n" });
    const r = run(["trace", "subject:zqParseXyz", "relation:defined"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toEndWith(
      "no results found for the current trace query and scope\n" +
        "no file here mentions zqParseXyz in any spelling or case (2 files searched); try: agentgrep find zq parse xyz for related names, or another --path\n",
    );
    const scoped = run(["trace", "--path", "lib", "subject:render_widget", "relation:defined"], root);
    expect(scoped.stdout).toContain("no file under lib mentions render_widget in any spelling or case (1 file searched); try: agentgrep find --path lib render widget for related names, or another --path\n");
    const p = run(["trace", "--paths-only", "subject:zqParseXyz", "relation:defined"], root);
    expect(p.stdout).toBe("");
    expect(p.stderr).toContain("no file here mentions zqParseXyz in any spelling or case (2 files searched)");
  });
});
