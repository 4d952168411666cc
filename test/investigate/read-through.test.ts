import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";
import { readThroughName } from "../../src/classify/lexical.ts";

// comes_from: a variable named in a list whose items a loop reads from the environment
// (`for envname in 'TMPDIR', 'TEMP':` then `getenv(envname)`) comes from that read; the tests
// that set it outrank it no more.

const tempfile = `import os as _os

def _candidate_tempdir_list():
    dirlist = []
    for envname in 'TMPDIR', 'TEMP', 'TMP':
        dirname = _os.getenv(envname)
        if dirname:
            dirlist.append(dirname)
    return dirlist
`;
const testFile = `import os
import unittest

class TestDirs(unittest.TestCase):
    def test_env(self):
        os.environ['TMPDIR'] = '/tmp/x'
        env = {'TMPDIR': '/tmp/y'}
        os.environ['TMPDIR'] = '/tmp/z'
`;

test("comes_from: the loop that reads a list of variables through its item is the subject's source", () => {
  const dir = tree({ "lib/tempfile.py": tempfile, "tests/test_tempfile.py": testFile });
  const r = run(["trace", "--json", "subject:TMPDIR", "relation:comes_from"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("lib/tempfile.py");
  expect(out.files[0].regions[0].why[0]).toContain("through envname (line 6)");
});

test("readThroughName: Python, Go, JS and Ruby loops over keys; no reader, no source", () => {
  const at = (src: string, ln = 1, lang = "") => readThroughName(src.split("\n"), ln, lang);
  expect(at("for envname in 'TMPDIR', 'TEMP':\n    d = _os.getenv(envname)", 1, "python")).toEqual({ name: "envname", line: 2 });
  expect(at('for _, k := range []string{"HOME", "USERPROFILE"} {\n\tif v := os.Getenv(k); v != "" {', 1, "go")).toEqual({ name: "k", line: 2 });
  expect(at('for (const key of ["PORT", "HTTP_PORT"]) {\n  const v = process.env[key];', 1, "ecmascript")).toEqual({ name: "key", line: 2 });
  expect(at("%w[HOME TMP].each do |var|\n  x = ENV[var]", 1, "ruby")).toEqual({ name: "var", line: 2 });
  expect(at("for name in ('TMPDIR', 'TEMP'):\n    print(name)", 1, "python")).toBeNull();
  expect(at("x = 'TMPDIR'\nos.getenv(x)", 1, "python")).toBeNull();
});
