// PLACEHOLDER (to be replaced by the harness-context work).
export interface Familiarity {
  structure: number;
  body: number;
  current: number;
  prune: number;
  sourceStrength?: string;
  focused: boolean;
}
export interface HarnessContext {
  fileFamiliarity(path: string): Familiarity | undefined;
  symbolFamiliarity(path: string, symbol: string): Familiarity | undefined;
  regionFamiliarity(path: string, start: number, end: number, symbol?: string): Familiarity | undefined;
  focusFiles: string[];
}
/** Loads and validates a context file; malformed input throws UserError naming file and position. */
export function loadContext(_file: string): HarnessContext {
  throw new Error("context: not implemented yet");
}
