/**
 * Parse worker (bundled as its own entry point in build/build.ts; structure/parallel.ts drives
 * it). Each message is one job of job.ts.
 */
import { runJob } from "./job.ts";
import { disableStore } from "./store.ts";

declare const self: Worker;
disableStore();

self.onmessage = async (ev: MessageEvent) => {
  self.postMessage(await runJob(ev.data));
};
