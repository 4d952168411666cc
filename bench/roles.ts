/**
 * How often grep's match roles land where the dev suite's answers are: for each trace `defined`
 * case, is the expected defining line a `definition` match; for each `called_from` case, is each
 * expected calling line a `call` match. Runs `grep --json SUBJECT` (as an agent types it) in each
 * corpus root and reads the role of the match on each expected line.
 *
 *   bun bench/roles.ts [--bin dist/agentgrep] [--cases /work/shared/eval-dev/cases.json] [--cache DIR] [--max-files N] [-v]
 *
 * (--max-files N is passed to grep: files past it, or past grep's parse budget, get line-shape roles.)
 *
 * Prints one line per relation (hits / expected lines, and how many of those roles came from a
 * parse rather than line shape), then a JSON summary line.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

const args = process.argv.slice(2);
const arg = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const bin = resolve(arg("--bin", "dist/agentgrep"));
const casesFile = arg("--cases", "/work/shared/eval-dev/cases.json");
const verbose = args.includes("-v");
const maxFiles = args.includes("--max-files") ? ["--max-files", arg("--max-files", "20")] : [];
const suite = JSON.parse(readFileSync(casesFile, "utf8"));
const cache = arg("--cache", process.env.EVAL_CACHE ?? join(homedir(), ".cache", suite.cache_dir ?? "agentgrep-eval-dev"));

const WANT: Record<string, string> = { defined: "definition", called_from: "call" };

interface Tally { hits: number; total: number; parsed: number; cases: number; claimed: number; matches: number }
const tally: Record<string, Tally> = {};

for (const c of suite.cases) {
  const want = WANT[c.relation];
  if (c.command !== "trace" || !want) continue;
  const root = join(cache, "corpora", c.corpus);
  const r = spawnSync(bin, ["grep", "--json", ...maxFiles, "--path", root, "--", c.subject], { encoding: "utf8", maxBuffer: 1 << 28, cwd: root });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${c.id}: grep exited ${r.status}: ${r.stderr}`);
  const doc = JSON.parse(r.stdout);
  const byPath = new Map<string, any>();
  for (const f of doc.files) byPath.set(f.path.replace(/^\.\//, ""), f);
  const t = (tally[c.relation] ??= { hits: 0, total: 0, parsed: 0, cases: 0, claimed: 0, matches: 0 });
  t.cases++;
  // How selective the role is: matches of the subject in all, and those given the wanted role.
  for (const f of doc.files) for (const m of f.matches) {
    t.matches++;
    if (m.role === want) t.claimed++;
  }
  for (const ef of c.expectation.files) {
    const f = byPath.get(ef.path);
    for (const range of ef.ranges) {
      // The expected line: the match in the range whose text holds the anchor (a multi-line
      // call's first line), else the range's first match.
      const inRange = (f?.matches ?? []).filter((m: any) => m.line_number >= range.start && m.line_number <= range.end);
      const m = inRange.find((x: any) => x.line_text.includes(range.anchor.trim())) ?? inRange[0];
      t.total++;
      const ok = m?.role === want;
      if (ok) t.hits++;
      if (m && !m.role_approx) t.parsed++;
      if (verbose) console.log(`${ok ? "ok  " : "MISS"} ${c.id} ${ef.path}:${m?.line_number ?? range.start} role=${m?.role ?? "(no match)"}${m?.role_approx ? "?" : ""}  ${m?.line_text?.trim() ?? ""}`);
    }
  }
}

const pct = (a: number, b: number) => (b ? Math.round((1000 * a) / b) / 10 : 0);
for (const [rel, t] of Object.entries(tally))
  console.log(`${rel}: ${WANT[rel]} role on ${t.hits}/${t.total} expected lines (${pct(t.hits, t.total)}%) in ${t.cases} cases; ${t.parsed}/${t.total} roles from a parse; ${t.claimed} of the subjects' ${t.matches} matching lines have that role (--role ${WANT[rel]} keeps them)`);
console.log(JSON.stringify(Object.fromEntries(Object.entries(tally).map(([k, t]) => [k, { ...t, pct: pct(t.hits, t.total) }]))));
