/** The content scan's identifier cache (content.ts): identifiers are looked up by a hash of their bytes, never trusted on it. */
import { test, expect } from "bun:test";
import { buildQuery, TokenMatcher } from "../../src/rank/find-query.ts";
import { ContentScanner } from "../../src/rank/content.ts";

const scannerFor = (words: string[]) => {
  const q = buildQuery(words);
  return new ContentScanner(new TokenMatcher(q.terms, q.composites));
};

// `page_fault` and `pbHe_fault` hash alike (31-polynomial: "ag" and "bH" both sum to 3110).
test("an identifier whose hash equals a known one's is matched by its own words", () => {
  const sc = scannerFor(["page", "fault"]);
  const ev = sc.scan(Buffer.from("pbHe_fault page_fault\n"));
  expect(ev.tf).toEqual([1, 2]);
  // Across files too: the cache outlives one scan.
  expect(sc.scan(Buffer.from("page_fault\n")).tf).toEqual([1, 1]);
  expect(sc.scan(Buffer.from("x = pbHe_fault;\n")).tf).toEqual([0, 1]);
});

test("a warm scanner finds what a fresh one finds", () => {
  const text = Buffer.from("/* page fault handler */\nint handle_page_fault(struct page *pg) {\n  PageFault(pg); PAGE_FAULT_MASK; pagefault();\n}\n");
  const warm = scannerFor(["page", "fault", "handler"]);
  warm.scan(Buffer.from("handle_page_fault PageFault PAGE_FAULT_MASK pagefault page_fault_handler\n"));
  expect(warm.scan(text)).toEqual(scannerFor(["page", "fault", "handler"]).scan(text));
});

// Identifiers and comments in any script (größe, 配置): the scan extends an identifier over UTF-8
// letters, digits and marks, never over punctuation (— “ ”) or a stray byte of another encoding.
test("query words in other scripts are found in UTF-8 text, whole and inside longer names", () => {
  const de = scannerFor(["größe"]).scan(Buffer.from("// Berechnet die größe.\nfunc größe(n int) int { return puffer_größe + größeAlt }\n"));
  expect(de.tf).toEqual([4]);
  expect(de.defs.map((d) => d.name)).toEqual(["größe"]);
  // A word of a script without spaces counts inside a longer run of it (配置文件 holds 配置).
  const zh = scannerFor(["配置"]).scan(Buffer.from("# 配置 loader\n# 读取配置文件\nx = 1\n"));
  expect(zh.tf[0]).toBeGreaterThan(1);
  expect(scannerFor(["café"]).scan(Buffer.from('menu = {"café": 1, "cafe": 2}\n')).tf).toEqual([1]);
  // An ASCII word beside other scripts' letters or punctuation is still its own word.
  const sc = scannerFor(["config"]);
  expect(sc.scan(Buffer.from("// 使用config文件 — “config” naïve_config\n")).tf).toEqual([3]);
  // Latin-1 bytes (not UTF-8) around a word end it, as before.
  expect(sc.scan(Buffer.from([0xe9, ...Buffer.from("config"), 0xe9, 0x0a])).tf).toEqual([1]);
});
