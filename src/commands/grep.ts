import { Command, Option } from "clipanion";
import { opt, walkOptions } from "./options.ts";
import { UserError } from "../util/errors.ts";

export class GrepCommand extends Command {
  static override paths = [["grep"]];
  static override usage = Command.Usage({
    description: "Exact, exhaustive lexical search (literal by default), grouped by file and enclosing symbol",
    examples: [
      ["Literal search", "agentgrep grep auth_status"],
      ["Regex (Rust/rg syntax)", "agentgrep grep --regex 'auth_.*status'"],
      ["Query starting with a dash", "agentgrep grep -- '->'"],
    ],
  });

  query = Option.String({ required: false, name: "query" });
  regex = Option.Boolean("--regex", false, { description: "Treat the query as a regex (rg syntax)" });
  ignoreCase = Option.Boolean("--ignore-case,-i", false, { description: "Case-insensitive match" });
  wordRegexp = Option.Boolean("--word-regexp,-w", false, { description: "Match only whole words" });
  typeList = Option.Boolean("--type-list", false, { description: "List the known file types and exit" });
  root = opt.root();
  types = opt.types();
  typesNot = opt.typesNot();
  globs = opt.globs();
  hidden = opt.hidden();
  noIgnore = opt.noIgnore();
  follow = opt.follow();
  noFollow = opt.noFollow();
  json = opt.json();
  pathsOnly = opt.pathsOnly();
  noColor = opt.noColor();
  maxFiles = opt.maxFiles(20);
  maxRegions = opt.maxRegions(20, "match lines per file in text output");
  contextJson = opt.contextJson();

  async execute(): Promise<number> {
    void walkOptions;
    throw new UserError("grep is not implemented yet");
  }
}
