import { UserError } from "../util/errors.ts";

/** The disk cache's bound when AGENTGREP_CACHE_MB is unset. */
export const DEFAULT_CACHE_MB = 64;

const OFF = ["off", "0", "false", "no"];
const ON = ["on", "1", "true", "yes", ""];

/**
 * AGENTGREP_CACHE and AGENTGREP_CACHE_MB, checked: `off` (why) or the bound in bytes. Anything
 * else is the user's error, said once, exit 2, as for AGENTGREP_THREADS: `AGENTGREP_CACHE_MB=1G`
 * turned the cache off, silently, and `AGENTGREP_CACHE=of` left it on.
 */
export function cacheEnv(env: Record<string, string | undefined>): { off: string } | { limit: number } {
  const v = env.AGENTGREP_CACHE;
  const word = (v ?? "").trim().toLowerCase();
  if (OFF.includes(word)) return { off: `AGENTGREP_CACHE=${v!.trim()}` };
  if (!ON.includes(word)) throw new UserError(`invalid AGENTGREP_CACHE '${v}' (expected on or off)`, "unset it to use the structure cache, or set AGENTGREP_CACHE=off to turn it off");
  const mb = env.AGENTGREP_CACHE_MB;
  if (mb === undefined || mb.trim() === "") return { limit: DEFAULT_CACHE_MB << 20 };
  if (!/^\s*\d+\s*$/.test(mb))
    throw new UserError(`invalid AGENTGREP_CACHE_MB '${mb}' (expected a whole number of MB)`, `unset it for the default ${DEFAULT_CACHE_MB}, or 0 to turn the structure cache off`);
  const limit = Number(mb) * (1 << 20);
  return limit === 0 ? { off: "AGENTGREP_CACHE_MB=0" } : { limit };
}
