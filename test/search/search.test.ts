import { test, expect, setDefaultTimeout } from "bun:test";
import { join } from "node:path";
import { openSync, ftruncateSync, closeSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { search } from "../../src/search/index.ts";
import { SIZE_LIMIT } from "../../src/read/index.ts";
import { tree } from "../helpers.ts";

setDefaultTimeout(60_000);

const walkOpts = (root: string) => ({ root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] });
const lit = (pattern: string) => ({ pattern, regex: false, ignoreCase: false, wordRegexp: false });

test("stats count searched, binary, too large, hidden; results sorted by raw path bytes", async () => {
  const root = tree({
    "b.txt": "hit\n",
    "a/z.txt": "hit\nhit\n",
    "a-b.txt": "hit\n",
    "bin.dat": Buffer.from("hit\0"),
    ".hidden.txt": "hit\n",
    "miss.txt": "nothing\n",
  });
  // A sparse file over the size limit (text first, so rg's binary rule does not decide first):
  // skipped and counted, never read whole.
  writeFileSync(join(root, "huge.txt"), "hit\n".repeat(40_000));
  const fd = openSync(join(root, "huge.txt"), "r+");
  ftruncateSync(fd, SIZE_LIMIT + 1);
  closeSync(fd);
  const r = await search(walkOpts(root), lit("hit"));
  expect(r.files.map((f) => f.entry.display)).toEqual(["a-b.txt", "a/z.txt", "b.txt"]); // '-' < '/' in bytes
  expect(r.files[1].matches.map((m) => m.line)).toEqual([1, 2]);
  expect(r.stats.searched).toBe(4);
  expect(r.stats.binary).toBe(1);
  expect(r.stats.tooLarge).toBe(1);
  expect(r.stats.hidden).toBeGreaterThanOrEqual(1);
});

test("mode first stops at a file's first match", async () => {
  const root = tree({ "a.txt": "hit\nhit\nhit\n" });
  const r = await search(walkOpts(root), lit("hit"), { mode: "first" });
  expect(r.files[0].matches.length).toBe(1);
});

test("mode count keeps counts only; lines() reads a file's matches back, equal to a full search", async () => {
  const files: Record<string, string> = { "bin.dat": Buffer.from("hit\nhit\0hit\n") as any };
  for (let i = 0; i < 40; i++) files[`d${i % 3}/f${i}.txt`] = i % 3 ? "miss\n" : "hit\nx hit hit\n\nhit".repeat(1 + (i % 5));
  const root = tree(files);
  for (const threads of [1, 2]) {
    if (threads === 2) process.env.AGENTGREP_THREADS = "2";
    try {
      const full = await search(walkOpts(root), lit("hit"));
      const counted = await search(walkOpts(root), lit("hit"), { mode: "count" });
      expect(counted.files.map((f) => [f.entry.display, f.count])).toEqual(full.files.map((f) => [f.entry.display, f.matches.length]));
      expect(counted.files.every((f) => f.matches.length === 0)).toBe(true);
      expect(counted.stats).toEqual(full.stats);
      const back = counted.files.map(counted.lines);
      expect(back.map((f) => [f.entry.display, f.matches, f.count, !!f.binaryCut])).toEqual(full.files.map((f) => [f.entry.display, f.matches, f.count, !!f.binaryCut]));
      expect(full.stats.binary).toBe(1);
    } finally {
      delete process.env.AGENTGREP_THREADS;
    }
  }
});

test("workers and inline search give identical results", async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 200; i++) files[`d${i % 5}/f${i}.txt`] = i % 4 ? "miss\n" : `x\nhit ${i}\n`;
  const root = tree(files);
  const inline = await search(walkOpts(root), lit("hit"), { threads: 1 });
  process.env.AGENTGREP_THREADS = "2";
  try {
    const pooled = await search(walkOpts(root), lit("hit"));
    expect(pooled.files.map((f) => [f.entry.display, f.matches])).toEqual(inline.files.map((f) => [f.entry.display, f.matches]));
    expect(pooled.stats).toEqual(inline.stats);
  } finally {
    delete process.env.AGENTGREP_THREADS;
  }
});

test("a FIFO in the tree never hangs the search", async () => {
  const root = tree({ "a.txt": "hit\n" });
  // No mkfifo would make this test vacuous: fail instead of passing.
  expect(spawnSync("mkfifo", [join(root, "pipe")]).status).toBe(0);
  writeFileSync(join(root, "b.txt"), "hit\n");
  const r = await search(walkOpts(root), lit("hit"));
  expect(r.files.map((f) => f.entry.display)).toEqual(["a.txt", "b.txt"]);
});

test("an invalid regex fails before any file is read", async () => {
  const root = tree({ "a.txt": "x\n" });
  await expect(search(walkOpts(root), { pattern: "(", regex: true, ignoreCase: false, wordRegexp: false })).rejects.toThrow(/invalid regex/);
});

test.skipIf(spawnSync("rg", ["--version"]).status !== 0)("files bigger than the read buffer (streamed in chunks) match rg's lines and offsets in every mode", async () => {
  const MB = 1 << 20;
  const lines = (n: number, every: number, width: number, eol = "\n") => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push((i % every === 0 ? "hit " : "pad ") + "x".repeat((i * 37) % width) + eol);
    return out.join("");
  };
  const big = lines(60_000, 997, 90); // ~3 MB: hits land on both sides of chunk ends
  const withNul = Buffer.from(lines(40_000, 501, 60));
  withNul[Math.floor(withNul.length * 0.7)] = 0; // after the first chunk: read whole, cut as rg
  // Two trees: rg keeps each thread's read buffer across files, so after long-line.txt grew it a
  // thread read late-nul.txt in one buffer and found its NUL before any match (nothing printed),
  // or not, as its threads happened to take the files: rg's own answer changed from run to run.
  const roots = [
    tree({
      "big.txt": big + "hit at the end without newline",
      "bom.txt": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines(30_000, 101, 80))]),
      "crlf.txt": lines(30_000, 333, 70, "\r\n"),
      "late-nul.txt": withNul,
      "early-nul.txt": Buffer.concat([Buffer.from("hit\0\n"), Buffer.from(lines(30_000, 7, 70))]),
      "small.txt": "hit\n",
    }),
    tree({
      "long-line.txt": "pad " + "y".repeat(1.5 * MB) + " hit\n" + lines(20_000, 1000, 80), // one line longer than the buffer
      "small.txt": "hit\n",
    }),
  ];
  for (const [k, root] of roots.entries()) {
    const rg = spawnSync("rg", ["--no-config", "--json", "-F", "hit", "."], { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
    const want = new Map<string, Array<[number, number]>>();
    for (const l of rg.stdout.split("\n")) {
      if (!l.includes('"type":"match"')) continue;
      const d = JSON.parse(l).data;
      const p = String(d.path.text).replace(/^\.\//, "");
      if (!want.has(p)) want.set(p, []);
      want.get(p)!.push([d.line_number, d.absolute_offset]);
    }
    if (k === 0) {
      expect(want.has("early-nul.txt")).toBe(false);
      expect(want.get("late-nul.txt")!.length).toBeGreaterThan(0);
      expect(want.get("big.txt")!.length).toBeGreaterThan(50);
    } else expect(want.get("long-line.txt")!.length).toBeGreaterThan(10);
    for (const threads of ["0", "2"]) {
      process.env.AGENTGREP_THREADS = threads;
      try {
        const full = await search(walkOpts(root), lit("hit"));
        const got = new Map(full.files.map((f) => [f.entry.display, f.matches.map((m) => [m.line, m.byteOffset] as [number, number])]));
        expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
        for (const [p, ms] of want) expect([p, got.get(p)]).toEqual([p, ms]);
        const counted = await search(walkOpts(root), lit("hit"), { mode: "count" });
        expect(counted.files.map((f) => [f.entry.display, f.count])).toEqual(full.files.map((f) => [f.entry.display, f.count]));
        const first = await search(walkOpts(root), lit("hit"), { mode: "first" });
        expect(first.files.map((f) => [f.entry.display, f.matches.length])).toEqual(full.files.map((f) => [f.entry.display, 1]));
      } finally {
        delete process.env.AGENTGREP_THREADS;
      }
    }
  }
});

test("a tree past the helper's threshold: the split search (the `helper` option) gives the one-thread results, in every mode", async () => {
  // 1,300 files (past search/index.ts HELPER_MIN_FILES): a helper worker takes files from the
  // end of the list while this thread takes them from the start. A binary file and a no-match
  // file sit at each end, so both sides meet every outcome.
  const files: Record<string, string | Uint8Array> = { "a0/bin.dat": Buffer.from("hit\nx\0hit\n"), "z9/bin.dat": Buffer.from("hit\nx\0\n"), "a0/nul.dat": Buffer.from("\0hit\n"), "z9/nul.dat": Buffer.from("\0hit\n") };
  for (let i = 0; i < 1300; i++) files[`d${i % 13}/s${i % 7}/f${i}.txt`] = i % 5 ? "miss\n".repeat(40) : `x\nhit ${i}\n${"pad\n".repeat(i % 50)}hit again\n`;
  const root = tree(files);
  for (const mode of ["full", "count", "any"] as const) {
    const one = await search(walkOpts(root), lit("hit"), { mode, threads: 1, reportNoMatch: true });
    const split = await search(walkOpts(root), lit("hit"), { mode, reportNoMatch: true, helper: true });
    const plain = await search(walkOpts(root), lit("hit"), { mode, reportNoMatch: true });
    expect(one.helped).toBeUndefined();
    expect(plain.helped).toBeUndefined(); // no helper unless asked for (the CLI never asks)
    expect(split.helped).toBeGreaterThanOrEqual(0); // a helper started (how many it took depends on timing)
    expect(split.files.map((f) => [f.entry.display, f.count, f.matches, !!f.binaryCut])).toEqual(one.files.map((f) => [f.entry.display, f.count, f.matches, !!f.binaryCut]));
    expect(split.unmatched!.map((e) => e.display)).toEqual(one.unmatched!.map((e) => e.display));
    expect(split.stats).toEqual(one.stats);
    expect(one.files.length).toBe(260);
    expect(one.stats.binary).toBe(4); // a NUL in the first buffer: rg's binary rule, no match
  }
});
