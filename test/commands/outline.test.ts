// `agentgrep outline` through the compiled binary: text and JSON shapes, budgets, errors,
// non-UTF-8 round trips, harness-context compression and --debug-structure.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { run, runUnprivileged, tree } from "../helpers.ts";

const USAGE = "usage: agentgrep outline [--json|--paths-only] [--max-items N] [--path DIR] [--context-json F] [--debug-structure] <file>";

const PY = "class A:\n    def f(self):\n        pass\n\n    def g(self):\n        pass\n\n\ndef top():\n    return 1\n";
const fx = () => tree({ "src/auth/mod.py": PY, "pkg/mod.rs": "fn x() {}\n", "src/auth/mod.rs": "fn y() {}\n", "notes.txt": "PLAIN TEXT\n" });

describe("outline text", () => {
  test("shape, nesting and ranges", () => {
    const r = run(["outline", "src/auth/mod.py"], fx());
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "file: src/auth/mod.py", "language: python", "role: implementation", "lines: 10", "symbols: 4", "",
        "structure:",
        "  - class A @ 1-6 (6 lines)",
        "    - method f @ 2-3 (2 lines)",
        "    - method g @ 5-6 (2 lines)",
        "  - function top @ 9-10 (2 lines)",
        "",
      ].join("\n"),
    );
  });
  test("indentation stops at 16 levels and deeper symbols name their depth: output stays linear in nesting", () => {
    const n = 3000;
    const java = Array.from({ length: n }, (_, i) => `class C${i} { `).join("") + "int x;" + "}".repeat(n) + "\n";
    const r = run(["outline", "N.java"], tree({ "N.java": java }));
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines).toContain(`${"  ".repeat(17)}- class C16 @ 1-1 (1 line)`);
    expect(lines).toContain(`${"  ".repeat(17)}(depth 17) - class C17 @ 1-1 (1 line)`);
    expect(lines).toContain(`${"  ".repeat(17)}(depth 2999) - class C2999 @ 1-1 (1 line)`);
    // Unbounded indentation would print n*n spaces (9 MB here).
    expect(r.stdout.length).toBeLessThan(300_000);
  });

  test("the file prints as written, after --path as rg joins it, so it opens as printed", () => {
    const root = fx();
    const file = (r: { stdout: string }) => r.stdout.split("\n")[0];
    expect(file(run(["outline", "--path", root, "./src/auth/mod.py"]))).toBe(`file: ${root}/./src/auth/mod.py`);
    expect(file(run(["outline", "--path", "src", "auth/mod.py"], root))).toBe("file: src/auth/mod.py");
    expect(file(run(["outline", "src/auth/mod.py"], root))).toBe("file: src/auth/mod.py");
    expect(file(run(["outline", "./src/auth/mod.py"], root))).toBe("file: ./src/auth/mod.py");
    expect(file(run(["outline", join(root, "src/auth/mod.py")], root))).toBe(`file: ${root}/src/auth/mod.py`);
    const body = (r: { stdout: string }) => r.stdout.split("\n").slice(1).join("\n");
    expect(body(run(["outline", "./src/auth/mod.py"], root))).toBe(body(run(["outline", "src/auth/mod.py"], root)));
  });
  test("--max-items cuts in source order and says how to see all", () => {
    const r = run(["outline", "--max-items", "2", "src/auth/mod.py"], fx());
    expect(r.stdout).toContain("symbols: 4\n");
    expect(r.stdout.trimEnd().split("\n").slice(-3)).toEqual([
      "  - class A @ 1-6 (6 lines)",
      "    - method f @ 2-3 (2 lines)",
      "  ... 2 more symbols (use --max-items 4 to see all)",
    ]);
  });
  test("unknown language: no fake structure", () => {
    const r = run(["outline", "notes.txt"], fx());
    expect(r.stdout).toContain("language: text\n");
    expect(r.stdout).toContain('  (no structure: no extractor for language "text")');
  });
  test("parse health is reported when the tree has errors", () => {
    const root = tree({ "bad.py": "def ok():\n    return 1\n\ndef broken(:\n    pass\n" });
    const r = run(["outline", "bad.py"], root);
    expect(r.stdout).toMatch(/\nparse: [\d.]+% error nodes \(symbols marked approx overlap a syntax error: their ranges may be off\)\n/);
    expect(r.stdout).toContain("  - function ok @ 1-2 (2 lines)\n");
    expect(r.stdout).toMatch(/\n  - function broken @ 4-\d+ \(\d+ lines?, approx\)\n/);
    const j = JSON.parse(run(["outline", "--json", "bad.py"], root).stdout);
    expect(j.parse.error_ratio).toBeGreaterThan(0);
    expect(j.structure.items.map((i: any) => [i.name, i.approx])).toEqual([["ok", undefined], ["broken", true]]);
  });
  test("--debug-structure", () => {
    const r = run(["outline", "--debug-structure", "src/auth/mod.py"], fx(), { AGENTGREP_CACHE: "off" });
    expect(r.stdout).toMatch(/\ndebug: extractor=tree-sitter grammar="[^"]+" load_ms=[\d.]+ runtime_ms=[\d.]+ parse_ms=[\d.]+ extract_ms=[\d.]+ nodes=\d+ error_nodes=0 cache="off \(AGENTGREP_CACHE=off\)" process_ms=\d+\n/);
  });
});

describe("outline JSON", () => {
  test("versioned schema with items", () => {
    const j = JSON.parse(run(["outline", "--json", "src/auth/mod.py"], fx()).stdout);
    expect(j.schema).toBe("agentgrep.outline/1");
    expect(j).toMatchObject({ path: "src/auth/mod.py", language: "python", total_lines: 10, parse: { extractor: "tree-sitter", error_ratio: 0 } });
    expect(j.structure).toMatchObject({ total: 4, shown: 4, omitted_count: 0 });
    expect(j.structure.items[1]).toEqual({
      kind: "method", name: "f", label: "f", start_line: 2, end_line: 3, line_count: 2, depth: 1, parent: 0, signature: "def f(self):",
    });
    expect(j.context_applied).toBeUndefined();
  });
});

describe("errors", () => {
  test("missing file: suggestions by basename, then stem, at most 5", () => {
    const r = run(["outline", "lib/mod.rs"], fx());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("error: file not found: lib/mod.rs; hint: did you mean: pkg/mod.rs, src/auth/mod.rs, src/auth/mod.py\n");
    const many = tree(Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`d${i}/x.go`, "package x\n"])));
    const m = run(["outline", "x.go"], many);
    expect(m.stderr).toBe("error: file not found: x.go; hint: did you mean: d0/x.go, d1/x.go, d2/x.go, d3/x.go, d4/x.go\n");
  });
  test("missing file without suggestions", () => {
    const r = run(["outline", "zzz.py"], fx());
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: file not found: zzz.py; hint: FILE is resolved against --path (here .); find it with: agentgrep find zzz\n");
  });
  test("directory and binary file", () => {
    const root = tree({ "d/a.py": "x = 1\n", "b.bin": new Uint8Array([0x61, 0, 0x62]) });
    const d = run(["outline", "d"], root);
    expect([d.code, d.stderr]).toEqual([2, "error: not a file: d is a directory; hint: outline takes one file; to list files use: agentgrep find --path d <words>\n"]);
    const b = run(["outline", "b.bin"], root);
    expect([b.code, b.stderr]).toEqual([2, "error: file is binary: b.bin; hint: outline shows the structure of text files\n"]);
  });
  test("bad --max-items is a usage error", () => {
    const r = run(["outline", "--max-items", "x", "src/auth/mod.py"], fx());
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: invalid value for --max-items: x (expected a whole number >= 0); hint: see: agentgrep outline --help\n${USAGE}\n`);
  });
  test("an empty file argument", () => {
    const r = run(["outline", ""], fx());
    expect([r.code, r.stdout, r.stderr]).toEqual([2, "", "error: missing file argument; hint: outline takes one file: agentgrep outline src/main.rs\n"]);
  });
  test("devices and FIFOs are not regular files (never read: /dev/zero would never end)", () => {
    const root = tree({});
    const z = run(["outline", "/dev/zero"], root);
    expect([z.code, z.stderr]).toEqual([2, "error: not a regular file: /dev/zero; hint: outline reads regular files; FIFOs, sockets and devices have no outline\n"]);
    const mk = spawnSync("mkfifo", [join(root, "pipe")]);
    expect(mk.status).toBe(0);
    const f = run(["outline", "pipe"], root);
    expect([f.code, f.stderr]).toEqual([2, "error: not a regular file: pipe; hint: outline reads regular files; FIFOs, sockets and devices have no outline\n"]);
    expect(run(["outline", "--paths-only", "pipe"], root).stderr).toStartWith("error: not a regular file: pipe;");
  });
  test("--path naming a file: that file, or a clear error when FILE is another one", () => {
    const root = fx();
    const same = run(["outline", "src/auth/mod.rs", "--path", "src/auth/mod.rs"], root);
    expect(same.code).toBe(0);
    expect(same.stdout).toBe("file: src/auth/mod.rs\nlanguage: rust\nrole: implementation\nlines: 1\nsymbols: 1\n\nstructure:\n  - function y @ 1-1 (1 line)\n");
    const other = run(["outline", "mod.rs", "--path", "src/auth/mod.py"], root);
    expect([other.code, other.stderr]).toEqual([2, "error: --path must be a directory: src/auth/mod.py is a file; hint: outline it directly: agentgrep outline src/auth/mod.py\n"]);
  });
  test("an unreadable file: error naming the cause, with a hint", () => {
    const root = tree({ "u.py": "def a():\n    pass\n" });
    chmodSync(root, 0o755);
    chmodSync(join(root, "u.py"), 0o000);
    const want = "error: cannot read u.py: EACCES; hint: check its permissions (ls -l u.py)\n";
    const r = runUnprivileged(["outline", "u.py"], root);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, "", want]);
    expect(runUnprivileged(["outline", "--paths-only", "u.py"], root).stderr).toBe(want);
  });
});

describe("flags every command takes", () => {
  test("--no-color is accepted and changes nothing", () => {
    const root = fx();
    const plain = run(["outline", "src/auth/mod.py"], root);
    const r = run(["outline", "--no-color", "src/auth/mod.py"], root);
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect(r.stdout).toBe(plain.stdout);
  });
  test("--paths-only prints the resolved display path only", () => {
    const root = fx();
    expect(run(["outline", "--paths-only", "./src//auth/./mod.py"], root)).toEqual({ code: 0, stdout: "./src//auth/./mod.py\n", stderr: "" });
    expect(run(["outline", "--paths-only", join(root, "pkg/mod.rs"), "--path", root], root).stdout).toBe(`${root}/pkg/mod.rs\n`);
    const missing = run(["outline", "--paths-only", "lib/mod.rs"], root);
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([2, "", "error: file not found: lib/mod.rs; hint: did you mean: pkg/mod.rs, src/auth/mod.rs, src/auth/mod.py\n"]);
  });
  test("--paths-only resolves a non-UTF-8 display path", () => {
    const root = tree({});
    writeFileSync(Buffer.concat([Buffer.from(root + "/caf"), Buffer.from([0xe9]), Buffer.from(".py")]), "def real():\n    pass\n");
    expect(run(["outline", "--paths-only", "caf\uFFFD.py#b=e9"], root).stdout).toBe("caf\uFFFD.py#b=e9\n");
  });
});

describe("non-UTF-8 paths", () => {
  test("display paths with #b= round-trip, and a decoy literally named with U+FFFD stays apart", () => {
    const root = tree({});
    writeFileSync(Buffer.concat([Buffer.from(root + "/caf"), Buffer.from([0xe9]), Buffer.from(".py")]), "def real():\n    pass\n");
    writeFileSync(join(root, "caf\uFFFD.py"), "def decoy():\n    pass\n");
    const a = run(["outline", "caf\uFFFD.py#b=e9"], root);
    expect(a.stdout).toContain("file: caf\uFFFD.py#b=e9\n");
    expect(a.stdout).toContain("  - function real @ 1-2 (2 lines)");
    const b = run(["outline", "caf\uFFFD.py#b=-"], root);
    expect(b.stdout).toContain("  - function decoy @ 1-2 (2 lines)");
  });
});

describe("--context-json", () => {
  const ctx = (root: string, entry: object) => {
    const p = join(root, "ctx.json");
    writeFileSync(p, JSON.stringify({ version: 1, known_files: [{ path: "src/auth/mod.py", ...entry }] }));
    return p;
  };
  const known = { structure_confidence: 0.9, current_version_confidence: 0.9, prune_confidence: 0.9 };
  test("known, current and prunable: top-level only, says what was left out", () => {
    const root = fx();
    const r = run(["outline", "--context-json", ctx(root, known), "src/auth/mod.py"], root);
    expect(r.stdout).toContain("structure:\n  - class A @ 1-6 (6 lines)\n  - function top @ 9-10 (2 lines)\n\n");
    expect(r.stdout).toContain("context: compressed (harness context says this file's structure is known and current): left out 2 nested symbols\n");
    expect(r.stdout).toContain("hint: run without --context-json (or with --max-items 4) to see all 4\n");
    const j = JSON.parse(run(["outline", "--json", "--context-json", ctx(root, known), "src/auth/mod.py"], root).stdout);
    expect(j.structure).toMatchObject({ total: 4, shown: 2, omitted_count: 2 });
    expect(j.omitted).toMatchObject({ by: "context", count: 2 });
  });
  test("stale file (low current version): full outline, no claim", () => {
    const root = fx();
    const r = run(["outline", "--context-json", ctx(root, { ...known, current_version_confidence: 0.3 }), "src/auth/mod.py"], root);
    expect(r.stdout).toContain("    - method f @ 2-3");
    expect(r.stdout).not.toContain("context:");
  });
  test("nothing to omit: no compression claimed", () => {
    const root = tree({ "src/auth/mod.py": "def a():\n    pass\n" });
    const r = run(["outline", "--context-json", ctx(root, known), "src/auth/mod.py"], root);
    expect(r.stdout).not.toContain("context:");
    expect(JSON.parse(run(["outline", "--json", "--context-json", ctx(root, known), "src/auth/mod.py"], root).stdout).context_applied).toBeUndefined();
  });
  test("--max-items wins over the context", () => {
    const root = fx();
    const r = run(["outline", "--max-items", "10", "--context-json", ctx(root, known), "src/auth/mod.py"], root);
    expect(r.stdout).toContain("    - method f @ 2-3");
    expect(r.stdout).not.toContain("context:");
  });
  test("malformed context file: error with position, exit 2; a missing target is reported first", () => {
    const root = fx();
    const p = join(root, "bad.json");
    writeFileSync(p, '{"known_files": [}');
    const r = run(["outline", "--context-json", p, "src/auth/mod.py"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: invalid JSON in context file ${p} at line 1:18: unexpected "}"; hint: fix the file or drop --context-json\n`);
    const m = run(["outline", "--context-json", p, "nope.py"], root);
    expect(m.stderr).toBe("error: file not found: nope.py; hint: FILE is resolved against --path (here .); find it with: agentgrep find nope\n");
  });
});

describe("embedded grammars", () => {
  test("every grammar works inside the compiled binary (same symbols as from source)", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { extractStructure } = await import("../../src/structure/index.ts");
    const dir = join(import.meta.dir, "..", "..", "grammars", "samples");
    const root = tree(Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")])));
    for (const f of readdirSync(dir).sort()) {
      const r = run(["outline", "--json", f], root);
      expect([f, r.code, r.stderr]).toEqual([f, 0, ""]);
      const j = JSON.parse(r.stdout);
      const want = await extractStructure(f, readFileSync(join(dir, f), "utf8"));
      expect([f, j.parse.extractor, j.parse.error_ratio]).toEqual([f, "tree-sitter", 0]);
      expect(j.structure.items.map((i: any) => `${i.kind} ${i.label} @ ${i.start_line}-${i.end_line}`)).toEqual(
        want.symbols.map((s) => `${s.kind} ${s.label} @ ${s.startLine}-${s.endLine}`),
      );
    }
  }, 120_000);
  test("every sample's outline matches the reviewed literal expectations", () => {
    // outline.samples.expected.txt: `<sample>:<structure line>`, reviewed by hand (not derived at
    // test time from the extractor under test). Regenerate deliberately when a grammar changes.
    const dir = join(import.meta.dir, "..", "..", "grammars", "samples");
    const expected = readFileSync(join(import.meta.dir, "outline.samples.expected.txt"), "utf8");
    const got: string[] = [];
    const files = [...new Set(expected.trimEnd().split("\n").map((l) => l.slice(0, l.indexOf(":"))))];
    for (const f of files) {
      const r = run(["outline", f], dir);
      expect([f, r.code]).toEqual([f, 0]);
      const lines = r.stdout.split("\n");
      for (const l of lines.slice(lines.indexOf("structure:") + 1)) if (l) got.push(`${f}:${l}`);
    }
    expect(got.join("\n") + "\n").toBe(expected);
    expect(files.length).toBe(23);
  }, 120_000);
  test("literal spot checks (Python nesting, Rust impl labels)", () => {
    const dir = join(import.meta.dir, "..", "..", "grammars", "samples");
    expect(run(["outline", "sample.py"], dir).stdout).toContain(
      "structure:\n  - function cached @ 5-6 (2 lines)\n  - function fetch @ 9-13 (5 lines)\n    - function inner @ 10-11 (2 lines)\n  - class Service @ 16-30 (15 lines)\n" +
        "    - method name @ 20-21 (2 lines)\n    - method run @ 23-27 (5 lines)\n      - function helper @ 24-25 (2 lines)\n    - class Config @ 29-30 (2 lines)\n",
    );
    expect(run(["outline", "sample.rs"], dir).stdout).toContain(
      "  - impl fmt::Display for AuthStatus @ 7-11 (5 lines)\n    - method fmt @ 8-10 (3 lines)\n  - unsafe impl Send for AuthStatus @ 13-13 (1 line)\n",
    );
  });
});
