import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// A doc comment naming the subject three times sits above the subject's own definition. The
// definition's unit starts inside the comment, so the mentions' windows were split by it into two
// overlapping comment regions, and each window reached over the blank line into the code above
// (an agent trial saw `905: }` as a comment region's first line).
const GO = `package pool

func (t *T) putOrClose(c *Conn) {
	if err := t.tryPut(c); err != nil {
		c.close(err)
	}
}

// tryPut adds c to the idle list.
// If c is not needed, tryPut returns an error.
// tryPut does not close c.
func (t *T) tryPut(c *Conn) error {
	return nil
}
`;

test("mentions in one comment block are one comment region, not crossing the blank line above", () => {
  const r = run(["trace", "--json", "subject:tryPut", "relation:called_from"], tree({ "pool.go": GO }));
  expect(r.code).toBe(0);
  const regions = JSON.parse(r.stdout).files[0].regions as Array<{ kind: string; start_line: number; end_line: number }>;
  const comments = regions.filter((x) => x.kind === "comment");
  expect(comments.length).toBe(1);
  expect(comments[0]!.start_line).toBe(9);
  expect(regions.some((x) => x.kind === "call site" && x.start_line === 3)).toBe(true);
});

// Linux mm/util.c in a trial: `kvmalloc_node @ 543-609` showed its snippet as `543: /**` and the
// signature, and an `EXPORT_SYMBOL(kvmalloc_node); @ 608-610` window ran back into the function.
const C_DOC = `/**
 * ring_alloc - allocate a ring buffer, falling back to vmalloc
 * @size: bytes wanted
 */
void *ring_alloc(size_t size)
{
	void *p = kmalloc(size);
	return p ? p : vmalloc(size);
}
EXPORT_SYMBOL(ring_alloc);
`;

test("a documented definition's snippet is its prose line and its head, and a window stays outside it", () => {
  const r = run(["trace", "--full-region", "never", "subject:ring_alloc", "relation:defined"], tree({ "ring.c": C_DOC, "user.c": "void use(void)\n{\n\tring_alloc(8);\n}\n" }));
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("ring_alloc @ 1-9");
  expect(r.stdout).toContain("         2: * ring_alloc - allocate a ring buffer, falling back to vmalloc\n         5: void *ring_alloc(size_t size)\n");
  expect(r.stdout).not.toContain("         1: /**");
  expect(r.stdout).toContain("EXPORT_SYMBOL(ring_alloc); @ 10-10");
  const j = JSON.parse(run(["trace", "--json", "subject:ring_alloc", "relation:defined"], tree({ "ring.c": C_DOC })).stdout);
  for (const x of j.files[0].regions as Array<{ start_line: number; end_line: number }>) {
    if (x.start_line !== 1) expect(x.start_line).toBeGreaterThan(9);
  }
});
