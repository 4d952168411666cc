/**
 * Paths that cannot be opened and descriptors that have nothing to read yet, through the built
 * binary: a name past the length limit, a tree deeper than PATH_MAX, unreadable entries in the
 * modes whose stdout is rg's bytes (-l, -c, --files, --files-without-match), and a non-blocking
 * standard input for `-f -`. Each test failed on the session-8 baseline (named in the test).
 */
import { test, expect, describe, setDefaultTimeout } from "bun:test";
import { chmodSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { BIN, run, runUnprivileged, tree } from "../helpers.ts";

setDefaultTimeout(60_000);

function expectOneError(r: { code: number; stdout: string; stderr: string }, problem: RegExp) {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe("");
  const lines = r.stderr.trimEnd().split("\n");
  expect(lines.length).toBe(1);
  expect(lines[0]).toMatch(/^error: .+; hint: .+/);
  expect(lines[0]).toMatch(problem);
  expect(lines[0]!.length).toBeLessThan(600);
}

describe("a name or path past the length limit (ENAMETOOLONG)", () => {
  const d = tree({ "a.txt": "foo\n" });
  const long = "a".repeat(300);

  test("as a PATH: one line naming ENAMETOOLONG, its ends quoted, for grep, grep -c, find and outline (was 'path not found' / 'file not found' with all 300 characters)", () => {
    for (const args of [["grep", "foo", long], ["grep", "-c", "foo", long], ["find", "--path", long, "foo"], ["outline", long]]) {
      const r = run(args, d);
      expectOneError(r, /ENAMETOOLONG/);
      expect(r.stderr).toContain("(300 characters)");
    }
  });

  // A tree whose deepest file's path passes PATH_MAX (4096): rg reports the directory it cannot
  // open ("File name too long") and exits 2.
  const deep = tree({ "top.txt": "nothing\n" });
  // Made from inside, one level at a time (relative chdir): mkdir(2) takes no path past PATH_MAX whole.
  const made = spawnSync("python3", ["-c", "import os\nfor i in range(24):\n  os.mkdir('d'*200); os.chdir('d'*200)\nopen('f.txt','w').write('foo\\n')"], { cwd: deep });

  test("met during the walk, -c/-l/--files: an error line on stderr and exit 2, as rg (was an empty result, exit 1)", () => {
    expect(made.status).toBe(0);
    for (const args of [["grep", "-c", "foo"], ["grep", "-l", "foo"], ["grep", "--files-without-match", "foo"], ["grep", "--files"]]) {
      const r = run(args, deep);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(/^error: 1 entry under the search could not be read .*; hint: /m);
    }
    // The text output counts it on its cut: line, as before.
    const t = run(["grep", "foo"], deep);
    expect(t.stdout + t.stderr).toMatch(/1 unreadable/);
  });
});

describe("unreadable entries with rg's byte outputs, run as an unprivileged user", () => {
  const d = tree({ "ok.txt": "needle ok\n", "locked/x.txt": "needle locked\n", "secret.txt": "needle secret\n" });
  chmodSync(d, 0o755);
  chmodSync(join(d, "locked"), 0o000);
  chmodSync(join(d, "secret.txt"), 0o000);

  test("-c, -l, --files and --files-without-match exit 2 with one stderr line, as rg; -q with a match exits 0, as rg (was exit 0 or 1, silent)", () => {
    for (const [args, out] of [
      [["-c", "needle"], "ok.txt:1\n"],
      [["-l", "needle"], "ok.txt\n"],
      [["-c", "nomatch"], ""],
    ] as const) {
      const r = runUnprivileged(["grep", ...args], d);
      expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code: 2, stdout: out });
      expect(r.stderr).toMatch(/^error: 2 entries under the search could not be read/m);
    }
    const f = runUnprivileged(["grep", "--files"], d);
    expect(f.code).toBe(2);
    expect(f.stdout.split("\n").sort()).toEqual(["", "ok.txt", "secret.txt"]);
    expect(runUnprivileged(["grep", "-q", "needle"], d).code).toBe(0);
    expect(runUnprivileged(["grep", "-q", "nomatch"], d).code).toBe(2);
  });
});

describe("find and trace say what they could not read, run as an unprivileged user (render/find.ts, investigate/index.ts)", () => {
  const d = tree({ "ok.txt": "needle ok\n", "locked/x.txt": "needle locked\n", "secret.txt": "needle secret\n" });
  chmodSync(d, 0o755);
  chmodSync(join(d, "locked"), 0o000);
  chmodSync(join(d, "secret.txt"), 0o000);

  test("text, --json and --paths-only count the unreadable entries (were silent: '2 walked, 1 read')", () => {
    const t = runUnprivileged(["find", "needle"], d);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/^note: 2 entries could not be read \(permission denied.*; check permissions/m);
    const j = JSON.parse(runUnprivileged(["find", "--json", "needle"], d).stdout);
    expect(j.stats.unreadable).toBe(2);
    const p = runUnprivileged(["find", "--paths-only", "needle"], d);
    expect(p.stdout).toBe("ok.txt\n");
    expect(p.stderr).toMatch(/^find: 2 entries could not be read/m);
  });

  test("trace notes them in text and --json (was silent)", () => {
    const t = runUnprivileged(["trace", "subject:needle", "relation:defined"], d);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/^note: 2 entries could not be read \(permission denied/m);
    const j = JSON.parse(runUnprivileged(["trace", "--json", "subject:needle", "relation:defined"], d).stdout);
    expect(j.summary.notes.join("\n")).toMatch(/2 entries could not be read/);
  });
});

describe("-f - on a non-blocking standard input (util/read-capped.ts)", () => {
  test("waits for its input without spinning: under 0.4 s of CPU for 1.5 s of waiting (was ~0.8 s: a busy loop on EAGAIN)", () => {
    const d = tree({ "a.txt": "foo\n" });
    writeFileSync(join(d, "nb.py"), [
      "import os,subprocess,sys,time,fcntl,resource",
      "r,w=os.pipe()",
      "fcntl.fcntl(r,fcntl.F_SETFL,fcntl.fcntl(r,fcntl.F_GETFL)|os.O_NONBLOCK)",
      "p=subprocess.Popen([sys.argv[1],'grep','-f','-','a.txt'],stdin=r,stdout=subprocess.PIPE)",
      "os.close(r); time.sleep(1.5); os.write(w,b'foo\\n'); os.close(w)",
      "out=p.communicate()[0]",
      "ru=resource.getrusage(resource.RUSAGE_CHILDREN)",
      "print(p.returncode, ru.ru_utime+ru.ru_stime, out.decode().strip())",
    ].join("\n"));
    const r = spawnSync("python3", ["nb.py", BIN], { cwd: d, encoding: "utf8" });
    const [code, cpu, ...rest] = r.stdout.trim().split(" ");
    expect(code).toBe("0");
    expect(rest.join(" ")).toContain("foo");
    expect(Number(cpu)).toBeLessThan(0.4);
  });
});

describe("an ignore-file line that does not parse", () => {
  // rg 13 drops the line with a message; only a file above a PATH makes it an error (exit 2).
  const d = tree({ ".gitignore": "x.txt\n[!]x\n", "s/t/a.txt": "needle\n", "s/b.txt": "needle\n", ".git/HEAD": "" });
  test("a warning naming the file and line; exit 0 for a file in the tree, rg's 2 for one above the PATH", () => {
    for (const [args, code] of [[["grep", "-l", "needle"], 0], [["grep", "--files", "."], 0], [["grep", "-l", "needle", "s"], 2], [["grep", "-c", "needle", "s/t"], 2]] as const) {
      const r = run([...args], d);
      expect(r.code).toBe(code);
      expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/^warning: .*\.gitignore: line 2: error parsing glob '\[!\]x': unclosed character class.*; the line is skipped/);
    }
    expect(run(["grep", "-l", "needle", "s"], d).stdout).toBe("s/b.txt\ns/t/a.txt\n");
  });

  test("--no-ignore-parent still reports a file above the PATH (rg 13 compiles it); with --no-ignore-vcs too it is not read", () => {
    const r = run(["grep", "-l", "needle", "--no-ignore-parent", "s"], d);
    expect([r.code, r.stderr.includes("line 2: error parsing glob")]).toEqual([2, true]);
    const q = run(["grep", "-l", "needle", "--no-ignore-parent", "--no-ignore-vcs", "s"], d);
    expect([q.code, q.stderr]).toEqual([0, ""]);
  });
});
