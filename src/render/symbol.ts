/** How every renderer names a symbol, so grep, outline, find and trace print it alike. */
import type { ParseCutInfo, Symbol } from "../structure/types.ts";
import { shellQuote, thousands } from "../util/text.ts";

/**
 * `kind label`, without repeating the kind when the label already starts with it: an impl's
 * label is `impl Display for Wrap` (also `unsafe impl ...`), which must not print as
 * `impl impl Display for Wrap`. Falls back to the name when there is no label.
 */
export function symbolHead(sym: Pick<Symbol, "kind" | "label" | "name">): string {
  const label = sym.label || sym.name;
  if (label.startsWith(sym.kind + " ") || label.startsWith(`unsafe ${sym.kind} `)) return label;
  return `${sym.kind} ${label}`;
}

/** What a parse limit cut, in words: `stopped at line 1 of 1 (612,000 of 12,583,083 bytes)`. */
export function cutText(cut: ParseCutInfo, totalLines: number): string {
  const n = thousands;
  return `stopped at line ${n(cut.line)} of ${n(totalLines)} (${n(cut.bytes)} of ${n(cut.totalBytes)} bytes): the parse limit is ${cut.limit} per file`;
}

/** How to see past a parse cut: grep reads files of any size. */
export function cutHint(path: string): string {
  return `symbols after it are not listed; search the whole file with: agentgrep grep --path ${shellQuote(path)} <word>`;
}

export { shellQuote };

/**
 * A line range as every renderer prints it: `10-20`, with the line count when `count` is set
 * (`10-20 (11 lines)`), and the approximate mark when a syntax error overlaps the symbol
 * (`10-20 (approx)`, `10-20 (11 lines, approx)`): its range may be off.
 */
export function rangeText(start: number, end: number, approx: boolean | undefined, count = false): string {
  const n = end - start + 1;
  const notes = count ? [`${n} line${n === 1 ? "" : "s"}`] : [];
  if (approx) notes.push("approx");
  return notes.length ? `${start}-${end} (${notes.join(", ")})` : `${start}-${end}`;
}
