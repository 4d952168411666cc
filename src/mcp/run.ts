/**
 * Runs a CLI command line inside this process, as main.ts runs argv: the same clipanion
 * classes, defaults, validation and errors. The MCP server calls it inside util/out.ts's
 * capture, so what the command prints becomes the call's result.
 */
import { buildCli, COMMANDS, normaliseArgs, outContext, type FrontOptions } from "../commands/registry.ts";
import { cwdGoneProblem, usageProblem } from "../commands/usage.ts";
import { errorLine, UserError } from "../util/errors.ts";
import { errLine } from "../util/out.ts";

/** A runner over one CLI (built once: clipanion compiles its parser per CLI), its commands told `front`. */
export async function commandRunner(version: string, front?: FrontOptions): Promise<(args: string[]) => Promise<number>> {
  const cli = await buildCli(version);
  const context = outContext(front);
  const usage = (args: string[], e: unknown) => {
    errLine(errorLine(usageProblem(args, cli.definitions() as any, Object.keys(COMMANDS), e)));
    return 2;
  };
  return async (argv) => {
    const args = await normaliseArgs(argv);
    let command;
    try {
      command = cli.process(args, context);
    } catch (e) {
      return usage(args, e);
    }
    try {
      const code = await command.validateAndExecute();
      return typeof code === "number" ? code : 0;
    } catch (e: any) {
      if (e?.name === "UsageError" || e?.clipanion) return usage(args, e);
      // The server's directory was deleted under it: relative paths are what failed (cli/main.ts alike).
      const gone = cwdGoneProblem(e);
      if (gone) throw new UserError(gone.message, gone.hint);
      throw e;
    }
  };
}
