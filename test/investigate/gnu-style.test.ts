import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";
import { classifyOccurrence, familyOf, langOf } from "../../src/classify/lexical.ts";

// GNU style puts a C function's return type on the line above its name (`tree` / `build_widget
// (tree type, int n)`). The line-shape pass that picks which of a big tree's candidates are read
// saw only the name line and took it for a call: with more callers than files read, the body's
// file was never read and the header's prototype answered `defined`.
const kind = (line: string, path = "a.c", subject = "build_widget") => {
  const s = line.indexOf(subject);
  return classifyOccurrence(line, s, s + subject.length, -1, familyOf(path), langOf(path)).kind;
};

test("a GNU-style head at column 0 with typed parameters is a definition (C, C++)", () => {
  expect(kind("build_widget (tree type, int n)")).toBe("definition");
  expect(kind("build_widget (const char *name,")).toBe("definition");
  expect(kind("build_widget (vec<tree> &args)", "a.cc")).toBe("definition");
  // Untyped arguments, a prototype, or another language's call stay what they were.
  expect(kind("build_widget (t, n)")).toBe("call");
  expect(kind("build_widget (tree type, int n);")).not.toBe("definition");
  expect(kind("build_widget(new Foo())", "a.js")).toBe("call");
});

test("defined: the GNU-style body outranks the prototype when callers outnumber the files read", () => {
  const files: Record<string, string> = {
    "gcc/tree.h": "#ifndef TREE_H\n#define TREE_H\nextern tree build_widget (tree, int);\n#endif\n",
    "gcc/z/widget.c": "/* Widgets.  */\n#include \"tree.h\"\n\n/* Build a widget of TYPE with N parts.  */\n\ntree\nbuild_widget (tree type, int n)\n{\n  tree t = make_node (WIDGET);\n  TREE_TYPE (t) = type;\n  return t;\n}\n",
  };
  for (let i = 1; i <= 45; i++) files[`gcc/a/user${i}.c`] = `#include "tree.h"\n\nstatic tree\nuse_${i} (tree t)\n{\n  return build_widget (t, ${i});\n}\n`;
  const r = run(["trace", "--json", "subject:build_widget", "relation:defined"], tree(files));
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("gcc/z/widget.c");
  expect(out.files[0].regions[0].kind).toBe("definition");
  expect(out.files[0].regions[0].start_line).toBeLessThanOrEqual(7);
  expect(out.files[0].regions[0].end_line).toBeGreaterThanOrEqual(12);
  expect(out.files[1].path).toBe("gcc/tree.h");
  expect(out.files[1].regions[0].kind).toBe("declaration");
});
