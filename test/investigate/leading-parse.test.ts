import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// A 185 KB Ruby file (Sequel's associations.rb) led a trace but was over the parser's per-file
// limit, so its regions came from line shapes: `def eager_graph` showed as its doc comment plus
// the `def` line (3211-3251 for a method at 3251-3253), and a comment named a region. The leading
// file is parsed up to 1 MiB.
test("the leading file over the per-file parse limit gets the parser's units", () => {
  const filler = Array.from({ length: 3200 }, (_, i) => `  def filler_${i}(x)\n    x + ${i}\n  end\n`).join("");
  const doc = Array.from({ length: 10 }, (_, i) => `  # eager graph note ${i}\n`).join("");
  const src = `module Assoc\n${filler}${doc}  def eager_graph(*associations)\n    eager_graph_with_options(associations)\n  end\nend\n`;
  expect(src.length).toBeGreaterThan(100_000);
  const defLine = src.slice(0, src.indexOf("  def eager_graph(")).split("\n").length;
  const r = run(["trace", "--json", "subject:eager_graph", "relation:defined"], tree({ "lib/assoc.rb": src, "lib/user.rb": "class User\n  def load\n    Assoc.eager_graph(:a)\n  end\nend\n" }));
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("lib/assoc.rb");
  const reg = out.files[0].regions[0];
  expect(reg.end_line).toBe(defLine + 2);
  expect(reg.label).toBe("eager_graph");
});
