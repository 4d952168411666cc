// Base forms (find-query.ts sameBase): an inflected query word matches the base form a name uses.
import { test, expect, describe } from "bun:test";
import { tree } from "../helpers.ts";
import { rankFind } from "../../src/rank/find.ts";
import { buildQuery, matchQuality } from "../../src/rank/find-query.ts";

const walk = (root: string) => ({ root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] });
const pads = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`pad/p${i}.c`, `int p${i};\n`]));

describe("base forms (find-query.ts sameBase)", () => {
  test("an inflected query word meets its base's silent e or doubled letter: tiling ~ tile, sniffing ~ sniff", () => {
    const q = buildQuery(["tiling", "sniffing", "notes"]);
    expect(matchQuality("tile", q.terms[0]!)).toBe(1);
    expect(matchQuality("sniff", q.terms[1]!)).toBe(1);
    // A bare short token is not an inflection cut short: `not` is not "notes".
    expect(matchQuality("not", q.terms[2]!)).toBe(0);
  });
  test("a file named for the base form of a query word ranks by its name", async () => {
    const root = tree({
      ...pads(20),
      "layout/tile.lua": "-- master and stack\nlocal function arrange(p)\n  return p\nend\n",
      "layout/fair.lua": "-- tiling is not done here: windows share the screen fairly\nlocal function arrange(p)\n  return p\nend\n",
    });
    const r = await rankFind(buildQuery(["tiling", "layout"]), { walk: walk(root), maxFiles: 10, structureFor: 0 });
    expect(r.ranked[0]!.path).toBe("layout/tile.lua");
  });
});

// An agent's `find must_use unused results lint` printed "(ignored: must)": the typed identifier
// lost half its name to the stop-word list, and its hits were about `use` alone.
test("a typed identifier's stop-word parts are kept, a loose stop word is not", () => {
  const q = buildQuery(["must_use", "unused", "results"]);
  expect(q.terms.map((t) => t.word)).toEqual(["must", "use", "unused", "results"]);
  expect(q.dropped).toEqual([]);
  const loose = buildQuery(["must", "use", "results"]);
  expect(loose.dropped).toEqual(["must"]);
  expect(buildQuery(["isEmpty"]).dropped).toEqual(["is"]);
});
