/**
 * Search worker (bundled as its own entry point in build/build.ts). Protocol:
 *   in:  {type:"init", spec, pathsOnly} once, then {type:"batch", id, opens: (string|Uint8Array)[]}
 *   out: {type:"done", id, outcomes: FileOutcome[]} per batch, or {type:"error", id, message, index}
 */
import { fromSpec, type Matcher } from "../match/index.ts";
import { searchOne } from "./file.ts";

declare const self: Worker;

let matcher: Matcher | undefined;
let pathsOnly = false;

self.onmessage = (ev: MessageEvent) => {
  const msg = ev.data;
  if (msg.type === "init") {
    matcher = fromSpec(msg.spec);
    pathsOnly = msg.pathsOnly;
    return;
  }
  if (msg.type === "batch") {
    const outcomes = [];
    for (let i = 0; i < msg.opens.length; i++) {
      try {
        outcomes.push(searchOne(msg.opens[i], matcher!, pathsOnly));
      } catch (e: any) {
        self.postMessage({ type: "error", id: msg.id, index: i, message: String(e?.message ?? e), name: e?.name });
        return;
      }
    }
    self.postMessage({ type: "done", id: msg.id, outcomes });
  }
};
