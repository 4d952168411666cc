/** grep's packet: --full-region on grep, and the `other:` hint near the hits (built binary, fixtures). */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { run, tree } from "../helpers.ts";

setDefaultTimeout(60_000);

const fn = (name: string, body: string[]) => [`def ${name}():`, ...body.map((b) => `    ${b}`), ""];

describe("--full-region on grep", () => {
  const small = [...fn("alpha", ["x = 1", "return needle(x)"]), ...fn("beta", ["return 2"])].join("\n");

  test("auto: a sparse result prints the whole symbol, N| for its other lines", () => {
    const r = run(["grep", "needle"], tree({ "a.py": small }));
    expect(r.stdout).toContain("  - function alpha @ 1-3\n    1| def alpha():\n    2|     x = 1\n    3:     return needle(x)  [call]\n");
  });

  test("auto: more than 3 matched symbols, or a symbol over 40 lines, stays as match lines", () => {
    const many = ["a", "b", "c", "d"].flatMap((n) => fn(n, ["return needle()"])).join("\n");
    const r = run(["grep", "needle"], tree({ "m.py": many }));
    expect(r.stdout).not.toContain("|");
    expect(r.stdout).toContain("    2:     return needle()  [call]\n");
    const long = fn("big", [...Array.from({ length: 45 }, (_, i) => `v${i} = ${i}`), "return needle()"]).join("\n");
    const l = run(["grep", "needle"], tree({ "l.py": long }));
    expect(l.stdout).not.toContain("| ");
    // Over 2,000 characters in under 40 lines: not inlined either.
    const wide = fn("wide", [...Array.from({ length: 10 }, (_, i) => `v${i} = "${"x".repeat(250)}"`), "return needle()"]).join("\n");
    expect(run(["grep", "needle"], tree({ "w.py": wide })).stdout).not.toContain("| ");
  });

  test("always inlines every matched symbol; never inlines none", () => {
    const many = ["a", "b", "c", "d"].flatMap((n) => fn(n, ["return needle()"])).join("\n");
    const root = tree({ "m.py": many });
    const always = run(["grep", "--full-region", "always", "needle"], root).stdout;
    for (const n of ["a", "b", "c", "d"]) expect(always).toContain(`| def ${n}():\n`);
    const never = run(["grep", "--full-region", "never", "needle"], tree({ "a.py": small })).stdout;
    expect(never).not.toContain("|");
    const bad = run(["grep", "--full-region", "sometimes", "needle"], root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("use --full-region auto, always or never");
  });

  test("JSON carries region text only when --full-region is given", () => {
    const root = tree({ "a.py": small });
    const plain = JSON.parse(run(["grep", "--json", "needle"], root).stdout);
    expect(plain.files[0].groups[0].full_region).toBeUndefined();
    const asked = JSON.parse(run(["grep", "--json", "--full-region", "auto", "needle"], root).stdout);
    expect(asked.files[0].groups[0].full_region).toBe("def alpha():\n    x = 1\n    return needle(x)");
  });

  test("the match count footer counts what is not printed as N: (lines inside a printed symbol are shown)", () => {
    const body = Array.from({ length: 6 }, () => "needle()");
    const r = run(["grep", "--max-regions", "2", "needle"], tree({ "a.py": fn("f", body).join("\n") }));
    expect(r.stdout).toContain("    7:     needle()  [call]\n");
    expect(r.stdout).not.toContain("more matches in this file");
  });
});

describe("the other: hint points near the hits", () => {
  test("in a file of many symbols it lists the neighbours of the matched one, never the file's first symbols", () => {
    const src = Array.from({ length: 300 }, (_, i) => fn(`f${i}`, [i === 150 ? "return needle()" : "return 0"]).join("\n")).join("\n");
    const r = run(["grep", "needle"], tree({ "big.py": src }));
    const other = r.stdout.split("\n").find((l) => l.startsWith("  other: "))!;
    expect(other).toBe("  other: function f149 @ 448-449; function f151 @ 454-455; function f152 @ 457-458; ... 296 more");
    expect(other).not.toContain("f0 ");
    // The cut says once, at the end, where the rest are.
    expect(r.stdout).toEndWith("\n\nother: the symbols nearest the matches that have none; agentgrep outline FILE lists them all\n");
  });

  test("a one-line namespace statement is never listed; a whole-file footer appears only when a list was cut", () => {
    const php = ["<?php", "", "namespace App\\Http;", "", "class A {", "    function a() { return 1; }", "    function b() { return needle(); }", "}", ""].join("\n");
    const r = run(["grep", "needle"], tree({ "a.php": php }));
    expect(r.stdout).toContain("  other: method a @ 6-6\n");
    expect(r.stdout).not.toContain("namespace");
    expect(r.stdout).not.toContain("outline FILE");
  });

  test("a matched method's siblings count; JSON has the same nearby list and the total", () => {
    const src = ["class K:", ...["a", "b", "c"].flatMap((n) => [`    def ${n}(self):`, `        return ${n === "b" ? "needle" : 0}`]), ""].join("\n");
    const root = tree({ "k.py": src });
    const r = run(["grep", "needle"], root);
    expect(r.stdout).toContain("  other: method a @ 2-3; method c @ 6-7\n");
    const j = JSON.parse(run(["grep", "--json", "needle"], root).stdout);
    expect(j.files[0].other_symbols.map((s: any) => s.label)).toEqual(["a", "c"]);
    expect(j.files[0].other_symbols_total).toBe(2);
  });
});
