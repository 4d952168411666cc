import { test, expect, describe } from "bun:test";
import { parseTraceQuery, normalizeRelation } from "../../src/query/dsl.ts";
import { UserError } from "../../src/util/errors.ts";
import { run, tree } from "../helpers.ts";

const err = (terms: string[]): UserError => {
  try {
    parseTraceQuery(terms);
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error("expected a UserError");
};

describe("trace DSL", () => {
  test("key:value and key=value, support repeatable, kind and path", () => {
    const q = parseTraceQuery(["subject:auth_status", "relation=rendered", "support:ui", "support=terminal", "kind:Tests", "path:src/tui/"]);
    expect(q).toEqual({ subject: "auth_status", relation: "rendered", custom: false, support: ["ui", "terminal"], kind: "tests", pathHint: "src/tui" });
  });

  test("relation aliases map to snake_case names", () => {
    const cases: [string, string][] = [
      ["definition", "defined"], ["callers", "called_from"], ["called-from", "called_from"], ["calledfrom", "called_from"],
      ["triggeredfrom", "triggered_from"], ["render", "rendered"], ["drawn", "rendered"], ["set", "populated"],
      ["assigned", "populated"], ["source", "comes_from"], ["origin", "comes_from"], ["handler", "handled"],
      ["handles", "handled"], ["implemented", "implementation"], ["Called_From", "called_from"],
    ];
    for (const [raw, want] of cases) expect(normalizeRelation(raw)).toEqual({ relation: want, custom: false });
  });

  test("unknown relation is a custom probe", () => {
    const q = parseTraceQuery(["subject:x", "relation:Serialized-By"]);
    expect(q.relation).toBe("serialized_by");
    expect(q.custom).toBe(true);
  });

  test("kind accepts singular and any case", () => {
    expect(parseTraceQuery(["subject:x", "relation:defined", "kind:TEST"]).kind).toBe("tests");
    expect(parseTraceQuery(["subject:x", "relation:defined", "kind:doc"]).kind).toBe("docs");
    expect(parseTraceQuery(["subject:x", "relation:defined", "kind:Code"]).kind).toBe("code");
  });

  test("the first separator wins: subject=a:b keeps a:b", () => {
    expect(parseTraceQuery(["subject=a:b", "relation:defined"]).subject).toBe("a:b");
    expect(parseTraceQuery(["subject:Foo::bar", "relation:defined"]).subject).toBe("Foo::bar");
  });

  test("a whole query quoted as one argument splits before each key; other spaces stay in the value", () => {
    const q = parseTraceQuery(["subject:main relation:called_from support:cli  kind:code path=src/x"]);
    expect([q.subject, q.relation, q.support, q.kind, q.pathHint]).toEqual(["main", "called_from", ["cli"], "code", "src/x"]);
    expect(parseTraceQuery(["subject:auth status", "relation:defined"]).subject).toBe("auth status");
    expect(parseTraceQuery(["subject:auth status relation:defined"]).subject).toBe("auth status");
    expect(err(["subject:x relation:defined subject:y"]).message).toContain("duplicate trace key 'subject'");
  });

  test("errors name the problem and carry an example", () => {
    expect(err(["subject:x", "relation:defined", "colour:red"]).message).toContain("unknown trace key 'colour'");
    expect(err(["subject:x", "subject:y", "relation:defined"]).message).toContain("duplicate trace key 'subject'");
    expect(err(["subject:", "relation:defined"]).message).toContain("empty value");
    expect(err(["relation:defined"]).message).toContain("missing the required subject");
    expect(err(["subject:x"]).message).toContain("missing the required relation");
    expect(err(["subject:x", "relation:defined", "lonely"]).message).toContain("expected key:value");
    expect(err(["subject:x", "relation:defined", "kind:weird"]).message).toContain("unknown kind 'weird'");
    expect(err(["subject:x"]).hint).toContain("agentgrep trace subject:");
  });
});

describe("trace DSL errors from the binary", () => {
  test("one error line plus the example, exit 2, nothing on stdout", () => {
    const r = run(["trace", "subject:x", "relation:defined", "bogus:1"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    // The problem first, then the example, on one line (`error: ...; hint: ...`).
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines.length).toBe(1);
    expect(lines[0]).toStartWith("error: unknown trace key 'bogus'");
    expect(lines[0]).toContain("; hint: ");
    expect(lines[0]).toContain("agentgrep trace subject:auth_status relation:rendered");
  });

  test("a subject with no letters or digits is refused, exit 2", () => {
    for (const subject of ["subject:!!!", "subject:("]) {
      const r = run(["trace", subject, "relation:defined"]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      const lines = r.stderr.trimEnd().split("\n");
      expect(lines.length).toBe(1);
      expect(lines[0]).toStartWith(`error: trace subject '${subject.slice(8)}' has no letters or digits`);
      expect(lines[0]).toContain("hint: trace queries use a small DSL, for example: agentgrep trace subject:auth_status relation:rendered");
    }
  });

  test("no terms at all is a usage error", () => {
    const r = run(["trace"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toStartWith("error:");
  });

  test("invalid --full-region is exit 2", () => {
    const r = run(["trace", "--full-region", "sometimes", "subject:x", "relation:defined"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--full-region");
  });
});

describe("a custom relation that is a typo of a built-in one", () => {
  test("names the built-in one; a word of its own names none", () => {
    expect(parseTraceQuery(["subject:x", "relation:defind"]).near).toBe("defined");
    expect(parseTraceQuery(["subject:x", "relation:caled_from"]).near).toBe("called_from");
    expect(parseTraceQuery(["subject:x", "relation:logged"]).near).toBeUndefined();
    expect(parseTraceQuery(["subject:x", "relation:defined"]).near).toBeUndefined();
  });
  test("trace says so on its relation line (the built binary)", () => {
    const root = tree({ "a.c": "int oom_x(void)\n{\n\treturn 1;\n}\n" });
    const r = run(["trace", "subject:oom_x", "relation:defind"], root);
    expect(r.stdout).toContain("  relation: defind (no built-in relation, run as a custom probe; did you mean relation:defined?)\n");
  });
});

describe("quoted values (a whole query often arrives as one string: an MCP call, a quoted argument)", () => {
  const q = (...terms: string[]) => {
    const t = parseTraceQuery(terms);
    return [t.subject, t.relation, t.support, t.pathHint];
  };
  test("quotes group and are not part of the value", () => {
    expect(q('subject:"load_config"', "relation:defined")).toEqual(["load_config", "defined", [], null]);
    expect(q('subject:"auth status" relation:defined')).toEqual(["auth status", "defined", [], null]);
    expect(q("subject:'auth status' relation:'called from' support:\"ui\"")).toEqual(["auth status", "called_from", ["ui"], null]);
    // A quoted whole term, and a key inside quotes, which does not end the value.
    expect(q('"subject:auth status" "relation:defined" path:"src/my dir"')).toEqual(["auth status", "defined", [], "src/my dir"]);
    expect(q('subject:"x relation:y" relation:defined')).toEqual(["x relation:y", "defined", [], null]);
  });
  test("backslashes escape a quote, a backslash or a space; any other stays (App\\Http\\Kernel), as does a lone quote", () => {
    expect(q('subject:"a\\"b" relation:defined')[0]).toBe('a"b');
    expect(q("subject:a\\ relation:b relation:defined")[0]).toBe("a relation:b");
    expect(q("subject:App\\Http\\Kernel relation:defined")[0]).toBe("App\\Http\\Kernel");
    expect(q("subject:App\\\\Http relation:defined")[0]).toBe("App\\Http");
    // A quote with no partner, or inside a word, is a character.
    expect(q("subject:don't relation:defined")[0]).toBe("don't");
    expect(q('subject:say"hi" relation:defined')[0]).toBe('say"hi"');
  });
  test("still errors: an empty quoted value, a control character inside quotes", () => {
    expect(err(['subject:""', "relation:defined"]).message).toContain("trace key 'subject' has an empty value in 'subject:\"\"'");
    expect(err(['subject:"a\nb"', "relation:defined"]).message).toContain("trace subject holds a control character");
  });
  test("the built binary searches the name without its quotes", () => {
    const root = tree({ "conf.py": "def load_config(path):\n    return open(path)\n" });
    const r = run(["trace", 'subject:"load_config"', "relation:defined"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("  subject: load_config\n");
    expect(r.stdout).toContain("1. conf.py");
  });
});
