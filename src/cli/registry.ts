import type { BaseContext, Cli } from "clipanion";
import { buildCli as buildTable, COMMANDS as SEARCH_COMMANDS, type CommandTable } from "../commands/registry.ts";

export { normaliseArgs, outContext } from "../commands/registry.ts";

/**
 * The command line's table: every command of commands/registry.ts, plus `mcp`, the second front,
 * which serves that same table over stdio. It is added here, at the top, so that the MCP server
 * (src/mcp) imports the command table and nothing imports it back.
 */
export const COMMANDS: CommandTable = {
  ...SEARCH_COMMANDS,
  mcp: async () => (await import("../mcp/command.ts")).McpCommand,
};

/** The clipanion CLI for `args` over the command line's table (commands/registry.ts buildCli). */
export function buildCli(version: string, args: readonly string[] = []): Promise<Cli<BaseContext>> {
  return buildTable(version, args, COMMANDS);
}
