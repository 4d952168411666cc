// Structure of macro-heavy C and C++ (kernel, driver and library shapes): annotation macros are
// never names, macro loops and statement macros never functions, macro-made definitions read as
// their macro, and a broken parse never runs a symbol over the definitions after it; symbols
// whose range overlaps a syntax error are marked approximate.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { detectLanguage, extractStructure, type Symbol } from "../../src/structure/index.ts";
import { maskMacros } from "../../src/structure/macros.ts";
import { C_MACROS } from "../../grammars/c.ts";
import { run, tree } from "../helpers.ts";

const FIXTURES = join(import.meta.dir, "fixtures");
const show = (syms: Symbol[]) => syms.map((s) => `${"  ".repeat(s.depth)}${s.kind} ${s.label} @ ${s.startLine}-${s.endLine}${s.approx ? " approx" : ""}`);
const outline = async (file: string, text: string) => show((await extractStructure(file, text)).symbols);

describe("C macro shapes (fixtures/macros.c)", () => {
  test("every definition under its own name and range", async () => {
    const text = readFileSync(join(FIXTURES, "macros.c"), "utf8");
    expect(await outline("macros.c", text)).toEqual([
      "function foo_init @ 2-5", // static int __init foo_init(void)
      "function foo_exit @ 7-9", // __exit; its module_exit(foo_exit); line is attached, not in the range
      "function fast @ 12-12", // static __always_inline int
      "function slow @ 13-13", // noinline
      "function maybe @ 14-14", // __maybe_unused
      "function cold_path @ 15-15", // __cold
      "function entry_fn @ 16-16", // asmlinkage __visible ... notrace
      "function weak_fn @ 17-17", // __weak
      "function checked @ 18-18", // __must_check
      "function logf @ 19-19", // __printf(2, 3)
      "function net_setup @ 20-20", // typedef return type, then an annotation
      "function win_main @ 21-21", // unknown ALL_CAPS word after a complete type: learned
      "function sqlite_fn @ 22-22", // unknown ALL_CAPS word before a type keyword: learned
      "function map_regs @ 23-23", // __iomem in the return type and a parameter
      "function set_skip_buddy @ 25-29", // a brace-less macro loop stays inside its function
      "function walk @ 31-39", // braced macro loop, type argument (EXPORT_SYMBOL_GPL line attached)
      "function SYSCALL_DEFINE3(read, …) @ 42-45", // a definition made by a macro
      "function after_flags @ 50-53", // statement macros without `;` before it
      "function define_machine(board) @ 55-57", // a macro-made initializer: its body is no C block, but its `};` at column 0 confirms the end
      "function alt_head @ 60-66", // two heads in #ifdef/#else, one body
      "function last @ 68-71",
    ]);
  });

  test("no symbol is named after a keyword, a type or an annotation", async () => {
    const s = await extractStructure("macros.c", readFileSync(join(FIXTURES, "macros.c"), "utf8"));
    for (const sym of s.symbols) expect(sym.name).not.toMatch(/^(?:void|int|se|__\w+|noinline|asmlinkage|notrace|for_each_\w+|list_for_each\w*)$/);
  });

  test("masking keeps every line and column", () => {
    const text = readFileSync(join(FIXTURES, "macros.c"), "utf8");
    const masked = maskMacros(text, C_MACROS);
    expect(masked.length).toBe(text.length);
    expect(masked.split("\n").map((l) => l.length)).toEqual(text.split("\n").map((l) => l.length));
    expect(masked).toContain("static int        foo_init(void)");
    expect(masked).toContain("\twhile                (se)\n");
  });

  test("a #define of an annotation keeps its name", async () => {
    const text = "#define __init __section(\".init.text\")\n#define notrace __attribute__((no_instrument_function))\n";
    expect(await outline("init.h", text)).toEqual([]);
    expect(maskMacros(text, C_MACROS)).toBe(text);
  });

  test("macro loops in all their forms stay statements", async () => {
    const text = [
      "static void f(struct list_head *head, unsigned long *mask)",
      "{",
      "\tstruct item *pos, *n;",
      "\tint bit;",
      "",
      "\tlist_for_each_entry_safe(pos, n, head, node)",
      "\t\tkfree(pos);",
      "\tfor_each_set_bit(bit, mask, 64) {",
      "\t\tif (bit)",
      "\t\t\tcontinue;",
      "\t}",
      "\tif (head)",
      "\t\thlist_for_each_entry(pos, head, node)",
      "\t\t\tpos->x = 0;",
      "\telse",
      "\t\treturn;",
      "}",
      "",
      "static int g(void)",
      "{",
      "\treturn 0;",
      "}",
      "",
    ].join("\n");
    const s = await extractStructure("loops.c", text);
    expect(show(s.symbols)).toEqual(["function f @ 1-17", "function g @ 19-22"]);
    expect(s.errorRatio).toBe(0);
  });
});

describe("broken parses never swallow the next definition", () => {
  // Regression: grep grouped a hit in kernel/sched/fair.c under `function set_skip_buddy @
  // 7654-12575`: a macro loop with its statement on the same line broke the parse, and the
  // function ran to the end of the file.
  const text = readFileSync(join(FIXTURES, "runaway.c"), "utf8");

  test("each symbol ends before the next definition, and the broken ones say approx", async () => {
    expect(await outline("fair.c", text)).toEqual([
      "function first_fn @ 1-4",
      "function set_skip_buddy @ 6-9 approx",
      "function second @ 11-14", // its head was inside the parser's ERROR node: re-parsed alone, exact
      "struct after @ 16-18",
      "function clean_fn @ 20-23", // and the definitions after the error keep their exact ranges
    ]);
  });

  test("the real fair.c shape: an unbraced macro loop is a loop", async () => {
    const t = text.replace("for_each_sched_entity(se) cfs_rq_of", "for_each_sched_entity(se)\n\t\tcfs_rq_of");
    const s = await extractStructure("fair.c", t);
    expect(show(s.symbols)).toEqual(["function first_fn @ 1-4", "function set_skip_buddy @ 6-10", "function second @ 12-15", "struct after @ 17-19", "function clean_fn @ 21-24"]);
    expect(s.errorRatio).toBe(0);
  });

  test("a function whose head the parser lost inside an ERROR node is still found", async () => {
    // An `#ifdef` with a brace in one branch, as in tools/power/x86/intel-speed-select.
    const t = [
      "static void daemonize(char *rundir)",
      "{",
      "#ifdef LOCKF_SUPPORT",
      "\tif (lockf(fd, F_TLOCK, 0) == -1) {",
      "#else",
      "\tif (flock(fd, LOCK_EX) < 0) {",
      "#endif",
      "\t\texit(1);",
      "\t}",
      "}",
      "",
      "int after(void)",
      "{",
      "\treturn 0;",
      "}",
      "",
    ].join("\n");
    expect(await outline("d.c", t)).toEqual(["function daemonize @ 1-10", "function after @ 12-15"]);
  });
});

describe("aggregates a broken parse lost are found by line shape", () => {
  test("structs whose fields are macro-built (arch/mips/include/uapi/asm/inst.h)", async () => {
    const text = [
      "struct u_format {\t\t\t/* unsigned immediate format */",
      "\t__BITFIELD_FIELD(unsigned int opcode : 6,",
      "\t__BITFIELD_FIELD(unsigned int rs : 5,",
      "\t;))",
      "};",
      "",
      "struct c_format {",
      "\t__BITFIELD_FIELD(unsigned int opcode : 6,",
      "\t;)",
      "};",
      "",
    ].join("\n");
    expect(await outline("inst.h", text)).toEqual(["struct u_format @ 1-5 approx", "struct c_format @ 7-10 approx"]);
  });
});

describe("C++ annotation macros", () => {
  test("a header including a standard C++ header (no extension) is C++; one including C headers is C", async () => {
    expect(detectLanguage("gmock-matchers.h", "// Copyright\n#ifndef X_H_\n#include <algorithm>\n#include <cmath>\n")).toBe("cpp");
    expect(detectLanguage("fwd.h", "class Matcher;\nint f(void);\n")).toBe("cpp");
    // The includes below a long licence (gmock-matchers.h: line 258) still decide.
    const longLicence = "// licence line that goes on and on\n".repeat(300) + "#include <algorithm>\nnamespace testing {\nclass A { };\n}\n";
    expect((await extractStructure("gmock-matchers.h", longLicence)).language).toBe("cpp");
    expect(detectLanguage("types.h", "/* virtual address */\n#include <linux/types.h>\n#include <stdio.h>\nstruct class *class;\n")).toBe("c");
  });

  test("export macros in class heads and before types are never names", async () => {
    const text = [
      "namespace app {",
      "class Q_CORE_EXPORT Widget : public Base {",
      "public:",
      "    Q_INVOKABLE void paint();",
      "    Widget() {}",
      "};",
      "class LLVM_LIBRARY_VISIBILITY Pass {",
      "    int run();",
      "};",
      "API_EXPORT int free_fn(int x) { return x; }",
      "int Widget::height() const { return 0; }",
      "}",
      "",
    ].join("\n");
    expect(await outline("w.cpp", text)).toEqual([
      "module app @ 1-12",
      "  class Widget @ 2-6",
      "    method Widget @ 5-5",
      "  class Pass @ 7-9",
      "  function free_fn @ 10-10",
      "  function Widget::height @ 11-11",
    ]);
  });

  test("an export macro in a class head alone on its line is no name, with LF or CRLF line ends", async () => {
    // JUCE writes CRLF and puts the brace on the next line (test/fixtures/members/juce/juce_MemoryBlock.h):
    // the CRLF head was read as a function named MemoryBlock over the whole class.
    const text = readFileSync(join(import.meta.dir, "..", "fixtures", "members", "juce", "juce_MemoryBlock.h"), "utf8");
    expect(text.includes("class JUCE_API  MemoryBlock\r\n{")).toBe(true);
    // `JUCE_LEAK_DETECTOR (MemoryBlock)` last in the class, without a `;`, is a statement macro: no
    // error node in the class (it made the symbols approximate).
    const want = ["module juce @ 23-67", "  class MemoryBlock @ 26-65"];
    expect(await outline("juce_MemoryBlock.h", text)).toEqual(want);
    expect(await outline("juce_MemoryBlock.h", text.replace(/\r\n/g, "\n"))).toEqual(want);
  });

  test("a macro loop in a function body is no function", async () => {
    const text = "void f(QList<int> xs) {\n    Q_FOREACH (int x, xs) {\n        use(x);\n    }\n}\n";
    expect(await outline("f.cpp", text)).toEqual(["function f @ 1-5"]);
  });
});

describe("grep roles on masked macros (compiled binary)", () => {
  test("a macro loop or statement macro the parser never saw is still a call", () => {
    const root = tree({ "m.c": readFileSync(join(FIXTURES, "macros.c"), "utf8") });
    const r = run(["grep", "--show-roles", "--full-region", "never", "-e", "for_each_sched_entity", "-e", "list_for_each_entry", "-e", "BTF_ID_FLAGS", "m.c"], root);
    expect(r.code).toBe(0);
    const roles = r.stdout.split("\n").filter((l) => /^\d+:/.test(l)).map((l) => l.replace(/^(\d+):/, "$1: ").trim().replace(/\s+\[/, " ["));
    expect(roles).toEqual([
      "27: \tfor_each_sched_entity(se) [call]",
      "35: \tlist_for_each_entry(pos, head, node) { [call]",
      "47: BTF_ID_FLAGS(func, bpf_a, 0) [call]",
      "48: BTF_ID_FLAGS(func, bpf_b, 0) [call]",
    ]);
  });
});

// Linux mm/vmalloc.c: a top-level macro call over two lines (`RB_DECLARE_CALLBACKS_MAX(static,
// cb,\n\tstruct vmap_area, ...)`) was blanked with its newline, so every range after it was one
// line early (`vmalloc_nr_pages @ 872-875` for 873-876), in grep, find and outline alike.
test("a macro call over several lines keeps the rows after it", async () => {
  const text = "RB_DECLARE_CALLBACKS_MAX(static, augment_cb,\n\tstruct vmap_area, rb_node, unsigned long, subtree_max_size, va_size)\n\nstatic long nr_pages;\n\nunsigned long vmalloc_nr_pages(void)\n{\n\treturn nr_pages;\n}\n\nint f(int a __attribute__((unused,\n\t\taligned(8))))\n{\n\treturn 0;\n}\n\nint g(void)\n{\n\treturn 1;\n}\n";
  const syms = await outline("vm.c", text);
  expect(syms).toContain("function vmalloc_nr_pages @ 6-9");
  expect(syms).toContain("function g @ 17-20");
  const masked = maskMacros(text, C_MACROS);
  expect(masked.length).toBe(text.length);
  expect(masked.split("\n").length).toBe(text.split("\n").length);
});
