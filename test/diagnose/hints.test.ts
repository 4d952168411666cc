/**
 * The one-line hints of issue 18 and the diagnosis from the search's own reads (issue 21),
 * through the built binary: a literal typed with regex escapes names the literal without them;
 * an -e pattern that matched nothing while others did is named; neither changes the stdout of
 * -l/-c; and a pooled search (workers) diagnoses from the files it flagged exactly as the inline
 * search does.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { run, tree } from "../helpers.ts";

setDefaultTimeout(120_000);

const GO = {
  "decode.go": "package json\n\n// valueInterface is like value but returns interface{}.\nfunc (d *decodeState) valueInterface() (val any) {\n\treturn nil\n}\n",
  "encode.go": "package json\n\nfunc (e *encodeState) marshal(v any) error {\n\treturn nil\n}\n",
};

describe("a literal with regex escapes that matches nothing", () => {
  test("names the literal without the backslashes, with its count", () => {
    const r = run(["grep", "func (d \\*decodeState) valueInterface"], tree(GO));
    expect(r.code).toBe(1);
    expect(r.stdout).toStartWith("searched 2 files\n");
    expect(r.stdout).toContain("no match; would match: 1 line in 1 file as 'func (d *decodeState) valueInterface' (the literal without its backslashes)\n");
  });
  test("-l and -c keep stdout empty; the hint goes to stderr", () => {
    for (const flag of ["-l", "-c"]) {
      const r = run(["grep", flag, "func (d \\*decodeState) valueInterface"], tree(GO));
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain("as 'func (d *decodeState) valueInterface' (the literal without its backslashes)");
    }
  });
  test("a regex-escaped literal whose regex reading matches names --regex too", () => {
    const root = tree({ "a.txt": "a.b\n" });
    const r = run(["grep", "a\\.b"], root);
    expect(r.stdout).toContain("no match; would match: 1 line in 1 file with --regex; 1 line in 1 file as 'a.b' (the literal without its backslashes)\n");
  });
});

describe("several -e patterns, some matching nothing", () => {
  const root = tree({ "a.c": "int page_fault(void);\nint handler;\n", "b.c": "page\n" });
  test("the text packet names every pattern that matched no line, in one line", () => {
    const r = run(["grep", "-e", "page", "-e", "zz_nothing", "-e", "handler", "-e", "yy_none"], root);
    expect(r.code).toBe(0);
    const notes = r.stdout.split("\n").filter((l) => l.startsWith("note: no line matched"));
    expect(notes).toEqual(["note: no line matched -e 'zz_nothing', -e 'yy_none' (the other 2 patterns matched)"]);
  });
  test("-l and -c print exactly rg's stdout; the note is on stderr", () => {
    const l = run(["grep", "-l", "-e", "page", "-e", "zz_nothing"], root);
    expect(l.stdout).toBe("a.c\nb.c\n");
    expect(l.stderr).toBe("note: no line matched -e 'zz_nothing' (the other pattern matched)\n");
    const c = run(["grep", "-c", "-e", "page", "-e", "zz_nothing"], root);
    expect(c.stdout).toBe("a.c:1\nb.c:1\n");
    expect(c.stderr).toContain("no line matched -e 'zz_nothing'");
  });
  test("an unmatched -e holding a regex escape says the patterns are literal", () => {
    const r = run(["grep", "-e", "page", "-e", "int page\\(void\\)"], root);
    expect(r.stdout).toContain("note: no line matched -e 'int page\\(void\\)' (the other pattern matched; patterns are literal: drop the backslashes, or add --regex)\n");
    const rx = run(["grep", "--regex", "-e", "page", "-e", "int zz\\("], root);
    expect(rx.stdout).toContain("note: no line matched -e 'int zz\\(' (the other pattern matched)\n");
  });
  test("a pattern matched only on a line another pattern matched first still counts as matched", () => {
    const r = run(["grep", "-l", "-e", "page", "-e", "fault"], root);
    expect(r.stderr).toBe("");
  });
  test("with workers (a pattern seen only by one of them) and inline, the same note", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 600; i++) files[`d${i % 7}/f${i}.txt`] = i === 599 ? "rare_word_here\n" : "common word\n";
    const big = tree(files);
    for (const threads of ["2", "1"]) {
      const r = run(["grep", "-l", "-e", "common", "-e", "rare_word", "-e", "never_there"], big, { AGENTGREP_THREADS: threads });
      expect(r.stdout.split("\n").filter(Boolean).length).toBe(600);
      expect(r.stderr).toBe("note: no line matched -e 'never_there' (the other 2 patterns matched)\n");
    }
  });
});

describe("the diagnosis reads what the search flagged", () => {
  test("pooled and inline searches give the same diagnosis (case, identifier forms, SCREAMING_CASE)", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++) files[`src/m${i}.c`] = i % 97 === 5 ? "#define MAX_ORDER 11\nint maxOrder;\n" : "int other;\n";
    const root = tree(files);
    const outs = ["2", "1"].map((t) => run(["grep", "max_Order"], root, { AGENTGREP_THREADS: t }).stdout);
    expect(outs[0]).toBe(outs[1]);
    expect(outs[0]).toContain("no match; would match: 5 lines in 5 files with -i; 10 lines in 5 files as maxOrder, MAX_ORDER\n");
  });
  test("near names from the flags: a core without the pattern's longest word is watched too (pooled and inline alike)", () => {
    // zzqqxxyy_lateinit: the longest word zzqqxxyy is nowhere; the core `lateinit` is watched
    // for as well, so its near names come from the search's own reads.
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++) files[`src/m${i}.kt`] = i % 50 === 3 ? "lateinit var x: Int\nfun LATEINIT_check() = 1\n" : "val other = 1\n";
    const root = tree(files);
    const outs = ["2", "1"].map((t) => run(["grep", "zzqqxxyy_lateinit"], root, { AGENTGREP_THREADS: t }).stdout);
    expect(outs[0]).toBe(outs[1]);
    expect(outs[0]).toContain("no match; would match: 8 lines in 8 files as the similar name LATEINIT_check; 8 lines in 8 files as the similar name lateinit\n");
  });
  test("a literal search looking for the watch's word first finds exactly the matching files (pooled and inline)", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++) files[`src/m${i}.c`] = i % 61 === 7 ? "x = ksys_sync_helper();\n" : i % 13 === 0 ? "helper(); HELPER;\n" : "int other;\n";
    const root = tree(files);
    const want = Object.keys(files).filter((_, i) => i % 61 === 7).sort();
    for (const t of ["2", "1"]) {
      const r = run(["grep", "-l", "ksys_sync_helper"], root, { AGENTGREP_THREADS: t });
      expect(r.stdout.split("\n").filter(Boolean).sort()).toEqual(want);
    }
  });
  test("a no-match search in hidden and binary files still reports them", () => {
    const root = tree({ ".hidden/a.txt": "zq_marker_word\n", "bin.dat": Buffer.concat([Buffer.from("x\0"), Buffer.from("zq_marker_word\n")]), "c.txt": "nothing\n" });
    const r = run(["grep", "zq_marker_word"], root);
    expect(r.stdout).toContain("1 line in 1 hidden file with --hidden");
    expect(r.stdout).toContain("binary file");
  });
});
