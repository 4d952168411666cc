import { test, expect } from "bun:test";
import { isDefinition } from "../../src/rank/symbols.ts";

const at = (line: string, ident: string): boolean => {
  const cs = line.indexOf(ident);
  return isDefinition(Buffer.from(line), cs, cs + ident.length, ident);
};

// find's why line said "defines value:184" for OCaml's `static value oldify_todo_list = 0;`:
// after a storage word, an identifier followed by another is the type, not the defined name.
test("after static/const/let/typedef, a type followed by the name is not the definition", () => {
  expect(at("static value oldify_todo_list = 0;", "value")).toBe(false);
  expect(at("const char *name = x;", "char")).toBe(false);
  expect(at("let mut young = 1;", "mut")).toBe(false);
  expect(at("typedef struct heap heap_t;", "struct")).toBe(false);
});

test("a storage word's own name, and definitions by keyword, still count", () => {
  expect(at("const heapSize = 1;", "heapSize")).toBe(true);
  expect(at("var young = []", "young")).toBe(true);
  expect(at("static MAX_HEAP: usize = 3;", "MAX_HEAP")).toBe(true);
  expect(at("class Foo extends Bar {", "Foo")).toBe(true);
  expect(at("fn promote(v: u8) {", "promote")).toBe(true);
});

// find's why line said "defines import:50" for CPython's `from enum import Enum, _simple_enum`:
// the module name `enum` read as the keyword. An import line defines nothing.
test("an import line defines nothing, whatever its module is named", () => {
  expect(at("from enum import Enum, _simple_enum", "import")).toBe(false);
  expect(at("from enum import Enum, _simple_enum", "Enum")).toBe(false);
  expect(at("import type Foo from './foo';", "Foo")).toBe(false);
  expect(at("enum Color { Red }", "Color")).toBe(true);
  expect(at("export type Foo = Bar;", "Foo")).toBe(true);
});

// find's why line said "defines vers:89, vers:141" for Lua's `function vers.parse_version(`:
// a qualified head defines its last part; the tables or types before it are its owners.
test("a qualified definition head defines its last part, never its owner", () => {
  expect(at("function vers.parse_version(vstring)", "vers")).toBe(false);
  expect(at("function vers.parse_version(vstring)", "parse_version")).toBe(true);
  expect(at("function alpha.beta.gamma()", "beta")).toBe(false);
  expect(at("function alpha.beta.gamma()", "gamma")).toBe(true);
  expect(at("function Stack:push(v)", "Stack")).toBe(false);
  expect(at("function Stack:push(v)", "push")).toBe(true);
  expect(at("def Lexer.start", "start")).toBe(true);
  expect(at("fun Throwable.toCoded(): Int {", "toCoded")).toBe(true);
  expect(at("class Foo::Bar < Base", "Foo")).toBe(false);
  expect(at("class Foo::Bar < Base", "Bar")).toBe(true);
  expect(at("namespace App.Core {", "Core")).toBe(true);
  expect(at("function parse(v)", "parse")).toBe(true);
  expect(at("class Foo:", "Foo")).toBe(true);
});

// A trial agent's find on ext4 listed "defines super_block:406, super_block:408": parameter types.
test("struct/union/enum define a type where its body follows, not where a variable or parameter of it is declared", () => {
  expect(at("static int ext4_fill(struct super_block *sb, void *data)", "super_block")).toBe(false);
  expect(at("\tstruct page page;", "page")).toBe(false);
  expect(at("\tstruct page *p = alloc();", "page")).toBe(false);
  expect(at("size = sizeof(struct page);", "page")).toBe(false);
  expect(at("struct super_block {", "super_block")).toBe(true);
  expect(at("struct super_block", "super_block")).toBe(true);
  expect(at("pub enum TagEncoding<V: Idx> {", "TagEncoding")).toBe(true);
  expect(at("enum class Color : int {", "Color")).toBe(true);
});
