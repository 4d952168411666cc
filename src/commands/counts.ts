/**
 * The one rule for every count flag (grep's -m/-A/-B/-C/--max-depth as rg's u64, and our own
 * budgets alike): digits only, leading zeros allowed, up to 2^64-1. Kept apart from usage.ts,
 * which only a rejected command line loads.
 */
export const U64_MAX = (1n << 64n) - 1n;

export const isCount = (v: string) => /^\d+$/.test(v) && (v.length < 20 || BigInt(v) <= U64_MAX);

/** A valid count's value: past 2^53 every count means "no limit", so it is held as that. */
export const countOf = (v: string) => Math.min(Number(v), Number.MAX_SAFE_INTEGER);

/** A value as an error quotes it: bare when it is one printable word, else quoted (an empty one, ' 5'). */
export const shownValue = (v: string) => (/^[\x21-\x7e]+$/.test(v) ? v : `'${v}'`);
