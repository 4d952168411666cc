import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// A word on a member line of a type (an enum's constant, a class's property) made the whole type
// the region: the packet printed the whole enum, and a small class's region swallowed its methods'
// call sites (their regions, nested in it, were dropped). The region is the member's lines, an
// excerpt of the type.
const C = `enum dev_state {
	DEV_IDLE,
	DEV_RUNNING,
	DEV_RESET,
	DEV_STOPPED,
	DEV_FAILED,
	DEV_SUSPENDED,
	DEV_RESUMED,
	DEV_REMOVED,
	DEV_UNKNOWN,
};

static int dev_reset(struct dev *d)
{
	d->state = DEV_RESET;
	return 0;
}
`;

test("an enum constant's region is its lines, an excerpt of the enum", () => {
  const r = run(["trace", "--json", "subject:DEV_RESET", "relation:populated"], tree({ "dev.c": C }));
  expect(r.code).toBe(0);
  const regions = JSON.parse(r.stdout).files[0].regions as Array<{ start_line: number; end_line: number; inside?: { label: string } }>;
  const inEnum = regions.find((x) => x.start_line <= 4 && 4 <= x.end_line)!;
  expect(inEnum.start_line).toBeGreaterThan(1);
  expect(inEnum.end_line).toBeLessThan(11);
  expect(inEnum.inside?.label).toBe("dev_state");
  expect(regions.some((x) => x.start_line === 13 && x.end_line === 17)).toBe(true);
});

const KT = `package demo

class User(private val pool: Pool) {
    fun attach(view: View) {
        val h = pool.obtainHandler(view.id)
        h.start()
    }

    fun quick(view: View) = pool.obtainHandler(view.id)

    fun safe(p: Pool?) {
        p?.obtainHandler(4)
    }
    val lazyHandler by lazy { pool.obtainHandler(5) }
}
`;

test("a class property's call site does not swallow its methods' call sites", () => {
  const r = run(["trace", "--json", "--max-regions", "10", "subject:obtainHandler", "relation:called_from"], tree({ "User.kt": KT }));
  expect(r.code).toBe(0);
  const regions = JSON.parse(r.stdout).files[0].regions as Array<{ label: string; start_line: number; end_line: number; evidence_lines: number[] }>;
  const lines = regions.flatMap((x) => x.evidence_lines).sort((a, b) => a - b);
  expect(lines).toEqual([5, 9, 12, 14]);
  expect(regions.map((x) => x.label).sort()).toEqual(["User", "attach", "quick", "safe"]);
  expect(regions.find((x) => x.label === "User")!.start_line).toBeGreaterThan(3);
});
