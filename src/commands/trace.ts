import { Command, Option } from "clipanion";
import { UserError } from "../util/errors.ts";

export class TraceCommand extends Command {
  static override paths = [["trace"]];
  rest = Option.Proxy();
  async execute(): Promise<number> {
    throw new UserError("trace is not implemented yet");
  }
}
