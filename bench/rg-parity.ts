/**
 * Optional check, not a test (CI has no CPython tree): grep's rg command-line parity cases
 * (test/parity/rg-cli.ts, the same ones the fixture test runs) over a real tree, by default the
 * CPython stdlib from bench/prepare.sh. Prints one line per case and a summary; exit 1 if any
 * case differs from rg.
 *
 *   bun bench/rg-parity.ts [TREE] [DIR FILE OTHER]   # default: the CPython stdlib, json json/decoder.py email
 *   AGENTGREP_BIN=/path/to/agentgrep bun bench/rg-parity.ts
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { FLAG_CASES, compare, pathForms, rgSpelling } from "../test/parity/rg-cli.ts";

const tree = process.argv[2] ?? join(process.env.HOME ?? "/root", ".cache/agentgrep-bench/cpython");
const [dir, file, other] = process.argv.length >= 6 ? process.argv.slice(3, 6) : ["json", "json/decoder.py", "email"];
const bin = process.env.AGENTGREP_BIN ?? join(import.meta.dir, "..", "dist", "agentgrep");
if (!existsSync(join(tree, dir))) {
  console.error(`error: ${join(tree, dir)} not found; hint: run bash bench/prepare.sh, or pass TREE DIR FILE OTHER`);
  process.exit(2);
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
process.exit(bad ? 1 : 0);
