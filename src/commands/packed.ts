/**
 * Long word lists past clipanion: its parser copies its state for every argument, so its cost
 * grows with the square of the argument count (find with 4,000 words: 2 s of CPU, 300 MB; an MCP
 * find of 100,000 words did not end in 2 minutes). find's words and trace's terms travel as one
 * hidden JSON value instead when there are more than PACK_OVER (grep's -e and PATH lists:
 * rg-args.ts). Only an unambiguous tail is packed: the words after `--` (as the MCP server
 * writes them), or every argument when none starts with '-'. The first word stays a positional,
 * which both commands require.
 */
import { UserError } from "../util/errors.ts";

export const PACKED_WORDS = "--packed-words";
/** Past this many list items clipanion's cost shows; grep's -e/PATH packing (rg-args.ts) uses it too. */
export const PACK_OVER = 64;

/** `args` (args[0] the command) with a long tail of words packed; rejects a user's own --packed-words. */
export function packWords(args: string[]): string[] {
  const dd = args.indexOf("--");
  const flags = args.slice(1, dd < 0 ? undefined : dd);
  if (flags.some((a) => a === PACKED_WORDS || a.startsWith(PACKED_WORDS + "=")))
    throw new UserError(`unknown option '${PACKED_WORDS}'`, `see: agentgrep ${args[0]} --help`);
  const start = dd >= 0 ? dd + 1 : flags.some((a) => a.startsWith("-")) ? -1 : 1;
  if (start < 0 || args.length - start <= PACK_OVER) return args;
  return [...args.slice(0, dd >= 0 ? dd : 1), `${PACKED_WORDS}=${JSON.stringify(args.slice(start + 1))}`, "--", args[start]!];
}

/** The words packWords packed (none when the option is absent). */
export function unpackWords(packed: string | undefined): string[] {
  return packed === undefined ? [] : JSON.parse(packed);
}
