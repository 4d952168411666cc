import type { Node } from "web-tree-sitter";
import { STATEMENT_NODE } from "../../grammars/statements.ts";

/**
 * Statement starts, for excerpt windows: a window cut around an occurrence inside a long function
 * starts at a statement's first line, never inside a multi-line statement or expression. From the
 * syntax tree when the parser's tree is at hand; otherwise from line shapes (a line continuing the
 * one above: that line ends in an operator, a comma or an open bracket, or this one opens with a
 * member access, a closing bracket or an operator).
 */
export type StatementStart = (line: number) => number;

const STATEMENT = new RegExp(STATEMENT_NODE.statement);
const LIST = new RegExp(STATEMENT_NODE.statementList);
const NOT = new RegExp(STATEMENT_NODE.notStatement);

/** Whether `n` is a statement: by its type, or as a named child of a statement list. */
function isStatement(n: Node): boolean {
  if (!n.isNamed || NOT.test(n.type)) return false;
  if (STATEMENT.test(n.type)) return true;
  const p = n.parent;
  return !!p && LIST.test(p.type);
}

/** How far up (lines) a window start moves to reach the start of the statement it cuts into. */
export const MAX_STATEMENT_CLIMB = 12;

/**
 * From a syntax tree: the first line (1-based) of the innermost statement holding the first token
 * of `line`; `line` itself for a blank line, or where no statement holds it.
 */
export function treeStatementStart(root: Node, lines: string[]): StatementStart {
  const memo = new Map<number, number>();
  return (line) => {
    let r = memo.get(line);
    if (r !== undefined) return r;
    r = line;
    const text = lines[line - 1] ?? "";
    const col = text.search(/\S/);
    if (col >= 0) {
      // Columns of the tree are bytes of UTF-8; a line's leading white space is ASCII.
      for (let n: Node | null = root.descendantForPosition({ row: line - 1, column: col }); n && n.parent; n = n.parent) {
        if (n.startPosition.row > line - 1) continue;
        if (isStatement(n)) { r = n.startPosition.row + 1; break; }
      }
    }
    memo.set(line, r);
    return r;
  };
}

/** Where answers are kept between calls (structure's StatementMemo). */
export interface StatementAnswers {
  get(line: number): number | undefined;
  set(line: number, start: number): void;
}

/** `tree`'s answers, each remembered in `memo`. */
export function recordedStatementStart(tree: StatementStart, memo: StatementAnswers | undefined): StatementStart {
  if (!memo) return tree;
  return (line) => {
    const r = tree(line);
    memo.set(line, r);
    return r;
  };
}

/**
 * Without a tree, the answers an earlier call's tree gave (a structure from the disk cache):
 * `missed` turns true at the first line not answered, and the caller then asks a tree, so that a
 * cached structure never gives another window than a fresh parse.
 */
export function rememberedStatementStart(memo: StatementAnswers): { at: StatementStart; missed: () => boolean } {
  let missed = false;
  return {
    at: (line) => {
      const r = memo.get(line);
      if (r !== undefined) return r;
      missed = true;
      return line;
    },
    missed: () => missed,
  };
}

/** The line ends so that the next one continues it (an operator, a comma, an open bracket). */
const CONTINUED = /(?:[([,=*/%&|^?\\]|(?<![+-])[+-]|(?<!\.)\.|::)\s*$/;
/** The line opens as a continuation of the one above (`.next()`, `?.x`, `) {`, `&& y`, `+ z`). */
const CONTINUES = /^\s*(?:\?\.|\.(?!\.\.)|[)\]]|&&|\|\||[+%^?:](?![:+])|-(?![->]))/;
/** A trailing comment (`// x`, `/* x *\/`, `# x`) is no part of how a line ends. */
const TRAILING_COMMENT = /\s*(?:\/\/.*|\/\*.*\*\/|\s#\s.*)$/;
/** A line that is only a comment, a preprocessor line or a doc line: a statement boundary. */
const COMMENT_OR_DIRECTIVE = /^\s*(?:\/\/|\/\*|\*|#|--)/;

/** Without a tree: the first line of the statement `line` continues (up to MAX_STATEMENT_CLIMB lines up). */
export function shapeStatementStart(lines: string[]): StatementStart {
  return (line) => {
    let s = line;
    for (let k = 0; k < MAX_STATEMENT_CLIMB && s > 1; k++) {
      const here = lines[s - 1] ?? "";
      const prev = lines[s - 2] ?? "";
      if (!/\S/.test(prev) || !/\S/.test(here) || COMMENT_OR_DIRECTIVE.test(prev) || COMMENT_OR_DIRECTIVE.test(here)) break;
      const prevEnd = prev.replace(TRAILING_COMMENT, "");
      if (!CONTINUED.test(prevEnd) && !CONTINUES.test(here)) break;
      s--;
    }
    return s;
  };
}
