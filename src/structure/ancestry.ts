import type { Node, Point } from "web-tree-sitter";

/** Ancestors returned: what a match or a symbol looks for around it (a comment, a string, an import, a decoration) is near it. */
const CONTEXT_MAX = 256;

/**
 * A node's ancestors, for nodes taken in file order (roles: the matches of a file; leading
 * comments: the row above a symbol, from its enclosing symbol's node). Node.parent walks down from the root on
 * each call (tree-sitter 0.25), so climbing by it costs the depth squared per match: 400 nested
 * blocks with a match in each took 2 s, 3,000 did not end in 10 minutes, and leading comments
 * made outlining 1,000 nested functions take 26 s. This keeps the path from
 * the root to the last node asked for and descends (childWithDescendant) only from the deepest
 * node of it that still covers the next one: the matches of one file cost about one walk down.
 */
export class Ancestry {
  private path: Node[];
  constructor(root: Node) { this.path = [root]; }
  /** `node`, then its ancestors nearest first (at most CONTEXT_MAX of them). */
  of(node: Node): Node[] {
    const p = this.path;
    while (p.length > 1 && !covers(p[p.length - 1]!, node)) p.pop();
    for (let guard = 0; guard < 100_000; guard++) {
      const top = p[p.length - 1]!;
      if (top.id === node.id) break;
      const c = top.childWithDescendant(node);
      if (c) p.push(c);
      else if (p.length > 1) p.pop(); // a node of the same range below `node`: climb past it
      else break;
    }
    return p.slice(Math.max(0, p.length - 1 - CONTEXT_MAX)).reverse();
  }
  /** root.descendantForPosition(a, b), searched from the deepest node of the path that holds the range. */
  at(a: Point, b: Point = a): Node | null {
    const p = this.path;
    while (p.length > 1 && !holds(p[p.length - 1]!, a, b)) p.pop();
    return p[p.length - 1]!.descendantForPosition(a, b);
  }
}

const before = (x: Point, y: Point): boolean => x.row < y.row || (x.row === y.row && x.column < y.column);
/** The range [a, b] lies inside n, strictly before its end (a range at its end may belong to the next node). */
const holds = (n: Node, a: Point, b: Point): boolean => !before(a, n.startPosition) && before(b, n.endPosition);

const covers = (a: Node, n: Node): boolean => a.startIndex <= n.startIndex && n.endIndex <= a.endIndex;
