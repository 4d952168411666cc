// The MCP server's grep over a small tree (past search/index.ts HELPER_MIN_FILES files, under
// the inline limits) is searched by the main thread and one helper worker kept alive between
// calls (FrontOptions.searchHelper, keepSearchWorkers); the CLI never starts one. Every answer
// is the CLI's bytes for the same command line, whichever thread searched which file.
import { expect, test } from "bun:test";
import { BIN, run, tree } from "../helpers.ts";
import { mcpClient } from "../../bench/mcp-client.ts";
import { TOOLS } from "../../src/mcp/tools.ts";

const grepTool = TOOLS.find((t) => t.name === "grep")!;
// AGENTGREP_PROFILE's search line (commands/grep-run.ts) names the helper's share and whether it was kept alive.
const HELPER_LINE = /^\[grep\] search \((\d+) files(?:; (\d+) of (\d+) searched by a helper worker, (kept alive|new))?\)/;

test("MCP grep on a 1,500-file tree: the kept-alive helper worker searches part of it, and the answer is the CLI's bytes", async () => {
  // 1,500 Python files of ~8 KB, one in 9 with matches: long enough to search that the helper joins.
  const files: Record<string, string> = {};
  const pad = "padding line without the word\n".repeat(260);
  for (let i = 0; i < 1500; i++) files[`m${i % 11}/n${i % 3}/f${String(i).padStart(4, "0")}.py`] = i % 9 ? pad : `def hit_${i}():\n    return 1\n${pad}    # hit again\nclass Hit${i}:\n    pass\n`;
  const root = tree(files);
  const inputs: Array<Record<string, unknown>> = [{ query: "hit" }, { query: "hit_\\d+|Hit\\d+", regex: true, max_files: 40 }, { query: "HIT AGAIN", ignore_case: true, context: 1 }];

  // The CLI: each query's bytes, and no helper worker (AGENTGREP_PROFILE says so).
  const want = inputs.map((i) => {
    const r = run(grepTool.argv(i), root, { AGENTGREP_PROFILE: "1" });
    expect(r.code).toBe(0);
    const line = r.stderr.split("\n").find((l) => HELPER_LINE.test(l));
    expect(line).toBeDefined();
    expect(line).not.toContain("helper worker");
    return r.stdout.replace(/\n$/, "");
  });
  expect(want[0]).toContain("def hit_0():");

  const CALLS = 12;
  const c = await mcpClient(BIN, root, { AGENTGREP_PROFILE: "1" }, "pipe");
  const got: string[] = [];
  for (let k = 0; k < CALLS; k++) {
    const r = await c.call("tools/call", { name: "grep", arguments: inputs[k % inputs.length] });
    expect(r.isError ?? false).toBe(false);
    got.push(r.content.map((x: any) => x.text).join("\n"));
  }
  expect(await c.close()).toBe(0);
  for (let k = 0; k < CALLS; k++) expect(got[k]).toBe(want[k % inputs.length]!);

  const lines = (await c.errText()).split("\n").map((l) => HELPER_LINE.exec(l)).filter((m) => m !== null);
  expect(lines.length).toBe(CALLS);
  // Every call took the helper: the first a new worker, every later one the worker kept alive.
  expect(lines.map((m) => m[4])).toEqual(["new", ...Array(CALLS - 1).fill("kept alive")]);
  for (const m of lines) expect(Number(m[3])).toBe(1500);
  // The kept-alive helper searched part of the tree in at least one call (how much depends on timing).
  expect(Math.max(...lines.slice(1).map((m) => Number(m[2])))).toBeGreaterThan(0);
}, 240_000);
