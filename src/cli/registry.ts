import { Cli, Builtins, type BaseContext } from "clipanion";
import { GrepCommand } from "../commands/grep.ts";
import { FindCommand } from "../commands/find.ts";
import { OutlineCommand } from "../commands/outline.ts";
import { TraceCommand } from "../commands/trace.ts";

/**
 * The clipanion context is built by hand: the default one touches process.stdin/stdout at
 * import, which costs start-up time, and our commands write through util/out.ts anyway.
 */
export function buildCli(version: string): Cli<BaseContext> {
  const cli = new Cli<BaseContext>({
    binaryLabel: "agentgrep",
    binaryName: "agentgrep",
    binaryVersion: version,
    enableCapture: false,
    enableColors: false,
  });
  cli.register(GrepCommand);
  cli.register(FindCommand);
  cli.register(OutlineCommand);
  cli.register(TraceCommand);
  cli.register(Builtins.HelpCommand);
  cli.register(Builtins.VersionCommand);
  return cli;
}
