/**
 * rg parity of grep's command line, shared by the fixture test (rg-cli.test.ts) and the optional
 * run over a real tree (bench/rg-parity.ts): each case is one argument list given unchanged to
 * `agentgrep grep` and to `rg`, compared in the mode's own terms:
 * - `-l`, `-c`, `--files`: the exact printed lines (as sets: rg's --sort path orders `a/x`
 *   before `a.txt`; ours is byte order), and for several roots the roots' order;
 * - text modes: the (printed path, line, match|context) set of our --json against rg --json;
 * - `-o`: (printed path, line, matched text) against rg -o --json submatches.
 * rg runs with --no-config and stdin closed (else, with no PATH, it would read stdin).
 */
import { spawnSync } from "node:child_process";

export interface Outcome {
  lines: string[];
  code: number;
  stderr: string;
}

export function runRg(cwd: string, args: string[]): Outcome {
  const r = spawnSync("rg", ["--no-config", ...args], { cwd, encoding: "utf8", maxBuffer: 1 << 29, stdio: ["ignore", "pipe", "pipe"] });
  return { lines: r.stdout.split("\n").filter((l) => l !== ""), code: r.status ?? -1, stderr: r.stderr };
}

export function runAg(bin: string, cwd: string, args: string[]): Outcome {
  const r = spawnSync(bin, ["grep", ...args], { cwd, encoding: "utf8", maxBuffer: 1 << 29, stdio: ["ignore", "pipe", "pipe"] });
  return { lines: r.stdout.split("\n").filter((l) => l !== ""), code: r.status ?? -1, stderr: r.stderr };
}

/** Which output a case compares. */
export type Mode = "lines" | "json" | "only";

/** The mode an argument list is compared in. */
export function modeOf(args: string[]): Mode {
  if (args.some((a) => a === "-q" || a === "-l" || a === "-c" || a === "--files" || a === "--count" || a === "--files-with-matches" || a === "--files-without-match" || a === "--count-matches" || /^-[a-zA-Z]*[lc]$/.test(a))) return "lines";
  if (args.includes("-o")) return "only";
  return "json";
}

/** rg --json's path: text, or the raw bytes as latin1 (so both sides compare as raw bytes). */
function rgPath(p: any): string {
  return p.text !== undefined ? p.text : Buffer.from(p.bytes, "base64").toString("latin1");
}

/** -o text compared up to 200 code points: ours clips a long line (INTERFACE.md), by design. */
function clip(text: string): string {
  const cps = [...text.replace(/ … \[truncated: [^\]]*\]$/, "")];
  return cps.length > 200 ? cps.slice(0, 200).join("") : cps.join("");
}

/** (path, line, kind) rows from rg --json; `only`: (path, line, matched text) per submatch. */
function rgRows(out: string[], only: boolean): string[] {
  const rows: string[] = [];
  for (const l of out) {
    const d = JSON.parse(l);
    if (d.type !== "match" && d.type !== "context") continue;
    const p = rgPath(d.data.path);
    const text = String(d.data.lines.text ?? "");
    if (only) {
      if (d.type !== "match") continue;
      // rg -U: a submatch may span lines; rg -o prints its part on each line, empty parts not.
      const raw = Buffer.from(text);
      for (const s of d.data.submatches) {
        const first = d.data.line_number + raw.subarray(0, s.start).toString("latin1").split("\n").length - 1;
        String(s.match.text ?? "").split("\n").forEach((part: string, k: number, all: string[]) => {
          if (part !== "" || all.length === 1) rows.push(`${p}\t${first + k}\t${clip(part.replace(/\r$/, ""))}`);
        });
      }
      if (d.data.submatches.length === 0) rows.push(`${p}\t${d.data.line_number}\t${text.replace(/\r?\n$/, "")}`);
    } else {
      // rg -U prints a match spanning lines as one message: each of its lines is a match line.
      const n = Math.max(1, text.replace(/\n$/, "").split("\n").length);
      for (let k = 0; k < n; k++) rows.push(`${p}\t${d.data.line_number + k}\t${d.type}`);
    }
  }
  return rows.sort();
}

/** The same rows from our --json (`path_bytes` is the raw printed path). */
function agRows(doc: any, only: boolean): string[] {
  const rows: string[] = [];
  for (const f of doc.files) {
    const p = f.path_bytes ? Buffer.from(f.path_bytes, "hex").toString("latin1") : f.path;
    for (const m of f.matches) rows.push(only ? `${p}\t${m.line_number}\t${clip(m.line_text)}` : `${p}\t${m.line_number}\tmatch`);
    for (const c of f.context ?? []) rows.push(`${p}\t${c.line_number}\t${c.type}`);
  }
  return rows.sort();
}

export interface Comparison {
  ours: string[];
  theirs: string[];
  ourCode: number;
  theirCode: number;
  stderr: string;
}

/** Runs one case on both sides (rg's spelling of it may differ: -F); equal `ours`/`theirs` and codes mean parity. */
export function compare(bin: string, cwd: string, args: string[], rgArgs: string[]): Comparison {
  const mode = modeOf(args);
  if (mode === "lines") {
    const a = runAg(bin, cwd, args);
    const r = runRg(cwd, rgArgs);
    // Our `#b=` suffix (INTERFACE.md: a name that is not UTF-8 prints its bytes) is by design; rg's
    // lossy name is the rest of our line.
    const ours = a.lines.map((l) => l.replace(/#b=[0-9a-f-]+(?:\.[0-9a-f-]+)*(?=:\d+$|$)/, ""));
    return { ours: ours.sort(), theirs: [...r.lines].sort(), ourCode: a.code, theirCode: r.code, stderr: a.stderr };
  }
  const only = mode === "only";
  const a = runAg(bin, cwd, ["--json", ...args]);
  const r = runRg(cwd, ["--json", ...rgArgs]);
  const ours = a.code === 0 || a.code === 1 ? agRows(JSON.parse(a.lines.join("\n")), only) : [];
  return { ours, theirs: rgRows(r.lines, only), ourCode: a.code, theirCode: r.code, stderr: a.stderr };
}

/** rg has no --regex (regex is its default) and takes literals with -F: a case in rg's spelling. */
export function rgSpelling(args: string[]): string[] {
  // The last of -F and --regex wins (as rg's -F / --no-fixed-strings).
  const syntax = args.filter((a) => a === "--regex" || a === "--no-fixed-strings" || a === "-F" || a === "--fixed-strings");
  const regex = syntax.length > 0 && (syntax[syntax.length - 1] === "--regex" || syntax[syntax.length - 1] === "--no-fixed-strings");
  const out = args.filter((a) => a !== "--regex" && !(regex && (a === "-F" || a === "--fixed-strings"))).map((a) => a.replace(/^--colour/, "--color")); // rg 13 has only --color
  return regex || out.includes("--files") ? out : ["-F", ...out];
}

/** Path forms every flag case is tried with (relative to the tree the case runs in). */
export function pathForms(abs: string, dir: string, file: string, other: string): string[][] {
  return [[], [dir], [`./${dir}`], [`${dir}/`], [`${abs}/${dir}`], [file], [`./${file}`], [dir, other], [other, dir], ["."], [`./${dir}`, file]];
}

/** Flag sets (the pattern last: a positional, or -e); each runs with every path form. */
export const FLAG_CASES: string[][] = [
  ["foo"],
  ["-l", "foo"],
  ["-c", "foo"],
  ["--files"],
  ["--files", "-t", "py"],
  ["-n", "-H", "--no-heading", "--color", "never", "foo"],
  ["--heading", "--colour=always", "foo"],
  ["-N", "-l", "foo"],
  ["-F", "a.b"],
  ["-e", "foo", "-e", "Bar"],
  ["-l", "-e", "-x", "-e", "bar"],
  ["-i", "FOO"],
  ["-S", "foo"],
  ["-S", "Foo"],
  ["-s", "-i", "Foo"],
  ["-i", "-s", "Foo"],
  ["-w", "foo"],
  ["-v", "foo"],
  ["-c", "-v", "foo"],
  ["-l", "-v", "foo"],
  ["-m", "1", "foo"],
  ["-m1", "-c", "foo"],
  ["-m", "2", "-A", "3", "foo"],
  ["-o", "fo+"],
  ["-o", "--regex", "fo+|ba."],
  ["-c", "-o", "foo"],
  ["-A", "1", "foo"],
  ["-B", "2", "foo"],
  ["-C1", "foo"],
  ["-C", "3", "-A", "0", "foo"],
  ["-C", "1", "-v", "foo"],
  ["-t", "py", "foo"],
  ["-T", "py", "-c", "foo"],
  ["-g", "*.ts", "foo"],
  ["-g", "src/*.ts", "-l", "foo"],
  ["-g", "!sub/**", "-l", "foo"],
  ["-iw", "-C2", "foo"],
  ["-l", "-i", "-w", "-e", "FOO", "-e", "bar"],
  ["--regex", "-w", "-c", "fo+|ba[rz]"],
  ["--regex", "-i", "-v", "-m", "2", "^\\s*(def|class)"],
  ["-u", "-l", "foo"],
  ["-uu", "-c", "foo"],
  ["-x", "bar"],
  ["-x", "-i", "-c", "BAR"],
  ["--regex", "-x", "fn foo\\(\\) \\{\\}"],
  ["-x", "-w", "-e", "bar", "-e", "six"],
  ["-w", "-x", "-e", "bar", "-e", "six"],
  ["-xv", "-c", "bar"],
  ["--max-depth", "1", "-l", "foo"],
  ["--max-depth", "0", "-l", "foo"],
  ["--max-depth=2", "-c", "foo"],
  ["-q", "foo"],
  ["-q", "-l", "nomatch_zzz"],
  ["--files-without-match", "foo"],
  ["--files-without-match", "-v", "foo"],
  ["--files-without-match", "-i", "-w", "bar"],
  ["-l", "--files-without-match", "foo"],
  ["--files-without-match", "-l", "foo"],
  ["--files-without-match", "-c", "foo"],
  ["-q", "--files-without-match", "foo"],
  ["--files-without-match", "nomatch_zzz"],
  ["-q", "--files-without-match", "-g", "!*.bin", "-e", "o", "-e", "a", "-e", "x"],
  ["--files-without-match", "-g", "!*.{bin,dat}", "-e", "o", "-e", "a", "-e", "x"],
  // --iglob and --glob-case-insensitive: ASCII case-insensitive globs, -g first then --iglob.
  ["--iglob", "*.ts", "-l", "foo"],
  ["--iglob", "*.PY", "foo"],
  ["--glob-case-insensitive", "-g", "*.ts", "-c", "foo"],
  ["-g", "*.Py", "-l", "foo"],
  ["--iglob", "!*.TS", "-l", "foo"],
  ["-g", "!*.ts", "--iglob", "*.TS", "-l", "foo"],
  ["--iglob", "SRC/**", "-l", "foo"],
  ["--iglob=*.{TS,md}", "-l", "foo"],
  ["--glob-case-insensitive", "--no-glob-case-insensitive", "-g", "*.ts", "-l", "foo"],
  ["--files", "--iglob", "*.Py"],
  // -a: binary files searched whole as text.
  ["-a", "foo"],
  ["-a", "-c", "foo"],
  ["--text", "-l", "bin"],
  ["-a", "-v", "-c", "foo"],
  ["-a", "-o", "--regex", "bin|late"],
  ["-a", "-C1", "two"],
  ["-a", "--files-without-match", "late"],
  // -f: patterns one per line (an empty line matches every line; CRLF lines lose the \r).
  ["-f", "pats/p1.txt"],
  ["-c", "-f", "pats/p2.txt"],
  ["-f", "pats/p3.txt", "-e", "three"],
  ["--regex", "-l", "-f", "pats/p4.txt"],
  ["-x", "-f", "pats/p1.txt"],
  ["-w", "--file", "pats/p1.txt", "-c"],
  ["-c", "--file=pats/empty.txt"],
  ["-o", "-i", "-fpats/p3.txt"],
  // -U: matches across lines (every line a match touches is a match line; -c counts matches).
  // `!late.dat`: a walked file with a NUL past 64 KiB is skipped under -U (rg cuts it at a point
  // of its reader not reproduced; INTERFACE.md says so).
  ["-U", "foo"],
  ["--regex", "-g", "!late.dat", "-U", "foo"],
  ["--regex", "-g", "!late.dat", "-U", "\\(\\) \\{\\n\\s+return"],
  ["--regex", "-g", "!late.dat", "-U", "-c", "foo\\n|two\\nthree"],
  ["--regex", "-g", "!late.dat", "-U", "-o", "o\\n\\s*\\w+"],
  ["--regex", "-g", "!late.dat", "-U", "-c", "-o", "o\\n."],
  ["--regex", "-g", "!late.dat", "-U", "-v", "\\n\\n"],
  ["--regex", "-g", "!late.dat", "-U", "-l", "self\\):\\n"],
  ["--regex", "-g", "!late.dat", "-U", "-m", "1", "foo|\\}\\n\\n"],
  ["--regex", "-g", "!late.dat", "-U", "-m1", "-c", "foo|\\}\\n\\n"],
  ["--regex", "-g", "!late.dat", "-U", "(?s)one.{0,5}two"],
  ["--regex", "-g", "!late.dat", "-U", "-c", "one.{0,5}two|e\\no"],
  ["--regex", "-g", "!late.dat", "--multiline-dotall", "-U", "-c", "one.foo"],
  ["--regex", "-g", "!late.dat", "-U", "-A", "1", "^\\}\\n"],
  ["--regex", "-g", "!late.dat", "-U", "-i", "-w", "FOO:\\s+def"],
  ["--regex", "-g", "!late.dat", "-U", "-x", "bar\\n"],
  ["--regex", "-g", "!late.dat", "-U", "\\A(import|#)"],
  ["--regex", "-g", "!late.dat", "-U", "-c", "[^a-z]\\n\\s*(const|return)"],
  ["--regex", "-g", "!late.dat", "-U", "-e", "x\\n", "-e", "^def"],
];
