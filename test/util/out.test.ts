// util/out.ts's capture: a long-lived front (the MCP server) collects a call's output and error
// lines instead of printing them; the CLI path (no capture) is covered by every binary test.
import { expect, test } from "bun:test";
import { capture, errLine, out } from "../../src/util/out.ts";
import { UserError } from "../../src/util/errors.ts";

test("capture collects stdout and error lines, returns the value", async () => {
  const r = await capture(async () => {
    out("a\n");
    await Bun.sleep(1);
    out("b\n");
    errLine("error: x");
    return 1;
  });
  expect(r).toEqual({ value: 1, stdout: "a\nb\n", stderr: ["error: x"] });
});

test("capture returns what was thrown with the output so far, and ends the capture", async () => {
  const e = new UserError("bad", "fix");
  const r = await capture(async () => {
    out("partial");
    throw e;
  });
  expect(r.thrown).toBe(e);
  expect(r.stdout).toBe("partial");
  const again = await capture(async () => (out("next"), 0));
  expect(again.stdout).toBe("next");
});

test("captures do not nest: the second is an error, the first goes on", async () => {
  const r = await capture(async () => {
    out("outer");
    const inner = capture(async () => 0);
    await expect(inner).rejects.toThrow("already running");
    return 0;
  });
  expect(r.stdout).toBe("outer");
});
