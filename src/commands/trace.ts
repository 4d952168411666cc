import { Command, Option } from "clipanion";
import { opt, rootPrefix, underPrefix, walkOptions, ScopedCommand } from "./options.ts";
import { UserError } from "../util/errors.ts";
import { unpackWords } from "./packed.ts";
import { checkArgvUtf8 } from "./argv-utf8.ts";
import { out, errLine } from "../util/out.ts";

export class TraceCommand extends ScopedCommand {
  static override paths = [["trace"], ["smart"]];
  static override usage = Command.Usage({
    description: "Relation-aware investigation: ranked files and the code regions that answer subject + relation",
    details:
      "Terms: subject:X relation:R [support:W]... [kind:code|docs|tests] [path:SUBTREE] (key=value works too). " +
      "Relations: defined, called_from, triggered_from, rendered, populated, comes_from, handled, implementation; " +
      "any other word is a custom probe.",
    examples: [
      ["Who calls a function", "agentgrep trace subject:parse_config relation:called_from"],
      ["Where a value comes from", "agentgrep trace subject:provider_name relation:comes_from support:config"],
      ["Implementations under a subtree", "agentgrep trace subject:lsp relation:implementation kind:code path:src/tool"],
    ],
  });

  terms = Option.Rest({ required: 1, name: "terms" });
  packedWords = Option.String("--packed-words", { hidden: true }); // long term lists: packed.ts
  debugPlan = Option.Boolean("--debug-plan", false, { description: "Print the parsed query, subject variants and every probe with its reason" });
  debugScore = opt.debugScore();
  maxFiles = opt.maxFiles(5);
  maxRegions = opt.maxRegions(6, "regions in total across files");
  fullRegion = Option.String("--full-region", "auto", { description: "Inline region bodies: auto (short ones), always, never (default auto)" });
  json = opt.json();
  pathsOnly = opt.pathsOnly();
  noColor = opt.noColor();
  contextJson = opt.contextJson();

  async execute(): Promise<number> {
    const given = [...this.terms, ...unpackWords(this.packedWords)];
    checkArgvUtf8(given, "the term argument", "a byte that is not UTF-8 would be searched as another text", "write the DSL values in UTF-8 (trace matches them as UTF-8 text), e.g. subject:parse_config");
    const fullRegion = this.fullRegion;
    if (fullRegion !== "auto" && fullRegion !== "always" && fullRegion !== "never") {
      throw new UserError(`invalid --full-region '${fullRegion}'`, "use --full-region auto, always or never");
    }
    const { parseTraceQuery } = await import("../query/dsl.ts");
    const query = parseTraceQuery(given);
    const context = this.contextJson ? (await import("../context/index.ts")).loadContext(this.contextJson) : undefined;
    const { runTrace } = await import("../investigate/index.ts");
    const walk = walkOptions(this);
    const res = await runTrace({ walk, query, maxFiles: Number(this.maxFiles) });
    // Ranked on root-relative paths; printed as rg prints paths under the --path given.
    const prefix = rootPrefix(walk);
    for (const f of res.files) Object.assign(f, underPrefix(prefix, f.path, f.pathBytes));
    const { shape, renderText, renderJson, renderPaths, noResultsLine } = await import("../render/trace.ts");
    const ro = {
      maxFiles: Number(this.maxFiles),
      maxRegions: Number(this.maxRegions),
      fullRegion,
      debugScore: this.debugScore,
      debugPlan: this.debugPlan,
      context,
      root: walk.root,
    } as const;
    // Exit 1 when no region was found (as find and grep do); JSON wins over --paths-only.
    const code = res.files.length ? 0 : 1;
    // No region: grep's zero-result diagnosis of the subject says what would have matched.
    const dx = code ? await (await import("../diagnose/index.ts")).traceDiagnosis(walk, query.subject, query.relation) : undefined;
    if (this.pathsOnly && !this.json) {
      out(renderPaths(res, ro));
      if (code) errLine(noResultsLine(query));
      if (dx?.text) errLine(dx.text);
      return code;
    }
    const shaped = shape(res, ro);
    if (this.json) {
      const doc = renderJson(query, res, shaped, ro);
      out(dx ? JSON.stringify({ ...JSON.parse(doc), diagnosis: dx.json }, null, 2) + "\n" : doc);
    } else out(renderText(query, res, shaped, ro) + (dx?.text ? dx.text + "\n" : ""));
    return code;
  }
}
