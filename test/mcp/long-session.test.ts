// A long MCP session (issue 22): 2,000 sequential grep calls end, and every query's last answer
// equals its first. Memory is a benchmark's figure (bench/mcp-memory.ts), not asserted here.
import { expect, test } from "bun:test";
import { BIN, tree } from "../helpers.ts";
import { session } from "../../bench/mcp-memory.ts";

test("2,000 sequential grep calls end, and the last answers equal the first", async () => {
  const root = tree({
    "src/a.ts": "import { b } from './b';\nexport function UserError() {\n  return new Map();\n}\nexport function f() { return b(); }\n",
    "src/b.ts": "export function b() {\n  const m = new Set();\n  return m;\n}\n",
    "lib/c.py": "import os\n\ndef export():\n    return os.sep\n",
  });
  const r = await session(BIN, root, 2000);
  expect(r.code).toBe(0);
  expect(r.same).toBe(true);
  expect(r.first.length).toBe(5);
  for (const text of r.first) expect(text).toMatch(/^\S+\n(.* @ \d+-\d+.*\n)?\d+[:|]/);
}, 600_000);
