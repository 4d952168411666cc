import { Command, Option } from "clipanion";
import { opt, walkOptions, ScopedCommand } from "./options.ts";
import { errLine, out } from "../util/out.ts";

export class GrepCommand extends ScopedCommand {
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
  json = opt.json();
  pathsOnly = opt.pathsOnly();
  noColor = opt.noColor();
  maxFiles = opt.maxFiles(20);
  maxRegions = opt.maxRegions(20, "match lines per file in text output");
  contextJson = opt.contextJson();
  role = Option.Array("--role", [], { description: "Keep only matches of these roles: definition, call, import, write, reference, comment, string (comma list; repeatable)" });
  fullRegion = Option.String("--full-region", { description: "Print the whole enclosing symbol of hits: auto (only a sparse result: at most 3 symbols, each at most 40 lines), always, never (default auto; JSON carries region text only when given)" });

  async execute(): Promise<number> {
    if (this.typeList) {
      const { typeList } = await import("../walk/index.ts");
      out(typeList());
      return 0;
    }
    if (this.query === undefined) {
      errLine("error: missing query: grep needs the text to search for");
      errLine("usage: agentgrep grep [--regex] [-i] [-w] [--type T] [--glob G] [--json|--paths-only] [--path DIR] [--] <query>");
      return 2;
    }
    const { packetOptions } = await import("./grep-packet.ts");
    const { runGrep } = await import("./grep-run.ts");
    return runGrep({
      ...packetOptions(this.role, this.fullRegion),
      query: this.query,
      regex: this.regex,
      ignoreCase: this.ignoreCase,
      wordRegexp: this.wordRegexp,
      walk: walkOptions(this),
      json: this.json,
      pathsOnly: this.pathsOnly,
      maxFiles: Number(this.maxFiles),
      maxRegions: Number(this.maxRegions),
      contextJson: this.contextJson,
    });
  }
}
