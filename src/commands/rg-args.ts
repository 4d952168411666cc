/**
 * grep's command line speaks rg: this pre-pass turns the argv an agent types for rg into the
 * plain form the clipanion class parses, before clipanion sees it. It:
 * - splits attached values and clusters (`-C3`, `-iC3`, `-ePAT`, `--colour=never`);
 * - gives every value flag its value as `--long=VALUE`, so a value starting with `-` (`-e -x`)
 *   is never taken for a flag;
 * - resolves flags that override each other as rg does (the last of -i/-s/-S, of -F/--regex,
 *   of -w/-x, of -l/--files-without-match);
 * - rejects every other rg flag with one line naming it as rg's, unsupported here, and the
 *   nearest thing agentgrep has (never a flag accepted with another meaning);
 * - moves positionals after a `--`, so a pattern such as `->` after `--` stays a pattern.
 * Flags it does not know (neither ours nor rg's) pass through: clipanion reports them.
 */
import { UserError } from "../util/errors.ts";
import { PACK_OVER } from "./packed.ts";

/** Flags taking a value: long name -> canonical long name. */
const VALUE_LONG: Record<string, string> = {
  "--regexp": "--regexp",
  "--file": "--file",
  "--after-context": "--after-context",
  "--before-context": "--before-context",
  "--context": "--context",
  "--max-count": "--max-count",
  "--type": "--type",
  "--type-not": "--type-not",
  "--glob": "--glob",
  "--iglob": "--iglob",
  "--color": "--color",
  "--colour": "--color",
  "--path": "--path",
  "--max-files": "--max-files",
  "--max-regions": "--max-regions",
  "--context-json": "--context-json",
  "--sort": "--sort",
  "--sortr": "--sortr",
  "--max-filesize": "--max-filesize",
  "--type-add": "--type-add",
  "--type-clear": "--type-clear",
  "--encoding": "--encoding",
  "--role": "--role",
  "--full-region": "--full-region",
  "--max-depth": "--max-depth",
};
const VALUE_SHORT: Record<string, string> = {
  e: "--regexp",
  f: "--file",
  A: "--after-context",
  B: "--before-context",
  C: "--context",
  m: "--max-count",
  t: "--type",
  T: "--type-not",
  g: "--glob",
  d: "--max-depth",
  E: "--encoding",
};
/**
 * rg's ignore switches and their hidden negations (`--ignore-vcs` undoes `--no-ignore-vcs`): the
 * last of each pair wins, as rg. `--no-ignore-files` only drops --ignore-file flags, which are
 * refused here: accepted and changes nothing (so does `--ignore-files`).
 */
const SWITCHES: Record<string, [string, boolean]> = {
  "--no-ignore-vcs": ["--no-ignore-vcs", true],
  "--ignore-vcs": ["--no-ignore-vcs", false],
  "--no-ignore-dot": ["--no-ignore-dot", true],
  "--ignore-dot": ["--no-ignore-dot", false],
  "--no-ignore-parent": ["--no-ignore-parent", true],
  "--ignore-parent": ["--no-ignore-parent", false],
  "--no-ignore-global": ["--no-ignore-global", true],
  "--ignore-global": ["--no-ignore-global", false],
  "--no-ignore-exclude": ["--no-ignore-exclude", true],
  "--ignore-exclude": ["--no-ignore-exclude", false],
  "--no-require-git": ["--no-require-git", true],
  "--crlf": ["--crlf", true],
  "--no-crlf": ["--crlf", false],
  "--require-git": ["--no-require-git", false],
  "--no-ignore-files": ["", false],
  "--ignore-files": ["", false],
  // rg 13: --ignore undoes an earlier --no-ignore (never -u, which stays).
  "--no-ignore": ["--no-ignore", true],
  "--ignore": ["--no-ignore", false],
};

/**
 * rg 13's hidden negations of flags refused here (RG_ONLY): each restores rg's default, which is
 * what agentgrep does, and the last of a pair wins, as rg (`--binary --no-binary` is rg's default
 * search). Negation -> the RG_ONLY keys it undoes. `--pre` takes a value.
 */
const UNDOES: Record<string, string[]> = {
  "--no-binary": ["--binary"],
  "--no-block-buffered": ["--block-buffered"],
  "--no-line-buffered": ["--line-buffered"],
  "--no-column": ["--column"],
  "--no-auto-hybrid-regex": ["--auto-hybrid-regex"],
  "--no-ignore-file-case-insensitive": ["--ignore-file-case-insensitive"],
  "--no-max-columns-preview": ["--max-columns-preview"],
  "--ignore-messages": ["--no-ignore-messages"],
  "--messages": ["--no-messages"],
  "--pcre2-unicode": ["--no-pcre2-unicode"],
  "--unicode": ["--no-unicode"],
  "--no-one-file-system": ["--one-file-system"],
  "--no-pcre2": ["--pcre2", "P"],
  "--no-pre": ["--pre"],
  "--no-search-zip": ["--search-zip", "z"],
  "--no-stats": ["--stats"],
  "--no-trim": ["--trim"],
};
/** RG_ONLY keys some negation undoes: their refusal waits for the end of the command line. */
const UNDOABLE = new Map(Object.entries(UNDOES).flatMap(([neg, keys]) => keys.map((k) => [k, neg] as const)));

/** Boolean flags: long name -> canonical long name. */
const BOOL_LONG: Record<string, string> = {
  "--regex": "--regex",
  "--no-fixed-strings": "--regex",
  "--fixed-strings": "--fixed-strings",
  "--ignore-case": "--ignore-case",
  "--case-sensitive": "--case-sensitive",
  "--smart-case": "--smart-case",
  "--word-regexp": "--word-regexp",
  "--line-regexp": "--line-regexp",
  "--quiet": "--quiet",
  "--invert-match": "--invert-match",
  "--text": "--text",
  "--multiline": "--multiline",
  "--multiline-dotall": "--multiline-dotall",
  "--only-matching": "--only-matching",
  "--files-with-matches": "--files-with-matches",
  "--files-without-match": "--files-without-match",
  "--count": "--count",
  "--files": "--files",
  "--line-number": "--line-number",
  "--no-line-number": "--no-line-number",
  "--with-filename": "--with-filename",
  "--heading": "--heading",
  "--no-heading": "--no-heading",
  "--no-color": "--no-color",
  "--json": "--json",
  "--paths-only": "--paths-only",
  "--type-list": "--type-list",
  "--hidden": "--hidden",
  "--follow": "--follow",
  "--no-follow": "--no-follow",
  "--help": "--help",
  "--no-config": "--no-config",
  "--glob-case-insensitive": "--glob-case-insensitive",
  "--no-glob-case-insensitive": "--no-glob-case-insensitive",
};
const BOOL_SHORT: Record<string, string> = {
  F: "--fixed-strings",
  i: "--ignore-case",
  s: "--case-sensitive",
  S: "--smart-case",
  w: "--word-regexp",
  x: "--line-regexp",
  q: "--quiet",
  v: "--invert-match",
  a: "--text",
  U: "--multiline",
  o: "--only-matching",
  l: "--files-with-matches",
  c: "--count",
  n: "--line-number",
  N: "--no-line-number",
  H: "--with-filename",
  L: "--follow",
  h: "--help",
  ".": "--hidden",
};

const JSON_HINT = "--json gives path, line_number, column and byte_offset of every match";
const REGEX_ENGINE = "--regex takes rg's default (Rust) syntax; look-around and backreferences are not supported";
const IGNORES = "--no-ignore turns off every ignore file; -g '!GLOB' excludes paths";
const FORMAT = "the output format is fixed (grouped by file and symbol); --json is for programs";

/** Every other rg 13 flag: what to use here instead. Keys are long names or single letters. */
const RG_ONLY: Record<string, string> = {
  "--auto-hybrid-regex": REGEX_ENGINE,
  // rg's --binary reads a NUL as a line end for matching and counting (its "convert" mode):
  // not in this search layer; -a and a PATH come closest.
  "--binary": "walked binary files are skipped as rg's default; -a (--text) searches them as text, and a binary file named as a PATH is searched whole",
  "--null-data": "lines end at \\n only",
  "--block-buffered": "output is written whole at the end",
  "--line-buffered": "output is written whole at the end",
  "b": JSON_HINT,
  "--byte-offset": JSON_HINT,
  "--column": JSON_HINT,
  "--vimgrep": JSON_HINT,
  "--colors": "output is never coloured",
  "--context-separator": FORMAT,
  "--no-context-separator": FORMAT,
  "--field-context-separator": FORMAT,
  "--field-match-separator": FORMAT,
  "--path-separator": FORMAT,
  "0": "printed paths never hold a newline (control characters are escaped, see INTERFACE.md); --json for programs",
  "--null": "printed paths never hold a newline (control characters are escaped, see INTERFACE.md); --json for programs",
  "--debug": "AGENTGREP_DEBUG=1 shows internal errors; --json summary counts what was skipped",
  "--trace": "AGENTGREP_DEBUG=1 shows internal errors; --json summary counts what was skipped",
  "--stats": "--json has a summary of files searched and skipped",
  "--dfa-size-limit": REGEX_ENGINE,
  "--regex-size-limit": REGEX_ENGINE,
  "--engine": REGEX_ENGINE,
  "P": REGEX_ENGINE,
  "--pcre2": REGEX_ENGINE,
  "--pcre2-version": REGEX_ENGINE,
  "--no-pcre2-unicode": REGEX_ENGINE,
  "--no-unicode": REGEX_ENGINE,
  "--ignore-file": "put the rules in an .ignore file, or exclude with -g '!GLOB'",
  "--ignore-file-case-insensitive": IGNORES,
  "--include-zero": "-c lists the files with a match; --files lists every file searched",
  "j": "AGENTGREP_THREADS=N sets the number of search workers",
  "--threads": "AGENTGREP_THREADS=N sets the number of search workers",
  "M": "lines over 240 characters are clipped around the first match, and say what they cut",
  "--max-columns": "lines over 240 characters are clipped around the first match, and say what they cut",
  "--max-columns-preview": "lines over 240 characters are clipped around the first match, and say what they cut",
  "--mmap": "files are read into one reused buffer",
  "--no-mmap": "files are read into one reused buffer",
  "I": "paths are always shown: output is grouped by file",
  "--no-filename": "paths are always shown: output is grouped by file",
  "--no-ignore-messages": "unreadable files are counted in the output's skipped: line",
  "--no-messages": "unreadable files are counted in the output's skipped: line",
  "--one-file-system": "narrow the search with PATH arguments or -g globs",
  "--passthru": "-C NUM shows NUM lines around each match",
  "--pre": "decompress or convert the files first",
  "--pre-glob": "decompress or convert the files first",
  "z": "compressed files are searched as they are (binary ones skipped): decompress first (gzip -dk FILE.gz) and search the result",
  "--search-zip": "compressed files are searched as they are (binary ones skipped): decompress first (gzip -dk FILE.gz) and search the result",
  "p": "the output is grouped by file and symbol already",
  "--pretty": "the output is grouped by file and symbol already",
  "r": "it is rg's --replace: agentgrep does not rewrite matches (-o prints only the matched text); for grep's -r, drop it: directories are always searched recursively",
  "--replace": "agentgrep does not rewrite matches; -o prints only the matched text",
  "--trim": FORMAT,
  "V": "agentgrep --version",
  "--version": "agentgrep --version",
};

/**
 * GNU grep's flags that rg does not have: agents type them from grep habits. Each gets the rg form
 * agentgrep takes (never accepted with grep's meaning silently: -r and -E are rg flags above).
 */
const GREP_ONLY: Record<string, string> = {
  "--include": "select files with rg's glob: -g '*.py' (repeatable)",
  "--exclude": "exclude files with rg's glob: -g '!*.min.js' (repeatable)",
  "--exclude-dir": "exclude a directory with rg's glob: -g '!node_modules/' (repeatable)",
  "R": "drop it: directories are always searched recursively (-L follows symbolic links)",
  "--recursive": "drop it: directories are always searched recursively",
  "--dereference-recursive": "drop it and add -L to follow symbolic links",
  "--extended-regexp": "use --regex (rg's Rust syntax)",
  "--perl-regexp": REGEX_ENGINE,
  "--basic-regexp": "patterns are literal by default; --regex takes rg's Rust syntax",
  "G": "patterns are literal by default; --regex takes rg's Rust syntax",
};

const COLOR_WHEN = ["never", "auto", "always", "ansi"];
const SORT_BY = ["path", "modified", "accessed", "created", "none"];
const CONTEXT = ["--context", "--after-context", "--before-context"];

/**
 * Accepted for rg habits and dropped here: the output stays grouped with line numbers (-n, -N,
 * --heading, --no-heading), never coloured (--color), and no rg config file is ever read
 * (--no-config). The grep class declares them for --help only: clipanion would read
 * `--no-heading` as the negation of `--heading`.
 */
const NO_OPS = new Set(["--line-number", "--no-line-number", "--heading", "--no-heading", "--no-color", "--no-config"]);

/** rg's -u levels: -u = --no-ignore, -uu = also --hidden (-uuu would search binary files). */
const UNRESTRICTED = ["--no-ignore", "--hidden"];

/** rg's size argument: digits and an optional K, M or G (powers of 1024), within 64 bits. */
function parseSize(flag: string, v: string): number {
  const m = /^(\d+)([KMG]?)$/.exec(v);
  const hint = `a number of bytes, optionally with K, M or G (1024-based, upper case, as rg): ${flag} 50K`;
  if (!m) throw new UserError(`invalid value for ${flag}: '${v}'`, hint);
  const n = BigInt(m[1]!) * (1n << BigInt({ "": 0, K: 10, M: 20, G: 30 }[m[2]!]!));
  if (n >= 1n << 64n) throw new UserError(`invalid value for ${flag}: '${v}' is too large`, hint);
  return Number(n);
}

/**
 * rg -E: the canonical encoding name for the read layer (read/index.ts setEncoding): undefined
 * for `auto` (UTF-8 bytes searched as they are, a UTF-8 or UTF-16 BOM honoured), `none` for raw
 * bytes, else the WHATWG name every file is transcoded from, as rg does. An explicit UTF-8
 * label is not auto: rg decodes then, so an invalid byte becomes U+FFFD (which `[^a-z]` matches). Labels are WHATWG's, as rg's (TextDecoder knows the same table: trimmed, any case; its
 * "replacement" labels are unknown to both); an unknown label is rg's error.
 */
function checkEncoding(flag: string, v: string): string | undefined {
  if (v === "auto") return undefined;
  if (v === "none") return "none";
  let enc: string;
  try {
    enc = new TextDecoder(v).encoding;
  } catch {
    throw new UserError(`unknown encoding: ${v}`, `${flag} takes rg's (WHATWG) labels: auto, none, utf-8, utf-16le, latin1, ... (grep's -E, extended regex, is --regex)`);
  }
  return enc;
}

function rgOnly(flag: string, key: string): UserError {
  return new UserError(`${flag} is an rg flag that agentgrep grep does not support`, RG_ONLY[key]);
}

function grepOnly(flag: string, key: string): UserError {
  return new UserError(`${flag} is a GNU grep flag; agentgrep grep takes rg's command line`, GREP_ONLY[key]);
}

/**
 * Normalises grep's arguments (everything after `grep`). Throws UserError for an rg flag we do
 * not support, a value flag without its value, or a value on a flag that takes none.
 */
export function normaliseGrepArgs(args: string[]): string[] {
  const out: string[] = [];
  const positionals: string[] = [];
  const regexps: string[] = []; // -e values, in order
  let caseFlag: string | undefined; // last of -i / -s / -S
  let boundary: string | undefined; // last of -w / -x (rg: each overrides the other)
  let syntax: string | undefined; // last of -F / --regex
  let listing: string | undefined; // last of -l / --files-without-match (rg: each overrides the other)
  let globCase: string | undefined; // last of --glob-case-insensitive / --no-glob-case-insensitive
  let unrestricted = 0;
  let sort: string | undefined; // the last --sort/--sortr, as --sort=V or --sortr=V
  let encodingName: string | undefined; // the last -E's canonical name ("" for auto)
  const refused = new Map<string, UserError>(); // undoable refusals, by the negation that undoes them
  const switches = new Map<string, boolean>(); // SWITCHES: the last of each pair
  const context: Record<string, string> = {};
  const bool = (canon: string) => {
    if (canon === "--ignore-case" || canon === "--case-sensitive" || canon === "--smart-case") caseFlag = canon;
    else if (canon === "--word-regexp" || canon === "--line-regexp") boundary = canon;
    else if (canon === "--fixed-strings" || canon === "--regex") syntax = canon;
    else if (canon === "--files-with-matches" || canon === "--files-without-match") listing = canon;
    else if (canon === "--glob-case-insensitive" || canon === "--no-glob-case-insensitive") globCase = canon;
    else if (!NO_OPS.has(canon)) out.push(canon);
  };
  const value = (canon: string, flag: string, v: string | undefined) => {
    if (v === undefined) throw new UserError(`missing value for ${flag}`, `e.g. ${flag} ${EXAMPLE[canon] ?? "VALUE"}`);
    if (canon === "--color") {
      if (!COLOR_WHEN.includes(v)) throw new UserError(`invalid value for ${flag}: ${v}`, `use ${COLOR_WHEN.join(", ")} (output is never coloured)`);
      return; // accepted, and changes nothing: output is never coloured
    }
    if (CONTEXT.includes(canon)) {
      // rg 13 (clap overrides): -C drops earlier -A/-B, and -A or -B drops an earlier -C entirely.
      if (canon === "--context") for (const k of CONTEXT) delete context[k];
      else delete context["--context"];
      context[canon] = v; // a count: options.ts isCountOption checks it, as every count
      return;
    }
    if (canon === "--sort" || canon === "--sortr") {
      // rg: the last of --sort and --sortr wins; `none` is rg's unsorted order (ours: by path).
      if (!SORT_BY.includes(v)) throw new UserError(`invalid value for ${flag}: ${v}`, `use ${SORT_BY.join(", ")} (rg's --sort values)`);
      sort = v === "none" ? undefined : `${canon}=${v}`;
      return;
    }
    if (canon === "--encoding") {
      // The last -E wins, as rg; auto (undefined) is how every file is read already.
      encodingName = checkEncoding(flag, v) ?? "";
      return;
    }
    if (canon === "--max-filesize") {
      out.push(`${canon}=${parseSize(flag, v)}`);
      return;
    }
    if (canon === "--regexp") regexps.push(v);
    out.push(`${canon}=${v}`);
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq < 0 ? a : a.slice(0, eq);
      const inline = eq < 0 ? undefined : a.slice(eq + 1);
      if (name === PACKED) throw new UserError(`unknown option '${name}'`, "see: agentgrep grep --help");
      if (Object.hasOwn(VALUE_LONG, name)) {
        value(VALUE_LONG[name]!, name, inline ?? (i + 1 < args.length ? args[++i] : undefined));
      } else if (Object.hasOwn(BOOL_LONG, name)) {
        if (inline !== undefined) throw new UserError(`${name} takes no value (got ${a})`, `write ${name} alone`);
        bool(BOOL_LONG[name]!);
      } else if (name === "--count-matches") {
        // rg: the number of matches per file, which is -c -o (and wins over -c alike).
        if (inline !== undefined) throw new UserError(`${name} takes no value (got ${a})`, `write ${name} alone`);
        bool("--count");
        bool("--only-matching");
      } else if (Object.hasOwn(SWITCHES, name)) {
        if (inline !== undefined) throw new UserError(`${name} takes no value (got ${a})`, `write ${name} alone`);
        const [k, on] = SWITCHES[name]!;
        if (k) switches.set(k, on);
      } else if (name === "--unrestricted") {
        unrestricted++;
      } else if (Object.hasOwn(UNDOES, name)) {
        if (inline !== undefined) throw new UserError(`${name} takes no value (got ${a})`, `write ${name} alone`);
        refused.delete(name);
      } else if (name === "--no-encoding") {
        if (inline !== undefined) throw new UserError(`${name} takes no value (got ${a})`, `write ${name} alone`);
        encodingName = ""; // rg: back to auto
      } else if (UNDOABLE.has(name)) {
        if (name === "--pre" && inline === undefined) i++; // its COMMAND is not a positional
        refused.set(UNDOABLE.get(name)!, rgOnly(name, name));
      } else if (Object.hasOwn(RG_ONLY, name)) {
        throw rgOnly(name, name);
      } else if (Object.hasOwn(GREP_ONLY, name)) {
        throw grepOnly(name, name);
      } else out.push(a); // unknown: clipanion names it
      continue;
    }
    if (a.length > 1 && a[0] === "-") {
      // A cluster of short flags; a value flag takes the rest of the cluster or the next arg.
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        if (Object.hasOwn(VALUE_SHORT, c)) {
          const canon = VALUE_SHORT[c]!;
          const rest = a.slice(j + 1).replace(/^=/, "");
          value(canon, `-${c}`, rest !== "" ? rest : i + 1 < args.length ? args[++i] : undefined);
          break;
        }
        if (Object.hasOwn(BOOL_SHORT, c)) bool(BOOL_SHORT[c]!);
        else if (c === "u") unrestricted++;
        else if (UNDOABLE.has(c)) refused.set(UNDOABLE.get(c)!, rgOnly(`-${c}`, c));
        else if (Object.hasOwn(RG_ONLY, c)) throw rgOnly(`-${c}`, c);
        else if (Object.hasOwn(GREP_ONLY, c)) throw grepOnly(`-${c}`, c);
        else {
          out.push(j === 1 ? a : `-${a.slice(j)}`); // unknown: clipanion names it
          break;
        }
      }
      continue;
    }
    positionals.push(a);
  }
  for (const e of refused.values()) throw e;
  if (unrestricted > 2)
    throw new UserError("-uuu is an rg flag that agentgrep grep does not support", "-uu searches ignored and hidden files; add -a to search binary files as text");
  out.push(...UNRESTRICTED.slice(0, unrestricted));
  for (const [k, v] of Object.entries(context)) out.push(`${k}=${v}`);
  for (const [k, on] of switches) if (on) out.push(k);
  if (sort) out.push(sort);
  if (encodingName) out.push(`--encoding=${encodingName}`);
  if (caseFlag) out.push(caseFlag);
  if (boundary) out.push(boundary);
  if (syntax === "--regex") out.push("--regex");
  if (listing) out.push(listing);
  if (globCase === "--glob-case-insensitive") out.push(globCase);
  if (regexps.length + positionals.length > PACK_OVER) {
    const rest = out.filter((a) => !a.startsWith("--regexp="));
    return [...rest, `${PACKED}=${JSON.stringify({ e: regexps, args: positionals })}`];
  }
  if (positionals.length) out.push("--", ...positionals);
  return out;
}

/**
 * The hidden option that carries long -e and PATH lists past clipanion as one JSON value:
 * clipanion's parser copies its state per argument, so its cost grows with the square of the
 * argument count (10,000 -e patterns took 32 s of CPU and 1.2 GB). Rejected when a user gives it.
 */
export const PACKED = "--packed-lists";

/** The -e patterns and positionals normaliseGrepArgs packed into --packed-lists (none when absent). */
export function unpackLists(packed: string | undefined): { e: string[]; args: string[] } {
  return packed === undefined ? { e: [], args: [] } : JSON.parse(packed);
}

const EXAMPLE: Record<string, string> = {
  "--regexp": "PATTERN",
  "--file": "patterns.txt",
  "--after-context": "3",
  "--before-context": "3",
  "--context": "3",
  "--max-count": "1",
  "--type": "py",
  "--type-not": "py",
  "--glob": "'*.ts'",
  "--iglob": "'*.ts'",
  "--color": "never",
  "--path": "src",
  "--max-files": "50",
  "--max-regions": "50",
  "--role": "definition",
  "--full-region": "auto",
  "--context-json": "context.json",
  "--sort": "path",
  "--sortr": "modified",
  "--max-filesize": "1M",
  "--type-add": "'foo:*.foo'",
  "--type-clear": "py",
  "--encoding": "utf-8",
};
