/** Regions by line shape (files trace reads without parsing): C's lone-brace function style. */
import { expect, test } from "bun:test";
import { unitByShape } from "../../src/investigate/regions.ts";

const C = `/* header */
static void event_sent(struct sock *sk,
		       struct sk_buff *skb)
{
	int prior = sk->n;

	if (!prior)
		rearm(sk);
#ifdef CONFIG_X
	extra(sk);
#endif
out:
	rearm(sk);
}

static const struct ops table = {
	.fn = rearm,
};
`;
const lines = C.split("\n");
const at = (needle: string, from = 0) => lines.findIndex((l, i) => i >= from && l.includes(needle)) + 1;

test("a call inside a C function whose body opens with a lone brace: the unit is the function, from its header", () => {
  const u = unitByShape(lines, at("rearm(sk)"), false)!;
  expect(u).toMatchObject({ start: 2, end: 14, kind: "function" });
  expect(u.label).toBe("static void event_sent(struct sock *sk,");
});

test("goto labels and preprocessor lines at column 0 do not end the search for the header", () => {
  const u = unitByShape(lines, at("rearm(sk)", at("out:")), false)!;
  expect(u.start).toBe(2);
  expect(u.end).toBe(14);
});

test("an initialiser is not a function", () => {
  const u = unitByShape(lines, at(".fn = rearm"), false);
  expect(u?.kind === "function" && u.start === 2).toBe(false);
});
