import { noFTL } from "bun:jsc";

/**
 * Keeps per-file and per-entry functions out of JSC's top tier (FTL). Their work is native calls
 * (open, read, memmem, readdir), so FTL's code gains little, while compiling them (with what they
 * inline) cost 0.1-0.2 s of CPU per search of the Linux tree, in every worker.
 */
export function noTopTier(...fns: Array<(...args: any[]) => any>): void {
  for (const f of fns) noFTL(f);
}
