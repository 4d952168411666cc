/**
 * Signal: definitions. A definition whose name holds query words (found by a language-agnostic
 * line check, so every output mode ranks the same; the parser runs only for the shown files'
 * summary) outweighs the same number of mentions.
 */
import type { TermHit } from "./find-query.ts";

/** A definition whose name holds query words, found by the line heuristic (isDefinition). */
export interface SymbolHit {
  name: string;
  line: number;
  terms: number[];
}

/** A line prefix that makes the next identifier a definition name, across common languages. */
const DEF_KEYWORD =
  /(?:^|[\s;{(])(?:def|fn|func|function\*?|class|struct|enum|trait|interface|type|typedef|impl|mod|module|namespace|macro_rules!|#\s*define|const|let|var|static|val|fun|sub|union|protocol|record|object|alias)\s+(?:[*&]\s*)?$/;
/** A qualified definition head before its last part (`function M.util.f`, `function M:m`, `def self.x`,
 *  `fun String.x`, `namespace A.B`, `class A::B`): the last part is the name, the rest its owners. */
const QUALIFIED_DEF = /(?:^|[\s;{(])(?:function\s+(?:[A-Za-z_$][\w$]*[.:])+|(?:def|fun|namespace|module)\s+(?:[A-Za-z_$][\w$]*\.)+|(?:class|module)\s+(?:[A-Za-z_]\w*::)+)$/;
const TYPE_TAG = /(?:^|[\s;{(])(?:struct|union|enum)\s+$/;
/** After a tag's name, a pointer, a variable or the end of a parameter: a use of the type (`struct page *p`, `struct x y;`, `(struct x)`). */
const TAG_USE_AFTER = /^(?:\s*[*&]|\s+[A-Za-z_]\w*\s*[;,)=\[]|\s*[,;)])/;
const STORAGE_WORD = /(?:^|[\s;{(])(?:static|const|let|var|val|typedef)\s+$/;
const TYPE_THEN_NAME = /^[\s*&]*\s[\s*&]*[A-Za-z_$]|^[*&]+\s*[A-Za-z_$]/;
const IMPORT_LINE = /^\s*(?:import|from)\s/;
const GO_METHOD = /^\s*func\s*\([^)]*\)\s*$/;
const MODIFIERS_ONLY =
  /^\s*(?:(?:public|private|protected|internal|static|async|get|set|override|readonly|export|default|pub(?:\([^)]*\))?|unsafe|extern(?:\s+"[^"]*")?|abstract|final|synchronized|inline|virtual|const)\s+)*$/;
const C_DEF_PREFIX = /^[A-Za-z_][\w \t\*]*[\s\*]$/;
const NOT_DEF = new Set(["if", "for", "while", "switch", "catch", "return", "function", "else", "do", "try", "with", "new", "await", "yield", "typeof", "sizeof", "match", "loop", "unsafe", "assert", "print", "super", "this", "self"]);

/** A Lua method head before its `:` (`function M:m`, `function a.b:m`). */
const LUA_METHOD_OWNER = /(?:^|[\s;{(])function\s+(?:[\w$]+[.:])*$/;
/** An identifier's first byte: ASCII letter, `_` or `$`. */
const identStart = (c: number | undefined) => c !== undefined && (((c | 0x20) >= 97 && (c | 0x20) <= 122) || c === 95 || c === 36);

/**
 * Whether the identifier ending at `ce` is an owner in a qualified head, not what the head
 * defines: `vers` in `function vers.parse_version(`, `A` in `class A::B`, `M` in `function M:m`.
 */
function isOwner(b: Buffer, ce: number, prefix: string): boolean {
  if (b[ce] === 46 /* . */) return identStart(b[ce + 1]);
  if (b[ce] !== 58 /* : */) return false;
  return b[ce + 1] === 58 || LUA_METHOD_OWNER.test(prefix);
}

/** Bytes JS's `\s` matches in Latin-1 text (tab, LF, VT, FF, CR, space, NBSP), and `*`, `&`. */
const isSpaceOrPointer = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 160 || c === 42 || c === 38;

/**
 * Whether the line prefix b[ls, cs) can end as one of the heads below (DEF_KEYWORD, QUALIFIED_DEF,
 * GO_METHOD), from its last bytes alone: after a run of spaces, `*` and `&`, a keyword's last
 * letter (or `!`) or a Go receiver's `)`; with no such run, `.`, `:` or `)`. Most probe hits in C
 * (`struct` indented at a line's start, after `(` or `sizeof(`) fail here without decoding the
 * prefix and running the regexes: ~150k hits in a find over the Linux tree.
 */
export function mayHeadDefinition(b: Buffer, ls: number, cs: number): boolean {
  let j = cs - 1;
  while (j >= ls && isSpaceOrPointer(b[j]!)) j--;
  if (j < ls) return false;
  const c = b[j]!;
  if (j === cs - 1) return c === 46 /* . */ || c === 58 /* : */ || c === 41 /* ) */;
  return c === 41 || c === 33 /* ! */ || ((c | 0x20) >= 97 && (c | 0x20) <= 122);
}

/** Is the identifier at b[cs, ce) the name a definition introduces? */
export function isDefinition(b: Buffer, cs: number, ce: number, ident: string): boolean {
  if (NOT_DEF.has(ident)) return false;
  // The line's start, looked for only 121 bytes back: a definition's name sits near it, and a
  // search to the start of a one-line 8 MB bundle per mention was quadratic (43 s for one file).
  const from = Math.max(0, cs - 121);
  const back = cs === 0 ? -1 : b.subarray(from, cs).lastIndexOf(10);
  if (back < 0 && from > 0) return false;
  const ls = back < 0 ? 0 : from + back + 1;
  if (cs - ls > 120) return false;
  if (b[ce] !== 40 /* ( */ && !mayHeadDefinition(b, ls, cs)) return false;
  const prefix = b.toString("latin1", ls, cs);
  // An import line names what it brings in, and a module may be named like a keyword
  // (`from enum import Enum`, `import type Foo from`): it defines nothing.
  if (IMPORT_LINE.test(prefix)) return false;
  if (GO_METHOD.test(prefix)) return true;
  const owner = isOwner(b, ce, prefix);
  if (QUALIFIED_DEF.test(prefix)) return !owner;
  if (DEF_KEYWORD.test(prefix)) {
    if (owner) return false;
    // C's struct/union/enum name a type where it is defined (`struct x {`, Rust's `enum E<T> {`),
    // not in a parameter or a variable of it (`(struct super_block *sb,`, `struct page page;`).
    if (TYPE_TAG.test(prefix) && TAG_USE_AFTER.test(b.toString("latin1", ce, Math.min(b.length, ce + 80)))) return false;
    // After a storage word, an identifier followed by another is the type, not the name
    // (`static value todo_list = 0;`, `const char *name`, `let mut x`).
    if (STORAGE_WORD.test(prefix) && TYPE_THEN_NAME.test(b.toString("latin1", ce, Math.min(b.length, ce + 80)))) return false;
    return true;
  }
  // `name(args) {` as a class method (JS/TS/Java/C#), or `type name(args)` at column 0 (C, C++).
  if (b[ce] === 40 /* ( */) {
    // Up to 300 bytes of the line (bounded, as above).
    const ahead = b.subarray(ce, Math.min(b.length, ce + 300)).indexOf(10);
    const le = ahead < 0 ? Math.min(b.length, ce + 300) : ce + ahead;
    const rest = b.toString("latin1", ce, le).trimEnd();
    if (rest.endsWith(";")) return false;
    if (MODIFIERS_ONLY.test(prefix) && (rest.endsWith("{") || rest.endsWith(":"))) return prefix.length > 0 || rest.endsWith("{");
    if (ls === cs - prefix.length && C_DEF_PREFIX.test(prefix) && !/^\s/.test(prefix) && !/\b(return|else|case|goto)\b/.test(prefix)) return true;
  }
  return false;
}

// C's struct/union/enum name a type only where it is defined (`struct x {`), not where a
// variable of it is declared (`struct x *p = ...;`).
// An export macro may stand between the keyword and the name (`class GTEST_API_ Cardinality`).
const DEF_NAME_KEYWORD = /(?:^|\s)(?:class|interface|trait|module|object|def|fn|func|fun|function|record|protocol|namespace)\s+(?:[A-Z][A-Z0-9_]+\s+)*(?:self\.)?([A-Za-z_$][\w$]*)|(?:^|\s)(?:typedef\s+)?(?:struct|union|enum(?:\s+class)?)\s+(?:[A-Z][A-Z0-9_]+\s+)*([A-Za-z_$][\w$]*)\s*(?:[{:]|$)/;
const TYPE_KEYWORD = /(?:^|\s)(?:class|interface|trait|module|object|record|protocol|namespace)\s+[A-Za-z_$]|(?:^|\s)(?:struct|union|enum)\s+[A-Za-z_$][\w$]*\s*(?:[{:]|$)/;
const DEF_NAME_DEFINE = /^\s*#\s*define\s+([A-Za-z_]\w*)/;
const DEF_NAME_CALLABLE = /([A-Za-z_$][\w$]*)\s*\(/;

/** The name a code line defines (class Foo, def foo, `Type foo(args)`), or null. */
export function definedName(line: string): string | null {
  const k = DEF_NAME_KEYWORD.exec(line);
  if (k) return k[1] ?? k[2]!;
  const d = DEF_NAME_DEFINE.exec(line);
  if (d) return d[1]!;
  // A C declaration of a struct variable is not a definition of anything documented above it.
  if (/^\s*(?:static\s+|const\s+)*(?:struct|union|enum)\s+\w+\s*\*?\s*\w+\s*[;=[]/.test(line)) return null;
  if (/;\s*$/.test(line) && !/\)\s*(?:const\s*)?;\s*$/.test(line)) return null;
  const c = DEF_NAME_CALLABLE.exec(line);
  if (!c || NOT_DEF.has(c[1]!) || /^\s*(?:return|else|case|goto|throw|new|await|yield)\b/.test(line) || /[=.]\s*$/.test(line.slice(0, c.index))) return null;
  return c[1]!;
}

/** The line defines a type or module (class, struct, interface, module...), not a member. */
export function definesType(line: string): boolean {
  return TYPE_KEYWORD.test(line);
}

export interface SymbolSignal {
  /** 0.6 × the rarity of the query words any definition names + 0.8 × the best single definition's. */
  score: number;
  /** Best quality per term over the definitions' names (coverage counts these). */
  perTerm: number[];
  hits: SymbolHit[];
}

/** The definitions signal of one file (defs from the content scan; tidf: per-term rarity). */
export function symbolSignal(defs: Array<{ name: string; line: number; terms: TermHit[] }>, tidf: number[]): SymbolSignal {
  const nT = tidf.length;
  const perTerm = new Array(nT).fill(0);
  let bestDef = 0;
  for (const d of defs) {
    let s = 0;
    for (const [ti, q] of d.terms) {
      perTerm[ti] = Math.max(perTerm[ti], q);
      s += tidf[ti]! * q;
    }
    bestDef = Math.max(bestDef, s);
  }
  let symAny = 0;
  for (let t = 0; t < nT; t++) symAny += tidf[t]! * perTerm[t]!;
  const hits = defs.filter((d) => d.terms.length > 0).map((d) => ({ name: d.name, line: d.line, terms: d.terms.map((h) => h[0]) }));
  return { score: 0.6 * symAny + 0.8 * bestDef, perTerm, hits };
}
