/**
 * The outline command's pipeline: resolve the requested path (including non-UTF-8 display
 * strings emitted by grep/find/trace), read it, extract symbols, and apply the item budget and
 * harness-context compression. Rendering lives in src/render/outline.ts (with its input type).
 */
import { closeSync, constants, openSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import { displayString, printedPrefix } from "../walk/display.ts";
import { shellQuote } from "../util/text.ts";
import { explainNormalization } from "../walk/near.ts";
import { unreadableHint, UserError } from "../util/errors.ts";
import { extractStructure, type WholeFile } from "../structure/index.ts";
import { SCAN_LIMIT } from "../structure/limits.ts";
import { countNewlines } from "../match/index.ts";
import type { OutlineResult } from "../render/outline.ts";
import { readFile, searchableEnd } from "../read/index.ts";

export interface OutlineRequest {
  file: string;
  root?: string;
  maxItems?: number;
  contextJson?: string;
}


export async function buildOutline(req: OutlineRequest): Promise<OutlineResult> {
  const root = req.root ?? ".";
  const { open, display } = await resolveTarget(root, req.file, req.root !== undefined);
  const { text, whole } = readTarget(open, display);
  const structure = await extractStructure(display, text, false, whole);
  const { inferRole } = await import("../classify/role.ts");
  const role = inferRole(display);

  let shown = structure.symbols.map((sym, index) => ({ sym, index }));
  let cut: OutlineResult["cut"];
  const total = shown.length;
  if (req.maxItems !== undefined) {
    if (total > req.maxItems) {
      shown = shown.slice(0, req.maxItems);
      cut = { by: "max-items", note: `... ${total - shown.length} more symbols`, hint: `use --max-items ${total} to see all` };
    }
  } else if (req.contextJson !== undefined) {
    // The context file is read after the target: a missing target is the error to report first.
    const { loadContext, canCompressStructure } = await import("../context/index.ts");
    const ctx = loadContext(req.contextJson);
    const fam = ctx.fileFamiliarity(display);
    if (canCompressStructure(fam)) {
      const top = shown.filter((s) => s.sym.depth === 0);
      const capped = top.slice(0, TOP_CAP);
      if (capped.length < total) {
        const nested = total - top.length;
        const beyond = top.length - capped.length;
        const parts = [nested ? `${nested} nested symbol${nested === 1 ? "" : "s"}` : "", beyond ? `${beyond} more top-level symbol${beyond === 1 ? "" : "s"}` : ""].filter(Boolean);
        shown = capped;
        cut = {
          by: "context",
          note: `context: compressed (harness context says this file's structure is known and current): left out ${parts.join(" and ")}`,
          hint: `run without --context-json (or with --max-items ${total}) to see all ${total}`,
        };
      }
    }
  }
  return { root, path: display, role, structure, shown, omitted: total - shown.length, cut };
}

/** Top-level symbols shown at most when the harness context compresses an outline. */
const TOP_CAP = 40;

/**
 * The display path outline would show for `file` (--paths-only): resolved and checked exactly as
 * for an outline (exists, regular, readable), without reading or parsing it.
 */
export async function resolveOutlinePath(file: string, root?: string): Promise<string> {
  const { open, display } = await resolveTarget(root ?? ".", file, root !== undefined);
  let fd: number;
  try {
    fd = openSync(open as any, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e: any) {
    throw unreadable(display, e?.code ?? String(e));
  }
  closeSync(fd);
  return display;
}

const unreadable = (display: string, why: string) =>
  new UserError(`cannot read ${display}: ${why}`, unreadableHint(why, `check its permissions (ls -l ${display})`));

/**
 * The file to open and the path to print for it, as rg prints a file it is given: as written
 * (`./src/a.ts` stays so, an absolute path stays absolute), after the --path root when one was
 * given (`--path src a.ts` prints `src/a.ts`). So every path grep printed comes back unchanged.
 */
async function resolveTarget(root: string, file: string, rootGiven: boolean): Promise<{ open: string | Buffer; display: string }> {
  // A --path whose name argv could not carry (U+FFFD for bytes that are not UTF-8) cannot be
  // opened as a string: the file is found by the whole display path instead, as grep prints it.
  if (rootGiven && root.includes("\uFFFD") && file !== "" && !isAbsolute(file)) return resolveTarget(".", printedPrefix(root) + stripDotSlash(file), false);
  const displayOf = (f: string) => (isAbsolute(f) || !rootGiven ? f : printedPrefix(root) + f).split(sep).join("/");
  if (file === "") throw new UserError("missing file argument", "outline takes one file: agentgrep outline src/main.rs");
  // grep's and find's words: an empty --path opened ./FILE and printed it as /FILE.
  if (rootGiven && root === "") throw new UserError("path not found: '' (an empty path)", "give a directory as --path, or drop --path for the current directory");
  if (root !== ".") {
    let rst;
    try {
      rst = statSync(root);
    } catch {
      rst = undefined; // a missing root is reported with the file, below
    }
    if (rst?.isFile()) {
      // `outline a.rs --path a.rs`: the root is the file asked for.
      if (resolve(file) === resolve(root)) return { open: root, display: root.split(sep).join("/") };
      throw new UserError(`--path must be a directory: ${root} is a file`, `outline it directly: agentgrep outline ${shellQuote(root)}`);
    }
  }
  // A display path from grep/find/trace with U+FFFD (a name that is not UTF-8 or holds control
  // characters: `#b=` suffix) names raw bytes that the string alone cannot open: the walker
  // finds the file it denotes.
  if (file.includes("\uFFFD")) {
    const { resolveDisplayPath } = await import("../walk/index.ts");
    const abs = isAbsolute(file);
    const rel = stripDotSlash(abs ? file.slice(1) : file);
    const hit = resolveDisplayPath(abs ? "/" : root, rel);
    // hit.display is relative to where the search started: put back the "/" of an absolute
    // path (it printed `tmp/x\uFFFD.py#b=ff` for /tmp/x\xff.py) or the --path prefix.
    const lead = abs ? "/" : rootGiven ? printedPrefix(root) : "";
    if (hit) return { open: hit.open, display: hit.display === rel ? displayOf(file) : lead + hit.display };
  }
  const joined = isAbsolute(file) ? file : join(root, file);
  let st;
  try {
    st = statSync(joined);
  } catch (e) {
    // A directory on the way that may not be searched hides the file: that is not "not found".
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EPERM") throw new UserError(`cannot read ${displayOf(file)}: ${code}`, `a directory on its path is not searchable: check the permissions (ls -ld ${dirname(joined)})`);
    if (code === "ELOOP") throw new UserError(`symbolic link loop: ${displayOf(file)} (ELOOP)`, "the link leads back to itself: fix the link");
    if (code === "ENAMETOOLONG") {
      const d = displayOf(file);
      const shown = d.length > 200 ? `${d.slice(0, 100)}...${d.slice(-60)} (${d.length} characters)` : d;
      throw new UserError(`cannot read ${shown}: ENAMETOOLONG (file name too long)`, "a name over 255 bytes or a path over 4096 cannot be opened: cd into a directory on the way and give the rest as a relative path");
    }
    st = undefined;
  }
  if (!st) throw await notFound(root, file, joined);
  if (!st.isFile() && !st.isDirectory())
    throw new UserError(`not a regular file: ${displayOf(file)}`, "outline reads regular files; FIFOs, sockets and devices have no outline");
  if (st.isDirectory()) throw new UserError(`not a file: ${displayOf(file)} is a directory`, `outline takes one file; to list files use: agentgrep find --path ${shellQuote(displayOf(file))} <words>`);
  // A name with a control character (a newline) prints in its one-line `#b=` form, as grep prints it.
  return { open: joined, display: displayString(displayOf(file)) };
}

function stripDotSlash(p: string): string {
  let s = p.replace(/\/{2,}/g, "/");
  while (s.startsWith("./")) s = s.slice(2);
  return s.replace(/\/\.\//g, "/");
}

/**
 * The file's text, or only its first DECODE_MAX bytes (cut at a line end or a character
 * boundary) when it is bigger: no extractor reads further (structure/limits.ts), and decoding
 * and splitting a 100 MB log whole cost hundreds of MB. `whole` then gives the file's real size.
 */
function readTarget(open: string | Buffer, display: string): { text: string; whole?: WholeFile } {
  const r = readFile(open);
  if (r.kind === "special") throw new UserError(`not a regular file: ${display}`, "outline reads regular files only");
  if (r.kind === "tooLarge") throw new UserError(`file too large: ${display} (${r.size} bytes)`, "outline reads files up to 256 MiB");
  if (r.kind === "unreadable") throw unreadable(display, r.error);
  const { end, binary } = searchableEnd(r.buf, r.start, r.end);
  if (binary) throw new UserError(`file is binary: ${display}`, "outline shows the structure of text files");
  if (end - r.start <= DECODE_MAX) return { text: r.buf.toString("utf8", r.start, end) };
  let cut = r.start + DECODE_MAX;
  const nl = r.buf.lastIndexOf(10, cut - 1);
  if (nl >= r.start + DECODE_MAX / 2) cut = nl + 1;
  else while (cut > r.start && (r.buf[cut]! & 0xc0) === 0x80) cut--; // not inside a UTF-8 sequence
  const newlines = countNewlines(r.buf, r.start, end);
  const lines = r.buf[end - 1] === 10 ? newlines : newlines + 1;
  return { text: r.buf.toString("utf8", r.start, cut), whole: { lines, bytes: end - r.start } };
}

/** Bytes of a file outline decodes at most: the biggest parse limit, in bytes. */
const DECODE_MAX = SCAN_LIMIT.chars;

async function notFound(root: string, file: string, joined: string): Promise<UserError> {
  const base = file.split("/").pop() ?? file;
  const stem = base.replace(/\.[^.]*$/, "").toLowerCase();
  const sameBase: string[] = [];
  const sameStem: string[] = [];
  try {
    const st = statSync(root);
    if (st.isDirectory()) {
      const { walk } = await import("../walk/index.ts");
      walk({ root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] }, (f) => {
        const b = f.display.split("/").pop() ?? f.display;
        if (b === base || b.normalize("NFC") === base.normalize("NFC")) sameBase.push(f.display);
        else if (b.replace(/\.[^.]*$/, "").toLowerCase() === stem) sameStem.push(f.display);
      });
    }
  } catch {
    /* no suggestions when the root itself cannot be walked */
  }
  const byBytes = (a: string, b: string) => (Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const picks = [...sameBase.sort(byBytes), ...sameStem.sort(byBytes)].slice(0, 5);
  const shown = isAbsolute(file) ? file : stripDotSlash(joined.split(sep).join("/"));
  if (picks.length) return new UserError(`file not found: ${shown}`, `did you mean: ${explainNormalization(shown, picks).join(", ")}`);
  return new UserError(`file not found: ${shown}`, `FILE is resolved against --path (here ${root}); find it with: agentgrep find ${findWords(stem || base)}`);
}

/** A name as find's words on a command line: quoted for the shell (`$(x).py` was printed bare), no leading dashes. */
function findWords(name: string): string {
  const words = name.split(/\s+/).map((w) => w.replace(/^-+/, "")).filter(Boolean);
  return words.length ? words.map(shellQuote).join(" ") : shellQuote(name);
}
