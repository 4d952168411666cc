import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";
import { familyOf, langOf } from "../../src/classify/lexical.ts";
import { lineOccurrences } from "../../src/investigate/evidence.ts";
import { makePlan } from "../../src/investigate/plan.ts";
import { parseTraceQuery } from "../../src/query/dsl.ts";

// `local x = t.x` (Lua), `const x = opts.x` (JS), `x = self.x` (Python) copy a member into a local of
// the same name: they read the member. Taken as definitions with a value, a module full of such
// copies outranked the one place that fills the member in (populated) or defines it.
const plan = makePlan(parseTraceQuery(["subject:pending", "relation:populated"]));
const kind = (line: string, path: string) => lineOccurrences(plan, line, 1, -1, familyOf(path), langOf(path))[0]!.kind;

test("a local copy of a member named the same is a reference", () => {
  expect(kind("local pending = session.pending", "a.lua")).toBe("reference");
  expect(kind("local pending = self.state.pending -- cached", "a.lua")).toBe("reference");
  expect(kind("const pending = opts.pending;", "a.js")).toBe("reference");
  expect(kind("    pending = self.pending", "a.py")).toBe("reference");
  // A value computed from it, or a method call, is still a definition with a value.
  expect(kind("local pending = session.pending or {}", "a.lua")).toBe("definition");
  expect(kind("local pending = session:pending()", "a.lua")).toBe("definition");
  expect(kind("local pending = {}", "a.lua")).toBe("definition");
  // A member filled from another member is a write of it.
  expect(kind("    conn.pending = self.pending", "a.py")).toBe("write");
});

test("populated: the write of the member outranks local copies of it", () => {
  const copies = Array.from({ length: 5 }, (_, i) => `local function flush${i}(session)\n\tlocal pending = session.pending\n\treturn #pending\nend\n`).join("\n");
  const dir = tree({
    "net/flush.lua": `local M = {}\n${copies}\nreturn M\n`,
    "net/session.lua": `local function new_session(conn)\n\tlocal session = { conn = conn }\n\tsession.pending = queue.new(64)\n\treturn session\nend\n\nreturn new_session\n`,
  });
  const r = run(["trace", "--json", "subject:pending", "relation:populated"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("net/session.lua");
  expect(out.files[0].regions[0].kind).toBe("assignment");
});
