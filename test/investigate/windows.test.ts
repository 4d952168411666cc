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
