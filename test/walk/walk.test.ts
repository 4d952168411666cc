import { userErrorOf } from "../helpers.ts";
import { test, expect, describe, afterEach } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { walk, walkSorted, typeList, displayPath, resolveDisplayPath, scopeFilter } from "../../src/walk/index.ts";
import { UserError } from "../../src/util/errors.ts";
import type { WalkOptions } from "../../src/walk/types.ts";
import { rawTree, opts, rawOf, gitDir } from "./fixtures.ts";

const list = (root: string, o: Partial<WalkOptions> = {}) => walkSorted(opts(root, o)).files.map((f) => f.display);

const userError = userErrorOf;

describe("ignore files", () => {
  test("nested .gitignore, negation, deeper file overrides shallower", () => {
    const root = rawTree({
      ".gitignore": "*.log\nbuild/\n",
      "a.log": "",
      "keep.log": "",
      "src/.gitignore": "!keep.log\n",
      "src/keep.log": "",
      "src/other.log": "",
      "src/main.rs": "",
      "build/out.txt": "",
    });
    gitDir(root);
    expect(list(root)).toEqual(["src/keep.log", "src/main.rs"]);
  });

  test("an excluded directory's children cannot be re-included", () => {
    const root = rawTree({ ".gitignore": "build/\n!build/keep.txt\n", "build/keep.txt": "", "x.txt": "" });
    gitDir(root);
    expect(list(root)).toEqual(["x.txt"]);
  });

  test("`dir/*` then `!dir/keep` re-includes (the directory itself is not excluded)", () => {
    const root = rawTree({ ".gitignore": "dir/*\n!dir/keep.txt\n", "dir/keep.txt": "", "dir/drop.txt": "" });
    gitDir(root);
    expect(list(root)).toEqual(["dir/keep.txt"]);
  });

  test(".gitignore is inert outside a git repository; .ignore still applies", () => {
    const root = rawTree({ ".gitignore": "a.txt\n", ".ignore": "b.txt\n", "a.txt": "", "b.txt": "", "c.txt": "" });
    expect(list(root)).toEqual(["a.txt", "c.txt"]);
    gitDir(root);
    expect(list(root)).toEqual(["c.txt"]);
  });

  test("a .git file (worktree/submodule marker) makes a repository too", () => {
    const root = rawTree({ ".git": "gitdir: /nonexistent\n", ".gitignore": "a.txt\n", "a.txt": "", "b.txt": "" });
    expect(list(root)).toEqual(["b.txt"]);
  });

  test("anchored, dir-only, ** and escaped patterns", () => {
    const root = rawTree({
      ".gitignore": "/top.txt\nonlydir/\ndeep/**/x.txt\n\\#hash\n\\!bang\nsp\\ \n",
      "top.txt": "",
      "sub/top.txt": "",
      "onlydir/f.txt": "",
      "sub/onlydir": "a file named like the dir-only pattern",
      "deep/x.txt": "",
      "deep/a/b/x.txt": "",
      "deep/a/y.txt": "",
      "#hash": "",
      "!bang": "",
      "sp ": "",
      "sp": "",
    });
    gitDir(root);
    expect(list(root)).toEqual(["deep/a/y.txt", "sp", "sub/onlydir", "sub/top.txt"]);
  });

  test("matching is case-sensitive", () => {
    const root = rawTree({ ".gitignore": "*.LOG\nReadme\n", "a.log": "", "b.LOG": "", "readme": "", "Readme": "" });
    gitDir(root);
    expect(list(root)).toEqual(["a.log", "readme"]);
  });

  test("a line that is not valid UTF-8 ends the file, as rg reads it", () => {
    const root = rawTree({ ".gitignore": Buffer.from("a\nb\xff\nc\n", "latin1").toString("latin1"), a: "", c: "" });
    writeFileSync(join(root, ".gitignore"), Buffer.from("a\nb\xff\nc\n", "latin1"));
    gitDir(root);
    expect(list(root)).toEqual(["c"]);
  });

  test("precedence: .rgignore > .ignore > .gitignore > .git/info/exclude", () => {
    const root = rawTree({
      ".gitignore": "g1\ng2\ng3\n!ex\n",
      ".ignore": "!g2\n!g3\ni1\n",
      ".rgignore": "g3\n!i1\n",
      g1: "", g2: "", g3: "", i1: "", ex: "", ex2: "", plain: "",
    });
    gitDir(root, "ex\nex2\n");
    expect(list(root)).toEqual(["ex", "g2", "i1", "plain"]);
  });

  test("ignore files above the root apply; .gitignore only up to the repository top", () => {
    const top = rawTree({
      ".gitignore": "above_git.txt\n",
      ".ignore": "above_ign.txt\n",
      "repo/.gitignore": "/sub/inner/anch.txt\nsub/\n",
      "repo/sub/inner/anch.txt": "",
      "repo/sub/inner/above_git.txt": "",
      "repo/sub/inner/above_ign.txt": "",
      "repo/sub/inner/ok.txt": "",
    });
    gitDir(join(top, "repo"));
    // `sub/` does not prune the walk's own root, as in rg; the anchored rule still applies.
    expect(list(join(top, "repo/sub/inner"))).toEqual(["above_git.txt", "ok.txt"]);
    expect(list(join(top, "repo/sub"))).toEqual(["inner/above_git.txt", "inner/ok.txt"]);
  });

  test("a nested repository does not see the outer repository's .gitignore", () => {
    const root = rawTree({ ".gitignore": "*.txt\n", "inner/a.txt": "", "b.txt": "", "inner/.gitignore": "*.md\n", "inner/c.md": "" });
    gitDir(root);
    gitDir(join(root, "inner"));
    expect(list(root)).toEqual(["inner/a.txt"]);
  });

  describe("global excludes", () => {
    const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
    afterEach(() => {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    });

    test("$XDG_CONFIG_HOME/git/ignore, only inside a repository", () => {
      const cfg = rawTree({ "git/ignore": "*.secret\n" });
      const root = rawTree({ "a.secret": "", "b.txt": "" });
      process.env.HOME = rawTree({});
      process.env.XDG_CONFIG_HOME = cfg;
      expect(list(root)).toEqual(["a.secret", "b.txt"]);
      gitDir(root);
      expect(list(root)).toEqual(["b.txt"]);
    });

    test("core.excludesFile from ~/.gitconfig wins over the default location", () => {
      const home = rawTree({ ".gitconfig": "[core]\n\texcludesFile = ~/my-excludes\n", "my-excludes": "*.tmp\n", ".config/git/ignore": "*.txt\n" });
      process.env.HOME = home;
      delete process.env.XDG_CONFIG_HOME;
      const root = rawTree({ "a.tmp": "", "b.txt": "" });
      gitDir(root);
      expect(list(root)).toEqual(["b.txt"]);
    });

    test("anchored rules see rg's walk path (the root as given), not the repository-relative one", () => {
      // The ignore crate builds the global matcher with an empty root: `/*` and `src/*.c` match
      // the path as walked, `./` dropped (rg 13: `rg -l x src` keeps src/*.c, `rg -l x` drops it).
      process.env.HOME = rawTree({ ".gitconfig": "[core]\n\texcludesFile = ~/g\n", g: "/top.txt\nsrc/*.c\n" });
      delete process.env.XDG_CONFIG_HOME;
      const root = rawTree({ "top.txt": "", "src/a.c": "", "src/top.txt": "", "b.txt": "" });
      gitDir(root);
      // Displays are root-relative (the printed prefix is added later): rg 13 prints `./b.txt ./src/top.txt` for `.`.
      const at = (roots: string[]) => walkSorted({ ...opts(root), roots, rootsGiven: true }).files.map((f) => f.display);
      const cwd = process.cwd();
      process.chdir(root);
      try {
        expect(at(["."])).toEqual(["b.txt", "src/top.txt"]);
        expect(at(["./"])).toEqual(["b.txt", "src/top.txt"]);
        expect(at(["src"])).toEqual(["top.txt"]);
        expect(at(["./src/"])).toEqual(["top.txt"]);
        process.chdir(join(root, "src"));
        expect(at(["."])).toEqual(["a.c"]);
        expect(at([".."])).toEqual(["b.txt", "src/a.c", "src/top.txt", "top.txt"]);
      } finally {
        process.chdir(cwd);
      }
      expect(at([root])).toEqual(["b.txt", "src/a.c", "src/top.txt", "top.txt"]);
    });
  });

  test("noIgnore disables every ignore file, but not hidden", () => {
    const root = rawTree({ ".gitignore": "a\n", ".ignore": "b\n", ".rgignore": "c\n", a: "", b: "", c: "", ".h": "" });
    gitDir(root, "d\n");
    writeFileSync(join(root, "d"), "");
    expect(list(root)).toEqual([]);
    expect(list(root, { noIgnore: true })).toEqual(["a", "b", "c", "d"]);
    const st = walkSorted(opts(root)).stats;
    expect(st.ignored).toBe(4);
    expect(st.hidden).toBe(5); // .gitignore .ignore .rgignore .h .git
  });
});

describe("hidden", () => {
  test("dot files and dot directories are skipped unless hidden; a `!` rule un-hides a file", () => {
    const root = rawTree({ ".env": "", ".hd/x.txt": "", "v.txt": "", ".shown": "", ".gitignore": "!.shown\n" });
    gitDir(root);
    expect(list(root)).toEqual([".shown", "v.txt"]);
    expect(list(root, { hidden: true })).toEqual([".env", ".gitignore", ".hd/x.txt", ".shown", "v.txt"]);
  });

  test("a root that is itself hidden is walked", () => {
    const root = rawTree({ ".hd/x.txt": "" });
    expect(list(join(root, ".hd"))).toEqual(["x.txt"]);
  });
});

describe("symlinks and special files", () => {
  const mk = () =>
    rawTree({
      "real.txt": "r",
      "d/sub/f.txt": "f",
      lf: { link: "real.txt" },
      ld: { link: "d" },
      "d/sub/up": { link: ".." },
      broken: { link: "nowhere" },
      fifo: { fifo: true },
    });

  test("not followed by default: links skipped and counted", () => {
    const root = mk();
    const r = walkSorted(opts(root));
    expect(r.files.map((f) => f.display)).toEqual(["d/sub/f.txt", "real.txt"]);
    expect(r.stats.symlinks).toBe(4);
    expect(r.stats.special).toBe(1);
  });

  test("follow: link side display, loops cut, broken links counted, FIFO never yielded", () => {
    const root = mk();
    const r = walkSorted(opts(root, { follow: true }));
    expect(r.files.map((f) => f.display)).toEqual(["d/sub/f.txt", "ld/sub/f.txt", "lf", "real.txt"]);
    expect(r.stats.unreadable).toBe(3); // broken + two loops (d/sub/up, ld/sub/up)
    expect(r.stats.special).toBe(1);
    const lf = r.files.find((f) => f.display === "lf")!;
    expect(readFileSync(lf.open, "utf8")).toBe("r");
    expect(lf.size).toBe(1);
  });

  test("follow: a real directory reached through a link is walked again; the loop is the link inside it (rg 13)", () => {
    // rg --files -L . in repo: ./loop/a.txt ./loop/repo/f.txt ./f.txt, and one loop error for
    // ./loop/repo/loop (the ignore crate checks only links against the walk's ancestors).
    const top = rawTree({ "a.txt": "", "repo/f.txt": "", "repo/loop": { link: ".." } });
    const r = walkSorted(opts(join(top, "repo"), { follow: true }));
    expect(r.files.map((f) => f.display)).toEqual(["f.txt", "loop/a.txt", "loop/repo/f.txt"]);
    expect(r.stats.unreadable).toBe(1);
  });

  test("follow: a loop is counted before ignore rules and --max-depth, as rg 13's exit 2", () => {
    // rg -l -L . exits 2 ("File system loop found: ./sub/loop") with `loop` in .ignore, and with
    // --max-depth 2, where sub/loop is listed but never entered.
    const root = rawTree({ ".ignore": "loop\n", "sub/a.txt": "", "sub/loop": { link: "." } });
    for (const o of [{ follow: true }, { follow: true, maxDepth: 2 }]) {
      const r = walkSorted(opts(root, o));
      expect(r.files.map((f) => f.display)).toEqual(["sub/a.txt"]);
      expect(r.stats.unreadable).toBe(1);
    }
    // --max-depth 1: rg never reads sub, so never meets the loop (exit 1: nothing searched).
    const r = walkSorted(opts(root, { follow: true, maxDepth: 1 }));
    expect([r.files.length, r.stats.unreadable]).toEqual([0, 0]);
    // --max-depth 0 with the loop in the root: the root is not read either (rg exit 1).
    const top = rawTree({ "a.txt": "", loop: { link: "." } });
    expect(walkSorted(opts(top, { follow: true, maxDepth: 0 })).stats.unreadable).toBe(0);
  });

  test("a root FIFO is refused with a clear error", () => {
    const root = mk();
    const e = userError(() => walk(opts(join(root, "fifo")), () => {}));
    expect(e.message).toContain("not a regular file or directory");
  });
});

describe("root", () => {
  test("a file root yields exactly that file, displayed as given, whatever the filters", () => {
    const root = rawTree({ "a.txt": "x", ".h.txt": "" });
    const files = walkSorted(opts(join(root, "a.txt"), { types: ["py"], globs: ["!*.txt"] })).files;
    expect(files).toEqual([{ open: join(root, "a.txt"), display: join(root, "a.txt"), size: 1, root: { index: 0, prefix: "", explicit: true } }]);
  });

  test("a missing root is a UserError naming the path", () => {
    const e = userError(() => walk(opts("/nonexistent/agentgrep-x"), () => {}));
    // Which part is missing depends on the machine (/nonexistent exists on some): the path is named.
    expect(e.message).toMatch(/^path not found: \/nonexistent\/agentgrep-x \(no '(nonexistent' in \/|agentgrep-x' in \/nonexistent)\)$/);
    expect(e.hint).toBeTruthy();
  });

  test("display paths are relative to the root however it is spelled; open paths work", () => {
    const root = rawTree({ "s/a.txt": "A" });
    for (const r of [join(root, "s"), join(root, "s") + "/", join(root, "s", ".")]) {
      const files = walkSorted(opts(r)).files;
      expect(files.map((f) => f.display)).toEqual(["a.txt"]);
      expect(readFileSync(files[0].open, "utf8")).toBe("A");
    }
  });
});

describe("non-UTF-8 names", () => {
  test("displayPath follows the spec examples", () => {
    const b = (s: string) => Buffer.from(s, "latin1");
    expect(displayPath(b("a\xff.txt"))).toEqual({ display: "a\uFFFD.txt#b=ff", pathBytes: "61ff2e747874" });
    expect(displayPath(b("a\xffb\xfe\xfd.txt")).display).toBe("a\uFFFDb\uFFFD\uFFFD.txt#b=ff.fe.fd");
    expect(displayPath(Buffer.from("a\uFFFD.txt"))).toEqual({ display: "a\uFFFD.txt#b=-" });
    expect(displayPath(Buffer.concat([b("a\xff"), Buffer.from("\uFFFD.txt")])).display).toBe("a\uFFFD\uFFFD.txt#b=ff.-");
    expect(displayPath(Buffer.from("a\uFFFD.txt#b=ff")).display).toBe("a\uFFFD.txt#b=ff#b=-");
    expect(displayPath(b("x\xe0\xa0")).display).toBe("x\uFFFD#b=e0a0"); // truncated at the end: one run
    expect(displayPath(b("collide\xff.rs")).pathBytes).toBe("636f6c6c696465ff2e7273");
    expect(displayPath(Buffer.from("plain/é.txt"))).toEqual({ display: "plain/é.txt" });
  });

  test("walk: raw names get #b= displays, pathBytes, Buffer opens, byte order", () => {
    const root = rawTree({
      "a\\xff.txt": "one",
      "a\\xfe.txt": "two",
      "d\\xff/in.txt": "three",
      "a\uFFFD.txt": "decoy",
      "b.txt": "",
      "é.txt": "",
    });
    const { files } = walkSorted(opts(root));
    expect(files.map((f) => f.display)).toEqual([
      "a\uFFFD.txt#b=-", // EF BF BD sorts before FE and FF
      "a\uFFFD.txt#b=fe",
      "a\uFFFD.txt#b=ff",
      "b.txt",
      "d\uFFFD/in.txt#b=ff",
      "é.txt",
    ]);
    expect(files.map(rawOf)).toEqual([...files.map(rawOf)].sort((x, y) => Buffer.compare(Buffer.from(x, "latin1"), Buffer.from(y, "latin1"))));
    const ff = files[2];
    expect(ff.pathBytes).toBe("61ff2e747874");
    expect(Buffer.isBuffer(ff.open)).toBe(true);
    expect(readFileSync(ff.open).toString()).toBe("one");
    expect(readFileSync(files[4].open).toString()).toBe("three");
    expect(files[0].pathBytes).toBeUndefined();
    expect(readFileSync(files[0].open).toString()).toBe("decoy");
  });

  test("ignore rules and globs see raw bytes (`?` is one byte)", () => {
    const root = rawTree({ ".ignore": "a?.txt\n", "a\\xff.txt": "", "ab.txt": "", "a\uFFFD.txt": "", "k.txt": "" });
    // U+FFFD is 3 bytes, so `a?.txt` does not match it.
    expect(list(root)).toEqual(["a\uFFFD.txt#b=-", "k.txt"]);
  });

  test("resolveDisplayPath round-trips displays; a plain lossy string resolves only when unique", () => {
    const root = rawTree({ "a\\xff.txt": "ff", "a\\xfe.txt": "fe", "d\\xff/in.txt": "in", "u\\xff.txt": "u", ".h/x.txt": "x", "ok.txt": "ok" });
    for (const f of walkSorted(opts(root, { hidden: true })).files) {
      const r = resolveDisplayPath(root, f.display)!;
      expect(r.display).toBe(f.display);
      expect(readFileSync(r.open)).toEqual(readFileSync(f.open));
    }
    expect(resolveDisplayPath(root, "a\uFFFD.txt")).toBeUndefined(); // two candidates
    expect(readFileSync(resolveDisplayPath(root, "u\uFFFD.txt")!.open, "utf8")).toBe("u");
    expect(resolveDisplayPath(root, "a\uFFFD.txt#b=00")).toBeUndefined();
    expect(resolveDisplayPath(root, "missing.txt")).toBeUndefined();
  });
});

describe("types", () => {
  const root = rawTree({
    "a.ts": "", "b.tsx": "", "c.mts": "", "d.cts": "", "e.js": "", "f.py": "", "g.pyi": "", "h.md": "", "i.markdown": "", "Makefile": "", "j.txt": "", ".bashrc": "",
  });

  test("ts covers .ts/.tsx/.mts/.cts; py is *.py only (rg 13); md and markdown", () => {
    expect(list(root, { types: ["ts"] })).toEqual(["a.ts", "b.tsx", "c.mts", "d.cts"]);
    expect(list(root, { types: ["py"] })).toEqual(["f.py"]);
    expect(list(root, { types: ["md"] })).toEqual(["h.md", "i.markdown"]);
    expect(list(root, { types: ["markdown", "make"] })).toEqual(["Makefile", "h.md", "i.markdown"]);
  });

  test("typesNot excludes; a type whitelist un-hides matching dot files as rg does", () => {
    expect(list(root, { typesNot: ["ts", "py", "md"] })).toEqual(["Makefile", "e.js", "g.pyi", "j.txt"]);
    expect(list(root, { types: ["sh"] })).toEqual([".bashrc"]);
    expect(list(root, { types: ["ts"], typesNot: ["ts"] })).toEqual([]);
    expect(list(root, { types: ["all"] }).length).toBe(11);
  });

  test("an unknown type is a UserError with close names", () => {
    const e = userError(() => walkSorted(opts(root, { types: ["python"] })));
    expect(e.message).toContain("unknown file type 'python'");
    expect(e.message).toContain("py");
    expect(userError(() => walkSorted(opts(root, { typesNot: ["typscript"] }))).message).toMatch(/did you mean: .*typoscript/);
    expect(userError(() => walkSorted(opts(root, { types: ["zzzzzzzz"] }))).message).toBe("unknown file type 'zzzzzzzz'");
  });

  test("typeList is rg's format", () => {
    const t = typeList();
    expect(t).toContain("\nts: *.cts, *.mts, *.ts, *.tsx\n");
    expect(t).toContain("\nrust: *.rs\n");
    for (const line of t.trimEnd().split("\n")) expect(line).toMatch(/^[a-z0-9]+: \S.*$/);
  });
});

describe("globs", () => {
  const mk = () => {
    const root = rawTree({
      ".gitignore": "*.log\nignored_dir/\n",
      "a.txt": "", "b.txt": "", "c.md": "", "x.log": "", ".dot.txt": "", ".hd/h.txt": "",
      "src/main.rs": "", "src/lib.rs": "", "src/sub/deep.rs": "", "src/a.txt": "",
      "ignored_dir/i.txt": "", "ab.txt": "", "a,b": "",
    });
    gitDir(root);
    return root;
  };
  const root = mk();
  const cases: [string[], string[]][] = [
    [["*.txt"], [".dot.txt", "a.txt", "ab.txt", "b.txt", "src/a.txt"]], // a file glob beats hidden
    [["!*.txt"], ["a,b", "c.md", "src/lib.rs", "src/main.rs", "src/sub/deep.rs"]],
    [["src/*.rs"], ["src/lib.rs", "src/main.rs"]],
    [["src/**"], ["src/a.txt", "src/lib.rs", "src/main.rs", "src/sub/deep.rs"]],
    [["src"], []],
    [["/a.txt"], ["a.txt"]],
    [["**/deep.rs"], ["src/sub/deep.rs"]],
    [["{a,b}.txt"], ["a.txt", "b.txt", "src/a.txt"]],
    [["[ab].txt"], ["a.txt", "b.txt", "src/a.txt"]],
    [["?.txt"], ["a.txt", "b.txt", "src/a.txt"]],
    [["*.txt", "!a.txt"], [".dot.txt", "ab.txt", "b.txt"]],
    [["!a.txt", "*.txt"], [".dot.txt", "a.txt", "ab.txt", "b.txt", "src/a.txt"]],
    [["*.log"], ["x.log"]], // a glob overrides .gitignore for files
    [[".dot.txt"], [".dot.txt"]], // and hidden for files
    [["*.txt", ".hd"], [".dot.txt", ".hd/h.txt", "a.txt", "ab.txt", "b.txt", "src/a.txt"]], // a matching dir glob opens a hidden dir
    [["!src/"], ["a,b", "a.txt", "ab.txt", "b.txt", "c.md"]],
    [["*.TXT"], []],
    [["a,b}"], ["a,b"]], // globset 0.4: a stray '}' is accepted
    [["#comment"], ["a,b", "a.txt", "ab.txt", "b.txt", "c.md", "src/a.txt", "src/lib.rs", "src/main.rs", "src/sub/deep.rs"]],
  ];
  for (const [globs, want] of cases)
    test(`-g ${globs.map((g) => `'${g}'`).join(" -g ")}`, () => {
      expect(list(root, { globs })).toEqual(want);
    });

  test("globs and types: a matching glob wins over the type filter, as rg", () => {
    expect(list(root, { globs: ["*.md"], types: ["rust"] })).toEqual(["c.md"]);
  });

  for (const [g, reason] of [
    ["[", "unclosed character class"],
    ["a[b", "unclosed character class"],
    ["[z-a]", "invalid range"],
    ["{a,b", "unclosed alternate group"],
    ["{a,{b,c}}", "nested alternate groups"],
    ["a\\", "dangling"],
  ])
    test(`invalid glob ${g} is a UserError naming it`, () => {
      const e = userError(() => walkSorted(opts(root, { globs: ["*.rs", g] })));
      expect(e.message).toContain(`'${g}'`);
      expect(e.message).toContain(reason);
    });

  test("a glob with a slash sees a non-ASCII root as given (rg -g 'ünï/*.log' ünï)", () => {
    const top = rawTree({ "ünï/x.log": "", "ünï/y.txt": "", "ünï/sub/z.log": "" });
    const at = (roots: string[], globs: string[]) => walkSorted({ ...opts(top), roots, rootsGiven: true, globs }).files.map((f) => f.display);
    const cwd = process.cwd();
    process.chdir(top);
    try {
      // rg 13: `ünï/x.log`; `ünï/x.log ünï/sub/z.log`; `ünï/y.txt ünï/sub/z.log`.
      expect(at(["ünï"], ["ünï/*.log"])).toEqual(["x.log"]);
      expect(at(["./ünï/"], ["ünï/**/*.log"])).toEqual(["sub/z.log", "x.log"]);
      expect(at(["ünï"], ["!ünï/x.log"])).toEqual(["sub/z.log", "y.txt"]);
    } finally {
      process.chdir(cwd);
    }
  });

  test("scopeFilter applies glob and type rules to paths", () => {
    const f = scopeFilter({ globs: ["src/**", "!*.md"], types: [], typesNot: [] });
    expect([f("src/a.rs"), f("src/x.md"), f("a.rs")]).toEqual([true, false, false]);
    const t = scopeFilter({ globs: [], types: ["ts"], typesNot: [] });
    expect([t("x/y.tsx"), t("y.js")]).toEqual([true, false]);
  });
});

describe("order and stats", () => {
  test("walkSorted orders by raw bytes: '-' < '.' < '/' and non-BMP after U+FFFF-range", () => {
    const root = rawTree({ "a-b": "", "a.txt": "", "a/b": "", "a/c": "", "\uFF5E": "", "\u{1F600}": "", B: "", b: "" });
    expect(list(root)).toEqual(["B", "a-b", "a.txt", "a/b", "a/c", "b", "\uFF5E", "\u{1F600}"]);
  });

  test("walk streams every file once, same set as walkSorted", () => {
    const root = rawTree({ "x/1": "", "x/2": "", "y/z/3": "", "4": "" });
    const seen: string[] = [];
    walk(opts(root), (f) => seen.push(f.display));
    expect(seen.sort()).toEqual(["4", "x/1", "x/2", "y/z/3"]);
  });

  test("filtered counts glob/type exclusions", () => {
    const root = rawTree({ "a.rs": "", "b.py": "", "c.md": "", "d/e.rs": "" });
    mkdirSync(join(root, "empty"));
    const r = walkSorted(opts(root, { types: ["rust"] }));
    expect(r.files.map((f) => f.display)).toEqual(["a.rs", "d/e.rs"]);
    expect(r.stats.filtered).toBe(2);
  });
});

describe("sorted walk", () => {
  test("walkSorted equals a byte sort on tricky sibling names, with and without follow", () => {
    const names = ["a", "a.b", "a-b", "a/b", "a/b.c", "a.b/c", "ab", "A", "a0", "a~", "é", "z/é/x", "z/e/x", "z.x", "z!"];
    const spec: Record<string, string | { link: string }> = {};
    for (const n of names) spec[n.endsWith("/") ? n + "f" : n.includes("/") ? n : n + "/f"] = "";
    spec["lnk"] = { link: "a" };
    spec["lnk.txt"] = "";
    const root = rawTree(spec);
    for (const follow of [false, true]) {
      const files = walkSorted(opts(root, { follow })).files.map(rawOf);
      expect(files).toEqual([...files].sort((x, y) => Buffer.compare(Buffer.from(x, "latin1"), Buffer.from(y, "latin1"))));
      expect(files.includes("lnk/b")).toBe(follow);
    }
  });
  test("sortLimit: sorted up to the limit, directory order (flagged) above it, same files", () => {
    const root = rawTree({ "b/2": "", "a/1": "", c: "", "a/z/3": "" });
    const full = walkSorted(opts(root)).files.map((f) => f.display);
    expect(full).toEqual(["a/1", "a/z/3", "b/2", "c"]);
    const under = walkSorted(opts(root), 4);
    expect(under.sorted).toBe(true);
    expect(under.files.map((f) => f.display)).toEqual(full);
    const over = walkSorted(opts(root), 3);
    expect(over.sorted).toBe(false);
    expect(over.files.map((f) => f.display).sort()).toEqual(full);
  });

});
