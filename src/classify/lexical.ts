/**
 * Line-shape evidence: where comments and doc strings are, and what a subject occurrence is doing on
 * its line (defined, called, written, compared, registered as a handler, emitted...). This works on
 * every language, with or without a parser, so a file without structure still yields typed evidence.
 */

import { SOURCE_IDIOMS } from "../../grammars/sources.ts";
import { PAIR_ARROW_LANGS } from "../../grammars/pairs.ts";
import { LINE_SHAPE_IDIOMS } from "../../grammars/shapes.ts";

/** How a language writes comments: C-style `//` and block comments (c), `#` (python, hash), `--` and `--[[ ]]` (dash: Lua, SQL, Haskell, Elm, Ada), `(* *)` (ml: OCaml, Standard ML, F#'s block comments). */
export type Family = "c" | "python" | "hash" | "dash" | "ml" | "markup" | "plain";

export function familyOf(path: string): Family {
  const ext = (path.match(/\.([A-Za-z0-9]+)$/)?.[1] ?? "").toLowerCase();
  if (["py", "pyi", "pyw"].includes(ext)) return "python";
  if (["sh", "bash", "zsh", "rb", "pl", "pm", "r", "yaml", "yml", "toml", "cfg", "ini", "conf", "cmake", "mk", "nim", "ex", "exs", "cr"].includes(ext)) return "hash";
  if (["lua", "sql", "hs", "lhs", "elm", "adb", "ads", "vhd", "vhdl"].includes(ext)) return "dash";
  // OCaml's sources, interfaces and lexer/parser specs were plain text here: no occurrence typed.
  if (["ml", "mli", "mll", "mly", "sml", "sig", "fun"].includes(ext)) return "ml";
  if (["md", "markdown", "mdx", "rst", "txt", "adoc", "html", "htm", "xml", "svg"].includes(ext)) return "markup";
  if (["c", "h", "cc", "cpp", "cxx", "hpp", "hh", "hxx", "go", "rs", "js", "jsx", "mjs", "cjs", "ts", "tsx", "mts", "cts", "java", "kt", "kts", "scala", "swift", "cs", "php", "dart", "zig", "css", "scss", "less", "vue", "svelte", "groovy", "gradle", "proto", "m", "mm", "sol", "v", "json", "jsonc"].includes(ext)) return "c";
  return "plain";
}

const LANG_BY_EXT = new Map<string, string>();
for (const [lang, row] of Object.entries(SOURCE_IDIOMS)) for (const x of row.ext) LANG_BY_EXT.set(x, lang);

/** The language of a path as the per-language idioms (grammars/sources.ts) name it; "" when none. */
export function langOf(path: string): string {
  const ext = (path.match(/\.([A-Za-z0-9]+)$/)?.[1] ?? "").toLowerCase();
  return LANG_BY_EXT.get(ext) ?? "";
}

/**
 * The subject read from the environment or a configuration (grammars/sources.ts): `keyed`, the
 * text before the subject as a quoted key (`os.Getenv("`, `$_SERVER['`, `config.get(section, "`);
 * `named`, the text before it written bare (`process.env.`). The language's row joins the `any` row.
 */
/**
 * What may stand between a reader and the quote of its key: a wide or byte string's prefix (C's
 * `L"X"`, `u8"X"`, Python's `b"X"`) or a string macro's call (Windows' `_T("X")`/`TEXT("X")`, a
 * runtime's `T("X")`, Qt's `QStringLiteral("X")`).
 */
const LITERAL_PREFIX = String.raw`(?:(?:L|u8|u|U|b)(?=["'])|(?:_?T|TEXT|_TEXT|QStringLiteral|QLatin1String)\s*\(\s*)?`;
interface SourceRes { keyed: RegExp; named: RegExp; sets: RegExp | null; setsCommand: RegExp | null }
const sourceResMemo = new Map<string, SourceRes>();
function sourceRes(lang: string): SourceRes {
  let r = sourceResMemo.get(lang);
  if (!r) {
    const any = SOURCE_IDIOMS.any!;
    const own = lang ? SOURCE_IDIOMS[lang] : undefined;
    const keyed = [...any.keyed, ...(own?.keyed ?? [])];
    const named = [...any.named, ...(own?.named ?? [])];
    const sets = [...(any.sets ?? []), ...(own?.sets ?? [])];
    r = {
      keyed: new RegExp(`(?:${keyed.join("|")})\\s*(?:[^()\\[\\],]*,\\s*)?${LITERAL_PREFIX}["'\`](?:--?)?$`, "i"),
      named: new RegExp(`(?:${named.join("|")})\\s*$`),
      sets: sets.length ? new RegExp(`(?:${sets.join("|")})\\s*(?:[^()\\[\\],]*,\\s*)?${LITERAL_PREFIX}["'\`]$`) : null,
      setsCommand: own?.setsCommand ? new RegExp(own.setsCommand) : null,
    };
    sourceResMemo.set(lang, r);
  }
  return r;
}

/**
 * Whether an assignment's right-hand side reads a value from outside the program (the `reads` names
 * of grammars/sources.ts: the `any` row and the language's own), as whole words.
 */
export function readsSource(rhs: string, lang: string): boolean {
  let re = readsMemo.get(lang);
  if (!re) {
    const own = lang ? SOURCE_IDIOMS[lang]?.reads ?? [] : [];
    readsMemo.set(lang, (re = new RegExp(`\\b(?:${[...(SOURCE_IDIOMS.any!.reads ?? []), ...own].join("|")})\\b`)));
  }
  return re.test(rhs);
}
const readsMemo = new Map<string, RegExp>();

/**
 * A name a line binds to each item of a list it writes (`for envname in 'TMPDIR', 'TEMP':`,
 * `for (const k of ["A", "B"])`, `for _, k := range []string{"A"}`, `%w[A B].each do |k|`,
 * `foreach ([...] as $k)`): where a subject written as one of those strings is read through it.
 */
const BINDS_ITEM = [
  /\bfor\s+(?:\(\s*)?(?:(?:const|let|var|auto|my|final)\s+)?(?:[\w$]+\s*,\s*)?([\w$]+)\s+(?:in|of)\b/,
  /(?:^|[\s,(])(?:[\w$]+\s*,\s*)?([\w$]+)\s*:?=\s*range\b/,
  /\|\s*([\w$]+)\s*\|/,
  /\bforeach\s*\(.*\bas\s+\$?([\w$]+)/,
];
/** Lines after the binding line that may read the bound name (the loop's first statements). */
const READ_THROUGH_LINES = 3;
const throughMemo = new Map<string, RegExp>();

/**
 * The subject as a string in a list whose items a loop reads from the environment or a
 * configuration through the bound name (`for envname in 'TMPDIR', ...:` then `_os.getenv(envname)`
 * on a next line): that read, as {name, line}, or null. The readers are the `keyed` idioms of
 * grammars/sources.ts with the name where the quoted key would be.
 */
export function readThroughName(lines: string[], ln: number, lang: string): { name: string; line: number } | null {
  const text = lines[ln - 1] ?? "";
  if (text.length > 1000) return null;
  let name: string | undefined;
  for (const re of BINDS_ITEM) { const m = re.exec(text); if (m) { name = m[1]; break; } }
  if (!name) return null;
  const re = keyedReadOf(name, lang);
  for (let l = ln; l <= Math.min(lines.length, ln + READ_THROUGH_LINES); l++) {
    const t = lines[l - 1] ?? "";
    if (t.length <= 1000 && re.test(l === ln ? t.slice(t.indexOf(name) + name.length) : t)) return { name, line: l };
  }
  return null;
}

/** A keyed read (grammars/sources.ts) with `name` where the quoted key would be: `getenv(name)`, `env[name]`. */
export function keyedReadOf(name: string, lang: string): RegExp {
  const key = `${lang}\0${name}`;
  let re = throughMemo.get(key);
  if (!re) {
    if (throughMemo.size > 1000) throughMemo.clear();
    const any = SOURCE_IDIOMS.any!;
    const own = lang ? SOURCE_IDIOMS[lang] : undefined;
    const keyed = [...any.keyed, ...(own?.keyed ?? [])];
    throughMemo.set(key, (re = new RegExp(`(?:${keyed.join("|")})\\s*(?:[^()\\[\\],]*,\\s*)?\\$?(?:[\\w$]+\\s*(?:\\.|::|->)\\s*)*${name.replace(/\$/g, "\\$")}\\s*[)\\],]`, "i")));
  }
  return re;
}

/**
 * A constant whose whole value is one string literal (`CACHE_ENV = "APP_CACHE"`, `const KEY =
 * 'x';`, `static final String KEY = "x";`, `#define KEY "x"`, `KEY = "x".freeze`): its name.
 */
const BINDS_CONSTANT = [
  /^\s*(?:export\s+)?(?:(?:public|private|protected|internal|static|final|const|constexpr|readonly|let|var|val|pub(?:\([^)]*\))?|inline)\s+)*(?:[\w$.:<>[\]&*]+\s+)??\$?([A-Za-z_][\w$]*)\s*(?::\s*[^=]{1,60}?)?\s*:?=\s*(?:[A-Za-z]{0,2})(["'`])[^"'`\\]*\2\s*(?:\.freeze\s*)?[;,]?\s*$/,
  /^\s*#\s*define\s+([A-Za-z_]\w*)\s+(?:[LuU]8?)?"[^"\\]*"\s*$/,
];
/**
 * The name of the constant a line binds to exactly `value` as a string (`KEY = "value"`), or
 * undefined: where a configuration key or environment variable's name is kept for its reads.
 */
export function constantHolding(text: string, value: string): string | undefined {
  if (text.length > 300 || !text.includes(value)) return undefined;
  for (const re of BINDS_CONSTANT) {
    const m = re.exec(text);
    // A constant, not any variable given a string (`label = "HOME"` in a function): declared so,
    // or named in capitals (`CACHE_ENV = ...`, Python's and Ruby's module constants).
    if (m && (CONSTANT_NAME.test(m[1]!) || CONSTANT_DECL.test(text)) && QUOTES.some((q) => text.includes(q + value + q))) return m[1];
  }
  return undefined;
}

const QUOTES = ['"', "'", "`"];
const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*$/;
const CONSTANT_DECL = /^\s*(?:#\s*define\b|(?:[\w$]+\s+)*(?:const|final|constexpr|readonly|val)\s)/;

/** Lines a file may have for its constants to be followed to their reads (the search is one pass per constant). */
const THROUGH_CONSTANT_MAX_LINES = 20_000;
/** Constants followed per file: each is a pass over the file's lines. */
const THROUGH_CONSTANTS_PER_FILE = 8;
/** Per file (its line array), the result per binding line: the passes over a file ask again. */
const constantsTried = new WeakMap<string[], Map<number, { name: string; line: number } | null>>();

/**
 * The subject (one of `values`) as the whole string value of a constant that the file then reads from the environment or
 * a configuration by the constant's name (`CACHE_ENV = "APP_CACHE"` ... `os.environ.get(CACHE_ENV)`):
 * that read, as {name, line}, or null. The readers are the `keyed` idioms, as in readThroughName.
 */
export function readThroughConstant(lines: string[], ln: number, lang: string, values: string[]): { name: string; line: number } | null {
  const text = lines[ln - 1] ?? "";
  if (text.length > 300 || lines.length > THROUGH_CONSTANT_MAX_LINES) return null;
  // The constant's whole string is the subject: `FIXED_PULSE_PROP = "a.fixed.pulse.length"` holds another key.
  let name: string | undefined;
  for (const v of values) if ((name = constantHolding(text, v))) break;
  if (!name) return null;
  let tried = constantsTried.get(lines);
  if (!tried) constantsTried.set(lines, (tried = new Map()));
  const done = tried.get(ln);
  if (done !== undefined) return done;
  if (tried.size >= THROUGH_CONSTANTS_PER_FILE) return null;
  const re = keyedReadOf(name, lang);
  let found: { name: string; line: number } | null = null;
  for (let l = 1; l <= lines.length && !found; l++) {
    const t = lines[l - 1]!;
    if (l !== ln && t.length <= 1000 && t.includes(name) && re.test(t)) found = { name, line: l };
  }
  tried.set(ln, found);
  return found;
}

/**
 * For each line (0-based), the column where comment or doc-string text starts (0 = the whole line),
 * or -1 when the line has no comment. A small scanner, aware of strings so `"//"` is not a comment.
 */
export function commentColumns(text: string, family: Family): Int32Array {
  return commentColumnsOfLines(text.split("\n"), family);
}

/** commentColumns of a text already split into lines. */
export function commentColumnsOfLines(lines: string[], family: Family): Int32Array {
  const out = new Int32Array(lines.length).fill(-1);
  if (family === "markup" || family === "plain") return out;
  let inBlock = false; // /* ... */ or a triple-quoted string
  let tripleQuote = "";
  const python = family === "python";
  const cLike = family === "c";
  const dash = family === "dash";
  const ml = family === "ml";
  for (let li = 0; li < lines.length; li++) {
    const l = lines[li]!;
    let i = 0;
    if (inBlock) {
      out[li] = 0;
      const closer = python ? tripleQuote : dash ? "]]" : ml ? "*)" : "*/";
      const close = l.indexOf(closer);
      if (close < 0) continue;
      inBlock = false;
      i = close + closer.length;
    }
    // Character codes, not one-character strings: this runs over every byte of every file
    // trace reads. The cases mirror a plain reading: inside a string skip to its close; a
    // (Python) triple quote opens doc text; a quote opens a string; a comment marker ends code.
    const n = l.length;
    let quote = 0;
    for (; i < n; i++) {
      const c = l.charCodeAt(i);
      if (quote !== 0) {
        if (c === 92 /* \\ */) i++;
        else if (c === quote) quote = 0;
        continue;
      }
      if (c === 34 /* " */ || c === 39 /* ' */) {
        if (python && l.charCodeAt(i + 1) === c && l.charCodeAt(i + 2) === c) {
          const q = l.slice(i, i + 3);
          const close = l.indexOf(q, i + 3);
          // Triple-quoted text is documentation or data, never code: treat it as comment.
          if (out[li] < 0) out[li] = i;
          if (close < 0) {
            inBlock = true;
            tripleQuote = q;
            break;
          }
          i = close + 2;
          continue;
        }
        // A Rust lifetime or char ('a) must not open a string that swallows the rest of the line,
        // nor an ML type variable ('a -> 'b) or primed name (x').
        if (c === 39 && (ml || isWordCode(l.charCodeAt(i - 1)) || l.indexOf("'", i + 1) < 0)) continue;
        quote = c;
        continue;
      }
      if (cLike) {
        if (c === 96 /* ` */) {
          quote = c;
          continue;
        }
        if (c === 47 /* / */) {
          const next = l.charCodeAt(i + 1);
          if (next === 47) { if (out[li] < 0) out[li] = i; break; }
          if (next === 42 /* * */) {
            const close = l.indexOf("*/", i + 2);
            if (out[li] < 0) out[li] = i;
            if (close < 0) { inBlock = true; break; }
            i = close + 1;
            continue;
          }
        }
      } else if (ml) {
        if (c === 40 /* ( */ && l.charCodeAt(i + 1) === 42 /* * */ && l.charCodeAt(i + 2) !== 41 /* ) : the (*) operator */) {
          const close = l.indexOf("*)", i + 2);
          if (out[li] < 0) out[li] = i;
          if (close < 0) { inBlock = true; break; }
          i = close + 1;
          continue;
        }
      } else if (dash) {
        if (c === 45 /* - */ && l.charCodeAt(i + 1) === 45) {
          if (out[li] < 0) out[li] = i;
          // `--[[` (or `--[==[`) opens a block comment up to `]]`.
          if (/^--\[=*\[/.test(l.slice(i, i + 8))) {
            const close = l.indexOf("]]", i + 4);
            if (close < 0) { inBlock = true; break; }
            i = close + 1;
            continue;
          }
          break;
        }
      } else if (c === 35 /* # */) {
        if (out[li] < 0) out[li] = i;
        break;
      }
    }
    // A line that only continues a doc comment (` * foo`) counts as comment too.
    if (out[li] < 0 && family === "c" && /^\s*\*(?!\*?\/)/.test(l) && li > 0 && out[li - 1] >= 0) out[li] = 0;
  }
  return out;
}

/** [A-Za-z0-9_] by character code (NaN, before the line start, is not). */
function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** Whether column `col` of `line` is inside a quoted string (single-line view). */
export function inStringAt(line: string, col: number): boolean {
  let quote = "";
  for (let i = 0; i < col && i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = "";
      continue;
    }
    if (ch === '"' || ch === "`") quote = ch;
    // An apostrophe or a Rust lifetime ('a) has no closing quote on the line: not a string.
    else if (ch === "'" && !/[A-Za-z0-9_]/.test(line[i - 1] ?? "") && line.indexOf("'", i + 1) > 0) quote = ch;
  }
  return quote !== "";
}

export type OccKind =
  | "definition" // declares the subject itself (class/def/fn/type/let/method)
  | "field" // `subject: T` declaration or `subject: value` in a literal
  | "declaration" // declared without a body: a prototype (`int f(int);`), a forward declaration (`struct x;`)
  | "implementation" // a type that implements/extends the subject (class X(Subject), impl Subject for X)
  | "impl-of" // a block or method attached to the subject type (impl Trait for Subject, func (s Subject) M)
  | "call"
  | "construct" // Subject{...} / new Subject(...)
  | "emit" // the subject is emitted/sent/fired as an event or signal
  | "handler" // the subject is registered as a handler / listener / patched hook
  | "dispatch" // compared, matched or switched on (== X, case X:, except X, catch (X e), Kotlin's catch (e: X), C++'s catch (const X&), Ruby's rescue X, errors.Is(err, X), Rust's payload.is::<X>() and downcast_ref::<X>())
  | "write" // assigned, incremented, inserted into, pushed to, passed as a keyword value
  | "import"
  | "source" // read from the environment, a config/settings lookup, a flag or argument definition
  | "setenv" // set in the environment of the process or a child (`env::set_var("X", ..)`, `cmd.env("X", ..)`, `X=1 cmd`)
  | "string" // mentioned inside a string literal with no recognised role
  | "comment"
  | "reference";

/** An instance name then attribute macros (`__maybe_unused`, `__initconst`, `__attribute__((x))`, `CACHE_ALIGNED`): only the name is kept. */
const C_INSTANCE_ATTRS = /^(\s*[A-Za-z_]\w*)(?:\s+(?:__\w+|[A-Z][A-Z0-9_]+)(?:\s*\((?:[^()]|\([^()]*\))*\))?)+(?=\s*(?:\[[^\]]*\]\s*)?[=;,])/;
/** Attribute macros between a tag's type and the instance's name (`struct x __maybe_unused name = {`). */
const C_LEADING_ATTRS = /^\s*(?:(?:__\w+|[A-Z][A-Z0-9_]+)(?:\s*\((?:[^()]|\([^()]*\))*\))?\s+)+(?=[A-Za-z_])/;
const C_TAG_BEFORE = /(?:^|[\s(,])(?:struct|union|enum)\s+$/;
/** `class`/`struct` then upper-case annotation macros, with or without arguments, before the name. */
const ANNOTATED_TAG_BEFORE = /(?:^|[\s(,])(?:class|struct|union)\s+(?:(?:[A-Z_][A-Z0-9_]{2,}|alignas|__attribute__|__declspec)(?:\s*\((?:[^()]|\([^()]*\))*\))?\s+)+$/;
const DEF_KEYWORD = /(?:^|[\s(])(?:def|class|function\*?|func|fn|struct|enum|union|trait|interface|type|typedef|module|mod|namespace|macro_rules!|record|object|protocol|actor|extension|sub|proc|defn|defmodule)\s+$/;
const VAR_DECL = /^\s*(?:(?:export|pub(?:\([^)]*\))?|public|private|protected|internal|static|async|abstract|override|readonly|declare|default|final|unsafe|extern|inline|volatile|mut)\s+)*(?:const|let|var|static|val|my|our|local|global)\s+(?:mut\s+)?$/;
const MEMBER_PREFIX = /^\s*(?:(?:export|pub(?:\([^)]*\))?|public|private|protected|internal|static|async|abstract|override|readonly|declare|default|final|get|set|unsafe|extern|inline|virtual|const)\s+)*\*?$/;
const NOT_A_TYPE = /\b(?:return|else|case|new|await|yield|throw|not|and|or|in|if|typeof|delete|goto|sizeof|defer|go|raise|assert|print|echo|do|while|for|when|is|as|then)\s+\**$/;
/** A C/C++/Java head before the name: type words, then optionally the owner (`String SystemStats::`). */
const C_DEF_BEFORE = /^\s*(?:[A-Za-z_][\w:<>,]*[\s*&]+)+\**(?:[A-Za-z_]\w*(?:<[^<>()]*>)?::)*$/;
/**
 * After a C/C++ function's name: its parameters, then qualifiers and C++ member specifiers
 * (`const`, `override`, `final`, `noexcept`, `&&`), then the body or nothing (the brace below): a
 * definition; then `;` (with `= 0`, `= default`, `= delete`): a declaration. Without the
 * specifiers a member's `void handleAsyncUpdate() override;` in a class body read as a call.
 */
/**
 * The text after a name closes a parenthesis opened before it (`printk_ratelimit()) {` on the
 * second line of an `if (a &&`): the line continues an expression, so the name is called there,
 * whatever the line's shape. A definition's head opens its own parameter list.
 */
function closesEarlier(after: string): boolean {
  let depth = 0;
  for (let i = 0; i < after.length && i < 400; i++) {
    const c = after.charCodeAt(i);
    if (c === 40) depth++;
    else if (c === 41 && --depth < 0) return true;
    else if (c === 123 || c === 59) break; // { or ;
  }
  return false;
}
const C_FN_BODY_AFTER = /^\s*\([^;]*\)?\s*(?:(?:const|override|final|noexcept(?:\s*\([^()]*\))?|volatile|&&?)\s*)*(?:\{|$)/;
const C_PROTO_AFTER = /^\s*\([^;]*\)\s*(?:(?:const|override|final|noexcept(?:\s*\([^()]*\))?|volatile|&&?)\s*)*(?:=\s*(?:0|default|delete)\s*)?;\s*$/;
const IMPORT_LINE = /^\s*(?:import\b|from\s+\S+\s+import\b|use\s|pub(?:\([^)]*\))?\s+use\s|#\s*include\b|extern\s+crate\b|export\s+(?:\*|\{[^}]*\})\s+from\b|require\s|load\s*\()|\brequire\s*\(|\bimport\s*\(/;
const EMIT_BEFORE = /(?:\.\s*|->\s*|(?<![:\s]):)(?:emit|send|fire|trigger|dispatch|dispatchEvent|notify|publish|broadcast|signal|raise|post)\w*\s*\(\s*(?:[^()]*,\s*)?["'`]$/;
const EMIT_ARG_BEFORE = /(?:^|[^\w$])(?:emit|fire|trigger|dispatch|dispatchEvent|notify|publish|broadcast)(?:Event|Events|All|Async|Sync|Now|_event|_events)?\s*\(\s*(?:[^()]*,\s*)?(?:[\w$\\]+\s*(?:\.|::|->)\s*)*$/;
const KEY_INVOKED_AFTER = /^\s*\]\s*\)?\s*(?:\(|&?\.\s*(?:call|invoke|apply)\b|\.\()/;
const EMIT_AFTER = /^(?:\s*\.\s*|\s*->\s*|:(?!:))(?:send|emit|fire|trigger|dispatch|notify|publish|broadcast)\w*\s*\(/;
const HANDLER_BEFORE = /\b(?:on|once|off|addEventListener|addListener|removeListener|subscribe|connect|listen|register\w*|patch|handle\w*|bind|hook|intercept|route|use|attach)\s*\(\s*(?:[^()]*,\s*)?["'`]?$/i;
const DISPATCH_BEFORE = /(?:\s[<>]=?\s*|===?|!==?|\bis(?:\s+not)?|\bcase|\bwhen|\bexcept(?:\s*\(?[\w., ]*,)?|\bcatch\s*\(\s*(?:[\w$]+\s*:\s*|const\s+)?|\brescue(?:\s+[\w:]+\s*,)*\s|\binstanceof|\berrors\.(?:Is|As)\s*\([^,()]*,|isinstance\s*\([^,()]*,\s*\(?|\bmatches!\s*\([^,]*,|\.\s*(?:is|downcast(?:_ref|_mut)?)\s*::\s*<\s*)\s*\(?\s*(?:[\w$]+(?:\.|::))*["'`]?$/;
const DISPATCH_AFTER = /^\s*["'`]?\s*(?:===?|!==?|=>|->)|^["'`]?\s*:\s*(?:$|\/\/|#)|^\s+[<>]=?\s/;
const NULL_GUARD_AFTER = /^\s*(?:===?|!==?|\bis(?:\s+not)?)\s*(?:null|nil|None|undefined|NULL|nullptr)\b/;
const NULL_GUARD_BEFORE = /\b(?:null|nil|None|undefined|NULL|nullptr)\s*(?:===?|!==?)\s*$/;
const WRITE_AFTER = /^\s*(?:\[[^\]]*\]\s*)*(?:=(?![=>~])|\+=|-=|\*=|\/=|%=|\|=|&=|\^=|\?\?=|\|\|=|&&=|<<=|>>=|\+\+|--|:=(?!=))/;
const MUTATE_AFTER = /^\s*(?:\[[^\]]*\]\s*)*\.\s*(?:push|append|add|set|insert|put|update|extend|setdefault|unshift|splice|store|fill|assign|emplace\w*|push_back|push_front|concat|merge|replace|entry|get_or_insert\w*|or_insert\w*)\s*\(/;
const C_PARAMS_AFTER = /^\s*\(\s*(?:void\s*\)|(?:const\s+)?(?:struct|union|enum|unsigned|signed|int|long|short|char|bool|float|double|u8|u16|u32|u64|s8|s16|s32|s64|size_t|[a-z_]\w*_t)\b)/;
/** A first parameter declared as a type then a name (`(tree type,`, `(const char *name)`, `(struct x &y)`). */
const GNU_HEAD_AFTER = /^\s*\(\s*(?:(?:const|volatile|struct|union|enum|unsigned|signed|class|typename)\s+)*[A-Za-z_]\w*(?:::\w+)*(?:<[^<>()]*>)?(?:\s*[*&]+\s*|\s+)(?:const\s+)?[*&]*\s*[A-Za-z_]\w*\s*(?:[,)\[=]|$)/;
const CALLBACK_STORE_BEFORE = /(?:->|\.)\s*[A-Za-z_]\w*\s*=\s*&?\s*$/;
const ADDRESS_ARG_BEFORE = /[(,]\s*(?:&(?!&)\s*(?:mut\s+)?)(?:[A-Za-z_]\w*\s*(?:->|\.)\s*)*$/;
const MUTATE_KEY_BEFORE = /(?:\.\s*(?:set|setdefault|put|insert|add|setattr|setdefault|setItem|Set|Store)\s*\(\s*(?:[^()]*,\s*)?|\[\s*)["'`]$/;

/**
 * `local x = t.x`, `const x = opts.x`, `x = self.x`: the right-hand side is only a member of the same
 * name (`= t.x`, `= self.x;`, `= opts?.x,`, `= obj:x`, `= $this->x;`). Trace reads such a local copy
 * as a read of the member (investigate/evidence.ts); grep's roles still call it a definition.
 */
export function memberAlias(after: string, name: string): boolean {
  const m = /^\s*(?::[^=]*)?=(?![=>])\s*(.*)$/.exec(after);
  if (!m) return false;
  const rhs = m[1]!.replace(/\s*(?:[;,]|--.*|\/\/.*|#.*)?\s*$/, "");
  return rhs.length > name.length && new RegExp(`^[\\w$]+(?:(?:\\??\\.|->|::)[\\w$]+)*(?:\\??\\.|->|:)${escapeRe(name)}$`).test(rhs);
}
const escapeRe = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A field's declared type with what the plain type test cannot read made plain: generic arguments
 * (`FxHashSet<(String, Option<String>)>`), paths (`std::path::PathBuf`), lifetimes (`&'a str`).
 * A declared field has no value; `x: compute(a)` in a literal still has one.
 */
function typeText(after: string): string {
  let t = after;
  for (let i = 0; i < 4 && /<[^<>]*>/.test(t); i++) t = t.replace(/<[^<>]*>/g, "");
  return t.replace(/::/g, ".").replace(/&'\w+\s*/g, "&");
}

interface ShapeRes { definitionBefore?: RegExp; implementationBefore?: RegExp; implementationAfter?: RegExp; declarationBefore?: RegExp; dispatchBefore?: RegExp; dispatchAfter?: RegExp; writeAfter?: RegExp; callBefore?: RegExp; callAfter?: RegExp; constructs?: { before: RegExp; after: RegExp; local?: boolean }[] }
const shapeMemo = new Map<string, ShapeRes | null>();
/** The compiled row of grammars/shapes.ts for a language, or null. */
function shapeRes(lang: string): ShapeRes | null {
  let r = shapeMemo.get(lang);
  if (r === undefined) {
    const row = lang ? LINE_SHAPE_IDIOMS[lang] : undefined;
    r = row ? Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Array.isArray(v) ? v.map((p) => ({ before: new RegExp(p.before), after: new RegExp(p.after), local: p.local })) : new RegExp(v as string)])) as ShapeRes : null;
    shapeMemo.set(lang, r);
  }
  return r;
}

export interface LineShape {
  kind: OccKind;
  /** A definition or field with an initializer (`let x = ...`, `x: T = ...`): a producer of the value. */
  withValue?: boolean;
  /**
   * A reference that makes an instance when the line is a local of a function's body (a `local`
   * row of grammars/shapes.ts' `constructs`, C++'s `X x;`); in a type's body it declares a field.
   */
  local?: boolean;
}

/**
 * Classifies one occurrence of the subject spanning [s, e) of `line`. `commentCol` is the comment
 * start column for the line (-1 if none); `lang`: the file's language as langOf names it (its
 * idioms for environment and config reads; Rust's borrows differ from C's `&`).
 */
export function classifyOccurrence(line: string, s: number, e: number, commentCol: number, family: Family, lang = ""): LineShape {
  const rust = lang === "rust";
  if (commentCol >= 0 && s >= commentCol) return { kind: "comment" };
  if (family === "markup" || family === "plain") {
    return { kind: /^\s*#{1,6}\s/.test(line) ? "definition" : "reference" };
  }
  const before = line.slice(0, s);
  const afterRaw = line.slice(e);
  const quoted = inStringAt(line, s);
  // The rest of the line after a closing quote (for "subject" passed as a string).
  const after = quoted ? afterRaw.replace(/^[^"'`]*["'`]/, "") : afterRaw;

  if (!quoted && IMPORT_LINE.test(line)) return { kind: "import" };
  if (quoted) {
    if (sourceRes(lang).sets?.test(before)) return { kind: "setenv" };
    if (EMIT_BEFORE.test(before)) return { kind: "emit" };
    if (/\[\s*["'`]$/.test(before) && KEY_INVOKED_AFTER.test(after)) return { kind: "call" };
    // Ruby's and PHP's `'key' => value` is a pair of a literal, not a match arm (grammars/pairs.ts).
    if ((family === "hash" || PAIR_ARROW_LANGS.has(lang)) && /^\s*=>/.test(after) && !DISPATCH_BEFORE.test(before)) return { kind: "field", withValue: true };
    if (/\bcase\s+["'`]$/.test(before) || DISPATCH_BEFORE.test(before) || DISPATCH_AFTER.test(after)) return { kind: "dispatch" };
    if (MUTATE_KEY_BEFORE.test(before) && (!/\[\s*["'`]$/.test(before) || WRITE_AFTER.test(after.replace(/^\s*\]/, "")))) return { kind: "write" };
    if (HANDLER_BEFORE.test(before)) return { kind: "handler" };
    // `"subject": value` / `'subject': fn` keys in a literal.
    if (/^\s*["'`]?$/.test(before) && /^\s*:/.test(after)) return { kind: "field", withValue: true };
    if (sourceRes(lang).keyed.test(before)) return { kind: "source" };
    if (/\bgetattr\s*\(\s*[^,()]*,\s*["'`]$/.test(before)) return { kind: "reference" };
    return { kind: "string" };
  }

  // The language's own shapes (grammars/shapes.ts) before the shared ones.
  const own = shapeRes(lang);
  if (own) {
    if (own.definitionBefore?.test(before)) return { kind: "definition", withValue: /^\s*(?::[^=]*)?=(?!=)/.test(after) };
    if (own.implementationBefore?.test(before) && own.implementationAfter?.test(after)) return { kind: "implementation", withValue: true };
    if (own.declarationBefore?.test(before)) return { kind: "declaration" };
    if (own.dispatchBefore?.test(before) && own.dispatchAfter?.test(after)) return { kind: "dispatch" };
    if (own.writeAfter?.test(after)) return { kind: "write", withValue: true };
    const made = own.constructs?.find((p) => p.before.test(before) && p.after.test(after));
    if (made) return made.local ? { kind: "reference", local: true } : { kind: "construct" };
  }
  // C++'s own members: a constructor or destructor named through its type (`X::X (`, `X::~X()`),
  // a destructor's head (`~X();`, `virtual ~X() {`), a special member defaulted or deleted
  // (`X() = default;`) belong to the type; they call nothing.
  if (lang === "c" && /^\s*\(/.test(after)) {
    const name = line.slice(s, e);
    if (before.endsWith(`${name}::`) || before.endsWith(`${name}::~`)) {
      if (!/[\w$]/.test(before.charAt(before.length - name.length - (before.endsWith("~") ? 4 : 3)))) return { kind: "impl-of" };
    }
    if (/^\s*(?:(?:virtual|inline|constexpr)\s+)*~$/.test(before)) return { kind: "impl-of" };
    if (MEMBER_PREFIX.test(before) && /^\s*\([^()]*\)\s*(?:noexcept\s*)?=\s*(?:default|delete)\s*;/.test(after)) return { kind: "declaration" };
  }
  // Rust impl headers: which side of `for` the subject is on decides implementation vs impl-of.
  if (/^\s*(?:pub(?:\([^)]*\))?\s+)?(?:unsafe\s+)?impl\b/.test(line)) {
    const forAt = line.search(/\sfor\s/);
    if (forAt >= 0 && s < forAt) return { kind: "implementation" };
    return { kind: "impl-of" };
  }
  // Classes/structs that extend or implement the subject.
  if (/^\s*(?:(?:export|default|public|private|protected|abstract|final|sealed|open|data|static|declare|internal)\s+)*class\s+[\w$]+[^{:]*\(/.test(before) && family === "python") return { kind: "implementation" };
  if (/\bclass\s+[\w$]+(?:\s*<[^>]*>)?\s+(?:extends|implements|:)\b|\bclass\s+[\w$]+(?:\s*<[^>]*>)?\s*:\s*[^{]*$|\b(?:struct|class)\s+\w+\s*:\s*(?:public|private|protected)?/.test(before)) return { kind: "implementation" };
  if (/\binterface\s+[\w$]+(?:\s*<[^>]*>)?\s+extends\b/.test(before)) return { kind: "implementation" };
  // Kotlin's object expression (`object : Listener {`) implements the interface in place.
  if (/\bobject\s*:\s*(?:[\w.]+(?:<[^>]*>)?(?:\([^)]*\))?\s*,\s*)*$/.test(before) && family === "c") return { kind: "implementation" };
  if (family === "hash" && /^\s*class\s+[\w:]+\s*<\s*(?:[\w]+::)*$/.test(before)) return { kind: "implementation" };
  // Go methods whose receiver is the subject type: func (r Subject) Render(...)
  if (/^\s*func\s*\(\s*\w*\s*\*?$/.test(before)) return { kind: "impl-of" };
  // Go methods: `func (r *Raft) electSelf(` defines electSelf (the receiver is not a call).
  if (/^\s*func\s*\([^()]*\)\s*$/.test(before) && /^\s*(?:\[[^\]]*\])?\(/.test(afterRaw)) return { kind: "definition" };

  // C's struct/union/enum keyword also writes a type's uses: `struct sk_buff *skb`, `struct x name`
  // are references; `struct ops name = {` is an instance of the type (an ops table: an implementation);
  // only `struct x {` (or the brace on the next line) defines it.
  // The owner of a qualified name (`var ValueTree::getProperty (`, `Foo::new(`): the member is what the line is about.
  // The owner of its own constructor or destructor (`X::X (`, `X::~X()`) belongs to the type with it.
  if (lang === "c" && afterRaw.startsWith("::")) {
    const name = line.slice(s, e);
    if (new RegExp(`^::\\s*~?${escapeRe(name)}\\s*\\(`).test(afterRaw)) return { kind: "impl-of" };
  }
  if (/^::\s*~?[A-Za-z_]/.test(afterRaw)) return { kind: "reference" };
  // A type head with annotation macros before the name (`class JUCE_API ValueTree final`, `struct GTY(()) cpp_reader {`).
  if (family === "c" && ANNOTATED_TAG_BEFORE.test(before)) {
    if (/^\s*;/.test(after)) return { kind: "declaration" };
    if (/^\s*(?:final\b|:(?!:)|\{|$)/.test(after)) return { kind: "definition" };
  }
  // A forward declaration (`struct sk_buff;`, C++'s `class Widget;`) names the type without its body
  // (Rust's `struct Unit;` is a whole unit struct).
  if (family === "c" && !rust && /(?:^|[\s(,])(?:struct|union|enum|class)\s+$/.test(before) && /^\s*;/.test(after)) return { kind: "declaration" };
  if (C_TAG_BEFORE.test(before)) {
    // The instance's name may carry attribute macros (`altr_fops __maybe_unused = {`, `x __initdata;`).
    // In a macro body the name may be pasted (`key_ ##name## _ops = {`): one name.
    const inst = after.replace(/\s*##\s*/g, "").replace(C_LEADING_ATTRS, "").replace(C_INSTANCE_ATTRS, "$1");
    // `static const struct x` alone on its line: an instance named on the next line (a type is not static).
    if (/^\s*(?:\\\s*)?$/.test(inst) && /(?:^|\s)(?:static|const)\s+(?:[A-Za-z_]\w*\s+)*(?:struct|union|enum)\s+$/.test(before)) return { kind: "implementation" };
    if (/^\s*[A-Za-z_]\w*\s*(?:\[[^\]]*\]\s*)?=\s*\{?\s*$/.test(inst) || /^\s*[A-Za-z_]\w*\s*(?:\[[^\]]*\]\s*)?=\s*\{/.test(inst)) return { kind: "implementation" };
    if (/^\s*(?:\*|&|[A-Za-z_]\w*\s*[;,)=\[(]|[A-Za-z_]\w*\s*$|\)|,)/.test(inst)) return { kind: "reference" };
    // A pointer qualified by an annotation (`struct file __rcu *f;`) is a use of the type too.
    if (/^\s*(?:__\w+|[A-Z][A-Z0-9_]+)\s*\*/.test(inst)) return { kind: "reference" };
    // A qualifier after the type (`struct task_struct const *task`) is a use too.
    if (/^\s*(?:const|volatile|restrict)\b/.test(inst)) return { kind: "reference" };
  }
  // Solidity's contract, library and modifier heads, and the bases a contract inherits (`contract Vault is
  // Ownable, ERC20("V", "V") {`). Only in Solidity: elsewhere `contract Contract` is a parameter or a field.
  if (lang === "solidity") {
    if (/^\s*(?:abstract\s+)?(?:contract|library|modifier)\s+$/.test(before)) return { kind: "definition" };
    if (/^\s*(?:abstract\s+)?(?:contract|interface)\s+\w+\s+is\s+(?:[\w.]+(?:\([^()]*\))?\s*,\s*)*$/.test(before)) return { kind: "implementation" };
  }
  if (DEF_KEYWORD.test(before)) return { kind: "definition" };
  // Kotlin's `fun`, with type parameters or a receiver type: `override fun <T : H<T>> onStateChange(`, `fun Throwable.toCoded(`.
  if (/(?:^|\s)fun\s+(?:<.*>\s*)?(?:[\w.]+(?:<[^>]*>)?\??\.)?$/.test(before) && family === "c") return { kind: "definition" };
  // Lua's functions in a table: `function M.start(`, `function obj:start(`.
  if (family === "dash" && /(?:^|\s)function\s+[\w.:]*[.:]$/.test(before)) return { kind: "definition" };
  // Ruby's class methods: `def self.start`, `def Lexer.start`.
  if (/(?:^|\s)def\s+(?:self|[A-Z][\w:]*)\.$/.test(before)) return { kind: "definition" };
  // `private static Node getCachedImpl(...)`, `static Node cache;` (Java, C, C#): after `static` a type
  // then the declared name; the subject here is the type, not what is declared.
  // In C and C++ every declaration puts the type first: `const ValueTree& getRoot()`, `const ValueTree ValueTree::invalid;`.
  // A parameter continued on its own line (`    const UnitTest& unit_test);`, `const T& /*unused*/)`, `const T*)`)
  // and a const pointer (`static UnitTest* const instance`) put the type first too.
  if (VAR_DECL.test(before) && (/\bstatic\s+$/.test(before) || lang === "c") && /^(?:\s+|\s*[*&]+\s*)(?:const\s+)?(?:[A-Za-z_$][\w$]*(?:::[A-Za-z_]\w*)*\s*[(=;,[{)]|\/\*)|^\s*[*&]+\s*[),]/.test(after)) return { kind: "reference" };
  if (VAR_DECL.test(before)) return { kind: "definition", withValue: /^\s*(?::[^=]*)?=(?!=)/.test(after) };
  // A shell's `NAME=1 ./run`: the assignment only prefixes the command (grammars/sources.ts setsCommand).
  if (/^\s*$/.test(before) && sourceRes(lang).setsCommand?.test(afterRaw)) return { kind: "setenv" };
  // Go / Rust: `Subject :=` at statement start, Python/JS module-level `Subject = ...`.
  if (/^\s*$/.test(before) && /^\s*(?::[^=]+)?=(?![=>])/.test(after) && !/^\s*:=/.test(after)) {
    // At column 0 (module level) `X = ...` defines X; a function value defines it anywhere.
    const fn = /^\s*=\s*(?:function\b|class\b|\(?[\w$, ]*\)?\s*=>|async\b|lambda\b|React\.|styled)/.test(after.replace(/^\s*:[^=]+/, ""));
    return { kind: fn || before === "" ? "definition" : "write", withValue: true };
  }
  // Methods and functions declared by shape: `name(args) {` (JS/TS/Java/C), `name: function`, `name = (...) =>`.
  if (MEMBER_PREFIX.test(before) && /^\s*(?:<[^>]*>)?\s*\([^;]*\)\s*(?::\s*[^{;=]+)?\s*(?:\{|=>|throws\b[^;]*\{)\s*(?:\}\s*)?,?\s*$/.test(after) && !closesEarlier(after)) return { kind: "definition" };
  if (MEMBER_PREFIX.test(before) && /^\s*[:=]\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::\s*[^=]+)?=>|[\w$]+\s*=>)/.test(after)) return { kind: "definition" };
  // C-like functions: `static int subject(args)` ending without `;`.
  const head = before.replace(/(?:[A-Za-z_]\w*(?:<[^<>()]*>)?::)+$/, "");
  if (C_DEF_BEFORE.test(before) && !NOT_A_TYPE.test(head) && !/[=.>]\s*$/.test(head) && !/(?:^|[^:]):(?!:)/.test(before)) {
    if (C_FN_BODY_AFTER.test(after) && !closesEarlier(after)) return { kind: "definition" };
    // A prototype (`int f(int);`, a member's `void f() override;`, `virtual void f() = 0;`) declares without defining.
    if (C_PROTO_AFTER.test(after)) return { kind: "declaration" };
  }

  // A C function whose return type sits on the line above: its name at column 0, typed parameters, no `;`.
  if (before === "" && family === "c" && C_PARAMS_AFTER.test(after) && !/;\s*$/.test(after)) return { kind: "definition" };
  // GNU style in C and C++ (`build_widget (tree type, int n)` under `tree`): at column 0 a call is
  // impossible outside a function, and a parameter written as a type then a name is no expression.
  if (before === "" && lang === "c" && GNU_HEAD_AFTER.test(after) && !/;\s*$/.test(after)) return { kind: "definition" };
  if (sourceRes(lang).named.test(before)) return { kind: "source" };
  // A decorator applies the subject: a call.
  // (Not in Ruby, Perl or shell, where `@name` is a variable.)
  if (family !== "hash" && /^\s*@\s*(?:[\w$]+\.)*$/.test(before)) return { kind: "call" };
  // JSX/TSX element: <Subject ...> renders it.
  if (/(?:^|[\s(>{},:?&|=])<(?:[\w$]+\.)*$/.test(before) && family === "c" && /^\s*(?:\/?>|\s[\w${]|$)/.test(after) && !/^\s*[=!<]/.test(after)) return { kind: "construct" };
  // The subject stored whole into a field (`t->function = cb;`, `.notifier_call = cb,`, `btn.onclick = cb`):
  // a callback registered where something else will call it.
  if (CALLBACK_STORE_BEFORE.test(before) && /^\s*(?:[,;})]|$)/.test(after)) return { kind: "handler" };
  if (EMIT_AFTER.test(after)) return { kind: "emit" };
  // The subject (an event constant) as an argument of a firing call: dispatchEvent(Events::postConnect, ...).
  if (EMIT_ARG_BEFORE.test(before)) return { kind: "emit" };
  // A callback looked up by key and invoked at once: opts[:after_connect].call(...), ($o['on_stats'])(...).
  if (/\[\s*:?$/.test(before) && KEY_INVOKED_AFTER.test(after)) return { kind: "call" };
  // A guard (`x == null`, `x is None`, `null !== x`, `err != nil`) asks whether the subject is there,
  // it does not dispatch on its value: a plain reference.
  if (NULL_GUARD_AFTER.test(after) || NULL_GUARD_BEFORE.test(before)) return { kind: "reference" };
  if (DISPATCH_BEFORE.test(before) || DISPATCH_AFTER.test(after)) return { kind: "dispatch" };
  if (/^\s*(?:\+\+|--)[\w$.]*$/.test(before.slice(-2)) || /(?:\+\+|--)\s*(?:[\w$]+(?:\.|->|::))*$/.test(before)) return { kind: "write" };
  // Passed by address to a call (`sk_reset_timer(sk, &x, ...)`, `init(&cfg)`, Rust's `&mut x`): the callee fills it in.
  // (In Rust only `&mut x`: `&x` lends it read-only.)
  if (ADDRESS_ARG_BEFORE.test(before) && (!rust || /&\s*mut\s+(?:[A-Za-z_]\w*\s*\.\s*)*$/.test(before))) return { kind: "write" };
  if (WRITE_AFTER.test(after)) {
    // `f(subject=value)` keyword arguments pass a value: a producer too.
    return { kind: "write", withValue: true };
  }
  if (MUTATE_AFTER.test(after)) return { kind: "write" };
  // (Each run of spaces once: `\s*(?:G)?\s*!?\s*\(` backtracked cubically over a long indentation.)
  if (/^\s*(?:::<[^>]*>\s*)?(?:!\s*)?\(/.test(after) || /^\s*<[\w\s,<>[\]:&'*]*>\s*\(/.test(after) || /^\s*\.\s*(?:call|apply|bind)\s*\(/.test(after)) {
    if (/\bnew\s+(?:[\w$]+\.)*$/.test(before)) return { kind: "construct" };
    return { kind: "call" };
  }
  if (own?.callAfter?.test(after) && own.callBefore?.test(before)) return { kind: "call" };
  if (/^\s*\{/.test(after) && /(?:[=(,:]|return|&)\s*(?:[\w$]+\.)*$/.test(before)) return { kind: "construct" };
  if (/\bnew\s+(?:[\w$]+\.)*$/.test(before)) return { kind: "construct" };
  if (/^\s*[?!]?\s*:\s*(?!:)/.test(after) && /^\s*(?:(?:pub(?:\([^)]*\))?|public|private|protected|readonly|static|declare|override)\s+)*(?:[\w$]+\s*\.\s*)?$/.test(before)) {
    return { kind: "field", withValue: /=(?![=>])/.test(after) || !/^\s*[?!]?\s*:\s*[A-Z\w.[\]<>|&, ]+\??[,;]?\s*$/.test(typeText(after)) };
  }
  if (/^\s*\|.*=>|^\s*=>/.test(after)) return { kind: "dispatch" };
  return { kind: "reference" };
}
