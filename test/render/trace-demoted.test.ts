import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// A test file's region can score above the implementation's (several writes of the subject) and
// still rank below it (x0.55 for a test file): its body is not printed whole below the first file,
// and its why line says the demotion, or the order reads as a contradiction.
const impl = `import os


def _is_debug_mode():
    return bool(os.environ.get("APP_DEBUG"))
`;
const testBody = (n: number) => `import unittest


class T${n}(unittest.TestCase):
    def test_env_var_debug(self):
        code = "print(1)"
${Array.from({ length: 8 }, (_, i) => `        run(code, APP_DEBUG="${i}")\n        self.assertEqual(out, ${i})`).join("\n")}
`;

test("trace text: a demoted test file's regions are snippets below the first file, and its why names the demotion", () => {
  const dir = tree({ "app/debug.py": impl, "tests/test_a.py": testBody(1), "tests/test_b.py": testBody(2) });
  const r = run(["trace", "subject:APP_DEBUG", "relation:comes_from"], dir);
  expect(r.code).toBe(0);
  const parts = r.stdout.split(/\n(?=\d+\. )/);
  expect(parts[1]).toStartWith("1. app/debug.py");
  expect(parts[1]).toContain("full region:");
  for (const p of parts.slice(2)) {
    expect(p).toContain("role: test");
    expect(p).toContain("x0.55");
    expect(p).not.toContain("full region:");
    expect(p).toContain("snippet:");
  }
  expect(parts.length).toBe(4);
});
