/** The grep command as a user runs it: the compiled binary on fixture trees. */
import { test, expect, setDefaultTimeout, describe } from "bun:test";

// Runs the compiled binary and real rg on a loaded 2-core machine: 5 s is too tight.
setDefaultTimeout(60_000);
import { spawnSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, run, runUnprivileged, tree } from "../helpers.ts";

const TS = `import { x } from "./x";

export class AuthService {
  status(): string {
    return auth_status();
  }

  other() {
    return 1;
  }
}

export function auth_status(): string {
  return "ok";
}

const top = auth_status();

function unrelated() {}
function unrelated2() {}
`;

describe("text output", () => {
  test("rg's lines under the innermost symbol's heading, in line order; sparse symbols inlined whole (N|, said on the heading); file scope; no header, roles or other: by default", () => {
    const root = tree({ "src/app.ts": TS });
    const r = run(["grep", "auth_status"], root);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(
      [
        "src/app.ts",
        "method status @ 4-6 in AuthService (whole)",
        "4|  status(): string {",
        "5:    return auth_status();",
        "6|  }",
        "13:export function auth_status(): string {  @ 13-15 (whole)",
        "14|  return \"ok\";",
        "15|}",
        "<file scope>",
        "17:const top = auth_status();",
        "",
      ].join("\n"),
    );
    // --other and --show-roles bring back the hint and the tags; --json always has both.
    const rich = run(["grep", "--other", "--show-roles", "--full-region", "never", "auth_status"], root).stdout;
    expect(rich).toBe(
      [
        "src/app.ts",
        "method status @ 4-6 in AuthService",
        "5:    return auth_status();  [call]",
        "13:export function auth_status(): string {  @ 13-15  [definition]",
        "<file scope>",
        "17:const top = auth_status();  [call]",
        "other: method other @ 8-10; function unrelated @ 19-19; function unrelated2 @ 20-20",
        "",
      ].join("\n"),
    );
  });

  test("a match on a symbol's first line carries the range there instead of a heading line", () => {
    const root = tree({ "a.py": "class K:\n    def run(self):\n        return 1\n\n    def stop(self):\n        run = 0\n" });
    const r = run(["grep", "--full-region", "never", "run"], root);
    // The container is said once for a run of groups inside it.
    expect(r.stdout).toBe("a.py\n2:    def run(self):  @ 2-3 in K\nmethod stop @ 5-6\n6:        run = 0\n");
  });

  test("budget: --max-files and --max-regions with exact footers; totals stay exact", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 5; i++) files[`f${i}.txt`] = "hit\n".repeat(i + 1);
    const root = tree(files);
    const r = run(["grep", "--max-files", "2", "--max-regions", "2", "hit"], root);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(r.stdout).toStartWith("f0.txt\n1:hit\n\nf1.txt\n1:hit\n2:hit\n\n");
    // One line says every cut and how to see it: files past --max-files, lines past --max-regions.
    expect(lines.at(-1)).toBe("cut: 3 more files, 12 matches (--max-files 5; -l lists them)");
    expect(lines.filter((l) => l.startsWith("cut:")).length).toBe(1);
    const r2 = run(["grep", "--max-regions", "2", "hit"], root);
    expect(r2.stdout).toContain("f4.txt\n1:hit\n2:hit\n\ncut: 6 more lines in 3 files (--max-regions 5)\n");
    expect(r2.stdout).not.toContain("f4.txt\n1:hit\n2:hit\n3:");
    const both = run(["grep", "--max-files", "4", "--max-regions", "2", "hit"], root).stdout;
    expect(both.trimEnd().split("\n").at(-1)).toBe("cut: 1 more files, 5 matches (--max-files 5; -l lists them); 3 more lines in 2 files (--max-regions 4)");
  });

  test("long lines are clipped once around the match with exact code point counts", () => {
    const line = "é".repeat(1000) + "needle" + "x".repeat(500);
    const root = tree({ "long.txt": line + "\n" });
    const r = run(["grep", "needle"], root);
    const shown = r.stdout.split("\n").find((l) => l.startsWith("1:"))!;
    expect(shown).toContain("[truncated: 920 chars before, 346 chars after]");
    expect(shown.match(/truncated/g)!.length).toBe(1);
    expect(shown).toContain("needle");
    const j = JSON.parse(run(["grep", "--json", "needle"], root).stdout);
    expect(j.files[0].matches[0].line_text).toContain("[truncated: 920 chars before, 346 chars after]");
    expect(j.files[0].matches[0].column).toBe(2001); // bytes, 1-based, as rg
  });

  test("no match: exit 1 with one line saying what was searched", () => {
    const root = tree({ "a.txt": "x\n", ".h.txt": "y\n" });
    const r = run(["grep", "zzz"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("no match in 1 file searched (skipped: 1 hidden)\n");
    // With a diagnosis: what was searched, then the diagnosis's line.
    expect(run(["grep", "X"], root).stdout).toBe("searched 1 file (skipped: 1 hidden)\nno match; would match: 1 line in 1 file with -i\n");
  });

  test("CRLF lines shown without \\r; BOM stripped; non-UTF-8 names get the #b= suffix", () => {
    const root = tree({ "crlf.txt": "foo\r\nbar\r\n", "bom.txt": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("foo\n")]) });
    writeFileSync(Buffer.concat([Buffer.from(root + "/n"), Buffer.from([0xff]), Buffer.from(".txt")]), "foo\n");
    const r = run(["grep", "foo"], root);
    expect(r.stdout).toContain("crlf.txt\n1:foo\n");
    expect(r.stdout).toContain("bom.txt\n1:foo\n");
    expect(r.stdout).toContain("n\ufffd.txt#b=ff\n1:foo\n");
    const j = JSON.parse(run(["grep", "--json", "foo"], root).stdout);
    const bad = j.files.find((f: any) => f.path_bytes);
    expect(bad.path_bytes).toBe(Buffer.from("n\xff.txt", "latin1").toString("hex"));
    expect(j.files.find((f: any) => f.path === "bom.txt").matches[0]).toEqual({ line_number: 1, column: 1, byte_offset: 0, line_text: "foo", role: "reference", role_approx: true });
  });

  test("binary files: early NUL skipped, late NUL keeps earlier matches with a note", () => {
    const late = Buffer.alloc(150_000, "z\n");
    Buffer.from("foo\n").copy(late, 0);
    late[100_000] = 0;
    const root = tree({ "early.bin": Buffer.from("foo\0\n"), "late.bin": late });
    const r = run(["grep", "foo"], root);
    expect(r.stdout).toBe("late.bin\n1:foo\n\ncut: 1 binary file searched up to a NUL byte, as rg (-a searches whole)\n");
    expect(r.stdout).not.toContain("early.bin");
    const j = JSON.parse(run(["grep", "--json", "foo"], root).stdout);
    expect(j.summary.skipped.binary).toBe(1);
    expect(j.files[0].binary_cut).toBe(true);
  });
});

describe("--context-json", () => {
  test("a file whose structure the harness knows gets a compressed other: hint; matches unchanged", () => {
    const root = tree({ "src/app.ts": TS });
    const ctx = join(root, "ctx.json");
    writeFileSync(ctx, JSON.stringify({ known_files: [{ path: "src/app.ts", structure_confidence: 0.95, current_version_confidence: 0.9, prune_confidence: 0.8 }] }));
    const plain = run(["grep", "--other", "auth_status"], root);
    const r = run(["grep", "--other", "--context-json", ctx, "auth_status"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("other: 3 nearby symbols you already know (per --context-json)\n");
    expect(r.stdout.replace(/other: .*\n/, "")).toBe(plain.stdout.replace(/other: .*\n/, ""));
    // Without --other there is no hint to shorten: the packet is the plain one.
    expect(run(["grep", "--context-json", ctx, "auth_status"], root).stdout).toBe(run(["grep", "auth_status"], root).stdout);
    // Low current-version confidence: never prune.
    writeFileSync(ctx, JSON.stringify({ known_files: [{ path: "src/app.ts", structure_confidence: 0.95, current_version_confidence: 0.2, prune_confidence: 0.8 }] }));
    expect(run(["grep", "--other", "--context-json", ctx, "auth_status"], root).stdout).toBe(plain.stdout);
  });
  test("uses the documented thresholds (structure 0.8, current 0.6, prune 0.7), as outline and trace do", () => {
    const root = tree({ "src/app.ts": TS });
    const ctx = join(root, "ctx.json");
    const withFam = (current: number, prune: number) => {
      writeFileSync(ctx, JSON.stringify({ known_files: [{ path: "src/app.ts", structure_confidence: 0.8, current_version_confidence: current, prune_confidence: prune }] }));
      return run(["grep", "--other", "--context-json", ctx, "auth_status"], root).stdout;
    };
    const known = "other: 3 nearby symbols you already know (per --context-json)\n";
    // current 0.6 and prune 0.7 are exactly at the policy's bounds: compressed.
    expect(withFam(0.6, 0.7)).toContain(known);
    // Just below either bound: the full hint.
    expect(withFam(0.59, 0.7)).not.toContain(known);
    expect(withFam(0.6, 0.69)).not.toContain(known);
    expect(withFam(0.6, 0.69)).toContain("other: ");
  });
  test("a malformed context file is an error naming the file", () => {
    const root = tree({ "a.txt": "hit\n", "bad.json": "{ nope" });
    const r = run(["grep", "--context-json", join(root, "bad.json"), "hit"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("bad.json");
  });
});

describe("flags and errors", () => {
  test("leading-dash queries after --", () => {
    const root = tree({ "a.rs": "x -> y\n" });
    const r = run(["grep", "--", "->"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("1:x -> y");
  });
  test("-i, -w, --regex", () => {
    const root = tree({ "a.txt": "Foo\nfoobar\nfoo bar\n" });
    expect(run(["grep", "--paths-only", "-i", "FOO"], root).stdout).toBe("a.txt\n");
    const w = JSON.parse(run(["grep", "--json", "-w", "foo"], root).stdout);
    expect(w.files[0].matches.map((m: any) => m.line_number)).toEqual([3]);
    const rx = JSON.parse(run(["grep", "--json", "--regex", "(?i)^foo\\b"], root).stdout);
    expect(rx.files[0].matches.map((m: any) => m.line_number)).toEqual([1, 3]);
  });
  test("missing pattern: one-line error with the forms, exit 2", () => {
    const r = run(["grep"], tree({ "a.txt": "x" }));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trim().split("\n");
    expect(lines).toEqual(["error: missing pattern: grep needs the text to search for; hint: agentgrep grep PATTERN [PATH ...], or -e PATTERN (repeatable)"]);
  });
  test("invalid regex: one line naming the problem plus a hint to drop --regex", () => {
    const r = run(["grep", "--regex", "foo(?=bar)"], tree({ "a.txt": "x" }));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^error: invalid regex: look-around.*; hint: drop --regex/);
  });
  test("catastrophic regex ends with a clear error, exit 2, bounded time", () => {
    const root = tree({ "a.txt": "a".repeat(3000) + "b\n" });
    // A hang guard, not a speed goal (those live in bench/): the regex budget ends it in seconds
    // on an idle machine, and a loaded CI runner must not fail it.
    const t0 = Date.now();
    const r = run(["grep", "--regex", "(a+)+$"], root);
    expect(Date.now() - t0).toBeLessThan(60_000);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("catastrophic backtracking");
    expect(r.stderr).toContain("a.txt");
  }, 90_000);
  test("--paths-only: exhaustive, sorted by bytes, one per line", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`d${i % 3}/f${i}.txt`] = "hit\n";
    const root = tree(files);
    const r = run(["grep", "--paths-only", "hit"], root);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines.length).toBe(30);
    expect(lines).toEqual([...lines].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
  });
  test("--json wins over --paths-only and carries every match plus the summary", () => {
    const root = tree({ "a.txt": "hit\nhit\n", "b.txt": "nope\n" });
    const j = JSON.parse(run(["grep", "--json", "--paths-only", "hit"], root).stdout);
    expect(j.schema).toBe("agentgrep.grep/1");
    expect(j.total_matches).toBe(2);
    expect(j.total_files).toBe(1);
    expect(j.summary.files_searched).toBe(2);
    expect(Object.keys(j.summary.skipped).sort()).toEqual(["binary", "filtered", "hidden", "ignored", "special", "too_large", "unreadable"]);
  });
  test("--no-color is accepted; --type-list prints the type table", () => {
    const root = tree({ "a.txt": "hit\n" });
    expect(run(["grep", "--no-color", "hit"], root).code).toBe(0);
    const tl = run(["grep", "--type-list"], root);
    expect(tl.code).toBe(0);
    expect(tl.stdout).toMatch(/^rust: /m);
  });
  test("a worker pool gives the same bytes as the inline search", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`d${i % 7}/f${i}.txt`] = i % 3 ? "miss\n" : `hit ${i}\nmore hit\n`;
    const root = tree(files);
    const inline = run(["grep", "--json", "hit"], root, { AGENTGREP_THREADS: "1" });
    const pooled = run(["grep", "--json", "hit"], root, { AGENTGREP_THREADS: "2" });
    expect(pooled.code).toBe(0);
    expect(pooled.stdout).toBe(inline.stdout);
    // From an empty directory (run's default cwd): the worker comes from inside the binary.
    const fromEmpty = run(["grep", "--paths-only", "--path", root, "hit"], undefined, { AGENTGREP_THREADS: "2" });
    expect(fromEmpty.stderr).toBe("");
    const want: string[] = [];
    for (let i = 0; i < 300; i += 3) want.push(`${root}/d${i % 7}/f${i}.txt`);
    want.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(fromEmpty.stdout).toBe(want.join("\n") + "\n");
    const t1 = run(["grep", "--max-files", "1000", "hit"], root, { AGENTGREP_THREADS: "1" });
    const t2 = run(["grep", "--max-files", "1000", "hit"], root, { AGENTGREP_THREADS: "2" });
    expect(t2.stdout).toBe(t1.stdout);
  });
  test("code files parsed while workers search group exactly as the inline search does", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) {
      files[`py/m${i}.py`] = `import os\n\nclass C${i}:\n    def run(self):\n        return hit_${i}()\n\ndef hit_${i}():\n    return 1\n`;
      files[`c/f${i}.c`] = `static int other(void) { return 0; }\n\nint hit_${i}(int x)\n{\n  return x + 1;\n}\n`;
    }
    const root = tree(files);
    for (const extra of [[], ["--max-files", "3"], ["--max-files", "100"]]) {
      const inline = run(["grep", ...extra, "hit_"], root, { AGENTGREP_THREADS: "1" });
      const pooled = run(["grep", ...extra, "hit_"], root, { AGENTGREP_THREADS: "2" });
      // --max-files 3: three matched symbols in all, so the inlining rule prints them whole.
      expect(inline.stdout).toContain(extra[1] === "3" ? "3:int hit_0(int x)  @ 3-6 (whole)\n4|{\n" : "3:int hit_0(int x)  @ 3-6\n");
      if (extra[1] === "100") expect(inline.stdout).toContain("method run @ 4-5 in C0");
      expect(pooled.stdout).toBe(inline.stdout);
    }
  });
  test("grouping has parse limits that say what they left ungrouped (a file over 512 KB; a 2 MB budget per call)", () => {
    const KB = 1024;
    const pad = (n: number) => "text line\n".repeat(Math.ceil(n / 10));
    const root = tree({
      "a_small.py": "def hit_here():\n    return 1\n",
      "b_huge.md": "# hit_big\n" + pad(600 * KB),
      "c1.md": "# hit_c1\n" + pad(450 * KB),
      "c2.md": "# hit_c2\n" + pad(450 * KB),
      "c3.md": "# hit_c3\n" + pad(450 * KB),
      "c4.md": "# hit_c4\n" + pad(450 * KB),
      "c5.md": "# hit_c5\n" + pad(450 * KB),
    });
    const r = run(["grep", "hit_"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("a_small.py\n1:def hit_here():  @ 1-2\n");
    // Ungrouped files print rg's lines alone; one line at the end counts them and says how to see them.
    expect(r.stdout).toContain("b_huge.md\n1:# hit_big\n\n");
    // 4 x 450 KB fit the 2 MB budget (with a_small); a fifth would pass it.
    for (const c of ["c1", "c2", "c3", "c4"]) expect(r.stdout).toContain(`${c}.md\n1:# hit_${c}  @ 1-46081\n`);
    expect(r.stdout).toContain("c5.md\n1:# hit_c5\n\n");
    expect(r.stdout).toEndWith("\ncut: 2 files not grouped by symbol (parse limits; agentgrep outline FILE parses one)\n");
    expect(r.stdout).not.toContain("not grouped by symbol:");
    const j = JSON.parse(run(["grep", "--json", "hit_"], root).stdout);
    const byPath = new Map(j.files.map((f: any) => [f.path, f]));
    expect((byPath.get("b_huge.md") as any).not_grouped).toContain("over the 0.5 MB parse limit");
    expect((byPath.get("c5.md") as any).not_grouped).toContain("parse budget");
    expect((byPath.get("a_small.py") as any).not_grouped).toBeUndefined();
    expect((byPath.get("a_small.py") as any).groups[0].label).toBe("hit_here");
  });
  test("closed pipe (| head -1): exit 0, nothing on stderr", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 50; i++) files[`f${i}.txt`] = "hit\n".repeat(2000);
    const root = tree(files);
    const r = spawnSync("bash", ["-c", `set -o pipefail; "${BIN}" grep --max-regions 100000 --max-files 1000 hit | head -1`], { cwd: root, encoding: "utf8" });
    expect(r.stdout).toBe("f0.txt\n");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
  test("--path to a file searches that file; the compiled binary runs from an empty directory", () => {
    const root = tree({ "a.txt": "hit\n" });
    const r = run(["grep", "--path", join(root, "a.txt"), "--paths-only", "hit"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().length).toBeGreaterThan(0);
  });
});

describe("files that cannot be searched", () => {
  // mkdtemp makes 0700 dirs: the unprivileged runner must be able to enter the fixture.
  const open = (root: string) => (chmodSync(root, 0o755), root);

  test("an unreadable directory is reported on a skipped: line even when other files match", () => {
    const root = open(tree({ "a.txt": "hit\n", "locked/b.txt": "hit\n" }));
    chmodSync(join(root, "locked"), 0o000);
    try {
      const r = runUnprivileged(["grep", "hit"], root);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe("a.txt\n1:hit\n\ncut: 1 file not searched (1 unreadable; --json summary.skipped)\n");
      expect(JSON.parse(runUnprivileged(["grep", "--json", "hit"], root).stdout).summary.skipped.unreadable).toBe(1);
    } finally {
      chmodSync(join(root, "locked"), 0o755);
    }
  });
  test("no skipped: line when everything could be searched (binary and ignored files are by design)", () => {
    const root = tree({ "a.txt": "hit\n", "b.bin": Buffer.from("hit\0\n"), ".ignore": "c.txt\n", "c.txt": "hit\n" });
    const r = run(["grep", "hit"], root);
    expect(r.stdout).toBe("a.txt\n1:hit\n");
  });
  test("an unreadable --path root is an error (exit 2), as in rg, not 0 matches", () => {
    const root = open(tree({ "locked/b.txt": "hit\n", "u.txt": "hit\n" }));
    chmodSync(join(root, "locked"), 0o000);
    chmodSync(join(root, "u.txt"), 0o000);
    try {
      const d = runUnprivileged(["grep", "hit", "--path", "locked"], root);
      expect(d.code).toBe(2);
      expect(d.stdout).toBe("");
      expect(d.stderr).toBe("error: cannot read path: locked (EACCES); hint: check its permissions (ls -ld), or search a readable --path\n");
      const f = runUnprivileged(["grep", "hit", "--path", "u.txt"], root);
      expect(f.code).toBe(2);
      expect(f.stderr).toBe("error: cannot read path: u.txt (EACCES); hint: check its permissions (ls -ld), or search a readable --path\n");
    } finally {
      chmodSync(join(root, "locked"), 0o755);
    }
  });
});

describe("a binary file given as the root", () => {
  test("is searched whole with or without the worker pool", () => {
    const root = tree({ "bin.dat": Buffer.from("foo\0bar\nfoo\n") });
    // rg's one-file form: the only PATH is a file, so no path line (-H adds it, as rg). rg 13
    // prints no line of it (its NUL is in the first 64 KiB), only that it matches; -c counts both.
    const want = 'binary file matches (found "\\0" byte around offset 3)\n';
    for (const threads of [undefined, "1", "2"]) {
      const r = run(["grep", "foo", "--path", "bin.dat"], root, threads === undefined ? {} : { AGENTGREP_THREADS: threads });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(want);
    }
    expect(run(["grep", "-H", "foo", "bin.dat"], root).stdout).toBe("bin.dat\n" + want);
    // Two PATHs: paths print, as rg prints them.
    expect(run(["grep", "foo", "bin.dat", "bin.dat"], root).stdout).toBe(`bin.dat\n${want}\nbin.dat\n${want}`);
    expect(run(["grep", "-c", "foo", "bin.dat"], root).stdout).toBe("2\n");
    expect(run(["grep", "-a", "foo", "bin.dat"], root).stdout).toBe("1:foo\\0bar\n2:foo\n");
  });
});

describe("symbol labels", () => {
  test("an impl is named once: in impl Display for Wrap, never impl impl", () => {
    const root = tree({ "a.rs": "struct Wrap;\nimpl std::fmt::Display for Wrap {\n    fn fmt(&self) { foo }\n}\n" });
    const r = run(["grep", "foo"], root);
    expect(r.stdout).toBe("a.rs\n3:    fn fmt(&self) { foo }  @ 3-3 in impl std::fmt::Display for Wrap\n");
    expect(run(["grep", "--other", "--show-roles", "foo"], root).stdout).toBe("a.rs\n3:    fn fmt(&self) { foo }  @ 3-3 in impl std::fmt::Display for Wrap  [reference]\nother: struct Wrap @ 1-1\n");
  });
});

test("--max-files 0: the cut: line is the first line, with no blank line before it", () => {
  const root = tree({ "a.py": "needle = 1\n", "b.py": "needle = 2\n" });
  const r = run(["grep", "--max-files", "0", "needle"], root);
  expect(r.code).toBe(0);
  expect(r.stdout.startsWith("cut: 2 more files")).toBe(true);
});
