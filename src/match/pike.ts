/**
 * A linear-time matcher for one long line: a Pike VM (a Thompson NFA run breadth-first, threads
 * kept in priority order) over the translated pattern (regex.ts's JS source).
 *
 * Why: JSC's engine backtracks. An attempt at each start of a line can run to the line's end, so
 * a pattern with an unbounded repetition costs up to the line's length squared (`\w+z|x` over a
 * 200,000-character line of word characters: 24 s, rg's automaton: 0 s). The VM steps over each
 * character once per NFA state, whatever the pattern, so its cost is the line's length times the
 * pattern's size. It is slower than JSC per character, so the matcher only uses it on long lines
 * (index.ts LONG_LINE) of patterns that can repeat without bound.
 *
 * Semantics are rg's (the Rust crate's): leftmost-first, the earliest start, then the branch or
 * repetition count a backtracking engine would prefer. The pieces stay JSC's: each character class
 * or character is tested by a one-atom JS RegExp (cached per code point), each lookaround or `\b`
 * by a sticky JS RegExp at the position (regex.ts emits only one- or two-character ones), so what
 * an atom matches is exactly what the JS pattern's atom matches.
 */

/** Instructions. */
const CHAR = 0;
const SPLIT = 1; // a first (preferred), then b
const JMP = 2;
const ASSERT = 3;
const MATCH = 4;

/** Most instructions a program may have (a counted repetition is expanded): past it, no VM. */
const MAX_PROG = 20_000;

class Unsupported extends Error {}

type Node =
  | { t: "atom"; src: string; i: boolean }
  | { t: "assert"; src: string; i: boolean }
  | { t: "seq"; items: Node[] }
  | { t: "alt"; branches: Node[] }
  | { t: "rep"; node: Node; min: number; max: number; lazy: boolean };

/** Parses regex.ts's output: groups, modifier groups, lookarounds, classes, escapes, quantifiers. */
class SourceParser {
  pos = 0;
  unbounded = false;
  constructor(readonly s: string) {}

  parse(i: boolean): Node {
    const n = this.alt(i);
    if (this.pos !== this.s.length) throw new Unsupported();
    return n;
  }

  alt(i: boolean): Node {
    const branches: Node[] = [this.seq(i)];
    while (this.s[this.pos] === "|") {
      this.pos++;
      branches.push(this.seq(i));
    }
    return branches.length === 1 ? branches[0]! : { t: "alt", branches };
  }

  seq(i: boolean): Node {
    const items: Node[] = [];
    while (this.pos < this.s.length && this.s[this.pos] !== "|" && this.s[this.pos] !== ")") {
      let n = this.atom(i);
      for (let q = this.quantifier(); q; q = this.quantifier()) {
        if (n.t === "assert") throw new Unsupported(); // a repeated assertion: not emitted by regex.ts
        if (q.max === Infinity) this.unbounded = true;
        n = { t: "rep", node: n, ...q };
      }
      items.push(n);
    }
    return { t: "seq", items };
  }

  quantifier(): { min: number; max: number; lazy: boolean } | null {
    const c = this.s[this.pos];
    let min: number;
    let max: number;
    if (c === "*" || c === "+" || c === "?") {
      this.pos++;
      min = c === "+" ? 1 : 0;
      max = c === "?" ? 1 : Infinity;
    } else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.s.slice(this.pos, this.pos + 24));
      if (!m) throw new Unsupported();
      this.pos += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
    } else return null;
    let lazy = false;
    if (this.s[this.pos] === "?") {
      lazy = true;
      this.pos++;
    }
    return { min, max, lazy };
  }

  atom(i: boolean): Node {
    const s = this.s;
    const c = s[this.pos]!;
    if (c === "(") {
      if (s.startsWith("(?:", this.pos)) return this.group(3, i);
      if (s.startsWith("(?i:", this.pos)) return this.group(4, true);
      if (s.startsWith("(?-i:", this.pos)) return this.group(5, false);
      if (s.startsWith("(?=", this.pos) || s.startsWith("(?!", this.pos) || s.startsWith("(?<=", this.pos) || s.startsWith("(?<!", this.pos)) {
        const start = this.pos;
        this.pos = this.skipGroup(start);
        return { t: "assert", src: s.slice(start, this.pos), i };
      }
      throw new Unsupported(); // capturing or named groups: regex.ts emits none
    }
    if (c === "[") {
      const start = this.pos;
      this.pos = this.skipClass(start);
      return { t: "atom", src: s.slice(start, this.pos), i };
    }
    if (c === "\\") {
      const n = s[this.pos + 1];
      if (n === undefined) throw new Unsupported();
      if (n === "b" || n === "B") {
        this.pos += 2;
        return { t: "assert", src: s.slice(this.pos - 2, this.pos), i };
      }
      const start = this.pos;
      if ((n === "p" || n === "P" || n === "u") && s[this.pos + 2] === "{") {
        const close = s.indexOf("}", this.pos);
        if (close < 0) throw new Unsupported();
        this.pos = close + 1;
      } else if (/[1-9kcxu]/.test(n)) throw new Unsupported(); // backreferences, \k<>, \cX, \xHH, \uHHHH: not emitted
      else this.pos += 2;
      return { t: "atom", src: s.slice(start, this.pos), i };
    }
    if (c === "^" || c === "$") {
      this.pos++;
      return { t: "assert", src: c, i };
    }
    if (c === ")" || c === "|" || c === "*" || c === "+" || c === "?" || c === "{") throw new Unsupported();
    const cp = s.codePointAt(this.pos)!;
    const w = cp > 0xffff ? 2 : 1;
    this.pos += w;
    return { t: "atom", src: s.slice(this.pos - w, this.pos), i };
  }

  group(open: number, i: boolean): Node {
    this.pos += open;
    const n = this.alt(i);
    if (this.s[this.pos] !== ")") throw new Unsupported();
    this.pos++;
    return n;
  }

  /** Index past the `)` closing the group at `at` (classes and escapes skipped). */
  skipGroup(at: number): number {
    let depth = 0;
    for (let k = at; k < this.s.length; k++) {
      const c = this.s[k];
      if (c === "\\") k++;
      else if (c === "[") k = this.skipClass(k) - 1;
      else if (c === "(") depth++;
      else if (c === ")" && --depth === 0) return k + 1;
    }
    throw new Unsupported();
  }

  /** Index past the `]` closing the (possibly nested) class at `at`. */
  skipClass(at: number): number {
    let depth = 0;
    for (let k = at; k < this.s.length; k++) {
      const c = this.s[k];
      if (c === "\\") k++;
      else if (c === "[") depth++;
      else if (c === "]" && --depth === 0) return k + 1;
    }
    throw new Unsupported();
  }
}

/** A compiled program: parallel arrays of instructions, and the tests its CHAR and ASSERT use. */
export interface Program {
  op: Uint8Array;
  a: Int32Array;
  b: Int32Array;
  atoms: Array<(cp: number) => boolean>;
  asserts: Assertion[];
}

/**
 * A zero-width test at a position: a one-class lookaround (`(?<![\w])`, `(?![^\n])`, most of
 * what regex.ts emits) tests the code point before or after with the class's atom test; any
 * other runs as a sticky JS RegExp there.
 */
type Assertion = { side: "behind" | "ahead"; neg: boolean; atom: (cp: number) => boolean } | { side: "re"; re: RegExp };

function atomTest(src: string, flags: string): (cp: number) => boolean {
  const re = new RegExp(`^(?:${src})$`, flags);
  const bmp = new Uint8Array(0x10000); // 0 unknown, 1 member, 2 not
  const astral = new Map<number, boolean>();
  return (cp) => {
    if (cp < 0x10000) {
      const k = bmp[cp]!;
      if (k !== 0) return k === 1;
      const yes = re.test(String.fromCharCode(cp));
      bmp[cp] = yes ? 1 : 2;
      return yes;
    }
    let yes = astral.get(cp);
    if (yes === undefined) astral.set(cp, (yes = re.test(String.fromCodePoint(cp))));
    return yes;
  };
}

/**
 * The program for a translated source and its flags (`u` or `v`, maybe `i`), or undefined when
 * the pattern cannot repeat without bound (each attempt is then bounded: JSC stays linear) or has
 * a construct the VM does not take (then the caller keeps JSC).
 */
export function pikeProgram(source: string, flags: string): Program | undefined {
  const mode = flags.includes("v") ? "v" : "u";
  let tree: Node;
  const p = new SourceParser(source);
  try {
    tree = p.parse(flags.includes("i"));
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
  if (!p.unbounded) return undefined;
  const op: number[] = [];
  const a: number[] = [];
  const b: number[] = [];
  const atoms: Array<(cp: number) => boolean> = [];
  const asserts: RegExp[] = [];
  const atomIds = new Map<string, number>();
  const emit = (o: number, x = 0, y = 0): number => {
    if (op.length >= MAX_PROG) throw new Unsupported();
    op.push(o);
    a.push(x);
    b.push(y);
    return op.length - 1;
  };
  // A repetition's SPLIT at `sp`: greedy tries the body (the next instruction) first, lazy the
  // way out (the end of what was emitted so far).
  const aim = (sp: number, lazy: boolean): void => {
    if (lazy) {
      a[sp] = op.length;
      b[sp] = sp + 1;
    } else {
      a[sp] = sp + 1;
      b[sp] = op.length;
    }
  };
  const gen = (n: Node): void => {
    switch (n.t) {
      case "atom": {
        const key = `${n.i ? "i" : ""}${n.src}`;
        let id = atomIds.get(key);
        if (id === undefined) {
          id = atoms.length;
          atoms.push(atomTest(n.src, mode + (n.i ? "i" : "")));
          atomIds.set(key, id);
        }
        emit(CHAR, id);
        return;
      }
      case "assert": {
        const fl = mode + (n.i ? "i" : "");
        const one = /^\(\?(<?)([=!])(\[.*\])\)$/s.exec(n.src);
        let whole = false;
        if (one) {
          try {
            whole = new SourceParser(one[3]!).skipClass(0) === one[3]!.length;
          } catch {
            whole = false;
          }
        }
        asserts.push(one && whole ? { side: one[1] ? "behind" : "ahead", neg: one[2] === "!", atom: atomTest(one[3]!, fl) } : { side: "re", re: new RegExp(n.src, fl + "y") });
        emit(ASSERT, asserts.length - 1);
        return;
      }
      case "seq":
        for (const x of n.items) gen(x);
        return;
      case "alt": {
        // SPLIT L1, next; L1: branch; JMP end ... the last branch falls through.
        const jumps: number[] = [];
        for (let k = 0; k < n.branches.length; k++) {
          if (k < n.branches.length - 1) {
            const sp = emit(SPLIT);
            a[sp] = sp + 1;
            gen(n.branches[k]!);
            jumps.push(emit(JMP));
            b[sp] = op.length;
          } else gen(n.branches[k]!);
        }
        for (const j of jumps) a[j] = op.length;
        return;
      }
      case "rep": {
        for (let k = 0; k < n.min; k++) gen(n.node);
        if (n.max === Infinity) {
          // L: SPLIT body, out (lazy: out, body); body; JMP L
          const sp = emit(SPLIT);
          gen(n.node);
          emit(JMP, sp);
          aim(sp, n.lazy);
          return;
        }
        // Optional copies: each SPLIT skips to the end.
        const splits: number[] = [];
        for (let k = n.min; k < n.max; k++) {
          splits.push(emit(SPLIT));
          gen(n.node);
        }
        for (const sp of splits) aim(sp, n.lazy);
        return;
      }
    }
  };
  try {
    gen(tree);
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
  emit(MATCH);
  return { op: Uint8Array.from(op), a: Int32Array.from(a), b: Int32Array.from(b), atoms, asserts };
}

/** Thread list: program counters and start positions, in priority order. */
interface List {
  pc: Int32Array;
  start: Int32Array;
  n: number;
}

/** Threads stepped (one per thread and character): tests read it to see the cost stay linear. */
export const pikeStats = { steps: 0 };

/**
 * The leftmost-first match in text[from, to) (positions are UTF-16 indices; assertions see the
 * whole text), as [start, end], or null.
 */
export function pikeSearch(prog: Program, text: string, from: number, to: number): [number, number] | null {
  const { op, a, b, atoms, asserts } = prog;
  const size = op.length;
  const mark = new Int32Array(size);
  let clist: List = { pc: new Int32Array(size), start: new Int32Array(size), n: 0 };
  let nlist: List = { pc: new Int32Array(size), start: new Int32Array(size), n: 0 };
  const stack = new Int32Array(size + 1);
  let gen = 1;
  let ms = -1;
  let me = -1;
  // The epsilon closure of pc at pos, appended to `list` in priority order (marks of `gen`).
  const add = (list: List, pc0: number, pos: number, st: number) => {
    let sp = 0;
    stack[sp++] = pc0;
    while (sp > 0) {
      let pc = stack[--sp]!;
      for (;;) {
        if (mark[pc] === gen) break;
        mark[pc] = gen;
        const o = op[pc]!;
        if (o === JMP) {
          pc = a[pc]!;
          continue;
        }
        if (o === SPLIT) {
          stack[sp++] = b[pc]!;
          pc = a[pc]!;
          continue;
        }
        if (o === ASSERT) {
          if (!holds(asserts[a[pc]!]!, text, pos)) break;
          pc++;
          continue;
        }
        list.pc[list.n] = pc;
        list.start[list.n] = st;
        list.n++;
        break;
      }
    }
  };
  let steps = 0;
  for (let pos = from; ; ) {
    if (ms < 0) add(clist, 0, pos, pos);
    if (clist.n === 0 && ms >= 0) break;
    let cp = -1;
    let w = 1;
    if (pos < to) {
      cp = text.codePointAt(pos)!;
      if (cp > 0xffff) w = 2;
    }
    gen++;
    nlist.n = 0;
    steps += clist.n;
    for (let k = 0; k < clist.n; k++) {
      const pc = clist.pc[k]!;
      const o = op[pc]!;
      if (o === MATCH) {
        ms = clist.start[k]!;
        me = pos;
        break; // lower-priority threads are cut
      }
      if (cp >= 0 && atoms[a[pc]!]!(cp)) add(nlist, pc + 1, pos + w, clist.start[k]!);
    }
    const t = clist;
    clist = nlist;
    nlist = t;
    if (pos >= to) break;
    pos += w;
  }
  pikeStats.steps += steps;
  return ms < 0 ? null : [ms, me];
}

function holds(t: Assertion, text: string, pos: number): boolean {
  if (t.side === "re") {
    t.re.lastIndex = pos;
    return t.re.test(text);
  }
  let cp = -1;
  if (t.side === "ahead") {
    if (pos < text.length) cp = text.codePointAt(pos)!;
  } else if (pos > 0) {
    cp = text.charCodeAt(pos - 1);
    if (cp >= 0xdc00 && cp <= 0xdfff && pos > 1) {
      const h = text.charCodeAt(pos - 2);
      if (h >= 0xd800 && h <= 0xdbff) cp = (h - 0xd800) * 0x400 + (cp - 0xdc00) + 0x10000;
    }
  }
  const hit = cp >= 0 && t.atom(cp);
  return t.neg ? !hit : hit;
}
