/**
 * rg parity: the (file, line) set of `agentgrep grep --json` equals real `rg --json`'s for a
 * matrix of flags on fixture trees. rg is driven with an explicit path, `--no-config` and a real
 * pipe (with stdout on /dev/null rg stops at the first match; without a path it reads stdin).
 */
import { test, expect, setDefaultTimeout, describe } from "bun:test";

// Runs the compiled binary and real rg on a loaded 2-core machine: 5 s is too tight.
setDefaultTimeout(60_000);
import { spawnSync, execFileSync } from "node:child_process";
import { join } from "node:path";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { run, tree } from "../helpers.ts";

const hasRg = spawnSync("rg", ["--version"]).status === 0;

/** Fixture: a git repository with nested ignores, hidden files, symlinks, encodings and binaries. */
function fixture(): string {
  const lateNul = Buffer.alloc(200_000, "z\n");
  Buffer.from("foo at the top\n").copy(lateNul, 0);
  lateNul[150_000] = 0;
  const root = tree({
    ".gitignore": "ignored.txt\nbuild/\n*.log\n!important.log\n",
    ".ignore": "ign2.txt\n",
    ".rgignore": "rgign.txt\n",
    "ignored.txt": "foo ignored\n",
    "ign2.txt": "foo ign2\n",
    "rgign.txt": "foo rgign\n",
    "build/out.txt": "foo build\n",
    "a.log": "foo log\n",
    "important.log": "foo important\n",
    "sub/.gitignore": "local.txt\n!keep.txt\n",
    "sub/local.txt": "foo local\n",
    "sub/keep.txt": "foo keep\n",
    "sub/deeper/.gitignore": "!local.txt\n",
    "sub/deeper/local.txt": "foo deeper local\n",
    ".hidden/h.txt": "foo hidden dir\n",
    ".dot.txt": "foo dot\n",
    "src/main.rs": "fn main() {\n    let auth_status = foo();\n    // foo_bar -> baz\n}\n",
    "src/app.ts": "export function fooBar() {\n  return 'FOO';\n}\n",
    "src/comp.tsx": "const x = <Foo/>;\n",
    "src/mod.mts": "export const foo = 1;\n",
    "lib/util.py": "class A:\n    def get_x(self):\n        pass\n    def set_y(self, v):\n        pass\n",
    "lib/stub.pyi": "def get_z(self): ...\n",
    "docs/README.md": "# Foo\n\nSome foo text.\n",
    "crlf.txt": "foo\r\nbar foo\r\nbaz\r\n",
    "bom.txt": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("foo first\nsecond\n")]),
    "utf16.txt": Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("utf16 foo\nplain\n", "utf16le")]),
    "latin1.txt": Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x66, 0x6f, 0x6f, 0x0a]),
    // Invalid UTF-8 next to what a class or `.` could match: rg never matches an invalid byte.
    "mixed.txt": Buffer.concat([
      Buffer.from("ok caf"), Buffer.from([0xe9]), Buffer.from("\n12"), Buffer.from([0xff, 0xfe]), Buffer.from(" 34\n"),
      Buffer.from("x"), Buffer.from([0xc3]), Buffer.from("y\n"), Buffer.from([0xe2, 0x82]), Buffer.from("\n"),
      Buffer.from("real \u00e9 and \ufffd here\n"),
    ]),
    "long.txt": "x".repeat(3000) + " foo " + "y".repeat(3000) + "\n",
    "dash.txt": "a -> b\n--flag\n->\n",
    "unicode.txt": "Straße\nSTRASSE\nK\n\u212a\nk\nǅ\n٣\nnaïve foo\n",
    "bin_early.dat": Buffer.from("foo\0bar\n"),
    "bin_late.txt": lateNul,
    "empty.txt": "",
  });
  writeFileSync(Buffer.concat([Buffer.from(root + "/bad"), Buffer.from([0xff]), Buffer.from(".txt")]), "foo in a non-UTF-8 name\n");
  mkdirSync(join(root, "target"));
  writeFileSync(join(root, "target", "t.txt"), "foo via link\n");
  symlinkSync(join(root, "target"), join(root, "src", "linkdir"));
  symlinkSync(join(root, "docs", "README.md"), join(root, "readme-link.md"));
  execFileSync("git", ["init", "-q"], { cwd: root });
  return root;
}

type Hits = string[];

function key(pathHex: string, line: number): string {
  return `${pathHex}:${line}`;
}

function rgHits(root: string, args: string[]): Hits {
  const r = spawnSync("rg", ["--no-config", "--json", ...args, "."], { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`rg failed (${r.status}): ${r.stderr}`);
  const out: Hits = [];
  for (const l of r.stdout.split("\n")) {
    if (!l.includes('"type":"match"')) continue;
    const d = JSON.parse(l).data;
    const raw = d.path.text !== undefined ? Buffer.from(d.path.text, "utf8") : Buffer.from(d.path.bytes, "base64");
    const rel = raw.subarray(raw.indexOf(Buffer.from("./")) === 0 ? 2 : 0);
    out.push(key(rel.toString("hex"), d.line_number));
  }
  return out.sort();
}

function agHits(root: string, args: string[]): { hits: Hits; code: number; stderr: string } {
  const r = run(["grep", "--json", ...args], root);
  if (r.code !== 0 && r.code !== 1) return { hits: [], code: r.code, stderr: `exit ${r.code}: ${r.stderr}` };
  const doc = JSON.parse(r.stdout);
  const out: Hits = [];
  for (const f of doc.files) {
    const hex = f.path_bytes ?? Buffer.from(f.path, "utf8").toString("hex");
    for (const m of f.matches) out.push(key(hex, m.line_number));
  }
  return { hits: out.sort(), code: r.code, stderr: r.stderr };
}

/** [name, agentgrep args (query last), rg args (pattern last)] */
const MATRIX: Array<[string, string[], string[]]> = [
  ["literal", ["--", "foo"], ["-F", "-e", "foo"]],
  ["literal leading dash", ["--", "->"], ["-F", "-e", "->"]],
  ["literal double dash", ["--", "--flag"], ["-F", "-e", "--flag"]],
  ["literal -i", ["-i", "--", "foo"], ["-F", "-i", "-e", "foo"]],
  ["literal -i unicode (Kelvin, no ß/ss folding)", ["-i", "--", "k"], ["-F", "-i", "-e", "k"]],
  ["literal -i sharp s", ["-i", "--", "straße"], ["-F", "-i", "-e", "straße"]],
  ["literal -w", ["-w", "--", "foo"], ["-F", "-w", "-e", "foo"]],
  ["literal -w non-word query", ["-w", "--", "->"], ["-F", "-w", "-e", "->"]],
  ["regex -w alternation", ["--regex", "-w", "--", "foo|foo_bar|ba"], ["-w", "-e", "foo|foo_bar|ba"]],
  ["regex -i class and unicode", ["--regex", "-i", "--", "stra[sß]e|^k$"], ["-i", "-e", "stra[sß]e|^k$"]],
  ["literal -w -i", ["-w", "-i", "--", "foo"], ["-F", "-w", "-i", "-e", "foo"]],
  ["regex word boundary", ["--regex", "--", "\\bfoo\\b"], ["-e", "\\bfoo\\b"]],
  ["regex alternation", ["--regex", "--", "fo+(_bar|Bar)"], ["-e", "fo+(_bar|Bar)"]],
  ["regex anchored python", ["--regex", "--", "^\\s+def (get|set)_\\w+\\(self"], ["-e", "^\\s+def (get|set)_\\w+\\(self"]],
  ["regex inline (?i)", ["--regex", "--", "(?i)^foo"], ["-e", "(?i)^foo"]],
  ["regex $ on CRLF", ["--regex", "--", "foo$"], ["-e", "foo$"]],
  ["regex unicode digit", ["--regex", "--", "^\\d$"], ["-e", "^\\d$"]],
  ["regex unicode word", ["--regex", "--", "^\\w+$"], ["-e", "^\\w+$"]],
  ["regex posix", ["--regex", "--", "^[[:upper:]]+$"], ["-e", "^[[:upper:]]+$"]],
  ["regex empty-matching", ["--regex", "--", "z*"], ["-e", "z*"]],
  ["regex counted repetition", ["--regex", "--", "[a-z_]{5,}|o{2}"], ["-e", "[a-z_]{5,}|o{2}"]],
  ["regex . and classes never match invalid UTF-8", ["--regex", "--", "caf.|x.y|^.{1,2}$|[^a-z0-9 ]{2}"], ["-e", "caf.|x.y|^.{1,2}$|[^a-z0-9 ]{2}"]],
  ["regex \\W \\S \\P{L} next to invalid UTF-8", ["--regex", "--", "\\d\\W\\W|2\\S|\\P{L}{3}"], ["-e", "\\d\\W\\W|2\\S|\\P{L}{3}"]],
  ["regex -w next to invalid UTF-8", ["--regex", "-w", "--", "\\d+|caf"], ["-w", "-e", "\\d+|caf"]],
  ["regex counted repetition, no literal", ["--regex", "--", "[A-Za-z]{3,4}\\("], ["-e", "[A-Za-z]{3,4}\\("]],
  ["regex -w", ["--regex", "-w", "--", "fo+"], ["-w", "-e", "fo+"]],
  // Required-literal sets skip files on bytes: the encodings in the fixture must still match.
  ["regex literal set", ["--regex", "--", "deeper|get_\\w|utf16 foo|first|Some foo"], ["-e", "deeper|get_\\w|utf16 foo|first|Some foo"]],
  ["regex literal set nested", ["--regex", "--", "(?:foo|set)_(?:bar|y)|plain|caf"], ["-e", "(?:foo|set)_(?:bar|y)|plain|caf"]],
  ["regex literal set -i", ["--regex", "-i", "--", "UTF16 FOO|fOO_bar|deePer"], ["-i", "-e", "UTF16 FOO|fOO_bar|deePer"]],
  // A pattern holding a newline is an error, as rg's (test/parity/rg-flags.test.ts): a set is -e's.
  ["literal lines as a set", ["-e", "utf16 foo", "-e", "foo_bar"], ["-F", "-e", "utf16 foo", "-e", "foo_bar"]],
  // The walker deliberately adds *.cts/*.mts to ts, where the installed rg 13 does not: rg gets
  // the same additions (src/walk/type-table.ts). py is rg 13's *.py alone.
  ["type ts", ["--type", "ts", "--", "foo"], ["--type-add", "ts:*.cts", "--type-add", "ts:*.mts", "--type", "ts", "-F", "-e", "foo"]],
  ["type py", ["--type", "py", "--", "def"], ["--type", "py", "-F", "-e", "def"]],
  ["type-not", ["--type-not", "rust", "--", "foo"], ["--type-not", "rust", "-F", "-e", "foo"]],
  ["glob", ["--glob", "*.rs", "--", "foo"], ["--glob", "*.rs", "-F", "-e", "foo"]],
  ["glob negated", ["--glob", "!src/**", "--", "foo"], ["--glob", "!src/**", "-F", "-e", "foo"]],
  ["glob overrides ignore", ["--glob", "*.log", "--", "foo"], ["--glob", "*.log", "-F", "-e", "foo"]],
  ["hidden", ["--hidden", "--", "foo"], ["--hidden", "-F", "-e", "foo"]],
  ["no-ignore", ["--no-ignore", "--", "foo"], ["--no-ignore", "-F", "-e", "foo"]],
  ["follow", ["-L", "--", "foo"], ["-L", "-F", "-e", "foo"]],
  ["hidden no-ignore follow", ["--hidden", "--no-ignore", "-L", "--", "foo"], ["--hidden", "--no-ignore", "-L", "-F", "-e", "foo"]],
];

describe.skipIf(!hasRg)("grep parity with rg (file, line)", () => {
  const root = fixture();
  for (const [name, ag, rg] of MATRIX) {
    test(name, () => {
      const want = rgHits(root, rg);
      const got = agHits(root, ag);
      expect(got.stderr).toBe("");
      expect(got.hits).toEqual(want);
      expect(got.code).toBe(want.length > 0 ? 0 : 1);
    }, 60_000);
  }

  test("a binary file named as --path is searched whole, as rg does with an explicit file", () => {
    const r = spawnSync("rg", ["--no-config", "--json", "-F", "-e", "foo", "bin_late.txt"], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 });
    const want = r.stdout.split("\n").filter((l) => l.includes('"type":"match"')).map((l) => JSON.parse(l).data.line_number);
    const ours = JSON.parse(run(["grep", "--json", "--path", join(root, "bin_late.txt"), "foo"], root).stdout);
    expect(ours.files[0].matches.map((m: any) => m.line_number)).toEqual(want);
    // Its text output is rg's: a NUL in the first 64 KiB prints no line, only rg's binary line.
    const early = run(["grep", "--path", join(root, "bin_early.dat"), "foo"], root);
    const rgText = spawnSync("rg", ["--no-config", "-n", "-F", "foo", join(root, "bin_early.dat")], { cwd: root, encoding: "utf8" }).stdout;
    expect(early.code).toBe(0);
    expect(early.stdout).toBe(rgText);
    expect(early.stdout).toMatch(/^binary file matches \(found "\\0" byte around offset \d+\)\n$/);
    expect(run(["grep", "-a", "--path", join(root, "bin_early.dat"), "foo"], root).stdout).toContain("1:foo\\0bar");
  });

  test("--paths-only lists exactly rg -l's files, sorted by bytes", () => {
    const r = spawnSync("rg", ["--no-config", "-l", "--null", "-F", "-e", "foo", "."], { cwd: root, maxBuffer: 1 << 26 });
    const want = r.stdout
      .toString("latin1")
      .split("\0")
      .filter(Boolean)
      .map((p) => Buffer.from(p.replace(/^\.\//, ""), "latin1"))
      .sort(Buffer.compare)
      .map((b) => b.toString("hex"));
    const ours = run(["grep", "--json", "--", "foo"], root);
    const doc = JSON.parse(ours.stdout);
    const got = doc.files.map((f: any) => f.path_bytes ?? Buffer.from(f.path).toString("hex"));
    expect(got).toEqual(want);
    const po = run(["grep", "--paths-only", "--", "foo"], root);
    expect(po.stdout.trim().split("\n")).toEqual(doc.files.map((f: any) => f.path));
  }, 60_000);
});
