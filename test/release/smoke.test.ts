import { test, expect } from "bun:test";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { pack } from "../../build/release.ts";
import { artifactOf } from "../../build/packaging.ts";
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

// The archive layout as build/release.ts packs it (rg's: one folder with the binary, README.md and
// LICENSE), made here from the host binary with the same pack(); the smoke unpacks it and runs
// the binary from its folder. `bun build/release.ts` then `smoke.sh archive` does the same with
// the release archives (docs/INSTALL.md, "Proof").
test("release archive: one folder with agentgrep, README.md and LICENSE; the binary runs from it", () => {
  const dir = mkdtempSync(join(tmpdir(), "ag-rel-"));
  const a = artifactOf("agentgrep-9.9.9-linux-x64.tar.gz", "", "")!;
  pack(BIN, a, join(dir, a.file), false, 1_700_000_000, join(dir, ".stage"));
  const r = spawnSync("bash", [join(import.meta.dir, "smoke.sh"), "archive", join(dir, a.file)], { encoding: "utf8" });
  const out = r.stdout + r.stderr;
  expect(out).toContain("ok   layout: agentgrep-9.9.9-linux-x64/ with agentgrep, README.md, LICENSE");
  expect(out).toContain("7 passed, 0 failed");
  expect(r.status).toBe(0);
  // Reproducible: owner 0/0 and the given mtime on every entry.
  const list = spawnSync("tar", ["--numeric-owner", "--full-time", "-tvzf", join(dir, a.file)], { encoding: "utf8", env: { ...process.env, TZ: "UTC" } });
  const lines = list.stdout.trim().split("\n");
  expect(lines).toHaveLength(4);
  for (const l of lines) expect(l).toMatch(/^\S+ 0\/0 +\d+ 2023-11-14 22:13:20 agentgrep-9\.9\.9-linux-x64\//);
}, 120_000);

test("LICENSE is MIT and package.json says so", () => {
  const root = join(import.meta.dir, "..", "..");
  expect(readFileSync(join(root, "LICENSE"), "utf8")).toStartWith("MIT License\n");
  expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).license).toBe("MIT");
});

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
    "secret.txt": "needle\n",
    ".git/HEAD": "ref: refs/heads/main\n",
    "xdg/git/ignore": "secret.txt\n",
    "home/.keep": "",
  });
  // A git repo whose global excludes file (found through XDG_CONFIG_HOME) hides secret.txt.
  writeFileSync(join(dir, ".env"), `XDG_CONFIG_HOME=${join(dir, "xdg")}\n`);
  const env = { HOME: join(dir, "home"), XDG_CONFIG_HOME: "" };
  const r = run(["--version"], dir, env);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^agentgrep \d+\.\d+\.\d+[^\n]*\n$/);
  // The setting has a visible effect when it really is in the environment...
  expect(run(["grep", "--paths-only", "needle"], dir, { ...env, XDG_CONFIG_HOME: join(dir, "xdg") }).stdout).toBe("");
  // ...and none from .env: the file is still searched, and no preload ran.
  const g = run(["grep", "--paths-only", "needle"], dir, env);
  expect(g).toEqual({ code: 0, stdout: "secret.txt\n", stderr: "" });
  expect(run(["grep", "needle"], dir, env).stdout).not.toContain("PRELOADED");
});
