/**
 * grep's packet (built binary, fixtures): the inlining rule and --full-region, -A/-B/-C over it,
 * the one `cut:` line, and the `other:` hint (--other; always in --json).
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { run, tree } from "../helpers.ts";

setDefaultTimeout(60_000);

const fn = (name: string, body: string[]) => [`def ${name}():`, ...body.map((b) => `    ${b}`), ""];

describe("--full-region on grep", () => {
  const small = [...fn("alpha", ["x = 1", "return needle(x)"]), ...fn("beta", ["return 2"])].join("\n");

  test("auto: a sparse result prints the whole symbol, N| for its other lines, and says (whole)", () => {
    const r = run(["grep", "needle"], tree({ "a.py": small }));
    expect(r.stdout).toBe("a.py\nfunction alpha @ 1-3 (whole)\n1|def alpha():\n2|    x = 1\n3:    return needle(x)\n");
  });

  test("the rule: at most 3 matched symbols in the call, each at most 40 lines and 2,000 characters", () => {
    const three = ["a", "b", "c"].flatMap((n) => fn(n, ["x = 1", "return needle()"])).join("\n");
    const r3 = run(["grep", "needle"], tree({ "m.py": three })).stdout;
    expect(r3.match(/\(whole\)/g)?.length).toBe(3);
    // Exactly 40 lines: still whole; 41: not.
    const forty = fn("big", [...Array.from({ length: 38 }, (_, i) => `v${i} = ${i}`), "return needle()"]).join("\n");
    expect(run(["grep", "needle"], tree({ "f.py": forty })).stdout).toContain("function big @ 1-40 (whole)\n");
    const fortyOne = fn("big", [...Array.from({ length: 39 }, (_, i) => `v${i} = ${i}`), "return needle()"]).join("\n");
    expect(run(["grep", "needle"], tree({ "f.py": fortyOne })).stdout).toBe("f.py\nfunction big @ 1-41\n41:    return needle()\n");
    // The candidates are counted over every shown file: 2 + 2 symbols in two files is 4.
    const two = ["a", "b"].flatMap((n) => fn(n, ["return needle()"])).join("\n");
    expect(run(["grep", "needle"], tree({ "p.py": two, "q.py": two })).stdout).not.toContain("(whole)");
  });

  test("auto: more than 3 matched symbols, or a symbol over 40 lines, stays as match lines", () => {
    const many = ["a", "b", "c", "d"].flatMap((n) => fn(n, ["return needle()"])).join("\n");
    const r = run(["grep", "needle"], tree({ "m.py": many }));
    expect(r.stdout).not.toContain("|");
    expect(r.stdout).toContain("function a @ 1-2\n2:    return needle()\n");
    const long = fn("big", [...Array.from({ length: 45 }, (_, i) => `v${i} = ${i}`), "return needle()"]).join("\n");
    const l = run(["grep", "needle"], tree({ "l.py": long }));
    expect(l.stdout).not.toContain("|");
    // Over 2,000 characters in under 40 lines: not inlined either.
    const wide = fn("wide", [...Array.from({ length: 10 }, (_, i) => `v${i} = "${"x".repeat(250)}"`), "return needle()"]).join("\n");
    expect(run(["grep", "needle"], tree({ "w.py": wide })).stdout).not.toContain("|");
  });

  test("auto, broad result: the searched name's own short definition still prints whole, its callers do not", () => {
    const src = [...fn("needle", ["x = 1", "return x"]), ...["a", "b", "c", "d"].flatMap((n) => fn(n, ["return needle()"]))].join("\n");
    const root = tree({ "m.py": src });
    const r = run(["grep", "needle"], root).stdout;
    expect(r).toContain("1:def needle():  @ 1-3 (whole)\n2|    x = 1\n3|    return x\n");
    expect(r).toContain("function a @ 5-6\n6:    return needle()\n");
    expect(r.match(/\(whole\)/g)?.length).toBe(1);
    // Spelled in a regex (`def\s+needle`) or among other patterns: the same name.
    expect(run(["grep", "--regex", "-e", "def\\s+needle", "-e", "return needle"], root).stdout).toContain("(whole)\n2|    x = 1\n");
    // Not with context, -v or -x, nor for a name the search only contains.
    expect(run(["grep", "-C", "1", "needle"], root).stdout).not.toContain("|");
    expect(run(["grep", "-v", "zzz"], root).stdout).not.toContain("(whole)");
    expect(run(["grep", "needl"], root).stdout).not.toContain("(whole)");
    // A name defined in more than 3 places is a listing: no body.
    const four = ["p", "q", "r", "s"].map((c) => `class ${c.toUpperCase()}:\n    def needle(self):\n        return 1\n`).join("\n");
    expect(run(["grep", "needle"], tree({ "m.py": src, "k.py": four })).stdout).not.toContain("(whole)");
  });

  test("always inlines every matched symbol; never inlines none", () => {
    const many = ["a", "b", "c", "d"].flatMap((n) => fn(n, ["return needle()"])).join("\n");
    const root = tree({ "m.py": many });
    const always = run(["grep", "--full-region", "always", "needle"], root).stdout;
    for (const n of ["a", "b", "c", "d"]) expect(always).toContain(`|def ${n}():\n`);
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
    expect(r.stdout).toContain("7:    needle()\n");
    expect(r.stdout).not.toContain("cut:");
  });
});

describe("the other: hint points near the hits", () => {
  test("in a file of many symbols it lists the neighbours of the matched one, never the file's first symbols", () => {
    const src = Array.from({ length: 300 }, (_, i) => fn(`f${i}`, [i === 150 ? "return needle()" : "return 0"]).join("\n")).join("\n");
    const r = run(["grep", "--other", "needle"], tree({ "big.py": src }));
    const other = r.stdout.split("\n").find((l) => l.startsWith("other: "))!;
    expect(other).toBe("other: function f149 @ 448-449; function f151 @ 454-455; function f152 @ 457-458; ... 296 more");
    expect(other).not.toContain("f0 ");
    // The cut says once, on the call's cut: line, where the rest are.
    expect(r.stdout).toEndWith("\n\ncut: other: lists the nearest unmatched symbols (agentgrep outline FILE lists all)\n");
  });

  test("a one-line namespace statement is never listed; a whole-file footer appears only when a list was cut", () => {
    const php = ["<?php", "", "namespace App\\Http;", "", "class A {", "    function a() { return 1; }", "    function b() { return needle(); }", "}", ""].join("\n");
    const r = run(["grep", "--other", "needle"], tree({ "a.php": php }));
    expect(r.stdout).toContain("other: method a @ 6-6\n");
    expect(r.stdout).not.toContain("namespace");
    expect(r.stdout).not.toContain("outline FILE");
  });

  test("a matched method's siblings count; JSON has the same nearby list and the total", () => {
    const src = ["class K:", ...["a", "b", "c"].flatMap((n) => [`    def ${n}(self):`, `        return ${n === "b" ? "needle" : 0}`]), ""].join("\n");
    const root = tree({ "k.py": src });
    const r = run(["grep", "--other", "needle"], root);
    expect(r.stdout).toContain("other: method a @ 2-3; method c @ 6-7\n");
    // Not in the default text; always in --json.
    expect(run(["grep", "needle"], root).stdout).not.toContain("other:");
    const j = JSON.parse(run(["grep", "--json", "needle"], root).stdout);
    expect(j.files[0].other_symbols.map((s: any) => s.label)).toEqual(["a", "c"]);
    expect(j.files[0].other_symbols_total).toBe(2);
  });
});

describe("explicit -A/-B/-C always wins", () => {
  // Two matches in two symbols of one file, each symbol short: auto would print both whole.
  const src = ["import os", "", "def first():", "    a = 1", "    return JSONArray(a)", "", "", "def second():", "    b = 2", "    c = 3", "    return JSONArray(b)", ""].join("\n");

  test("exactly rg's context lines inside the symbol groups, never a body, every match shown", () => {
    const root = tree({ "j.py": src });
    const r = run(["grep", "-A", "1", "-B", "3", "JSONArray", "j.py"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "function first @ 3-5",
        "2-",
        "3-def first():",
        "4-    a = 1",
        "5:    return JSONArray(a)",
        "6-",
        "function second @ 8-11",
        "8-def second():",
        "9-    b = 2",
        "10-    c = 3",
        "11:    return JSONArray(b)",
        "",
      ].join("\n"),
    );
    expect(r.stdout).not.toContain("|");
    // Without the context flags, the same call prints both symbols whole.
    expect(run(["grep", "JSONArray", "j.py"], root).stdout.match(/\(whole\)/g)?.length).toBe(2);
  });

  test("the printed lines are rg's, line for line, once the symbol headings are taken out", () => {
    const rg = spawnSync("rg", ["--version"]);
    if (rg.status !== 0) throw new Error("rg (ripgrep) is needed for this test: apt-get install ripgrep");
    const root = tree({ "j.py": src, "k.py": src.replace(/first/g, "third") });
    for (const flags of [["-A", "1", "-B", "3"], ["-C", "1"], ["-B", "2"], ["-A", "4"]]) {
      for (const paths of [["j.py"], ["."]]) {
        const ours = run(["grep", ...flags, "JSONArray", ...paths], root).stdout;
        const theirs = spawnSync("rg", ["--no-config", "--heading", "-n", "--sort", "path", "-F", ...flags, "JSONArray", ...paths], { cwd: root, encoding: "utf8" }).stdout;
        // rg's heading mode prints `--` between blocks; a symbol heading stands in for it.
        const strip = (t: string) => t.split("\n").filter((l) => !/ @ \d+-\d+/.test(l) && l !== "--");
        expect(strip(ours)).toEqual(strip(theirs));
      }
    }
  });

  test("--full-region always with context is an error naming both; never with context prints the context", () => {
    const root = tree({ "j.py": src });
    const bad = run(["grep", "-C", "1", "--full-region", "always", "JSONArray"], root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("error: --full-region always cannot be combined with -A/-B/-C; hint: context lines print instead of bodies: drop -A/-B/-C to get whole symbols, or --full-region to get rg's context lines\n");
    expect(run(["grep", "-C", "1", "--full-region", "never", "JSONArray"], root).stdout).toContain("4-    a = 1\n5:    return JSONArray(a)\n6-\n");
  });
});

describe("caps, skips and ungrouped files fold into one cut: line", () => {
  test("files past --max-files, lines past --max-regions and a binary cut: one line, each with how to see it", () => {
    const late = Buffer.alloc(150_000, "z\n");
    Buffer.from("hit\nhit\nhit\n").copy(late, 0);
    late[100_000] = 0;
    const files: Record<string, string | Uint8Array> = { "a.bin": late };
    for (let i = 0; i < 4; i++) files[`f${i}.txt`] = "hit\n".repeat(3);
    const r = run(["grep", "--max-files", "2", "--max-regions", "1", "hit"], tree(files));
    expect(r.stdout).toBe("a.bin\n1:hit\n\nf0.txt\n1:hit\n\ncut: 3 more files, 9 matches (--max-files 5; -l lists them); 4 more lines in 2 files (--max-regions 3); 1 binary file searched up to a NUL byte, as rg (-a searches whole)\n");
    expect(r.stdout.split("\n").filter((l) => l.startsWith("cut:")).length).toBe(1);
  });

  test("nothing cut: no cut: line at all", () => {
    const r = run(["grep", "hit"], tree({ "a.txt": "hit\n" }));
    expect(r.stdout).toBe("a.txt\n1:hit\n");
  });
});
