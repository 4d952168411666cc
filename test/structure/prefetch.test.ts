import { test, expect, describe } from "bun:test";
import { outlineOperand, prefetchPath } from "../../src/structure/prefetch.ts";
import { extractStructure } from "../../src/structure/index.ts";
import { run, tree } from "../helpers.ts";

describe("background wasm compilation", () => {
  test("outline's file operand is found past options and their values", () => {
    expect(outlineOperand(["outline", "src/a.py"])).toBe("src/a.py");
    expect(outlineOperand(["outline", "--path", "/r", "--max-items", "3", "--json", "b.rs"])).toBe("b.rs");
    expect(outlineOperand(["outline", "--context-json", "c.json", "--", "-odd.go"])).toBe("-odd.go");
    expect(outlineOperand(["outline", "--json"])).toBeUndefined();
  });

  test("a prefetched grammar, a wrong guess and an unprefetched one all give the same symbols", async () => {
    const py = "class A:\n    def f(self):\n        pass\n";
    const rs = "fn main() {}\nstruct S;\n";
    const before = [await extractStructure("a.py", py), await extractStructure("b.rs", rs)].map((s) => s.symbols);
    prefetchPath("x.go");
    prefetchPath("y.c"); // the limit of 2 languages is reached: nothing more starts
    prefetchPath("z.ts");
    const go = await extractStructure("m.go", "package m\nfunc F() {}\n");
    const ts = await extractStructure("m.ts", "export function g() {}\n");
    expect(go.symbols.map((s) => s.name)).toEqual(["F"]);
    expect(ts.symbols.map((s) => s.name)).toEqual(["g"]);
    const after = [await extractStructure("a.py", py), await extractStructure("b.rs", rs)].map((s) => s.symbols);
    expect(after).toEqual(before);
  });

  test("grammars loaded concurrently each get their own module", async () => {
    const [c, lua, java] = await Promise.all([
      extractStructure("a.c", "int main(void) { return 0; }\n"),
      extractStructure("b.lua", "function f() end\n"),
      extractStructure("C.java", "class C { void m() {} }\n"),
    ]);
    expect(c.symbols.map((s) => s.name)).toEqual(["main"]);
    expect(lua.symbols.map((s) => s.name)).toEqual(["f"]);
    expect(java.symbols.map((s) => [s.kind, s.name])).toEqual([["class", "C"], ["method", "m"]]);
  });

  test("the binary's guess from the name never decides the language: a shebang script is still parsed", () => {
    const dir = tree({ "tool": "#!/usr/bin/env python3\ndef main():\n    pass\n", "notes.py": "def f():\n    return 1\n" });
    const r = run(["outline", "tool"], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("language: python");
    expect(r.stdout).toContain("function main @ 2-3");
    const g = run(["grep", "--path", ".", "def"], dir);
    expect(g.stdout).toContain("2:def main():  @ 2-3");
    expect(g.stdout).toContain("1:def f():  @ 1-2");
  });
});

describe("parser input copy (build/build.ts fastParseInput)", () => {
  test("text far past the first input chunk, with astral and accented characters, parses exactly", () => {
    const filler = Array.from({ length: 700 }, (_, i) => `# ${i} é 😀 ü ${"x".repeat(i % 40)}`).join("\n");
    const src = `def café():\n    return "😀"\n${filler}\nclass Später:\n    def ñame(self):\n        return 1\n`;
    const lines = src.split("\n").length - 1;
    const dir = tree({ "big.py": src });
    const r = run(["outline", "big.py"], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("function café @ 1-2");
    expect(r.stdout).toContain(`class Später @ ${lines - 2}-${lines}`);
    expect(r.stdout).toContain(`method ñame @ ${lines - 1}-${lines}`);
  });
});
