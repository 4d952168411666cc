/** `s` as literal text inside a JS RegExp source (shared by the investigate probes). */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
