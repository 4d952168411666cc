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
