/**
 * The lines of a byte stream (decoded as UTF-8, without their `\n`), as they complete. Only each
 * new chunk is searched for the newline and a line's pieces are joined once: appending to one
 * string and searching it from the start costs a line sent whole its size squared (32 MB: 2 s).
 * Bytes after the last newline when the stream ends are a line cut off and are not yielded
 * (a JSON-lines peer ends every message with its newline).
 *
 * A line growing past `max` characters is not kept: `tooLong` is called once, as soon as it
 * passes the bound (a peer sending /dev/zero never sends the newline: the server held 2.5 GB
 * after 10 s, and growing), and the line is skipped up to its newline.
 */
export async function* streamLines(stream: AsyncIterable<Uint8Array>, max = Infinity, tooLong?: () => void): AsyncGenerator<string> {
  const dec = new TextDecoder();
  let parts: string[] = [];
  let held = 0;
  let skipping = false;
  for await (const chunk of stream) {
    const piece = dec.decode(chunk, { stream: true });
    let start = 0;
    let nl: number;
    while ((nl = piece.indexOf("\n", start)) >= 0) {
      const end = nl;
      const from = start;
      start = nl + 1;
      if (skipping || held + end - from > max) {
        if (!skipping) tooLong?.();
        skipping = false;
        parts = [];
        held = 0;
        continue;
      }
      parts.push(piece.slice(from, end));
      const line = parts.join("");
      parts = [];
      held = 0;
      yield line;
    }
    if (start < piece.length && !skipping) {
      held += piece.length - start;
      if (held > max) {
        tooLong?.();
        skipping = true;
        parts = [];
        held = 0;
      } else parts.push(start === 0 ? piece : piece.slice(start));
    }
  }
}
