/**
 * Optional checks, not tests (CI has none of these trees):
 *
 *   bun bench/rg-parity.ts [TREE] [DIR FILE OTHER]   # rg-cli.ts's flag cases x path forms over one tree
 *   bun bench/rg-parity.ts --matrix [TREE...]        # matrix.ts: the hostile fixture, then real trees
 *   AGENTGREP_BIN=/path/to/agentgrep bun bench/rg-parity.ts ...
 *
 * The first form runs grep's rg command-line parity cases (test/parity/rg-cli.ts, the same ones
 * the fixture test runs) over a real tree, by default the CPython stdlib from bench/prepare.sh.
 * The second runs test/parity/matrix.ts's argument lists through agentgrep and rg 13 and
 * classifies each (same / both error / refused with a hint / diff): the hostile cases on a fresh
 * fixture, TREE_LINE_CASES on every tree, TREE_JSON_CASES on trees under 20,000 files. Default
 * trees: the bench trees and the eval corpora under ~/.cache. One line per difference, then a
 * count per verdict; exit 1 if any case differs from rg.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { FLAG_CASES, compare, pathForms, rgSpelling } from "../test/parity/rg-cli.ts";
import { HOSTILE_CASES, HOSTILE_SUBDIR_CASES, TREE_JSON_CASES, TREE_LINE_CASES, hostileTree, judge } from "../test/parity/matrix.ts";

const bin = process.env.AGENTGREP_BIN ?? join(import.meta.dir, "..", "dist", "agentgrep");
const home = process.env.HOME ?? "/root";

function matrix(trees: string[]): number {
  const counts: Record<string, number> = {};
  const hostile = hostileTree();
  const runs: Array<[string, string[][]]> = [[hostile, HOSTILE_CASES]];
  for (const [sub, args] of HOSTILE_SUBDIR_CASES) runs.push([join(hostile, sub), [args]]);
  for (const t of trees) {
    const files = spawnSync("rg", ["--no-config", "--files", "."], { cwd: t, encoding: "utf8", maxBuffer: 1 << 28 }).stdout.split("\n").length - 1;
    runs.push([t, files < 20_000 ? [...TREE_LINE_CASES, ...TREE_JSON_CASES] : TREE_LINE_CASES]);
  }
  for (const [tree, cases] of runs) {
    const before = counts.diff ?? 0;
    for (const args of cases) {
      const j = judge(bin, tree, args);
      counts[j.verdict] = (counts[j.verdict] ?? 0) + 1;
      if (j.verdict !== "diff") continue;
      const theirs = new Set(j.theirs);
      const ours = new Set(j.ours);
      const extra = j.ours.filter((x) => !theirs.has(x)).slice(0, 3);
      const missing = j.theirs.filter((x) => !ours.has(x)).slice(0, 3);
      console.log(`DIFF  ${tree}: grep ${args.join(" ")}: exit ${j.ourCode} vs rg ${j.theirCode}; ${j.ours.length} vs ${j.theirs.length} rows; ours only ${JSON.stringify(extra)}; rg only ${JSON.stringify(missing)} ${j.stderr.trim().split("\n")[0] ?? ""}`.slice(0, 800));
    }
    console.log(`tree  ${tree}: ${cases.length} argument lists, ${(counts.diff ?? 0) - before} differ`);
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`${total} argument lists x trees: ${JSON.stringify(counts)}`);
  return counts.diff ? 1 : 0;
}

function flagCases(): number {
  const tree = process.argv[2] ?? join(home, ".cache/agentgrep-bench/cpython");
  const [dir, file, other] = process.argv.length >= 6 ? process.argv.slice(3, 6) : ["json", "json/decoder.py", "email"];
  if (!existsSync(join(tree, dir))) {
    console.error(`error: ${join(tree, dir)} not found; hint: run bash bench/prepare.sh, or pass TREE DIR FILE OTHER`);
    return 2;
  }
  let bad = 0;
  let total = 0;
  for (const flags of FLAG_CASES) {
    for (const paths of pathForms(tree, dir, file, other)) {
      const args = [...flags, ...paths];
      const c = compare(bin, tree, args, [...rgSpelling(flags), ...paths]);
      const same = c.stderr === "" && c.ourCode === c.theirCode && JSON.stringify(c.ours) === JSON.stringify(c.theirs);
      total++;
      if (!same) {
        bad++;
        console.log(`DIFF  grep ${args.join(" ")}: exit ${c.ourCode} vs rg ${c.theirCode}; ${c.ours.length} vs ${c.theirs.length} rows ${c.stderr.trim()}`);
      }
    }
    console.log(`case  ${flags.join(" ")}: done`);
  }
  console.log(`${total - bad} of ${total} command lines equal rg's on ${tree}`);
  return bad ? 1 : 0;
}

function defaultTrees(): string[] {
  const out = [join(home, ".cache/agentgrep-bench/cpython"), join(home, ".cache/agentgrep-bench/linux")];
  for (const base of [".cache/agentgrep-eval-dev/corpora", ".cache/agentgrep-eval-langs/corpora"]) {
    const dir = join(home, base);
    if (existsSync(dir)) for (const d of readdirSync(dir).sort()) if (d !== "c" && d !== "gopath") out.push(join(dir, d)); // c is the Linux tree again
  }
  return out.filter((t) => existsSync(t));
}

if (process.argv[2] === "--matrix") {
  const trees = process.argv.slice(3);
  process.exit(matrix(trees.length ? trees : defaultTrees()));
}
process.exit(flagCases());
