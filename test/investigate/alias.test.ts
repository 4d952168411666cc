import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";
import { classifyOccurrence, familyOf, langOf } from "../../src/classify/lexical.ts";

// `local x = t.x` (Lua), `const x = opts.x` (JS), `x = self.x` (Python) copy a member into a local of
// the same name: they read the member. Taken as definitions with a value, a module full of such
// copies outranked the one place that fills the member in (populated) or defines it.
const kind = (line: string, path: string, subject = "pending") => {
  const s = line.indexOf(subject);
  return classifyOccurrence(line, s, s + subject.length, -1, familyOf(path), langOf(path)).kind;
};

test("a local copy of a member named the same is a reference", () => {
  expect(kind("local pending = session.pending", "a.lua")).toBe("reference");
  expect(kind("local pending = self.state.pending -- cached", "a.lua")).toBe("reference");
  expect(kind("const pending = opts.pending;", "a.js")).toBe("reference");
  expect(kind("    pending = self.pending", "a.py")).toBe("reference");
  // A value computed from it, or a method call, is still a definition with a value.
  expect(kind("local pending = session.pending or {}", "a.lua")).toBe("definition");
  expect(kind("local pending = session:pending()", "a.lua")).toBe("definition");
  expect(kind("local pending = {}", "a.lua")).toBe("definition");
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
