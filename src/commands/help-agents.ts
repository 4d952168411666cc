import { Command } from "clipanion";
import { out } from "../util/out.ts";

export class HelpAgentsCommand extends Command {
  static override paths = [["help", "agents"]];
  static override usage = Command.Usage({
    description: "Print a prompt snippet (at most 60 lines) that tells an agent which command answers which question",
    examples: [["Add it to an agent's instructions", "agentgrep help agents >> AGENTS.md"]],
  });

  async execute(): Promise<number> {
    const { AGENTS_GUIDE } = await import("../guide/agents.ts");
    out(AGENTS_GUIDE);
    return 0;
  }
}
