/**
 * Search worker (bundled as its own entry point in build/build.ts). Protocol:
 *   in:  {type:"init", spec, mode, reportUnsearched, reportNoMatch, text, watch, encoding} once, then
 *        {type:"batch", id, opens, sizes, claims?} (claims: a split list, searched from its end)
 *   out: {type:"done", id, hits: [index, FileOutcome][], packed, counts, seen} per batch (only matching
 *        files travel back, those without lines packed in one Int32Array: cloning objects costs),
 *        or {type:"error", id, message, index}
 */
import { fromSpec, type Matcher } from "../match/index.ts";
import { literalVariants, maskOne, searchOne, type FileOutcome, type LiteralProbe, type ScanMode } from "./file.ts";
import { Watch } from "./watch.ts";
import { packOutcome } from "./packed.ts";
import { setEncoding } from "../read/index.ts";

declare const self: Worker;

let matcher: Matcher | undefined;
let mode: ScanMode = "full";
/** Binary and too-large files travel back by index too (grep's zero-result diagnosis needs to know which). */
let reportUnsearched = false;
/** Files searched without a match travel back by index too (grep --files-without-match). */
let reportNoMatch = false;
/** rg -a: every file is searched whole as text (no binary rule). */
let text = false;
let watch: Watch | undefined;
/** A literal-presence search (search's `mask` option): the literals' variants. */
let mask: LiteralProbe[] | undefined;

self.onmessage = (ev: MessageEvent) => {
  const msg = ev.data;
  if (msg.type === "init") {
    matcher = fromSpec(msg.spec);
    setEncoding(msg.encoding); // grep -E: the main thread's read encoding
    mode = msg.mode;
    reportUnsearched = msg.reportUnsearched === true;
    reportNoMatch = msg.reportNoMatch === true;
    text = msg.text === true;
    watch = msg.watch ? new Watch(msg.watch) : undefined; // a reused worker (MCP) keeps no earlier search's watch
    mask = Array.isArray(msg.mask) ? literalVariants(msg.mask) : undefined;
    return;
  }

  if (msg.type === "batch") {
    const hits: Array<[number, FileOutcome]> = [];
    const counts: Record<string, number> = {};
    // Matches without lines travel packed (see packed.ts): a structured clone per outcome object
    // cost ~8 us each, 0.3 s over the 37k files a find on Linux reports.
    const packed: number[] = [];
    // A split list (search/index.ts Split): files from the end, each claimed first; the main
    // thread claims from the start, and no more than the list's length are ever claimed.
    const claims: Int32Array | undefined = msg.claims;
    const n = msg.opens.length;
    for (let k = 0; k < n; k++) {
      if (claims && Atomics.add(claims, 0, 1) >= n) break;
      const i = claims ? n - 1 - k : k;
      let o: FileOutcome;
      try {
        o = mask ? maskOne(msg.opens[i], msg.sizes[i] ?? undefined, mask) : searchOne(msg.opens[i], msg.sizes[i] ?? undefined, matcher!, mode, text, undefined, watch);
      } catch (e: any) {
        self.postMessage({ type: "error", id: msg.id, index: i, message: String(e?.message ?? e), name: e?.name });
        return;
      }
      if (o.status === "match") watch?.stopFlagging();
      if (o.status === "match" && !o.flagged && packOutcome(packed, i, o, mask?.length ?? 0)) continue;
      if (o.status === "match" || o.flagged || (reportUnsearched && (o.status === "binary" || o.status === "tooLarge")) || (reportNoMatch && o.status === "nomatch")) hits.push([i, o]);
      else counts[o.status] = (counts[o.status] ?? 0) + 1;
    }
    const pk = Int32Array.from(packed);
    self.postMessage({ type: "done", id: msg.id, hits, packed: pk, counts, seen: watch?.takeSeen(), beyond: watch?.takeBeyond() }, [pk.buffer]);
  }
};
