/**
 * Parity: the walker's file set equals `rg --files` with the same flags, on fixture trees that
 * exercise every selection rule. rg runs with an explicit path (`.`, from the fixture root, so
 * globs and ignore files see the same root-relative paths), --no-config, NUL-separated output,
 * and a real stdout pipe.
 */
import { test, expect, describe } from "bun:test";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { walkSorted } from "../../src/walk/index.ts";
import { TYPE_OVERLAY } from "../../src/walk/type-table.ts";
import type { WalkOptions } from "../../src/walk/types.ts";
import { rawTree, opts, rawOf, gitDir } from "./fixtures.ts";

const rgVersion = spawnSync("rg", ["--version"], { encoding: "utf8" });
const haveRg = rgVersion.status === 0;
if (!haveRg) console.warn("SKIPPED walk parity tests: rg (ripgrep) is not installed; CI installs it with `apt-get install -y ripgrep`");

/**
 * Types whose globs our table extends beyond the installed rg (see type-table.ts): rg is given the
 * same extra globs with --type-add, so the test compares selection semantics, not table versions.
 */
function typeAdds(): string[] {
  if (!haveRg) return [];
  const list = spawnSync("rg", ["--no-config", "--type-list"], { encoding: "utf8" }).stdout;
  const adds: string[] = [];
  for (const [name, globs] of Object.entries(TYPE_OVERLAY)) {
    const line = list.split("\n").find((l) => l.startsWith(name + ": ")) ?? "";
    const have = line.slice(name.length + 2).split(", ");
    for (const g of globs) if (!have.includes(g)) adds.push("--type-add", `${name}:${g}`);
  }
  return adds;
}
const ADDS = typeAdds();

function rgFiles(root: string, flags: string[]): string[] {
  const r = spawnSync("rg", ["--no-config", ...ADDS, "--files", "--null", ...flags, "."], { cwd: root, encoding: "buffer", maxBuffer: 1 << 28 });
  if (r.status !== 0 && r.status !== 1 && r.status !== 2) throw new Error(`rg failed: ${r.stderr}`);
  return r.stdout
    .toString("latin1")
    .split("\0")
    .filter((p) => p !== "")
    .map((p) => p.replace(/^\.\//, ""))
    .sort();
}

function toOpts(root: string, flags: string[]): WalkOptions {
  const o = opts(root);
  for (let i = 0; i < flags.length; i++) {
    const f = flags[i];
    if (f === "--hidden") o.hidden = true;
    else if (f === "--no-ignore") o.noIgnore = true;
    else if (f === "-L") o.follow = true;
    else if (f === "-t") o.types.push(flags[++i]);
    else if (f === "-T") o.typesNot.push(flags[++i]);
    else if (f === "-g") o.globs.push(flags[++i]);
    else throw new Error("unknown flag in test matrix: " + f);
  }
  return o;
}

function ours(root: string, flags: string[]): string[] {
  return walkSorted(toOpts(root, flags)).files.map(rawOf).sort();
}

const FILES = {
  ".gitignore": "*.log\nbuild/\n/anchored.txt\n!keep.log\ndeep/**/gen.*\n.env\n!.shown\nonlydir/\n\\#hash\n",
  ".ignore": "from_dot_ignore.txt\n!rescued.txt\n",
  ".rgignore": "from_rgignore.txt\n",
  "rescued.txt": "", // ignored by .gitignore below, re-included by .ignore
  "a.txt": "", "b.txt": "", "ab.txt": "", "a,b": "", "#hash": "", "sp ace.txt": "", "[br].txt": "", "é.txt": "",
  "x.log": "", "keep.log": "", "anchored.txt": "", "from_dot_ignore.txt": "", "from_rgignore.txt": "",
  ".env": "", ".shown": "", ".bashrc": "", ".hd/h.txt": "", ".hd/.inner": "",
  "build/out.txt": "", "onlydir/f.txt": "", "sub/onlydir": "", "sub/anchored.txt": "",
  "src/main.rs": "", "src/lib.rs": "", "src/a.txt": "", "src/deep/x/gen.c": "", "src/deep/gen.h": "",
  "deep/gen.c": "", "deep/a/b/gen.c": "", "deep/a/b/kept.c": "",
  "web/a.ts": "", "web/b.tsx": "", "web/c.mts": "", "web/d.cts": "", "web/e.js": "", "web/f.jsx": "",
  "py/m.py": "", "py/m.pyi": "", "docs/r.md": "", "docs/r.markdown": "", "Makefile": "", "docs/Makefile.am": "",
  "nested/.gitignore": "*.txt\n!n2.txt\n", "nested/n1.txt": "", "nested/n2.txt": "", "nested/n.rs": "",
  "nested/deeper/.gitignore": "!n1.txt\n", "nested/deeper/n1.txt": "", "nested/deeper/n3.txt": "",
  "raw\\xff.txt": "", "raw\\xfe\\xfd.rs": "", "rawdir\\xff/inner.txt": "", "rawdir\\xff/x.log": "", "lit\uFFFD.txt": "",
  "links/target.txt": "", "links/lf": { link: "target.txt" }, "links/ld": { link: "../src" },
  "links/loop": { link: ".." }, "links/broken": { link: "nowhere" }, "links/.hidden_link": { link: "target.txt" },
  "fifo": { fifo: true },
} as const;

const MATRIX: string[][] = [
  [],
  ["--hidden"],
  ["--no-ignore"],
  ["--hidden", "--no-ignore"],
  ["-L"],
  ["-L", "--hidden", "--no-ignore"],
  ["-t", "ts"],
  ["-t", "py", "-t", "md"],
  ["-t", "js", "-T", "ts"],
  ["-T", "rust", "-T", "txt"],
  ["-t", "sh"],
  ["-t", "make"],
  ["-t", "all"],
  ["-g", "*.txt"],
  ["-g", "!*.txt"],
  ["-g", "src/**"],
  ["-g", "src/*.rs"],
  ["-g", "/a.txt"],
  ["-g", "*.log"],
  ["-g", "!build/"],
  ["-g", "build"],
  ["-g", "**/deep/**"],
  ["-g", "{a,b}*"],
  ["-g", "[a-c]*.txt"],
  ["-g", "[!a]*.txt"],
  ["-g", "?.txt"],
  ["-g", "*.txt", "-g", "!a*"],
  ["-g", "!a*", "-g", "*.txt"],
  ["-g", ".hd"],
  ["-g", "*"],
  ["-g", "*.TXT"],
  ["-g", "raw?.txt"],
  ["-g", "nested/**", "-g", "!n1.txt"],
  ["-g", "*.rs", "-t", "md"],
  ["--hidden", "-g", "!.hd/"],
  ["-L", "-g", "*.txt"],
  ["--no-ignore", "-g", "!*.log", "-t", "txt"],
];

function fixtures(): Record<string, string> {
  const repo = rawTree(FILES);
  gitDir(repo, "from_exclude.txt\n");
  rawTree({ "from_exclude.txt": "" }, repo);
  const nogit = rawTree(FILES);
  const top = rawTree({
    ".gitignore": "above_repo.txt\n",
    ".ignore": "above_ign.txt\n",
    "repo/.gitignore": "/sub/inner/anch.txt\nsub/\n*.o\n",
    "repo/sub/inner/anch.txt": "", "repo/sub/inner/above_repo.txt": "", "repo/sub/inner/above_ign.txt": "",
    "repo/sub/inner/x.o": "", "repo/sub/inner/ok.txt": "", "repo/sub/inner/.gitignore": "!x.o\n",
  });
  gitDir(join(top, "repo"));
  const nested = rawTree({
    ".gitignore": "*.txt\n", "a.txt": "", "b.md": "",
    "inner/.gitignore": "*.md\n", "inner/a.txt": "", "inner/b.md": "", "inner/c.rs": "",
  });
  gitDir(nested);
  gitDir(join(nested, "inner"));
  return { repo, nogit, "parent-dirs": join(top, "repo/sub/inner"), "parent-dirs-mid": join(top, "repo/sub"), nested };
}

describe.skipIf(!haveRg)("walk parity with rg --files", () => {
  const roots = haveRg ? fixtures() : {};
  for (const [name, root] of Object.entries(roots))
    for (const flags of MATRIX)
      test(`${name}: rg --files ${flags.join(" ")}`, () => {
        const want = rgFiles(root, flags);
        expect(ours(root, flags)).toEqual(want);
      });

  test("the repo fixture is not trivial: rg's answers differ across the matrix", () => {
    const root = (roots as Record<string, string>).repo;
    const distinct = new Set(MATRIX.map((f) => rgFiles(root, f).join("\n")));
    expect(distinct.size).toBeGreaterThan(25);
  });

  test("invalid globs: rg and the walker both refuse", () => {
    const root = (roots as Record<string, string>).repo;
    for (const g of ["[", "{a,b", "{a,{b}}", "[z-a]", "x\\"]) {
      const r = spawnSync("rg", ["--no-config", "--files", "-g", g, "."], { cwd: root, encoding: "utf8" });
      expect(r.status).toBe(2);
      expect(() => walkSorted(toOpts(root, ["-g", g]))).toThrow(g);
    }
  });
});
