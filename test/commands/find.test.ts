import { test, expect, describe } from "bun:test";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { run, runUnprivileged, tree } from "../helpers.ts";

const fixture = () =>
  tree({
    "src/auth/auth_status.rs": "/// Whether a session is authenticated.\npub struct AuthStatus { ok: bool }\n\nimpl AuthStatus {\n    pub fn check(&self) -> bool { self.ok }\n}\n",
    "src/author.rs": "pub struct Author { name: String }\n",
    "src/build.rs": "fn build() { let ratio = 1; }\n",
    "tests/auth_status_test.rs": "#[test]\nfn auth_status_works() { let s = AuthStatus { ok: true }; assert!(s.check()); }\n",
    "docs/auth.md": "# Auth status\n\nThe auth status is computed by AuthStatus.\n",
    "src/session.rs": "use crate::auth::AuthStatus;\npub fn login() -> AuthStatus { AuthStatus { ok: true } }\n",
  });

describe("find output", () => {
  test("text: numbered paths (role only when not implementation), one why: line in words, one structure: line", () => {
    const r = run(["find", "AuthStatus"], fixture());
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    // The words searched, since they differ from what was typed; the query itself is not repeated.
    expect(lines[0]).toBe("words: auth, status");
    expect(lines[1]).toMatch(/^\d+ of \d+ files with evidence \(\d+ walked, \d+ read\)$/);
    expect(lines).toContain("1. src/auth/auth_status.rs");
    const i = lines.indexOf("1. src/auth/auth_status.rs");
    expect(lines[i + 1]).toMatch(/^   why: file name: auth, status; directory: auth; defines AuthStatus:2/);
    expect(lines[i + 2]).toBe("   structure: struct AuthStatus @ 2-2; impl AuthStatus @ 4-6; method check @ 5-5");
    // No internal score in the default text: --debug-score and --json have them.
    expect(r.stdout).not.toMatch(/\((path|bm25|symbols|header) [0-9.]+\)/);
    expect(r.stdout).not.toContain("score:");
    expect(r.stdout).toMatch(/^\d+\. tests\/auth_status_test\.rs \[test\]$/m);
    expect(r.stdout).not.toContain("src/author.rs");
    expect(r.stdout).not.toContain("src/build.rs");
    const debug = run(["find", "--debug-score", "AuthStatus"], fixture()).stdout;
    expect(debug).toMatch(/^     - file name: auth, status; directory: auth \(path [0-9.]+\)$/m);
    expect(debug).toContain("   score: ");
    const j = JSON.parse(run(["find", "--json", "AuthStatus"], fixture()).stdout);
    expect(j.files[0].why[0].text).toMatch(/\(path [0-9.]+\)$/);
  });

  test("all spellings of the subject give the same ranking", () => {
    const root = fixture();
    const a = run(["find", "--paths-only", "AuthStatus"], root).stdout;
    expect(run(["find", "--paths-only", "auth_status"], root).stdout).toBe(a);
    expect(run(["find", "--paths-only", "auth", "status"], root).stdout).toBe(a);
    expect(a.split("\n")[0]).toBe("src/auth/auth_status.rs");
  });

  test("tests and docs rank below implementation, and say why", () => {
    const r = run(["find", "auth", "status"], fixture());
    const order = r.stdout.split("\n").filter((l) => /^\d+\. /.test(l)).map((l) => l.replace(/^\d+\. /, "").replace(/ \[\w+\]$/, ""));
    expect(order.indexOf("src/auth/auth_status.rs")).toBeLessThan(order.indexOf("tests/auth_status_test.rs"));
    expect(r.stdout).toMatch(/test file ranked down x0\.\d+; add "test" to the query/);
  });

  test("asking for tests puts the test first", () => {
    const r = run(["find", "--paths-only", "auth", "status", "test"], fixture());
    expect(r.stdout.split("\n")[0]).toBe("tests/auth_status_test.rs");
  });

  test("--paths-only: ranked paths, one per line, capped by --max-files", () => {
    const r = run(["find", "--paths-only", "--max-files", "2", "auth", "status"], fixture());
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("src/auth/auth_status.rs");
  });

  test("--debug-score shows each component", () => {
    const r = run(["find", "--debug-score", "AuthStatus"], fixture());
    expect(r.stdout).toMatch(/   score: [0-9.]+ = \(path [0-9.]+ \+ header [0-9.]+ \+ symbols [0-9.]+ \+ content [0-9.]+ \+ proximity [0-9.]+ \+ passage [0-9.]+ \+ learned [0-9.]+\) x coverage [0-9.]+ \(c=[0-9.]+\) x role [0-9.]+ x form [0-9.]+/);
  });

  test("--json: versioned schema with scores and reasons as data", () => {
    const r = run(["find", "--json", "auth", "status"], fixture());
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.schema).toBe("agentgrep.find/1");
    expect(j.terms.map((t: any) => t.word)).toEqual(["auth", "status"]);
    const f = j.files[0];
    expect(f.rank).toBe(1);
    expect(f.path).toBe("src/auth/auth_status.rs");
    expect(typeof f.score).toBe("number");
    expect(Object.keys(f.components)).toEqual(["path", "header", "symbols", "content", "proximity", "passage", "learned", "coverage", "role_factor", "form_factor"]);
    expect(f.why.map((w: any) => w.signal)).toContain("path");
    expect(f.structure).toHaveProperty("omitted_count");
  });

  test("truncation is stated with the flag that shows more", () => {
    const r = run(["find", "--max-files", "1", "auth", "status"], fixture());
    expect(r.stdout).toMatch(/\d+ more files with evidence \(--max-files \d+ shows the next \d+\)/);
  });

  test("output is deterministic", () => {
    const root = fixture();
    const a = run(["find", "--json", "auth", "status"], root).stdout;
    expect(run(["find", "--json", "auth", "status"], root).stdout).toBe(a);
  });

  test("--type narrows the scope", () => {
    const r = run(["find", "--paths-only", "--type", "md", "auth", "status"], fixture());
    expect(r.stdout).toBe("docs/auth.md\n");
  });
});

describe("honest empties and errors", () => {
  test("nothing matches: says so, names nearest words, exit 1", () => {
    const r = run(["find", "zession"], fixture());
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("no file has evidence for any of: zession");
    expect(r.stdout).toMatch(/no file matches "zession"; nearest words here: session/);
  });

  test("nothing matches: the line counts the files read and names the next step", () => {
    const root = fixture();
    const r = run(["find", "zqzq", "zqzqxx"], root);
    expect(r.code).toBe(1);
    const line = r.stdout.split("\n").find((l) => l.startsWith("no file has evidence"))!;
    expect(line).toBe("no file has evidence for any of: zqzq, zqzqxx (6 files read); try: agentgrep grep -i zqzqxx (it may be inside a longer name), other words, or another --path");
    const p = run(["find", "--paths-only", "zqzqxx"], root);
    expect(p.stderr).toContain("find: no file has evidence for any of: zqzqxx (6 files read); try: agentgrep grep -i zqzqxx");
  });

  test("nothing matches with --paths-only: empty stdout, reason on stderr, exit 1", () => {
    const r = run(["find", "--paths-only", "qqqqzz"], fixture());
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("no file has evidence for any of: qqqqzz");
  });

  test("one unmatched word among matched ones is reported, exit 0", () => {
    const r = run(["find", "auth", "zession"], fixture());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('no file matches "zession"');
  });

  test("hundreds of unmatched words: five notes, then one count (JSON lists every one)", () => {
    const words = Array.from({ length: 300 }, (_, i) => `qzw${i}x`);
    const r = run(["find", "auth", ...words], fixture());
    expect(r.code).toBe(0);
    expect(r.stdout.match(/^note: no file matches /gm)?.length).toBe(5);
    expect(r.stdout).toContain("note: 295 more query words match no file (--json lists them all)\n");
    expect(JSON.parse(run(["find", "--json", "auth", ...words], fixture()).stdout).unmatched_words.length).toBe(300);
  });

  test("a word that is an existing path scopes the search, as --path; a slash word that is no path stays a word", () => {
    const root = fixture();
    const r = run(["find", "auth", "status", "src/auth"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toStartWith("note: src/auth is a path, so it scopes the search (as --path src/auth)\n1 of 1 files with evidence");
    expect(r.stdout).toContain("1. src/auth/auth_status.rs\n");
    expect(r.stdout).not.toContain("docs/auth.md");
    expect(run(["find", "--paths-only", "auth", "status", "./src"], root).stdout).not.toContain("tests/");
    expect(run(["find", "auth/status", "check"], root).stdout).toStartWith("words: auth, status, check\n");
    const two = run(["find", "auth", "src", "src/auth", "docs"], root);
    expect(two.code).toBe(0);
    const clash = run(["find", "--path", "src", "auth", "docs/auth.md"], root);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toBe("error: find searches one scope, but 'src' and 'docs/auth.md' are paths; hint: give one: agentgrep find --path docs/auth.md auth\n");
  });

  test("an existing file's bare name scopes the search as ./name does; a name that is no file stays a word", () => {
    // A trial agent typed `find shutil.py copy permission bits` at the root of the stdlib: the
    // whole tree was ranked (2.9 KB, other files first), where `./shutil.py` scoped it.
    const root = tree({ "shutil.py": "def copystat(src, dst):\n    \"\"\"Copy permission bits and times.\"\"\"\n", "uuid.py": "# copy the permission bits\nbits = 1\n" });
    const r = run(["find", "shutil.py", "copy", "permission", "bits"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toStartWith("note: shutil.py is a path, so it scopes the search (as --path shutil.py)\n1 of 1 files with evidence");
    expect(r.stdout).not.toContain("uuid.py");
    // No such file: the words are the topic (`os.py` is searched as os, py).
    expect(run(["find", "os.py", "copy"], root).stdout).toStartWith("words: os, py, copy\n");
  });

  test("a slash word that is no path but ends as one that exists is searched as words, and said so", () => {
    // A trial agent typed `find ... Lib/importlib` at the root of an installed stdlib (which is Lib):
    // the path became the words lib and importlib, silently.
    const root = fixture();
    const r = run(["find", "auth", "status", "repo/src/auth"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toStartWith("note: repo/src/auth is no path here, so it was searched as words (did you mean: src/auth? to scope the search: --path src/auth)\n");
    const p = run(["find", "--paths-only", "auth", "repo/src/auth"], root);
    expect(p.stderr).toContain("find: repo/src/auth is no path here");
    // A fuzzy neighbour is no scope: the topic word stays silent.
    expect(run(["find", "auth/statuses", "check"], root).stdout).toStartWith("words: ");
  });

  test("no words: usage error, exit 2", () => {
    const r = run(["find"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error:");
  });

  test("punctuation-only query: one-line error, exit 2", () => {
    const r = run(["find", "--", "--"], fixture());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: find needs at least one word/);
  });

  test("a query of stop words only is searched as given, and says so", () => {
    const root = fixture();
    const r = run(["find", "the", "of"], root);
    expect(r.stdout).toContain("note: every query word is a stop word, so they were searched as given; add a specific word");
    const p = run(["find", "--paths-only", "the", "of"], root);
    expect(p.stderr).toContain("find: every query word is a stop word");
    const j = JSON.parse(run(["find", "--json", "the", "of"], root).stdout);
    expect(j.only_stop_words).toBe(true);
    expect(run(["find", "the", "auth"], root).stdout).not.toContain("every query word is a stop word");
  });

  test("--json wins over --paths-only (as in grep and trace)", () => {
    const root = fixture();
    const both = run(["find", "--json", "--paths-only", "auth", "status"], root);
    const json = run(["find", "--json", "auth", "status"], root);
    expect(both.code).toBe(0);
    expect(both.stderr).toBe("");
    expect(both.stdout).toBe(json.stdout);
    expect(JSON.parse(both.stdout).files.length).toBeGreaterThan(0);
  });

  test("missing --path is an error, not an empty result", () => {
    const r = run(["find", "--path", "/definitely/not/here", "x"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: /);
  });
  test("an unreadable --path directory is an error (exit 2), not an empty result; below the root it is skipped", () => {
    const root = tree({ "locked/auth.rs": "fn auth() {}\n", "open/auth.rs": "fn auth() {}\n" });
    chmodSync(root, 0o755); // mkdtemp makes 0700: the unprivileged runner must enter it
    chmodSync(join(root, "locked"), 0o000);
    try {
      const r = runUnprivileged(["find", "--path", "locked", "auth"], root);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe("error: cannot read path: locked (EACCES); hint: check its permissions (ls -ld), or search a readable --path\n");
      const t = runUnprivileged(["trace", "--path", "locked", "subject:auth", "relation:defined"], root);
      expect(t.code).toBe(2);
      expect(t.stderr).toMatch(/^error: cannot read path: locked \(EACCES\)/);
      const below = runUnprivileged(["find", "--paths-only", "auth"], root);
      expect(below.code).toBe(0);
      expect(below.stdout).toBe("open/auth.rs\n");
    } finally {
      chmodSync(join(root, "locked"), 0o755);
    }
  });
});

test("--context-json: files whose outline the agent holds get no structure summary", () => {
  const root = fixture();
  const ctxFile = root + "/ctx.json";
  require("node:fs").writeFileSync(
    ctxFile,
    JSON.stringify({ known_files: [{ path: "src/auth/auth_status.rs", structure_confidence: 1, body_confidence: 0, current_version_confidence: 1, prune_confidence: 1 }] }),
  );
  const r = run(["find", "--context-json", ctxFile, "--glob", "!ctx.json", "AuthStatus"], root);
  expect(r.code).toBe(0);
  const block = r.stdout.split("\n\n").find((b) => b.startsWith("1. src/auth/auth_status.rs"))!;
  expect(block).toContain("structure: known from context (omitted; agentgrep outline src/auth/auth_status.rs shows it, or drop --context-json)");
  const bad = run(["find", "--context-json", root + "/nope.json", "x"], root);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/^error: /);
});

test("--max-files 0 lists nothing but says how many files had evidence", () => {
  const r = run(["find", "--max-files", "0", "auth", "status"], fixture());
  expect(r.code).toBe(0);
  expect(r.stdout).not.toContain("no file has evidence");
  expect(r.stdout).toMatch(/^0 of \d+ files with evidence/);
  expect(r.stdout).toMatch(/more files with evidence \(--max-files \d+ shows the next \d+\)/);
});

test("find and trace print paths as rg does under --path: the root as given, then the path under it", () => {
  const root = fixture();
  const plain = run(["find", "--paths-only", "auth", "status"], root).stdout.trim().split("\n");
  for (const p of ["src", "./src", "src/", `${root}/src`]) {
    const pre = p.endsWith("/") ? p : p + "/";
    const under = plain.filter((f) => f.startsWith("src/")).map((f) => pre + f.slice(4));
    expect(run(["find", "--paths-only", "--path", p, "auth", "status"], root).stdout.trim().split("\n")).toEqual(under);
    const j = JSON.parse(run(["find", "--json", "--path", p, "auth", "status"], root).stdout);
    expect(j.files.map((f: any) => f.path)).toEqual(under);
    const t = run(["trace", "--paths-only", "--path", p, "subject:auth_status", "relation:defined"], root).stdout.trim().split("\n");
    for (const f of t) expect(f.startsWith(pre)).toBe(true);
    for (const f of [...under, ...t]) expect(require("node:fs").existsSync(f.startsWith("/") ? f : join(root, f))).toBe(true);
  }
}, 120_000);

test("a mention count that comes from variants says how many are the word itself", () => {
  const root = tree({
    "src/loader.ts": "export function loadCfg(cfg: Cfg) {\n  const cfgPath = cfg.path;\n  return readCfg(cfgPath);\n}\n",
    "src/config_loader.ts": "// config loader: reads the config file\nexport function loadConfig(path: string) {\n  return readConfig(path);\n}\n",
  });
  const r = run(["find", "config", "loader"], root);
  expect(r.code).toBe(0);
  const block = (p: string) => r.stdout.slice(r.stdout.indexOf(p), r.stdout.indexOf("\n\n", r.stdout.indexOf(p)) >>> 0);
  expect(block("src/loader.ts")).toMatch(/mentions config \d+ \(0 as the word itself\)/);
  expect(block("src/config_loader.ts")).not.toContain("as the word itself");
});

test("a learned name and a passage say where they come from, in text and JSON", () => {
  const pads = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`pad/p${i}.h`, `int p${i};\n`]));
  const root = tree({
    "include/gmock-cardinalities.h": "// Cardinality: an object that says how many times a mock function is expected to be called.\nclass Cardinality {\n};\n",
    "src/gmock-cardinalities.cc": "#include \"gmock-cardinalities.h\"\nint Cardinality::Bound() const { return 0; }\n",
    ...pads,
  });
  const args = ["find", "how", "many", "times", "a", "mocked", "function", "is", "called"];
  const r = run(args, root);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("file name: cardinality, learned from the comment on Cardinality (include/gmock-cardinalities.h:2) that says many, times, mocked, function, called");
  expect(r.stdout).toContain("says many, times, mocked, function, called within 160 bytes");
  const j = JSON.parse(run([...args, "--json"], root).stdout);
  const cc = j.files.find((f: any) => f.path === "src/gmock-cardinalities.cc");
  expect(cc.components.learned).toBeGreaterThan(0);
  expect(cc.why.map((w: any) => w.signal)).toContain("learned");
});

describe("C/C++ headers", () => {
  test("the header demotion is one note after the list, not a line per file", () => {
    const root = tree({ "a/retry_policy.h": "int retry_policy(void);\n", "b/retry_policy_impl.h": "int retry_policy_impl(void);\n", "c/retry_policy.c": "int retry_policy(void) { return 0; }\n" });
    const r = run(["find", "retry", "policy"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("     - C/C++ header");
    expect(r.stdout).toContain('note: 2 of these 3 files are C/C++ headers (declarations), ranked down x0.9; add "header" to the query to prefer them\n');
  });
});

test("structure: the first file is parsed past the shared budget; a big next file is named in a note", () => {
  // Two ~300 KiB C files that say the query: the first gets its structure, the second is named
  // with its size (an agent trial read "structure for the first 3 files only" as a bug).
  const body = (name: string) =>
    `int ${name}_time_slice(int x) { return x; }\n` + Array.from({ length: 9000 }, (_, i) => `int ${name}_f${i}(void) { return ${i}; }\n`).join("");
  const root = tree({ "a/sched_slice.c": body("sched") + "int slice_time_a;\n", "b/other_slice.c": body("other") });
  const r = run(["find", "--max-files", "2", "time", "slice"], root);
  expect(r.code).toBe(0);
  const blocks = r.stdout.split("\n\n");
  const first = blocks.find((b) => b.startsWith("1. "))!;
  const second = blocks.find((b) => b.startsWith("2. "))!;
  expect(first).toContain("   structure: function ");
  expect(second).not.toContain("structure:");
  expect(r.stdout).toMatch(/note: no structure for [ab]\/\w+\.c \(\d+ KiB\): the first file is parsed up to 1024 KiB/);
  expect(r.stdout).not.toContain("structure for the first 3 files only");
});

describe("query words in any script", () => {
  // Java, Kotlin, Python, Go, Rust and JS allow letters of any script in identifiers, and comments
  // and docs are written in every language: find was splitting `größe` into "gr, e".
  const world = () =>
    tree({
      "de/puffer.go": "package puffer\n\n// Berechnet die Größe des Puffers.\nfunc größe(n int) int { return n }\n",
      "zh/loader.py": "# 读取配置文件\ndef load():\n    return open('app.ini')\n",
      "fr/menu.js": "export const café = { price: 2 };\n",
      "fr/größe_rechner.py": "def run():\n    pass\n",
      "en/size.ts": "export function sizeOfBuffer(b: Buffer): number { return b.length; }\n",
    });

  test("a word with non-ASCII letters is one word, found in identifiers, comments and paths", () => {
    const root = world();
    const r = run(["find", "größe"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("words:"); // searched as typed, not as "gr, e"
    expect(r.stdout).toContain("1. de/puffer.go\n   why: its leading comment says größe; defines größe:4; mentions größe 2");
    expect(run(["find", "--paths-only", "größe"], root).stdout).toBe("de/puffer.go\nfr/größe_rechner.py\n");
    expect(run(["find", "--paths-only", "café"], root).stdout).toBe("fr/menu.js\n");
    // A word of a script without spaces is found inside a longer run of it (配置文件 holds 配置).
    expect(run(["find", "--paths-only", "配置"], root).stdout).toBe("zh/loader.py\n");
    // ASCII camelCase still splits.
    expect(run(["find", "--paths-only", "size", "of", "buffer"], root).stdout).toBe("en/size.ts\n");
  });
});
