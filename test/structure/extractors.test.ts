// Language detection, the grammar-free extractors (Markdown, JSON, YAML, TOML), parse health,
// names/labels/signatures, and the build-time grammar check.
import { describe, expect, test } from "bun:test";
import { detectLanguage } from "../../src/structure/detect.ts";
import { extractAs, extractStructure } from "../../src/structure/index.ts";
import { checkGrammars } from "../../build/check-grammars.ts";

const rows = (syms: { kind: string; label: string; startLine: number; endLine: number; depth: number }[]) =>
  syms.map((s) => `${"  ".repeat(s.depth)}${s.kind} ${s.label} @ ${s.startLine}-${s.endLine}`);

describe("detectLanguage", () => {
  test("extensions, case-insensitive, aliases", () => {
    const cases: [string, string][] = [
      ["a.ts", "typescript"], ["a.MTS", "typescript"], ["a.cts", "typescript"], ["a.tsx", "tsx"],
      ["a.mjs", "javascript"], ["a.CJS", "javascript"], ["a.jsx", "javascript"], ["a.pyi", "python"],
      ["a.RS", "rust"], ["a.cc", "cpp"], ["a.hpp", "cpp"], ["a.kt", "kotlin"], ["a.kts", "kotlin"],
      ["a.swift", "swift"], ["a.scala", "scala"], ["a.sh", "bash"], ["a.bash", "bash"], ["a.lua", "lua"],
      ["a.ex", "elixir"], ["a.exs", "elixir"], ["a.dart", "dart"], ["a.zig", "zig"], ["a.ml", "ocaml"],
      ["a.mli", "ocaml_interface"], ["a.sol", "solidity"], ["a.json", "json"], ["a.yml", "yaml"], ["a.YAML", "yaml"],
      ["a.toml", "toml"], ["README.md", "markdown"], ["a.markdown", "markdown"], ["a.mdx", "markdown"],
      ["Rakefile", "ruby"], ["notes.txt", "text"], ["Makefile", "text"], ["a.rs#b=ff", "rust"],
    ];
    for (const [p, want] of cases) expect([p, detectLanguage(p, "")]).toEqual([p, want]);
  });
  test(".h picks C++ only on C++ syntax", () => {
    expect(detectLanguage("x.h", "int f(void);\n")).toBe("c");
    expect(detectLanguage("x.h", "namespace a {\nclass B {};\n}\n")).toBe("cpp");
    // Prose in comments is not C++ (Linux headers: "virtual address", "private: ...").
    expect(detectLanguage("x.h", "/*\n * virtual memory\n * private: per-VM data\n */\nstruct vm { int x; };\n// class of the fault\n")).toBe("c");
    expect(detectLanguage("x.h", "struct A {\n  virtual void f();\n};\n")).toBe("cpp");
    expect(detectLanguage("x.h", "class Foo : public Bar {\n};\n")).toBe("cpp");
    expect(detectLanguage("x.h", "void f(std::string s);\n")).toBe("cpp");
  });
  test("shebangs", () => {
    expect(detectLanguage("tool", "#!/usr/bin/env python3\nprint(1)\n")).toBe("python");
    expect(detectLanguage("tool", "#!/usr/bin/env -S node --no-warnings\n")).toBe("javascript");
    expect(detectLanguage("tool", "#!/bin/bash\n")).toBe("bash");
    expect(detectLanguage("tool", "#!/bin/sh\n")).toBe("bash");
    expect(detectLanguage("tool", "#!/usr/bin/ruby -w\n")).toBe("ruby");
    expect(detectLanguage("tool", "#!/usr/bin/perl\n")).toBe("text");
    expect(detectLanguage("tool", "no shebang\n")).toBe("text");
  });
});

describe("unknown text", () => {
  test("no fake structure", async () => {
    const s = await extractStructure("notes.txt", "SECTION ONE\nsome text\ndef foo():\n");
    expect(s).toMatchObject({ language: "text", extractor: "none", symbols: [], totalLines: 3, errorRatio: 0 });
  });
});

describe("markdown", () => {
  test("ATX and setext headings, nesting, section ends, fences skipped", async () => {
    const md = [
      "---", "title: x", "# not a heading (front matter)", "---", // 1-4
      "# Title", "", "intro", // 5-7
      "## Install", "", "```bash", "# a comment, not a heading", "```", "", // 8-13
      "Usage", "-----", "", "~~~", "## fenced too", "~~~", // 14-19
      "### Deep ###", "text", // 20-21
      "Second", "======", "", "- item", "---", // 22-26
      "    # indented code, not a heading", // 27
    ].join("\n");
    const s = await extractStructure("doc.md", md);
    expect(s.extractor).toBe("markdown");
    expect(rows(s.symbols)).toEqual([
      "heading # Title @ 5-21",
      "  heading ## Install @ 8-13",
      "  heading ## Usage @ 14-21",
      "    heading ### Deep @ 20-21",
      "heading # Second @ 22-27",
    ]);
  });
  test("unclosed fence hides everything after it", async () => {
    const s = await extractStructure("a.md", "# A\n```\n# B\n");
    expect(rows(s.symbols)).toEqual(["heading # A @ 1-3"]);
  });
});

describe("data files: top-level keys", () => {
  test("json", async () => {
    const s = await extractStructure("package.json", '{\n  "name": "x",\n  "scripts": {\n    "build": "b"\n  },\n  "list": [1,\n 2],\n  "n": 3\n}\n');
    expect(rows(s.symbols)).toEqual(["key name @ 2-2", "key scripts @ 3-5", "key list @ 6-7", "key n @ 8-8"]);
  });
  test("yaml", async () => {
    const s = await extractStructure("ci.yml", "# c\nname: ci\non:\n  push: {}\n\njobs:\n  build:\n    steps: []\n---\nother: 1\n");
    expect(rows(s.symbols)).toEqual(["key name @ 2-2", "key on @ 3-4", "key jobs @ 6-8", "key other @ 10-10"]);
  });
  test("toml", async () => {
    const s = await extractStructure("Cargo.toml", 'title = "x"\ndesc = """\n[not.a.table]\n"""\n\n[package]\nname = "a"\n\n[[bin]]\nname = "b"\n');
    expect(rows(s.symbols)).toEqual(["key title @ 1-1", "key desc @ 2-4", "table [package] @ 6-7", "table [[bin]] @ 9-10"]);
  });
});

describe("parse health and labels", () => {
  test("a broken file reports its share of error nodes", async () => {
    const s = await extractAs("python", "def ok():\n    return 1\n\ndef broken(:\n    pass\n");
    expect(s.errorRatio).toBeGreaterThan(0);
    expect(s.errorRatio).toBeLessThan(1);
    expect(s.symbols[0]!.name).toBe("ok");
  });
  test("clean files report 0", async () => {
    const s = await extractAs("go", "package a\n\nfunc A() {}\n");
    expect(s.errorRatio).toBe(0);
  });
  test("names, labels and one-line signatures", async () => {
    const rs = await extractAs("rust", "impl<T: Clone> fmt::Display for Wrapper<T> {\n    fn fmt(&self) {}\n}\npub unsafe fn danger(p: *mut u8) -> u8 { 0 }\n");
    expect(rs.symbols.map((s) => [s.kind, s.name, s.label, s.signature])).toEqual([
      ["impl", "Wrapper", "impl fmt::Display for Wrapper<T>", "impl<T: Clone> fmt::Display for Wrapper<T> {"],
      ["method", "fmt", "fmt", "fn fmt(&self) {}"],
      ["function", "danger", "danger", "pub unsafe fn danger(p: *mut u8) -> u8 { 0 }"],
    ]);
    const go = await extractAs("go", "package a\n\nfunc (c *Command) Execute() error { return nil }\nfunc (Command) Name() string { return \"\" }\n");
    expect(go.symbols.map((s) => [s.name, s.label])).toEqual([["Execute", "(*Command) Execute"], ["Name", "(Command) Name"]]);
    const c = await extractAs("c", "static const char *\nname_of(int x)\n{\n  return 0;\n}\nvoid (*signal(int sig, void (*func)(int)))(int) { return 0; }\n");
    expect(c.symbols.map((s) => [s.name, s.startLine, s.endLine])).toEqual([["name_of", 1, 5], ["signal", 6, 6]]);
  });
  test("windows line endings keep line numbers", async () => {
    const s = await extractAs("python", "class A:\r\n    def f(self):\r\n        pass\r\n");
    expect(rows(s.symbols)).toEqual(["class A @ 1-3", "  method f @ 2-3"]);
  });
});

test("every embedded grammar loads and parses its sample cleanly (build/check-grammars.ts)", async () => {
  const results = await checkGrammars();
  expect(results.filter((r) => r.problem)).toEqual([]);
  expect(results.length).toBeGreaterThanOrEqual(22);
}, 60_000);

test("grammars loaded concurrently in a fresh process all parse (emscripten's side-module loader is not re-entrant)", () => {
  // A fresh process: in this one, other tests have loaded the grammars already.
  const script = `
    const { extractStructure } = await import(${JSON.stringify(new URL("../../src/structure/index.ts", import.meta.url).pathname)});
    const files = {
      "a.c": "int f(void) { return 1; }\\n", "a.py": "def f():\\n    return 1\\n", "a.rs": "fn f() -> i32 { 1 }\\n",
      "a.go": "package a\\nfunc F() int { return 1 }\\n", "a.java": "class A { int f() { return 1; } }\\n", "a.rb": "def f\\n  1\\nend\\n",
    };
    const out = await Promise.all(Object.entries(files).map(async ([p, t]) => [p, (await extractStructure(p, t)).symbols.length]));
    console.log(JSON.stringify(out));`;
  for (let round = 0; round < 3; round++) {
    const r = Bun.spawnSync([process.execPath, "-e", script], { stderr: "pipe" });
    expect(r.stderr.toString()).toBe("");
    const got = JSON.parse(r.stdout.toString()) as [string, number][];
    expect(got.filter(([, n]) => n === 0)).toEqual([]);
  }
}, 60_000); // three fresh processes: a hang bound (bun's 5 s default failed under load)
