/** diagnose's linear scan for the identifiers holding a near-identifier core: the regex's matches, without its cost. */
import { describe, expect, test } from "bun:test";
import { identifiersHolding } from "../../src/diagnose/index.ts";

const byRegex = (core: string, text: string) => [...text.matchAll(new RegExp(`[A-Za-z0-9_$]*(?:${core})[A-Za-z0-9_$]*`, "gi"))].map((x) => [x[0], x.index]);
const byScan = (core: string, starts: string, text: string) => [...identifiersHolding(core, starts)(text)].map((x) => [x[0], x.index]);

describe("identifiersHolding", () => {
  test("names around a core, any case and separator", () => {
    const core = "sync[_-]?helperx|ksys[_-]?sync";
    const text = "x = ksys_sync_helper(a); KSYS_SYNC; do_ksys-sync_x\n$ksyssync ksys_sync_helperx_y";
    expect(byScan(core, "sk", text)).toEqual(byRegex(core, text));
    expect(byScan(core, "sk", text).map((x) => x[0])).toEqual(["ksys_sync_helper", "KSYS_SYNC", "do_ksys-sync_x", "$ksyssync", "ksys_sync_helperx_y"]);
  });

  test("the regex settles on the run's last core: one that crosses a separator reaches past the run", () => {
    expect(byScan("ab|b[_-]?a", "ab", "abb-a x")).toEqual([["abb-a", 0]]);
    expect(byRegex("ab|b[_-]?a", "abb-a x")).toEqual([["abb-a", 0]]);
  });

  test("the same matches as the regex on random text (overlapping cores, separators, runs)", () => {
    const alphabet = "abAB_-$ ";
    const cores: Array<[string, string]> = [["ab[_-]?ba|b[_-]?a", "ab"], ["aa[_-]?aa", "a"], ["ba[_-]?b|ab", "ab"], ["ab|b[_-]?a", "ab"]];
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    for (let t = 0; t < 6000; t++) {
      const text = Array.from({ length: rand(40) }, () => alphabet[rand(alphabet.length)]).join("");
      const [core, starts] = cores[t % cores.length]!;
      expect(byScan(core, starts, text)).toEqual(byRegex(core, text));
    }
  });

  test("linear in an identifier's length: a megabyte-long run holding the core", () => {
    const text = "a".repeat(1 << 20) + "helper_sync" + "b".repeat(1 << 20);
    const t0 = performance.now();
    const got = byScan("sync[_-]?helper|helper[_-]?sync", "sh", text);
    expect(got.length).toBe(1);
    expect(got[0]![0]!.length).toBe(text.length);
    expect(performance.now() - t0).toBeLessThan(2000); // the regex takes minutes here
  });
});
