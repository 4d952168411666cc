import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// A region's title is one trimmed line: no annotations before the head, no body after it. A Kotlin
// file left to line shapes (past the parsed leading files) titled a region
// `@Suppress("unused") fun useZ(): Int { return runJob(4) }`.
const CALLER = (n: number) => `package demo\n\nfun use${n}() {\n    runJob(${n})\n    runJob(${n + 10})\n}\n`;

test("titles from line shapes drop leading annotations and a one-line body", () => {
  const files: Record<string, string> = { "a1.kt": CALLER(1), "a2.kt": CALLER(2), "a3.kt": CALLER(3), "a4.kt": CALLER(4) };
  files["z.kt"] = `package demo\n\n@Suppress("unused") fun useZ(): Int { return runJob(4) }\n`;
  const r = run(["trace", "--json", "--max-files", "8", "--max-regions", "8", "subject:runJob", "relation:called_from"], tree(files));
  expect(r.code).toBe(0);
  const z = (JSON.parse(r.stdout).files as Array<{ path: string; regions: Array<{ label: string }> }>).find((f) => f.path === "z.kt")!;
  expect(z.regions[0]!.label).toBe("fun useZ(): Int");
});

// The parser attaches a doc comment to the symbol (grep groups it there); a line above it that
// only looks like a doc line (C's `*p = 0;` statement ending the function above it, here kept by
// a broken-looking macro) is not the region's: the region starts at the attached comment.
const C = `#define RESET(p) \\
	*p = 0;
/* dev_reset - put the device back */
static int dev_reset(struct dev *d)
{
	return 0;
}
`;

test("a parsed definition's region starts at its attached doc comment, not at doc-like lines above", () => {
  const r = run(["trace", "--json", "subject:dev_reset", "relation:defined"], tree({ "dev.c": C }));
  expect(r.code).toBe(0);
  const reg = JSON.parse(r.stdout).files[0].regions[0] as { start_line: number; end_line: number; label: string };
  expect(reg.label).toBe("dev_reset");
  expect(reg.start_line).toBe(3);
  expect(reg.end_line).toBe(7);
});
