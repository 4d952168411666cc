// Structure of GNU-style C and C++ (issue 20), on excerpts of binutils 2.40, GDB 13.1 and Linux
// 6.1 (fixtures/gnu/, each with its origin and licence): the return type on its own line,
// annotation macros with and without arguments in heads, C++ in `.c` files, and a damaged stretch
// that costs only the symbols it overlaps. Each expectation failed before the change it names.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractStructure, type Symbol } from "../../src/structure/index.ts";
import { maskMacros } from "../../src/structure/macros.ts";
import { layoutUnits } from "../../src/structure/units.ts";
import { C_MACROS } from "../../grammars/c.ts";
import { run } from "../helpers.ts";

const GNU = join(import.meta.dir, "fixtures", "gnu");
const show = (syms: Symbol[]) => syms.map((s) => `${"  ".repeat(s.depth)}${s.kind} ${s.label} @ ${s.startLine}-${s.endLine}${s.approx ? " approx" : ""}`);
const read = (f: string) => readFileSync(join(GNU, f), "utf8");
const outline = async (file: string, text = read(file)) => show((await extractStructure(file, text)).symbols);

describe("GNU-style heads", () => {
  test("a type alone on the line over `Class::name (` is the return type, not an annotation (gdbserver/target.cc)", async () => {
    // Before: `CORE_ADDR` was learned as an annotation macro and blanked in the whole file, so
    // `int\nprocess_stratum_target::read_offsets (CORE_ADDR *text, ...)` parsed as a declaration
    // with a constructor call and its body as an orphan block: read_offsets and get_tls_address
    // were missing and stopped_data_address started a line late.
    const s = await extractStructure("target.cc", read("target.cc"));
    expect(show(s.symbols)).toEqual([
      "function process_stratum_target::stopped_by_watchpoint @ 4-8",
      "function process_stratum_target::stopped_data_address @ 10-14",
      "function process_stratum_target::supports_read_offsets @ 16-20",
      "function process_stratum_target::supports_memory_tagging @ 22-26",
      "function process_stratum_target::fetch_memtags @ 28-33",
      "function process_stratum_target::store_memtags @ 35-40",
      "function process_stratum_target::read_offsets @ 42-46",
      "function process_stratum_target::supports_get_tls_address @ 48-52",
      "function process_stratum_target::get_tls_address @ 54-61",
    ]);
    expect(s.errorRatio).toBe(0);
  });

  test("annotation macros after a parameter, after a prototype and ending a head line (gold, gdbserver, gdb testsuite)", async () => {
    // Before: `int mode ATTRIBUTE_UNUSED)` broke dlopen's head (approx), and `static int
    // __attribute__((used, noinline)) ATTRIBUTE_NOCLONE` over `foo (void)` named the function
    // ATTRIBUTE_NOCLONE (twice).
    const s = await extractStructure("annotations.cc", read("annotations.cc"));
    expect(show(s.symbols)).toEqual([
      "function dlopen @ 5-9",
      "function dlsym @ 11-16",
      "function trace_vdebug @ 20-30",
      "function foo @ 32-40",
      "function bar @ 42-49",
    ]);
    expect(s.errorRatio).toBe(0);
  });

  test("annotation calls in aggregate and declaration heads are learned from the file", async () => {
    // The shapes of issue 20 (`struct GTY(()) cpp_reader {` came out as `function GTY`), with
    // the annotation macro defined nowhere in the file.
    const text = [
      "struct GTY(()) cpp_reader {",
      "  int x;",
      "};",
      "struct GTY((chain_next (\"%h.next\"))) line_map {",
      "  struct line_map *next;",
      "};",
      "class GTY((user)) vec_x {",
      "  int q;",
      "};",
      "typedef struct GTY(()) tag_s {",
      "  int q;",
      "} tag_t;",
      "struct alignas(16) aligned_s {",
      "  int w;",
      "};",
      "static GTY(()) tree saved_tree;",
      "static void ATTRIBUTE_PRINTF (1, 2)",
      "report (const char *fmt, ...)",
      "{",
      "}",
      "",
    ].join("\n");
    const expected = [
      "struct cpp_reader @ 1-3",
      "struct line_map @ 4-6",
      "class vec_x @ 7-9",
      "type tag_t @ 10-12",
      "  struct tag_s @ 10-12",
      "struct aligned_s @ 13-15",
      "function report @ 17-20",
    ];
    expect(await outline("gty.cc", text)).toEqual(expected);
    // As C (no classes): the same, less the class.
    expect(await outline("gty.c", text.replace("class GTY((user)) vec_x", "struct GTY((user)) vec_x"))).toEqual(expected.map((l) => l.replace("class vec_x", "struct vec_x")));
  });

  test("a macro that builds an aggregate's name is no annotation (libiberty/regex.c)", () => {
    // binutils 2.40 libiberty/regex.c 1443-1449 (LGPL-2.1-or-later, Copyright (C) 1993-2023 Free
    // Software Foundation, Inc.): PREFIX(x) expands to byte_x or wcs_x.
    const text = "union PREFIX(fail_stack_elt)\n{\n  UCHAR_T *pointer;\n  long int integer;\n};\n\ntypedef union PREFIX(fail_stack_elt) PREFIX(fail_stack_elt_t);\nstatic PREFIX(fail_stack_type) fail_stack;\n";
    expect(maskMacros(text, C_MACROS)).toBe(text);
  });
});

describe("one error costs only what it overlaps", () => {
  test("a prototype the C grammar cannot read ends at its `;`, and what follows keeps its ranges (gdb/ada-lang.c)", async () => {
    // Before: `static void add_component_interval (LONGEST, LONGEST, std::vector<LONGEST> &);`
    // ran on as a K&R function to line 42, with utf8_entry inside it (approx, one line short)
    // and its operator< lost.
    expect(await outline("ada-lang.c")).toEqual([
      "struct utf8_entry @ 27-42",
      "  method operator< @ 38-41",
      "variable ada_case_fold @ 44-47 approx", // its brace list holds an #include
      "struct cache_entry @ 53-67",
      "struct ada_symbol_cache @ 80-87 approx", // a C++ brace initializer C cannot read: its own error
    ]);
  });

  test("C++ definitions in a .c file take the C++ reading unit by unit (gdb/alpha-bsd-nat.c)", async () => {
    // Before: `alpha_bsd_nat_target::fetch_registers` read as C: `function alpha_bsd_nat_target`
    // (approx), and the class head approx.
    const s = await extractStructure("alpha-bsd-nat.c", read("alpha-bsd-nat.c"));
    expect(s.language).toBe("c");
    expect(show(s.symbols)).toEqual([
      "struct alpha_bsd_nat_target @ 4-8",
      "function getregs_supplies @ 14-19",
      "function alpha_bsd_nat_target::fetch_registers @ 24-53",
    ]);
    expect(s.errorRatio).toBe(0);
  });

  test("layout units: a definition ends at its column-0 brace, a declaration at its `;`", () => {
    const text = [
      "static int f (int,", // 0: a prototype over two lines
      "              int);",
      "/* a comment; with a brace { */",
      "static inline void",
      "g (int a)",
      "{",
      "  if (a) {",
      "    h ();",
      "  }",
      "}",
      "#define X {",
      "struct s {",
      "  int a;",
      "};",
      "",
    ].join("\n");
    const units = layoutUnits(text, 0, text.length)!.map(([a, b]) => text.slice(a, b).trim().split("\n")[0]!.trim() + " .. " + text.slice(a, b).trim().split("\n").pop()!.trim());
    expect(units).toEqual([
      "static int f (int, .. int);",
      "/* a comment; with a brace { */ .. }",
      "#define X { .. };",
    ]);
    expect(layoutUnits(text, 0, text.length, 2)).toBeNull();
  });
});

describe("a C function's range is its syntax", () => {
  test("the EXPORT_SYMBOL line after a function is attached, not in its range (kernel/irq/manage.c)", async () => {
    // Before: `synchronize_hardirq @ 4-15`, the EXPORT_SYMBOL line inside the range.
    const s = await extractStructure("manage.c", read("manage.c"));
    expect(show(s.symbols)).toEqual(["function synchronize_hardirq @ 4-14", "function synchronize_irq @ 32-46"]);
    expect(s.symbols.map((x) => x.attachedEnd)).toEqual([15, 47]);
  });

  test("outline --json ends at the brace; grep still groups the EXPORT_SYMBOL match under the function", () => {
    const root = join(GNU);
    const o = run(["outline", "--json", "manage.c"], root);
    expect(o.code).toBe(0);
    const doc = JSON.parse(o.stdout);
    const first = JSON.stringify(doc).match(/"label":"synchronize_hardirq"[^}]*"end_line":(\d+)/);
    expect(first?.[1]).toBe("14");
    const g = run(["grep", "-n", "synchronize_hardirq", "manage.c"], root);
    expect(g.code).toBe(0);
    const lines = g.stdout.split("\n");
    // The function prints whole under a heading with its range (its doc comment leads it, and
    // the heading names the attached EXPORT_SYMBOL line it lists).
    expect(lines).toContain("function synchronize_hardirq @ 4-14 (comment from 1) (and line 15) (whole)");
    const head = lines.findIndex((l) => l.startsWith("4:bool synchronize_hardirq(unsigned int irq)"));
    expect(head).toBeGreaterThanOrEqual(0);
    const exported = lines.findIndex((l) => /^15:EXPORT_SYMBOL\(synchronize_hardirq\);/.test(l));
    expect(exported).toBeGreaterThan(head);
    expect(lines.slice(head, exported).some((l) => l.includes("<file scope>"))).toBe(false);
    // ... and the function holding it is no "other" symbol without a match.
    const e = run(["grep", "-n", "--other", "EXPORT_SYMBOL", "manage.c"], root);
    expect(e.stdout).toContain("15:EXPORT_SYMBOL(synchronize_hardirq);");
    expect(e.stdout.split("\n").filter((l) => l.trimStart().startsWith("other:")).join("\n")).not.toContain("synchronize_hardirq");
  });
});
