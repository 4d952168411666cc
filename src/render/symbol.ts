/** How every renderer names a symbol, so grep, outline, find and trace print it alike. */
import type { Symbol } from "../structure/types.ts";

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
