import { test, expect } from "bun:test";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { BIN, run, tree } from "../helpers.ts";

// The host part of the release smoke (test/release/smoke.sh host): the binary copied alone into
// an empty directory and run with an empty environment (PATH=/nonexistent: no node, bun, rg or
// git reachable) answers --version, grep, find, outline and trace. The chroot and qemu-arm64
// modes need root and a debootstrap root; run them by hand (docs/INSTALL.md, "Proof").
test("release smoke: binary alone, empty environment", () => {
  const r = spawnSync("bash", [join(import.meta.dir, "smoke.sh"), "host", BIN], { encoding: "utf8" });
  const out = r.stdout + r.stderr;
  expect(out).toContain("6 passed, 0 failed");
  expect(r.status).toBe(0);
}, 120_000);

test("release smoke: a missing binary is a one-line error with a hint, exit 2", () => {
  const r = spawnSync("bash", [join(import.meta.dir, "smoke.sh"), "host", "/nonexistent/agentgrep"], { encoding: "utf8" });
  expect(r.status).toBe(2);
  expect(r.stderr).toStartWith("error: binary not found: /nonexistent/agentgrep\nhint: ");
});

// A compiled Bun binary reads bunfig.toml and .env from the directory it runs in unless the
// build turns that off (build/build.ts does): a repository's `preload` would run inside
// agentgrep, and its .env would change our environment.
test("the binary ignores bunfig.toml and .env in the directory it runs in", () => {
  const dir = tree({
    "bunfig.toml": 'preload = ["./hook.ts"]\n',
    "hook.ts": 'console.log("PRELOADED")\n',
    ".env": "AGENTGREP_DEBUG=1\n",
  });
  const r = run(["--version"], dir);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^agentgrep \d+\.\d+\.\d+[^\n]*\n$/);
  const g = run(["grep", "--definitely-not-a-flag"], dir);
  expect(g.stdout).not.toContain("PRELOADED");
  expect(g.stderr).not.toContain("at "); // AGENTGREP_DEBUG from .env would add a stack
});
