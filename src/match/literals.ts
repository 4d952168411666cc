/**
 * Required-literal sets: for a Rust-syntax pattern, a small set of literals such that every match
 * contains at least one of them (`spin_lock|mutex_lock` -> both; `(?:foo|bar)baz` -> baz). Files
 * whose bytes contain none of them cannot match and are skipped before decoding.
 *
 * Conservative by construction: anything not understood gives up (undefined), and only plain
 * ASCII characters (or escaped punctuation) count as literal text, so the UTF-8 bytes of a literal
 * are exactly the bytes any match's text has there.
 */

/** Most literals a set may hold: past this, a memmem per literal costs more than it saves. */
export const MAX_LITERALS = 16;
/** Shortest useful literal: one byte would hit nearly every file. */
const MIN_LEN = 2;

/** Characters that stand for themselves outside a class (no x flag: flags make us give up). */
const LIT = /[A-Za-z0-9_\-:;,'"<>=!@%/ &~`]/;
/** Escapes that are literal punctuation. Letters after `\` are classes or assertions, never text. */
const ESC_LIT = /[.+*?()|[\]{}^$\\\-#&~ ]/;

class GiveUp extends Error {}

type Req = string[] | undefined;

export function requiredLiteralSet(p: string): string[] | undefined {
  // Inline flags (`(?i)`, `(?x)`, ...) change what characters mean; named groups are fine.
  if (/\(\?(?!:|P<)/.test(p)) return undefined;
  let i = 0;

  const quantifierMin = (): number | undefined => {
    const c = p[i];
    let min: number;
    if (c === "*" || c === "?") {
      min = 0;
      i++;
    } else if (c === "+") {
      min = 1;
      i++;
    } else if (c === "{") {
      const m = /^\{(\d+)(,\d*)?\}/.exec(p.slice(i));
      if (!m) throw new GiveUp();
      min = Number(m[1]);
      i += m[0].length;
    } else return undefined;
    if (p[i] === "?") i++; // lazy: same set of matches
    if (p[i] === "*" || p[i] === "+" || p[i] === "?" || p[i] === "{") throw new GiveUp();
    return min;
  };

  const skipClass = () => {
    // At `[`. Nested classes and escapes inside make the end ambiguous to a quick scan: give up.
    let j = i + 1;
    if (p[j] === "^") j++;
    if (p[j] === "]") j++;
    for (; j < p.length; j++) {
      const c = p[j];
      if (c === "\\" || c === "[") throw new GiveUp();
      if (c === "]") {
        i = j + 1;
        return;
      }
    }
    throw new GiveUp();
  };

  const sequence = (): Req => {
    const candidates: string[][] = [];
    let cur = "";
    const flush = () => {
      if (cur.length >= MIN_LEN) candidates.push([cur]);
      cur = "";
    };
    const literal = (ch: string) => {
      const min = quantifierMin();
      if (min === 0) return flush(); // optional: ends the run, not part of it
      cur += ch;
      if (min !== undefined) flush(); // repeated: the next char need not follow it directly
    };
    const other = () => {
      flush();
      quantifierMin();
    };
    while (i < p.length) {
      const c = p[i]!;
      if (c === "|" || c === ")") break;
      if (c === "(") {
        flush();
        if (p.startsWith("(?:", i)) i += 3;
        else if (p.startsWith("(?P<", i)) {
          const close = p.indexOf(">", i);
          if (close < 0) throw new GiveUp();
          i = close + 1;
        } else i++;
        const inner = alternation();
        if (p[i] !== ")") throw new GiveUp();
        i++;
        const min = quantifierMin();
        if (inner && min !== 0) candidates.push(inner);
        continue;
      }
      if (c === "[") {
        flush();
        skipClass();
        quantifierMin();
        continue;
      }
      if (c === "\\") {
        const n = p[i + 1] ?? "";
        if (ESC_LIT.test(n)) {
          i += 2;
          literal(n);
          continue;
        }
        // \x \u \p take arguments that a two-char skip would misread.
        if (/[xuUPp]/.test(n) || n === "") throw new GiveUp();
        i += 2;
        other();
        continue;
      }
      if (c === "*" || c === "+" || c === "?" || c === "{") throw new GiveUp();
      i += c.codePointAt(0)! > 0xffff ? 2 : 1;
      if (LIT.test(c)) literal(c);
      else other();
    }
    flush();
    // Fewest bytes-scans that are least likely to hit: longest shortest literal, then fewest.
    let best: string[] | undefined;
    let bestScore = -Infinity;
    for (const set of candidates) {
      const score = Math.min(...set.map((s) => s.length)) * 100 - set.length;
      if (score > bestScore) {
        bestScore = score;
        best = set;
      }
    }
    return best;
  };

  const alternation = (): Req => {
    const out = new Set<string>();
    let ok = true;
    for (;;) {
      const r = sequence();
      if (!r) ok = false;
      else for (const s of r) out.add(s);
      if (p[i] !== "|") break;
      i++;
    }
    return ok && out.size <= MAX_LITERALS ? [...out] : undefined;
  };

  try {
    const r = alternation();
    if (i !== p.length || !r || r.length === 0) return undefined;
    return r.sort();
  } catch (e) {
    if (e instanceof GiveUp) return undefined;
    throw e;
  }
}

/**
 * When the pattern is nothing but an alternation of plain literals (`JSONDecodeError|LookupError`),
 * its branches: then a line matches exactly when its bytes hold one of them, and counting or
 * settling a file needs no regex at all. Only ASCII literal text qualifies (as above, its bytes are
 * the text's bytes); any class, group, quantifier, anchor or flag gives undefined.
 */
export function literalAlternatives(p: string): string[] | undefined {
  const out = new Set<string>();
  let cur = "";
  for (let i = 0; i <= p.length; i++) {
    const c = p[i];
    if (c === undefined || c === "|") {
      if (cur.length < MIN_LEN) return undefined;
      out.add(cur);
      cur = "";
      continue;
    }
    if (c === "\\") {
      const n = p[i + 1] ?? "";
      if (!ESC_LIT.test(n)) return undefined;
      cur += n;
      i++;
      continue;
    }
    if (!LIT.test(c)) return undefined;
    cur += c;
  }
  return out.size <= MAX_LITERALS ? [...out].sort() : undefined;
}
