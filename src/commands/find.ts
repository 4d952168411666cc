import { Command, Option } from "clipanion";
import { UserError } from "../util/errors.ts";

export class FindCommand extends Command {
  static override paths = [["find"]];
  rest = Option.Proxy();
  async execute(): Promise<number> {
    throw new UserError("find is not implemented yet");
  }
}
