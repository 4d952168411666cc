// Which symbols a syntax error makes approximate (engine.ts markApprox): only those whose range
// the error can move. Each expectation on `retransmit` failed before the layout check.
import { describe, expect, test } from "bun:test";
import { extractStructure, type Symbol } from "../../src/structure/index.ts";

const show = (syms: Symbol[]) => syms.map((s) => `${s.kind} ${s.name} @ ${s.startLine}-${s.endLine}${s.approx ? " approx" : ""}`);

// An `else if` opened under `#if` (Linux's tcp_retransmit_timer): tree-sitter-c cannot read the
// `else` after `#if`, an error strictly inside the body.
const BODY = [
  "static int count;",
  "",
  "static void retransmit(int family)",
  "{",
  "\tif (family == 4) {",
  "\t\tcount++;",
  "\t}",
  "#if IS_ENABLED(CONFIG_IPV6)",
  "\telse if (family == 6) {",
  "\t\tcount += 2;",
  "\t}",
  "#endif",
  "\tcount *= 2;",
  "}",
  "",
  "static void after(void)",
  "{",
  "\tcount = 0;",
  "}",
  "",
];

describe("approximate ranges", () => {
  test("an error inside a C function whose closing `}` the layout confirms leaves its range exact", async () => {
    const s = await extractStructure("t.c", BODY.join("\n"));
    expect(s.errorRatio).toBeGreaterThan(0); // the fixture does hold a syntax error
    expect(show(s.symbols)).toEqual(["function retransmit @ 3-14", "function after @ 16-19"]);
  });

  test("a function whose end the layout does not confirm stays approximate", async () => {
    // Its closing brace indented: the first column-0 `}` is not its last line.
    const text = BODY.map((l) => (l === "}" ? " }" : l)).join("\n");
    const s = await extractStructure("t.c", text);
    expect(show(s.symbols).filter((x) => x.includes("retransmit"))[0]).toContain("approx");
  });

  test("an error on a function's head line keeps it approximate", async () => {
    const text = ["static void broken(int a,, int b)", "{", "\treturn;", "}", ""].join("\n");
    const s = await extractStructure("t.c", text);
    expect(s.errorRatio).toBeGreaterThan(0);
    expect(show(s.symbols).join("\n")).toContain("approx");
  });
});
