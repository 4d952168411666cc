import { escapeRegExp as esc } from "../util/text.ts";

import type { WalkOptions } from "../walk/types.ts";
import type { FileHits } from "../search/index.ts";
import { search, type Walked } from "../search/index.ts";
import { readText } from "../read/index.ts";

/**
 * Go interfaces are satisfied implicitly: no line says "implements Formatter". A type implements the
 * subject interface when it has methods with all of the interface's method names. This finds the
 * interface's method set in the candidates, then searches the tree once for receivers of those names.
 */

export interface ImplicitImpl {
  /** Display path -> lines (1-based) of the implementing methods, and the receiver type per line. */
  byFile: Map<string, { hits: FileHits; lines: Map<number, string> }>;
  methods: string[];
  types: string[];
}


export function goInterfaceMethods(files: FileHits[], subject: string): string[] | null {
  const header = new RegExp(`^\\s*type\\s+${esc(subject)}(?:\\[[^\\]]*\\])?\\s+interface\\s*\\{`);
  for (const f of files) {
    if (!/\.go$/.test(f.entry.display)) continue;
    const m = f.matches.find((x) => header.test(x.text));
    if (!m) continue;
    const t = readText(f.entry.open);
    if (!t) continue;
    const lines = t.text.split("\n");
    const names: string[] = [];
    for (let i = m.line; i < lines.length && i < m.line + 200; i++) {
      const l = lines[i]!;
      if (/^\s*\}/.test(l)) break;
      const mm = l.match(/^\s*([A-Za-z_]\w*)\s*\(/);
      if (mm) names.push(mm[1]!);
    }
    return names.length ? names : null;
  }
  return null;
}

export async function goImplementations(walk: WalkOptions, files: FileHits[], subject: string, walked?: Walked): Promise<ImplicitImpl | null> {
  const methods = goInterfaceMethods(files, subject);
  if (!methods || methods.length > 12) return null;
  const res = await search(walk, {
    pattern: `^\\s*func\\s*\\([^)]*\\)\\s*(?:${methods.map(esc).join("|")})\\s*[\\[(]`,
    regex: true, ignoreCase: false, wordRegexp: false,
  }, { walked });
  // receiver type -> set of method names, and where each method is
  const perType = new Map<string, { names: Set<string>; at: { hits: FileHits; line: number }[] }>();
  for (const fh of res.files) {
    if (!/\.go$/.test(fh.entry.display)) continue;
    for (const m of fh.matches) {
      const r = m.text.match(/^\s*func\s*\(\s*(?:\w+\s+)?\*?\s*([A-Za-z_]\w*)(?:\[[^\]]*\])?\s*\)\s*([A-Za-z_]\w*)/);
      if (!r) continue;
      const key = `${fh.entry.display.replace(/\/[^/]*$/, "")}:${r[1]}`; // a type is per package (directory)
      let e = perType.get(key);
      if (!e) perType.set(key, (e = { names: new Set(), at: [] }));
      e.names.add(r[2]!);
      e.at.push({ hits: fh, line: m.line });
    }
  }
  const byFile: ImplicitImpl["byFile"] = new Map();
  const types: string[] = [];
  for (const [key, e] of [...perType.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const type = key.slice(key.lastIndexOf(":") + 1);
    if (type === subject || !methods.every((n) => e.names.has(n))) continue;
    types.push(type);
    for (const a of e.at) {
      let f = byFile.get(a.hits.entry.display);
      if (!f) byFile.set(a.hits.entry.display, (f = { hits: a.hits, lines: new Map() }));
      f.lines.set(a.line, type);
    }
  }
  return types.length ? { byFile, methods, types } : null;
}
