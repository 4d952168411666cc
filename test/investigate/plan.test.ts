import { test, expect, describe } from "bun:test";
import { makePlan, findHits, abbreviations } from "../../src/investigate/plan.ts";

describe("subject matching", () => {
  const plan = (subject: string) => makePlan({ subject, relation: "called_from", custom: false, support: [], kind: null, pathHint: null });
  test("identifier forms match; words inside other words do not", () => {
    const p = plan("excludesFile");
    expect(findHits(p, "let excludes_file = x;").map((h) => h.quality)).toEqual(["variant"]);
    expect(findHits(p, "// core.excludesFile").map((h) => h.quality)).toEqual(["exact"]);
    expect(findHits(p, "if k == \"excludesfile\" {").map((h) => h.quality)).toEqual(["variant"]);
    expect(findHits(plan("ui"), "build(); quit(); guide").length).toBe(0);
  });
  test("a one-word subject keeps its case; containing identifiers are partial", () => {
    const p = plan("Request");
    expect(findHits(p, "request = 1").map((h) => h.quality)).toEqual(["partial"]);
    expect(findHits(p, "class BadRequest(HTTPException):").map((h) => h.quality)).toEqual(["partial"]);
    expect(findHits(p, "class Request:").map((h) => h.quality)).toEqual(["exact"]);
    expect(findHits(p, "Requested").length).toBe(0);
  });
  test("abbreviations: first word plus initials, with un-/re- split", () => {
    expect(abbreviations(["on", "become", "unobserved"])).toEqual(["onBUO", "onBU"]);
    expect(abbreviations(["is", "whitelist"])).toEqual([]);
    const hits = findHits(plan("onBecomeUnobserved"), "            observable.onBUO()");
    expect(hits.map((h) => [h.quality, h.ident])).toEqual([["abbrev", "onBUO"]]);
  });
});

describe("prefilter choice", () => {
  const p = (subject: string) => makePlan({ subject, relation: "defined", custom: false, support: [], kind: null, pathHint: null });
  test("one word: the literal as typed (byte scan)", () => {
    expect([p("Request").prefilter, p("Request").prefilterRegex, p("Request").prefilterIgnoreCase]).toEqual(["Request", false, false]);
  });
  test("several words: exact spellings of the identifier forms, searched on bytes", () => {
    const plan = p("excludesFile");
    expect([plan.prefilterRegex, plan.prefilterIgnoreCase]).toEqual([false, false]);
    expect(plan.prefilter.split("\n")).toEqual(plan.spellings);
    for (const s of ["excludesFile", "excludes_file", "ExcludesFile", "excludesfile", "excludes-file"]) expect(plan.spellings.some((x) => s.includes(x))).toBe(true);
    // No letter case the forms do not write: EXCLUDES_FILE is another name.
    expect(plan.spellings.some((x) => "EXCLUDES_FILE".includes(x))).toBe(false);
  });
  test("a snake_case subject: no optional-separator regex whose only required literal is a common word", () => {
    expect(p("task_struct").spellings).toEqual(["task_struct", "taskStruct", "TaskStruct", "task-struct", "taskstruct"]);
  });
  test("acronym words may change case in every letter", () => {
    const has = (subj: string, s: string) => p(subj).spellings.some((x) => s.includes(x));
    for (const s of ["IndentedJSON", "indented_json", "IndentedJson", "indentedJSON"]) expect(has("IndentedJSON", s)).toBe(true);
    for (const s of ["SECRET_KEY", "secret_key", "secretKey", "SecretKey"]) expect(has("SECRET_KEY", s)).toBe(true);
    expect(p("SECRET_KEY").prefilterIgnoreCase).toBe(false);
  });
  test("abbreviations are searched in their exact case; a spelling holding another is left out", () => {
    const sp = p("onBecomeUnobserved").spellings;
    expect(sp).toContain("onBU");
    expect(sp).not.toContain("onBUO");
    expect(p("onBecomeUnobserved").prefilterIgnoreCase).toBe(false);
  });
});
