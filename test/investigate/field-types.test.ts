import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";
import { classifyOccurrence, familyOf, langOf } from "../../src/classify/lexical.ts";

// A declared field has no value: `pub crate_cfg: FxHashSet<(String, Option<String>)>,` was read as a
// field set to a value (the parentheses of the tuple type, the `::` of a path looked like an
// expression), and the struct's declaration outranked the literals that fill the field (populated).
const withValue = (line: string, path = "a.rs", subject = "crate_cfg") => {
  const s = line.indexOf(subject);
  return classifyOccurrence(line, s, s + subject.length, -1, familyOf(path), langOf(path)).withValue ?? false;
};

test("a field's declared type is not a value, whatever its generics, paths or lifetimes", () => {
  expect(withValue("    pub crate_cfg: FxHashSet<(String, Option<String>)>,")).toBe(false);
  expect(withValue("    pub crate_cfg: std::path::PathBuf,")).toBe(false);
  expect(withValue("    crate_cfg: &'a str,")).toBe(false);
  expect(withValue("  crate_cfg: Map<string, Array<[number, string]>>;", "a.ts")).toBe(false);
  expect(withValue("        crate_cfg: interface::parse_cfgspecs(cfgs),")).toBe(true);
  expect(withValue("  crate_cfg: compute(a, b),", "a.js")).toBe(true);
});

test("populated: struct literals that fill the field outrank the struct's declaration", () => {
  const dir = tree({
    "interface/src/interface.rs": "pub struct Config {\n    pub opts: Options,\n    pub crate_cfg: FxHashSet<(String, Option<String>)>,\n    pub input: Input,\n}\n\npub fn run(config: Config) {\n    let sess = create_session(config.opts, config.crate_cfg);\n    sess.go();\n}\n",
    "doc/src/core.rs": "pub fn create_config(cfgs: Vec<String>) -> Config {\n    Config {\n        opts: Options::default(),\n        crate_cfg: interface::parse_cfgspecs(cfgs),\n        input: Input::Str,\n    }\n}\n",
  });
  const r = run(["trace", "--json", "subject:crate_cfg", "relation:populated"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("doc/src/core.rs");
});
