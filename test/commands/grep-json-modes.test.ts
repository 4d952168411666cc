// grep refuses --json with the modes rg refuses it with (a count or path listing), as rg does:
// exit 2, one line naming the conflict and the fix. -c --json was accepted and printed full JSON.
import { expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { run, tree } from "../helpers.ts";

const combos = [["--json", "-c"], ["-c", "--json"], ["--json", "--count"], ["--json", "--count-matches"], ["--json", "-l"], ["--files-with-matches", "--json"], ["--json", "--files-without-match"], ["--json", "-o"], ["--json", "-L"]];

test("--json with -c, --count-matches, -l: refused where rg refuses it, accepted where rg accepts it", () => {
  const root = tree({ "a.txt": "x\nx y\n" });
  for (const c of combos) {
    const rg = spawnSync("rg", [...c, "x", "."], { cwd: root, encoding: "utf8" });
    expect(rg.error).toBeUndefined();
    const r = run(["grep", ...c, "x", "."], root);
    expect([c.join(" "), r.code]).toEqual([c.join(" "), rg.status]);
    if (rg.status === 2) {
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n").length).toBe(1);
      expect(r.stderr).toMatch(/cannot be combined with --json; hint: /);
    }
  }
});
