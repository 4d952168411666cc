import { Command, Option } from "clipanion";
import { UserError } from "../util/errors.ts";

export class OutlineCommand extends Command {
  static override paths = [["outline"]];
  rest = Option.Proxy();
  async execute(): Promise<number> {
    throw new UserError("outline is not implemented yet");
  }
}
