import { Command, Option } from "clipanion";
import { opt, rootPrefix, underPrefix, walkOptions, ScopedCommand } from "./options.ts";
import { UserError } from "../util/errors.ts";
import { unpackWords } from "./packed.ts";
import { checkArgvUtf8 } from "./argv-utf8.ts";
import { out, errLine } from "../util/out.ts";
import { statSync } from "node:fs";
import { nearPaths } from "../walk/near.ts";
import { shellQuote } from "../util/text.ts";

export class FindCommand extends ScopedCommand {
  static override paths = [["find"]];
  static override usage = Command.Usage({
    description: "Ranked file discovery: which files to open for a topic, with role, reasons and structure",
    details:
      "Query words are matched as identifier words (AuthStatus = auth_status = auth status), by path, " +
      "defined symbols and content (BM25). Tests, docs, examples, vendored and generated files rank lower " +
      "unless the query names them (e.g. `find parser test`). A word naming an existing path with a / " +
      "(find retry backoff src/net), or an existing file's name (find copy mode shutil.py), scopes the search, as --path.",
    examples: [
      ["Find where a topic lives", "agentgrep find auth status"],
      ["Paths only, top 5", "agentgrep find --paths-only --max-files 5 symlink loop"],
    ],
  });

  words = Option.Rest({ required: 1, name: "words" });
  packedWords = Option.String("--packed-words", { hidden: true }); // long word lists: packed.ts
  maxFiles = opt.maxFiles(10);
  json = opt.json();
  pathsOnly = opt.pathsOnly();
  debugScore = opt.debugScore();
  noColor = opt.noColor();
  contextJson = opt.contextJson();

  async execute(): Promise<number> {
    const given = [...this.words, ...unpackWords(this.packedWords)];
    checkArgvUtf8(given, "the word argument", "a byte that is not UTF-8 would be searched as another text", "write the words in UTF-8 (find matches them as UTF-8 text), or drop the argument");
    const maxFiles = Number(this.maxFiles);
    const { words, note, typo } = scopeFromWords(given, this.root);
    const typoNote = typo ? `note: ${typo.word} is no path here, so it was searched as words (did you mean: ${typo.near.join(", ")}? to scope the search: --path ${typo.near[0]})` : "";
    if (note) this.root = note.root;
    const { buildQuery } = await import("../rank/find-query.ts");
    const query = buildQuery(words);
    if (query.terms.length === 0) {
      throw new UserError("find needs at least one word with letters or digits", "e.g. agentgrep find auth status");
    }
    let knownStructure: ((p: string) => boolean) | undefined;
    if (this.contextJson) {
      const { loadContext, canCompressStructure } = await import("../context/index.ts");
      const ctx = loadContext(this.contextJson);
      // The agent already holds a current outline of these files: do not repeat it.
      knownStructure = (p) => canCompressStructure(ctx.fileFamiliarity(p));
    }
    const { rankFind } = await import("../rank/find.ts");
    const walk = walkOptions(this);
    const res = await rankFind(query, {
      walk,
      maxFiles,
      structureFor: this.pathsOnly && !this.json ? 0 : maxFiles,
    });
    // Ranked on root-relative paths; printed as rg prints paths under the --path given.
    const prefix = rootPrefix(walk);
    for (const f of res.ranked) {
      const p = underPrefix(prefix, f.path, f.entry.pathBytes);
      f.path = p.path;
      if (p.pathBytes) f.entry = { ...f.entry, pathBytes: p.pathBytes };
    }
    const { renderText, renderJson, renderPaths, noEvidenceLine, STOP_WORDS_NOTE } = await import("../render/find.ts");
    const ropts = { maxFiles, debugScore: this.debugScore, root: this.root ?? ".", knownStructure, suggestions: res.suggestions };
    const shown = Math.min(maxFiles, res.ranked.length);
    if (this.json) out(renderJson(res, ropts));
    else if (this.pathsOnly) {
      out(renderPaths(res, ropts));
      if (typoNote) errLine(`find: ${typoNote.slice("note: ".length)}`);
      if (query.onlyStopWords) errLine(`find: ${STOP_WORDS_NOTE}`);
      const u = res.stats.unreadable;
      if (u > 0) errLine(`find: ${u} ${u === 1 ? "entry" : "entries"} could not be read (permission denied, a path too long, or a broken link or loop under -L), so not ranked by content`);
      if (shown === 0) {
        errLine(`find: ${noEvidenceLine(res)}`);
      }
    } else out((note ? `note: ${note.root} is a path, so it scopes the search (as --path ${note.root})\n` : "") + (typoNote ? typoNote + "\n" : "") + renderText(res, ropts));
    return res.ranked.length === 0 ? 1 : 0;
  }
}

/**
 * Agents type a path after find's words as they do after grep's pattern
 * (`find unread body reuse go/src/net/http`). A word holding a `/` (or `.`) that exists is that
 * path: it scopes the search as --path does instead of being searched for. One such word, and no
 * --path; a word with a `/` that is no path (`input/output`) stays a word.
 */
/** A path's last part, lower-cased (`Lib/importlib/` -> `importlib`). */
const lastPart = (p: string) => p.replace(/\/+$/, "").split("/").pop()!.toLowerCase();

/** A file name with an extension: `shutil.py`, `Makefile.am`, `config.h`. */
const FILE_NAME = /^[^./\s][^/\s]*\.[A-Za-z0-9]{1,8}$/;

export function scopeFromWords(words: string[], root: string | undefined): { words: string[]; note?: { root: string }; typo?: { word: string; near: string[] } } {
  const isPath = (w: string) => {
    // A bare file name (`shutil.py`) is a path as `./shutil.py` is, where it exists; a bare word
    // without an extension (`socket`) stays a word even where a directory is so named.
    if (!(w.includes("/") || w === "." || w === ".." || FILE_NAME.test(w))) return false;
    try {
      statSync(w);
      return true;
    } catch {
      return false;
    }
  };
  const paths = words.filter(isPath);
  if (paths.length === 0) {
    // A word shaped as a path close to one that exists (`Lib/importlib` in a tree rooted at Lib):
    // searched for as words, but said, or the agent never learns its scope was not taken.
    for (const w of words) {
      if (!w.includes("/") || root !== undefined) continue;
      // Only a path ending as the word does (`importlib`), never a fuzzy neighbour: `input/output`
      // is a topic, and `fileinput.py` no scope of it.
      const near = nearPaths(w).filter((p) => lastPart(p) === lastPart(w));
      if (near.length) return { words, typo: { word: w, near } };
    }
    return { words };
  }
  if (root !== undefined || paths.length > 1) {
    throw new UserError(
      `find searches one scope, but ${[...(root !== undefined ? [root] : []), ...paths].map((p) => `'${p}'`).join(" and ")} are paths`,
      `give one: agentgrep find --path ${shellQuote(paths[0]!)} ${words.filter((w) => !paths.includes(w)).map(shellQuote).join(" ")}`,
    );
  }
  return { words: words.filter((w) => w !== paths[0]), note: { root: paths[0]! } };
}
