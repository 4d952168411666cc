// Ranking signals for hard queries (issue 14): each test builds a fixture tree where the signal,
// and only it, decides the order or the evidence, so removing the signal fails the test.
import { test, expect, describe } from "bun:test";
import { tree } from "../helpers.ts";
import { rankFind, headerSpans, passageMasks, docBlocks, definedName, learnNames, PASSAGE_BYTES } from "../../src/rank/find.ts";
import { buildQuery, matchQuality, TokenMatcher } from "../../src/rank/find-query.ts";

async function rank(root: string, ...words: string[]) {
  return rankFind(buildQuery(words), {
    walk: { root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] },
    maxFiles: 10,
    structureFor: 0,
  });
}
/** Files without query words, so that the query's words are rare in the fixture as in a real tree. */
const pads = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`pad/p${i}.h`, `int p${i};\n`]));
const paths = (r: Awaited<ReturnType<typeof rank>>) => r.ranked.map((f) => f.path);
const headerText = (src: string) => {
  const b = Buffer.from(src);
  return headerSpans(b).map(([a, e]) => b.toString("latin1", a, e)).join("\n");
};

describe("a file's description past pragmas and license notices", () => {
  test("a Ruby magic comment is not the description; the module's comment below it is", () => {
    const rb = "# frozen_string_literal: true\n\nmodule Sequel\n  module Plugins\n    # Ensures that concurrent updates do not override changes.\n    module OptimisticLocking\n      def x; end\n    end\n  end\nend\n";
    const h = headerText(rb);
    expect(h).toContain("concurrent updates");
    expect(h).not.toContain("frozen");
  });
  test("a PHP/Symfony-style notice ('This file is part of', '(c) Name <mail>') is a license", () => {
    const php =
      "<?php declare(strict_types=1);\n\n/*\n * This file is part of the Monolog package.\n *\n * (c) Jordi Boggiano <j.boggiano@seld.be>\n *\n * For the full copyright and license information, please view the LICENSE\n * file that was distributed with this source code.\n */\n\nnamespace Monolog\\Handler;\n\nuse Monolog\\Logger;\n\n/**\n * Buffers all records until a certain level is reached\n */\nclass FingersCrossedHandler extends Handler\n{\n}\n";
    const h = headerText(php);
    expect(h).toContain("Buffers all records");
    expect(h).not.toContain("Monolog package");
  });
  test("Go's license notice ('Use of this source code is governed by ...') is no description", () => {
    const go = "// Copyright 2009 The Go Authors. All rights reserved.\n// Use of this source code is governed by a BSD-style\n// license that can be found in the LICENSE file.\n\n// Package http provides HTTP client and server implementations.\npackage http\n";
    const h = headerText(go);
    expect(h).toContain("Package http provides");
    expect(h).not.toContain("source code");
  });
  test("a Python module docstring after the copyright comment lines is the description (Twisted's layout)", () => {
    const py = '# -*- test-case-name: twisted.internet.test.test_default -*-\n# Copyright (c) Twisted Matrix Laboratories.\n# See LICENSE for details.\n\n"""\nThe most suitable default reactor for the current platform.\n\nDepending on a specific application\'s needs, some other reactor may in\nfact be better.\n"""\n\n__all__ = ["install"]\n';
    const h = headerText(py);
    expect(h).toContain("default reactor for the current platform");
    expect(h).not.toContain("Copyright");
    // After code, a triple-quoted string is a value, not the module's description.
    expect(headerText('x = 1\n"""\nNot the description of this module at all.\n"""\n')).toBe("");
  });
  test("authors' mail lines do not turn a description into a license", () => {
    const c =
      "// SPDX-License-Identifier: GPL-2.0+\n/*\n * Read-Copy Update mechanism for mutual exclusion (tree-based version)\n *\n * Copyright IBM Corporation, 2008\n *\n * Authors: Dipankar Sarma <dipankar@in.ibm.com>\n *\t    Manfred Spraul <manfred@colorfullife.com>\n *\t    Paul E. McKenney <paulmck@linux.ibm.com>\n */\n#include <linux/types.h>\n";
    const h = headerText(c);
    expect(h).toContain("Read-Copy Update");
    expect(h).not.toContain("dipankar");
  });
  test("the doc comment of a type that says the query counts as the file's description", async () => {
    const root = tree({
      "src/util.php": "<?php\n/* Utilities for strings. */\nfunction f() {\n}\n/**\n * Keeps log records in memory until an error happens.\n */\nclass Buffered {\n}\n",
      "src/other.php": "<?php\n/* Utilities for strings. */\nfunction f() {\n  // log records\n}\nfunction g() {\n  // memory and error\n}\n",
    });
    const r = await rank(root, "keep", "log", "records", "in", "memory", "until", "error");
    const f = r.ranked.find((x) => x.path === "src/util.php")!;
    expect(f.components.header).toBeGreaterThan(0);
    expect(f.docAt?.name).toBe("Buffered");
    expect(r.ranked.find((x) => x.path === "src/other.php")!.components.header).toBe(0);
  });
});

describe("compounds and composites", () => {
  test("a compound's abbreviated part has no vowel: context is not con(sole) + text", () => {
    const m = new TokenMatcher(buildQuery(["text", "console"]).terms);
    expect(m.match("context")).toEqual([]);
    expect(new TokenMatcher(buildQuery(["frame", "buffer"]).terms).match("fbdev")).toEqual([]);
  });
  test("a three-letter English word is not an abbreviation (for is not forwarding); dir still is directory", () => {
    expect(matchQuality("for", buildQuery(["forwarding"]).terms[0]!)).toBe(0);
    expect(matchQuality("all", buildQuery(["allocating"]).terms[0]!)).toBe(0);
    expect(matchQuality("dir", buildQuery(["directory"]).terms[0]!)).toBeGreaterThan(0);
  });
  test("an acronym of adjacent words with another query word from anywhere (fbcon)", () => {
    const q = buildQuery(["text", "console", "drawn", "on", "a", "frame", "buffer"]);
    const hits = new TokenMatcher(q.terms, q.composites).match("fbcon").map(([t]) => q.terms[t]!.word);
    expect(hits).toEqual(["console", "frame", "buffer"]);
  });
  test("a query naming a data file's extension does not demote it as a file of unknown role", async () => {
    const root = tree({ "arch/syscall_64.tbl": "0 common read sys_read\n", "arch/notes.xyz": "syscall numbers\n" });
    const named = await rank(root, "syscall", "table");
    expect(named.ranked.find((f) => f.path === "arch/syscall_64.tbl")!.components.roleFactor).toBe(1);
    const unnamed = await rank(root, "syscall", "numbers");
    expect(unnamed.ranked.find((f) => f.path === "arch/notes.xyz")!.components.roleFactor).toBeLessThan(1);
  });
});

describe("passage: most of the query said in one place", () => {
  test("passageMasks keeps the term sets said within PASSAGE_BYTES, maximal ones only", () => {
    const occ: Array<[number, number]> = [[0, 1], [10, 2], [20, 4], [PASSAGE_BYTES + 100, 8], [PASSAGE_BYTES + 110, 1], [PASSAGE_BYTES + 120, 16]];
    // {0,1,2} together; {0,3,4} together; {2,3,...} are apart (20 to PASSAGE_BYTES + 100)
    expect(passageMasks(occ)).toEqual([7, 25]);
  });
  test("one sentence saying the query outranks more mentions scattered apart", async () => {
    const gap = "\n" + "x".repeat(PASSAGE_BYTES + 20) + "\n";
    const root = tree({
      "src/cardinal.h": "// An object that says how many times a mock function is expected to be called.\n" + gap.repeat(8),
      "src/builder.h": ["many", "times", "mock", "called"].map((w) => `// ${w}${gap}// ${w}${gap}`).join(""),
      ...pads(12),
    });
    const r = await rank(root, "how", "many", "times", "a", "mocked", "function", "is", "called");
    const a = r.ranked.find((f) => f.path === "src/cardinal.h")!;
    const b = r.ranked.find((f) => f.path === "src/builder.h")!;
    expect(a.components.passage).toBeGreaterThan(0);
    expect(b.components.passage).toBe(0);
    expect(b.components.content).toBeGreaterThan(a.components.content);
    expect(paths(r)[0]).toBe("src/cardinal.h");
  });
});

describe("names learned from the tree's comments", () => {
  test("docBlocks ties a comment block to the definition below it, past annotations", () => {
    const src = "// Object that specifies how many times\n// a mock function is called.\n@Annotated\nclass Cardinality {\n};\nint x; // many times\n";
    const b = Buffer.from(src);
    const occ: Array<[number, number]> = [[src.indexOf("many"), 1], [src.indexOf("times"), 2], [src.indexOf("called"), 4], [src.lastIndexOf("many"), 1]];
    expect(docBlocks(b, occ)).toEqual([{ mask: 7, name: "Cardinality", line: 4, isType: true }]);
    expect(definedName("  public static <T> ObjectBinding<T> select(ObservableValue<?> root, String... steps) {")).toBe("select");
    expect(definedName("  return select(root);")).toBe(null);
    expect(definedName("#define RATELIMIT_BURST 10")).toBe("RATELIMIT_BURST");
    expect(definedName("struct ratelimit_state {")).toBe("ratelimit_state");
    expect(definedName("\tstruct rcu_data *rdp = this_cpu_ptr(&rcu_data);")).toBe(null);
    expect(definedName("class Foo(Base):")).toBe("Foo");
    expect(definedName("class GTEST_API_ Cardinality {")).toBe("Cardinality");
    expect(definedName("class FOO {")).toBe("FOO");
  });
  test("a file named with the documented definition's word ranks, though it never says the query", async () => {
    const root = tree({
      "include/gmock-cardinalities.h": "// Cardinality: an object that says how many times a mock function is expected to be called.\nclass Cardinality {\n};\n",
      "src/gmock-cardinalities.cc": "#include \"gmock-cardinalities.h\"\nint Cardinality::Bound() const { return 0; }\n",
      "src/spec.cc": "// called\nint spec;\n",
      ...pads(16),
    });
    const r = await rank(root, "how", "many", "times", "a", "mocked", "function", "is", "called");
    expect(r.learned.map((l) => l.word)).toEqual(["cardinality"]);
    const cc = r.ranked.find((f) => f.path === "src/gmock-cardinalities.cc");
    expect(cc).toBeDefined();
    expect(cc!.components.learned).toBeGreaterThan(0);
    expect(paths(r).indexOf("src/gmock-cardinalities.cc")).toBeLessThan(paths(r).indexOf("src/spec.cc"));
  });
  test("a comment saying a small share of the query, or a generic name, teaches nothing", () => {
    const ev = (mask: number, name: string, isType = true) => ({ info: { entry: { display: "a.c" } as never }, ev: { docs: [{ mask, name, line: 1, isType }] } as never });
    const q = (w: string) => ["many", "times", "called"].includes(w);
    // three terms of equal rarity: two of them are not enough
    expect(learnNames([ev(3, "Cardinality")], [1, 1, 1], q)).toEqual([]);
    expect(learnNames([ev(7, "Cardinality")], [1, 1, 1], q).map((l) => l.word)).toEqual(["cardinality"]);
    expect(learnNames([ev(7, "Helper")], [1, 1, 1], q)).toEqual([]);
    // one function's comment names an implementation detail; several functions agreeing name the topic
    expect(learnNames([ev(7, "getIfShouldBeConst", false)], [1, 1, 1], q)).toEqual([]);
    expect(learnNames([ev(7, "selectBoolean", false), ev(7, "selectDouble", false)], [1, 1, 1], q).map((l) => l.word)).toEqual(["select"]);
  });
});
