import { test, expect } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { homebrewFormula, scoopManifest, type Artifact } from "../../build/packaging.ts";

const base = "https://example.test/releases/download/v1.2.3";
const sha = (c: string) => c.repeat(64);
const art = (target: string, c: string): Artifact => {
  const exe = target.startsWith("windows");
  const file = `agentgrep-1.2.3-${target}.${exe ? "zip" : "tar.gz"}`;
  return { target, file, binary: `agentgrep-1.2.3-${target}${exe ? ".exe" : ""}`, sha256: sha(c), url: `${base}/${file}` };
};
const ALL = [
  art("linux-x64", "a"), art("linux-arm64", "b"), art("linux-x64-musl", "c"), art("linux-arm64-musl", "d"),
  art("darwin-x64", "e"), art("darwin-arm64", "f"), art("windows-x64", "0"),
];
const meta = { version: "1.2.3", urlBase: base, repo: "acme/agentgrep" };
const hasRuby = spawnSync("ruby", ["--version"]).status === 0;

test("formula: each platform block carries its own archive's url and sha256", () => {
  const f = homebrewFormula(meta, ALL)!;
  const block = (os: string, cpu: string) => f.split(`on_${os} do`)[1]!.split(`on_${cpu} do`)[1]!.split("end\n    end")[0]!;
  expect(block("macos", "arm")).toContain(`url "${base}/agentgrep-1.2.3-darwin-arm64.tar.gz"`);
  expect(block("macos", "arm")).toContain(`sha256 "${sha("f")}"`);
  expect(block("macos", "intel")).toContain(`sha256 "${sha("e")}"`);
  expect(block("linux", "arm")).toContain(`bin.install "agentgrep-1.2.3-linux-arm64" => "agentgrep"`);
  expect(block("linux", "intel")).toContain(`sha256 "${sha("a")}"`);
  expect(f).not.toContain("musl"); // Homebrew on Linux is glibc
  expect(f).toContain('version "1.2.3"');
  expect(f).toContain('assert_match "agentgrep #{version}"');
});

test.skipIf(!hasRuby)("formula parses as Ruby (ruby -c)", () => {
  const p = join(mkdtempSync(join(tmpdir(), "ag-rb-")), "agentgrep.rb");
  writeFileSync(p, homebrewFormula({ ...meta, license: "MIT" }, ALL)!);
  const r = spawnSync("ruby", ["-c", p], { encoding: "utf8" });
  expect(r.stdout.trim()).toBe("Syntax OK");
});

test("formula is not generated when a macOS or glibc Linux archive is missing", () => {
  expect(homebrewFormula(meta, ALL.filter((a) => a.target !== "darwin-x64"))).toBeUndefined();
});

test("scoop manifest: valid JSON with version, 64bit url + hash, bin shim", () => {
  const m = JSON.parse(scoopManifest(meta, ALL)!);
  expect(m.version).toBe("1.2.3");
  expect(m.architecture["64bit"]).toEqual({ url: `${base}/agentgrep-1.2.3-windows-x64.zip`, hash: sha("0") });
  expect(m.bin).toEqual([["agentgrep-1.2.3-windows-x64.exe", "agentgrep"]]);
  expect(typeof m.homepage).toBe("string");
  expect(typeof m.license).toBe("string");
  expect(m.autoupdate.architecture["64bit"].url).toBe("https://example.test/releases/download/v$version/agentgrep-$version-windows-x64.zip");
  expect(scoopManifest(meta, ALL.filter((a) => a.target !== "windows-x64"))).toBeUndefined();
});
