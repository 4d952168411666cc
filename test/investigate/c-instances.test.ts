import { test, expect, describe } from "bun:test";
import { run, tree } from "../helpers.ts";
import { classifyOccurrence, familyOf, langOf } from "../../src/classify/lexical.ts";

// C's struct keyword also writes the type's instances: an ops table with an attribute macro after
// or before its name (`struct file_operations fops __maybe_unused = {`), a name pasted in a macro
// (`key_ ##name## _ops = {`), or a `static const struct x` whose name is on the next line. Read as
// definitions of the type, drivers full of such tables outranked the one header that defines it.
const kind = (line: string, subject = "file_operations", path = "a.c") => {
  const s = line.indexOf(subject);
  return classifyOccurrence(line, s, s + subject.length, -1, familyOf(path), langOf(path)).kind;
};

describe("C struct instances are not the type's definition", () => {
  test("an instance with attribute macros is an implementation (an ops table)", () => {
    expect(kind("static const struct file_operations altr_fops __maybe_unused = {")).toBe("implementation");
    expect(kind("static const struct file_operations __maybe_unused mem_fops = {")).toBe("implementation");
    expect(kind("static const struct file_operations key_ ##name## _ops = {\t\t\\")).toBe("implementation");
    expect(kind("static const struct file_operations")).toBe("implementation");
  });
  test("an annotated pointer or declaration is a reference", () => {
    expect(kind("struct file_operations __rcu *f_op;")).toBe("reference");
    expect(kind("static struct file_operations foo_fops __initdata;")).toBe("reference");
    expect(kind("size_t fops_size(struct file_operations const *fops);")).toBe("reference");
  });
  test("the type's own head still defines it", () => {
    expect(kind("struct file_operations {")).toBe("definition");
    expect(kind("struct file_operations")).toBe("definition");
    expect(kind("struct file_operations;")).toBe("declaration");
  });
});

test("defined: the header with the struct body outranks files full of instances", () => {
  const tables = (n: number) => Array.from({ length: n }, (_, i) =>
    `static const struct dev_ops dev${i}_ops __maybe_unused = {\n\t.open = dev${i}_open,\n};\n`).join("\n");
  const dir = tree({
    "include/ops.h": "#ifndef OPS_H\n#define OPS_H\nstruct file;\n\nstruct dev_ops {\n\tint (*open)(struct file *);\n\tint (*release)(struct file *);\n};\n\nextern const struct dev_ops *default_ops;\n#endif\n",
    "drivers/a.c": `#include "ops.h"\n${tables(4)}`,
    "drivers/b.c": `#include "ops.h"\n#define OPS(name) \\\nstatic const struct dev_ops name ##_ops = { \\\n\t.open = name##_open, \\\n}\nOPS(x);\n${tables(3)}`,
    "drivers/c.c": `#include "ops.h"\nstatic const struct dev_ops\nc_ops = {\n\t.open = c_open,\n};\n${tables(2)}`,
  });
  const r = run(["trace", "--json", "subject:dev_ops", "relation:defined"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("include/ops.h");
  expect(out.files[0].regions[0].start_line).toBe(5);
  expect(out.files[0].regions[0].kind).toBe("definition");
});
