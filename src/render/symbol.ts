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
