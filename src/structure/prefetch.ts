/**
 * Background wasm compilation for calls that will parse (see engine.ts): the runtime at process
 * start, a grammar as soon as a file's language can be guessed from its name. A guess that turns
 * out unused costs compiler-thread time only, never output.
 */
import { detectLanguage } from "./detect.ts";
import { GRAMMAR_WASM } from "../../grammars/wasm.ts";
import { prefetchGrammar, prefetchRuntime as compileRuntime } from "./engine.ts";
import { parseProcess, parseProcessOn } from "./child.ts";
import { cachedStructureOf } from "./index.ts";

export { parseProcessOn } from "./child.ts";

const started = new Set<string>();
/** Files looked up in the caches for the parse process (grep untuned: see prefetchPath). */
let looked = 0;
const LOOK_MAX = 8;

/** Starts compiling the tree-sitter runtime in the background, unless parses run elsewhere (child.ts). */
export function prefetchRuntime(): void {
  if (!parseProcessOn()) compileRuntime();
}

/**
 * Starts compiling the grammar `path`'s name points to (extension or file name; the shebang is
 * not read). At most `limit` distinct grammars per process: a big grammar compiles for 50 ms+.
 *
 * When parses run in the parse process (child.ts), nothing compiles here: `text` gives the
 * file's text, and the first of the first `lookMax` files that is in no cache starts the parse
 * process (it compiles the runtime and this grammar while the search goes on). grep passes its
 * --max-files when files arrive in display order: the files looked up are then the ones it shows.
 * A repeated call, whose files are all in the disk cache, starts nothing, and the lookups fill
 * the process's cache for the grouping that follows.
 */
export function prefetchPath(path: string, limit = 2, text?: () => string | undefined, lookMax = LOOK_MAX): void {
  if (started.size >= limit) return;
  const lang = detectLanguage(path, "");
  if (started.has(lang)) return;
  const wasm = GRAMMAR_WASM[lang];
  if (!wasm) return;
  if (parseProcessOn()) {
    if (!text || looked >= lookMax) return;
    looked++;
    const t = text();
    if (t === undefined || cachedStructureOf(path, t)) return;
    started.add(lang);
    parseProcess()?.prefetch(lang);
    return;
  }
  started.add(lang);
  compileRuntime();
  prefetchGrammar(lang, wasm);
}

/** For `outline ... <file>`: the file operand, skipping options and their values. */
export function outlineOperand(args: readonly string[]): string | undefined {
  const withValue = new Set(["--path", "--max-items", "--context-json"]);
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") return args[i + 1];
    if (withValue.has(a)) i++;
    else if (!a.startsWith("-")) return a;
  }
  return undefined;
}

/**
 * Called once at start-up by main.ts for commands that parse. grep is left out: it may find
 * nothing, or nothing with a grammar; it starts compiling at its first matching code file.
 */
export function prefetchFor(args: readonly string[]): void {
  if (args[0] === "grep") return;
  prefetchRuntime();
  if (args[0] !== "outline") return;
  const file = outlineOperand(args);
  if (file) prefetchPath(file, 1);
}
