import { test, expect, describe } from "bun:test";
import { run, tree } from "../helpers.ts";
import { signatureEnd } from "../../src/investigate/signature.ts";

const end = (text: string, name: string) => {
  const lines = text.split("\n");
  const re = new RegExp(`\\b${name}\\s*(?:<[^()]*>)?\\(`);
  const l = lines.findIndex((x) => re.test(x));
  const at = re.exec(lines[l]!)!;
  return signatureEnd(lines, l + 1, at.index + at[0].length - 1);
};

describe("signatureEnd: what follows a parameter list, across lines", () => {
  test("a prototype over several lines ends in ;", () => {
    expect(end("struct page *__alloc_pages(gfp_t gfp, unsigned int order,\n\t\tint preferred_nid, nodemask_t *nodemask);\n", "__alloc_pages")).toEqual({ kind: "declaration", line: 2 });
  });
  test("a body, after attributes, qualifiers, trailing return types, comments", () => {
    expect(end("int f(int a,\n      int b) /* note */ __attribute__((cold))\n{\n", "f")?.kind).toBe("body");
    expect(end("auto Widget::size() const noexcept -> std::pair<int, int> {\n", "size")?.kind).toBe("body");
    expect(end("Widget::Widget(int a)\n    : a_(a), b_(f(a)) {\n}\n", "Widget")?.kind).toBe("body");
    expect(end("fn parse<'a>(s: &'a str) -> Result<Vec<u8>, Error> {\n", "parse")?.kind).toBe("body");
  });
  test("C++ pure virtual and deleted members declare; a Rust trait's required method declares", () => {
    expect(end("  virtual void Run(int n) = 0;\n", "Run")?.kind).toBe("declaration");
    expect(end("  Widget(const Widget&) = delete;\n", "Widget")?.kind).toBe("declaration");
    expect(end("    fn poll(&mut self, cx: &mut Context<'_>) -> Poll<()>;\n", "poll")?.kind).toBe("declaration");
  });
  // (A call statement, `g(b);`, reads as a prototype: the caller asks only of lines shaped as a head.)
  test("a call inside an expression is neither", () => {
    expect(end("\treturn f(a) + g(b);\n", "f")).toBeNull();
    expect(end("x = (f(a));\n", "f")).toBeNull();
  });
});

// A prototype in a header and the body in a .c file: defined ranks the body first and shows the
// prototype as the next region, labelled as a declaration (issue 19). The header comes first in
// path order and is shallower, so without reading past the line the two would tie.
describe("defined prefers the body over a prototype or forward declaration", () => {
  const header = [
    "#ifndef WIDGET_H", "#define WIDGET_H", "", "struct widget;", "",
    "/* Attach a widget to its parent. */",
    "int widget_attach(struct widget *w, struct widget *parent,", "\t\t  unsigned int flags);", "",
    "static inline int widget_attach_root(struct widget *w)", "{", "\treturn widget_attach(w, NULL, 0);", "}", "", "#endif", "",
  ].join("\n");
  const body = [
    "#include \"widget.h\"", "", "struct widget {", "\tstruct widget *parent;", "\tunsigned int flags;", "};", "",
    "int widget_attach(struct widget *w, struct widget *parent,", "\t\t  unsigned int flags)", "{",
    "\tw->parent = parent;", "\tw->flags = flags;", "\treturn 0;", "}", "",
  ].join("\n");
  // GNU style: the return type on its own line, the name at column 0, a macro-typed parameter.
  const gnuHeader = "extern void get_canonical_qnan (REAL_VALUE_TYPE *, int);\n";
  const gnu = [
    "#include \"real.h\"", "", "/* Return a canonical quiet NaN.  */", "", "static inline void",
    "get_canonical_qnan (REAL_VALUE_TYPE *r, int sign)", "{", "  memset (r, 0, sizeof (*r));", "  r->cl = rvc_nan;",
    "  r->sign = sign;", "}", "", "void", "use_it (REAL_VALUE_TYPE *r)", "{", "  get_canonical_qnan (r, 0);", "}", "",
  ].join("\n");
  const root = tree({ "include/widget.h": header, "lib/core/widget.c": body, "gcc/real.h": gnuHeader, "gcc/real.cc": gnu });
  test("a prototype over two lines", () => {
    const r = run(["trace", "--json", "subject:widget_attach", "relation:defined"], root);
    expect(r.code).toBe(0);
    const files = JSON.parse(r.stdout).files;
    expect(files[0].path).toBe("lib/core/widget.c");
    expect(files[0].regions[0]).toMatchObject({ kind: "definition", start_line: 8, end_line: 14 });
    const h = files.find((f: { path: string }) => f.path === "include/widget.h");
    expect(h.regions.find((x: { kind: string }) => x.kind === "declaration")).toMatchObject({ start_line: 6, end_line: 8 });
  });
  test("a forward declaration of a struct is a declaration, its body the definition", () => {
    const files = JSON.parse(run(["trace", "--json", "subject:widget", "relation:defined"], root).stdout).files;
    expect(files[0].path).toBe("lib/core/widget.c");
    expect(files[0].regions[0]).toMatchObject({ kind: "definition", start_line: 3, end_line: 6 });
  });
  test("GNU style: the name at column 0 under its return type", () => {
    const files = JSON.parse(run(["trace", "--json", "subject:get_canonical_qnan", "relation:defined"], root).stdout).files;
    expect(files[0].path).toBe("gcc/real.cc");
    expect(files[0].regions[0]).toMatchObject({ kind: "definition" });
    expect(files[0].regions[0].start_line).toBeLessThanOrEqual(6);
    expect(files[0].regions[0].end_line).toBe(11);
    expect(files.find((f: { path: string }) => f.path === "gcc/real.h").regions[0].kind).toBe("declaration");
  });
});
