/** Text and JSON forms of an outline (shape of the reference's §6.1, plus nesting and health). */
import type { FileStructure, Symbol } from "../structure/types.ts";
import { cutHint, cutText, rangeText, symbolHead } from "./symbol.ts";

/** What the outline renderer takes: one resolved, parsed and budgeted file. */
export interface OutlineResult {
  root: string;
  path: string; // display path
  role: string;
  structure: FileStructure;
  /** Symbols shown (a pre-order prefix or the top-level subset), with their original indices. */
  shown: { sym: Symbol; index: number }[];
  omitted: number;
  /** Why symbols were left out and how to see them; absent when nothing was left out. */
  cut?: { by: "max-items" | "context"; note: string; hint: string };
}

export const OUTLINE_SCHEMA = "agentgrep.outline/1";

function healthLine(r: OutlineResult): string | null {
  const e = r.structure.errorRatio;
  if (!(e > 0)) return null;
  const pct = e * 100 < 0.1 ? "<0.1" : (Math.round(e * 1000) / 10).toString();
  const approx = r.structure.symbols.some((s) => s.approx);
  return `parse: ${pct}% error nodes (${approx ? "symbols marked approx overlap a syntax error: their ranges may be off" : "ranges near syntax errors may be off"})`;
}

export function renderOutlineText(r: OutlineResult, debug: boolean): string {
  const s = r.structure;
  const out: string[] = [
    `file: ${r.path}`,
    `language: ${s.language}`,
    `role: ${r.role}`,
    `lines: ${s.totalLines}`,
    `symbols: ${s.symbols.length}`,
  ];
  const health = healthLine(r);
  if (health) out.push(health);
  if (s.cut) out.push(`cut: ${cutText(s.cut, s.totalLines)}; ${cutHint(r.path)}`);
  if (debug) out.push(debugLine(r));
  out.push("", "structure:");
  if (s.symbols.length === 0) {
    out.push(s.extractor === "none" ? `  (no structure: no extractor for language "${s.language}")` : "  (no structural items detected)");
  }
  for (const { sym } of r.shown) {
    out.push(`${indent(sym.depth)}- ${symbolHead(sym)} @ ${rangeText(sym.startLine, sym.endLine, sym.approx, true)}`);
  }
  if (r.cut) {
    if (r.cut.by === "max-items") out.push(`  ${r.cut.note} (${r.cut.hint})`);
    else out.push("", r.cut.note, `hint: ${r.cut.hint}`);
  }
  return out.join("\n") + "\n";
}

/**
 * Indentation stops at MAX_INDENT levels and deeper symbols name their depth: a file of
 * thousands of nested blocks would otherwise print output quadratic in its size.
 */
export const MAX_INDENT = 16;
function indent(depth: number): string {
  return depth <= MAX_INDENT ? "  ".repeat(1 + depth) : `${"  ".repeat(1 + MAX_INDENT)}(depth ${depth}) `;
}

function debugLine(r: OutlineResult): string {
  const s = r.structure;
  const d: any = s.debug ?? {};
  const parts = [`extractor=${s.extractor}`];
  if (d.grammar) parts.push(`grammar=${JSON.stringify(d.grammar)}`);
  if (d.loadMs !== undefined) parts.push(`load_ms=${d.loadMs}`);
  if (d.runtimeMs !== undefined) parts.push(`runtime_ms=${d.runtimeMs}`);
  if (d.parseMs !== undefined) parts.push(`parse_ms=${d.parseMs}`);
  if (d.extractMs !== undefined) parts.push(`extract_ms=${d.extractMs}`);
  if (d.nodeCount !== undefined) parts.push(`nodes=${d.nodeCount}`);
  if (d.errorNodes !== undefined) parts.push(`error_nodes=${d.errorNodes}`);
  if (d.cache !== undefined) parts.push(`cache=${JSON.stringify(d.cache)}`);
  // Time since process start: shows what start-up and module loading cost on top of the parse.
  parts.push(`process_ms=${Math.round(performance.now())}`);
  return `debug: ${parts.join(" ")}`;
}

export function renderOutlineJson(r: OutlineResult, debug: boolean): string {
  const s = r.structure;
  const doc: Record<string, unknown> = {
    schema: OUTLINE_SCHEMA,
    root: r.root,
    path: r.path,
    language: s.language,
    role: r.role,
    total_lines: s.totalLines,
    parse: {
      extractor: s.extractor,
      error_ratio: Math.round(s.errorRatio * 10000) / 10000,
      ...(s.cut ? { cut: { line: s.cut.line, bytes: s.cut.bytes, total_bytes: s.cut.totalBytes, limit: s.cut.limit, note: `${cutText(s.cut, s.totalLines)}; ${cutHint(r.path)}` } } : {}),
    },
    structure: {
      total: s.symbols.length,
      shown: r.shown.length,
      omitted_count: r.omitted,
      items: r.shown.map(({ sym }) => ({
        kind: sym.kind,
        name: sym.name,
        label: sym.label,
        start_line: sym.startLine,
        end_line: sym.endLine,
        line_count: sym.endLine - sym.startLine + 1,
        depth: sym.depth,
        parent: sym.parent,
        signature: sym.signature,
        ...(sym.approx ? { approx: true } : {}),
      })),
    },
  };
  if (r.cut) doc.omitted = { by: r.cut.by, count: r.omitted, note: r.cut.note, hint: r.cut.hint };
  if (r.cut?.by === "context") doc.context_applied = r.cut.note;
  if (debug) doc.debug = { extractor: s.extractor, ...(s.debug ?? {}) };
  return JSON.stringify(doc, null, 2) + "\n";
}
