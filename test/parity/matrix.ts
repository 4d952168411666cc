/**
 * The differential matrix: argument lists an agent types, run unchanged through `agentgrep grep`
 * and (in rg's spelling, rg-cli.ts's rgSpelling) through real rg 13, over a hostile fixture tree
 * (hostileTree) and real trees (bench/rg-parity.ts --matrix). judge() classifies each outcome:
 * - same: equal output (rg-cli.ts's compare: -l/-c/--files lines, else (path, line) rows) and exit;
 * - error: both refuse (exit 2), ours with one `error: ...; hint: ...` line on stderr;
 * - refused: ours is a one-line exit-2 error naming an rg flag (or form) it does not support, rg ran;
 * - known: a documented difference (-L: rg's exit 2 for a link loop, with the same results);
 * - diff: anything else (a mismatch to fix).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compare, rgSpelling, type Comparison } from "./rg-cli.ts";

/** A tree of hostile content (encodings, binaries, ignore rules, links, odd names) as a git repo. */
export function hostileTree(): string {
  const top = mkdtempSync(join(tmpdir(), "ag-parity-"));
  // A NUL past 64 KiB lives outside the walked tree: whether rg 13 reports the lines before it
  // depends on how far its reused buffer grew on files its thread searched before (a long line
  // elsewhere), so a walked one makes rg itself nondeterministic. Named as a PATH it is whole.
  mkdirSync(join(top, "outside"));
  writeFileSync(join(top, "outside", "bin-late.txt"), Buffer.concat([Buffer.from("needle early\n"), Buffer.alloc(70_000, "z\n"), Buffer.from("\0\nneedle late\n")]));
  writeFileSync(join(top, "outside", "nul-at-64k.txt"), Buffer.concat([Buffer.from("needle before\n"), Buffer.alloc(65536 - 14, "k"), Buffer.from("\0\nneedle after\n")]));
  const root = join(top, "tree");
  const put = (rel: string | Buffer, content: string | Uint8Array) => {
    const p = typeof rel === "string" ? join(root, rel) : Buffer.concat([Buffer.from(root + "/"), rel]);
    mkdirSync(join(p.toString(), ".."), { recursive: true });
    writeFileSync(p, content);
  };
  const big = Buffer.alloc(1_500_000, "y");
  for (let i = 99; i < big.length; i += 100) big[i] = 0x0a;
  Buffer.from("needle at start\n").copy(big, 0);
  Buffer.from("needle across the buffer edge").copy(big, (1 << 20) - 10);
  Buffer.from("\nneedle at end").copy(big, big.length - 14);
  const files: Record<string, string | Uint8Array> = {
    ".gitignore": "*.log\n!keep.log\n/rooted.txt\nbuilddir/\ndeep/**/gen.txt\n\\#hash.txt\nspace.txt \n",
    ".ignore": "ign.txt\n",
    ".rgignore": "!ign.txt\nrg-only.txt\n",
    "x.log": "needle log\n",
    "keep.log": "needle keep\n",
    "rooted.txt": "needle rooted\n",
    "sub/rooted.txt": "needle sub rooted\n",
    "builddir/a.txt": "needle build\n",
    "builddir.txt": "needle builddir file\n",
    "deep/a/b/gen.txt": "needle gen\n",
    "deep/gen.txt": "needle gen top\n",
    "#hash.txt": "needle hash\n",
    "space.txt": "needle space\n",
    "ign.txt": "needle ign re-included\n",
    "rg-only.txt": "needle rg only\n",
    "sub/.gitignore": "*.txt\n!want.txt\n",
    "sub/want.txt": "needle want\n",
    "sub/drop.txt": "needle drop\n",
    "sub/code.py": "def needle():\n    return 'Needle'\n",
    ".hid/inner.txt": "needle hidden dir\n",
    ".hidfile": "needle hidden file\n",
    "src/.env": "NEEDLE=1\n",
    "src/main.c": "int needle(void) {\n\treturn 0; /* needle */\n}\n#define NEEDLE_MAX 4\n",
    "src/app.ts": "export const needleFn = () => 'needle';\n// Needle\nconst a = b->c;\n",
    "src/App.TSX": "const x = <Needle/>;\n",
    "src/lib.rs": "fn needle() -> u8 { 0 }\nlet s = \"a.b*c\";\nlet t = r\"\\d+\";\n",
    "src/types.pyi": "def needle() -> int: ...\n",
    "src/Makefile": "needle:\n\techo needle\n",
    "src/noext": "needle no extension\n",
    "crlf.txt": "needle\r\nneedle end\r\n\r\nlast needle\r\n",
    "cr-only.txt": "needle one\rneedle two\rthree\n",
    "noeol.txt": "first\nneedle at eof",
    "empty.txt": "",
    "blank.txt": "\n\n\n",
    "bom8.txt": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("needle after bom\n^anchored\n")]),
    "bom16le.txt": Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("needle utf16le\nsecond ß\n", "utf16le")]),
    "bom16be.txt": Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from("needle utf16be\nx\n", "utf16le").swap16()]),
    "nobom16.txt": Buffer.from("needle no bom\n", "utf16le"),
    "latin1.txt": Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x0a, 0xff, 0x0a]),
    "unicode.txt": "Straße STRASSE\nK \u212a k\nǅ ǆ Ǆ\nΣίσυφος ΣΊΣΥΦΟΣ σ ς\nİstanbul ıi\nnaïve café\n٣ ३ 3\nfoo_bar foo-bar foo.bar\nſ s S\nµ Μ μ\n\u00a0nbsp\u2028sep\n",
    "meta.txt": "a.b a+b a*b (x) [y] {z} $v ^w |p| \\back\\slash ? end\n-x -- -e --flag\n\ttab\there\n",
    "words.txt": "foo foobar barfoo foo_bar _foo foo1 1foo\nfoo(bar) (foo) foo. .foo\nfoo\n",
    "bin-early.bin": Buffer.from("needle\0binary\nneedle again\n"),
    "long.txt": "q".repeat(100_000) + " needle " + "r".repeat(100_000) + "\nneedle short\n",
    "big.txt": big,
    // One line longer than the 1 MiB read buffer, matches at both ends; a file of CRLF-only lines.
    "huge-line.txt": "needle " + "w".repeat(2_500_000) + " needle\nneedle next\n",
    "crlf-only.txt": "\r\n\r\n",
    "a.md": "# Needle\n\nSome needle text.\n",
    "dir with space/file name.txt": "needle spaced\n",
    "-dash.txt": "needle dash name\n",
    "UPPER/CASE.TXT": "needle upper\n",
    "deep/x/y/z/w.txt": "needle depth 5\n",
  };
  for (const [rel, content] of Object.entries(files)) put(rel, content);
  put(Buffer.from([0x62, 0x61, 0x64, 0xff, 0x2e, 0x74, 0x78, 0x74]), "needle bad name\n");
  mkdirSync(join(root, "target"));
  writeFileSync(join(root, "target", "t.txt"), "needle via link\n");
  symlinkSync(join(root, "target"), join(root, "src", "linkdir"));
  symlinkSync("../a.md", join(root, "src", "a-link.md"));
  symlinkSync("nowhere", join(root, "broken-link"));
  symlinkSync("..", join(root, "deep", "loop"));
  execFileSync("git", ["init", "-q"], { cwd: root });
  return root;
}

export type Verdict = "same" | "error" | "refused" | "known" | "diff";

export interface Judged extends Comparison {
  verdict: Verdict;
  args: string[];
}

/** A one-line error as the quality bar asks: `error: ...; hint: ...`, nothing else. */
export function oneLineError(stderr: string): boolean {
  // A usage error (clipanion's: a bad value) is followed by the usage: line (INTERFACE.md).
  const usage = /\nusage: /.test(stderr);
  const lines = stderr.split("\n").filter((l) => l !== "" && !l.startsWith("usage:") && !l.startsWith("agentgrep ") && !l.startsWith("note: "));
  return lines.length === 1 && (usage ? /^error: .+/ : /^error: .+; hint: .+/).test(lines[0]!);
}

/** Runs one argument list on both sides and classifies it (see the file's comment). */
export function judge(bin: string, cwd: string, args: string[]): Judged {
  let c: Comparison;
  try {
    c = compare(bin, cwd, args, rgSpelling(args));
  } catch (e) {
    return { ours: [String(e)], theirs: [], ourCode: -1, theirCode: -1, stderr: "", verdict: "diff", args };
  }
  // Notes, and on an empty result the diagnosis (stderr beside -l/-c), are by design.
  const empty = c.ourCode === 1 && c.ours.length === 0;
  const notes = c.stderr
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("note: ") && !(empty && /^(no match|searched )/.test(l)))
    .join("\n");
  let verdict: Verdict = "diff";
  if (c.ourCode === 2 && oneLineError(c.stderr)) verdict = c.theirCode === 2 ? "error" : / is an rg flag that agentgrep grep does not support| is not supported\b/.test(c.stderr) ? "refused" : "diff";
  else if (notes === "" && c.ourCode === c.theirCode && JSON.stringify(c.ours) === JSON.stringify(c.theirs)) verdict = "same";
  // With no PATH, rg exits 2 when no file was searched; agentgrep exits 1 (INTERFACE.md).
  else if (notes === "" && c.theirCode === 2 && c.ourCode === 1 && c.ours.length === 0 && c.theirs.length === 0) verdict = "same";
  // -L: rg exits 2 for a link loop or a broken link it met (and still prints every result);
  // agentgrep skips and counts them (INTERFACE.md), exit 0.
  else if (notes === "" && args.includes("-L") && c.ourCode === 0 && c.theirCode === 2 && JSON.stringify(c.ours) === JSON.stringify(c.theirs)) verdict = "known";
  return { ...c, verdict, args };
}

/** Argument lists for any tree: P is replaced by the tree's pattern words (see bench/rg-parity.ts). */
export const HOSTILE_CASES: string[][] = [
  ["needle"],
  ["-n", "needle"],
  ["-l", "needle"],
  ["-c", "needle"],
  ["--files"],
  ["--files", "--hidden"],
  ["--files", "-u"],
  ["--files", "-uu"],
  ["--files", "-L"],
  ["--files", "-L", "--hidden", "--no-ignore"],
  ["-i", "NEEDLE"],
  ["-S", "Needle"],
  ["-S", "needle"],
  ["-w", "needle"],
  ["-x", "needle"],
  ["-v", "-c", "needle"],
  ["-l", "-v", "needle"],
  ["--files-without-match", "needle"],
  ["-o", "needle"],
  ["-c", "-o", "needle"],
  ["-m", "1", "needle"],
  ["-m", "0", "-c", "needle"],
  ["-A", "1", "needle"],
  ["-B", "1", "-C", "0", "needle"],
  ["-C", "2", "-m", "1", "needle"],
  ["-a", "needle"],
  ["-a", "-c", "needle"],
  ["-a", "-l", "binary"],
  ["--hidden", "needle"],
  ["-.", "-l", "needle"],
  ["--no-ignore", "-l", "needle"],
  ["-u", "-l", "needle"],
  ["-uu", "-c", "needle"],
  ["-L", "-l", "needle"],
  ["-L", "--hidden", "-u", "-c", "needle"],
  ["--max-depth", "1", "-l", "needle"],
  ["--max-depth", "3", "-c", "needle"],
  ["-d", "0", "-l", "needle"],
  // Globs: negated, anchored, **, case, braces, classes, a directory name.
  ["-g", "*.txt", "-l", "needle"],
  ["-g", "!*.txt", "-l", "needle"],
  ["-g", "/src/*", "-l", "needle"],
  ["-g", "src/**", "-l", "needle"],
  ["-g", "**/*.rs", "-l", "needle"],
  ["-g", "!**/deep/**", "-l", "needle"],
  ["-g", "!deep", "-l", "needle"],
  ["-g", "deep", "-l", "needle"],
  ["-g", "*.{c,rs}", "-l", "needle"],
  ["-g", "[ab]*", "-l", "needle"],
  ["-g", "?.md", "-l", "needle"],
  ["-g", "*.TXT", "-l", "needle"],
  ["--iglob", "*.txt", "-l", "needle"],
  ["-g", "*.log", "-l", "needle"],
  ["-g", "*.txt", "-g", "!sub/**", "-l", "needle"],
  ["-g", "!*.txt", "-g", "*.txt", "-l", "needle"],
  ["-g", "", "-l", "needle"],
  ["-g", "[", "-l", "needle"],
  ["-g", "{a,b", "-l", "needle"],
  ["-g", "**", "-l", "needle"],
  ["-g", "!**", "-l", "needle"],
  ["-g", "a/**/b", "-l", "needle"],
  ["-g", "*.md", "-L", "-l", "needle"],
  ["--files", "-g", "*.txt"],
  ["--files", "-g", "!*.txt", "--hidden"],
  // Types.
  ["-t", "c", "-l", "needle"],
  ["-t", "ts", "-l", "needle"],
  ["-t", "py", "-l", "needle"],
  ["-t", "make", "-l", "needle"],
  ["-t", "txt", "-t", "md", "-l", "needle"],
  ["-T", "txt", "-l", "needle"],
  ["-t", "nosuchtype", "needle"],
  ["-t", "all", "-l", "needle"],
  ["-T", "all", "-l", "needle"],
  ["-t", "c", "-g", "*.txt", "-l", "needle"],
  // Patterns: metacharacters, leading dashes, Unicode, invalid regexes.
  ["a.b"],
  ["a+b"],
  ["(x)"],
  ["\\back"],
  ["$v"],
  ["^w"],
  ["-e", "-x"],
  ["-e", "--flag"],
  ["--", "-e"],
  ["--", "--"],
  ["-e", "foo", "-e", "-x", "-e", "a.b"],
  ["-w", "foo"],
  ["-w", "-o", "foo"],
  ["-w", "(foo)"],
  ["-w", "-x"],
  ["-w", ".foo"],
  ["-x", "foo"],
  ["-x", "-c", ""],
  ["-i", "straße"],
  ["-i", "STRASSE"],
  ["-i", "k"],
  ["-i", "ǆ"],
  ["-i", "σ"],
  ["-i", "ς"],
  ["-i", "s"],
  ["-i", "µ"],
  ["-i", "İstanbul"],
  ["-i", "I"],
  ["-S", "ǅ"],
  ["-S", "Σίσυφος"],
  ["-S", "σίσυφος"],
  ["café"],
  ["-i", "CAFÉ"],
  ["\t"],
  ["ß"],
  ["--regex", "\\bfoo\\b"],
  ["--regex", "-o", "\\w+"],
  ["--regex", "-c", "\\w+"],
  ["--regex", "^\\w+$"],
  ["--regex", "(?i)straße"],
  ["--regex", "-i", "[ǅ]"],
  ["--regex", "-i", "[a-z]ß"],
  ["--regex", "\\p{Greek}+"],
  ["--regex", "\\p{Lu}"],
  ["--regex", "[[:^alpha:]]{3}"],
  ["--regex", "[\\d&&[^3]]"],
  ["--regex", "\\d"],
  ["--regex", "(?-u)\\w"],
  ["--regex", "(?-u:\\xe9)"],
  ["--regex", "\\s$"],
  ["--regex", "^$"],
  ["--regex", "-c", "^"],
  ["--regex", "-c", "$"],
  ["--regex", "-o", "a*", "unicode.txt", "crlf.txt", "noeol.txt", "words.txt", "bom16le.txt"],
  ["--regex", "-c", "-o", "\\d*", "unicode.txt", "crlf.txt", "meta.txt", "latin1.txt"],
  ["--regex", "-c", "a|"],
  ["--regex", "x{2}|q{1000}"],
  ["--regex", "a{,3}"],
  ["--regex", "a{3,1}"],
  ["--regex", "("],
  ["--regex", ")"],
  ["--regex", "[z-a]"],
  ["--regex", "(?<=a)b"],
  ["--regex", "(?=a)"],
  ["--regex", "(a)\\1"],
  ["--regex", "a**"],
  ["--regex", "\\"],
  ["--regex", "\\q"],
  ["--regex", "[[:nope:]]"],
  ["--regex", "\\p{Nope}"],
  ["--regex", "(?P<n>x)(?P<n>y)"],
  ["--regex", "\\x{110000}"],
  ["--regex", "\\d{2,3}?"],
  ["--regex", "(?x) n e e d l e  # comment"],
  ["--regex", "(?U)n.+e"],
  ["--regex", "-o", "(?U)n.+e"],
  ["--regex", "\\Aneedle"],
  ["--regex", "needle\\z"],
  ["--regex", "needle$"],
  ["--regex", "^needle"],
  ["--regex", "-x", "needle|first"],
  ["--regex", "-w", "foo|bar"],
  ["--regex", "-w", "\\d"],
  ["--regex", "-w", "-o", "f\\w*"],
  ["--regex", "\\bfoo\\b", "-o"],
  ["--regex", "\\Bfoo"],
  ["--regex", "[^\\x00-\\x7f]"],
  ["--regex", "\\u00e9|\\x{e9}"],
  ["--regex", "\\n"],
  ["--regex", "a\\nb"],
  ["--regex", "[\\n]"],
  ["--regex", "\\r$"],
  ["--regex", "-c", "\\r"],
  ["--regex", "\\x00"],
  ["--regex", "-a", "-c", "\\x00"],
  ["--regex", "-F", "a.b"],
  ["-F", "--regex", "a.b"],
  ["-f", "/dev/null"],
  ["-f", "nosuchfile"],
  ["-w", "café"],
  ["-w", "-i", "STRAßE"],
  ["-w", "σ"],
  ["-w", "-i", "ǆ"],
  ["--regex", "-w", "\\w+ß"],
  ["--regex", "\\Qa.b\\E"],
  ["--regex", "\\pN"],
  ["--regex", "[[:word:]]+-"],
  ["--regex", "(?i)[k]"],
  ["--regex", "(?i)ǅ"],
  ["--regex", "[^\\s\\S]"],
  ["--regex", "\\d+(?:\\.\\d+)?"],
  ["--regex", "(?s)a.b"],
  ["--regex", "(?m)^needle"],
  ["--regex", "(?i-u)STRASSE"],
  ["--regex", "\\x{1F600}|\\u{a0}"],
  ["--regex", "[\\u00a0\\u2028]"],
  ["--regex", "\\s"],
  ["--regex", "-c", "\\S+\\s\\S+"],
  ["--regex", "[a-z&&[^aeiou]]{4}"],
  ["--regex", "[\\w--\\d]{6}"],
  ["--regex", "[]a]"],
  ["--regex", "[^]a]x"],
  ["--regex", "[a-]"],
  ["--regex", "a{2}"],
  ["--regex", "x{0}"],
  ["--regex", "\\{z\\}"],
  ["--regex", "{z}"],
  ["--regex", "a{"],
  ["--regex", "(?P<name>ne)edle"],
  ["--regex", "(?<name>ne)edle"],
  ["--regex", "(?:)"],
  ["--regex", "()"],
  ["--regex", "|needle"],
  ["--regex", "\\#hash"],
  ["--regex", "#hash"],
  ["--regex", "(?x)# only a comment"],
  ["--regex", "-i", "ß"],
  ["--regex", "-i", "ss"],
  ["src/main.c"],
  ["-C", "1", "-m", "1", "needle", "crlf.txt", "words.txt"],
  ["-A", "2", "-B", "1", "foo", "words.txt"],
  ["-v", "-A", "1", "needle", "crlf.txt"],
  ["-c", "-m", "1", "-v", "needle"],
  ["-l", "-m", "0", "needle"],
  ["-m", "0", "-v", "-c", "needle"],
  ["--files-without-match", "-m", "0", "needle"],
  ["-v", "-c", "-f", "/dev/null", "words.txt"],
  ["-o", "-i", "-w", "foo"],
  ["-o", "-v", "foo", "words.txt"],
  ["-g", "*.c", "needle", "./src"],
  ["-g", "src/*.c", "needle", "./src"],
  ["-g", "/src/*", "-l", "needle", "src"],
  ["-g", "!src/", "-l", "needle"],
  ["-g", "src/", "-l", "needle"],
  ["-g", "!/sub", "-l", "needle"],
  ["-g", "*.txt", "-g", "!**/x/**", "-c", "needle", "deep"],
  ["--iglob", "upper/*", "-l", "needle"],
  ["--iglob", "*.tsx", "-l", "needle"],
  ["-t", "ts", "-l", "needle", "src/App.TSX"],
  ["-g", "!*.c", "-l", "needle", "src/main.c"],
  ["-T", "c", "-l", "needle", "src/main.c"],
  ["--max-depth", "0", "-l", "needle", "src/main.c", "src"],
  ["-l", "needle", "src/linkdir/t.txt"],
  ["-L", "-l", "needle", "src"],
  ["--hidden", "-l", "needle", "src"],
  ["-l", "needle", "src/.env"],
  ["-l", "-i", "needle", "src/.env"],
  // Multiline.
  ["--regex", "-U", "needle\\r?\\nneedle"],
  ["--regex", "-U", "-c", "first\\nneedle"],
  ["--regex", "-U", "-l", "\\n\\n"],
  // Path arguments.
  ["needle", "src"],
  ["needle", "./src"],
  ["needle", "src/"],
  ["needle", "src//"],
  ["needle", "src/main.c"],
  ["needle", "src/main.c", "src/main.c"],
  ["needle", "src", "src/main.c"],
  ["needle", "src", "src"],
  ["-l", "needle", "sub", "sub/code.py"],
  ["-c", "needle", "src/main.c"],
  ["-c", "-H", "needle", "src/main.c"],
  ["-l", "needle", "sub/drop.txt"],
  ["-l", "needle", "x.log"],
  ["-l", "needle", ".hidfile"],
  ["-l", "needle", ".hid"],
  ["-l", "needle", "bin-early.bin"],
  ["-c", "needle", "../outside/bin-late.txt"],
  ["needle", "../outside"],
  ["-l", "needle", "../outside/bin-late.txt", "."],
  ["-l", "needle", "src/linkdir"],
  ["-l", "needle", "src/a-link.md"],
  ["-l", "needle", "broken-link"],
  ["-l", "needle", "nosuchdir"],
  ["-l", "needle", "src", "nosuchdir"],
  ["-l", "needle", "./"],
  ["-l", "needle", "."],
  ["-l", "needle", ".."],
  ["-l", "needle", "sub/.."],
  ["-l", "needle", "./sub/../src"],
  ["-l", "needle", "-dash.txt"],
  ["-l", "needle", "--", "-dash.txt"],
  ["-l", "needle", "dir with space"],
  ["-l", "needle", "UPPER"],
  ["-l", "needle", "upper"],
  ["-l", "needle", "deep/x/y"],
  ["-l", "--max-depth", "1", "needle", "deep/x/y"],
  ["-c", "needle", "big.txt"],
  ["needle", "big.txt"],
  ["-c", "needle", "huge-line.txt"],
  ["-o", "needle", "huge-line.txt"],
  ["--regex", "-c", "-o", "needle|w{1000}", "huge-line.txt"],
  ["-c", "needle", "../outside/nul-at-64k.txt"],
  ["--regex", "-c", "^\\r?$", "crlf-only.txt", "blank.txt", "crlf.txt"],
  ["needle", "long.txt"],
  ["-o", "needle", "long.txt"],
  ["needle", "nobom16.txt"],
  ["-c", "-a", "needle", "nobom16.txt"],
  ["needle", "cr-only.txt"],
  ["--regex", "needle$", "crlf.txt"],
  ["-x", "needle", "crlf.txt"],
  // Unsupported rg flags: each a one-line refusal (or rg's own error).
  ["--count-matches", "needle"],
  ["--count-matches", "-i", "-w", "needle"],
  ["--count-matches", "--regex", "\\w+", "words.txt", "meta.txt"],
  ["--count-matches", "-c", "--regex", "e", "words.txt"],
  ["-c", "--count-matches", "-v", "needle"],
  ["--count-matches", "-H", "needle", "src/main.c"],
  ["--count-matches", "needle", "src/main.c"],
  ["--type-add", "foo:*.foo", "-t", "foo", "needle"],
  ["--max-filesize", "1K", "-l", "needle"],
  ["--no-ignore-vcs", "-l", "needle"],
  ["--no-ignore-dot", "-l", "needle"],
  ["--no-ignore-parent", "-l", "needle"],
  ["-uuu", "-l", "needle"],
  ["-z", "needle"],
  ["-E", "latin1", "needle"],
  ["--crlf", "--regex", "needle$"],
  ["--binary", "-l", "needle"],
  ["-r", "x", "needle"],
  ["-P", "needle"],
  ["--vimgrep", "needle"],
  ["-M", "10", "needle"],
  ["--sort", "path", "-l", "needle"],
  ["--sort", "modified", "-l", "needle"],
  ["--sort=none", "-l", "needle"],
  ["-j", "1", "needle"],
  ["--null-data", "needle"],
  ["--passthru", "needle"],
  ["-b", "needle"],
  ["--column", "needle"],
  ["-0", "-l", "needle"],
  ["--trim", "needle"],
  ["-p", "needle"],
  ["--stats", "needle"],
  ["--json", "needle"],
  ["--no-such-flag", "needle"],
  ["-m", "x", "needle"],
  ["-A", "-1", "needle"],
  ["-C", "", "needle"],
  ["--max-depth", "x", "needle"],
  ["--color", "sometimes", "needle"],
];

/** Run from a subdirectory of the hostile tree (parent ignore files, `..` paths). */
export const HOSTILE_SUBDIR_CASES: Array<[string, string[]]> = [
  ["sub", ["-l", "needle"]],
  ["sub", ["--files"]],
  ["sub", ["-l", "needle", ".."]],
  ["sub", ["-l", "-g", "*.txt", "needle", ".."]],
  ["sub", ["-l", "-g", "/sub/*", "needle", ".."]],
  ["deep/a", ["--files", "-u"]],
  ["deep/a", ["-l", "needle"]],
  ["src", ["-l", "--hidden", "needle"]],
  ["src", ["-l", "needle", "../x.log", "../keep.log", "../sub/drop.txt"]],
  ["src/linkdir", ["-l", "needle"]],
];

/** Real trees: the printed lines (-l, -c, --files) of queries agents type, cheap on any size. */
export const TREE_LINE_CASES: string[][] = [
  ["-l", "TODO"],
  ["-c", "-i", "todo"],
  ["-c", "-w", "err"],
  ["--files"],
  ["--files", "-t", "py", "-t", "c"],
  ["--files", "--hidden", "-g", "!*.md"],
  ["-l", "-t", "c", "EXPORT_SYMBOL"],
  ["-c", "--regex", "^\\s*#\\s*include"],
  ["-l", "--regex", "\\bfn\\s+new\\b"],
  ["-c", "-g", "*.h", "-w", "static"],
  ["-l", "-g", "!**/test*/**", "-i", "deprecated"],
  ["-c", "-v", "--regex", "\\S"],
  ["-c", "-x", "--regex", "\\s*\\}"],
  ["-l", "-u", "-i", "copyright"],
  ["-c", "-S", "Copyright"],
  ["-c", "--regex", "-o", "\\w+\\("],
  ["-l", "--max-depth", "2", "-i", "license"],
  ["--files-without-match", "-i", "license"],
  ["-c", "--regex", "[^\\x00-\\x7F]"],
  ["-c", "-i", "--regex", "straße|ǅ|σ"],
  ["-l", "-e", "->", "-e", "=>"],
  ["-c", "-w", "--regex", "[A-Z_]{4,}"],
  ["-c", "--regex", "\\p{Greek}"],
  ["-c", "-a", "--regex", "\\x00"],
];

/** Smaller trees also compare every (path, line) of text-mode queries, through --json. */
export const TREE_JSON_CASES: string[][] = [
  ["-i", "deprecated"],
  ["--regex", "-w", "TODO|FIXME|XXX"],
  ["-C", "2", "FIXME"],
  ["--regex", "(?i)unicode\\w*"],
  ["-m", "2", "-i", "error"],
  ["-o", "--regex", "0x[0-9a-fA-F]{6,}"],
  ["-w", "-i", "self"],
  ["--regex", "^\\s*(def|func|fn|function)\\s+\\w+"],
  ["-B", "1", "-A", "3", "--regex", "panic\\("],
  ["-x", "--regex", "\\s*return;?"],
];
