// PLACEHOLDER (to be replaced by the find work): role of a file from real path signals.
export type Role = "implementation" | "test" | "docs" | "example" | "vendored" | "generated" | "config" | "build" | "generic";

export function inferRole(displayPath: string): Role {
  if (/(^|\/)(tests?|__tests__|spec)\//.test(displayPath) || /(_test|\.test|\.spec)\.[a-z]+$/.test(displayPath)) return "test";
  if (/\.(md|markdown|rst|txt|adoc)$/i.test(displayPath)) return "docs";
  return "implementation";
}
