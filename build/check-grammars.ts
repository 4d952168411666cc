/**
 * Build-time check of the embedded grammars: every language in grammars/index.ts loads, parses
 * its sample (grammars/samples/sample.<ext>) without a single error node and yields symbols,
 * again once all grammars are loaded;
 * every vendored grammar file has a definition; every function a grammar imports is one the
 * runtime provides (tree-sitter-wasms' bash imported isalpha/iswdigit, which web-tree-sitter
 * 0.25 does not export: its scanner crashed on heredocs, a third of real scripts). Run: `bun build/check-grammars.ts` (exit 1 on
 * any failure). test/structure/grammars.test.ts runs it too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { GRAMMARS } from "../grammars/index.ts";
import { detectLanguage } from "../src/structure/detect.ts";
import { extractStructure } from "../src/structure/index.ts";

const root = join(import.meta.dir, "..");
const samples = join(root, "grammars", "samples");

export interface GrammarCheck {
  language: string;
  sample?: string;
  symbols: number;
  errorRatio: number;
  ms: number;
  problem?: string;
}

export async function checkGrammars(): Promise<GrammarCheck[]> {
  const byLang = new Map<string, string>();
  for (const f of readdirSync(samples).sort()) {
    const lang = detectLanguage(f, "");
    if (!byLang.has(lang)) byLang.set(lang, f);
  }
  const results: GrammarCheck[] = [];
  for (const language of Object.keys(GRAMMARS)) {
    const sample = byLang.get(language);
    if (!sample) {
      results.push({ language, symbols: 0, errorRatio: 0, ms: 0, problem: "no sample in grammars/samples" });
      continue;
    }
    const t0 = performance.now();
    try {
      const s = await extractStructure(sample, readFileSync(join(samples, sample), "utf8"));
      const r: GrammarCheck = { language, sample, symbols: s.symbols.length, errorRatio: s.errorRatio, ms: Math.round(performance.now() - t0) };
      if (s.language !== language) r.problem = `sample detected as ${s.language}`;
      else if (s.extractor !== "tree-sitter") r.problem = `extractor ${s.extractor}`;
      else if (s.errorRatio > 0) r.problem = `parse errors (${(s.errorRatio * 100).toFixed(2)}% error nodes)`;
      else if (s.symbols.length === 0) r.problem = "no symbols";
      results.push(r);
    } catch (e: any) {
      results.push({ language, sample, symbols: 0, errorRatio: 0, ms: 0, problem: `failed to load or parse: ${e?.message ?? e}` });
    }
  }
  // Second pass with every grammar loaded: a grammar must not be disturbed by the others
  // sharing the runtime (tree-sitter-wasms' lua was).
  for (const r of results) {
    if (r.problem || !r.sample) continue;
    const again = await extractStructure(r.sample, readFileSync(join(samples, r.sample), "utf8"));
    if (again.errorRatio > 0 || again.symbols.length !== r.symbols) r.problem = `differs once all grammars are loaded (${again.symbols.length} symbols, ${(again.errorRatio * 100).toFixed(2)}% errors)`;
  }
  results.push(...(await checkImports()));
  const defined = new Set(await Promise.all(Object.values(GRAMMARS).map(async (l) => (await l()).default.wasm.split("/").pop())));
  for (const f of readdirSync(join(root, "grammars", "wasm"))) {
    if (f.endsWith(".wasm.zst") && ![...defined].some((d) => d?.startsWith(f.replace(/\.wasm\.zst$/, "")))) {
      results.push({ language: f, symbols: 0, errorRatio: 0, ms: 0, problem: "vendored grammar without a definition" });
    }
  }
  return results;
}

/**
 * Functions a grammar may import that the runtime lacks: both sit on assertion-failure paths
 * only (a call would end the parse with an error either way).
 */
const ERROR_PATH_ONLY = new Set(["abort", "__assert_fail"]);
const LINKER = new Set(["__stack_pointer", "__memory_base", "__table_base", "memory", "__indirect_function_table"]);

async function checkImports(): Promise<GrammarCheck[]> {
  const runtimeWasm = (await import("../node_modules/web-tree-sitter/tree-sitter.wasm" as any, { with: { type: "file" } })).default;
  const provided = new Set(WebAssembly.Module.exports(new WebAssembly.Module(await Bun.file(runtimeWasm).bytes())).map((e) => e.name));
  const out: GrammarCheck[] = [];
  for (const load of new Set(Object.values(GRAMMARS))) {
    const def = (await load()).default;
    const m = new WebAssembly.Module(Bun.zstdDecompressSync(await Bun.file(def.wasm).bytes()));
    const missing = WebAssembly.Module.imports(m)
      .filter((i) => i.module === "env" && !LINKER.has(i.name) && !provided.has(i.name) && !ERROR_PATH_ONLY.has(i.name))
      .map((i) => i.name);
    if (missing.length) out.push({ language: def.id, symbols: 0, errorRatio: 0, ms: 0, problem: `imports what the runtime lacks: ${missing.join(", ")}` });
  }
  return out;
}

if (import.meta.main) {
  const results = await checkGrammars();
  let bad = 0;
  for (const r of results) {
    if (r.problem) bad++;
    console.log(`${r.problem ? "FAIL" : "ok  "} ${r.language.padEnd(11)} ${String(r.symbols).padStart(3)} symbols  ${String(r.ms).padStart(5)} ms  ${r.sample ?? ""}${r.problem ? "  " + r.problem : ""}`);
  }
  console.log(`${results.length - bad} ok, ${bad} failed`);
  process.exit(bad ? 1 : 0);
}
