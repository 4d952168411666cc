/**
 * Argument values at the edges rg accepts or refuses: patterns that are not valid UTF-8 (rg
 * refuses them; here they were searched as U+FFFD, a silent empty result) and counts past 2^53
 * (rg takes any u64; here they were an error). Each test failed on the session-8 baseline.
 */
import { test, expect, describe } from "bun:test";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, tree } from "../helpers.ts";

/** Runs the binary with raw byte arguments (a JS string argument is always valid UTF-8). */
function runRaw(args: (string | Buffer)[], cwd: string) {
  // Through sh with each argument from a file: argv bytes exactly as given.
  const files = args.map((a, i) => {
    const f = join(cwd, `.arg${i}`);
    writeFileSync(f, a);
    return `"$(cat .arg${i}; printf x)"`;
  });
  const script = `set -- ${files.join(" ")}; for a; do set -- "$@" "\${a%x}"; shift; done; exec "${BIN}" "$@"`;
  const r = spawnSync("sh", ["-c", script], { cwd, encoding: "utf8" });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe("a pattern that is not valid UTF-8 is one error line, as rg refuses it", () => {
  const d = tree({ "a.txt": "foo \uFFFD\n", "p.txt": Buffer.from("foo\n\xff\n", "latin1") });

  test("as PATTERN, -ePAT and --regex: exit 2 naming the byte (was exit 1, the byte searched as U+FFFD)", () => {
    for (const args of [["grep", Buffer.from("foo\xff", "latin1"), "a.txt"], ["grep", Buffer.from("-e\xff", "latin1"), "a.txt"], ["grep", "--regex", Buffer.from("\xffx", "latin1"), "."]]) {
      const r = runRaw(args, d);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^error: the pattern argument .* is not valid UTF-8 \(byte \\xFF at offset \d+\).*; hint: /);
    }
  });

  test("a line of a -f file: exit 2 naming the line (was exit 0 and a note about '\uFFFD')", () => {
    const r = runRaw(["grep", "-c", "-f", "p.txt", "a.txt"], d);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: line 2 of pattern file p\.txt is not valid UTF-8 \(byte \\xFF at offset 0\)/);
  });

  test("a U+FFFD typed as itself is a valid pattern and matches", () => {
    const r = runRaw(["grep", "-c", "\uFFFD", "a.txt"], d);
    expect({ code: r.code, out: r.stdout }).toEqual({ code: 0, out: "1\n" });
  });
});

describe("find's words and trace's terms that are not valid UTF-8 are one error line, never dropped", () => {
  const d = tree({ "fault.c": "int fault_here(void)\n{\n\treturn 1;\n}\n" });
  test("find \\xff fault: exit 2 naming the word (was exit 0, the word silently dropped: 'words: fault')", () => {
    const r = runRaw(["find", Buffer.from("\xff", "latin1"), "fault"], d);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^error: the word argument .* is not valid UTF-8 \(byte \\xFF at offset 0\).*; hint: /);
    expect(r.stderr.trim().split("\n").length).toBe(1);
  });
  test("trace support:a\\xff and subject:\\xff: exit 2 naming the term", () => {
    for (const t of [["subject:fault_here", Buffer.from("support:a\xff", "latin1"), "relation:defined"], [Buffer.from("subject:\xff", "latin1")], ["--json", Buffer.from("subject:\xff", "latin1")]]) {
      const r = runRaw(["trace", ...t], d);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^error: the term argument .* is not valid UTF-8 \(byte \\xFF at offset \d+\).*; hint: /);
    }
  });
});

describe("counts past 2^53 are rg's (any u64), meaning no limit", () => {
  const d = tree({ "a.txt": "foo\nbar\nfoo\n" });
  test("-m, -C, -A, --max-depth 18446744073709551615 and 9007199254740993 (were 'can't be safely represented', exit 2)", () => {
    for (const v of ["18446744073709551615", "9007199254740993"]) {
      for (const flag of ["-m", "-C", "-A", "--max-depth"]) {
        const r = spawnSync(BIN, ["grep", "-c", flag, v, "foo"], { cwd: d, encoding: "utf8" });
        expect({ flag, v, code: r.status, out: r.stdout }).toEqual({ flag, v, code: 0, out: "a.txt:2\n" });
      }
    }
  });
  test("past 2^64-1 stays an error, as rg's", () => {
    const r = spawnSync(BIN, ["grep", "-m", "18446744073709551616", "foo", "."], { cwd: d, encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: invalid value for --max-count/);
  });
});

describe("MCP arguments JSON can hold but no command line can (mcp/tools.ts, mcp/server.ts)", () => {
  async function session(lines: string[]): Promise<any[]> {
    const p = Bun.spawn([BIN, "mcp"], { cwd: tree({ "a.txt": "foo\n" }), stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    p.stdin.write(lines.map((l) => l + "\n").join(""));
    p.stdin.end();
    const out = await new Response(p.stdout).text();
    await p.exited;
    return out.trim().split("\n").map((l) => JSON.parse(l));
  }
  const call = (id: number, name: string, args: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

  test("a lone surrogate in a query, path or glob is a tool error naming it (was searched as U+FFFD: 'no match')", async () => {
    const msgs = await session([call(1, "grep", { query: "\ud800" }), call(2, "find", { query: "a\udc00b" }), call(3, "grep", { query: "foo", glob: ["\ud800*"] })]);
    expect(msgs).toHaveLength(3);
    for (const m of msgs) {
      expect(m.result.isError).toBe(true);
      expect(m.result.content[0].text).toMatch(/^error: \w+ argument '\w+' must be (valid Unicode text|strings of valid Unicode text).*lone surrogate.*; hint: /);
    }
  });

  test("an integer past 2^53 is a tool error in the tool's words (was the CLI's 'invalid value for --context ... see: agentgrep grep --help')", async () => {
    const msgs = await session([call(1, "grep", { query: "foo", context: 1e308 }), call(2, "grep", { query: "foo", max_files: 1e20 })]);
    for (const m of msgs) {
      expect(m.result.isError).toBe(true);
      expect(m.result.content[0].text).toMatch(/^error: grep argument '(context|max_files)' must be an integer >= 0 \(and at most 9007199254740991\)/);
    }
  });

  test("a request with a wrong jsonrpc version is answered under its id (was id null)", async () => {
    const [m] = await session([JSON.stringify({ jsonrpc: "1.0", id: 7, method: "ping" })]);
    expect(m.id).toBe(7);
    expect(m.error.code).toBe(-32600);
    expect(m.error.message).toMatch(/"jsonrpc" must be "2.0"/);
  });
});
