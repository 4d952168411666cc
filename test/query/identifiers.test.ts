import { test, expect, describe } from "bun:test";
import { identifierWords, stem, isStopWord, identifierVariants, tokenBoundaryRegex, tokenBoundaryRegexSource } from "../../src/query/identifiers.ts";

describe("identifierWords", () => {
  const cases: Array<[string, string[]]> = [
    ["AuthStatus", ["auth", "status"]],
    ["auth_status", ["auth", "status"]],
    ["auth-status", ["auth", "status"]],
    ["AUTH_STATUS", ["auth", "status"]],
    ["authStatus", ["auth", "status"]],
    ["HTTPServer", ["http", "server"]],
    ["getUIState", ["get", "ui", "state"]],
    ["IOError", ["io", "error"]],
    ["src/auth/auth_status.rs", ["src", "auth", "auth", "status", "rs"]],
    ["foo.bar.Baz", ["foo", "bar", "baz"]],
    ["x86_64", ["x86", "64"]],
    ["base64Encode", ["base64", "encode"]],
    ["utf8", ["utf8"]],
    // plural acronyms stay one word instead of splitting into "ur" + "ls"
    ["URLs", ["urls"]],
    ["parseIDs", ["parse", "ids"]],
    ["", []],
    ["--", []],
    // acronym edges: a capital run splits before its last capital only when 2+ lowercase follow
    ["ABc", ["abc"]],
    ["ABcd", ["a", "bcd"]],
    ["HTTPServerURLs", ["http", "server", "urls"]],
    ["a1B", ["a1", "b"]],
    ["AB1C", ["ab1", "c"]],
    // Letters and digits of every script are word characters (Java, Kotlin, Python, Go, Rust, JS
    // identifiers; comments in any language); a caseless script is a word beside cased letters.
    ["éA_b", ["é", "a", "b"]],
    ["größe", ["größe"]],
    ["größeBerechnen", ["größe", "berechnen"]],
    ["café_menu", ["café", "menu"]],
    ["HTTPÜbersicht", ["http", "übersicht"]],
    ["ÄrgerÜber", ["ärger", "über"]],
    ["使用config文件", ["使用", "config", "文件"]],
    ["配置File", ["配置", "file"]],
    ["cafe\u0301 au lait", ["cafe\u0301", "au", "lait"]],
    ["naïve_config", ["naïve", "config"]],
    ["𠮷野家Menu", ["𠮷野家", "menu"]],
    ["a — b “c”", ["a", "b", "c"]],
  ];
  for (const [input, want] of cases) test(JSON.stringify(input), () => expect(identifierWords(input)).toEqual(want));
});

describe("stem", () => {
  const groups: string[][] = [
    ["render", "renders", "rendering", "renderer", "rendered", "renderers"],
    ["handle", "handler", "handled", "handles", "handling", "handlers"],
    ["parse", "parser", "parsing", "parses", "parsed"],
    ["match", "matches", "matcher", "matching", "matched"],
    ["query", "queries", "queried"],
    ["proxy", "proxies", "proxied"],
    ["copy", "copies", "copied"],
    ["use", "used", "uses", "using"],
    ["format", "formatter", "formatting", "formats"],
    ["class", "classes"],
  ];
  for (const g of groups) {
    test(`${g[0]} family shares a stem`, () => {
      const s = new Set(g.map(stem));
      expect([...s]).toHaveLength(1);
    });
  }
  test("handle family reads as handle", () => expect(stem("handler")).toBe("handle"));
  test("-ied reads as -y only past four letters (tied and died stay whole)", () => {
    expect([stem("proxied"), stem("tied"), stem("died")]).toEqual(["proxy", "tied", "died"]);
  });
  test("distinct words stay distinct", () => {
    for (const [a, b] of [["render", "reader"], ["user", "use"], ["order", "ordinal"], ["status", "state"], ["string", "strong"], ["test", "text"]]) {
      expect(stem(a!)).not.toBe(stem(b!));
    }
  });
  test("short words and non-letters untouched", () => {
    for (const w of ["ui", "io", "ip", "is", "bus", "x86", "status", "class", "analysis", "string", "order", "user"]) expect(stem(w)).toBe(w);
  });
});

test("stop words", () => {
  for (const w of ["the", "a", "and", "of", "where", "is", "The"]) expect(isStopWord(w)).toBe(true);
  for (const w of ["auth", "status", "before", "after", "test", "file"]) expect(isStopWord(w)).toBe(false);
});

test("identifierVariants covers every common spelling", () => {
  const v = identifierVariants("auth status");
  for (const w of ["auth_status", "authStatus", "AuthStatus", "auth-status", "AUTH_STATUS", "authstatus"]) expect(v).toContain(w);
  expect(identifierVariants("AuthStatus")[0]).toBe("AuthStatus");
  expect(new Set(identifierVariants("AuthStatus")).size).toBe(identifierVariants("AuthStatus").length);
});

describe("tokenBoundaryRegex", () => {
  const yes: Array<[string, string]> = [
    ["ui", "render_ui()"], ["ui", "getUiState"], ["ui", "UIState"], ["ui", "new_UI"],
    ["set", "setValue"], ["set", "get_set"], ["set", "x.set(1)"], ["server", "HTTPServer"], ["http", "HTTPServer"],
    ["def", "def foo():"], ["status", "AuthStatus"], ["auth", "AuthStatus"],
  ];
  const no: Array<[string, string]> = [
    ["ui", "build"], ["ui", "guide"], ["ui", "quit"], ["def", "default"], ["set", "reset"], ["set", "offset"],
    ["io", "ratio"], ["read", "thread"], ["read", "already"], ["call", "callback"], ["ui", "UIDs"], ["event", "prevent"],
  ];
  for (const [w, s] of yes) test(`${w} in ${s}`, () => expect(tokenBoundaryRegex(w).test(s)).toBe(true));
  for (const [w, s] of no) test(`${w} not in ${s}`, () => expect(tokenBoundaryRegex(w).test(s)).toBe(false));
  test("the source compiles and ignores an i flag request", () => {
    expect(() => new RegExp(tokenBoundaryRegexSource("a.b"))).not.toThrow();
    expect(tokenBoundaryRegex("a.b").test("axb")).toBe(false);
    expect(tokenBoundaryRegex("def", "gi").flags).not.toContain("i");
  });
});
