declare const AGENTGREP_VERSION: string | undefined;

/** Injected by build/build.ts (package.json version + git commit); dev runs fall back to "dev". */
export function version(): string {
  return typeof AGENTGREP_VERSION === "string" ? AGENTGREP_VERSION : "0.0.0-dev";
}
