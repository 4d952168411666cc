import { test, expect } from "bun:test";
import { messages } from "../../src/structure/child.ts";

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(text: string, size: number): Promise<unknown[]> {
  const got: unknown[] = [];
  for await (const m of messages(chunked(Buffer.from(text), size))) got.push(m);
  return got;
}

test("JSON lines: split across chunks, several in one chunk, a multi-byte character cut by a chunk", async () => {
  const msgs = [{ id: 1, text: "é".repeat(5000) }, { id: 2 }, { id: 3, text: "a\\nb" }, { id: 4 }];
  const text = msgs.map((m) => JSON.stringify(m) + "\n").join("");
  for (const size of [1, 3, 7, 4096, text.length]) expect(await read(text, size)).toEqual(msgs);
  // A line without its newline (the other end died mid-write) is not a message.
  expect(await read(JSON.stringify({ id: 1 }) + "\n" + '{"id":', 5)).toEqual([{ id: 1 }]);
});

test("JSON lines: a file's text of 16 MB as one line, in 64 KB chunks, arrives whole", async () => {
  const big = { id: 9, text: "x".repeat(16 << 20) };
  const got = (await read(JSON.stringify(big) + "\n" + JSON.stringify({ id: 10 }) + "\n", 65536)) as any[];
  expect(got.map((m) => m.id)).toEqual([9, 10]);
  expect(got[0].text.length).toBe(16 << 20);
});
