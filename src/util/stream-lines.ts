/**
 * The lines of a byte stream (decoded as UTF-8, without their `\n`), as they complete. Only each
 * new chunk is searched for the newline and a line's pieces are joined once: appending to one
 * string and searching it from the start costs a line sent whole its size squared (32 MB: 2 s).
 * Bytes after the last newline when the stream ends are a line cut off and are not yielded
 * (a JSON-lines peer ends every message with its newline).
 */
export async function* streamLines(stream: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const dec = new TextDecoder();
  let parts: string[] = [];
  for await (const chunk of stream) {
    const piece = dec.decode(chunk, { stream: true });
    let start = 0;
    let nl: number;
    while ((nl = piece.indexOf("\n", start)) >= 0) {
      parts.push(piece.slice(start, nl));
      const line = parts.join("");
      parts = [];
      start = nl + 1;
      yield line;
    }
    if (start < piece.length) parts.push(start === 0 ? piece : piece.slice(start));
  }
}
