/**
 * Walk benchmark (not a test): `bun bench/walk.ts DIR [runs] [--hidden] [--no-ignore] [--sorted]`.
 * Times our walk in a fresh process (as users run it: compile with
 * `bun build --compile bench/walk.ts --outfile /tmp/walkbench`) against
 * `rg --no-config --files DIR`, alternating runs, and prints the best and median of each and the ratio.
 */
import { spawnSync } from "node:child_process";
import { walk, walkSorted } from "../src/walk/index.ts";

const args = process.argv.slice(2);
if (args[0] === "--child") {
  const root = args[1];
  const t0 = performance.now();
  let n = 0;
  const o = { root, hidden: args.includes("--hidden"), noIgnore: args.includes("--no-ignore"), follow: false, types: [] as string[], typesNot: [] as string[], globs: [] as string[] };
  if (args.includes("--sorted")) n = walkSorted(o).files.length;
  else walk(o, () => n++);
  console.log(n, (performance.now() - t0).toFixed(1));
  process.exit(0);
}
const root = args[0];
const runs = Number(args[1] ?? 7);
const extra = args.filter((a) => a.startsWith("--"));
const rgExtra = extra.filter((a) => a !== "--sorted");
const self = process.execPath.endsWith("bun") ? [process.execPath, import.meta.path] : [process.execPath];
const ours: number[] = [];
const rg: number[] = [];
let counts = "";
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const a = spawnSync(self[0], [...self.slice(1), "--child", root, ...extra], { encoding: "utf8" });
  ours.push(performance.now() - t);
  t = performance.now();
  const b = spawnSync("rg", ["--no-config", "--files", ...rgExtra, root], { encoding: "utf8", maxBuffer: 1 << 30 });
  rg.push(performance.now() - t);
  counts = `ours ${a.stdout.trim()} (files, in-process ms) / rg ${b.stdout.split("\n").length - 1} files`;
}
const med = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)];
const min = (x: number[]) => Math.min(...x);
console.log(counts);
console.log(`ours: min ${min(ours).toFixed(0)} ms, median ${med(ours).toFixed(0)} ms`);
console.log(`rg:   min ${min(rg).toFixed(0)} ms, median ${med(rg).toFixed(0)} ms`);
console.log(`ratio (min) ${(min(ours) / min(rg)).toFixed(2)}x, (median) ${(med(ours) / med(rg)).toFixed(2)}x`);
