import { Parser, Language } from "web-tree-sitter";
await Parser.init();
const files = process.argv.slice(2);
for (const f of files) {
  const raw = f.endsWith(".zst") ? Bun.zstdDecompressSync(await Bun.file(f).bytes()) : await Bun.file(f).bytes();
  const t0 = performance.now();
  const L = await Language.load(raw);
  const t1 = performance.now();
  const p = new Parser(); p.setLanguage(L);
  p.parse("const x = 1;\nfunction f() { return x; }\n");
  const t2 = performance.now();
  console.log(f.split("/").pop(), raw.length, "load", (t1 - t0).toFixed(1), "first parse", (t2 - t1).toFixed(1));
}
