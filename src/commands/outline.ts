import { Command, Option } from "clipanion";
import { opt } from "./options.ts";
import { out } from "../util/out.ts";

export class OutlineCommand extends Command {
  static override paths = [["outline"]];
  static override usage = Command.Usage({
    description: "Symbol map of one file (functions, classes, impls, headings...) with exact line ranges, from a real parser",
    examples: [
      ["Outline a file", "agentgrep outline src/tool/lsp.rs"],
      ["Relative to another root", "agentgrep outline --path /repo src/main.rs"],
      ["First 20 symbols", "agentgrep outline --max-items 20 src/main.rs"],
      ["Resolve a path as outline sees it", "agentgrep outline --paths-only src/main.rs"],
    ],
  });

  file = Option.String({ required: true, name: "file" });
  root = opt.root();
  json = opt.json();
  pathsOnly = opt.pathsOnly();
  noColor = opt.noColor();
  maxItems = opt.maxItems();
  contextJson = opt.contextJson();
  debugStructure = Option.Boolean("--debug-structure", false, { description: "Show extractor, grammar, load/parse time and node counts" });

  async execute(): Promise<number> {
    if (this.pathsOnly && !this.json) {
      // No parse: resolves a display path (e.g. a non-UTF-8 `#b=` one) the way outline would.
      const { resolveOutlinePath } = await import("./outline-run.ts");
      out((await resolveOutlinePath(this.file, this.root)) + "\n");
      return 0;
    }
    const { buildOutline } = await import("./outline-run.ts");
    const { renderOutlineText, renderOutlineJson } = await import("../render/outline.ts");
    const r = await buildOutline({
      file: this.file,
      root: this.root,
      maxItems: this.maxItems === undefined ? undefined : Number(this.maxItems),
      contextJson: this.contextJson,
    });
    out(this.json ? renderOutlineJson(r, this.debugStructure) : renderOutlineText(r, this.debugStructure));
    return 0;
  }
}
