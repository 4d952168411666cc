import { Command, Option } from "clipanion";
import { readCappedBytes, TooLarge, NoWriter } from "../util/read-capped.ts";
import { isUtf8 } from "node:buffer";
import { opt, walkOptions, FilterCommand, isCountOption } from "./options.ts";
import { errLine, out } from "../util/out.ts";
import { UserError } from "../util/errors.ts";
import { INLINE_RULE } from "../render/inline.ts";
import { unpackLists } from "./rg-args.ts";
import { checkArgvUtf8, notUtf8 } from "./argv-utf8.ts";
import { setEncoding } from "../read/index.ts";
import type { IgnoreSwitches, WalkSort } from "../walk/types.ts";
import type { FrontContext } from "./registry.ts";

const num = (flags: string, description: string) =>
  Option.String(flags, { description, validator: isCountOption });
/** A regex no text matches: the pattern set of an empty -f file (an empty class is rg's error, so a position both at and not at a word boundary). */
const NEVER = "\\b\\B";

/**
 * rg -f: one pattern per line (a trailing \r dropped, as rg reads lines), `-` for stdin. An
 * unreadable file is an error, never an empty pattern set.
 */
/** A pattern file past this is no list of patterns (`-f /dev/zero` read until memory ran out). */
const PATTERN_FILE_MAX = 64 << 20;
function readPatternFile(path: string): string[] {
  let bytes: Buffer;
  try {
    bytes = readCappedBytes(path === "-" ? 0 : path, PATTERN_FILE_MAX);
  } catch (e: any) {
    if (e instanceof TooLarge) throw new UserError(`pattern file too large: ${path} (over ${PATTERN_FILE_MAX >> 20} MiB)`, "-f takes a file of patterns, one per line; search a big file's lines with: agentgrep grep -l -e PATTERN");
    if (e instanceof NoWriter) throw new UserError(`pattern file ${path} is a FIFO that no process wrote to in ${e.ms / 1000} s`, "write the patterns to it, or pass a regular file with -f FILE");
    throw new UserError(`cannot read pattern file: ${path} (${e?.code ?? "unreadable"})`, "-f FILE takes a file of patterns, one per line (- reads stdin)");
  }
  if (!isUtf8(bytes)) {
    // rg refuses a pattern that is not UTF-8; decoded lossily it would search for U+FFFD.
    let line = 1;
    for (let at = 0; ; line++) {
      const nl = bytes.indexOf(10, at);
      const end = nl < 0 ? bytes.length : nl;
      if (!isUtf8(bytes.subarray(at, end))) throw notUtf8(`line ${line} of pattern file ${path}`, bytes.subarray(at, end), "rg refuses it too", PATTERN_UTF8_HINT);
      at = end + 1;
    }
  }
  const text = bytes.toString("utf8");
  if (text === "") return [];
  return text.replace(/\n$/, "").split("\n").map((l) => l.replace(/\r$/, ""));
}

const PATTERN_UTF8_HINT = "write the pattern in UTF-8; to search files in another encoding, transcode them with -E (e.g. -E latin1 'café')";

const GROUPED = "accepted for rg habits; the output stays grouped by file and symbol, with line numbers";

/**
 * rg's command line (see rg-args.ts for the pre-pass that splits `-C3`, `-e PAT`, clusters and
 * `--colour=never`, and rejects the rg flags we do not support), turned into plain option data.
 */
export class GrepCommand extends FilterCommand {
  static override paths = [["grep"]];
  static override usage = Command.Usage({
    description: "Exact, exhaustive search with rg's command line (literal by default), grouped by file and enclosing symbol",
    details:
      "Forms: agentgrep grep [OPTIONS] PATTERN [PATH ...] | agentgrep grep [OPTIONS] -e PATTERN... [PATH ...] | " +
      "agentgrep grep --files [PATH ...]. As rg: PATTERN then PATHs (files or directories; none: the current directory), or patterns with -e and every " +
      "positional a PATH. Printed paths are rg's: relative to the current directory without ./ when no PATH is given, " +
      "otherwise starting with the PATH as written (src/a.ts, ./src/a.ts, /abs/a.ts). Flags keep rg's meaning; " +
      "-n, -N, -H, --heading, --no-heading and --color are accepted and the output stays grouped; any other rg flag " +
      "is an error naming what to use instead. The PATTERN is literal unless --regex (rg's default syntax). " +
      "Output: rg's heading-mode lines (path, N:text, N-text for context) with the enclosing symbol above its matches " +
      "(kind label @ start-end; a match on the symbol's first line ends with '  @ start-end' instead). " +
      `Inlining rule: ${INLINE_RULE}; the symbol then prints as N| lines with N: for matches and says (whole); --full-region never|always overrides it. ` +
      "What the budget cut, files not searched or not grouped are counted on one last 'cut:' line with the flag that shows them.",
    examples: [
      ["Literal search under a directory", "agentgrep grep UserError src"],
      ["Regex (Rust/rg syntax), 3 lines of context", "agentgrep grep --regex -C 3 'auth_.*status' src lib"],
      ["Several patterns, only paths", "agentgrep grep -l -e TODO -e FIXME"],
      ["Pattern starting with a dash", "agentgrep grep -e '->' src"],
      ["The files rg would search", "agentgrep grep --files -t py"],
    ],
  });

  args = Option.Rest({ name: "PATTERN [PATH ...]" });
  roots = Option.Array("--path", [], { description: "A path to search, like a positional PATH; repeatable (every one is searched)" });
  patterns = Option.Array("--regexp,-e", [], { description: "A pattern (repeatable: a line matches if any does); every positional is then a PATH" });
  packed = Option.String("--packed-lists", { hidden: true }); // long -e/PATH lists: rg-args.ts unpackLists
  patternFiles = Option.Array("--file,-f", [], { description: "Patterns from FILE, one per line (- reads stdin; an empty line matches every line); with -e; every positional is then a PATH" });
  regex = Option.Boolean("--regex", false, { description: "Patterns are regexes (rg's Rust syntax; rg's default, alias --no-fixed-strings)" });
  fixedStrings = Option.Boolean("--fixed-strings,-F", false, { description: "Patterns are literal (the default)" });
  ignoreCase = Option.Boolean("--ignore-case,-i", false, { description: "Case-insensitive match" });
  caseSensitive = Option.Boolean("--case-sensitive,-s", false, { description: "Case-sensitive match (the default)" });
  smartCase = Option.Boolean("--smart-case,-S", false, { description: "Case-insensitive unless a pattern has an uppercase letter" });
  wordRegexp = Option.Boolean("--word-regexp,-w", false, { description: "Match only whole words" });
  lineRegexp = Option.Boolean("--line-regexp,-x", false, { description: "Match only whole lines (as ^(?:PATTERN)$ around every pattern; overrides -w)" });
  iglobs = Option.Array("--iglob", [], { description: "Include/exclude paths by glob, ASCII case-insensitively (as -g; applied after every -g); repeatable" });
  globCaseInsensitive = Option.Boolean("--glob-case-insensitive", false, { description: "-g globs match ASCII case-insensitively (as --iglob); --no-glob-case-insensitive undoes it" });
  noIgnoreVcs = Option.Boolean("--no-ignore-vcs", false, { description: "rg's: .gitignore, .git/info/exclude and the global git excludes file are not read (.ignore and .rgignore still are); --ignore-vcs undoes it" });
  noIgnoreDot = Option.Boolean("--no-ignore-dot", false, { description: "rg's: .ignore files are not read (.rgignore still is, as rg 13); --ignore-dot undoes it" });
  noIgnoreParent = Option.Boolean("--no-ignore-parent", false, { description: "rg's: no ignore file of a directory above a PATH is read; --ignore-parent undoes it" });
  noIgnoreGlobal = Option.Boolean("--no-ignore-global", false, { description: "rg's: git's global excludes file (core.excludesFile) is not read; --ignore-global undoes it" });
  noIgnoreExclude = Option.Boolean("--no-ignore-exclude", false, { description: "rg's: .git/info/exclude is not read; --ignore-exclude undoes it" });
  noRequireGit = Option.Boolean("--no-require-git", false, { description: "rg's: .gitignore rules apply outside a git repository too; --require-git undoes it" });
  crlf = Option.Boolean("--crlf", false, { description: "rg's: in a regex, $ matches before \\r\\n too and no class or . matches \\r (a \\r in a pattern is an error); literals are unchanged; not with -U; --no-crlf undoes it" });
  text = Option.Boolean("--text,-a", false, { description: "Search binary files (NUL bytes) as text, as rg -a; printed lines keep control characters escaped" });
  quiet = Option.Boolean("--quiet,-q", false, { description: "Print nothing; the exit code says whether anything matched (0) or not (1)" });
  maxDepth = num("--max-depth,-d", "Descend at most NUM directory levels below each PATH (0: only PATHs that are files)");
  invert = Option.Boolean("--invert-match,-v", false, { description: "Select the lines that do not match" });
  multiline = Option.Boolean("--multiline,-U", false, { description: "With --regex, a match may span lines (\\n, \\s, [^x] match newlines; every line a match touches is a match line; -c counts matches); a literal never spans lines" });
  dotall = Option.Boolean("--multiline-dotall", false, { description: "With -U, . matches \\n too (as (?s))" });
  onlyMatching = Option.Boolean("--only-matching,-o", false, { description: "Show only the matched text, one match per line" });
  maxCount = num("--max-count,-m", "At most NUM matching lines per file");
  after = num("--after-context,-A", "NUM lines after each match (N- lines; N: for matches)");
  before = num("--before-context,-B", "NUM lines before each match");
  // Not named `context`: clipanion's own `this.context` (the front's, see registry.ts FrontContext).
  contextLines = num("--context,-C", "NUM lines before and after each match (-A/-B override it)");
  filesWithMatches = Option.Boolean("--files-with-matches,-l", false, { description: "Print only the paths of matching files (as --paths-only)" });
  filesWithoutMatch = Option.Boolean("--files-without-match", false, { description: "Print only the paths of the files searched without a match (rg's; the last of -l and this wins, -c wins over both)" });
  count = Option.Boolean("--count,-c", false, { description: "Print path:N, the matching lines per file (matches with -o; N alone for one file PATH, unless -H)" });
  files = Option.Boolean("--files", false, { description: "Print the files that would be searched (rg --files); every positional is a PATH" });
  // For --help only: rg-args.ts drops these (see NO_OPS there).
  lineNumber = Option.Boolean("--line-number,-n", false, { description: `${GROUPED} (so are -N, --no-line-number)` });
  heading = Option.Boolean("--heading", false, { description: `${GROUPED} (so is --no-heading)` });
  color = Option.String("--color,--colour", { description: "never|auto|always|ansi: accepted for rg habits; output is never coloured" });
  withFilename = Option.Boolean("--with-filename,-H", false, { description: `${GROUPED}; with -c: path:N even for one file PATH` });
  sort = Option.String("--sort", { description: "path|modified|accessed|created|none: rg's; each directory's entries in that order (ascending; a directory by its own name or time), roots in the order given; none: by path" });
  maxFilesize = Option.String("--max-filesize", { description: "NUM[K|M|G]: rg's; walked files bigger than this are not searched (a file PATH always is; --json counts them in summary.skipped.filtered)" });
  sortr = Option.String("--sortr", { description: "As --sort, descending (the last of --sort and --sortr wins)" });
  typeList = Option.Boolean("--type-list", false, { description: "List the known file types and exit (with the --type-add/--type-clear changes)" });
  // rg-args.ts checks -E and passes its canonical name (none for auto and UTF-8 labels).
  encoding = Option.String("--encoding,-E", { description: "rg's: auto (UTF-8, a UTF-8 or UTF-16 BOM honoured), none (raw bytes, no BOM sniffing), or any WHATWG label (utf-16le, latin1, shift_jis, ...): files are transcoded to UTF-8 before searching, a UTF-16 BOM still honoured" });
  typeAdd = Option.Array("--type-add", [], { description: "rg's: NAME:GLOB adds a glob to a file type (new or known), NAME:include:T1,T2 the globs of other types; repeatable, for -t/-T" });
  typeClear = Option.Array("--type-clear", [], { description: "rg's: drops a built-in type's globs (before every --type-add); repeatable" });
  json = opt.json();
  pathsOnly = opt.pathsOnly();
  noColor = opt.noColor();
  maxFiles = opt.maxFiles(20);
  maxRegions = opt.maxRegions(20, "match lines per file in text output");
  contextJson = opt.contextJson();
  role = Option.Array("--role", [], { description: "Keep only matches of these roles: definition, call, import, write, reference, comment, string (comma list; repeatable)" });
  fullRegion = Option.String("--full-region", { description: `Print the whole enclosing symbol of matches: ${INLINE_RULE}; always; never (default auto; the symbol's heading says (whole); JSON carries region text only when given)` });
  other = Option.Boolean("--other", false, { description: "After each file, an other: line naming the unmatched symbols nearest the matches (always in --json)" });
  showRoles = Option.Boolean("--show-roles", false, { description: "Tag each match line with its role ([definition], [call], ...; always in --json)" });

  /** rg --type-clear / --type-add, undefined when neither is given. */
  private typeDefs(): { clear: string[]; add: string[] } | undefined {
    return this.typeAdd.length || this.typeClear.length ? { clear: this.typeClear, add: this.typeAdd } : undefined;
  }

  /** rg's finer ignore switches, undefined when none is on. */
  private ignoreSwitches(): IgnoreSwitches | undefined {
    const sw: IgnoreSwitches = {
      noVcs: this.noIgnoreVcs, noDot: this.noIgnoreDot, noParent: this.noIgnoreParent,
      noGlobal: this.noIgnoreGlobal, noExclude: this.noIgnoreExclude, noRequireGit: this.noRequireGit,
    };
    return Object.values(sw).some(Boolean) ? sw : undefined;
  }

  async execute(): Promise<number> {
    if (this.typeList) {
      const { typeList } = await import("../walk/index.ts");
      out(typeList(this.typeDefs()));
      return 0;
    }
    setEncoding(this.encoding);
    const packed = unpackLists(this.packed);
    const positional = [...this.args, ...packed.args];
    let patterns = [...this.patterns, ...packed.e];
    const fromFiles = this.patternFiles.flatMap(readPatternFile);
    if (!this.files && patterns.length === 0 && this.patternFiles.length === 0) {
      if (positional.length === 0)
        throw new UserError("missing pattern: grep needs the text to search for", "agentgrep grep PATTERN [PATH ...], or -e PATTERN (repeatable)");
      patterns = [positional.shift()!];
    }
    // rg 13 refuses a pattern holding a newline unless -U: lines never hold one (we searched
    // such a literal as its lines' alternatives). -U with a literal is refused further down.
    checkArgvUtf8(patterns, "the pattern argument", "rg refuses it too", PATTERN_UTF8_HINT);
    const nl = patterns.find((p) => p.includes("\n"));
    if (nl !== undefined && !this.multiline)
      throw new UserError(
        `the pattern ${JSON.stringify(nl.length > 60 ? nl.slice(0, 60) + "..." : nl)} holds a newline: lines never do (rg refuses it too)`,
        "give each line as its own -e PATTERN (a line matches if any does), or match across lines with --regex -U 'first\\nsecond'",
      );
    // rg --crlf: \r ends a line, so no pattern may hold one (rg's error for a literal too).
    if (this.crlf) {
      if (this.multiline) throw new UserError("--crlf with -U is not supported", "drop --crlf and write \\r?\\n for the line ends: --regex -U 'first\\r?\\nsecond'");
      if (patterns.some((p) => p.includes("\r"))) throw new UserError("the literal '\\r' is not allowed in a pattern with --crlf (\\r\\n ends a line)", "drop the \\r: with --crlf, $ matches before \\r\\n");
    }
    // rg -x '' matches the empty lines: a query, not every line (rg '' is one, so refused here).
    if (!this.lineRegexp && patterns.some((p) => p === ""))
      throw new UserError(
        "empty pattern: it would match every line of every file",
        "give the text to search for; to list the files searched use: agentgrep grep --files [PATH]; every line: agentgrep grep --regex '^'",
      );
    // rg: -e patterns first, then -f's; an empty line of a -f file matches every line.
    patterns = [...patterns, ...fromFiles];
    // No pattern at all (-f of an empty file), or -m 0: nothing matches, as rg (-m 0 -v too; and
    // rg 13 lists no file under --files-without-match -m 0).
    const zero = this.maxCount !== undefined && Number(this.maxCount) === 0 && !this.files;
    if (zero && this.filesWithoutMatch && !this.count && !this.json) return 1;
    const none = (patterns.length === 0 || zero) && !this.files;
    const roots = [...this.roots, ...positional];
    // rg refuses --json with each of its path and count modes (rg 13: "The argument '--count'
    // cannot be used with '--json'", exit 2): accepted, the mode's meaning was lost in the JSON.
    if (this.json && this.count && !this.files)
      throw new UserError("--count (-c, --count-matches) cannot be combined with --json", "drop --json for path:N counts, or drop --count: the JSON's files[].match_count is each file's count");
    if (this.json && this.filesWithMatches && !this.files)
      throw new UserError("--files-with-matches (-l) cannot be combined with --json", "drop --json for one path per line, or drop -l: the JSON's files[].path lists them");
    if (this.files && this.json) throw new UserError("--files cannot be combined with --json", "--files prints one path per line");
    if (this.filesWithoutMatch && this.json && !this.files) throw new UserError("--files-without-match cannot be combined with --json", "--files-without-match prints one path per line");
    const n = (v: string | undefined) => (v === undefined ? undefined : Number(v));
    const both = n(this.contextLines) ?? 0;
    const { packetOptions } = await import("./grep-packet.ts");
    const { runGrep } = await import("./grep-run.ts");
    const ignoreSwitches = this.ignoreSwitches();
    const typeDefs = this.typeDefs();
    const request: Parameters<typeof runGrep>[0] = {
      ...packetOptions(this.role, this.fullRegion, { other: this.other, roleTags: this.showRoles, context: (n(this.after) ?? both) > 0 || (n(this.before) ?? both) > 0 }),
      patterns: none ? [NEVER] : patterns,
      regex: this.regex || none,
      ignoreCase: this.ignoreCase,
      smartCase: this.smartCase,
      wordRegexp: this.wordRegexp,
      lineRegexp: this.lineRegexp,
      invert: this.invert && !none, // rg: no pattern (or -m 0) matches nothing, even with -v
      multiline: this.multiline,
      dotall: this.dotall,
      onlyMatching: this.onlyMatching,
      maxCount: n(this.maxCount),
      after: n(this.after) ?? both,
      before: n(this.before) ?? both,
      walk: {
        ...walkOptions(this, roots),
        ...(this.maxDepth !== undefined ? { maxDepth: Number(this.maxDepth) } : {}),
        ...(this.iglobs.length ? { iglobs: this.iglobs } : {}),
        ...(this.globCaseInsensitive ? { globCaseInsensitive: true } : {}),
        ...(ignoreSwitches ? { ignoreSwitches } : {}),
        ...(this.maxFilesize !== undefined ? { maxFilesize: Number(this.maxFilesize) } : {}),
        ...(typeDefs ? { typeDefs } : {}),
        ...(this.sort ?? this.sortr ? { sort: { by: (this.sort ?? this.sortr) as WalkSort["by"], reverse: this.sort === undefined } } : {}),
      },
      output: this.files ? "files" : this.json ? "json" : this.count ? "count" : this.filesWithoutMatch ? "without" : this.filesWithMatches || this.pathsOnly ? "paths" : "text",
      withFilename: this.withFilename,
      text: this.text,
      ...(this.crlf ? { crlf: true } : {}),
      maxFiles: Number(this.maxFiles),
      maxRegions: Number(this.maxRegions),
      contextJson: this.contextJson,
      ...((this.context as FrontContext).front?.searchHelper ? { searchHelper: true } : {}),
    };
    if (!this.quiet) return runGrep(request);
    // rg -q: nothing on stdout, the exit code alone; an error still reaches stderr.
    const { capture } = await import("../util/out.ts");
    // rg 13: -q wins over -l, -c and --files-without-match alike (exit 0 when anything matched).
    const r = await capture(() => runGrep({ ...request, output: "paths", quiet: true }));
    // Its error lines reach stderr, as rg -q's do (they were captured and dropped: an unreadable
    // entry or a file too large to search exited 2 without a word).
    for (const l of r.stderr) errLine(l);
    if (r.thrown !== undefined) throw r.thrown;
    return r.value!;
  }
}
