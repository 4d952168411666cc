import { noFTL } from "bun:jsc";

/**
 * Keeps per-file and per-entry functions out of JSC's top tier (FTL). Their work is native calls
 * (open, read, memmem, readdir), so FTL's code gains little, while compiling them (with what they
 * inline) cost 0.1-0.2 s of CPU per search of the Linux tree, in every worker.
 */
export function noTopTier(...fns: Array<(...args: any[]) => any>): void {
  for (const f of fns) noFTL(f);
}

/**
 * JSC's tier-up thresholds scaled for this thread's VM (Bun.unsafe.setJITPolicy; 1 is the
 * normal policy). A grep over a small tree runs each function a few thousand times at most:
 * compiling them (baseline and DFG, on JSC's compiler thread) cost more CPU than the compiled
 * code saved. Measured on the CPython tree (perf stat, 20 runs): `grep JSONDecoder` 57 -> 42 ms
 * CPU and 3,785 -> 2,825 page faults at 100 (search workers keep the normal policy: their VMs are their own); `grep self` 116 -> 82 ms. A thread that turns out
 * to have a long run ahead (the walk of a big tree) goes back to 1 (`jitPolicy(1)`); under 100,
 * a hot function still tiers up, after 100 times as many calls (a few ms in the interpreter).
 */
export const RELUCTANT_JIT = 100;

/** Sets this thread's JIT policy (see RELUCTANT_JIT); a runtime without the call keeps its own. */
export function jitPolicy(scale: number): void {
  try {
    (Bun as any).unsafe?.setJITPolicy?.(scale);
  } catch {
    /* an optimisation only */
  }
}
