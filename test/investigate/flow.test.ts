import { test, expect, describe } from "bun:test";
import { originsOf, aliasWrites, aliasCalls, aliasOf, localsRead } from "../../src/investigate/flow.ts";

describe("one step of data flow (issue 14)", () => {
  test("comes_from: the assignment of a local the write reads, marked as a source when it reads config", () => {
    const j = [
      '        String order = systemProperties.getProperty("prism.order");',
      "        String[] tryOrderArr;",
      "        if (order != null) {",
      '            tryOrderArr = split(order, ",");',
      "        }",
    ];
    const skip = (id: string) => /tryOrder/i.test(id);
    expect(originsOf(j, 4, skip, "jvm")).toEqual([{ line: 1, source: true, why: "assigns order, whose value flows into the subject (one step back)" }]);
    // A local assigned twice in the window (a reused temporary) is not followed.
    const twice = ["  x = a()", "  x = b()", "  y = x + 1"];
    expect(originsOf(twice, 3, () => false)).toEqual([]);
  });
  test("locals read: not calls, members, keywords or strings", () => {
    expect(localsRead(' split(order, ",") + this.count + len(xs) + "abc" + null')).toEqual(["order", "xs"]);
  });
  test("populated: a mutation through a local bound to the subject, until it is rebound", () => {
    const r = ["      def _add_changed_column(column)", "        cc = _changed_columns", "        cc << column unless cc.include?(column)", "      end"];
    expect(aliasWrites(r, 2, "changed_columns").map((s) => s.line)).toEqual([3]);
    const rebound = ["  cc = changed_columns", "  cc = []", "  cc << 1"];
    expect(aliasWrites(rebound, 1, "changed_columns")).toEqual([]);
  });
  test("triggered_from: a callback read into a local and invoked", () => {
    const r = ["        if ac = @after_connect", "          if ac.arity == 2", "            ac.call(conn, server)", "          end", "        end"];
    expect(aliasCalls(r, 1, "after_connect").map((s) => s.line)).toEqual([3]);
    expect(aliasOf("  if ac = opts[:after_connect]", "after_connect")).toBe("ac");
    expect(aliasOf("  const cb = this.onDone;", "onDone")).toBe("cb");
    expect(aliasOf("  x = after_connect_timeout", "after_connect")).toBeNull();
  });
});
