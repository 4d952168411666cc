// Matches without lines travel from the search workers packed in one Int32Array per batch.
import { test, expect } from "bun:test";
import { packOutcome, unpackOutcomes } from "../../src/search/packed.ts";
import type { FileOutcome } from "../../src/search/file.ts";

test("packed outcomes come back as they went: counts, binaryCut, mask records; lines travel whole", () => {
  const out: number[] = [];
  const sent: Array<[number, FileOutcome]> = [
    [0, { status: "match", matches: [], count: 7 }],
    [3, { status: "match", matches: [], count: 2, binaryCut: true }],
    [5, { status: "match", matches: [], count: 0, mask: 0b101, counts: [4, 0, 32], bytes: 123456 }],
  ];
  for (const [i, o] of sent) expect(packOutcome(out, i, o, 3)).toBe(true);
  const withLines: FileOutcome = { status: "match", matches: [{ line: 1, column: 1, byteOffset: 0, text: "x", spans: [[0, 1]] }], count: 1 };
  expect(packOutcome(out, 9, withLines, 3)).toBe(false);
  const back: Array<[number, FileOutcome]> = [];
  unpackOutcomes(Int32Array.from(out), 3, (i, o) => back.push([i, o]));
  expect(back).toEqual(sent);
});
