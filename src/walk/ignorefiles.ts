/** Locating and reading the ignore files rg consults: per-directory files, git's exclude, global excludes. */
import { readFileSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { IgnoreMatcher, parseIgnoreFile } from "./gitignore.ts";
import { displayPath } from "./display.ts";

/**
 * Reads and compiles an ignore file; undefined when absent, unreadable, or without rules. A line
 * that does not parse is dropped, as rg, and told to `bad` (rg's `PATH: line N: error parsing
 * glob ...`, with a hint).
 */
export function loadIgnoreFile(path: string | Buffer, bad?: (message: string) => void): IgnoreMatcher | undefined {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch {
    return undefined;
  }
  const m = parseIgnoreFile(buf);
  if (m.bad && bad) for (const b of m.bad) bad(`warning: ${typeof path === "string" ? path : displayPath(path).display}: ${b}; the line is skipped, as rg does (escape the character, e.g. \\[)`);
  return m.empty ? undefined : m;
}

function firstLine(path: string): string | undefined {
  try {
    const text = readFileSync(path, "utf8");
    const nl = text.indexOf("\n");
    let line = nl < 0 ? text : text.slice(0, nl);
    if (line.endsWith("\r")) line = line.slice(0, -1);
    return line;
  } catch {
    return undefined;
  }
}

/**
 * The `info/exclude` file of the repository whose `.git` sits in `dir` (ignore crate's
 * resolve_git_commondir): `.git` itself when it is a directory; for a `.git` file (worktree),
 * `gitdir:` then its `commondir`. A `.git` file without commondir (a submodule) has no exclude,
 * as in rg.
 */
export function excludePath(dir: string, gitIsFile: boolean): string | undefined {
  const dotGit = join(dir, ".git");
  if (!gitIsFile) return join(dotGit, "info", "exclude");
  const line = firstLine(dotGit);
  if (!line || !line.startsWith("gitdir: ")) return undefined;
  let real = line.slice("gitdir: ".length);
  if (!isAbsolute(real)) real = join(dir, real);
  const common = firstLine(join(real, "commondir"));
  if (common === undefined) return undefined;
  const base = common.startsWith(".") ? join(real, common) : common;
  return join(base, "info", "exclude");
}

/** Kind of `dir/.git` following links, as rg's metadata() check: "dir", "file" or undefined. */
export function gitKind(dir: string | Buffer): "dir" | "file" | undefined {
  const p = typeof dir === "string" ? join(dir, ".git") : Buffer.concat([dir, Buffer.from("/.git")]);
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return undefined;
  return st.isDirectory() ? "dir" : "file";
}

const EXCLUDES_RE = /^\s*excludesfile\s*=\s*"?\s*(\S+?)\s*"?\s*$/im;

function excludesFromConfig(path: string, home: string | undefined): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  const m = EXCLUDES_RE.exec(text);
  if (!m) return undefined;
  return home ? m[1].split("~").join(home) : m[1];
}

/**
 * git's global excludes file as rg finds it: core.excludesFile from ~/.gitconfig, else from
 * $XDG_CONFIG_HOME/git/config (~/.config/git/config), else $XDG_CONFIG_HOME/git/ignore
 * (~/.config/git/ignore).
 */
export function globalExcludesPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const home = env.HOME || undefined;
  const xdg = env.XDG_CONFIG_HOME ? env.XDG_CONFIG_HOME : home ? join(home, ".config") : undefined;
  if (home) {
    const p = excludesFromConfig(join(home, ".gitconfig"), home);
    if (p) return p;
  }
  if (xdg) {
    const p = excludesFromConfig(join(xdg, "git", "config"), home);
    if (p) return p;
    return join(xdg, "git", "ignore");
  }
  return undefined;
}
