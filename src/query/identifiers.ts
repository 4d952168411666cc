// PLACEHOLDER (to be replaced by the find work): identifier-form normalisation.

/** Lowercased identifier words: `AuthStatus`, `auth_status`, `auth-status` -> ["auth","status"]. */
export function identifierWords(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}
