/**
 * rg parity on hostile line ends: a `\r` before `\n` (CRLF), `\r` alone (old Mac files), a last
 * line with no terminator after a `\r`, on short lines and on lines past the long-line VM's
 * threshold. Compared with real rg: `--count-matches` (rg -o's entries) and the -o entries'
 * (line, column) from --json. The displayed text drops a line's trailing `\r` (INTERFACE.md), so
 * a match of that `\r` is an entry with empty text, as counted by rg.
 */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { spawnSync } from "node:child_process";
import { BIN, tree } from "../helpers.ts";

setDefaultTimeout(120_000);
const hasRg = spawnSync("rg", ["--version"]).status === 0;

const FILES: Record<string, string> = {
  "nocr.txt": "baz",
  "lf.txt": "baz\n",
  "cr-end.txt": "baz\r",
  "crlf.txt": "baz\r\n",
  "cr-mid.txt": "baz\rqux",
  "cr-only.txt": "foo one\rbar foo\rbaz\r",
  "crlf-many.txt": "foo one\r\nbar foo\r\nbaz\r\n",
  "long-cr-end.txt": "ab ".repeat(3000) + "zz\r",
  "long-crlf.txt": ("ab ".repeat(3000) + "zz\r\n").repeat(2),
};

const PATTERNS = ["x*", "$", "\\r", "\\r|x*", "z\\r?", "\\r?$", "(?m)$", "\\b", "\\s", "\\s+", "\\W*", "."];

function ours(args: string[], cwd: string) {
  return spawnSync(BIN, ["grep", "--regex", ...args], { cwd, encoding: "utf8", maxBuffer: 1 << 28 });
}
function rg(args: string[], cwd: string) {
  return spawnSync("rg", ["--no-config", ...args], { cwd, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });
}

describe.skipIf(!hasRg)("rg -o on lines ending in \\r (a match of the \\r was cut to an empty one, then dropped at the file's end)", () => {
  const root = tree(FILES);

  test("--count-matches equals rg's for every pattern and file", () => {
    const bad: string[] = [];
    for (const f of Object.keys(FILES))
      for (const p of PATTERNS) {
        const a = ours(["--count-matches", p, f], root);
        const r = rg(["--count-matches", p, f], root);
        if (a.stdout !== r.stdout || a.status !== r.status) bad.push(`${f} '${p}': ours ${JSON.stringify(a.stdout)} (${a.status}), rg ${JSON.stringify(r.stdout)} (${r.status}) ${a.stderr}`);
      }
    expect(bad).toEqual([]);
  });

  test("-U --count-matches counts the empty matches -U -o does not print, as rg (a pattern that cannot match a newline: it was 0 for `$`)", () => {
    const bad: string[] = [];
    for (const f of Object.keys(FILES))
      for (const p of ["x*", "$", "^", "^$", "\\r|x*", "\\b", "a|"]) {
        const a = ours(["-U", "--count-matches", p, f], root);
        const r = rg(["-U", "--count-matches", p, f], root);
        if (a.stdout !== r.stdout || a.status !== r.status) bad.push(`${f} '${p}': ours ${JSON.stringify(a.stdout)} (${a.status}), rg ${JSON.stringify(r.stdout)} (${r.status}) ${a.stderr}`);
      }
    expect(bad).toEqual([]);
  });

  test("-o entries have rg's lines and columns", () => {
    const bad: string[] = [];
    for (const f of Object.keys(FILES))
      for (const p of PATTERNS) {
        const a = ours(["--json", "-o", p, f], root);
        const mine = a.status === 0 ? JSON.parse(a.stdout).files.flatMap((x: any) => x.matches.map((m: any) => `${m.line_number}:${m.column}`)) : [];
        const theirs: string[] = [];
        for (const l of rg(["--json", p, f], root).stdout.split("\n")) {
          if (!l) continue;
          const d = JSON.parse(l);
          if (d.type === "match") for (const s of d.data.submatches) theirs.push(`${d.data.line_number}:${s.start + 1}`);
        }
        if (JSON.stringify(mine) !== JSON.stringify(theirs)) bad.push(`${f} '${p}': ours ${mine.join(",")} rg ${theirs.join(",")}`);
      }
    expect(bad).toEqual([]);
  });
});
