import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";
import { readThroughName, readThroughConstant } from "../../src/classify/lexical.ts";

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

// A constant that holds the variable's name, read by that name in the same file: the read is the
// source, not the constant's line or the tests and docs that spell the name.
const settings = `import os

CACHE_DIR_ENV = "MYAPP_CACHE_DIR"
DEFAULT_CACHE = "~/.cache/myapp"


def cache_dir():
    value = os.environ.get(CACHE_DIR_ENV)
    if not value:
        return os.path.expanduser(DEFAULT_CACHE)
    return value
`;
const child = `import subprocess


def run_child(path):
    env = {"MYAPP_CACHE_DIR": path}
    subprocess.run(["myapp"], env=env)
`;

test("comes_from: a constant holding the variable's name leads to the read through that constant", () => {
  const dir = tree({ "app/settings.py": settings, "app/cli.py": child, "app/docs.py": 'def usage():\n    print("MYAPP_CACHE_DIR moves the cache")\n' });
  const r = run(["trace", "--json", "subject:MYAPP_CACHE_DIR", "relation:comes_from"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("app/settings.py");
  expect(out.files[0].regions[0].start_line).toBe(7);
  expect(out.files[0].regions[0].why[0]).toContain("through CACHE_DIR_ENV (= the subject, line 3)");
});

test("readThroughConstant: Python, Java, C, Go and JS constants read by name; no read, no source", () => {
  const at = (src: string, ln: number, lang = "", values?: string[]) => {
    const lines = src.split("\n");
    return readThroughConstant(lines, ln, lang, values ?? [/["'](.*)["']/.exec(lines[ln - 1]!)![1]!]);
  };
  expect(at('CACHE_ENV = "APP_CACHE"\n\ndef f():\n    return os.getenv(CACHE_ENV)', 1, "python")).toEqual({ name: "CACHE_ENV", line: 4 });
  expect(at('class C {\n  private static final String KEY = "app.home";\n  String home() { return System.getProperty(KEY); }\n}', 2, "java")).toEqual({ name: "KEY", line: 3 });
  expect(at('#define HOME_ENV "APP_HOME"\nconst char *home(void) { return getenv(HOME_ENV); }', 1, "c")).toEqual({ name: "HOME_ENV", line: 2 });
  expect(at('const envPort = "APP_PORT"\n\nfunc port() string { return os.Getenv(envPort) }', 1, "go")).toEqual({ name: "envPort", line: 3 });
  expect(at("export const PORT_VAR = 'APP_PORT';\nconst port = process.env[PORT_VAR];", 1, "ecmascript")).toEqual({ name: "PORT_VAR", line: 2 });
  expect(at('NAME = "APP_CACHE"\nprint(NAME)', 1, "python")).toBeNull();
  // A variable given the string in a function is no constant: `label` is not followed (on Linux it
  // was, into a second search of the whole tree for `label`).
  expect(at('    label = "HOME";\n    v = getenv(label);', 1, "c")).toBeNull();
  // The constant's whole string must be the subject: another key that contains its word is not it.
  expect(at('FIXED_PULSE = "a.fixed.pulse.length"\nx = Settings.getInt(FIXED_PULSE)', 1, "java", ["pulse", "a.pulse"])).toBeNull();
  expect(at('PULSE = "a.pulse"\nx = System.getProperty(PULSE)', 1, "java", ["pulse", "a.pulse"])).toEqual({ name: "PULSE", line: 2 });
  expect(at('x = f("APP_CACHE")\nos.getenv(x)', 1, "python")).toBeNull();
});

test("comes_from: a constant in a header or another class leads to the reads by its name in other files (one hop)", () => {
  const dir = tree({
    "src/include/paths.h": '#ifndef PATHS_H\n#define PATHS_H\n#define DATA_DIR_ENV "TOOL_DATA_DIR"\n#endif\n',
    "src/paths.c": '#include <stdlib.h>\n#include "include/paths.h"\n\nconst char *data_dir(void)\n{\n\tconst char *d = getenv(DATA_DIR_ENV);\n\treturn d ? d : "/usr/share/tool";\n}\n',
    "src/usage.c": '#include <stdio.h>\nvoid usage(void)\n{\n\tputs("TOOL_DATA_DIR overrides the data directory");\n}\n',
    "java/Keys.java": 'final class Keys {\n  static final String HOME = "TOOL_HOME";\n}\n',
    "java/Home.java": 'class Home {\n  String home() {\n    return System.getenv(Keys.HOME);\n  }\n}\n',
    "java/Doc.java": 'class Doc {\n  String text() {\n    return "set TOOL_HOME to move it";\n  }\n}\n',
  });
  const c = JSON.parse(run(["trace", "--json", "subject:TOOL_DATA_DIR", "relation:comes_from"], dir).stdout);
  expect(c.files[0].path).toBe("src/paths.c");
  expect(c.files[0].regions[0].start_line).toBe(4);
  expect(c.files[0].regions[0].why[0]).toContain("through DATA_DIR_ENV");
  const j = JSON.parse(run(["trace", "--json", "subject:TOOL_HOME", "relation:comes_from"], dir).stdout);
  expect(j.files[0].path).toBe("java/Home.java");
  expect(j.files[0].regions[0].why[0]).toContain("through HOME");
});
