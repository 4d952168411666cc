/**
 * Match roles from the syntax tree: one test per role per language, on the fixture files in
 * test/fixtures/roles, through the built binary (`grep --json`), plus the approximate roles of
 * files shown without a parse and the --role filter.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { run, tree } from "../helpers.ts";

setDefaultTimeout(60_000);

const FIXTURES = join(import.meta.dir, "..", "fixtures", "roles");

type Expect = Record<"definition" | "call" | "import" | "write" | "reference" | "comment" | "string", string>;

/** Per language: the fixture, and for each role the (trimmed) text of a line that has it. */
const CASES: Array<{ lang: string; file: string; lines: Expect }> = [
  {
    lang: "Python", file: "sample.py",
    lines: {
      definition: "def lookup(name, limit):", call: "return lookup(name, size) + label",
      import: "from collections import OrderedDict", write: "self.counter = len(self.items)",
      reference: "size = MAX_ITEMS + 1", comment: "# every widget is cached here", string: 'label = "the gadget table"',
    },
  },
  {
    lang: "Go", file: "sample.go",
    lines: {
      definition: "func lookup(name string, limit int) string {", call: "return lookup(name, size) + label",
      import: '"strings"', write: "r.counter = len(name)", reference: "size := maxItems + 1",
      comment: "// every widget is cached here", string: 'label := "the gadget table"',
    },
  },
  {
    lang: "Rust", file: "sample.rs",
    lines: {
      definition: "fn lookup(name: &str, limit: usize) -> String {", call: "lookup(name, size) + label",
      import: "use std::collections::HashMap;", write: "self.counter = name.len();",
      reference: "let size = MAX_ITEMS + 1;", comment: "// every widget is cached here", string: 'let label = "the gadget table";',
    },
  },
  {
    lang: "TypeScript", file: "sample.ts",
    lines: {
      definition: "export function lookup(name: string, limit: number): string {", call: "return lookup(name, size) + label;",
      import: 'import { readFileSync } from "node:fs";', write: "this.counter = name.length;",
      reference: "const size = MAX_ITEMS + 1;", comment: "// every widget is cached here", string: "const label = `the gadget table`;",
    },
  },
  {
    lang: "JavaScript", file: "sample.js",
    lines: {
      definition: "function lookup(name, limit) {", call: "return lookup(name, size) + label;",
      import: 'const { readFileSync } = require("node:fs");', write: "this.counter = name.length;",
      reference: "const size = MAX_ITEMS + 1;", comment: "// every widget is cached here", string: 'const label = "the gadget table";',
    },
  },
  {
    lang: "Java", file: "Sample.java",
    lines: {
      definition: "static String lookup(String name, int limit) {", call: "return lookup(name, size) + label;",
      import: "import java.util.HashMap;", write: "this.counter = name.length();",
      reference: "int size = MAX_ITEMS + 1;", comment: "// every widget is cached here", string: 'String label = "the gadget table";',
    },
  },
  {
    lang: "C", file: "sample.c",
    lines: {
      definition: "static int lookup(const char *name, int limit)", call: "return lookup(name, size) + (int)label[0];",
      import: '#include "registry.h"', write: "r->counter = 3;", reference: "int size = MAX_ITEMS + 1;",
      comment: "/* every widget is cached here */", string: 'const char *label = "the gadget table";',
    },
  },
  {
    lang: "C++", file: "sample.cpp",
    lines: {
      definition: "static std::string lookup(const std::string &name, int limit) {", call: "return lookup(name, size) + label;",
      import: "#include <map>", write: "this->counter = name.size();", reference: "int size = MAX_ITEMS + 1;",
      comment: "// every widget is cached here", string: 'const char *label = "the gadget table";',
    },
  },
  {
    lang: "Ruby", file: "sample.rb",
    lines: {
      definition: "def lookup(name, limit)", call: "lookup(name, size) + label", import: 'require_relative "helpers"',
      write: "@counter = name.length", reference: "size = MAX_ITEMS + 1", comment: "# every widget is cached here",
      string: 'label = "the gadget table"',
    },
  },
  {
    lang: "PHP", file: "sample.php",
    lines: {
      definition: "function lookup(string $name, int $limit): string", call: "return lookup($name, $size) . $label;",
      import: "use Demo\\Support\\Helpers;", write: "$this->counter = strlen($name);", reference: "$size = MAX_ITEMS + 1;",
      comment: "// every widget is cached here", string: '$label = "the gadget table";',
    },
  },
];

// One regex for every fixture: each expected line holds exactly one of these words.
const WORDS = "\\b(lookup|OrderedDict|strings|HashMap|readFileSync|registry|map|helpers|Helpers|counter|MAX_ITEMS|maxItems|widget|gadget)\\b";

const roleCache = new Map<string, Map<string, { role: string; approx?: boolean }>>();
/** Role of each matched line of a fixture (by trimmed text), from one `grep --json` run. */
function rolesOf(file: string): Map<string, { role: string; approx?: boolean }> {
  let m = roleCache.get(file);
  if (m) return m;
  const r = run(["grep", "--json", "--regex", WORDS, "--path", join(FIXTURES, file)]);
  expect(r.code).toBe(0);
  m = new Map();
  for (const f of JSON.parse(r.stdout).files) for (const x of f.matches) m.set(x.line_text.trim(), { role: x.role, approx: x.role_approx });
  roleCache.set(file, m);
  return m;
}

for (const c of CASES) {
  describe(`roles: ${c.lang}`, () => {
    for (const [role, line] of Object.entries(c.lines)) {
      test(`${role}: ${line}`, () => {
        const got = rolesOf(c.file).get(line);
        expect(got).toEqual({ role, approx: undefined });
      });
    }
  });
}

describe("roles in text output and the --role filter", () => {
  test("--show-roles shows the role after the line, keeping the N: prefix; the default text has none", () => {
    const r = run(["grep", "--show-roles", "lookup", "--path", join(FIXTURES, "sample.go")]);
    expect(r.stdout).toContain("19:\treturn lookup(name, size) + label  [call]\n");
    expect(r.stdout).toContain("22:func lookup(name string, limit int) string {  @ 22-24 (whole)  [definition]\n");
    expect(run(["grep", "lookup", "--path", join(FIXTURES, "sample.go")]).stdout).not.toContain("[");
  });

  test("--role definition keeps only definitions, across languages; totals follow the filter", () => {
    const r = run(["grep", "--role", "definition", "--max-files", "20", "lookup"], FIXTURES);
    expect(r.code).toBe(0);
    // 10 fixtures define lookup; C declares it twice (prototype and definition).
    expect(r.stdout.split("\n").filter((l) => /^\d+:/.test(l)).length).toBe(11);
    expect(r.stdout.split("\n").filter((l) => /^sample\.|^Sample\./.test(l)).length).toBe(10);
    expect(run(["grep", "--show-roles", "--role", "definition", "--max-files", "20", "lookup"], FIXTURES).stdout).not.toContain("[call]");
    const j = JSON.parse(run(["grep", "--json", "--role", "def,call", "lookup"], FIXTURES).stdout);
    const roles = new Set(j.files.flatMap((f: any) => f.matches.map((m: any) => m.role)));
    expect([...roles].sort()).toEqual(["call", "definition"]);
  });

  test("--role filtering everything away exits 1; an unknown role is an error naming the roles", () => {
    const none = run(["grep", "--role", "import", "lookup"], FIXTURES);
    expect(none.code).toBe(1);
    expect(none.stdout).toStartWith("searched 10 files\n");
    // Never a silent empty: what the filter left out, by role.
    expect(none.stdout).toContain("no match; would match: 22 lines in 10 files without --role import (definition 11, call 10, reference 1)\n");
    const bad = run(["grep", "--role", "definitoin", "lookup"], FIXTURES);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown --role 'definitoin'");
    expect(bad.stderr).toContain("definition, call, import, write, reference, comment, string");
  });

  test("a file shown without a parse gets line-shape roles, flagged approximate (text `?`, JSON role_approx)", () => {
    const big = "def lookup(x):\n    return x\n\nlookup(1)\n" + "# pad\n".repeat(100_000);
    const root = tree({ "big.py": big });
    const r = run(["grep", "--show-roles", "lookup"], root);
    expect(r.stdout).toContain("not grouped by symbol");
    expect(r.stdout).toContain("1:def lookup(x):  [definition?]\n");
    expect(r.stdout).toContain("4:lookup(1)  [call?]\n");
    const j = JSON.parse(run(["grep", "--json", "lookup"], root).stdout);
    expect(j.files[0].matches.map((m: any) => [m.role, m.role_approx])).toEqual([["definition", true], ["call", true]]);
  });

  test("code inside a string interpolation is code; a `string` type keyword is not a string", () => {
    const root = tree({
      "a.py": 'def f(total):\n    return f"sum={total}"\n',
      "b.ts": "let total: string = 'total';\n",
    });
    const j = JSON.parse(run(["grep", "--json", "-w", "total"], root).stdout);
    const py = j.files.find((f: any) => f.path === "a.py").matches.map((m: any) => m.role);
    expect(py).toEqual(["reference", "reference"]);
    const ts = j.files.find((f: any) => f.path === "b.ts").matches.map((m: any) => m.role);
    expect(ts).toEqual(["definition"]);
    const kw = JSON.parse(run(["grep", "--json", "-w", "string"], root).stdout);
    expect(kw.files[0].matches[0].role).toBe("reference");
  });

  test("inside a Rust macro body (an unparsed token tree) the role comes from the line's shape, flagged approximate", () => {
    const root = tree({ "m.rs": "ast_struct! {\n    pub struct ExprThing {\n        body: Box<ExprThing>,\n    }\n}\nfn f(x: ExprThing) {}\n" });
    const j = JSON.parse(run(["grep", "--json", "-w", "ExprThing"], root).stdout);
    expect(j.files[0].matches.map((m: any) => [m.line_number, m.role, m.role_approx ?? false])).toEqual([
      [2, "definition", true],
      [3, "reference", true],
      [6, "reference", false],
    ]);
  });

  test("every fixture line the cases name exists in its file", () => {
    for (const c of CASES) {
      const lines = readFileSync(join(FIXTURES, c.file), "utf8").split("\n").map((l) => l.trim());
      for (const l of Object.values(c.lines)) expect(lines).toContain(l);
    }
  });
});
