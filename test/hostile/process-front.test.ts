/**
 * The process front under hostile conditions, run through the built binary: an unwritable
 * stdout for --version, bad cache settings in the environment, count flags written as rg takes
 * them (or past what any count holds), help asked twice, special files, a cwd that cannot be
 * searched, file names holding a newline or a byte that is not UTF-8, and an MCP peer that
 * never ends its line. Each test failed on the session's baseline build (9c3b151) before its
 * fix, as its name says.
 */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { appendFileSync, chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, truncateSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { BIN, run, runUnprivileged, symlinkSync, tree } from "../helpers.ts";

setDefaultTimeout(120_000);

/** One `error: ...; hint: ...` line (plus a usage line at most), exit 2, no stack trace. */
function expectOneErrorLine(r: { code: number; stderr: string }, problem: RegExp) {
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 2, stderr: expect.stringMatching(problem) });
  const lines = r.stderr.trimEnd().split("\n").filter((l) => !l.startsWith("usage:"));
  expect(lines.length).toBe(1);
  expect(lines[0]).toMatch(/^error: .+; hint: .+/);
  expect(r.stderr).not.toMatch(/internal|^\s+at /m);
}

const py = "def foo(x):\n    return x + 1\n\nclass Bar:\n    def baz(self):\n        return foo(2)\n";
const small = tree({ "a.py": py, "b.py": py });

describe("--version on an unwritable stdout (cli/main.ts)", () => {
  test(">/dev/full: one line naming ENOSPC, exit 2, as every other command (was nothing, exit 0: console.log drops the error)", () => {
    const full = openSync("/dev/full", "w");
    const r = spawnSync(BIN, ["--version"], { cwd: small, encoding: "utf8", stdio: ["ignore", full, "pipe"] });
    closeSync(full);
    expect({ code: r.status, stderr: r.stderr }).toEqual({
      code: 2,
      stderr: "error: cannot write the output: ENOSPC (no space left on device); hint: stdout must be writable: free space on its device, or redirect it elsewhere\n",
    });
    // ... while a closed pipe still ends quietly, and a writable stdout gets the version.
    const piped = spawnSync("sh", ["-c", `"${BIN}" --version | head -c1 >/dev/null; echo $?`], { encoding: "utf8" });
    expect(piped.stdout.trim()).toBe("0");
    expect(piped.stderr).toBe("");
    expect(run(["--version"]).stdout).toMatch(/^agentgrep \S+/);
  });
});

describe("AGENTGREP_CACHE and AGENTGREP_CACHE_MB are checked for every command (structure/cache-env.ts)", () => {
  const cache = mkdtempSync(join(tmpdir(), "ag-cache-"));
  const env = (extra: Record<string, string>) => ({ XDG_CACHE_HOME: cache, ...extra });
  test("1G, -5 or lots as MB, bogus or of as the switch: one error line, exit 2, for outline, grep and mcp (was silently no cache, or the cache on); valid spellings run", () => {
    for (const [name, v] of [["AGENTGREP_CACHE_MB", "1G"], ["AGENTGREP_CACHE_MB", "-5"], ["AGENTGREP_CACHE_MB", "lots"], ["AGENTGREP_CACHE", "bogus"], ["AGENTGREP_CACHE", "of"]] as const) {
      for (const args of [["outline", "a.py"], ["grep", "foo"], ["mcp"]]) {
        const r = run(args, small, env({ [name]: v }));
        expectOneErrorLine(r, new RegExp(`^error: invalid ${name} '${v}' \\(expected (a whole number of MB|on or off)\\)`));
      }
    }
    // AGENTGREP_CACHE=ON, =off, AGENTGREP_CACHE_MB=' 7 ', 0, and a huge bound
    const cases: [Record<string, string>, RegExp][] = [
      [{ AGENTGREP_CACHE: "ON" }, /cache="(hit|miss \(written\))"/],
      [{ AGENTGREP_CACHE: "off" }, /cache="off \(AGENTGREP_CACHE=off\)"/],
      [{ AGENTGREP_CACHE_MB: " 7 " }, /cache="(hit|miss \(written\))"/],
      [{ AGENTGREP_CACHE_MB: "0" }, /cache="off \(AGENTGREP_CACHE_MB=0\)"/],
      [{ AGENTGREP_CACHE_MB: "99999999999999999999999" }, /cache="(hit|miss \(written\))"/],
    ];
    for (const [extra, want] of cases) {
      const r = run(["outline", "--debug-structure", "a.py"], small, env(extra));
      expect({ extra, code: r.code, debug: r.stdout }).toEqual({ extra, code: 0, debug: expect.stringMatching(want) });
    }
  });
});

describe("count flags: one rule for every command, worded by us (commands/options.ts isCountOption)", () => {
  const COUNTS: [string[], string][] = [
    [["grep", "foo"], "-m"],
    [["grep", "foo"], "-A"],
    [["grep", "foo"], "-C"],
    [["grep", "foo"], "--max-depth"],
    [["grep", "foo"], "--max-files"],
    [["outline", "a.py"], "--max-items"],
    [["find", "foo"], "--max-files"],
    [["trace", "subject:foo", "relation:called_from"], "--max-regions"],
  ];
  test("05 is 5, as rg takes it (was 'expected a number (got \"05\")', exit 2)", () => {
    for (const [cmd, flag] of COUNTS) {
      const a = run([...cmd, flag, "05"], small);
      const b = run([...cmd, flag, "5"], small);
      expect({ flag, code: a.code, out: a.stdout, err: a.stderr }).toEqual({ flag, code: b.code, out: b.stdout, err: b.stderr });
      expect(a.code).toBe(0);
    }
    const rg = spawnSync("rg", ["-c", "-m", "05", "foo", "a.py"], { cwd: small, encoding: "utf8" });
    if (!rg.error) expect(rg.stdout).toBe(run(["grep", "-c", "-m", "05", "foo", "a.py"], small).stdout);
  });
  test("past 2^64-1, empty, or not digits: our one line naming the flag, the value and what is accepted (was typanion's 'can't be safely represented by the runtime')", () => {
    for (const [cmd, flag] of COUNTS) {
      const big = run([...cmd, flag, "99999999999999999999"], small);
      expectOneErrorLine(big, /^error: invalid value for --[a-z-]+: 99999999999999999999 \(expected a whole number from 0 to 18446744073709551615\); hint: see: agentgrep \w+ --help$/m);
      const empty = run([...cmd, flag, ""], small);
      expectOneErrorLine(empty, /^error: invalid value for --[a-z-]+: '' \(expected a whole number >= 0\)/);
      for (const v of ["1e3", "0x10", " 5", "-1", "abc"]) {
        const r = run([...cmd, `${flag}=${v}`], small);
        expectOneErrorLine(r, /^error: invalid value for --[a-z-]+: .+ \(expected a whole number >= 0\)/);
        expect(r.stderr).not.toMatch(/safely|expected a number|expected to be/);
      }
    }
  });
  test("18446744073709551615 still means no limit, for our own budgets too", () => {
    for (const [cmd, flag] of COUNTS) expect({ flag, code: run([...cmd, flag, "18446744073709551615"], small).code }).toEqual({ flag, code: 0 });
  });
});

describe("help asked twice, or of a two-word command (cli/main.ts, commands/usage.ts)", () => {
  const top = run(["--help"]).stdout;
  test("help --help, --help --help and -h -h print the top-level help (were clipanion's bare '$ agentgrep -h')", () => {
    expect(top).toContain("agentgrep <command>");
    for (const args of [["help", "--help"], ["--help", "--help"], ["-h", "-h"]]) expect({ args, out: run(args).stdout }).toEqual({ args, out: top });
  });
  test("help outline --help is outline's page (was 'unexpected argument --help')", () => {
    const r = run(["help", "outline", "--help"]);
    expect({ code: r.code, out: r.stdout }).toEqual({ code: 0, out: run(["outline", "--help"]).stdout });
  });
  test("an unknown option of help agents points at its own help (was 'see: agentgrep help --help')", () => {
    expectOneErrorLine(run(["help", "agents", "--json"]), /^error: unknown option '--json'; hint: see: agentgrep help agents --help$/m);
  });
  test("a command typed in capitals is suggested (GREP: was 'to search for GREP run: agentgrep grep GREP')", () => {
    expectOneErrorLine(run(["GREP", "foo"]), /^error: unknown command 'GREP'; hint: did you mean grep\?$/m);
  });
});

describe("paths that fail for a reason other than permissions say that reason (util/errors.ts unreadableHint)", () => {
  test.if(existsSync("/proc/self/mem"))("/proc/self/mem (EIO): outline and grep name an I/O error, not permissions (were 'check its permissions')", () => {
    for (const args of [["outline", "/proc/self/mem"], ["grep", "foo", "/proc/self/mem"]]) {
      const r = run(args, small);
      expectOneErrorLine(r, /EIO.*; hint: the system reported an I\/O error reading it/);
      expect(r.stderr).not.toContain("permissions");
    }
  });
  test("a cwd that cannot be searched, run as an unprivileged user: the hint names the directory (was 'a relative one is resolved from the current directory')", () => {
    const d = tree({ "a.py": py });
    chmodSync(d, 0o744); // readable, not searchable, by others
    for (const args of [["grep", "foo"], ["grep", "foo", "a.py"], ["find", "foo"], ["trace", "subject:foo", "relation:called_from"]]) {
      expectOneErrorLine(runUnprivileged(args, d), /^error: cannot read path: (\.|a\.py) \(EACCES\); hint: a directory on its path is not searchable: check the permissions \(ls -ld \.\)$/m);
    }
  });
});

describe("a name holding a newline or a byte that is not UTF-8", () => {
  const d = mkdtempSync(join(tmpdir(), "ag-names-"));
  mkdirSync(join(d, "src"));
  const nl = Buffer.from(join(d, "src/nl\nname.py"));
  const bad = Buffer.concat([Buffer.from(join(d, "src/bad")), Buffer.from([0xff]), Buffer.from("name.py")]);
  writeFileSync(nl, py);
  writeFileSync(bad, py);
  writeFileSync(join(d, "src", "plain.py"), py);

  test("is code by its extension: role implementation, not generic (was generic: the extension read as 'py#b=ff')", () => {
    const shown = run(["grep", "-l", "foo"], d).stdout.trim().split("\n");
    expect(shown.length).toBe(3);
    for (const f of shown) {
      const o = run(["outline", f], d);
      expect({ f, role: o.stdout.split("\n")[2] }).toEqual({ f, role: "role: implementation" });
    }
    const find = run(["find", "foo"], d);
    expect(find.stdout).not.toContain("[generic]");
  });
  test("is selected by -t py and by a --type-add glob as rg selects it (-t py missed the newline name)", () => {
    const names = (args: string[]) => run(["grep", "-l", ...args, "foo"], d).stdout.trim().split("\n").sort();
    expect(names(["-t", "py"])).toEqual(["src/bad\uFFFDname.py#b=ff", "src/nl\uFFFDname.py#b=0a", "src/plain.py"]);
    for (const glob of ["n*.py", "nl?name.py", "*e.py", "[n]l*"]) {
      expect({ glob, got: names(["--type-add", `zz:${glob}`, "-t", "zz"]) }).toEqual({ glob, got: ["src/nl\uFFFDname.py#b=0a"].concat(glob === "*e.py" ? ["src/bad\uFFFDname.py#b=ff"] : []).sort() });
    }
    // -T excludes what -t selects.
    expect(names(["-T", "py"])).toEqual([""]);
    const rg = spawnSync("rg", ["-l", "-0", "-t", "py", "foo"], { cwd: d });
    if (!rg.error) expect(rg.stdout.toString("latin1").split("\0").filter(Boolean).length).toBe(3);
  });
});

describe("an MCP peer that never ends its line (util/stream-lines.ts, mcp/server.ts)", () => {
  test("past 128 MiB without a newline: a -32600 answer at once, the rest skipped to its newline, the next message served (was held until memory ran out: 2.5 GB after 10 s of /dev/zero)", async () => {
    const p = Bun.spawn([BIN, "mcp"], { cwd: small, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    const reader = p.stdout.getReader();
    let buf = "";
    const nextLine = async (ms: number): Promise<string | undefined> => {
      const deadline = Date.now() + ms;
      for (;;) {
        const i = buf.indexOf("\n");
        if (i >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          return line;
        }
        const left = deadline - Date.now();
        if (left <= 0) return undefined;
        const r = await Promise.race([reader.read(), Bun.sleep(left).then(() => undefined)]);
        if (!r || r.done) return undefined;
        buf += new TextDecoder().decode(r.value);
      }
    };
    const chunk = "a".repeat(1 << 20);
    for (let i = 0; i < 140; i++) {
      p.stdin.write(chunk);
      await p.stdin.flush();
    }
    const first = await nextLine(20_000);
    expect(first && JSON.parse(first)).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringMatching(/^message too large: over 128 MiB/) } });
    p.stdin.write(chunk + "\n" + JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" }) + "\n");
    await p.stdin.flush();
    expect(JSON.parse((await nextLine(20_000)) ?? "null")).toEqual({ jsonrpc: "2.0", id: 7, result: {} });
    p.stdin.end();
    expect(await p.exited).toBe(0);
  });
});

describe("the parse process's marker leaked into a user's environment (cli/main.ts)", () => {
  test("AGENTGREP_PARSE_PROCESS=1: outline, find and trace run as usual (printed nothing, exit 0, or waited on stdin)", () => {
    for (const args of [["outline", "a.py"], ["find", "foo"], ["trace", "subject:foo", "relation:called_from"]]) {
      const plain = run(args, small);
      const leaked = spawnSync(BIN, args, { cwd: small, encoding: "utf8", env: { ...process.env, AGENTGREP_PARSE_PROCESS: "1" }, stdio: ["pipe", "pipe", "pipe"], input: "", timeout: 20_000 });
      expect({ args, code: leaked.status, out: leaked.stdout }).toEqual({ args, code: plain.code, out: plain.stdout });
    }
  });
});

describe("outline --path '' (outline-run.ts)", () => {
  test("is grep's and find's error for an empty path (opened ./FILE and printed it as /FILE)", () => {
    const r = run(["outline", "--path", "", "a.py"], small);
    expectOneErrorLine(r, /^error: path not found: '' \(an empty path\)/);
    expect(r.stdout).toBe("");
  });
});

describe("a file over the 256 MiB read limit (read/index.ts, search/file.ts, grep-run.ts)", () => {
  const d = mkdtempSync(join(tmpdir(), "ag-huge-"));
  const big = join(d, "big.log");
  // 260 MiB of text, then the match on the last line.
  const line = Buffer.from("hello world\n");
  const block = Buffer.alloc(line.length * 87381, line.toString("latin1"), "latin1"); // ~1 MiB of whole lines
  const fd = openSync(big, "w");
  for (let i = 0; i < 260; i++) writeSync(fd, block);
  closeSync(fd);
  appendFileSync(big, "needle here\n");
  const lines = 260 * 87381;

  test("named as PATH, it is searched, as rg searches it and as the walk already did (was 'skipped: 1 too large'; -c printed nothing, exit 1)", () => {
    expect(run(["grep", "-c", "needle", "big.log"], d)).toEqual({ code: 0, stdout: "1\n", stderr: "" });
    expect(run(["grep", "-l", "needle", "big.log"], d)).toEqual({ code: 0, stdout: "big.log\n", stderr: "" });
    expect(run(["grep", "-q", "needle", "big.log"], d).code).toBe(0);
    const text = run(["grep", "needle", "big.log"], d);
    expect({ code: text.code, first: text.stdout.split("\n")[0] }).toEqual({ code: 0, first: `${lines + 1}:needle here` });
    expect(run(["grep", "-c", "needle"], d).stdout).toBe("big.log:1\n");
    // Its context lines, as rg's (a file past the read limit printed its matches bare).
    const ctx = run(["grep", "-B2", "needle", "big.log"], d);
    expect(ctx.stdout.split("\n").slice(0, 3)).toEqual([`${lines - 1}-hello world`, `${lines}-hello world`, `${lines + 1}:needle here`]);
    const rgCtx = spawnSync("rg", ["-n", "-B2", "needle", "big.log"], { cwd: d, encoding: "utf8" });
    if (!rgCtx.error) expect(ctx.stdout.split("\n").slice(0, 3).join("\n") + "\n").toBe(rgCtx.stdout);
    // Reached through a followed link, whose size the walk knows: searched too (was skipped).
    const via = mkdtempSync(join(tmpdir(), "ag-hugelink-"));
    symlinkSync(big, join(via, "big.log"));
    expect(run(["grep", "-L", "-c", "needle"], via)).toEqual({ code: 0, stdout: "big.log:1\n", stderr: "" });
  });
  test("one it cannot stream (NUL bytes) is said on stderr with -c, -l, -q, exit 2 (was silent, exit 1: 'no match' for a file never read)", () => {
    const sparse = join(d, "sparse.log");
    writeFileSync(sparse, "");
    truncateSync(sparse, 300 << 20); // NUL bytes, then the match
    appendFileSync(sparse, "needle at the end\n");
    for (const flag of ["-c", "-l", "-q", "--files-without-match"]) {
      const r = run(["grep", flag, "needle", "sparse.log"], d);
      expect({ flag, code: r.code, stdout: r.stdout }).toEqual({ flag, code: 2, stdout: "" });
      expect(r.stderr).toMatch(/^error: 1 file is over 256 MiB, so it was not searched \(rg would read it\); hint: /m);
    }
    // A match elsewhere is still a match: exit 0, and the file is named as not searched.
    const both = run(["grep", "-c", "needle", "sparse.log", "big.log"], d);
    expect({ code: both.code, stdout: both.stdout }).toEqual({ code: 0, stdout: "big.log:1\n" });
    expect(both.stderr).toMatch(/^note: 1 file is over 256 MiB/m);
    rmSync(sparse);
  });
});

describe("a non-blocking stdout whose reader is slow (util/out.ts writeAll)", () => {
  // A parent may leave the pipe O_NONBLOCK (node and python can); then a full pipe is EAGAIN.
  const py = spawnSync("python3", ["-c", "print(1)"], { encoding: "utf8" });
  const files: Record<string, string> = {};
  for (let i = 0; i < 60; i++) files[`f${i}.txt`] = Array.from({ length: 400 }, (_, j) => `needle line ${j} of file ${i}`).join("\n") + "\n";
  const d = tree(files);
  const script = `
import os, subprocess, sys, time, resource
r, w = os.pipe()
os.set_blocking(w, False)
p = subprocess.Popen(sys.argv[2:], stdout=w, cwd=sys.argv[1])
os.close(w)
time.sleep(float(os.environ["WAIT"]))
n = 0
while True:
    b = os.read(r, 1 << 16)
    if not b: break
    n += len(b)
p.wait()
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print(p.returncode, n, ru.ru_utime + ru.ru_stime)
`;
  const cpu = (wait: number) => {
    const r = spawnSync("python3", ["-c", script, d, BIN, "grep", "--max-files", "1000", "--max-regions", "100000", "needle"], { encoding: "utf8", env: { ...process.env, WAIT: String(wait) } });
    const [code, bytes, secs] = r.stdout.trim().split(" ").map(Number);
    return { code, bytes, secs: secs! };
  };
  test.if(!py.error)("waits for room instead of spinning: 3 s of a late reader cost under 1 s more CPU (was ~3 s more: a retry loop on EAGAIN)", () => {
    const prompt = cpu(0);
    const late = cpu(3);
    expect({ code: late.code, bytes: late.bytes }).toEqual({ code: 0, bytes: prompt.bytes });
    expect(prompt.bytes).toBeGreaterThan(512 << 10); // far past the 64 KiB a pipe holds
    expect(late.secs - prompt.secs).toBeLessThan(1);
  });
});

describe("a directory, or an absolute path, whose name is not UTF-8 (walk/index.ts rawDirOf, resolveNamed; outline-run.ts)", () => {
  // argv carries the byte 0xff as U+FFFD: the name is found again by its lossy form, as a
  // relative file already was. rg is given the raw bytes and finds the file.
  const d = mkdtempSync(join(tmpdir(), "ag-rawroot-"));
  const dirBytes = Buffer.concat([Buffer.from(join(d, "we")), Buffer.from([0xff]), Buffer.from("ird")]);
  mkdirSync(dirBytes);
  writeFileSync(Buffer.concat([dirBytes, Buffer.from("/a.py")]), py);
  const lossyDir = "we\uFFFDird";
  const abs = `${d}/${lossyDir}`;

  test("as a directory PATH or --path: grep, find and trace search it, printing rg's path in the #b= form (was 'path not found; did you mean' the same name)", () => {
    for (const root of [lossyDir, `./${lossyDir}`, abs]) {
      const want = `${root}/a.py#b=ff`;
      expect({ root, r: run(["grep", "-l", "foo", root], d) }).toEqual({ root, r: { code: 0, stdout: `${want}\n`, stderr: "" } });
      const find = run(["find", "--path", root, "foo"], d);
      expect({ root, code: find.code, line: find.stdout.split("\n")[2] }).toEqual({ root, code: 0, line: `1. ${want}` });
      const trace = run(["trace", "--path", root, "subject:foo", "relation:called_from"], d);
      expect({ root, code: trace.code }).toEqual({ root, code: 0 });
      expect(trace.stdout).toContain(want);
    }
    const rg = spawnSync("rg", ["-l", "foo", dirBytes.toString("latin1")], { cwd: d });
    if (!rg.error) expect(run(["grep", "-c", "foo", abs], d).stdout).toBe(`${abs}/a.py#b=ff:2\n`);
  });
  test("as an absolute file: grep finds it, outline prints it with its leading / (grep: 'path not found'; outline printed 'tmp/...')", () => {
    const file = `${abs}/a.py`;
    expect(run(["grep", "-c", "foo", file], d)).toEqual({ code: 0, stdout: "2\n", stderr: "" });
    expect(run(["grep", "-l", "foo", file], d).stdout).toBe(`${file}#b=ff\n`);
    expect(run(["outline", file], d).stdout.split("\n")[0]).toBe(`file: ${file}#b=ff`);
    expect(run(["outline", "--path", lossyDir, "a.py"], d).stdout.split("\n")[0]).toBe(`file: ${lossyDir}/a.py#b=ff`);
  });
});

describe("-g globs see a root as rg does (walk/index.ts globBaseOf)", () => {
  test("from the cwd /, an absolute root is cwd-relative: -g 'tmp/.../**' selects it (was nothing, exit 1)", () => {
    const d = tree({ "a.py": py });
    const glob = `${d.replace(/^\/+/, "")}/**`;
    const r = spawnSync(BIN, ["grep", "-l", "-g", glob, "foo", d], { cwd: "/", encoding: "utf8" });
    expect({ code: r.status, out: r.stdout }).toEqual({ code: 0, out: `${d}/a.py\n` });
    const rg = spawnSync("rg", ["-l", "-g", glob, "foo", d], { cwd: "/", encoding: "utf8" });
    if (!rg.error) expect(rg.stdout).toBe(r.stdout);
  });
  test("a root whose name is not UTF-8 is part of the path -g matches, as for any root", () => {
    const d = mkdtempSync(join(tmpdir(), "ag-rawglob-"));
    const dirBytes = Buffer.concat([Buffer.from(join(d, "we")), Buffer.from([0xff]), Buffer.from("ird")]);
    mkdirSync(dirBytes);
    writeFileSync(Buffer.concat([dirBytes, Buffer.from("/a.py")]), py);
    const names = (glob: string) => run(["grep", "-l", "-g", glob, "foo", "we\uFFFDird"], d).stdout;
    expect({ in: names("we*/a.py"), out: names("!we*/**"), any: names("*.py") }).toEqual({ in: "we\uFFFDird/a.py#b=ff\n", out: "", any: "we\uFFFDird/a.py#b=ff\n" });
  });
});

describe("a command a hint suggests quotes the user's word for the shell (usage.ts, outline-run.ts)", () => {
  test("unknown command '$(rm)' or 'foo bar', outline of '$(x).py': the suggested call is quoted (was printed bare: pasting it ran $(rm)); an empty command says so", () => {
    expectOneErrorLine(run(["$(rm)"]), /run: agentgrep grep '\$\(rm\)'$/m);
    expectOneErrorLine(run(["foo bar"]), /run: agentgrep grep 'foo bar'$/m);
    expectOneErrorLine(run(["it's"]), /run: agentgrep grep 'it'\\''s'$/m);
    expectOneErrorLine(run([""]), /^error: empty command ''; hint: commands are grep, /m);
    expectOneErrorLine(run(["outline", "$(x).py"], small), /find it with: agentgrep find '\$\(x\)'$/m);
    expectOneErrorLine(run(["outline", "--", "--zz.py"], small), /find it with: agentgrep find zz$/m);
  });
});
