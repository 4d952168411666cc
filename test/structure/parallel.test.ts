// Parsing the shown files across parse workers (src/structure/parallel.ts) gives the output one
// thread gives: grouping, roles (read from the worker's tree), JSON and --role alike.
import { expect, test } from "bun:test";
import { availableParallelism } from "node:os";
import { run, tree } from "../helpers.ts";

test("grep output is the same with parse workers and without, cache off and on", () => {
  // 36 files of some 45K characters each: over the 1M characters that start workers, within
  // grep's 2 MB grouping budget.
  const files: Record<string, string> = {};
  for (let i = 0; i < 36; i++) {
    const body = Array.from({ length: 900 }, (_, k) => `def f${i}_${k}(x):\n    return helper(x, ${k})  # helper\n`).join("\n");
    files[`m${String(i).padStart(2, "0")}.py`] = `import helper\n\n${body}\nclass C${i}:\n    helper = 1\n`;
  }
  const root = tree(files);
  for (const args of [["grep", "--json", "--max-files", "40", "helper"], ["grep", "--role", "definition", "helper"]]) {
    const one = run(args, root, { AGENTGREP_THREADS: "1", AGENTGREP_CACHE: "off" });
    expect(one.code).toBe(0);
    const pooled = run(args, root, { AGENTGREP_CACHE: "off", AGENTGREP_PROFILE: "1" });
    // With two cores or more, workers took some of the files.
    if (availableParallelism() > 1) expect(pooled.stderr).toMatch(/structure of \d+ files \([1-9]\d* by [1-9]\d* parse workers, 0 failed there\)/);
    expect(pooled.stdout).toBe(one.stdout);
    expect(pooled.code).toBe(one.code);
    expect(run(args, root)).toEqual(one); // cache on: workers parse, their roles are remembered
    expect(run(args, root)).toEqual(one); // and served from the cache
  }
}, 600_000);
