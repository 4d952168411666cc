/**
 * Release build: every platform binary from this one host, offline except for the npm registry.
 *
 *   bun build/release.ts [--out DIR] [--targets linux-x64,darwin-arm64,...]
 *                        [--url-base URL] [--repo OWNER/NAME] [--no-packaging]
 *
 * For each target it fetches the matching Bun runtime (`@oven/bun-<os>-<arch>[-musl]`, the
 * version of the pinned `bun` devDependency) with `npm pack` into build/.cache/npm, checks it
 * against the integrity recorded in package-lock.json, and compiles with
 * --compile-executable-path (plain `--target` would download the runtime from GitHub).
 *
 * Output in DIR (default dist/release):
 *   agentgrep-<version>-<target>.tar.gz   (the .zip for windows-x64) holding one folder,
 *                                         agentgrep-<version>-<target>/, with agentgrep[.exe],
 *                                         README.md and LICENSE (rg's layout)
 *   SHA256SUMS                            sha256sum format, one line per archive
 *   agentgrep.rb, agentgrep.json          Homebrew formula and scoop manifest (build/packaging.ts)
 *   bin/agentgrep-<version>-<target>[.exe] the raw binaries (smoke tests read them; not uploaded)
 * Archives are reproducible: fixed mtime (the commit time), sorted entries, no owner names.
 *
 * URL base for the formula and manifest: --url-base, else $AGENTGREP_RELEASE_URL_BASE, else
 * https://github.com/<repo>/releases/download/v<version> with --repo / $AGENTGREP_REPO
 * (default agentgrep/agentgrep). `{version}` in a given base is replaced by the version.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, chmodSync, renameSync } from "node:fs";
import { join, resolve } from "node:path";
import { build, packageVersion, versionString, ROOT } from "./build.ts";
import { ARCHIVE_DOCS, artifactOf, homebrewFormula, scoopManifest, type Artifact } from "./packaging.ts";
import { adhocSign, verifyMachoSignature } from "./macho.ts";

export interface Target {
  /** Our name, used in file names. */
  name: string;
  /** bun build --compile target. */
  bunTarget: string;
  /** npm package holding that runtime. */
  pkg: string;
  exe: boolean;
}

export const TARGETS: Target[] = [
  { name: "linux-x64", bunTarget: "bun-linux-x64", pkg: "@oven/bun-linux-x64", exe: false },
  { name: "linux-arm64", bunTarget: "bun-linux-arm64", pkg: "@oven/bun-linux-aarch64", exe: false },
  { name: "linux-x64-musl", bunTarget: "bun-linux-x64-musl", pkg: "@oven/bun-linux-x64-musl", exe: false },
  { name: "linux-arm64-musl", bunTarget: "bun-linux-arm64-musl", pkg: "@oven/bun-linux-aarch64-musl", exe: false },
  { name: "darwin-x64", bunTarget: "bun-darwin-x64", pkg: "@oven/bun-darwin-x64", exe: false },
  { name: "darwin-arm64", bunTarget: "bun-darwin-arm64", pkg: "@oven/bun-darwin-aarch64", exe: false },
  { name: "windows-x64", bunTarget: "bun-windows-x64", pkg: "@oven/bun-windows-x64", exe: true },
];

const CACHE = join(ROOT, "build", ".cache");

function fail(msg: string): never {
  console.error(`error: ${msg}`);
  process.exit(2);
}

function run(cmd: string[], cwd?: string): string {
  const p = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) fail(`${cmd.join(" ")} failed (exit ${p.exitCode}): ${p.stderr.toString().trim()}`);
  return p.stdout.toString();
}

function arg(name: string): string | undefined {
  const i = process.argv.findIndex((a) => a === name || a.startsWith(name + "="));
  if (i < 0) return undefined;
  const a = process.argv[i]!;
  return a.includes("=") ? a.slice(a.indexOf("=") + 1) : process.argv[i + 1];
}

/** The Bun version the project pins (node_modules/bun), which must be the one running us. */
function pinnedBun(): string {
  const v = JSON.parse(readFileSync(join(ROOT, "node_modules", "bun", "package.json"), "utf8")).version as string;
  if (v !== Bun.version) fail(`running Bun ${Bun.version} but package.json pins bun ${v}; run with node_modules/.bin/bun`);
  return v;
}

/** package-lock.json's integrity for a runtime package: the pin every download is checked against. */
function lockedIntegrity(pkg: string, version: string): string {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
  const entry = lock.packages?.[`node_modules/${pkg}`];
  if (!entry?.integrity) fail(`${pkg} is not in package-lock.json: cannot verify its download`);
  if (entry.version !== version) fail(`package-lock.json has ${pkg}@${entry.version}, expected ${version}`);
  return entry.integrity as string;
}

function sri(file: string, algo: string): string {
  return `${algo}-${createHash(algo).update(readFileSync(file)).digest("base64")}`;
}

/** Path of the target's Bun runtime, fetched (npm pack) and verified on first use. */
export function runtimeFor(t: Target, bunVersion: string): string {
  const dir = join(CACHE, "runtime", `${t.pkg.replace("@oven/", "")}-${bunVersion}`);
  const bin = join(dir, t.exe ? "bun.exe" : "bun");
  if (existsSync(bin)) return bin;
  const npmDir = join(CACHE, "npm");
  mkdirSync(npmDir, { recursive: true });
  const tgz = join(npmDir, `${t.pkg.replace("@", "").replace("/", "-")}-${bunVersion}.tgz`);
  if (!existsSync(tgz)) {
    console.log(`fetching ${t.pkg}@${bunVersion} (npm pack)`);
    run(["npm", "pack", "--silent", `${t.pkg}@${bunVersion}`, "--pack-destination", npmDir]);
  }
  const want = lockedIntegrity(t.pkg, bunVersion);
  const got = sri(tgz, want.split("-")[0]!);
  if (got !== want) {
    rmSync(tgz);
    fail(`${tgz}: integrity ${got} does not match package-lock.json's ${want} (file removed; rerun to fetch again)`);
  }
  const tmp = `${dir}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  run(["tar", "-xzf", tgz, "-C", tmp, "--strip-components=2", `package/bin/${t.exe ? "bun.exe" : "bun"}`]);
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  chmodSync(bin, 0o755);
  return bin;
}

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

/** Commit time, so archives are byte-identical across rebuilds of one commit. */
function sourceDateEpoch(): number {
  if (process.env.SOURCE_DATE_EPOCH) return Number(process.env.SOURCE_DATE_EPOCH);
  const p = Bun.spawnSync(["git", "-C", ROOT, "log", "-1", "--format=%ct"], { stderr: "ignore" });
  const t = Number(p.stdout.toString().trim());
  return p.exitCode === 0 && t > 0 ? t : 0;
}

/**
 * Packs one target as rg ships: the archive holds one folder, agentgrep-<version>-<target>/,
 * with the binary (agentgrep, agentgrep.exe on Windows), README.md and LICENSE. Reproducible:
 * fixed mtimes (`epoch`), sorted entries, no owner names, no extra attributes.
 */
export function pack(binPath: string, a: Pick<Artifact, "folder" | "binary">, archive: string, zip: boolean, epoch: number, stage: string): void {
  rmSync(stage, { recursive: true, force: true });
  const dir = join(stage, a.folder);
  mkdirSync(dir, { recursive: true });
  const files: Array<[string, string, number]> = [[binPath, a.binary, 0o755], ...ARCHIVE_DOCS.map((d): [string, string, number] => [join(ROOT, d), d, 0o644])];
  for (const [from, name, mode] of files) {
    const staged = join(dir, name);
    writeFileSync(staged, readFileSync(from));
    chmodSync(staged, mode);
    utimesSync(staged, epoch, epoch);
  }
  chmodSync(dir, 0o755);
  utimesSync(dir, epoch, epoch);
  rmSync(archive, { force: true });
  const entries = files.map(([, name]) => `${a.folder}/${name}`).sort();
  if (zip) {
    // -X: no extra attributes (uid/gid, extended timestamps) so the zip depends on content only;
    // -D: no directory entries (unzip makes the folder from the paths).
    run(["zip", "-q", "-X", "-D", "-9", archive, ...entries], stage);
  } else {
    const tar = archive.replace(/\.gz$/, "");
    run(["tar", "--sort=name", "--owner=0", "--group=0", "--numeric-owner", "--format=gnu", `--mtime=@${epoch}`, "-cf", tar, a.folder], stage);
    // -n: no name/timestamp in the gzip header. Level 6 (gzip's default): -9 is 0.3% smaller on
    // a 115 MB binary and takes twice as long (26 s vs 12 s on the loaded build machine).
    run(["gzip", "-n", "-6", "-f", tar]);
  }
  rmSync(stage, { recursive: true, force: true });
}

/** Runs `--version` where this host can: natively, or arm64 glibc under qemu-aarch64-static. */
function tryVersion(t: Target, bin: string): string {
  let cmd: string[] | undefined;
  if (t.name === "linux-x64" && process.arch === "x64") cmd = [bin, "--version"];
  else if (t.name === "linux-arm64" && process.arch === "x64") {
    const q = Bun.which("qemu-aarch64-static");
    // An arm64 sysroot: the smoke test's Debian root, or Debian's libc6-arm64-cross.
    const sysroot = [join(CACHE, "rootfs", "arm64-bookworm"), "/usr/aarch64-linux-gnu"].find((d) => existsSync(join(d, "lib", "ld-linux-aarch64.so.1")));
    if (!q) return "not run (install qemu-user-static)";
    if (!sysroot) return "not run (no arm64 sysroot: apt-get install libc6-arm64-cross)";
    cmd = [q, "-L", sysroot, bin, "--version"];
  }
  if (!cmd) return "not run on this host";
  const p = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  const outText = p.stdout.toString().trim();
  if (p.exitCode !== 0) fail(`${bin} --version exited ${p.exitCode}: ${p.stderr.toString().trim()}`);
  return outText;
}

function mb(n: number): string {
  return `${(n / 1e6).toFixed(1)} MB`;
}

if (import.meta.main) {
  const out = resolve(arg("--out") ?? join(ROOT, "dist", "release"));
  const wanted = arg("--targets")?.split(",").map((s) => s.trim()).filter(Boolean);
  for (const w of wanted ?? []) {
    if (!TARGETS.some((t) => t.name === w)) fail(`unknown target "${w}"; known: ${TARGETS.map((t) => t.name).join(", ")}`);
  }
  const targets = wanted ? TARGETS.filter((t) => wanted.includes(t.name)) : TARGETS;
  const bunVersion = pinnedBun();
  const version = packageVersion();
  const full = versionString();
  const epoch = sourceDateEpoch();
  const repo = arg("--repo") ?? process.env.AGENTGREP_REPO ?? "agentgrep/agentgrep";
  const urlBase = (arg("--url-base") ?? process.env.AGENTGREP_RELEASE_URL_BASE ?? `https://github.com/${repo}/releases/download/v{version}`)
    .replaceAll("{version}", version)
    .replace(/\/+$/, "");

  mkdirSync(join(out, "bin"), { recursive: true });
  const artifacts: Artifact[] = [];
  const rows: string[] = [];
  for (const t of targets) {
    const runtime = runtimeFor(t, bunVersion);
    const binName = `agentgrep-${version}-${t.name}${t.exe ? ".exe" : ""}`;
    const bin = join(out, "bin", binName);
    const started = performance.now();
    await build({ outfile: bin, target: t.bunTarget, executablePath: runtime, version: full });
    // Bun appends .exe for Windows targets when the outfile lacks it; ours already has it.
    if (!existsSync(bin)) fail(`build reported success but ${bin} is missing`);
    let note = "";
    if (t.name.startsWith("darwin")) {
      // macOS kills a binary whose signature does not match its pages; see build/macho.ts.
      const before = verifyMachoSignature(readFileSync(bin));
      if (!before.startsWith("ok")) {
        writeFileSync(bin, adhocSign(readFileSync(bin), "agentgrep"));
        note = ` (re-signed ad hoc: Bun's signature was invalid: ${before})`;
      }
      const after = verifyMachoSignature(readFileSync(bin));
      if (!after.startsWith("ok")) fail(`${bin}: code signature still invalid after re-signing: ${after}`);
      note = `  signature ${after}${note}`;
    }
    const archiveName = `agentgrep-${version}-${t.name}${t.exe ? ".zip" : ".tar.gz"}`;
    const archive = join(out, archiveName);
    const layout = artifactOf(archiveName, "", urlBase)!;
    pack(bin, layout, archive, t.exe, epoch, join(out, ".stage"));
    const a: Artifact = { ...layout, sha256: sha256(archive) };
    artifacts.push(a);
    const ver = tryVersion(t, bin);
    const line = `${t.name.padEnd(17)} raw ${mb(statSync(bin).size).padStart(9)}  packed ${mb(statSync(archive).size).padStart(8)}  ${((performance.now() - started) / 1000).toFixed(1)}s  --version: ${ver}${note}`;
    rows.push(line);
    console.log(line);
  }

  // Checksums of every archive in the directory, so a partial rebuild (--targets) keeps the rest.
  const sums = new Map<string, string>();
  const sumsFile = join(out, "SHA256SUMS");
  if (existsSync(sumsFile)) {
    for (const l of readFileSync(sumsFile, "utf8").split("\n")) {
      const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(l);
      if (m && existsSync(join(out, m[2]!))) sums.set(m[2]!, m[1]!);
    }
  }
  for (const a of artifacts) sums.set(a.file, a.sha256);
  writeFileSync(sumsFile, [...sums].sort(([x], [y]) => (x < y ? -1 : 1)).map(([f, h]) => `${h}  ${f}\n`).join(""));

  if (!process.argv.includes("--no-packaging")) {
    // The formula and manifest need every artifact they reference: take them from SHA256SUMS.
    const all: Artifact[] = [...sums].map(([file, sha]) => artifactOf(file, sha, urlBase)).filter((a): a is Artifact & { version: string } => a?.version === version);
    const license = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).license as string | undefined;
    const meta = { version, urlBase, repo, license };
    const formula = homebrewFormula(meta, all);
    if (formula) writeFileSync(join(out, "agentgrep.rb"), formula);
    else console.log("homebrew formula skipped: needs darwin-x64, darwin-arm64, linux-x64 and linux-arm64");
    const manifest = scoopManifest(meta, all);
    if (manifest) writeFileSync(join(out, "agentgrep.json"), manifest);
    else console.log("scoop manifest skipped: needs windows-x64");
  }
  console.log(`\n${full}: ${artifacts.length} target(s) in ${out}`);
}
