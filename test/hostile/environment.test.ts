/**
 * Hostile environments, run through the built binary: an output that cannot be written, a bad
 * AGENTGREP_THREADS, a structure cache whose entries were garbled or replaced by a FIFO, names
 * and arguments with control characters, and MCP input shaped to hit JavaScript's corners.
 * Each test failed on the session's baseline build (098ba41) before its fix, named in the test.
 */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { BIN, run, tree } from "../helpers.ts";

setDefaultTimeout(120_000);

/** One `error: ...; hint: ...` line, exit 2, no stack trace. */
function expectOneErrorLine(r: { code: number; stderr: string }, problem: RegExp) {
  expect(r.code).toBe(2);
  const lines = r.stderr.trimEnd().split("\n").filter((l) => !l.startsWith("usage:"));
  expect(lines.length).toBe(1);
  expect(lines[0]).toMatch(/^error: .+; hint: .+/);
  expect(lines[0]).toMatch(problem);
  expect(r.stderr).not.toMatch(/internal|^\s+at /m);
}

const small = tree({
  "a.js": "function foo() {\n  return 1;\n}\nconst bar = foo();\n",
  "b.py": "def baz():\n    return foo\n",
});

const COMMANDS = [
  ["grep", "foo"],
  ["grep", "--json", "foo"],
  ["grep", "-c", "foo"],
  ["find", "foo"],
  ["outline", "a.js"],
  ["outline", "--json", "a.js"],
  ["trace", "subject:foo", "relation:defined"],
  ["--help"],
  ["help", "agents"],
];

describe("stdout that cannot be written (util/out.ts)", () => {
  // /dev/full fails every write with ENOSPC, as a full disk does: rg says so and exits 2.
  for (const args of COMMANDS)
    test(`${args.join(" ")} >/dev/full: one line naming ENOSPC, exit 2 (was 'error: internal: ENOSPC')`, () => {
      const r = spawnSync("bash", ["-c", '"$0" "$@" >/dev/full', BIN, ...args], { cwd: small, encoding: "utf8" });
      expectOneErrorLine({ code: r.status ?? -1, stderr: r.stderr }, /cannot write the output: ENOSPC/);
    });
});

describe("AGENTGREP_THREADS is checked for every command (util/threads.ts)", () => {
  for (const v of ["abc", "-1", "1.5", "2x", "100000"])
    test(`AGENTGREP_THREADS=${v}: one error line, exit 2 (was ignored, and 100000 ran out of file descriptors)`, () => {
      for (const args of [["grep", "foo"], ["find", "foo"], ["outline", "a.js"], ["trace", "subject:foo", "relation:defined"]]) {
        const r = run(args, small, { AGENTGREP_THREADS: v });
        expectOneErrorLine(r, new RegExp(`invalid AGENTGREP_THREADS '${v.replace(/[.]/g, "\\.")}'`));
        expect(r.stdout).toBe("");
      }
    });
  test("the MCP server refuses to start with it, and valid values (0, 1, ' 2 ', empty) run", () => {
    const m = spawnSync(BIN, ["mcp"], { cwd: small, env: { ...process.env, AGENTGREP_THREADS: "lots" }, input: "", encoding: "utf8" });
    expectOneErrorLine({ code: m.status ?? -1, stderr: m.stderr }, /invalid AGENTGREP_THREADS 'lots'/);
    const ref = run(["grep", "foo"], small).stdout;
    for (const v of ["0", "1", " 2 ", ""]) {
      const r = run(["grep", "foo"], small, { AGENTGREP_THREADS: v });
      expect([v, r.code, r.stdout]).toEqual([v, 0, ref]);
    }
  });
});

describe("the structure cache on disk under hostile entries (structure/store.ts)", () => {
  /** A fresh cache location, the output without any cache, and the entry files a run leaves. */
  const fresh = () => mkdtempSync(join(tmpdir(), "ag-cache-"));
  const entries = (cache: string) => readdirSync(join(cache, "agentgrep", "structure")).filter((n) => !n.startsWith(".") && !n.endsWith(".tmp"));

  test("an entry with the right key but garbled fields is a miss, never a crash or a wrong range (was 'error: internal: e.startsWith is not a function')", () => {
    const cache = fresh();
    const env = { XDG_CACHE_HOME: cache };
    const cmds = [COMMANDS[4]!, COMMANDS[0]!, COMMANDS[3]!, COMMANDS[6]!];
    const refs = cmds.map((args) => run(args, small, { AGENTGREP_CACHE: "off" }));
    run(["outline", "a.js"], small, env);
    const [name] = entries(cache).filter((n) => readFileSync(join(cache, "agentgrep", "structure", n), "utf8").includes('"javascript"'));
    expect(name).toBeDefined();
    const path = join(cache, "agentgrep", "structure", name!);
    const doc = JSON.parse(readFileSync(path, "utf8").slice(5));
    const row = doc.y[0];
    const garbles: unknown[][] = [
      [1, 2, 3, 4, 5, 6, 7, 8],
      [null, null, null, null, null, null, null, null],
      [{}, [], {}, [], {}, [], {}, []],
      [row[0], row[1], row[2], -5, 1e308, -1, 0, row[7]],
      [row[0], row[1], row[2], 3, 1, -1, 0, row[7]],
      [row[0], row[1], row[2], row[3], row[4], 7, 0, row[7]],
      [row[0], row[1], row[2], row[3], 99, -1, 0, row[7]],
    ];
    garbles.forEach((g, gi) => {
      writeFileSync(path, "AGS1\n" + JSON.stringify({ ...doc, y: [g] }));
      // Every command on the first garble, outline (whose symbols are the entry's) on the rest.
      cmds.forEach((args, i) => {
        if (gi > 0 && args[0] !== "outline") return;
        const r = run(args, small, env);
        expect([JSON.stringify(g), args.join(" "), r.code, r.stderr]).toEqual([JSON.stringify(g), args.join(" "), refs[i]!.code, refs[i]!.stderr]);
        expect(r.stdout).toBe(refs[i]!.stdout);
        writeFileSync(path, "AGS1\n" + JSON.stringify({ ...doc, y: [g] }));
      });
    });
    for (const s of [{ ...doc.s, totalLines: "4" }, { ...doc.s, cut: 5 }]) {
      writeFileSync(path, "AGS1\n" + JSON.stringify({ ...doc, s }));
      const r = run(["outline", "a.js"], small, env);
      expect([r.code, r.stdout, r.stderr]).toEqual([0, refs[0]!.stdout, ""]);
    }
    writeFileSync(path, "AGS1\n" + JSON.stringify({ ...doc, r: [["k", "zz"], 5] }));
    expect(run(["outline", "a.js"], small, env).stdout).toBe(refs[0]!.stdout);
  });

  test("a FIFO where an entry should be is no entry: the call does not hang (was blocked in open(2))", () => {
    const cache = fresh();
    const env = { XDG_CACHE_HOME: cache };
    const ref = run(["outline", "a.js"], small, { AGENTGREP_CACHE: "off" }).stdout;
    run(["outline", "a.js"], small, env);
    for (const n of entries(cache)) {
      const p = join(cache, "agentgrep", "structure", n);
      rmSync(p);
      expect(spawnSync("mkfifo", [p]).status).toBe(0);
    }
    const r = spawnSync(BIN, ["outline", "a.js"], { cwd: small, env: { ...process.env, ...env }, encoding: "utf8", timeout: 20_000 });
    expect([r.signal, r.status, r.stdout, r.stderr]).toEqual([null, 0, ref, ""]);
  });

  test("a cache hit prints the same bytes as the parse that wrote the entry (C: the EXPORT_SYMBOL line's group was lost on a hit)", () => {
    const d = tree({
      "k.c": "int f(void) {\n  return 1;\n}\nEXPORT_SYMBOL(f);\nint g(void) { return f(); }\n",
      "m.c": "static int helper(int x)\n{\n\treturn x;\n}\nEXPORT_SYMBOL_GPL(helper);\n\nint user(void)\n{\n\treturn helper(2);\n}\n",
    });
    const env = { XDG_CACHE_HOME: fresh() };
    for (const args of [["grep", "f", "k.c"], ["grep", "helper"], ["grep", "--json", "helper"], ["outline", "--json", "m.c"]]) {
      const off = run(args, d, { AGENTGREP_CACHE: "off" });
      const first = run(args, d, env);
      const hit = run(args, d, env);
      expect([args.join(" "), first.stdout]).toEqual([args.join(" "), off.stdout]);
      expect([args.join(" "), hit.stdout]).toEqual([args.join(" "), off.stdout]);
    }
  });

  test("a cache location that is a file, or unwritable, changes no output", () => {
    const base = fresh();
    writeFileSync(join(base, "agentgrep"), "not a directory");
    const cmds = [COMMANDS[0]!, COMMANDS[4]!, COMMANDS[6]!];
    const ref = cmds.map((args) => run(args, small, { AGENTGREP_CACHE: "off" }).stdout);
    for (const env of [{ XDG_CACHE_HOME: base }, { XDG_CACHE_HOME: "/proc/self" }, { XDG_CACHE_HOME: "relative/dir", HOME: "/nonexistent/home" }])
      cmds.forEach((args, i) => {
        const r = run(args, small, env);
        expect([env.XDG_CACHE_HOME, args.join(" "), r.stderr, r.stdout]).toEqual([env.XDG_CACHE_HOME, args.join(" "), "", ref[i]]);
      });
  });
});

describe("names and arguments with control characters stay one line", () => {
  test("outline of a file whose name holds a newline prints it in grep's #b= form (was a raw newline in 'file:')", () => {
    const d = tree({ "nl\nname.py": "def foo():\n    return 1\n" });
    const r = run(["outline", "nl\nname.py"], d);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("file: nl\uFFFDname.py#b=0a");
    // The printed form is accepted back, as grep's.
    const back = run(["outline", "nl\uFFFDname.py#b=0a"], d);
    expect([back.code, back.stdout]).toEqual([0, r.stdout]);
    expect(run(["grep", "-l", "foo"], d).stdout).toBe("nl\uFFFDname.py#b=0a\n");
  });

  test("a name typed composed (NFC) that is stored decomposed (NFD) is suggested, and the hint says why (was a bare 'path not found')", () => {
    const nfd = "cafe\u0301.py";
    const d = tree({ [nfd]: "def foo():\n    pass\n", [`sub/${nfd}`]: "x = 1\n" });
    for (const [args, problem] of [
      [["grep", "foo", "caf\u00e9.py"], /^error: path not found: caf\u00e9\.py; hint: did you mean: cafe\u0301\.py \(the same name as stored on disk, in Unicode NFD form/],
      [["find", "--path", "sub/caf\u00e9.py", "x"], /^error: path not found: sub\/caf\u00e9\.py; hint: did you mean: sub\/cafe\u0301\.py \(the same name/],
      [["outline", "caf\u00e9.py"], /^error: file not found: caf\u00e9\.py; hint: did you mean: cafe\u0301\.py \(the same name/],
    ] as const) {
      const r = run([...args], d);
      expect([args.join(" "), r.code]).toEqual([args.join(" "), 2]);
      expect(r.stderr.split("\n")[0]).toMatch(problem);
    }
    // The suggestion opens as printed.
    expect(run(["grep", "foo", nfd], d).code).toBe(0);
  });

  test("a carriage return or an escape sequence in a quoted argument is escaped in the error line (was written raw)", () => {
    for (const args of [["outline", "x\ry.js"], ["grep", "foo", "no\x1b[2Jpath"], ["trace", "subjct\r:x", "relation:defined"], ["find", "--type", "p\u2028y", "x"]]) {
      const r = run(args, small);
      expect(r.code).toBe(2);
      const line = r.stderr.split("\n")[0]!;
      expect(line).toMatch(/^error: /);
      expect(line).not.toMatch(/[\r\x1b\u2028]/);
      expect(line).toMatch(/\\x0d|\\x1b|\\u2028/);
    }
  });
});

/** Sends raw lines to `agentgrep mcp`; returns the answers by id, stderr and the CPU seconds used. */
async function mcp(cwd: string, lines: (string | Uint8Array)[]): Promise<{ code: number; byId: Map<unknown, any>; stderr: string; cpu: number }> {
  const time = "/usr/bin/time";
  const p = Bun.spawn([time, "-f", "agentgrep-cpu %U %S", BIN, "mcp"], { cwd, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  for (const l of lines) p.stdin.write(l);
  await p.stdin.end();
  const [stdout, raw] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  const code = await p.exited;
  const m = /agentgrep-cpu (\S+) (\S+)\n$/.exec(raw);
  const answers = stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l));
  return { code, byId: new Map(answers.map((a) => [a.id, a])), stderr: m ? raw.slice(0, m.index) : raw, cpu: m ? Number(m[1]) + Number(m[2]) : NaN };
}
const INIT = JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "hostile", version: "1" } } }) + "\n";
const call = (id: number, name: string, args: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }) + "\n";

describe("MCP input shaped for JavaScript's corners (mcp/tools.ts, mcp/server.ts)", () => {
  test("an argument named after an Object.prototype member is an unknown argument (constructor, toString were accepted and dropped)", async () => {
    const s = await mcp(small, [
      INIT,
      call(1, "grep", { query: "foo", constructor: 1 }),
      call(2, "grep", { query: "foo", toString: "x" }),
      call(3, "find", { query: "foo", hasOwnProperty: true }),
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"outline","arguments":{"file":"a.js","__proto__":{"x":1}}}}\n',
      call(5, "grep", { query: "foo" }),
    ]);
    for (const [id, field] of [[1, "constructor"], [2, "toString"], [3, "hasOwnProperty"], [4, "__proto__"]] as const) {
      const r = s.byId.get(id).result;
      expect([id, r.isError]).toEqual([id, true]);
      expect(r.content[0].text).toMatch(new RegExp(`^error: \\w+ has no argument '${field}'; hint: its arguments are: `));
    }
    expect(s.byId.get(5).result.content[0].text).toContain("a.js");
  });

  test("100,000 nested arrays as an argument are a tool error naming the field (was a stack overflow, -32603 and a stack trace)", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const s = await mcp(small, [
      INIT,
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"grep","arguments":{"query":"foo","glob":${deep}}}}\n`,
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"find","arguments":{"query":${deep}}}}\n`,
      call(3, "grep", { query: "foo", type: Array.from({ length: 200_000 }, (_, i) => i) }),
      call(4, "grep", { query: "foo" }),
    ]);
    expect(s.code).toBe(0);
    for (const [id, field] of [[1, "glob"], [2, "query"], [3, "type"]] as const) {
      const r = s.byId.get(id).result;
      expect([id, r.isError]).toEqual([id, true]);
      expect(r.content[0].text).toMatch(new RegExp(`^error: \\w+ argument '${field}' must be .*, got \\[.{0,60}; hint: `));
      expect(r.content[0].text.length).toBeLessThan(500);
    }
    expect(s.byId.get(4).result.content[0].text).toContain("a.js");
    expect(s.stderr).not.toMatch(/internal|^\s+at /m);
  });

  test("a 40 MB message costs about four times what a 10 MB one does (the reader re-joined and re-searched its carry per chunk: 32 MB took 2 s)", async () => {
    const empty = tree({});
    const msg = (mb: number) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "a".repeat(mb << 20) } }) + "\n";
    // Sent in pipe-sized pieces, as a client writing a long line does.
    const pieces = (s: string) => {
      const b = Buffer.from(s);
      const out: Uint8Array[] = [];
      for (let i = 0; i < b.length; i += 65536) out.push(b.subarray(i, i + 65536));
      return out;
    };
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }) + "\n";
    const a = await mcp(empty, [...pieces(msg(10)), ping]);
    const b = await mcp(empty, [...pieces(msg(40)), ping]);
    for (const s of [a, b]) {
      expect(s.byId.get(1).result).toEqual({});
      expect(s.byId.get(2).result).toEqual({});
    }
    expect(b.cpu).toBeLessThan(a.cpu * 6 + 0.5);
  });
});

describe("small inputs the user names: pattern files and context files (util/read-capped.ts)", () => {
  test("-f /dev/zero and --context-json /dev/zero stop at 64 MiB with one error line (were read until memory ran out)", () => {
    for (const [args, problem] of [
      [["grep", "-f", "/dev/zero", "."], /pattern file too large: \/dev\/zero \(over 64 MiB\)/],
      [["outline", "--context-json", "/dev/zero", "a.js"], /context file too large: \/dev\/zero \(over 64 MiB\)/],
    ] as const) {
      const r = spawnSync(BIN, [...args], { cwd: small, encoding: "utf8", timeout: 60_000 });
      expect([args.join(" "), r.signal]).toEqual([args.join(" "), null]);
      expectOneErrorLine({ code: r.status ?? -1, stderr: r.stderr }, problem);
    }
  });

  test("a file given through process substitution works for every command (outline, find and trace lost /dev/fd/N in their re-exec)", () => {
    const ctx = '{"known_files": []}';
    for (const cmd of ['"$0" outline --context-json <(echo "$1") a.js', '"$0" find --context-json <(echo "$1") foo', '"$0" trace --context-json=<(echo "$1") subject:foo relation:defined', '"$0" grep -c -f <(echo foo) .'])
      {
        const r = spawnSync("bash", ["-c", cmd, BIN, ctx], { cwd: small, encoding: "utf8" });
        expect([cmd, r.status, r.stderr]).toEqual([cmd, 0, ""]);
        expect(r.stdout).toContain("a.js");
      }
  });

  test("a context file that starts with a UTF-8 byte order mark is read (was 'invalid JSON ... unexpected \"\\uFEFF{\"')", () => {
    const f = join(mkdtempSync(join(tmpdir(), "ag-ctx-")), "ctx.json");
    writeFileSync(f, "\uFEFF" + JSON.stringify({ known_files: [] }));
    const r = run(["outline", "--context-json", f, "a.js"], small);
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect(r.stdout).toBe(run(["outline", "a.js"], small).stdout);
  });
});
