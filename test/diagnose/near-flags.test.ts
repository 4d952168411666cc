/**
 * Near names of an identifier whose near core is 4-letter words only (`ksys_sync_helperx`: the
 * core ksys+sync) come from the files the search flagged for that word (src/diagnose/needles.ts
 * nearNeedles, src/search/watch.ts), with no second pass over the tree; past the flags' room,
 * from a pass of their own, as before (issue 21: no-match three-word identifier).
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { run, tree } from "../helpers.ts";
import { diagnose, diagnosisText } from "../../src/diagnose/index.ts";
import { nearNeedles, nearWatchedWords, diagnosisNeedles } from "../../src/diagnose/needles.ts";
import { search } from "../../src/search/index.ts";
import { walkSorted } from "../../src/walk/index.ts";
import { joinFlags } from "../../src/search/watch.ts";
import type { WalkOptions } from "../../src/walk/types.ts";

setDefaultTimeout(120_000);

const walkOf = (root: string): WalkOptions => ({ root, rootsGiven: true, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] });
const match = (pattern: string) => ({ pattern, regex: false, ignoreCase: false, wordRegexp: false, invert: false });

describe("near words", () => {
  test("a core of 4-letter words is watched apart, one word per core", () => {
    expect(nearWatchedWords(match("ksys_sync_helperx"))).toEqual(["ksys"]);
    expect(nearNeedles(match("ksys_sync_helperx"))).toEqual(["ksys", "Ksys", "KSYS"]);
    expect(diagnosisNeedles(match("ksys_sync_helperx"))).toEqual(["elperx", "ELPERX"]);
    // A core holding a watched word, or of 3-letter words, adds none.
    expect(nearWatchedWords(match("zzqqxxyy_nomatch"))).toEqual([]);
    expect(nearWatchedWords(match("get_set_valuex"))).toEqual([]);
  });
});

describe("diagnose from near flags", () => {
  const files = { "a.c": "ksys_sync_read();\n", "b.c": "ksys_sync_write();\nksys_sync_write();\n", "c.c": "int other;\n" };

  test("the near names are read from the flagged files only (no pass over the tree)", async () => {
    const root = tree(files);
    const all = walkSorted(walkOf(root)).files;
    const a = all.filter((e) => e.display.endsWith("a.c"));
    const d = await diagnose(walkOf(root), match("ksys_sync_helperx"), undefined, { flagged: [], skips: [], unsearched: [], near: a, nearOverflow: false });
    expect(diagnosisText(d)).toBe("no match; would match: 1 line in 1 file as the similar name ksys_sync_read");
  });

  test("past the flags' room, a pass of its own finds them all", async () => {
    const root = tree(files);
    const all = walkSorted(walkOf(root)).files;
    const a = all.filter((e) => e.display.endsWith("a.c"));
    const d = await diagnose(walkOf(root), match("ksys_sync_helperx"), undefined, { flagged: [], skips: [], unsearched: [], near: a, nearOverflow: true });
    expect(diagnosisText(d)).toBe("no match; would match: 2 lines in 1 file as the similar name ksys_sync_write; 1 line in 1 file as the similar name ksys_sync_read");
  });

  test("the search flags files holding only a near needle apart, and says when its room overflowed", async () => {
    const root = tree({ ...files, "d.c": "KSYS_X;\n", "e.c": "helperx_elperx\n" });
    const needles = diagnosisNeedles(match("ksys_sync_helperx"));
    const near = nearNeedles(match("ksys_sync_helperx"));
    const r = await search(walkOf(root), match("ksys_sync_helperx"), { mode: "any", watch: { needles, nearNeedles: near, nearBytes: 1 << 20 } });
    expect(r.files).toEqual([]);
    expect(r.flagged!.map((e) => e.display.split("/").pop())).toEqual(["e.c"]);
    expect(r.nearFlagged!.map((e) => e.display.split("/").pop())).toEqual(["a.c", "b.c", "d.c"]);
    expect(r.nearOverflow).toBe(false);
    // A room of one file: the next file holding a near needle overflows it.
    const small = await search(walkOf(root), match("ksys_sync_helperx"), { mode: "any", watch: { needles, nearNeedles: near, nearBytes: 1 } });
    expect(small.nearFlagged!.length).toBe(1);
    expect(small.nearOverflow).toBe(true);
  });
});

test("a streamed file's chunk flags: a needle wins over a near needle, an overflow is kept", () => {
  expect(joinFlags("near", true)).toBe(true);
  expect(joinFlags(false, "near")).toBe("near");
  expect(joinFlags("overflow", true)).toBe("both");
  expect(joinFlags("both", false)).toBe("both");
  expect(joinFlags("near", "overflow")).toBe("overflow");
});

describe("through the binary", () => {
  test("pooled and inline searches give the near names a pass over the tree gives", () => {
    const fx: Record<string, string> = {};
    for (let i = 0; i < 400; i++) fx[`src/m${i}.c`] = i % 41 === 3 ? "ksys_sync_file_range(fd);\nint x = KSYS_SYNC;\n" : i % 97 === 1 ? "ksys_read();\n" : "int other;\n";
    const root = tree(fx);
    const outs = ["2", "1"].map((t) => run(["grep", "ksys_sync_helperx"], root, { AGENTGREP_THREADS: t }));
    expect(outs[0]!.code).toBe(1);
    expect(outs[0]!.stdout).toBe(outs[1]!.stdout);
    expect(outs[0]!.stdout).toContain("no match; would match: 10 lines in 10 files as the similar name KSYS_SYNC; 10 lines in 10 files as the similar name ksys_sync_file_range\n");
  });
});
