/**
 * Checks a release directory made by build/release.ts, including the artifacts this host
 * cannot run (macOS, Windows, musl):
 *
 *   bun test/release/check-artifacts.ts [DIR]     (default dist/release)
 *
 * - SHA256SUMS matches every archive; each archive holds exactly one folder,
 *   agentgrep-<version>-<target>/, with agentgrep[.exe] (identical to DIR/bin/<name>), README.md
 *   and LICENSE (identical to the repository's).
 * - Executable format read from the headers: ELF machine and interpreter (glibc vs musl),
 *   Mach-O CPU type, PE machine; what `file` would say, without depending on it.
 * - Every grammar (grammars/wasm/*.zst) and the tree-sitter runtime wasm are embedded byte
 *   for byte, and the binary exceeds its Bun runtime by at most 20 MB.
 * - Mach-O: the ad-hoc code signature's page hashes match the file (an arm64 Mac refuses to
 *   run a binary whose signature does not).
 * - Homebrew formula and scoop manifest reference exactly these archives and checksums;
 *   the formula passes `ruby -c` when ruby is installed.
 * Prints one line per artifact and ends with "N passed, N failed".
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { verifyMachoSignature } from "../../build/macho.ts";
import { ARCHIVE_DOCS, artifactOf } from "../../build/packaging.ts";

const ROOT = resolve(import.meta.dir, "..", "..");
const dir = resolve(process.argv[2] ?? join(ROOT, "dist", "release"));
const BUDGET = 20e6;

let passed = 0;
let failed = 0;
function ok(cond: boolean, what: string): boolean {
  if (cond) passed++;
  else {
    failed++;
    console.log(`  FAIL ${what}`);
  }
  return cond;
}

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

function sh(cmd: string[]): { code: number; out: Buffer; err: string } {
  const p = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  return { code: p.exitCode ?? -1, out: Buffer.from(p.stdout), err: p.stderr.toString() };
}

/** What `file` reports, reduced to what we check: format, CPU, libc. */
function describe(b: Buffer): string {
  if (b.readUInt32BE(0) === 0x7f454c46) {
    const machine = b.readUInt16LE(18);
    const cpu = machine === 0x3e ? "x86-64" : machine === 0xb7 ? "aarch64" : `machine ${machine}`;
    const phoff = Number(b.readBigUInt64LE(32));
    const phentsize = b.readUInt16LE(54);
    const phnum = b.readUInt16LE(56);
    let interp = "static";
    for (let i = 0; i < phnum; i++) {
      const p = phoff + i * phentsize;
      if (b.readUInt32LE(p) === 3) {
        const off = Number(b.readBigUInt64LE(p + 8));
        const size = Number(b.readBigUInt64LE(p + 32));
        interp = b.subarray(off, off + size - 1).toString();
      }
    }
    return `ELF ${cpu} ${interp}`;
  }
  if (b.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = b.readInt32LE(4);
    return `Mach-O ${cpu === 0x01000007 ? "x86_64" : cpu === 0x0100000c ? "arm64" : `cpu ${cpu}`}`;
  }
  if (b.readUInt16LE(0) === 0x5a4d) {
    const pe = b.readUInt32LE(0x3c);
    if (b.readUInt32LE(pe) === 0x00004550) {
      const machine = b.readUInt16LE(pe + 4);
      const subsystem = b.readUInt16LE(pe + 24 + 68);
      return `PE32+ ${machine === 0x8664 ? "x86-64" : `machine ${machine}`} ${subsystem === 3 ? "console" : `subsystem ${subsystem}`}`;
    }
  }
  return "unknown format";
}

const EXPECT: Record<string, RegExp> = {
  "linux-x64": /^ELF x86-64 \/lib64\/ld-linux-x86-64\.so\.2$/,
  "linux-arm64": /^ELF aarch64 \/lib\/ld-linux-aarch64\.so\.1$/,
  "linux-x64-musl": /^ELF x86-64 \/lib\/ld-musl-x86_64\.so\.1$/,
  "linux-arm64-musl": /^ELF aarch64 \/lib\/ld-musl-aarch64\.so\.1$/,
  "darwin-x64": /^Mach-O x86_64$/,
  "darwin-arm64": /^Mach-O arm64$/,
  "windows-x64": /^PE32\+ x86-64 console$/,
};
const RUNTIME_DIR: Record<string, string> = {
  "linux-x64": "bun-linux-x64", "linux-arm64": "bun-linux-aarch64", "linux-x64-musl": "bun-linux-x64-musl",
  "linux-arm64-musl": "bun-linux-aarch64-musl", "darwin-x64": "bun-darwin-x64", "darwin-arm64": "bun-darwin-aarch64",
  "windows-x64": "bun-windows-x64",
};

const sumsFile = join(dir, "SHA256SUMS");
if (!existsSync(sumsFile)) {
  console.error(`error: ${sumsFile} not found\nhint: run bun build/release.ts --out ${dir} first`);
  process.exit(2);
}
const grammarDir = join(ROOT, "grammars", "wasm");
const grammars = readdirSync(grammarDir).filter((f) => f.endsWith(".zst")).sort();
const tsRuntime = join(ROOT, "node_modules", "web-tree-sitter", "tree-sitter.wasm");
const needles = [...grammars.map((g) => [g, readFileSync(join(grammarDir, g))] as const), ["tree-sitter.wasm", readFileSync(tsRuntime)] as const];

const sums = readFileSync(sumsFile, "utf8").trim().split("\n").map((l) => l.split(/\s+\*?/) as [string, string]);
const byFile = new Map(sums.map(([h, f]) => [f, h]));
for (const [hash, file] of sums) {
  const art = artifactOf(file, hash, "");
  if (!ok(!!art, `${file}: not an agentgrep-<version>-<target> archive name`)) continue;
  const { version, target, folder, binary } = art!;
  const zip = file.endsWith(".zip");
  const archive = join(dir, file);
  const binName = `agentgrep-${version}-${target}${zip ? ".exe" : ""}`;
  ok(sha256(readFileSync(archive)) === hash, `${file}: sha256 differs from SHA256SUMS`);
  // rg's layout: one folder holding the binary, README.md and LICENSE (tar also lists the folder).
  const want = [...(zip ? [] : [`${folder}/`]), ...[binary, ...ARCHIVE_DOCS].map((f) => `${folder}/${f}`)].sort();
  const list = zip ? sh(["unzip", "-Z1", archive]) : sh(["tar", "-tzf", archive]);
  const got = list.out.toString().trim().split("\n").sort();
  ok(list.code === 0 && JSON.stringify(got) === JSON.stringify(want), `${file}: should hold exactly ${want.join(", ")}, holds ${got.join(", ")}`);
  for (const d of ARCHIVE_DOCS) {
    const doc = zip ? sh(["unzip", "-p", archive, `${folder}/${d}`]) : sh(["tar", "-xzOf", archive, `${folder}/${d}`]);
    ok(doc.out.equals(readFileSync(join(ROOT, d))), `${file}: ${folder}/${d} differs from the repository's ${d}`);
  }
  const inner = zip ? sh(["unzip", "-p", archive, `${folder}/${binary}`]) : sh(["tar", "-xzOf", archive, `${folder}/${binary}`]);
  const rawPath = join(dir, "bin", binName);
  const bin = existsSync(rawPath) ? readFileSync(rawPath) : inner.out;
  ok(inner.out.equals(bin), `${file}: archived binary differs from bin/${binName}`);
  const desc = describe(bin);
  ok(EXPECT[target!]?.test(desc) ?? false, `${binName}: format "${desc}" is not what ${target} needs`);
  const missing = needles.filter(([, n]) => bin.indexOf(n) < 0).map(([g]) => g);
  ok(missing.length === 0, `${binName}: grammars not embedded: ${missing.join(", ")}`);
  const runtime = join(ROOT, "build", ".cache", "runtime", `${RUNTIME_DIR[target!]}-${Bun.version}`, zip ? "bun.exe" : "bun");
  const rtSize = existsSync(runtime) ? statSync(runtime).size : undefined;
  const over = rtSize === undefined ? undefined : bin.length - rtSize;
  if (over !== undefined) ok(over <= BUDGET, `${binName}: ${(over / 1e6).toFixed(1)} MB over the Bun runtime (budget 20 MB)`);
  let sig = "";
  if (desc.startsWith("Mach-O")) {
    sig = verifyMachoSignature(bin);
    ok(sig.startsWith("ok"), `${binName}: code signature: ${sig}`);
    sig = `, signature ${sig}`;
  }
  console.log(
    `${target!.padEnd(17)} ${desc.padEnd(40)} raw ${(bin.length / 1e6).toFixed(1)} MB, packed ${(statSync(archive).size / 1e6).toFixed(1)} MB` +
      (over === undefined ? "" : `, runtime + ${(over / 1e6).toFixed(1)} MB`) +
      `, ${needles.length - missing.length}/${needles.length} wasm embedded${sig}`,
  );
}

const formula = join(dir, "agentgrep.rb");
if (ok(existsSync(formula), "agentgrep.rb missing")) {
  const f = readFileSync(formula, "utf8");
  const pairs = [...f.matchAll(/url "([^"]+)"\n\s+sha256 "([0-9a-f]{64})"/g)];
  ok(pairs.length === 4, `agentgrep.rb: expected 4 url/sha256 pairs, found ${pairs.length}`);
  for (const [, url, h] of pairs) ok(byFile.get(url!.split("/").pop()!) === h, `agentgrep.rb: ${url} sha256 does not match SHA256SUMS`);
  if (ok(!!Bun.which("ruby"), "ruby not installed: the formula's syntax cannot be checked (apt-get install ruby)")) {
    const ruby = sh(["ruby", "-c", formula]);
    ok(ruby.out.toString().trim() === "Syntax OK", `ruby -c agentgrep.rb: ${ruby.err.trim()}`);
  }
  for (const [, url] of pairs) {
    const a = artifactOf(url!.split("/").pop()!, "", "");
    ok(!!a && f.includes(`url "${url}"\n`) && f.includes(`bin.install "${a.binary}"`), `agentgrep.rb: ${url} should install ${a?.binary} from its folder`);
  }
}
const manifestFile = join(dir, "agentgrep.json");
if (ok(existsSync(manifestFile), "agentgrep.json missing")) {
  let m: any;
  try {
    m = JSON.parse(readFileSync(manifestFile, "utf8"));
  } catch (e: any) {
    ok(false, `agentgrep.json is not JSON: ${e.message}`);
  }
  if (m) {
    const a = m.architecture?.["64bit"];
    ok(typeof m.version === "string" && typeof a?.url === "string" && /^[0-9a-f]{64}$/.test(a?.hash ?? "") && m.bin !== undefined, "agentgrep.json: version, architecture.64bit.url/hash and bin are required");
    ok(byFile.get(String(a?.url).split("/").pop()!) === a?.hash, "agentgrep.json: hash does not match SHA256SUMS");
    const art = artifactOf(String(a?.url).split("/").pop()!, "", "");
    ok(a?.extract_dir === art?.folder && m.bin === art?.binary, `agentgrep.json: extract_dir and bin should be ${art?.folder} and ${art?.binary}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
