/**
 * Builds the standalone binary:
 *   bun build/build.ts [--outfile PATH] [--target bun-linux-x64 ...] [--compile-executable-path RUNTIME]
 * The version is package.json's plus the git commit (when git is available).
 * A cross build (--target) needs that target's Bun runtime: build/release.ts passes it with
 * --compile-executable-path so nothing is downloaded.
 *
 * Start-up choices, each measured (bench/run.sh: the startup and outline groups):
 * - bytecode + ESM (main.ts uses top-level await): no parse at start-up.
 * - splitting: the --version path and the CLI framework live in separate chunks, so
 *   `--version` loads neither node:fs nor clipanion.
 * - the executable never reads .env / bunfig.toml / tsconfig.json / package.json from the
 *   user's directory: a stray file there must not change our behaviour, and the lookups cost.
 * - clipanion's Cli.defaultContext reads process.stdin/stdout/stderr and requires "tty" when
 *   the module is evaluated (~20 ms of stream set-up we never use: output goes through
 *   fs.writeSync). lazyClipanion() turns those reads into getters at bundle time.
 * - clipanion's simplifyMachine is quadratic in a command's options (grep has ~40): replaced at
 *   bundle time by a linear one that builds the same machine (`grep --help`, interpreted
 *   instructions with BUN_JSC_useJIT=0 under callgrind: 288.9 M -> 37.6 M).
 * - web-tree-sitter hands the parser its input 5,119 UTF-16 units at a time through a JS loop
 *   of DataView stores (the whole file passes through it: ~5 ms of a 3,000-line file's parse in
 *   a cold process). fastParseInput() makes that one native copy.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BunPlugin } from "bun";

export const ROOT = join(import.meta.dir, "..");

/** Entry points: the CLI plus every worker script (workers must be bundled as entries). */
export const ENTRYPOINTS = ["src/cli/main.ts", "src/search/worker.ts", "src/structure/worker.ts"];

/** `0.2.0 (abc123def)` from package.json and the checked-out commit; no commit outside git. */
export function versionString(root = ROOT): string {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const git = Bun.spawnSync(["git", "-C", root, "rev-parse", "--short=9", "HEAD"], { stderr: "ignore" });
  const commit = git.exitCode === 0 ? git.stdout.toString().trim() : "";
  return commit ? `${pkg.version} (${commit})` : pkg.version;
}

/**
 * The structure cache's key space (src/structure/store.ts): a hash of everything a stored
 * structure or match role depends on, the sources, the grammars and the locked dependencies. Any
 * change to them is a new key space: a stale entry is never read, only evicted.
 */
export function structureVersion(root = ROOT): string {
  const h = new Bun.CryptoHasher("sha256");
  const { readdirSync, statSync } = require("node:fs") as typeof import("node:fs");
  const visit = (rel: string) => {
    const full = join(root, rel);
    if (statSync(full).isDirectory()) {
      for (const n of readdirSync(full).sort()) visit(join(rel, n));
      return;
    }
    h.update(rel);
    h.update("\0");
    h.update(readFileSync(full));
  };
  for (const rel of ["src", "grammars", "package-lock.json"]) visit(rel);
  return h.digest("hex").slice(0, 16);
}

/** package.json's version alone (release file names must not contain the commit). */
export function packageVersion(root = ROOT): string {
  return JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
}

/**
 * Rewrites, at bundle time, the two clipanion spots that touch stdio when imported. Each
 * rewrite must match exactly once: a clipanion upgrade that moves them fails the build
 * instead of silently bringing the cost back.
 */
type Patch = [RegExp, string, [string, string][]];

/** Text edits applied at bundle time; each must match exactly once or the build fails. */
function patchPlugin(name: string, patches: Patch[]): BunPlugin {
  return {
    name,
    setup(b) {
      for (const [filter, label, edits] of patches) {
        b.onLoad({ filter }, async ({ path }) => {
          let src = await Bun.file(path).text();
          for (const [from, to] of edits) {
            const n = src.split(from).length - 1;
            if (n !== 1) throw new Error(`${name}: expected 1 match in ${label}, found ${n}: ${JSON.stringify(from)}`);
            src = src.replace(from, to);
          }
          return { contents: src, loader: "js" };
        });
      }
    },
  };
}

/**
 * The parse callback copies the string chunk (at most INPUT_BUFFER_SIZE bytes, terminator
 * included, exactly as stringToUTF16 does) with one native UTF-16LE encode. Every Bun target is
 * little-endian, as the wasm heap is.
 */
function fastParseInput(): BunPlugin {
  return patchPlugin("fast-parse-input", [
    [
      /web-tree-sitter[\\/]tree-sitter\.js$/,
      "web-tree-sitter tree-sitter.js",
      [
        [
          '        setValue(lengthAddress, string.length, "i32");\n        stringToUTF16(string, inputBufferAddress, INPUT_BUFFER_SIZE);\n',
          '        setValue(lengthAddress, string.length, "i32");\n' +
            "        const units = Math.min(string.length, INPUT_BUFFER_SIZE / 2 - 1);\n" +
            '        HEAPU8.set(Buffer.from(units === string.length ? string : string.slice(0, units), "utf16le"), inputBufferAddress);\n' +
            "        HEAPU8[inputBufferAddress + 2 * units] = 0;\n" +
            "        HEAPU8[inputBufferAddress + 2 * units + 1] = 0;\n",
        ],
      ],
    ],
  ]);
}

/**
 * clipanion's simplifyMachine as shipped (core.js), and our replacement: same machine, same
 * order, with Sets for membership and an index over the growing queue. Files, not strings, so
 * both read as code; test/release/clipanion.test.ts checks they build identical machines.
 */
const patchText = (name: string) => readFileSync(join(ROOT, "build", "patches", name), "utf8");
export const CLIPANION_SIMPLIFY = patchText("clipanion-simplify.orig.js");
export const FAST_SIMPLIFY = patchText("clipanion-simplify.fast.js");

function lazyClipanion(): BunPlugin {
  const patches: Patch[] = [
    [
      /clipanion[\\/]lib[\\/]advanced[\\/]Cli\.js$/,
      "clipanion Cli.js",
      [
        [
          "Cli.defaultContext = {\n    env: process.env,\n    stdin: process.stdin,\n    stdout: process.stdout,\n    stderr: process.stderr,\n    colorDepth: platform.getDefaultColorDepth(),\n};\n",
          // Non-enumerable getters: Cli.process() spreads defaultContext under the caller's
          // context, and a spread would call them.
          "Cli.defaultContext = Object.defineProperties({ env: process.env }, {\n" +
            "    stdin: { get() { return process.stdin; } },\n" +
            "    stdout: { get() { return process.stdout; } },\n" +
            "    stderr: { get() { return process.stderr; } },\n" +
            "    colorDepth: { get() { return platform.getDefaultColorDepth(); } },\n" +
            "});\n",
        ],
      ],
    ],
    [
      // simplifyMachine merges each node's shortcut targets with Array.some membership tests and
      // drains its queue with shift(): quadratic in a command's options. grep has ~40, and the
      // merge was 16 of 28 start-up samples of `grep --help` (7x the interpreted instructions of
      // a 5-option grep). The replacement gives the same machine (test/release/clipanion.test.ts).
      /clipanion[\\/]lib[\\/]core\.js$/,
      "clipanion core.js",
      [[CLIPANION_SIMPLIFY, FAST_SIMPLIFY]],
    ],
    [
      /clipanion[\\/]lib[\\/]platform[\\/]node\.js$/,
      "clipanion platform/node.js",
      [["var tty = require('tty');\n", "var tty = { get default() { return require('tty'); } };\n"]],
    ],
  ];
  return patchPlugin("lazy-clipanion", patches);
}

export interface BuildOptions {
  outfile: string;
  /** A Bun compile target such as bun-linux-arm64-musl; default: the host. */
  target?: string;
  /** The target's Bun runtime (from @oven/bun-*), so the build never downloads one. */
  executablePath?: string;
  version?: string;
  /** false keeps names readable for profiling (BUN_OPTIONS=--cpu-prof); default true. */
  minify?: boolean;
}

export async function build(o: BuildOptions): Promise<void> {
  const version = o.version ?? versionString();
  const result = await Bun.build({
    entrypoints: ENTRYPOINTS.map((e) => resolve(ROOT, e)),
    target: "bun",
    format: "esm",
    minify: o.minify ?? true,
    sourcemap: "none",
    bytecode: true,
    splitting: true,
    define: { AGENTGREP_VERSION: JSON.stringify(version), AGENTGREP_STRUCTURE_VERSION: JSON.stringify(structureVersion()) },
    plugins: [lazyClipanion(), fastParseInput()],
    compile: {
      outfile: o.outfile,
      ...(o.target ? { target: o.target as Bun.Build.CompileTarget } : {}),
      ...(o.executablePath ? { executablePath: o.executablePath } : {}),
      // Any embedded runtime argument takes Bun's standalone start through its argument parser,
      // which survives a deleted working directory (without one the executable refuses to start
      // there, exit 1: issue 22). This one silences the warning Bun gives for process.execve,
      // which cli/main.ts uses for the JIT re-execution.
      execArgv: ["--disable-warning=ExperimentalWarning"],
      autoloadDotenv: false,
      autoloadBunfig: false,
      autoloadTsconfig: false,
      autoloadPackageJson: false,
    },
    throw: false,
  });
  if (!result.success) {
    for (const log of result.logs) console.error(String(log));
    throw new Error(`build failed: ${o.outfile}`);
  }
}

function arg(name: string): string | undefined {
  const i = process.argv.findIndex((a) => a === name || a.startsWith(name + "="));
  if (i < 0) return undefined;
  const a = process.argv[i]!;
  return a.includes("=") ? a.slice(a.indexOf("=") + 1) : process.argv[i + 1];
}

if (import.meta.main) {
  const outfile = arg("--outfile") ?? join(ROOT, "dist", "agentgrep");
  const version = versionString();
  try {
    await build({
      outfile,
      target: arg("--target"),
      executablePath: arg("--compile-executable-path"),
      version,
      minify: !process.argv.includes("--no-minify"),
    });
  } catch (e: any) {
    console.error(e?.message ?? String(e));
    process.exit(1);
  }
  console.log(`built ${outfile} (${version})`);
}
