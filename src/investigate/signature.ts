/**
 * What follows a function's parameter list, across lines: its body (`{`, or a C++ constructor's
 * `:` initialiser list) or a `;` (a prototype, a declaration without a body). The line-shape
 * classifier sees one line only, so `struct page *__alloc_pages(gfp_t gfp, unsigned int order,`
 * reads as a definition in a header as in the file with the body; this reads on to the end.
 */

/**
 * Languages whose declarations end in `;`, so that a head without a body says so (Kotlin, Swift,
 * Go, Scala and Python write an abstract member or a prototype without one).
 */
export const SEMICOLON_DECLARES = /\.(?:c|h|cc|cpp|cxx|c\+\+|hpp|hh|hxx|h\+\+|m|mm|java|cs|js|jsx|mjs|cjs|ts|tsx|mts|cts|php|rs|dart)$/i;

/** How far a parameter list and what follows it may run. */
const MAX_LINES = 40;

export interface SignatureEnd {
  /** "body": `{` (or `:` then the body) follows; "declaration": `;` or `= 0;` / `= delete;` follows. */
  kind: "body" | "declaration";
  /** The line (1-based) of the `{` or the `;`. */
  line: number;
}

/**
 * Reads from the `(` at `col` of line `line` (1-based) to the matching `)`, then past attribute
 * macros, qualifiers, trailing return types and comments, to the first `{`, `:`, `;` or `=`. Null
 * when the list closes a parenthesis it did not open or an operator follows it (a call inside an
 * expression), a scope closes first, or the text runs past MAX_LINES.
 */
export function signatureEnd(lines: string[], line: number, col: number): SignatureEnd | null {
  let depth = 0;
  let closed = false;
  let inBlock = false;
  let init = false;
  const last = Math.min(lines.length, line + MAX_LINES - 1);
  for (let l = line; l <= last; l++) {
    const t = lines[l - 1] ?? "";
    for (let i = l === line ? col : 0; i < t.length; i++) {
      const c = t[i]!;
      if (inBlock) {
        if (c === "*" && t[i + 1] === "/") { inBlock = false; i++; }
        continue;
      }
      if (c === "/" && t[i + 1] === "/") break;
      if (c === "/" && t[i + 1] === "*") { inBlock = true; i++; continue; }
      // A string or char literal (a default argument, an attribute's message); a Rust lifetime
      // (`&'a str`) is not one.
      if (c === '"' || (c === "'" && (t[i + 2] === "'" || t[i + 1] === "\\"))) {
        let j = i + 1;
        while (j < t.length && t[j] !== c) j += t[j] === "\\" ? 2 : 1;
        i = j;
        continue;
      }
      if (c === "(") { depth++; continue; }
      if (c === ")") {
        depth--;
        if (depth === 0) closed = true;
        if (depth < 0) return null;
        continue;
      }
      if (depth > 0 || !closed) continue;
      // After the parameter list: qualifiers, attribute macros and their (balanced) arguments,
      // `-> Type<A, B>`, `throws X, Y` are words of the head; a C++ constructor's `: x(a), y(b)` too.
      if (c === "{") return { kind: "body", line: l };
      if (c === ";") return { kind: "declaration", line: l };
      if (init) continue;
      if (c === "=") {
        // `= 0;`, `= delete;`, `= default;` (C++): no body here.
        return /^=\s*(?:0|delete|default)\s*;/.test(t.slice(i)) ? { kind: "declaration", line: l } : null;
      }
      if (c === ":" && t[i + 1] !== ":" && t[i - 1] !== ":") { init = true; continue; }
      // A scope closes first, or an operator follows (`f(a) + g(b)`, `f(a).x`, `c ? f(a) : b`): not a head.
      if (c === "}" || c === "]" || c === "+" || c === "?" || c === "|" || c === "." || (c === "&" && t[i + 1] === "&")) return null;
    }
  }
  return null;
}
