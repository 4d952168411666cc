/**
 * Search worker (bundled as its own entry point in build/build.ts). Protocol:
 *   in:  {type:"init", spec, mode, reportUnsearched} once, then {type:"batch", id, opens, sizes}
 *   out: {type:"done", id, hits: [index, FileOutcome][], counts} per batch (only matching files
 *        travel back in full: cloning 78k "no match" objects costs), or {type:"error", id, message, index}
 */
import { fromSpec, type Matcher } from "../match/index.ts";
import { literalVariants, maskOne, searchOne, type FileOutcome, type LiteralProbe, type ScanMode } from "./file.ts";

declare const self: Worker;

let matcher: Matcher | undefined;
let mode: ScanMode = "full";
/** Binary and too-large files travel back by index too (grep's zero-result diagnosis needs to know which). */
let reportUnsearched = false;
/** Files searched without a match travel back by index too (grep --files-without-match). */
let reportNoMatch = false;
/** rg -a: every file is searched whole as text (no binary rule). */
let text = false;
/** A literal-presence search (search's `mask` option): the literals' variants. */
let mask: LiteralProbe[] | undefined;

self.onmessage = (ev: MessageEvent) => {
  const msg = ev.data;
  if (msg.type === "init") {
    matcher = fromSpec(msg.spec);
    mode = msg.mode;
    reportUnsearched = msg.reportUnsearched === true;
    reportNoMatch = msg.reportNoMatch === true;
    text = msg.text === true;
    mask = Array.isArray(msg.mask) ? literalVariants(msg.mask) : undefined;
    return;
  }
  if (msg.type === "batch") {
    const hits: Array<[number, FileOutcome]> = [];
    const counts: Record<string, number> = {};
    for (let i = 0; i < msg.opens.length; i++) {
      let o: FileOutcome;
      try {
        o = mask ? maskOne(msg.opens[i], msg.sizes[i] ?? undefined, mask) : searchOne(msg.opens[i], msg.sizes[i] ?? undefined, matcher!, mode, text);
      } catch (e: any) {
        self.postMessage({ type: "error", id: msg.id, index: i, message: String(e?.message ?? e), name: e?.name });
        return;
      }
      if (o.status === "match" || (reportUnsearched && (o.status === "binary" || o.status === "tooLarge")) || (reportNoMatch && o.status === "nomatch")) hits.push([i, o]);
      else counts[o.status] = (counts[o.status] ?? 0) + 1;
    }
    self.postMessage({ type: "done", id: msg.id, hits, counts });
  }
};
