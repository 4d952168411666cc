/**
 * Builds the standalone binary: `bun build/build.ts [--outfile PATH] [--target bun-linux-x64 ...]`.
 * The version is package.json's plus the git commit (when git is available).
 */
import { $ } from "bun";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

function arg(name: string, dflt?: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
}

let commit = "";
try {
  commit = (await $`git -C ${root} rev-parse --short=9 HEAD`.quiet().text()).trim();
} catch {
  /* not a git checkout (e.g. a source tarball): version without commit */
}
const version = commit ? `${pkg.version} (${commit})` : pkg.version;
const outfile = arg("--outfile", join(root, "dist", "agentgrep"))!;
const target = arg("--target");
const exePath = arg("--compile-executable-path");

/** Entry points: the CLI plus every worker script (workers must be bundled as entries). */
export const ENTRYPOINTS = ["src/cli/main.ts"];

const args = [
  "build", "--compile", "--minify", "--sourcemap=none",
  `--define`, `AGENTGREP_VERSION=${JSON.stringify(version)}`,
  ...(target ? [`--target=${target}`] : []),
  ...(exePath ? [`--compile-executable-path=${exePath}`] : []),
  ...ENTRYPOINTS.map((e) => join(root, e)),
  "--outfile", outfile,
];
const proc = Bun.spawnSync([process.execPath, ...args], { stdout: "inherit", stderr: "inherit", cwd: root });
if (proc.exitCode !== 0) process.exit(proc.exitCode ?? 1);
console.log(`built ${outfile} (${version})`);
