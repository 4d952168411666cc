import { test, expect, describe } from "bun:test";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { run, tree } from "../helpers.ts";
import { makePlan } from "../../src/investigate/plan.ts";
import type { TraceQuery } from "../../src/query/dsl.ts";
import type { Symbol } from "../../src/structure/types.ts";
import { lineEvidence } from "../../src/investigate/evidence.ts";
import { memberScope } from "../../src/investigate/heads.ts";

// called_from on a type: a line's scope tells a declaration from a statement. Directly in a type's
// body nothing runs, so a line headed by the type's own name is its constructor, whatever its
// parameters look like; in a function's body `X x;` makes an instance (C++), in a type's body it
// declares a field. Agent trials read JUCE's `X (Nodes);` and Dart's `X(this.size);` as call sites
// of X, and missed `X x;` locals. Fixtures: real JUCE (juce_core, ISC) excerpts with their CRLF
// line ends, and a Flutter-style Dart file (test/fixtures/members).

const FIXTURES = join(import.meta.dir, "..", "fixtures", "members");
const files = (dir: string): Record<string, string> =>
  Object.fromEntries(readdirSync(join(FIXTURES, dir)).map((f) => [f, readFileSync(join(FIXTURES, dir, f), "utf8")]));

interface Region { label: string; kind: string; start_line: number; end_line: number }
function regions(root: string, subject: string): string[] {
  const r = run(["trace", "--json", "--max-files", "10", "--max-regions", "30", `subject:${subject}`, "relation:called_from"], root);
  expect(r.code).toBe(0);
  const out: string[] = [];
  for (const f of JSON.parse(r.stdout).files as Array<{ path: string; regions: Region[] }>) for (const x of f.regions) out.push(`${f.path}:${x.start_line} ${x.kind}`);
  return out.sort();
}
const CALLING = /(?:call site|construction)$/;
const calling = (got: string[]) => got.filter((x) => CALLING.test(x));

describe("trace called_from: a type's own body", () => {
  const juce = tree(files("juce"));
  test("JUCE: a constructor prototype with an unnamed parameter (`String (StringRef);`) is no call site", () => {
    expect(calling(regions(juce, "String")).filter((x) => x.startsWith("juce_String.h"))).toEqual([]);
  });
  test("JUCE: the constructors of `class JUCE_API  MemoryBlock` (CRLF, brace below) are no call sites; a local `MemoryBlock buffer;` constructs one, a field does not", () => {
    const got = regions(juce, "MemoryBlock");
    expect(calling(got)).toEqual(["juce_win32_Registry.cpp:32 construction"]);
    // The field `MemoryBlock internalCopy;` in MemoryInputStream's body is listed, not as a construction.
    expect(got.some((x) => x.startsWith("juce_MemoryInputStream.h:"))).toBe(true);
  });
  test("Dart: `Swatch(this.colors);` in the class body is its constructor; `Swatch([...])` in a function is a call", () => {
    const got = regions(tree(files("dart")), "Swatch");
    expect(calling(got)).toEqual(["box.dart:32 call site"]);
  });
});

const query = (subject: string): TraceQuery => ({ subject, relation: "called_from", custom: false, support: [], kind: null, pathHint: null });
const sym = (name: string, kind: string, startLine: number, endLine: number, parent = -1): Symbol =>
  ({ name, label: name, kind, startLine, endLine, parent } as unknown as Symbol);

describe("memberScope: the step alone", () => {
  test("the type's own name heading a line of its body declares; `X x;` constructs only in a function's body", () => {
    const plan = makePlan(query("Graph"));
    const ls = [
      "class Graph",
      "{",
      "    Graph (Nodes);",
      "    Graph (Nodes n)",
      "    {",
      "    }",
      "    Graph inner;",
      "};",
      "static int build()",
      "{",
      "    Graph g;",
      "    Graph (n);",
      "    return g.size();",
      "}",
    ];
    const symbols = [sym("Graph", "class", 1, 8), sym("build", "function", 9, 14)];
    const occs = lineEvidence(plan, "g.cpp", ls, [3, 4, 7, 11, 12]);
    expect(occs.map((o) => `${o.line}:${o.kind}${o.local ? " local" : ""}`)).toEqual(["3:call", "4:call", "7:reference local", "11:reference local", "12:call"]);
    memberScope(plan, "g.cpp", ls, symbols, occs);
    expect(occs.map((o) => `${o.line}:${o.kind}`)).toEqual(["3:declaration", "4:impl-of", "7:reference", "11:construct", "12:call"]);
    expect(occs[0]!.span).toEqual({ start: 3, end: 3 });
    expect(occs[3]!.weight).toBe(plan.spec.weights.construct);
  });
});
