/**
 * Signal: the form of the file. A C/C++ header declares what its source file implements, so it
 * ranks just below it (unless the query says "header"); of two near-equal files, the shallower
 * wins (a copy under tools/ or a deeper mirror of lib/rbtree.c ranks after it): 0.2% per level.
 */
import { stem } from "../query/identifiers.ts";
import type { FindQuery } from "./find-query.ts";
import { round } from "./util.ts";

const C_HEADER = /\.(?:h|hh|hpp|hxx)$/i;
/** A C/C++ header declares what its source file implements: ranked just below it. */
export const HEADER_FILE_FACTOR = 0.9;

/** Whether the query says "header" (once per query: formFactor runs per candidate). */
const asksHeader = new WeakMap<FindQuery, boolean>();
function saysHeader(query: FindQuery): boolean {
  let r = asksHeader.get(query);
  if (r === undefined) asksHeader.set(query, (r = query.terms.some((t) => t.stem === stem("header") || t.word === "h")));
  return r;
}

export function formFactor(display: string, query: FindQuery): number {
  let f = 1;
  if (C_HEADER.test(display) && !saysHeader(query)) f *= HEADER_FILE_FACTOR;
  let depth = 0;
  for (let i = display.indexOf("/"); i >= 0; i = display.indexOf("/", i + 1)) depth++;
  return round(f * (1 - 0.002 * Math.min(depth, 20)));
}
