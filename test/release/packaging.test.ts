import { test, expect } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { artifactOf, homebrewFormula, scoopManifest, type Artifact } from "../../build/packaging.ts";

const base = "https://example.test/releases/download/v1.2.3";
const sha = (c: string) => c.repeat(64);
const art = (target: string, c: string): Artifact => artifactOf(`agentgrep-1.2.3-${target}.${target.startsWith("windows") ? "zip" : "tar.gz"}`, sha(c), base)!;
const ALL = [
  art("linux-x64", "a"), art("linux-arm64", "b"), art("linux-x64-musl", "c"), art("linux-arm64-musl", "d"),
  art("darwin-x64", "e"), art("darwin-arm64", "f"), art("windows-x64", "0"),
];
const meta = { version: "1.2.3", urlBase: base, repo: "acme/agentgrep" };

test("formula: each platform block carries its own archive's url and sha256", () => {
  const f = homebrewFormula(meta, ALL)!;
  const block = (os: string, cpu: string) => f.split(`on_${os} do`)[1]!.split(`on_${cpu} do`)[1]!.split("end\n    end")[0]!;
  expect(block("macos", "arm")).toContain(`url "${base}/agentgrep-1.2.3-darwin-arm64.tar.gz"`);
  expect(block("macos", "arm")).toContain(`sha256 "${sha("f")}"`);
  expect(block("macos", "intel")).toContain(`sha256 "${sha("e")}"`);
  // Homebrew enters the archive's one folder: the binary is installed by its plain name.
  expect(block("linux", "arm")).toContain(`url "${base}/agentgrep-1.2.3-linux-arm64.tar.gz"`);
  expect(block("linux", "arm")).toContain(`bin.install "agentgrep"\n`);
  expect(block("linux", "intel")).toContain(`sha256 "${sha("a")}"`);
  expect(f).not.toContain("musl"); // Homebrew on Linux is glibc
  expect(f).toContain('version "1.2.3"');
  expect(f).toContain('assert_match "agentgrep #{version}"');
});

// Never skipped: the test command (test/deps.sh) installs ruby on a fresh machine.
test("formula parses as Ruby (ruby -c)", () => {
  const p = join(mkdtempSync(join(tmpdir(), "ag-rb-")), "agentgrep.rb");
  writeFileSync(p, homebrewFormula({ ...meta, license: "MIT" }, ALL)!);
  const r = spawnSync("ruby", ["-c", p], { encoding: "utf8" });
  if (r.error) throw new Error(`ruby is needed to check the formula: ${r.error.message}; hint: apt-get install ruby (.ci/run does)`);
  expect(r.stdout.trim()).toBe("Syntax OK");
});

test("formula is not generated when a macOS or glibc Linux archive is missing", () => {
  expect(homebrewFormula(meta, ALL.filter((a) => a.target !== "darwin-x64"))).toBeUndefined();
});

test("scoop manifest: valid JSON with version, 64bit url + hash, bin shim", () => {
  const m = JSON.parse(scoopManifest(meta, ALL)!);
  expect(m.version).toBe("1.2.3");
  expect(m.architecture["64bit"]).toEqual({ url: `${base}/agentgrep-1.2.3-windows-x64.zip`, hash: sha("0"), extract_dir: "agentgrep-1.2.3-windows-x64" });
  expect(m.bin).toBe("agentgrep.exe");
  expect(m.autoupdate.architecture["64bit"].extract_dir).toBe("agentgrep-$version-windows-x64");
  expect(typeof m.homepage).toBe("string");
  expect(typeof m.license).toBe("string");
  expect(m.autoupdate.architecture["64bit"].url).toBe("https://example.test/releases/download/v$version/agentgrep-$version-windows-x64.zip");
  expect(scoopManifest(meta, ALL.filter((a) => a.target !== "windows-x64"))).toBeUndefined();
});
