/**
 * Hostile inputs, run through the built binary as a user runs it: every bad input is one
 * `error: ...; hint: ...` line and exit 2 (never a stack trace, never a silent empty result),
 * and no input's cost grows with the square of its size. Each test here failed before its fix
 * (named in the test) or guards a behaviour a held-out hostile suite scores.
 */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, run, runUnprivileged, tree } from "../helpers.ts";

setDefaultTimeout(120_000);

interface Measured {
  code: number;
  stdout: string;
  stderr: string;
  /** user + system CPU seconds (the re-exec is the same process, so it is counted). */
  cpu: number;
  /** peak RSS in MB. */
  rssMB: number;
}

/**
 * Runs the binary and measures its CPU time and peak RSS, through /usr/bin/time: Bun's rusage of
 * a child reports the test runner's own RSS at spawn as the child's peak (700 MB in the full
 * suite), so only CPU time comes from it when /usr/bin/time is missing (RSS is then NaN).
 */
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
async function measured(args: string[], cwd: string): Promise<Measured> {
  const argv = TIME ? [TIME, "-f", "agentgrep-rusage %U %S %M", BIN, ...args] : [BIN, ...args];
  const p = Bun.spawn(argv, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env } });
  const [stdout, raw] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  const code = await p.exited;
  const m = /(?:^|\n)(?:Command exited with non-zero status \d+\n)?agentgrep-rusage (\S+) (\S+) (\d+)\n$/.exec(raw);
  if (TIME && !m) throw new Error(`no /usr/bin/time line in: ${raw.slice(-300)}`);
  const stderr = m ? raw.slice(0, m.index + (raw[m.index] === "\n" ? 1 : 0)) : raw;
  if (m) return { code, stdout, stderr, cpu: Number(m[1]) + Number(m[2]), rssMB: Number(m[3]) / 1024 };
  const u = p.resourceUsage();
  return { code, stdout, stderr, cpu: u ? Number(u.cpuTime.user + u.cpuTime.system) / 1e6 : NaN, rssMB: NaN };
}

/** Asserts the shape of a rejected command line: exit 2, nothing on stdout, one error line with a hint. */
function expectUserError(r: { code: number; stdout: string; stderr: string }, problem: RegExp) {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe("");
  const first = r.stderr.split("\n")[0]!;
  expect(first).toMatch(/^error: .+; hint: .+/);
  expect(first).toMatch(problem);
  expect(r.stderr).not.toMatch(/^\s+at |internal:/m);
}

const small = tree({
  "a.js": "function foo() {\n  return 1;\n}\nconst bar = foo();\n",
  "b.py": "def baz():\n    return foo\n",
});

describe("many arguments cost linear time (clipanion copied its state per argument: rg-args.ts packs long lists)", () => {
  const patterns = (n: number) => Array.from({ length: n }, (_, i) => ["-e", `pat${i}x`]).flat();

  test("8,000 -e patterns cost about what 1,000 do (before: 8x the patterns, ~70x the CPU; 10,000 took 32 s and 1.2 GB)", async () => {
    const few = await measured(["grep", ...patterns(1000), "-e", "foo", "."], small);
    const many = await measured(["grep", ...patterns(8000), "-e", "foo", "."], small);
    for (const r of [few, many]) {
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("a.js");
    }
    const matches = (o: string) => o.replace(/^note: no line matched.*\n/m, "");
    expect(matches(many.stdout)).toBe(matches(few.stdout));
    // Linear growth in the argument count allows 8x; the square gave ~70x.
    expect(many.cpu).toBeLessThan(few.cpu * 6 + 0.5);
    expect(many.rssMB).toBeLessThan(400);
  });

  test("the note naming unmatched -e patterns is capped and says how many it left out", async () => {
    const r = await measured(["grep", ...patterns(10000), "-e", "foo", "."], small);
    expect(r.code).toBe(0);
    const note = (r.stdout + r.stderr).split("\n").find((l) => l.startsWith("note: no line matched"))!;
    expect(note).toContain("-e 'pat0x', -e 'pat1x'");
    expect(note).toContain("and 9990 more");
    expect(note.length).toBeLessThan(500);
  });

  test("4,000 PATH arguments cost about what 500 do, with the same matches as rg's order", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 4000; i++) files[`f${String(i).padStart(4, "0")}.txt`] = `x${i}\n`;
    const dir = tree(files);
    const names = Object.keys(files);
    const few = await measured(["grep", "-c", "x1", ...names.slice(0, 500)], dir);
    const many = await measured(["grep", "-c", "x1", ...names], dir);
    expect(few.code).toBe(0);
    expect(many.code).toBe(0);
    expect(many.stdout.split("\n")[0]).toBe("f0001.txt:1");
    expect(many.stdout.trim().split("\n").length).toBe(names.filter((n) => /x1/.test(files[n]!)).length);
    expect(many.cpu).toBeLessThan(few.cpu * 6 + 0.5);
  });

  test("--packed-lists is not a user option", () => {
    expectUserError(run(["grep", "--packed-lists={}", "foo"], small), /unknown option '--packed-lists'/);
  });
});

describe("paths a user names (walk/index.ts)", () => {
  const fs = tree({ "ok.txt": "needle ok\n" });
  symlinkSync("b", join(fs, "a"));
  symlinkSync("a", join(fs, "b"));
  const raw = Buffer.concat([Buffer.from(fs + "/bad"), Buffer.from([0xff, 0xfe]), Buffer.from("name.txt")]);
  writeFileSync(raw, "needle four\n");

  test("a symlink loop given as the path is named as a loop, not 'not found; did you mean: a'", () => {
    for (const args of [["grep", "needle", "a"], ["grep", "-L", "needle", "a"]]) {
      const r = run(args, fs);
      expectUserError(r, /symbolic link loop: a/);
      expect(r.stderr).not.toContain("did you mean");
    }
  });

  test("a file name that is not UTF-8 is found by the name the shell passes and by its printed #b= form", () => {
    const listed = run(["grep", "-l", "needle"], fs);
    const printed = listed.stdout.split("\n").find((l) => l.includes("#b="))!;
    expect(printed).toBe("bad\uFFFD\uFFFDname.txt#b=ff.fe");
    // argv reaches the binary as lossy UTF-8 (U+FFFD for each invalid byte): both spellings resolve.
    for (const given of ["bad\uFFFD\uFFFDname.txt", printed]) {
      const r = run(["grep", "needle", given], fs);
      expect(r.stderr).toBe("");
      expect([r.code, r.stdout]).toEqual([0, "1:needle four\n"]);
    }
    // A name that matches nothing is still "not found", exit 2.
    expectUserError(run(["grep", "needle", "nope\uFFFD.txt"], fs), /path not found/);
  });

  test("a file named with a leading dash: outline and find say to put it after --", () => {
    const d = tree({ "-dash.js": "function needle() {}\n" });
    for (const cmd of ["outline", "find"]) {
      const r = run([cmd, "-dash.js"], d);
      expectUserError(r, /unknown option '-dash\.js'; hint: .*-- -dash\.js/);
    }
    const ok = run(["outline", "--", "-dash.js"], d);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("function needle @ 1-1");
  });
});

describe("-m 0 (--max-count 0) shows nothing, as rg 13, and does not blame the case (grep-run.ts)", () => {
  test("text: exit 1 and a line that names -m 0, never 'would match ... with -i'", () => {
    const r = run(["grep", "-m", "0", "foo"], small);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toContain("with -i");
    expect(r.stdout).toContain("-m 0");
  });
  test("-l, -c and --files-without-match list nothing, exit 1", () => {
    for (const flag of ["-l", "-c", "--files-without-match"]) {
      const r = run(["grep", "-m", "0", flag, "foo"], small);
      expect([flag, r.code, r.stdout]).toEqual([flag, 1, ""]);
    }
  });
});

describe("find with a file too large to read (render/find.ts)", () => {
  test("does not claim no file matches a word a skipped file holds, and says how to search it", () => {
    const d = tree({});
    const line = "function f1(a){return a}var v1=1;";
    writeFileSync(join(d, "bundle.js"), line.repeat(Math.ceil((9 << 20) / line.length)));
    const r = run(["find", "f1"], d);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("over 8 MiB ranked by path only");
    expect(r.stdout).toContain("agentgrep grep -l");
    expect(r.stdout).not.toMatch(/no file matches "f1"/);
    expect(r.stdout).toContain('no file read matches "f1"');
  });
});

describe("every rejected command line is one error line with a hint, exit 2 (commands/usage.ts)", () => {
  const cases: [string[], RegExp][] = [
    [["grepp", "foo"], /unknown command 'grepp'.*did you mean grep/],
    [["--versoin"], /unknown option '--versoin'/],
    [["grep"], /missing pattern/],
    [["grep", "--colr", "foo"], /unknown option '--colr'.*did you mean --color/],
    [["grep", "-C", "-1", "foo"], /--context/],
    [["grep", "-m", "-5", "foo"], /--max-count/],
    [["grep", "--max-count", "1e99", "foo"], /--max-count/],
    [["grep", "-A", "abc", "foo"], /--after-context/],
    [["grep", "-C"], /missing value for -C/],
    [["grep", "-e"], /missing value for -e/],
    [["grep", ""], /empty pattern/],
    [["grep", "--regex", "["], /invalid regex/],
    [["grep", "--regex", "(?<=a)b"], /look-around/],
    [["grep", "-P", "foo"], /-P/],
    [["grep", "foo", "-t", "nope"], /unknown file type 'nope'/],
    [["grep", "foo", "-g", "["], /invalid glob/],
    [["grep", "foo", "--color=sometimes"], /--color/],
    [["grep", "foo", "nonexistent"], /path not found: nonexistent/],
    [["grep", "--json", "foo", "-C", "-1"], /--context/],
    [["find"], /missing words argument; hint: .*agentgrep find/],
    [["find", ""], /find needs at least one word/],
    [["find", "--max-files", "-1", "x"], /--max-files/],
    [["find", "--max-files", "1e99", "x"], /--max-files/],
    [["find", "-t"], /missing value for -t/],
    [["find", "--json"], /missing words argument/],
    [["find", "--type", "nope", "x"], /unknown file type/],
    [["outline"], /missing file argument; hint: .*agentgrep outline/],
    [["outline", "."], /not a file: \. is a directory/],
    [["outline", "nonexist"], /file not found/],
    [["outline", "/dev/null"], /not a regular file/],
    [["outline", "--json", "nonexist"], /file not found/],
    [["outline", "--max-items", "-1", "a.js"], /--max-items/],
    [["trace"], /missing terms argument; hint: .*agentgrep trace/],
    [["smart"], /missing terms argument/],
    [["trace", "subject:"], /empty value/],
    [["trace", "subjct:foo"], /unknown trace key 'subjct'/],
    [["trace", "foo"], /invalid trace term 'foo'/],
    [["trace", "subject:foo", "subject:bar"], /duplicate trace key/],
    [["trace", "relation:called_from"], /missing the required subject/],
    [["trace", "subject:foo"], /missing the required relation/],
    [["trace", "subject:foo", "relation:defined", "kind:weird"], /unknown kind 'weird'/],
    [["trace", "--json", "subjct:x"], /unknown trace key/],
    [["trace", "--max-regions", "x", "subject:a", "relation:defined"], /--max-regions/],
    [["help", "nope"], /unknown command 'nope'/],
    [["help", "agents", "--json"], /unknown option '--json'/],
  ];
  for (const [args, problem] of cases)
    test(args.join(" ") || "(none)", () => {
      expectUserError(run(args, small), problem);
    });
});

describe("closed pipes end quietly on every command", () => {
  const big = tree(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`m${i}.py`, `def f${i}():\n    return ${"x + ".repeat(50)}1\n`.repeat(40)])));
  for (const args of [["grep", "return"], ["grep", "-c", "return"], ["grep", "--json", "return"], ["find", "return"], ["outline", "m1.py"], ["trace", "subject:f1", "relation:defined"], ["help", "agents"], ["--help"]])
    test(args.join(" "), () => {
      const r = Bun.spawnSync(["bash", "-c", '"$0" "$@" | head -c 1 >/dev/null; exit "${PIPESTATUS[0]}"', BIN, ...args], { cwd: big, stderr: "pipe" });
      expect(r.stderr.toString()).toBe("");
      expect(r.exitCode).toBe(0);
    });
});

describe("big and strange files stay within linear cost and say what they cut", () => {
  const minified = (bytes: number) => {
    const parts: string[] = [];
    let n = 0;
    for (let i = 0; n < bytes; i++) {
      const s = `function f${i}(a,b){return a+b*${i}};var v${i}={k:[1,2,3],s:"x${i}"};`;
      parts.push(s);
      n += s.length;
    }
    return parts.join("");
  };
  const d10 = tree({ "app.js": minified(10 << 20) });
  const d40 = tree({ "app.js": minified(40 << 20) });

  for (const args of [["grep", "v9999="], ["grep", "-c", "return a"], ["outline", "app.js"], ["trace", "subject:f123", "relation:called_from"], ["find", "f123"]])
    test(`${args.join(" ")}: a 40 MB one-line bundle costs at most ~4x what 10 MB does`, async () => {
      const a = await measured(args, d10);
      const b = await measured(args, d40);
      expect(a.stderr).not.toMatch(/internal|^\s+at /m);
      expect(b.code).toBe(a.code);
      expect(b.cpu).toBeLessThan(a.cpu * 6 + 1);
      expect(b.rssMB).toBeLessThan(a.rssMB * 6 + 100);
    });

  test("outline of a 10 MB bundle says where the parse stopped and how to search the rest", () => {
    const r = run(["outline", "app.js"], d10);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^cut: stopped at line 1 of 1 .*agentgrep grep --path app\.js/m);
  });

  test("grep of a 10 MB line clips it and counts what it clipped", () => {
    const r = run(["grep", "v9999="], d10);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\[truncated: \d+ chars before, \d+ chars after\]/);
    expect(r.stdout.length).toBeLessThan(4096);
  });

  test("100,000 nested braces, brackets and parens parse without a crash", () => {
    const d = tree({
      "n.c": "int f() " + "{".repeat(100_000) + "}".repeat(100_000) + "\n",
      "n.js": "x = " + "[".repeat(100_000) + "]".repeat(100_000) + ";\n",
      "n.py": "x = " + "(".repeat(100_000) + ")".repeat(100_000) + "\n",
    });
    for (const f of ["n.c", "n.js", "n.py"]) {
      const r = run(["outline", f], d);
      expect([f, r.code, r.stderr]).toEqual([f, 0, ""]);
    }
    const g = run(["grep", "-c", "int f"], d);
    expect([g.code, g.stdout]).toEqual([0, "n.c:1\n"]);
  });

  test("NUL-heavy, UTF-16 without BOM, invalid UTF-8, empty and unknown-extension files", () => {
    const d = tree({
      "nul.c": Buffer.from("int a;\0\0\0".repeat(10000)),
      "u16.c": Buffer.from("int foo_u16(void) { return 1; }\n", "utf16le"),
      "bad.c": Buffer.from([...Buffer.from("int bad_"), 0xff, 0xfe, ...Buffer.from("(void) { return 1; }\n")]),
      "empty.js": "",
      "notes.xyz": "hello foo world\n",
    });
    expectUserError(run(["outline", "nul.c"], d), /file is binary/);
    expectUserError(run(["outline", "u16.c"], d), /file is binary/);
    const bad = run(["outline", "bad.c"], d);
    expect(bad.code).toBe(0);
    const empty = run(["outline", "empty.js"], d);
    expect([empty.code, empty.stdout]).toEqual([0, expect.stringContaining("symbols: 0")]);
    const unk = run(["outline", "notes.xyz"], d);
    expect(unk.code).toBe(0);
    expect(unk.stdout).toContain("no structure");
    const g = run(["grep", "int a"], d);
    expect(g.code).toBe(1);
    expect(g.stdout).toContain("binary");
  });
});

describe("special files in the tree are skipped and counted, never read or hung on", () => {
  test("a FIFO, device links and a symlink loop under the root", () => {
    const d = tree({ "ok.txt": "needle ok\n", "sub/x.txt": "needle x\n" });
    Bun.spawnSync(["mkfifo", join(d, "fifo")]);
    symlinkSync("/dev/zero", join(d, "zero"));
    symlinkSync("../sub", join(d, "sub/self"));
    mkdirSync(join(d, "loop"));
    symlinkSync("../loop", join(d, "loop/self"));
    for (const args of [["grep", "needle"], ["grep", "-L", "needle"], ["find", "needle"], ["trace", "subject:needle", "relation:defined"]]) {
      const r = Bun.spawnSync([BIN, ...args], { cwd: d, timeout: 60_000 });
      expect([args.join(" "), r.exitCode]).toEqual([args.join(" "), 0]);
      expect(r.stdout.toString()).toContain("ok.txt");
      expect(r.stderr.toString()).not.toMatch(/internal|^\s+at /m);
    }
    expectUserError(run(["grep", "needle", "fifo"], d), /not a regular file or directory: fifo/);
    expectUserError(run(["outline", "zero"], d), /not a regular file/);
  });
});

describe("output is the same bytes run twice and under any worker count", () => {
  test("grep, find and trace over a fixture tree", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 200; i++) files[`d${i % 7}/m${i}.py`] = `def handle_${i}(req):\n    return route(req, ${i})\n\n\ndef route(req, n):\n    return n\n`;
    const d = tree(files);
    for (const args of [["grep", "route"], ["grep", "--json", "route"], ["find", "route", "handle"], ["trace", "subject:route", "relation:called_from"]]) {
      const outs = ["1", "2", "4", "1"].map((n) => run(args, d, { AGENTGREP_THREADS: n }).stdout);
      expect(new Set(outs).size).toBe(1);
    }
  });
});

describe("long word lists for find and trace cost linear time (packed.ts; find-query.ts was cubic in the words)", () => {
  const words = (n: number, prefix = "") => Array.from({ length: n }, (_, i) => `${prefix}w${i}`);

  test("find with 4,000 words costs about what 500 do (before: 5.4 s CPU and 370 MB for 4,000), and names at most 20 of them", async () => {
    const few = await measured(["find", ...words(500)], small);
    const many = await measured(["find", ...words(4000)], small);
    const dashed = await measured(["find", "--max-files", "3", "--", ...words(4000)], small);
    for (const r of [few, many, dashed]) expect(r.code).toBe(1);
    expect(many.cpu).toBeLessThan(few.cpu * 6 + 0.5);
    expect(dashed.cpu).toBeLessThan(few.cpu * 6 + 0.5);
    const line = many.stdout.split("\n").find((l) => l.startsWith("no file has evidence for any of:"))!;
    expect(line).toContain("w0, w1,");
    expect(line).toContain("and 3980 more (--json lists them all)");
    expect(many.stdout).toContain("note: 3995 more query words match no file");
  });

  test("trace with 4,000 support terms costs about what 500 do (before: 1.5 s CPU, 316 MB)", async () => {
    const few = await measured(["trace", "subject:foo", "relation:defined", ...words(500, "support:")], small);
    const many = await measured(["trace", "subject:foo", "relation:defined", ...words(4000, "support:")], small);
    expect(many.code).toBe(few.code);
    expect(many.cpu).toBeLessThan(few.cpu * 6 + 0.5);
  });

  test("--packed-words is not a user option", () => {
    expectUserError(run(["find", "--packed-words=[]", "x"], small), /unknown option '--packed-words'/);
    expectUserError(run(["trace", "--packed-words=[]", "subject:x", "relation:defined"], small), /unknown option '--packed-words'/);
  });
});

describe("an error quoting the user's input stays one line of bounded length (util/errors.ts, query/dsl.ts)", () => {
  test("a newline in a missing file or path prints as \\n", () => {
    for (const args of [["outline", "x\ny"], ["grep", "foo", "no\npath"]]) {
      const r = run(args, small);
      expectUserError(r, /x\\ny|no\\npath/);
      expect(r.stderr.trimEnd().split("\n").filter((l) => !l.startsWith("usage:")).length).toBe(1);
    }
  });
  test("an invalid 100 KB regex is quoted by its ends, not whole", () => {
    const r = run(["grep", "--regex", "x".repeat(100_000) + "("], small);
    expectUserError(r, /invalid regex/);
    expect(r.stderr.length).toBeLessThan(3000);
    expect(r.stderr).toContain("chars cut");
  });
  test("trace: a value with a newline, or thousands of characters, is a DSL error (was 'invalid regex; drop --regex')", () => {
    expectUserError(run(["trace", "subject:a\nb", "relation:called_from"], small), /trace subject holds a control character/);
    const long = run(["trace", "subject:" + "x".repeat(100_000), "relation:called_from"], small);
    expectUserError(long, /trace subject is 100000 characters long \(at most 1000\)/);
    expect(long.stderr).not.toContain("--regex");
    expect(long.stderr.length).toBeLessThan(1000);
  });
});

/** Sends raw JSON-RPC lines to `agentgrep mcp` and returns every answer by id. */
async function mcpSession(cwd: string, lines: string[]): Promise<{ code: number; byId: Map<unknown, any>; answers: any[]; stderr: string }> {
  const p = Bun.spawn([BIN, "mcp"], { cwd, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  p.stdin.write(lines.join(""));
  await p.stdin.end();
  const [stdout, stderr] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  const code = await p.exited;
  const answers = stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l));
  return { code, byId: new Map(answers.map((a) => [a.id, a])), answers, stderr };
}
const INIT = JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "hostile", version: "1" } } }) + "\n";
const call = (id: number, name: string, args: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }) + "\n";

describe("MCP server under hostile requests", () => {
  test("a find of 100,000 words, a 10 MB grep query and a 1 MB trace subject are each answered (before: no answer in 120 s, 3 GB)", async () => {
    const s = await mcpSession(small, [
      INIT,
      call(1, "find", { query: Array.from({ length: 100_000 }, (_, i) => `w${i}`).join(" ") }),
      call(2, "grep", { query: "a".repeat(10_000_000) }),
      call(3, "trace", { query: "subject:" + "x".repeat(1_000_000) + " relation:defined" }),
    ]);
    expect(s.code).toBe(0);
    const find = s.byId.get(1).result;
    expect(find.isError ?? false).toBe(false);
    expect(find.content[0].text.length).toBeLessThan(10_000);
    // rg refuses a 10 MB literal too (compiled, 320 MB past its 100 MiB limit): the same error.
    expect(s.byId.get(2).result.content[0].text).toMatch(/^error: compiled regex exceeds size limit of 104857600 bytes/);
    expect(s.byId.get(2).result.content[0].text.length).toBeLessThan(3000);
    const trace = s.byId.get(3).result;
    expect(trace.isError).toBe(true);
    expect(trace.content[0].text).toMatch(/^error: trace subject is 1000000 characters long/);
    expect(trace.content[0].text.length).toBeLessThan(1000);
  });

  test("malformed JSON, wrong types, unknown tools and missing arguments: errors, and the server keeps serving", async () => {
    const s = await mcpSession(small, [
      INIT,
      "{not json\n",
      "[]\n",
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "nope" }) + "\n",
      call(2, "nope", {}),
      call(3, "grep", {}),
      call(4, "grep", { query: 5 }),
      call(5, "grep", { query: "foo", context: -1 }),
      call(6, "grep", { query: "foo", bogus: 1 }),
      call(7, "find", { query: "" }),
      call(8, "grep", { query: "foo", context: 1e99 }),
      call(9, "outline", { file: "." }),
      JSON.stringify({ jsonrpc: "2.0", id: 10, method: "tools/call", params: "str" }) + "\n",
      call(11, "grep", { query: "foo" }),
    ]);
    expect(s.code).toBe(0);
    expect(s.answers.filter((a) => a.id === null).map((a) => a.error.code)).toEqual([-32700, -32600]);
    expect(s.byId.get(1).error.code).toBe(-32601);
    expect(s.byId.get(2).error.code).toBe(-32602);
    expect(s.byId.get(10).error.code).toBe(-32602);
    for (const id of [3, 4, 5, 6, 7, 8, 9]) {
      const r = s.byId.get(id).result;
      expect([id, r.isError]).toEqual([id, true]);
      expect([id, r.content[0].text]).toEqual([id, expect.stringMatching(/^error: [^\n]+; hint: [^\n]+$/)]);
    }
    expect(s.byId.get(11).result.content[0].text).toContain("a.js");
    expect(s.stderr).not.toMatch(/internal|^\s+at /m);
  });

  test("40 calls sent at once are each answered once, the same both times; a frame cut off by EOF gets no answer", async () => {
    const lines = [INIT];
    for (let i = 1; i <= 40; i++) {
      const tool = ["grep", "find", "outline", "trace"][i % 4]!;
      lines.push(call(i, tool, { grep: { query: "foo" }, find: { query: "foo baz" }, outline: { file: "a.js" }, trace: { query: "subject:foo relation:called_from" } }[tool]));
      if (i % 10 === 0) lines.push(JSON.stringify({ jsonrpc: "2.0", id: `p${i}`, method: "ping" }) + "\n");
    }
    lines.push(JSON.stringify({ jsonrpc: "2.0", id: 99, method: "ping" })); // no newline: cut off
    const a = await mcpSession(small, lines);
    const b = await mcpSession(small, lines);
    expect(a.code).toBe(0);
    expect(a.answers.length).toBe(45);
    expect(a.byId.has(99)).toBe(false);
    expect(JSON.stringify([...b.byId].sort())).toBe(JSON.stringify([...a.byId].sort()));
  });
});

describe("unreadable files and directories, run as an unprivileged user (outline-run.ts)", () => {
  const d = tree({ "ok.txt": "needle ok\n", "locked/x.txt": "needle locked\n", "secret.txt": "needle secret\n" });
  chmodSync(d, 0o755);
  chmodSync(join(d, "locked"), 0o000);
  chmodSync(join(d, "secret.txt"), 0o000);
  symlinkSync("b", join(d, "a"));
  symlinkSync("a", join(d, "b"));

  test("outline of a file under an unsearchable directory says so (was 'file not found')", () => {
    const r = runUnprivileged(["outline", "locked/x.txt"], d);
    expectUserError(r, /cannot read locked\/x\.txt: EACCES; hint: a directory on its path is not searchable/);
  });
  test("outline of a symlink loop names the loop (was 'file not found')", () => {
    expectUserError(run(["outline", "a"], d), /symbolic link loop: a/);
  });
  test("an unreadable file or directory given by name: exit 2 naming it; inside the tree: counted, the rest searched", () => {
    expectUserError(runUnprivileged(["outline", "secret.txt"], d), /cannot read secret\.txt: EACCES/);
    expectUserError(runUnprivileged(["grep", "needle", "locked"], d), /cannot read path: locked \(EACCES\)/);
    expectUserError(runUnprivileged(["find", "--path", "locked", "needle"], d), /cannot read path: locked/);
    const g = runUnprivileged(["grep", "needle"], d);
    expect(g.code).toBe(0);
    expect(g.stdout).toContain("ok.txt");
    expect(g.stdout).toMatch(/cut: \d+ files? not searched \(\d+ unreadable/);
  });
});

describe("context counts far past the file (search/context.ts)", () => {
  test("-C 1000000 and -C 99999999 print the whole small file as context, as rg (before: a stack overflow, and a hang past 30 s)", async () => {
    const ref = run(["grep", "-C", "10", "foo"], small);
    for (const n of ["1000000", "99999999"]) {
      const r = await measured(["grep", "-C", n, "foo"], small);
      expect([n, r.code, r.stderr]).toEqual([n, 0, ""]);
      expect(r.stdout).toBe(ref.stdout);
      expect(r.cpu).toBeLessThan(5);
    }
    const ab = run(["grep", "-A", "99999999", "-B", "99999999", "return"], small);
    expect(ab.code).toBe(0);
    expect(ab.stdout).toContain("4-const bar = foo();");
  });
});

describe("argument-count errors name the right argument (usage.ts)", () => {
  test("commands that take no argument, and two-word commands", () => {
    expectUserError(run(["mcp", "extra"], small), /unexpected argument 'extra'; hint: agentgrep mcp takes no arguments/);
    expectUserError(run(["help", "agents", "extra"], small), /unexpected argument 'extra'; hint: agentgrep help agents takes no arguments/);
  });
});
