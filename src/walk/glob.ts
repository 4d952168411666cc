/**
 * Glob syntax exactly as ripgrep 13 parses it (the globset crate, 0.4.x): the same tokens, the same
 * errors, and the same regex translation. Matching is on raw path bytes, so every regex built here
 * runs against a "byte string" (one JS char per byte, i.e. latin1) and literals are emitted as their
 * UTF-8 bytes. Plain functions; no state.
 */

export type Token =
  | { t: "lit"; c: string } // one Unicode character
  | { t: "any" } // ?
  | { t: "star" } // *
  | { t: "rprefix" } // **/ at the start
  | { t: "rsuffix" } // /** at the end
  | { t: "rzero" } // /**/ in the middle
  | { t: "class"; neg: boolean; ranges: [string, string][] }
  | { t: "alt"; alts: Token[][] };

export class GlobError extends Error {
  constructor(readonly glob: string, readonly reason: string) {
    super(`error parsing glob '${glob}': ${reason}`);
  }
}

/** Parses a glob into globset tokens (backslash escapes on, as on Unix). Throws GlobError. */
export function parseGlob(glob: string): Token[] {
  const chars = Array.from(glob);
  let pos = 0;
  let prev: string | undefined;
  let cur: string | undefined;
  const stack: Token[][] = [[]];
  const bump = (): string | undefined => {
    prev = cur;
    cur = pos < chars.length ? chars[pos++] : undefined;
    return cur;
  };
  const peek = (): string | undefined => (pos < chars.length ? chars[pos] : undefined);
  const push = (tok: Token) => stack[stack.length - 1].push(tok);
  const err = (reason: string) => new GlobError(glob, reason);

  const parseStar = () => {
    const before = prev;
    if (peek() !== "*") {
      push({ t: "star" });
      return;
    }
    bump();
    const top = stack[stack.length - 1];
    if (top.length === 0) {
      const p = peek();
      if (p !== undefined && p !== "/") {
        push({ t: "star" });
        push({ t: "star" });
      } else {
        push({ t: "rprefix" });
        bump();
      }
      return;
    }
    if (before !== "/") {
      if (stack.length <= 1 || (before !== "," && before !== "{")) {
        push({ t: "star" });
        push({ t: "star" });
        return;
      }
    }
    let isSuffix: boolean;
    const p = peek();
    if (p === undefined) {
      bump();
      isSuffix = true;
    } else if ((p === "," || p === "}") && stack.length >= 2) {
      isSuffix = true;
    } else if (p === "/") {
      bump();
      isSuffix = false;
    } else {
      push({ t: "star" });
      push({ t: "star" });
      return;
    }
    const last = top.pop()!;
    if (last.t === "rprefix") push({ t: "rprefix" });
    else if (last.t === "rsuffix") push({ t: "rsuffix" });
    else push(isSuffix ? { t: "rsuffix" } : { t: "rzero" });
  };

  const parseClass = () => {
    const ranges: [string, string][] = [];
    let neg = false;
    const p = peek();
    if (p === "!" || p === "^") {
      bump();
      neg = true;
    }
    let first = true;
    let inRange = false;
    const extend = (r: [string, string], c: string) => {
      r[1] = c;
      if (r[1].codePointAt(0)! < r[0].codePointAt(0)!) throw err(`invalid range; '${r[0]}' > '${r[1]}'`);
    };
    for (;;) {
      const c = bump();
      if (c === undefined) throw err("unclosed character class; missing ']'");
      if (c === "]") {
        if (first) ranges.push(["]", "]"]);
        else break;
      } else if (c === "-") {
        if (first) ranges.push(["-", "-"]);
        else if (inRange) {
          extend(ranges[ranges.length - 1], "-");
          inRange = false;
        } else inRange = true;
      } else {
        if (inRange) extend(ranges[ranges.length - 1], c);
        else ranges.push([c, c]);
        inRange = false;
      }
      first = false;
    }
    if (inRange) ranges.push(["-", "-"]);
    push({ t: "class", neg, ranges });
  };

  for (let c = bump(); c !== undefined; c = bump()) {
    switch (c) {
      case "?":
        push({ t: "any" });
        break;
      case "*":
        parseStar();
        break;
      case "[":
        parseClass();
        break;
      case "{":
        if (stack.length > 1) throw err("nested alternate groups are not allowed");
        stack.push([]);
        break;
      case "}": {
        // globset 0.4 quirk kept for parity: a '}' with no open group adds an empty alternation.
        const alts: Token[][] = [];
        while (stack.length >= 2) alts.push(stack.pop()!);
        push({ t: "alt", alts });
        break;
      }
      case ",":
        if (stack.length <= 1) push({ t: "lit", c: "," });
        else stack.push([]);
        break;
      case "\\": {
        const n = bump();
        if (n === undefined) throw err("dangling '\\'");
        push({ t: "lit", c: n });
        break;
      }
      default:
        push({ t: "lit", c });
    }
  }
  if (stack.length > 1) throw err("unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)");
  return stack[0];
}

function escByte(b: number): string {
  if (b >= 0x30 && b <= 0x39) return String.fromCharCode(b);
  if ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f) return String.fromCharCode(b);
  if (b >= 0x21 && b <= 0x7e) return "\\" + String.fromCharCode(b);
  return "\\x" + (b < 16 ? "0" : "") + b.toString(16);
}

/** Regex source for one character as its UTF-8 bytes (matching byte strings). */
function escChar(c: string): string {
  if (c.length === 1 && c.charCodeAt(0) < 0x80) return escByte(c.charCodeAt(0));
  const bytes = Buffer.from(c, "utf8");
  let s = "";
  for (const b of bytes) s += escByte(b);
  return s;
}

/** JS regex source (no flags; for byte strings) equivalent to globset's translation of the tokens. */
export function tokensToRegex(tokens: Token[], literalSeparator: boolean): string {
  if (tokens.length === 1 && tokens[0].t === "rprefix") return "^[^\\n]*$";
  return "^" + body(tokens, literalSeparator, { n: 0 }) + "$";
}

/**
 * A JS regex backtracks where globset's automaton does not: `*a*a*a*a*a*b` against a 200-byte name,
 * or `**\/a/**\/a/**\/a/**\/b` against a deep path, tried every way to split the name (minutes, for
 * what rg answers at once). Such a glob is a chain of unbounded tokens, each followed by a piece
 * of fixed width; when the next unbounded token can take whatever an earlier choice would skip,
 * the earliest place the piece fits is as good as any (the classic wildcard argument), so that
 * part is matched once, atomically: `(?=(lazy piece))\k` finds the earliest fit and never
 * revisits it. Eligible: a `*` whose piece (literals, ?, ASCII classes, no separator) is followed
 * by another `*`; a `**\/` or `/**\/` whose piece (no alternation) ends before a `/**\/`.
 */
function body(tokens: Token[], sep: boolean, groups: { n: number }): string {
  let re = "";
  const fixed = (tok: Token) =>
    (tok.t === "lit" && tok.c !== (sep ? "/" : "\n")) || tok.t === "any" || (tok.t === "class" && tok.ranges.every(([, b]) => b < "\x80"));
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    if (tok.t === "star") {
      let j = i + 1;
      while (j < tokens.length && fixed(tokens[j]!)) j++;
      if (j < tokens.length && tokens[j]!.t === "star") {
        const k = ++groups.n;
        re += `(?=(${sep ? "[^/]*?" : "[^\\n]*?"}${body(tokens.slice(i + 1, j), sep, groups)}))\\${k}`;
        i = j - 1;
        continue;
      }
    }
    if (tok.t === "rprefix" || tok.t === "rzero") {
      let j = i + 1;
      while (j < tokens.length && (fixed(tokens[j]!) || tokens[j]!.t === "star" || (tokens[j]!.t === "lit" && (tokens[j] as { c: string }).c === "/"))) j++;
      if (j > i + 1 && j < tokens.length && tokens[j]!.t === "rzero") {
        const k = ++groups.n;
        const lazy = tok.t === "rprefix" ? "(?:/?|[^\\n]*?/)" : "(?:/|/[^\\n]*?/)";
        re += `(?=(${lazy}${body(tokens.slice(i + 1, j), sep, groups)}(?=/)))\\${k}`;
        i = j - 1;
        continue;
      }
    }
    switch (tok.t) {
      case "lit":
        re += escChar(tok.c);
        break;
      case "any":
        re += sep ? "[^/]" : "[^\\n]";
        break;
      case "star":
        re += sep ? "[^/]*" : "[^\\n]*";
        break;
      // Rust's `.` (any byte but \n) is written [^\n]: JS `.` would also refuse \r.
      case "rprefix":
        re += "(?:/?|[^\\n]*/)";
        break;
      case "rsuffix":
        re += "/[^\\n]*";
        break;
      case "rzero":
        re += "(?:/|/[^\\n]*/)";
        break;
      case "class": {
        re += tok.neg ? "[^" : "[";
        for (const [a, b] of tok.ranges) re += a === b ? escChar(a) : escChar(a) + "-" + escChar(b);
        re += "]";
        break;
      }
      case "alt": {
        const parts = tok.alts.map((a) => body(a, sep, groups)).filter((p) => p !== "");
        if (parts.length) re += "(?:" + parts.join("|") + ")";
        break;
      }
    }
  }
  return re;
}

/**
 * rg --iglob / --glob-case-insensitive: globset compiles such a glob with `(?-u)(?i)`, i.e. ASCII
 * letters match either case and nothing else folds. Each ASCII letter becomes a two-case class;
 * each class gains the other case of its ASCII letters (then is negated, if it was).
 */
export function foldCase(tokens: Token[]): Token[] {
  const other = (c: string): string | undefined => (/[a-z]/.test(c) ? c.toUpperCase() : /[A-Z]/.test(c) ? c.toLowerCase() : undefined);
  return tokens.map((tok): Token => {
    if (tok.t === "lit") {
      const o = other(tok.c);
      return o === undefined ? tok : { t: "class", neg: false, ranges: [[tok.c, tok.c], [o, o]] };
    }
    if (tok.t === "class") {
      const ranges = [...tok.ranges];
      for (const [a, b] of tok.ranges) {
        for (const [lo, hi, shift] of [["A", "Z", 32], ["a", "z", -32]] as const) {
          const x = a > lo ? a : lo;
          const y = b < hi ? b : hi;
          if (x <= y) ranges.push([String.fromCharCode(x.charCodeAt(0) + shift), String.fromCharCode(y.charCodeAt(0) + shift)]);
        }
      }
      return { ...tok, ranges };
    }
    if (tok.t === "alt") return { t: "alt", alts: tok.alts.map(foldCase) };
    return tok;
  });
}

/** The pure literal text of tokens (as a byte string), or undefined if any token is not a literal. */
export function literalOf(tokens: Token[]): string | undefined {
  let s = "";
  for (const t of tokens) {
    if (t.t !== "lit") return undefined;
    s += t.c;
  }
  return toBytes(s);
}

/** UTF-8 bytes of a string as a byte string (one char per byte). */
export function toBytes(s: string): string {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return Buffer.from(s, "utf8").toString("latin1");
  return s;
}

/**
 * True when the tokens can never match a `/`, so a pattern `**\/` + tokens is decided by the base
 * name alone. A negated class (or any class naming `/`) can match `/`, so it disqualifies.
 */
export function slashFree(tokens: Token[]): boolean {
  for (const t of tokens) {
    if (t.t === "lit") {
      if (t.c === "/") return false;
    } else if (t.t === "class") {
      if (t.neg) return false;
      for (const [a, b] of t.ranges) if (a <= "/" && b >= "/") return false;
    } else if (t.t === "alt") {
      for (const a of t.alts) if (!slashFree(a)) return false;
    } else if (t.t !== "any" && t.t !== "star") return false;
  }
  return true;
}
