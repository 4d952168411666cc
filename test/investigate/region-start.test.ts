import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// A region of a parsed symbol starts where grep groups it (Symbol.attachedStart from
// src/structure/engine.ts): its doc comment and the decorations its syntax range leaves out,
// crossed as syntax nodes. The regions once climbed decorator lines by their shape, one line at
// a time, and stopped inside a decorator written over several lines.

interface Region { label: string; start_line: number; end_line: number }
function starts(files: Record<string, string>, subject: string): string[] {
  const r = run(["trace", "--json", `subject:${subject}`, "relation:defined"], tree(files));
  expect(r.code).toBe(0);
  const out: string[] = [];
  for (const f of JSON.parse(r.stdout).files as Array<{ path: string; regions: Region[] }>) for (const x of f.regions) out.push(`${f.path}:${x.start_line}-${x.end_line}`);
  return out;
}

test("a decorator over several lines, no comment: the region starts at the decorator", () => {
  const py = "class Bar:\n    @retry(\n        times=3,\n        delay=1)\n    def frob(self, x):\n        return x + 1\n";
  expect(starts({ "bar.py": py }, "frob")[0]).toBe("bar.py:2-6");
});

test("a TypeScript member's decorator is the member's, as grep groups it", () => {
  const ts = "export class Widget {\n  @HostListener(\n    \"click\")\n  onClick() {\n    return 1;\n  }\n}\n";
  expect(starts({ "widget.ts": ts }, "onClick")[0]).toBe("widget.ts:2-6");
});
