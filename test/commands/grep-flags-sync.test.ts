/**
 * grep's argv pre-pass (commands/rg-args.ts) must know every value flag the clipanion class
 * declares: a flag it does not know passes through bare, and its value is then read as a
 * positional (`--role definition` searched for "definition"). Checked against the class itself,
 * so a new value flag cannot be added on one side only.
 */
import { expect, test } from "bun:test";
import { buildCli } from "../../src/cli/registry.ts";
import { normaliseGrepArgs } from "../../src/commands/rg-args.ts";

const CHECKED: Record<string, string> = { "--sort": "modified", "--sortr": "path", "--max-filesize": "1024", "--encoding": "utf-8", "-E": "utf-8" };
/** Checked by rg-args.ts and dropped for their default value (-E auto is how files are read). */
const DROPPED = new Set(["--encoding", "-E"]);

test("every value flag of grep reaches clipanion with its value attached, even a value starting with '-'", async () => {
  const cli = await buildCli("test", ["grep"]);
  const grep = cli.definitions().find((d) => d.path.endsWith("grep"))!;
  const valued = grep.options.map((o) => o.definition).filter((d) => d.endsWith("#0"));
  expect(valued.length).toBeGreaterThan(10);
  for (const d of valued) {
    for (const flag of d.replace(/ #0$/, "").split(",")) {
      // --color takes a WHEN and changes nothing: its value must still be consumed.
      // A flag whose values are a closed set gets a valid one (-x would be refused by name).
      const v = flag.startsWith("--colo") ? "never" : (CHECKED[flag] ?? "-x");
      if (DROPPED.has(flag)) expect(normaliseGrepArgs([flag, "auto", "pattern"])).toEqual(["--", "pattern"]);
      const args = normaliseGrepArgs([flag, v, "pattern"]);
      // The value stays attached to a flag (canonical spelling), never left as a positional.
      expect({ flag, attached: v === "never" || args.some((a) => a.startsWith("--") && a.endsWith(`=${v}`)) }).toEqual({ flag, attached: true });
      expect(args.slice(args.indexOf("--") + 1)).toEqual(["pattern"]);
    }
  }
});
