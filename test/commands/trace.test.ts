import { test, expect, describe } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { run, tree } from "../helpers.ts";

/** Region lines the way the eval parser reads them: file line, `regions:` heading, `- label @ s-e (n lines)`. */
function parse(out: string): { path: string; regions: { label: string; start: number; end: number; kind?: string }[] }[] {
  const files: ReturnType<typeof parse> = [];
  let inRegions = false;
  for (const line of out.split("\n")) {
    const f = line.match(/^(\d+)\. (\S+)$/);
    if (f) { files.push({ path: f[2]!, regions: [] }); inRegions = false; continue; }
    if (line.trim() === "regions:") { inRegions = true; continue; }
    const r = line.match(/^     - (.*?) @ (\d+)-(\d+) \((\d+) lines?\)/);
    if (r && inRegions) { files[files.length - 1]!.regions.push({ label: r[1]!, start: +r[2]!, end: +r[3]! }); continue; }
    const k = line.match(/^       kind: (.*)$/);
    if (k && files.length) { const rs = files[files.length - 1]!.regions; if (rs.length) rs[rs.length - 1]!.kind = k[1]; }
  }
  return files;
}

const trace = (root: string, ...args: string[]) => run(["trace", ...args], root);
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

describe("called_from (Python): call sites, never the definition", () => {
  const util = `import os\n\n\ndef split_words(text):\n    """Split text.\n\n    split_words("a b")\n    """\n    return text.split()\n`;
  const a = `from .util import split_words\n\n\nclass Shell:\n    def args(self):\n        words = split_words(os.environ["X"])\n        return words[1:]\n`;
  const b = `from .util import split_words\n\n\ndef main():\n    for w in split_words(input()):\n        print(w)\n`;
  const root = tree({ "pkg/util.py": util, "pkg/a.py": a, "pkg/b.py": b, "tests/test_util.py": `from pkg.util import split_words\n\ndef test_split():\n    assert split_words("a b") == ["a", "b"]\n` });
  test("callers rank first, the defining file last, tests demoted", () => {
    const r = trace(root, "subject:split_words", "relation:called_from");
    expect(r.code).toBe(0);
    const files = parse(r.stdout);
    expect(files.slice(0, 2).map((f) => f.path).sort()).toEqual(["pkg/a.py", "pkg/b.py"]);
    const order = files.map((f) => f.path);
    expect(order.indexOf("tests/test_util.py")).toBeGreaterThan(1);
    const aRegion = files.find((f) => f.path === "pkg/a.py")!.regions[0]!;
    expect(aRegion.start).toBeLessThanOrEqual(lineOf(a, "words = split_words"));
    expect(aRegion.end).toBeGreaterThanOrEqual(lineOf(a, "words = split_words"));
    expect(aRegion.kind).toBe("call site");
    // The definition is never presented as a call site.
    expect(files.flatMap((f) => f.regions.map((reg) => reg.kind)).filter((k) => k?.startsWith("definition"))).toEqual([]);
  });
  test("kind:code leaves out test files (and says so); kind:tests keeps only them", () => {
    const code = trace(root, "subject:split_words", "relation:called_from", "kind:code");
    expect(code.code).toBe(0);
    expect(parse(code.stdout).map((f) => f.path)).not.toContain("tests/test_util.py");
    expect(code.stdout).toContain("note: kind:code left out docs and tests");
    const tests = trace(root, "subject:split_words", "relation:called_from", "kind:tests");
    expect(parse(tests.stdout).map((f) => f.path)).toEqual(["tests/test_util.py"]);
  });
  test("the definition alone (score 0 for called_from) takes no region slot", () => {
    const root2 = tree({ "pkg/util.py": "import os\n\n\ndef split_words(text):\n    return text.split()\n", "pkg/a.py": a, "pkg/b.py": b });
    const r = trace(root2, "subject:split_words", "relation:called_from", "--debug-score", "--max-regions", "50");
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("defines the subject");
    expect(parse(r.stdout).map((f) => f.path).sort()).toEqual(["pkg/a.py", "pkg/b.py"]);
  });
});

describe("Go and C return regions (no blind spot without heuristic symbols)", () => {
  const mux = `package mux\n\nimport "errors"\n\nvar ErrMethodMismatch = errors.New("method is not allowed")\n\nfunc (r *Router) Match(req *Request, match *RouteMatch) bool {\n\tfor _, route := range r.routes {\n\t\tif route.Match(req, match) {\n\t\t\treturn true\n\t\t}\n\t}\n\tif match.MatchErr == ErrMethodMismatch {\n\t\tmatch.Handler = methodNotAllowedHandler()\n\t\treturn true\n\t}\n\treturn false\n}\n`;
  const route = `package mux\n\nfunc (r *Route) Match(req *Request, match *RouteMatch) bool {\n\tif r.methodMismatch {\n\t\tmatch.MatchErr = ErrMethodMismatch\n\t\treturn false\n\t}\n\treturn true\n}\n`;
  const c = `#include "lock.h"\n\nstatic int counter;\n\nvoid spin_lock_setup(struct lock *l)\n{\n\tl->v = 0;\n}\n\nint driver_probe(struct dev *d)\n{\n\tspin_lock_setup(&d->lock);\n\tcounter++;\n\treturn 0;\n}\n`;
  const root = tree({ "mux/mux.go": mux, "mux/route.go": route, "drv/driver.c": c, "drv/lock.h": "void spin_lock_setup(struct lock *l);\n" });
  test("handled finds the comparison in Go", () => {
    const files = parse(trace(root, "subject:ErrMethodMismatch", "relation:handled").stdout);
    expect(files[0]!.path).toBe("mux/mux.go");
    const reg = files[0]!.regions[0]!;
    const l = lineOf(mux, "match.MatchErr == ErrMethodMismatch");
    expect(reg.start <= l && l <= reg.end).toBe(true);
    expect(reg.kind).toBe("dispatch");
  });
  test("populated finds where the value is set, not the comparison or the read", () => {
    const files = parse(trace(root, "subject:ErrMethodMismatch", "relation:populated").stdout);
    expect(files[0]!.path).toBe("mux/mux.go");
    const l = lineOf(mux, "var ErrMethodMismatch =");
    expect(files[0]!.regions[0]!.start <= l && l <= files[0]!.regions[0]!.end).toBe(true);
  });
  test("populated of a field: the assignment to it", () => {
    const files = parse(trace(root, "subject:MatchErr", "relation:populated").stdout);
    expect(files[0]!.path).toBe("mux/route.go");
    expect(files[0]!.regions[0]!.kind).toBe("assignment");
  });
  test("C: callers of a function and its definition", () => {
    const calls = parse(trace(root, "subject:spin_lock_setup", "relation:called_from").stdout);
    expect(calls[0]!.path).toBe("drv/driver.c");
    const l = lineOf(c, "spin_lock_setup(&d->lock)");
    expect(calls[0]!.regions[0]!.start <= l && l <= calls[0]!.regions[0]!.end).toBe(true);
    const defs = parse(trace(root, "subject:spin_lock_setup", "relation:defined").stdout);
    expect(defs[0]!.path).toBe("drv/driver.c");
    expect(defs[0]!.regions[0]!.start).toBe(lineOf(c, "void spin_lock_setup"));
    expect(defs[0]!.regions[0]!.kind).toBe("definition");
  });
});

describe("rendered: members of the subject type count without naming it", () => {
  const impl = `class ProgressBar:\n    def __init__(self, items):\n        self.items = items\n\n    def update(self, n):\n        self.pos += n\n\n    def render_progress(self):\n        line = self.format_bar()\n        self.file.write(line)\n        self.file.flush()\n`;
  const use = `from .impl import ProgressBar\n\n\ndef progressbar(items):\n    return ProgressBar(items)\n`;
  const root = tree({ "ui/impl.py": impl, "ui/api.py": use });
  test("the render method of the class ranks first", () => {
    const files = parse(trace(root, "subject:ProgressBar", "relation:rendered").stdout);
    expect(files[0]!.path).toBe("ui/impl.py");
    expect(files[0]!.regions[0]!.start).toBe(lineOf(impl, "def render_progress"));
    expect(files[0]!.regions[0]!.kind).toBe("render site");
  });
});

describe("Go implicit interfaces", () => {
  const root = tree({
    "log/formatter.go": "package log\n\ntype Formatter interface {\n\tFormat(*Entry) ([]byte, error)\n}\n\nfunc use(f Formatter) {}\n",
    "log/text.go": "package log\n\ntype TextFormatter struct{}\n\nfunc (f *TextFormatter) Format(e *Entry) ([]byte, error) {\n\treturn nil, nil\n}\n",
    "log/other.go": "package log\n\ntype Other struct{}\n\nfunc (o *Other) Print(e *Entry) {}\n",
  });
  test("types with every method of the interface are implementations", () => {
    const r = trace(root, "subject:Formatter", "relation:implementation");
    const files = parse(r.stdout);
    expect(files[0]!.path).toBe("log/text.go");
    expect(files[0]!.regions[0]!.start).toBe(5);
    expect(files[0]!.regions[0]!.kind).toBe("implementation");
    expect(files.map((f) => f.path)).not.toContain("log/other.go");
    expect(r.stdout).toContain("note: Go types with every method of Formatter (Format) count as implementations: TextFormatter");
  });
});

describe("Rust: populated, rendered and implementation", () => {
  const gi = `pub struct Glob {\n    is_whitelist: bool,\n}\n\nimpl Glob {\n    pub fn is_whitelist(&self) -> bool {\n        self.is_whitelist\n    }\n}\n\npub fn add_line(line: &str) -> Glob {\n    let mut glob = Glob { is_whitelist: false };\n    if line.starts_with("!") {\n        glob.is_whitelist = true;\n    }\n    glob\n}\n\npub fn matched(g: &Glob) -> bool {\n    if g.is_whitelist() {\n        return true;\n    }\n    false\n}\n`;
  const expr = `pub struct ExprClosure {\n    pub body: Box<Expr>,\n}\n\nimpl Parse for ExprClosure {\n    fn parse(input: ParseStream) -> Result<Self> {\n        expr_closure(input)\n    }\n}\n\nimpl ToTokens for ExprClosure {\n    fn to_tokens(&self, tokens: &mut TokenStream) {\n        self.body.to_tokens(tokens);\n    }\n}\n`;
  const ctx = `pub trait Context<T, E> {\n    fn context<C>(self, c: C) -> Result<T, Error>;\n}\n\nimpl<T, E> Context<T, E> for Result<T, E> {\n    fn context<C>(self, c: C) -> Result<T, Error> {\n        self.map_err(|e| e.ext_context(c))\n    }\n}\n\nimpl<T> Context<T, Infallible> for Option<T> {\n    fn context<C>(self, c: C) -> Result<T, Error> {\n        self.ok_or_else(|| Error::msg(c))\n    }\n}\n`;
  const root = tree({ "src/gitignore.rs": gi, "src/expr.rs": expr, "src/context.rs": ctx, "src/lib.rs": "pub use context::Context;\nmod context;\n" });
  test("populated: the field write ranks above reads", () => {
    const files = parse(trace(root, "subject:is_whitelist", "relation:populated").stdout);
    const reg = files[0]!.regions[0]!;
    const l = lineOf(gi, "glob.is_whitelist = true");
    expect(reg.start <= l && l <= reg.end).toBe(true);
  });
  test("rendered: the ToTokens impl, not the Parse impl", () => {
    const files = parse(trace(root, "subject:ExprClosure", "relation:rendered").stdout);
    expect(files[0]!.regions[0]!.start).toBe(lineOf(expr, "impl ToTokens for ExprClosure"));
    expect(files[0]!.regions[0]!.kind).toBe("render site");
  });
  test("implementation: impl Trait for Type blocks", () => {
    const files = parse(trace(root, "subject:Context", "relation:implementation").stdout);
    expect(files[0]!.path).toBe("src/context.rs");
    const starts = files[0]!.regions.slice(0, 2).map((r) => r.start).sort((a, b) => a - b);
    expect(starts).toEqual([lineOf(ctx, "impl<T, E> Context"), lineOf(ctx, "impl<T> Context")]);
  });
});

describe("TS/JS: triggered_from, comes_from, implementation, rendered vocabulary at token boundaries", () => {
  const obs = `export function endBatch() {\n    const list = pending\n    for (const observable of list) {\n        if (observable.observers.size === 0) {\n            observable.onBUO()\n        }\n    }\n}\n`;
  const api = `// onBecomeUnobserved registers a listener\nexport function onBecomeUnobserved(thing, fn) {\n    return hook(thing, fn)\n}\n`;
  const analyzer = `class Analyzer {\n    enter(node) {\n        this.emitter.emit("onCodePathStart", node);\n    }\n}\nmodule.exports = Analyzer;\n`;
  const rule = `module.exports = {\n    create(context) {\n        return {\n            onCodePathStart(codePath) {\n                stack.push(codePath);\n            }\n        };\n    }\n};\n`;
  const cfg = `export let globalState: Globals = (function () {\n    return new Globals()\n})()\n\nexport function reset() {\n    const g = globalState\n    return g\n}\n`;
  const reaction = `export class Reaction implements IDerivation, IReactionPublic {\n    run() {}\n}\n`;
  const der = `export interface IDerivation {\n    observing: IObservable[]\n}\nexport function shouldCompute(d: IDerivation) {\n    return true\n}\n`;
  const root = tree({
    "src/core/observable.ts": obs, "src/api/become.ts": api, "lib/analyzer.js": analyzer, "lib/rules/complexity.js": rule,
    "src/core/globalstate.ts": cfg, "src/core/reaction.ts": reaction, "src/core/derivation.ts": der,
  });
  test("triggered_from: an abbreviated call (onBUO) counts", () => {
    const files = parse(trace(root, "subject:onBecomeUnobserved", "relation:triggered_from").stdout);
    expect(files[0]!.path).toBe("src/core/observable.ts");
  });
  test("triggered_from: the emitter beats the listener", () => {
    const files = parse(trace(root, "subject:onCodePathStart", "relation:triggered_from").stdout);
    expect(files[0]!.path).toBe("lib/analyzer.js");
    expect(files[0]!.regions[0]!.kind).toBe("emit site");
  });
  test("comes_from: the initialiser", () => {
    const files = parse(trace(root, "subject:globalState", "relation:comes_from").stdout);
    expect(files[0]!.regions[0]!.start).toBe(1);
  });
  test("implementation: implements clause beats parameter types", () => {
    const files = parse(trace(root, "subject:IDerivation", "relation:implementation").stdout);
    expect(files[0]!.path).toBe("src/core/reaction.ts");
    expect(files[0]!.regions[0]!.kind).toBe("implementation");
  });
  test("a relation word inside another word earns nothing (custom relation 'ui')", () => {
    const r2 = tree({ "a.ts": "export function buildStatus() {\n  return status\n}\n", "b.ts": "export function uiStatus() {\n  return status\n}\n" });
    const r = trace(r2, "subject:status", "relation:ui", "--debug-score");
    const files = parse(r.stdout);
    expect(files[0]!.path).toBe("b.ts");
    const aBlock = r.stdout.slice(r.stdout.indexOf("a.ts"));
    expect(aBlock).not.toContain("name fits the relation");
  });
});

describe("caps, formats and scope", () => {
  const mk = (i: number) => Array.from({ length: 5 }, (_, k) => `def caller_${i}_${k}():\n    helper_fn(${k})\n\n`).join("");
  const root = tree({ "a.py": mk(1), "b.py": mk(2), "c.py": mk(3), "d.py": mk(4), "lib.py": "def helper_fn(x):\n    return x\n", "README.md": "# helper_fn\n\nCall helper_fn(1).\n" });
  test("--max-regions is a total across files, and the cut is reported", () => {
    const r = trace(root, "subject:helper_fn", "relation:called_from");
    const files = parse(r.stdout);
    expect(files.reduce((n, f) => n + f.regions.length, 0)).toBe(6);
    expect(r.stdout).toMatch(/top results: 5 files, 6 regions/);
    expect(r.stdout).toMatch(/note: showing 6 of \d+ regions .*--max-regions 6/);
    const r2 = trace(root, "subject:helper_fn", "relation:called_from", "--max-regions", "2", "--max-files", "2");
    const f2 = parse(r2.stdout);
    expect(f2.length).toBe(2);
    expect(f2.reduce((n, f) => n + f.regions.length, 0)).toBe(2);
    expect(r2.stdout).toMatch(/note: showing 2 of \d+ files \(--max-files 2/);
  });
  test("--json: versioned, snake_case relation, start_line/end_line, summary", () => {
    const r = trace(root, "subject:helper_fn", "relation:callers", "--json");
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)[0]).toBe("schema");
    expect(doc.schema).toBe("agentgrep.trace/1");
    expect(doc.version).toBe(1);
    expect(doc.query.relation).toBe("called_from");
    expect(doc.summary.total_files).toBe(doc.files.length);
    expect(doc.summary.total_regions).toBe(6);
    const reg = doc.files[0].regions[0];
    expect(typeof reg.start_line).toBe("number");
    expect(reg.line_count).toBe(reg.end_line - reg.start_line + 1);
  });
  test("--paths-only prints ranked paths only; kind:docs keeps docs", () => {
    const r = trace(root, "subject:helper_fn", "relation:called_from", "--paths-only");
    const paths = r.stdout.trim().split("\n");
    expect(paths.length).toBe(5);
    // Docs are demoted below every code caller.
    expect(paths.slice(0, 4).sort()).toEqual(["a.py", "b.py", "c.py", "d.py"]);
    const d = trace(root, "subject:helper_fn", "relation:called_from", "kind:docs", "--paths-only");
    expect(d.stdout.trim()).toBe("README.md");
  });
  test("deterministic: same tree, same bytes", () => {
    const a = trace(root, "subject:helper_fn", "relation:called_from").stdout;
    const b = trace(root, "subject:helper_fn", "relation:called_from").stdout;
    expect(a).toBe(b);
  });
  test("path: filters when it matches, falls back (and says so) when not", () => {
    const sub = tree({ "x/one.py": "helper_fn()\n", "y/two.py": "helper_fn()\nhelper_fn()\n" });
    const r = trace(sub, "subject:helper_fn", "relation:called_from", "path:x");
    expect(parse(r.stdout).map((f) => f.path)).toEqual(["x/one.py"]);
    expect(r.stdout).toContain("note: path:x names a path here: only it was searched (drop path: to search the whole scope)\n");
    // A hint that is no path from the root filters the whole scope's candidates by segment.
    const deep = tree({ "a/x/one.py": "helper_fn()\n", "y/two.py": "helper_fn()\nhelper_fn()\n" });
    const r1 = trace(deep, "subject:helper_fn", "relation:called_from", "path:x");
    expect(parse(r1.stdout).map((f) => f.path)).toEqual(["a/x/one.py"]);
    expect(r1.stdout).toContain("path:x filtered");
    const r2 = trace(sub, "subject:helper_fn", "relation:called_from", "path:nowhere");
    expect(parse(r2.stdout).length).toBe(2);
    expect(r2.stdout).toContain("path:nowhere matched no candidate file");
    // A path written from a checkout's root above the tree (Lib/x for x/): its tail filters.
    const r3 = trace(sub, "subject:helper_fn", "relation:called_from", "path:Lib/x");
    expect(parse(r3.stdout).map((f) => f.path)).toEqual(["x/one.py"]);
    expect(r3.stdout).toContain("note: path:Lib/x matched no candidate file; its tail path:x did, so it filtered (1 candidate files outside it left out)\n");
  });
  test("path: matches whole segments, never inside one", () => {
    const sub = tree({ "ui/one.py": "helper_fn()\n", "build/two.py": "helper_fn()\nhelper_fn()\n", "a/ui/deep/three.py": "helper_fn()\n", "src/tui/four.py": "helper_fn()\n" });
    const paths = (...t: string[]) => trace(sub, "subject:helper_fn", "relation:called_from", ...t, "--paths-only").stdout.trim().split("\n").sort();
    // A path under the root is that subtree (searched alone); any other hint matches whole
    // segments anywhere in the path.
    expect(paths("path:ui")).toEqual(["ui/one.py"]);
    expect(paths("path:deep")).toEqual(["a/ui/deep/three.py"]);
    expect(paths("path:ui/deep")).toEqual(["a/ui/deep/three.py"]);
    expect(paths("path:tui")).toEqual(["src/tui/four.py"]);
    expect(paths("path:src/tui")).toEqual(["src/tui/four.py"]);
    expect(paths("path:build/two.py")).toEqual(["build/two.py"]);
    expect(paths("path:./ui/")).toEqual(["ui/one.py"]);
  });
  test("no results says so, exit 1 (with --paths-only on stderr)", () => {
    const r = trace(root, "subject:nothing_like_this", "relation:defined");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("top results: 0 files, 0 regions");
    expect(r.stdout).toContain("no results found");
    const p = trace(root, "subject:nothing_like_this", "relation:defined", "--paths-only");
    expect(p.code).toBe(1);
    expect(p.stdout).toBe("");
    expect(p.stderr).toStartWith("trace: no region found for subject:nothing_like_this relation:defined in this scope\nno file here mentions nothing_like_this in any spelling or case (");
    expect(p.stderr.split("\n")).toHaveLength(3);
    const j = trace(root, "subject:nothing_like_this", "relation:defined", "--json");
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stdout).files).toEqual([]);
  });
  test("smart is an alias of trace; --debug-plan lists variants and probes", () => {
    const r = run(["smart", "--path", root, "subject:helper_fn", "relation:called_from", "--debug-plan"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toStartWith("debug plan:");
    expect(r.stdout).toContain("identifier variants: helper_fn, helperFn, HelperFn");
    expect(r.stdout).toContain("- prefilter:");
    expect(r.stdout).toContain("why: call sites of the subject; its own definition is excluded");
  });
  test("--full-region always/never", () => {
    const always = trace(root, "subject:helper_fn", "relation:called_from", "--full-region", "always");
    expect(always.stdout).toContain("full region:");
    expect(always.stdout).not.toContain("snippet:");
    const never = trace(root, "subject:helper_fn", "relation:called_from", "--full-region", "never");
    expect(never.stdout).not.toContain("full region:");
    expect(never.stdout).toContain("snippet:");
  });
});

test("structure names an impl once (no `impl impl`)", () => {
  const rs = `use std::fmt;\n\npub struct Wrap(u32);\n\nimpl fmt::Display for Wrap {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n        write!(f, "{}", render_wrap(self.0))\n    }\n}\n\nfn render_wrap(x: u32) -> String {\n    x.to_string()\n}\n`;
  const root = tree({ "lib.rs": rs });
  const r = trace(root, "subject:render_wrap", "relation:called_from");
  expect(r.stdout).toContain("     - impl fmt::Display for Wrap @ 5-9\n");
  expect(r.stdout).not.toContain("impl impl");
});

describe("harness context", () => {
  const src = `def other():\n    pass\n\n\ndef run_job():\n    result = compute_value(1)\n    return result\n`;
  const root = tree({ "job.py": src, "calc.py": "def compute_value(x):\n    return x\n" });
  const ctx = (doc: object) => {
    const p = join(root, "..", `ctx-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(p, JSON.stringify(doc));
    return p;
  };
  test("a known, unchanged region keeps its header and range but not its body, and says so", () => {
    const p = ctx({ version: 1, known_regions: [{ path: "job.py", start_line: 5, end_line: 7, body_confidence: 0.9, current_version_confidence: 0.9, prune_confidence: 0.9, source_strength: "full_region" }] });
    const r = trace(root, "subject:compute_value", "relation:called_from", "--context-json", p);
    const files = parse(r.stdout);
    expect(files[0]!.regions[0]!.start).toBe(5);
    expect(r.stdout).not.toContain("result = compute_value(1)");
    expect(r.stdout).toContain("body omitted");
  });
  test("low current-version confidence re-expands", () => {
    const p = ctx({ version: 1, known_regions: [{ path: "job.py", start_line: 5, end_line: 7, body_confidence: 0.9, current_version_confidence: 0.1, prune_confidence: 0.9, source_strength: "full_region" }] });
    const r = trace(root, "subject:compute_value", "relation:called_from", "--context-json", p);
    expect(r.stdout).toContain("result = compute_value(1)");
    expect(r.stdout).toContain("re-expanded");
  });
  test("structure: a stale focus file keeps the usual list; a known, current one keeps only the holding symbols", () => {
    const many = `def f1():\n    pass\n\n\ndef f2():\n    pass\n\n\ndef f3():\n    pass\n\n\ndef f4():\n    pass\n\n\ndef f5():\n    pass\n\n\ndef run_job():\n    return compute_value(1)\n`;
    const root3 = tree({ "job.py": many, "calc.py": "def compute_value(x):\n    return x\n" });
    const c3 = (current: number) => {
      const p = join(root3, "..", `ctx3-${current}-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(p, JSON.stringify({ version: 1, focus_files: ["job.py"], known_files: [{ path: "job.py", structure_confidence: 0.9, current_version_confidence: current, prune_confidence: 0.9 }] }));
      return p;
    };
    const structureOf = (out: string) => out.split("\n").filter((l) => /^     - function /.test(l));
    const stale = trace(root3, "subject:compute_value", "relation:called_from", "--context-json", c3(0));
    expect(structureOf(stale.stdout).length).toBe(4);
    expect(stale.stdout).not.toContain("structure list cut");
    expect(stale.stdout).toContain("... 2 more top-level symbols (agentgrep outline job.py)");
    const known = trace(root3, "subject:compute_value", "relation:called_from", "--context-json", c3(0.9));
    expect(structureOf(known.stdout)).toEqual(["     - function run_job @ 21-22"]);
    expect(known.stdout).toContain("structure list cut to the symbols holding these regions (5 top-level symbols left out)");
    expect(known.stdout).toContain("agentgrep outline job.py shows all, or drop --context-json");
  });
  test("a bad context file is a one-line error, exit 2", () => {
    const p = join(root, "..", "bad-ctx.json");
    writeFileSync(p, "{ nope");
    const r = trace(root, "subject:compute_value", "relation:called_from", "--context-json", p);
    expect(r.code).toBe(2);
    expect(r.stderr).toStartWith("error:");
  });
});

describe("size limits: generated files of many MB do not stall the line-shape pass", () => {
  test("a candidate over 8 MB is left out, with a note saying how to list it", () => {
    const big = "#define REG_STATUS__FIELD 0x1\n" + "#define OTHER_REG__X 0x0\n".repeat(380_000) + "int reg_status_read(void) { return REG_STATUS__FIELD; }\n";
    const root = tree({
      "gen/regs_big.h": big,
      "src/status.c": "int reg_status_read(void)\n{\n  return 1;\n}\n",
    });
    expect(big.length).toBeGreaterThan(8 << 20);
    const r = trace(root, "subject:reg_status_read", "relation:defined");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("note: 1 candidate file left out for size (over 8 MB, or past 16 MB read in all): agentgrep grep --paths-only reg_status_read lists every file that mentions the subject");
    expect(parse(r.stdout).map((f) => f.path)).toEqual(["src/status.c"]);
  });
});

describe("class-heavy code and dispatchers (issue 14)", () => {
  test("defined: a long class is shown by its head and doc comment, the declaration's range named; a constructor is not the definition", () => {
    const body = Array.from({ length: 40 }, (_, i) => `  private int f${i};`).join("\n");
    const java = `package a;\n\nimport java.util.Map;\n\n/**\n * Builds processes.\n */\npublic class ProcBuilder {\n  public ProcBuilder() {\n    this(1);\n  }\n${body}\n}\n`;
    const root = tree({ "a/ProcBuilder.java": java, "a/Use.java": "class Use { ProcBuilder b = new ProcBuilder(); }\n" });
    const r = trace(root, "subject:ProcBuilder", "relation:defined");
    expect(r.code).toBe(0);
    const files = parse(r.stdout);
    expect(files[0]!.path).toBe("a/ProcBuilder.java");
    const head = files[0]!.regions[0]!;
    const classLine = lineOf(java, "public class ProcBuilder");
    expect(head.start).toBe(lineOf(java, "/**"));
    expect(head.end).toBe(classLine);
    expect(r.stdout).toContain(`declaration: ${classLine}-${java.split("\n").length - 1}`);
    const j = JSON.parse(trace(root, "subject:ProcBuilder", "relation:defined", "--json").stdout);
    expect(j.files[0].regions[0].declaration.start_line).toBe(classLine);
  });

  test("triggered_from follows one hop: a callback stored in a notifier block is fired where its chain is called", () => {
    const cb = "static int my_cb(struct notifier_block *nb, unsigned long v, void *p)\n{\n\treturn 0;\n}\n\nstatic struct notifier_block my_block = {\n\t.notifier_call = my_cb,\n};\n\nstatic int __init my_init(void)\n{\n\tatomic_notifier_chain_register(&panic_list, &my_block);\n\treturn 0;\n}\n";
    const panic = "void panic(const char *msg)\n{\n\tprintk(msg);\n\tatomic_notifier_call_chain(&panic_list, 0, NULL);\n}\n";
    const root = tree({ "kernel/cb.c": cb, "kernel/panic.c": panic, "kernel/other.c": "int panic_list_size(void) { return 0; }\n" });
    const r = trace(root, "subject:my_cb", "relation:triggered_from");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("my_cb is stored in panic_list");
    const files = parse(r.stdout);
    const p = files.find((f) => f.path === "kernel/panic.c")!;
    expect(p).toBeDefined();
    const fire = lineOf(panic, "atomic_notifier_call_chain");
    expect(p.regions.some((x) => x.start <= fire && fire <= x.end)).toBe(true);
    expect(files.some((f) => f.path === "kernel/other.c")).toBe(false);
  });

  test("triggered_from: a listener registered on an emitter leads to the emitter's emit lines", () => {
    const reg = "export function setup(bus) {\n  bus.on('close', onClose)\n}\nexport function onClose() {\n  return 1\n}\n";
    const fire = "export function shutdown(bus) {\n  cleanup()\n  bus.emit('close')\n}\n";
    const root = tree({ "src/reg.ts": reg, "src/fire.ts": fire });
    const r = trace(root, "subject:onClose", "relation:triggered_from");
    const files = parse(r.stdout);
    const f = files.find((x) => x.path === "src/fire.ts");
    expect(f).toBeDefined();
    const at = lineOf(fire, "bus.emit");
    expect(f!.regions.some((x) => x.start <= at && at <= x.end)).toBe(true);
  });

  test("handled goes one hop up the class tree: a rescue of the superclass handles the subclass (within its package)", () => {
    const err = "module Thor\n  class Error < StandardError\n  end\n\n  class UndefinedCommandError < Error\n    def initialize(c)\n      super(c)\n    end\n  end\nend\n";
    const base = "module Thor\n  class Base\n    def start(args)\n      dispatch(args)\n    rescue Thor::Error => e\n      warn(e.message)\n    end\n  end\nend\n";
    const other = "module Other\n  def run\n    go\n  rescue Error => e\n    nil\n  end\nend\n";
    const root = tree({ "thor/lib/error.rb": err, "thor/lib/base.rb": base, "other/lib/run.rb": other });
    const r = trace(root, "subject:UndefinedCommandError", "relation:handled");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("UndefinedCommandError is a subclass of Error");
    const files = parse(r.stdout);
    const b = files.find((f) => f.path === "thor/lib/base.rb");
    expect(b).toBeDefined();
    const at = lineOf(base, "rescue Thor::Error");
    expect(b!.regions.some((x) => x.start <= at && at <= x.end)).toBe(true);
    // Another package's Error is another class.
    expect(files.some((f) => f.path === "other/lib/run.rb")).toBe(false);
  });

  test("the inlining rule is grep's: a decisive region of at most 40 lines prints whole, one of 41 does not", () => {
    const fnOf = (n: number) => "static int\nshow_it(struct seq_file *m, void *v)\n{\n" + "\tint a = 0;\n".repeat(n - 6) + "\tseq_printf(m, \"%d\", meminfo);\n" + "\treturn 0;\n}\n";
    const at40 = trace(tree({ "fs/proc/show.c": fnOf(40) }), "subject:meminfo", "relation:rendered").stdout;
    expect(at40).toContain("     - show_it @ 1-40 (40 lines)\n");
    expect(at40).toContain("full region:");
    const at41 = trace(tree({ "fs/proc/show.c": fnOf(41) }), "subject:meminfo", "relation:rendered").stdout;
    expect(at41).toContain("     - show_it @ 1-41 (41 lines)\n");
    expect(at41).toContain("snippet:");
    expect(trace(tree({ "fs/proc/show.c": fnOf(20) }), "subject:meminfo", "relation:rendered", "--full-region", "never").stdout).toContain("snippet:");
  });

  test("snippets lead with the region's head line", () => {
    // Over the inlining rule's 40 lines: a snippet, not the whole region.
    const c = "static int\nshow_it(struct seq_file *m, void *v)\n{\n" + "\tint a = 0;\n".repeat(40) + "\tseq_printf(m, \"%d\", meminfo);\n" + "\treturn 0;\n}\n";
    const root = tree({ "fs/proc/show.c": c });
    const r = trace(root, "subject:meminfo", "relation:rendered");
    expect(r.stdout).toContain("snippet:");
    expect(r.stdout).toMatch(/\n\s+1: static int\n/);
  });

  test("rendered: the unit named for the subject and the relation (TextFieldSkin) ranks over other skins that use the subject", () => {
    const own = "package a.skin;\n\n/** Skin of a text field. */\npublic class TextFieldSkin extends InputSkin<TextField> {\n    public TextFieldSkin(TextField control) {\n        super(control);\n    }\n}\n";
    const other = "package a.skin;\n\npublic class SpinnerSkin extends InputSkin<Spinner> {\n    private TextField textField;\n\n    protected void layoutChildren() {\n        textField.resize(1, 2);\n        TextField other = new TextField();\n        other.show();\n    }\n}\n";
    const root = tree({ "a/skin/TextFieldSkin.java": own, "a/skin/SpinnerSkin.java": other });
    const r = trace(root, "subject:TextField", "relation:rendered", "--debug-score");
    expect(parse(r.stdout)[0]!.path).toBe("a/skin/TextFieldSkin.java");
    expect(r.stdout).toContain("named for the subject and the relation +25");
  });

  test("defined, in a header over the parse budget: constructor-shaped lines belong to the class, the class line defines it", () => {
    const filler = Array.from({ length: 4000 }, (_, i) => `    int field_${i} = ${i}; // filler to pass the parser's size budget`).join("\n");
    const h = "#pragma once\n\n/// A widget.\nclass Widget\n{\n  public:\n    Widget(const Widget& other)\n        : a(other.a)\n    {\n    }\n\n    explicit Widget(int a) : a(a) {}\n" + filler + "\n};\n";
    expect(h.length).toBeGreaterThan(100_000);
    const root = tree({ "include/widget.hpp": h });
    const r = trace(root, "subject:Widget", "relation:defined");
    const f = parse(r.stdout)[0]!;
    expect(f.path).toBe("include/widget.hpp");
    const cls = lineOf(h, "class Widget");
    expect(f.regions[0]!.start <= cls && cls <= f.regions[0]!.end).toBe(true);
    expect(f.regions[0]!.kind).toBe("definition");
    const ctor = lineOf(h, "Widget(const Widget& other)");
    expect(f.regions.some((x) => x.kind === "definition" && x.start <= ctor && ctor <= x.end && !(x.start <= cls && cls <= x.end))).toBe(false);
  });
});

test("--json says why when the subject is found nowhere, as the text does", () => {
  const root = tree({ "a.py": "def other():\n    return 1\n" });
  const t = run(["trace", "subject:zzqqxx", "relation:called_from"], root);
  expect(t.code).toBe(1);
  expect(t.stdout).toContain("mentions zzqqxx in any spelling or case");
  const r = run(["trace", "--json", "subject:zzqqxx", "relation:called_from"], root);
  expect(r.code).toBe(1);
  const d = JSON.parse(r.stdout).diagnosis as Array<Record<string, unknown>>;
  expect(d.length).toBe(1);
  expect(d[0]!.reason).toBe("subject_not_found");
  expect(d[0]!.files_searched).toBe(1);
  expect(String(d[0]!.how)).toContain("mentions zzqqxx in any spelling or case");
});
