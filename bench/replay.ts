/**
 * Replays agent grep command lines through agentgrep and rg and compares the bytes each prints
 * (issue 18: grep's default text packet, bodies aside, prints at most rg's bytes in total and at
 * most 1.25x at the median).
 *
 *   bun bench/replay.ts [--lines FILE] [--bin AGENTGREP] [--only REGEX] [--roles] [-v]
 *   AGENTGREP_BIN=/work/baseline/agentgrep bun bench/replay.ts      # another binary
 *
 * FILE (default bench/replay-lines.txt) holds one command line per line: `TREE  grep ARGS...`
 * (shell words; `#` starts a comment line). ARGS are what an agent types after `agentgrep grep`;
 * rg gets the same words with `-n`, plus `-F` unless `--regex` is among them (which rg does not
 * take). Both run from the tree's root with stdin closed and stdout a pipe (rg then prints
 * `path:line:text`, no headings), rg with --no-config.
 *
 * Trees: `cpython`, `linux` (bench/prepare.sh's, under $BENCH_CACHE, default
 * ~/.cache/agentgrep-bench), `dev:NAME` (~/.cache/agentgrep-eval-dev/corpora/NAME), `langs:NAME`
 * (~/.cache/agentgrep-eval-langs/corpora/NAME), `repo` (this repository's files at commit 92bc428,
 * unpacked once into ~/.cache/agentgrep-replay/repo: a tree that does not move as we edit), and
 * `fixture:PATH` (PATH under this repository). A line whose tree is missing is skipped and counted.
 *
 * Printed: one row per line (rg bytes, agentgrep bytes, agentgrep bytes without inlined bodies, the
 * two ratios), then the totals (sum over sum) and the medians of the per-line ratios, with and
 * without the bodies. Body lines are the `N|` lines of a symbol printed whole. Lines where rg
 * prints nothing (no match, or an error on both sides) have no ratio: they count in the totals
 * and are listed apart.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

const REPO = resolve(import.meta.dir, "..");
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const LINES = resolve(flag("--lines") ?? join(REPO, "bench/replay-lines.txt"));
const BIN = resolve(flag("--bin") ?? process.env.AGENTGREP_BIN ?? join(REPO, "dist/agentgrep"));
const ONLY = flag("--only") ? new RegExp(flag("--only")!) : undefined;
const VERBOSE = args.includes("-v");
const BENCH = process.env.BENCH_CACHE ?? join(homedir(), ".cache/agentgrep-bench");
const TIMEOUT_MS = 180_000;

/** Shell words: single and double quotes, backslash escapes outside single quotes. */
export function shellWords(s: string): string[] {
  const out: string[] = [];
  let cur = "";
  let have = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "'") {
      const j = s.indexOf("'", i + 1);
      if (j < 0) throw new Error(`unclosed ' in: ${s}`);
      cur += s.slice(i + 1, j);
      i = j;
      have = true;
    } else if (c === '"') {
      i++;
      for (; i < s.length && s[i] !== '"'; i++) {
        if (s[i] === "\\" && i + 1 < s.length && '"\\$`'.includes(s[i + 1]!)) i++;
        cur += s[i];
      }
      if (i >= s.length) throw new Error(`unclosed " in: ${s}`);
      have = true;
    } else if (c === "\\" && i + 1 < s.length) {
      cur += s[++i];
      have = true;
    } else if (c === " " || c === "\t") {
      if (have) out.push(cur);
      cur = "";
      have = false;
    } else {
      cur += c;
      have = true;
    }
  }
  if (have) out.push(cur);
  return out;
}

function treeRoot(name: string): string | undefined {
  if (name === "cpython" || name === "linux") return join(BENCH, name);
  const [kind, rest] = name.split(/:(.*)/s);
  if (kind === "dev") return join(homedir(), ".cache/agentgrep-eval-dev/corpora", rest!);
  if (kind === "langs") return join(homedir(), ".cache/agentgrep-eval-langs/corpora", rest!);
  if (kind === "fixture") return join(REPO, rest!);
  if (name === "repo") {
    const dir = join(homedir(), ".cache/agentgrep-replay/repo");
    if (!existsSync(join(dir, "README.md"))) {
      mkdirSync(dir, { recursive: true });
      const r = spawnSync("bash", ["-c", `git -C '${REPO}' archive 92bc428 | tar -x -C '${dir}'`], { stdio: "inherit" });
      if (r.status !== 0) return undefined;
    }
    return dir;
  }
  return undefined;
}

/** rg's spelling of an agentgrep grep command line: -n always, -F unless --regex. */
function rgArgs(ag: string[]): string[] {
  const out: string[] = [];
  const paths: string[] = [];
  let regex = false;
  let ended = false;
  for (let i = 0; i < ag.length; i++) {
    const a = ag[i]!;
    if (!ended && (a === "--regex" || a === "--no-fixed-strings")) { regex = true; continue; }
    // agentgrep's --path is a PATH: rg takes it as a positional after the pattern.
    if (!ended && a === "--path" && i + 1 < ag.length) { paths.push(ag[++i]!); continue; }
    if (a === "--") ended = true;
    out.push(a);
  }
  return ["--no-config", "-n", ...(regex ? [] : ["-F"]), ...out, ...paths];
}

interface Row {
  tree: string;
  line: string;
  rg: number;
  ag: number;
  agNoBody: number;
  agCode: number;
  rgCode: number;
}

const run = (cmd: string, argv: string[], cwd: string) => {
  const r = spawnSync(cmd, argv, { cwd, maxBuffer: 1 << 30, timeout: TIMEOUT_MS, stdio: ["ignore", "pipe", "pipe"] });
  return { out: r.stdout ?? Buffer.alloc(0), code: r.status ?? -1, err: String(r.stderr ?? "") };
};

/** Bytes of the lines of symbols printed whole (`N|`): the inlined bodies. */
function bodyBytes(text: string): number {
  let n = 0;
  for (const l of text.split("\n")) if (/^\s*\d+\|/.test(l)) n += Buffer.byteLength(l) + 1;
  return n;
}

const median = (xs: number[]) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * --roles: what the role tags (`--show-roles`) would cost and tell. Their bytes are the difference
 * between the packet with and without them; what they tell beyond the line itself is measured
 * as how often the parsed role (JSON `role` of a parsed file) differs from the role the line's
 * own shape gives (rolesFromLines, the classifier used when a file is not parsed).
 */
const ROLES = args.includes("--roles");
const roleStats = { tagBytes: 0, bytes: 0, parsed: 0, differ: 0, byRole: new Map<string, { n: number; differ: number }>() };
async function roleLine(words: string[], root: string, plainBytes: number) {
  const { rolesFromLines } = await import("../src/structure/roles.ts");
  const tagged = run(BIN, ["grep", "--show-roles", ...words], root).out.length;
  roleStats.tagBytes += tagged - plainBytes;
  roleStats.bytes += plainBytes;
  const j = run(BIN, ["grep", "--json", ...words], root);
  if (j.code !== 0) return;
  const doc = JSON.parse(j.out.toString("utf8"));
  for (const f of doc.files.slice(0, 20)) {
    const parsed = f.matches.filter((m: any) => m.role && !m.role_approx);
    const lm = parsed.map((m: any) => {
      const buf = Buffer.from(m.line_text);
      const s = buf.subarray(0, Math.max(0, m.column - 1)).toString().length;
      const tok = /^[\w$]+/.exec(m.line_text.slice(s))?.[0].length ?? 1;
      return { line: m.line_number, column: m.column, byteOffset: m.byte_offset, text: m.line_text, spans: [[s, s + tok]] as [number, number][] };
    });
    const shape = rolesFromLines(f.path, lm);
    // A match on its symbol's first line already says "definition": the packet puts the range there.
    const heads = new Set<number>((f.groups ?? []).map((g: any) => g.start_line));
    parsed.forEach((m: any, i: number) => {
      const r = roleStats.byRole.get(m.role) ?? { n: 0, differ: 0 };
      r.n++;
      roleStats.parsed++;
      if (shape[i]!.role !== m.role && !(m.role === "definition" && heads.has(m.line_number))) { r.differ++; roleStats.differ++; }
      roleStats.byRole.set(m.role, r);
    });
  }
}

const rows: Row[] = [];
let missing = 0;
for (const raw of readFileSync(LINES, "utf8").split("\n")) {
  const line = raw.trim();
  if (!line || line.startsWith("#")) continue;
  const [tree, ...rest] = line.split(/\s+/);
  let words = shellWords(rest.join(" "));
  if (words[0] === "agentgrep") words = words.slice(1);
  if (words[0] !== "grep") throw new Error(`not a grep command line: ${line}`);
  words = words.slice(1);
  if (ONLY && !ONLY.test(line)) continue;
  const root = treeRoot(tree!);
  if (!root || !existsSync(root)) { missing++; continue; }
  const a = run(BIN, ["grep", ...words], root);
  const r = run("rg", rgArgs(words), root);
  if (a.code > 1 || r.code > 1) {
    if (VERBOSE || a.code !== r.code) console.error(`note: exit ${a.code} (agentgrep) ${r.code} (rg): ${line}${a.err ? `\n  ${a.err.trim()}` : ""}`);
  }
  const text = a.out.toString("utf8");
  rows.push({ tree: tree!, line: rest.join(" "), rg: r.out.length, ag: a.out.length, agNoBody: a.out.length - bodyBytes(text), agCode: a.code, rgCode: r.code });
  if (VERBOSE) console.error(`${a.out.length}\t${r.out.length}\t${line}`);
  const listing = words.some((w) => /^-[a-zA-Z]*[lc]$/.test(w) || w === "--files-with-matches" || w === "--count");
  if (ROLES && a.code === 0 && !listing) await roleLine(words, root, a.out.length);
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "-");
console.log(`binary: ${BIN}`);
console.log(`lines: ${LINES} (${rows.length} run${missing ? `, ${missing} skipped: tree missing` : ""})`);
console.log("");
console.log(`${pad("rg", 8)} ${pad("ag", 8)} ${pad("ag-body", 8)} ${pad("ratio", 6)} ${pad("r-body", 6)}  tree  command`);
for (const x of rows) console.log(`${pad(x.rg, 8)} ${pad(x.ag, 8)} ${pad(x.agNoBody, 8)} ${pad(ratio(x.ag, x.rg), 6)} ${pad(ratio(x.agNoBody, x.rg), 6)}  ${x.tree}  ${x.line}`);
// A line where either side fails (exit 2: a missing PATH, which rg skips and agentgrep refuses)
// compares nothing: it is listed, not counted.
const failed = rows.filter((r) => r.agCode > 1 || r.rgCode > 1);
if (failed.length) console.log(`\n${failed.length} lines left out of the figures (exit 2 on one side): ${failed.map((r) => `${r.tree}  ${r.line}`).join(" | ")}`);
const counted = rows.filter((r) => !failed.includes(r));
const sum = (f: (r: Row) => number) => counted.reduce((n, r) => n + f(r), 0);
const withRg = counted.filter((r) => r.rg > 0);
const rgTotal = sum((r) => r.rg);
console.log("");
console.log(`total bytes: rg ${rgTotal}, agentgrep ${sum((r) => r.ag)} (${ratio(sum((r) => r.ag), rgTotal)}x), without inlined bodies ${sum((r) => r.agNoBody)} (${ratio(sum((r) => r.agNoBody), rgTotal)}x)`);
console.log(`median ratio over ${withRg.length} lines where rg printed something: ${median(withRg.map((r) => r.ag / r.rg)).toFixed(2)}x, without inlined bodies ${median(withRg.map((r) => r.agNoBody / r.rg)).toFixed(2)}x`);
const none = counted.filter((r) => r.rg === 0);
if (none.length) console.log(`${none.length} lines where rg printed nothing (agentgrep printed ${none.reduce((n, r) => n + r.ag, 0)} bytes: its zero-result lines): ${none.map((r) => r.line).join(" | ")}`);
if (ROLES) {
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  console.log(`role tags (--show-roles): ${roleStats.tagBytes} bytes, ${pct(roleStats.tagBytes, roleStats.bytes + roleStats.tagBytes)} of the tagged packets; the parsed role says what neither the line's own shape nor a symbol's first line (\`  @ s-e\`) says on ${roleStats.differ} of ${roleStats.parsed} parsed matches (${pct(roleStats.differ, roleStats.parsed)})`);
  for (const [role, r] of [...roleStats.byRole].sort((a, b) => b[1].n - a[1].n)) console.log(`  ${role}: ${r.n} matches, ${r.differ} differ from the line's shape`);
}
// One machine-readable line last, as score.py does.
console.log(JSON.stringify({
  lines: counted.length,
  rg_bytes: rgTotal,
  ag_bytes: sum((r) => r.ag),
  ag_bytes_no_bodies: sum((r) => r.agNoBody),
  total_ratio: Number(ratio(sum((r) => r.ag), rgTotal)),
  total_ratio_no_bodies: Number(ratio(sum((r) => r.agNoBody), rgTotal)),
  median_ratio: Number(median(withRg.map((r) => r.ag / r.rg)).toFixed(3)),
  median_ratio_no_bodies: Number(median(withRg.map((r) => r.agNoBody / r.rg)).toFixed(3)),
}));
