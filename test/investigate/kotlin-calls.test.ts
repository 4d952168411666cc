import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// Kotlin call sites, in a file past the parsed leading files (left to line shapes): `fun` was no
// function head there, so a call in a plain method (`fun attach(view: View): Handler {`) or an
// expression body (`fun quick(view: View) = pool.obtainHandler(view.id)`) was placed in the
// enclosing class; and a call with a trailing lambda (`pool.obtainHandler { ... }`) was no call.
const CALLER = (n: number) => `package demo\n\n${[1, 2, 3].map((k) => `fun use${n}x${k}() {\n    obtainHandler(${k})\n}\n`).join("\n")}`;
const Z = `package demo

class Z(private val pool: Pool) {
    fun attach(view: View): Handler {
        val x = 1
        return pool.obtainHandler(view.id)
    }

    fun quick(view: View) = pool.obtainHandler(view.id)

    fun lambda() {
        pool.obtainHandler { it + 1 }
    }
}
`;

test("call sites in a Kotlin file read by line shapes: plain methods, expression bodies, trailing lambdas", () => {
  const r = run(["trace", "--json", "--max-files", "8", "--max-regions", "20", "subject:obtainHandler", "relation:called_from"],
    tree({ "a1.kt": CALLER(1), "a2.kt": CALLER(2), "a3.kt": CALLER(3), "z.kt": Z }));
  expect(r.code).toBe(0);
  const z = (JSON.parse(r.stdout).files as Array<{ path: string; regions: Array<{ label: string; kind: string; start_line: number; end_line: number }> }>).find((f) => f.path === "z.kt")!;
  const got = z.regions.map((x) => `${x.kind} ${x.start_line}-${x.end_line} ${x.label}`).sort();
  expect(got).toEqual([
    "call site 11-13 fun lambda()",
    "call site 4-7 fun attach(view: View): Handler",
    "call site 9-9 fun quick(view: View)",
  ]);
});
