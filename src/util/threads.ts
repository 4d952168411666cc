import { availableParallelism } from "node:os";
import { UserError } from "./errors.ts";

/**
 * AGENTGREP_THREADS, checked: undefined when unset or empty, else a whole number from 0 to the
 * bound. Anything else is the user's error, said once, exit 2: a value silently ignored would be
 * a setting accepted with another meaning, and one without bound started a worker per unit (each
 * a JS heap and its descriptors: 1,000 took 1.8 GB, 100,000 ran out of file descriptors).
 */
export function envThreads(env: Record<string, string | undefined> = process.env): number | undefined {
  const v = env.AGENTGREP_THREADS;
  if (v === undefined || v.trim() === "") return undefined;
  const max = Math.max(64, availableParallelism());
  const n = /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n > max)
    throw new UserError(`invalid AGENTGREP_THREADS '${v}' (expected a whole number of workers from 0 to ${max})`, `unset it for one worker per core (${availableParallelism()} here), or set e.g. AGENTGREP_THREADS=4`);
  return n;
}
