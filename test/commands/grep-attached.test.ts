/**
 * grep's grouping of a symbol's leading doc comment (built binary, fixtures in several languages:
 * one rule from comment node types, no per-language code), the cut line's count of the test
 * files past --max-files, and find's structure line ranking symbols by what their lines say.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { run, tree } from "../helpers.ts";

setDefaultTimeout(60_000);

const never = (root: string, ...args: string[]) => run(["grep", "--full-region", "never", ...args, "frob"], root).stdout;

describe("a match in a leading comment block groups under the symbol below it", () => {
  test("C block comment, Rust ///, Go //, Java javadoc above an annotation, TS /** */, Python #", () => {
    const root = tree({
      "a.c": "#include <stdio.h>\n\n/*\n * frob - the widget\n */\nstatic int frob(int x)\n{\n\treturn x + 1;\n}\n",
      "a.rs": "/// Frob the widget.\n/// Returns frob count.\npub fn frob(x: u32) -> u32 {\n    x\n}\n",
      "a.go": "package main\n\n// Frob frobs.\nfunc Frob() int {\n\treturn 1\n}\n",
      "A.java": "class A {\n    int x;\n\n    /**\n     * Frobs it.\n     */\n    @Override\n    public int frob() {\n        return 1;\n    }\n}\n",
      "a.ts": "/** frob the widget */\nexport function frob(): number {\n  return 1;\n}\n",
      "a.py": "# frob helper\ndef frob():\n    return 1\n",
    });
    const out = never(root, "-i");
    expect(out).toContain("a.c\nfunction frob @ 6-9 (comment from 3)\n4: * frob - the widget\n6:static int frob(int x)\n");
    expect(out).toContain("a.rs\nfunction frob @ 3-5 (comment from 1)\n1:/// Frob the widget.\n2:/// Returns frob count.\n3:pub fn frob(x: u32) -> u32 {\n");
    expect(out).toContain("a.go\nfunction Frob @ 4-6 (comment from 3)\n3:// Frob frobs.\n4:func Frob() int {\n");
    expect(out).toContain("A.java\nmethod frob @ 7-10 in A (comment from 4)\n5:     * Frobs it.\n8:    public int frob() {\n");
    expect(out).toContain("a.ts\nfunction frob @ 2-4 (comment from 1)\n1:/** frob the widget */\n");
    expect(out).toContain("a.py\nfunction frob @ 2-3 (comment from 1)\n1:# frob helper\n");
    expect(out).not.toContain("<file scope>");
  });

  test("a blank line, code on the comment's line, or a comment ending an earlier body is not attached", () => {
    const root = tree({
      "b.c": "// frob notes\n\nint frob(void)\n{\n\treturn 0;\n}\n",
      "c.c": "int x = 1; /* frob */\nint g(void)\n{\n\treturn 0;\n}\n",
      "d.py": "def f():\n    return 1\n    # frob trailing\ndef g():\n    return 2\n",
    });
    const out = never(root);
    expect(out).toContain("b.c\n1:// frob notes\n3:int frob(void)  @ 3-6\n");
    expect(out).toContain("c.c\n1:int x = 1; /* frob */\n");
    expect(out).not.toContain("function g");
    // A script's #! line is no doc comment.
    expect(run(["grep", "env"], tree({ "tool.py": "#!/usr/bin/env python3\ndef main():\n    pass\n" })).stdout).toBe("tool.py\n1:#!/usr/bin/env python3\n");
  });

  test("outline ranges stay the syntax's; a cache hit groups as the parse did", () => {
    const root = tree({ "a.rs": "/// frob it\nfn frob() {}\n" });
    const cache = { XDG_CACHE_HOME: join(tree({}), "cache"), AGENTGREP_CACHE: "on" };
    expect(run(["outline", "a.rs"], root).stdout).toContain("2-2");
    const args = ["grep", "--full-region", "never", "frob"];
    const first = run(args, root, cache).stdout;
    expect(first).toBe("a.rs\nfunction frob @ 2-2 (comment from 1)\n1:/// frob it\n2:fn frob() {}\n");
    expect(readdirSync(join(cache.XDG_CACHE_HOME, "agentgrep/structure"), { recursive: true }).length).toBeGreaterThan(0);
    expect(/cache="([^"]*)"/.exec(run(["outline", "--debug-structure", "a.rs"], root, cache).stdout)?.[1]).toBe("hit");
    expect(run(args, root, cache).stdout).toBe(first);
  });

  test("auto: a match only in the doc comment does not print the body whole; one in the body does", () => {
    const root = tree({ "a.go": "package main\n\n// Frob frobs.\nfunc Frob() int {\n\treturn 1\n}\n" });
    expect(run(["grep", "Frob frobs"], root).stdout).toBe("a.go\nfunction Frob @ 4-6 (comment from 3)\n3:// Frob frobs.\n");
    expect(run(["grep", "-i", "frob"], root).stdout).toBe("a.go\nfunction Frob @ 4-6 (comment from 3) (whole)\n3:// Frob frobs.\n4:func Frob() int {\n5|\treturn 1\n6|}\n");
  });
});

describe("a symbol printed whole prints its doc comment with it", () => {
  test("Ruby #, C /* */, Lua --, OCaml (** *): the comment lines as N| under a heading that says where it starts", () => {
    const root = tree({
      "a.rb": "module Foo\n  class Bar\n    # Frobs x.\n    # Uses the zorblax rule.\n    def frob(x)\n      x + 1\n    end\n  end\nend\n",
      "a.c": "#include <stdio.h>\n\n/*\n * The widget.\n */\nstatic int frob(int x)\n{\n\treturn x + 1;\n}\n",
      "a.lua": "local M = {}\n\n-- Frobs x.\nfunction M.frob(x)\n  return x + 1\nend\n\nreturn M\n",
      "a.ml": "(** Frobs x. *)\nlet frob x =\n  x + 1\n",
    });
    const out = run(["grep", "frob("], root).stdout + run(["grep", "-w", "--regex", "let frob"], root).stdout;
    expect(out).toContain("a.rb\nmethod frob @ 5-7 in Bar (comment from 3) (whole)\n3|    # Frobs x.\n4|    # Uses the zorblax rule.\n5:    def frob(x)\n6|      x + 1\n7|    end\n");
    expect(out).toContain("a.c\nfunction frob @ 6-9 (comment from 3) (whole)\n3|/*\n4| * The widget.\n5| */\n6:static int frob(int x)\n7|{\n");
    expect(out).toContain("a.lua\nfunction M.frob @ 4-6 (comment from 3) (whole)\n3|-- Frobs x.\n4:function M.frob(x)\n");
    expect(out).toContain("function frob @ 2-3 (comment from 1) (whole)\n1|(** Frobs x. *)\n2:let frob x =\n3|  x + 1\n");
  });

  test("the 40-line limit counts a short doc comment: a 36-line body under a 5-line comment prints as match lines", () => {
    const doc = Array.from({ length: 5 }, (_, i) => `  # note ${i}`).join("\n");
    const body = Array.from({ length: 34 }, (_, i) => `    x${i} = ${i}`).join("\n");
    const root = tree({ "a.rb": `class A\n${doc}\n  def frob\n${body}\n  end\nend\n` });
    expect(run(["grep", "def frob"], root).stdout).toBe("a.rb\n7:  def frob  @ 7-42 in A\n");
  });

  test("a long doc comment (over 6 lines) is left out of a whole body: only its matched lines print, the body still whole", () => {
    const doc = Array.from({ length: 15 }, (_, i) => `  # note ${i}${i === 3 ? " frob" : ""}`).join("\n");
    const body = Array.from({ length: 28 }, (_, i) => `    x${i} = ${i}`).join("\n");
    const root = tree({ "a.rb": `class A\n${doc}\n  def frob\n${body}\n  end\nend\n` });
    const out = run(["grep", "frob"], root).stdout;
    expect(out.startsWith("a.rb\nmethod frob @ 17-46 in A (comment from 2) (whole)\n5:  # note 3 frob\n17:  def frob\n18|    x0 = 0\n")).toBe(true);
    expect(out).not.toMatch(/^[2-4]\|/m);
    expect(out).toContain("46|  end\n");
  });
});

describe("a doc comment above decorations outside the symbol's node (Python decorators, Rust attributes) is the symbol's", () => {
  test("grouped under the symbol, the decoration lines printed whole with it", () => {
    const root = tree({
      "a.py": "class Bar:\n    # Frob zorblax.\n    @staticmethod\n    @other(\n        1)\n    def frob(x):\n        return x + 1\n",
      "a.rs": "/// Doc zorblax.\n#[derive(Debug)]\n// plain zorblax\n#[cfg(test)]\npub struct Frob {\n    a: i32,\n}\n",
    });
    const out = run(["grep", "--full-region", "never", "zorblax"], root).stdout;
    expect(out).toContain("a.py\nmethod frob @ 6-7 in Bar (comment from 2)\n2:    # Frob zorblax.\n");
    expect(out).toContain("a.rs\nstruct Frob @ 5-7 (comment from 1)\n1:/// Doc zorblax.\n3:// plain zorblax\n");
    expect(run(["grep", "def frob"], root).stdout).toBe("a.py\nmethod frob @ 6-7 in Bar (comment from 2) (whole)\n2|    # Frob zorblax.\n3|    @staticmethod\n4|    @other(\n5|        1)\n6:    def frob(x):\n7|        return x + 1\n");
    // Outline ranges stay the syntax's (ctags').
    expect(run(["outline", "a.py"], root).stdout).toContain("6-7");
  });
});

describe("decorations outside the symbol's node are the symbol's without a comment too", () => {
  // One rule for grep's grouping and trace's region start (src/structure/engine.ts): a decorator
  // or attribute line above a symbol groups under it, and the heading says where they start.
  test("Python, Rust, a TypeScript and a Dart member: grouped under the symbol, `(decorators from N)`", () => {
    const root = tree({
      "a.py": "class Bar:\n    @staticmethod\n    @zorblax(\n        1)\n    def frob(x):\n        return x + 1\n",
      "a.rs": "#[derive(Debug)]\n#[zorblax]\npub struct Frob {\n    a: i32,\n}\n",
      "a.ts": "export class Widget {\n  @zorblax(\"click\")\n  onClick() {\n    return 1;\n  }\n}\n",
      "a.dart": "class Box extends Widget {\n  @zorblax\n  Widget build(BuildContext context) {\n    return Box();\n  }\n}\n",
    });
    const out = run(["grep", "--full-region", "never", "zorblax"], root).stdout;
    expect(out).toContain("a.py\nmethod frob @ 5-6 in Bar (decorators from 2)\n3:    @zorblax(\n");
    expect(out).toContain("a.rs\nstruct Frob @ 3-5 (decorators from 1)\n2:#[zorblax]\n");
    expect(out).toContain("a.ts\nmethod onClick @ 3-5 in Widget (decorators from 2)\n2:  @zorblax(\"click\")\n");
    expect(out).toContain("a.dart\nmethod build @ 3-5 in Box (decorators from 2)\n2:  @zorblax\n");
    // A comment above them still names the comment.
    expect(run(["grep", "--full-region", "never", "zorblax"], tree({ "b.py": "# note\n@zorblax\ndef frob():\n    pass\n" })).stdout).toBe("b.py\nfunction frob @ 3-4 (comment from 1)\n2:@zorblax\n");
    // A cache hit says the same.
    const cache = { XDG_CACHE_HOME: join(tree({}), "cache"), AGENTGREP_CACHE: "on" };
    const args = ["grep", "--full-region", "never", "zorblax"];
    const first = run(args, root, cache).stdout;
    expect(first).toBe(out);
    expect(run(args, root, cache).stdout).toBe(first);
  });
});

describe("the cut line counts the test files past --max-files", () => {
  test("names the few files that are not tests; says when all are tests", () => {
    const files: Record<string, string> = { "a_impl.c": "frob\n" };
    for (let i = 0; i < 4; i++) files[`src/test/t${i}.c`] = "frob\n";
    files["src/tools/impl.c"] = "frob\n";
    const root = tree(files);
    const out = run(["grep", "--max-files", "2", "frob"], root).stdout;
    expect(out.trimEnd().split("\n").at(-1)).toBe("cut: 4 more files (3 of them tests), 4 matches (--max-files 6; -l lists them); not tests: src/tools/impl.c");
    const all = run(["grep", "--max-files", "2", "frob"], tree({ "a.c": "frob\n", "b.c": "frob\n", "tests/t0.c": "frob\n", "tests/t1.c": "frob\n" })).stdout;
    expect(all.trimEnd().split("\n").at(-1)).toBe("cut: 2 more files (all tests), 2 matches (--max-files 4; -l lists them)");
    // No test among the cut: the line as before.
    const none = run(["grep", "--max-files", "1", "frob", "a_impl.c", "src/tools"], root).stdout;
    expect(none.trimEnd().split("\n").at(-1)).toBe("cut: 1 more files, 1 matches (--max-files 2; -l lists them)");
  });
});

describe("find's structure line: symbols whose own lines mention the query words", () => {
  test("a function named for nothing in the query but whose body says it comes before unrelated ones", () => {
    const c = [
      "int alpha(void) { return 1; }",
      "int beta(void) { return 2; }",
      "int gamma(void) { return 3; }",
      "void promote(int *young)",
      "{",
      "\tminor_heap_move(young);",
      "}",
      "int minor_size(void) { return 4; }",
      "",
    ].join("\n");
    const out = run(["find", "minor heap"], tree({ "gc.c": c })).stdout;
    // minor_size names minor, so it leads; promote's body says both words, so it comes before
    // alpha, beta and gamma, which say none.
    expect(out).toContain("   structure: function minor_size @ 8-8; function promote @ 4-7; function alpha @ 1-1; ... 2 more");
  });
});
