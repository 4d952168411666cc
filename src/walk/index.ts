/**
 * The walker: file selection identical to `rg --files` with the same flags (ripgrep 13 semantics).
 *
 * Decision per directory entry, in rg's order (ignore crate `Ignore::matched` + walk loop):
 *   1. -g overrides: a matching glob decides (positive = include, `!` = exclude); a file matching no
 *      glob while positive globs exist is excluded. Directories only ever match explicitly.
 *   2. ignore files: .rgignore > .ignore > .gitignore > .git/info/exclude > global excludes, the
 *      deepest directory with a matching rule deciding within each kind; git kinds only inside a
 *      repository and only up to its top; ignore files of directories above the root included.
 *   3. --type / --type-not (files only).
 *   4. hidden: a dot name is skipped unless something above whitelisted it, or --hidden.
 * Excluded directories are pruned, so nothing below them can be re-included (as git).
 * The root itself is never filtered; a root that is a file is yielded as is, like rg.
 *
 * Display paths are relative to the root (rg prefixes the path it was given; agentgrep's outputs
 * want root-relative paths), `/`-separated, with the `#b=` rule for names that are not UTF-8.
 * Globs, ignore files and the global excludes file see the same root-relative paths, which is what
 * rg does when run from the root (`cd root && rg --files .`); rg run from elsewhere matches
 * anchored -g globs against cwd-relative paths instead.
 *
 * Where we differ from rg on purpose: a root that is a FIFO/socket/device is an error (rg would
 * block reading it); broken links and link loops under --follow are counted in stats.unreadable
 * instead of printed as errors; a root path is never filtered but a missing one is a UserError.
 */
import { explainNormalization, missingPart, nearPaths } from "./near.ts";
import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync, type Dirent, type Stats } from "node:fs";
import { dirname } from "node:path";
import type { WalkOptions, FileEntry, WalkStats, RootInfo, IgnoreSwitches, WalkSort } from "./types.ts";
import { IgnoreMatcher, IGNORE, NONE, WHITELIST, compileGlobs } from "./gitignore.ts";
import { GlobError, toBytes } from "./glob.ts";
import { typeFilter, typeList as typeListText, types, type TypeFilter } from "./filetypes.ts";
import { loadIgnoreFile, excludePath, gitKind, globalExcludesPath } from "./ignorefiles.ts";
import { CONTROL, displayPath, displayString, decodeLossy, parseDisplay, printedPrefix } from "./display.ts";
import { unreadableHint, UserError } from "../util/errors.ts";
import { jitPolicy, noTopTier } from "../util/jit.ts";
import { currentDir } from "../util/cwd.ts";
import { shellQuote } from "../util/text.ts";

export type { WalkOptions, FileEntry, WalkStats, RootInfo } from "./types.ts";
export { displayPath, printedPath, printedPathBytes, printedPrefix } from "./display.ts";
export { closeTypeNames } from "./filetypes.ts";

/** The globs of an rg type name (`rust` -> `*.rs`), empty for an unknown name. */
/** Entries listed by this process's walks so far, up to BIG_WALK_ENTRIES (see Walker.dir). */
let listedSoFar = 0;
const BIG_WALK_ENTRIES = 8000;

export function typeGlobs(name: string): string[] {
  return types().get(name) ?? [];
}

/** One directory's ignore file of one kind, placed in the tree. */
interface Level {
  m: IgnoreMatcher;
  /** Depth of the directory holding the file: root 0, its parent -1, ... */
  depth: number;
  /** For directories at or below the root: length of the directory's root-relative path key with its trailing "/". */
  prefixLen: number;
  /** For directories above the root: the root's path relative to that directory, with a trailing "/". */
  anc?: string;
}

/** The ignore rules in force inside one directory; shared by reference until a directory adds a file. */
interface Ctx {
  custom: Level[]; // .rgignore, shallow to deep
  dot: Level[]; // .ignore
  git: Level[]; // .gitignore, cut at the nearest repository top
  exclude: Level[]; // .git/info/exclude of the nearest repository
  anyGit: boolean;
  /**
   * Every level in rg's precedence order (.rgignore deep to shallow, then .ignore, then, inside a
   * repository, .gitignore, exclude and the global file): the first level with a matching rule
   * decides.
   */
  chain: Level[];
}

const SPECIAL = { isDir: false, size: -1 };

const EMPTY_CTX: Ctx = { custom: [], dot: [], git: [], exclude: [], anyGit: false, chain: [] };

/** Names that are not plain printable ASCII: checked for controls and bytes the string API mangled. */
const NOT_PLAIN = /[^\x20-\x7e]/;
const WITH_TYPES = { withFileTypes: true } as const;

/** A path quoted in an error: its ends, so a 4096-byte path stays a readable line. */
const clip = (p: string) => (p.length > 200 ? `${p.slice(0, 100)}...${p.slice(-60)} (${p.length} characters)` : p);

const HINT_PATH = "check the path: a relative one is resolved from the current directory";

/** `path not found`, with the existing paths closest to it when there are any. */
function notFound(root: string): UserError {
  if (root === "") return new UserError("path not found: '' (an empty path)", "give a file or directory, or no path for the current directory");
  // rg reads standard input for '-'; agentgrep searches files only (it groups by symbol).
  if (root === "-") return new UserError("path '-' (standard input) is not supported: agentgrep searches files", "save the input to a file and give that path");
  // A symbolic link whose target is missing exists as a name: "did you mean" it would name itself.
  let target: string | undefined;
  try {
    target = readlinkSync(root);
  } catch {
    /* not a link */
  }
  if (target !== undefined) return new UserError(`path not found: ${root} is a broken symbolic link (to ${target})`, "give the link's target, or a path that exists");
  const near = explainNormalization(root, nearPaths(root));
  if (near.length) return new UserError(`path not found: ${root}`, `did you mean: ${near.join(", ")}`);
  // Nothing close: say which part is missing where, and how to look for the file's name anywhere
  // below (an agent otherwise spends calls listing the tree to prove the file is not in it).
  const miss = missingPart(root);
  if (!miss || /[\s'*?[\]{}]/.test(miss.base)) return new UserError(`path not found: ${root}`, HINT_PATH);
  const where = miss.dir === "" ? "the current directory" : clip(miss.dir);
  return new UserError(
    miss.dir === "" && miss.part === miss.base ? `path not found: ${root}` : `path not found: ${root} (no '${miss.part}' in ${where})`,
    `a relative path is resolved from the current directory; to look for the name below it: agentgrep grep --files -g ${shellQuote(miss.base)}`,
  );
}

function newStats(): WalkStats {
  return { ignored: 0, hidden: 0, filtered: 0, unreadable: 0, special: 0, symlinks: 0 };
}

function chainVerdict(chain: Level[], name: string, ext: string | undefined, key: string, isDir: boolean, parentDepth: number, slow: boolean): number {
  for (let i = 0; i < chain.length; i++) {
    const lv = chain[i];
    const m = lv.m;
    const idx = slow
      ? m.matchIdxFull(lv.anc !== undefined ? lv.anc + key : key.substring(lv.prefixLen), isDir)
      : m.matchIdx(name, ext, isDir, parentDepth - lv.depth, key, lv.prefixLen, lv.anc);
    if (idx >= 0) return m.verdict(idx);
  }
  return NONE;
}

class Walker {
  readonly stats = newStats();
  private readonly useIgnore: boolean;
  private readonly switches: IgnoreSwitches;
  private readonly override?: IgnoreMatcher;
  private readonly overrideWhitelists: boolean = false;
  private readonly types?: TypeFilter;
  private global?: IgnoreMatcher | null; // null: looked up, none
  private readonly follow: boolean;
  private readonly hidden: boolean;
  /** Some path component contains a newline: use the literal regex path (see matchIdxFull). */
  private slowAnc = false;
  /** dev:ino of the directories on the current path (only with follow, for loop detection). */
  private readonly idStack: string[] = [];
  /** Display paths that need byte-order sorting (non-UTF-8 names or astral characters). */
  needsByteSort = false;
  /** Sorted mode: each directory is read in byte order, so the walk comes out sorted. */
  sorted = false;
  /** The sorted-mode order could not be trusted (a followed link to a directory): sort at the end. */
  needsSort = false;
  private readonly filter: boolean;
  /** The current root, as given. */
  private root = ".";
  /** The current root's path relative to the cwd with a trailing "/" ("" for the cwd): what -g globs see before a root-relative key. */
  private globBase = "";
  /**
   * The prefix the global excludes file sees before a root-relative path: the ignore crate builds
   * it with an empty root, so it matches rg's walk path (the root as given, one leading `./`
   * dropped): `/x` there is anchored at `x` under `.` but at nothing under `src/` or an absolute
   * root (toBytes form).
   */
  private globalBase = "";
  /** Separators in globalBase. */
  private globalDepth = 0;
  /** Segments in globBase. */
  private globDepth = 0;
  /** The current root's shared entry info (undefined: the cwd, unprinted). */
  private info: RootInfo | undefined;
  /** A root walked the raw way (rawDirOf): its bytes, printed before every root-relative path. */
  private shown: Buffer = Buffer.alloc(0);

  private readonly onFile: (f: FileEntry) => void;
  /** rg --sort/--sortr by a time: entries' times are read when their directory is (see siblingOrder). */
  private readonly sortBy?: WalkSort;
  private seq = 0;
  /** rg --max-filesize: walked files over this many bytes are left out (a file PATH never is). */
  private readonly maxSize?: number;
  /** rg --max-depth (Infinity: none), read once: beyondDepth runs for every entry. */
  private readonly maxDepth: number;

  constructor(
    private readonly opts: WalkOptions,
    onFile: (f: FileEntry) => void,
    private readonly onSkip?: OnSkip,
  ) {
    this.sortBy = opts.sort;
    this.maxSize = opts.maxFilesize;
    this.maxDepth = opts.maxDepth ?? Infinity;
    this.onFile = opts.sort
      ? (f: FileEntry) => {
          f.order = this.seq++;
          onFile(f);
        }
      : onFile;
    this.useIgnore = !opts.noIgnore;
    this.switches = opts.ignoreSwitches ?? {};
    this.follow = opts.follow;
    this.hidden = opts.hidden;
    const globs = opts.globs;
    if (globs.length || opts.iglobs?.length) {
      try {
        this.override = compileGlobs(globs, opts.globCaseInsensitive === true, opts.iglobs);
      } catch (e) {
        if (e instanceof GlobError)
          throw new UserError(`invalid glob '${e.glob}': ${e.reason}`, "fix the glob, or escape special characters with \\ or [] (e.g. '\\{' or '[[]')");
        throw e;
      }
      if (this.override.empty) this.override = undefined;
      else this.overrideWhitelists = this.override.positives > 0;
    }
    this.types = typeFilter(opts.types, opts.typesNot, opts.typeDefs);
    this.filter = !!(this.override || this.types);
  }

  /** Records an ignore-file line that did not parse (each message once). */
  private readonly bad = (message: string): void => {
    const l = (this.stats.badIgnoreLines ??= []);
    if (!l.includes(message)) l.push(message);
  };
  /** The same for an ignore file above a root: rg 13 reports it as an error (exit 2). */
  private readonly badAbove = (message: string): void => {
    this.bad(message);
    this.stats.badIgnoreAbove = true;
  };

  private globalMatcher(): IgnoreMatcher | undefined {
    if (this.global === undefined) {
      const p = globalExcludesPath();
      this.global = (p && loadIgnoreFile(p, this.bad)) || null;
    }
    return this.global ?? undefined;
  }

  /** rg's verdict for one entry: undefined = keep, else the stats bucket that excluded it. */
  decide(ctx: Ctx, name: string, key: string, isDir: boolean, parentDepth: number, slow: boolean): "ignored" | "hidden" | "filtered" | undefined {
    let ext: string | undefined;
    if (this.override !== undefined || ctx.chain.length !== 0) {
      const dot = name.lastIndexOf(".");
      if (dot >= 0) ext = name.substring(dot + 1);
    }
    if (this.override !== undefined) {
      const ov = this.override;
      // rg matches -g globs against the path relative to the cwd (`src/a.ts` under root `src`).
      const idx = slow ? ov.matchIdxFull(this.globBase + key, isDir) : ov.matchIdx(name, ext, isDir, parentDepth + this.globDepth, key, 0, this.globBase || undefined);
      if (idx >= 0) return ov.rules[idx].neg ? "filtered" : undefined;
      if (this.overrideWhitelists && !isDir) return "filtered";
    }
    let whitelisted = false;
    if (ctx.chain.length !== 0) {
      const v = chainVerdict(ctx.chain, name, ext, key, isDir, parentDepth, slow);
      if (v === IGNORE) return "ignored";
      if (v === WHITELIST) whitelisted = true;
    }
    if (this.types !== undefined && !isDir) {
      const v = this.types.verdict(name);
      if (v === IGNORE) return "filtered";
      if (v === WHITELIST) whitelisted = true;
    }
    if (!whitelisted && !this.hidden && name.charCodeAt(0) === 46) return "hidden";
    return undefined;
  }

  /** Adds the ignore files found in a directory to the context (a new object only if any exist). */
  private extend(ctx: Ctx, dir: string | Buffer, depth: number, prefixLen: number, anc: string | undefined, found: number, gitIsFile: boolean): Ctx {
    if (!found) return ctx;
    const at = (m: IgnoreMatcher): Level => (anc !== undefined ? { m, depth, prefixLen: 0, anc } : { m, depth, prefixLen });
    const path = (n: string) => (typeof dir === "string" ? (dir === "/" ? "/" + n : dir + "/" + n) : Buffer.concat([dir, Buffer.from("/" + n)]));
    const sw = this.switches;
    const next: Ctx = { ...ctx };
    const bad = anc !== undefined ? this.badAbove : this.bad;
    if (found & F_RGIGNORE) {
      const m = loadIgnoreFile(path(".rgignore"), bad);
      if (m) next.custom = [...ctx.custom, at(m)];
    }
    if (found & F_IGNORE && !sw.noDot) {
      const m = loadIgnoreFile(path(".ignore"), bad);
      if (m) next.dot = [...ctx.dot, at(m)];
    }
    if (found & F_GIT) {
      // A .git entry that is a broken link does not count, as rg's metadata() check.
      const kind = found & F_GIT_CHECK ? gitKind(dir) : gitIsFile ? "file" : "dir";
      if (kind) {
        next.anyGit = true;
        next.git = [];
        next.exclude = [];
        const ex = sw.noVcs || sw.noExclude ? undefined : typeof dir === "string" ? excludePath(dir, kind === "file") : kind === "dir" ? Buffer.concat([dir, Buffer.from("/.git/info/exclude")]) : undefined;
        const m = ex ? loadIgnoreFile(ex, bad) : undefined;
        if (m) next.exclude = [at(m)];
      }
    }
    if (found & F_GITIGNORE && !sw.noVcs) {
      const m = loadIgnoreFile(path(".gitignore"), bad);
      if (m) next.git = [...next.git, at(m)];
    }
    return this.rechain(next);
  }

  /** Sets ctx.chain from its levels (rg's precedence; see Ctx.chain). */
  private rechain(ctx: Ctx): Ctx {
    const deepFirst = (l: Level[]) => [...l].reverse();
    ctx.chain = [...deepFirst(ctx.custom), ...deepFirst(ctx.dot)];
    if (ctx.anyGit || this.switches.noRequireGit) {
      ctx.chain.push(...deepFirst(ctx.git), ...deepFirst(ctx.exclude));
      const g = this.switches.noVcs || this.switches.noGlobal ? undefined : this.globalMatcher();
      if (g) ctx.chain.push(this.globalBase === "" ? { m: g, depth: 0, prefixLen: 0 } : { m: g, depth: -this.globalDepth, prefixLen: 0, anc: this.globalBase });
    }
    return ctx;
  }

  /** Ignore files in every directory above the root, as rg's add_parents (canonical path). */
  private ancestors(root: string): Ctx {
    let ctx = EMPTY_CTX;
    let canon: string;
    try {
      canon = realpathSync(root);
    } catch {
      return ctx;
    }
    const given = this.opts.rootsGiven ? givenPart(root) : "";
    if (canon.includes("\n") || given.includes("\n")) this.slowAnc = true;
    const extra = given === "" ? 0 : given.split("/").length - 1; // segments `given` adds
    const dirs: string[] = [];
    for (let d = dirname(canon), prev = canon; d !== prev; prev = d, d = dirname(d)) dirs.push(d);
    dirs.reverse();
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i];
      const depth = i - dirs.length - extra;
      const relRoot = canon.slice(d === "/" ? 1 : d.length + 1) + "/" + given;
      const kind = gitKind(d);
      let found = F_RGIGNORE | F_IGNORE | F_GITIGNORE;
      if (kind) found |= F_GIT;
      // --no-ignore-parent: no rule above the root applies, but a repository there still makes
      // the root's own .gitignore files count, and, unless --no-ignore-vcs too, rg 13 still
      // compiles the files there (add_parents), so a line that does not parse is its error.
      if (this.switches.noParent) {
        if (kind) ctx = { ...ctx, anyGit: true };
        if (!this.switches.noVcs) this.extend(EMPTY_CTX, d, depth, 0, toBytes(relRoot), found, kind === "file");
        continue;
      }
      ctx = this.extend(ctx, d, depth, 0, toBytes(relRoot), found, kind === "file");
    }
    return this.rechain({ ...ctx });
  }

  /** Walks every root in the order given, rg's order. */
  run(): void {
    const roots = this.opts.roots ?? [this.opts.root];
    for (let i = 0; i < roots.length; i++) this.runRoot(roots[i]!, i);
  }

  private runRoot(root: string, index: number): void {
    this.root = root;
    // A root named on the command line: -g globs see it as rg does (cwd-relative paths). Without
    // one, the root is the cwd (callers that pass a root themselves get root-relative globs).
    // In the byte form the keys have (a root `ünï` met UTF-16 text before a byte-string key).
    this.shown = Buffer.alloc(0);
    this.globBase = this.opts.rootsGiven ? toBytes(globBaseOf(root)) : "";
    this.globDepth = this.globBase === "" ? 0 : this.globBase.split("/").length - 1;
    this.globalBase = this.opts.rootsGiven ? globalBaseOf(root) : "";
    this.globalDepth = this.globalBase.split("/").length - 1;
    if (this.globalBase.includes("\n")) this.slowAnc = true;
    this.idStack.length = 0;
    this.info = this.opts.rootsGiven ? { index, prefix: printedPrefix(root), explicit: false } : index ? { index, prefix: "", explicit: false } : undefined;
    let st: Stats | undefined;
    try {
      st = statSync(root, { throwIfNoEntry: false });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ELOOP") throw new UserError(`symbolic link loop: ${root} (ELOOP)`, "the link leads back to itself: fix the link, or search the directory holding it (links are not followed without -L)");
      if (code === "ENOTDIR") st = undefined;
      else if (code === "ENAMETOOLONG") {
        // A printed `#b=` form can be longer than the name it stands for: try it first.
        const named = /\uFFFD|#b=/.test(root) ? resolveNamed(root) : undefined;
        if (!named)
          throw new UserError(
            `cannot read path: ${clip(root)} (ENAMETOOLONG: file name too long)`,
            "a name over 255 bytes or a path over 4096 cannot be opened: cd into a directory on the way and give the rest as a relative path",
          );
        this.onFile({ ...named, root: { index, prefix: "", explicit: true } });
        return;
      } else if (code === "EACCES" || code === "EPERM") {
        // Only a directory on the way can refuse a stat: the path itself may well exist.
        throw new UserError(`cannot read path: ${root} (${code})`, `a directory on its path is not searchable: check the permissions (ls -ld ${dirname(root)})`);
      } else throw new UserError(`cannot read path: ${root} (${code ?? String(e)})`, HINT_PATH);
    }
    if (!st) {
      // A file name that is not UTF-8 reaches argv as U+FFFD: find it as its printed form (`#b=`).
      const named = /\uFFFD|#b=/.test(root) ? resolveNamed(root) : undefined;
      if (named) {
        this.onFile({ ...named, root: { index, prefix: "", explicit: true } });
        return;
      }
      // A directory so named: walked the raw way, the root's bytes leading every walked path (so
      // each prints as rg prints it, with the root's `#b=` tokens; -g sees them as the cwd-relative
      // path they are). It was "path not found; did you mean" the very same name.
      const dirBytes = root.includes("\uFFFD") ? rawDirOf(root) : undefined;
      if (!dirBytes) throw notFound(root);
      this.info = { index, prefix: "", explicit: false };
      this.shown = Buffer.concat([dirBytes, Buffer.from("/")]);
      // -g and global-ignore paths as for any root, from its bytes (a byte string, as keys are).
      const cwd = currentDir();
      this.globBase = globBaseOf(dirBytes.toString("latin1"), cwd === undefined ? undefined : toBytes(cwd));
      this.globDepth = this.globBase === "" ? 0 : this.globBase.split("/").length - 1;
      this.globalBase = globalBaseOf(dirBytes.toString("latin1"), false);
      this.globalDepth = this.globalBase.split("/").length - 1;
      if (this.globalBase.includes("\n") || this.globBase.includes("\n")) this.slowAnc = true;
      const ctx = this.useIgnore ? this.ancestors(root) : EMPTY_CTX;
      if (this.follow) {
        const id = idOf(dirBytes);
        if (id) this.idStack.push(id);
      }
      this.rawDir(dirBytes, Buffer.alloc(0), 0, ctx);
      return;
    }
    if (st.isFile()) {
      // rg searches an explicitly given file whatever the filters say, and prints it as given.
      this.onFile({ open: root, display: displayString(root), size: st.size, root: { index, prefix: "", explicit: true } });
      return;
    }
    if (!st.isDirectory())
      throw new UserError(`not a regular file or directory: ${root}`, "FIFOs, sockets and devices are never read; pass a file or a directory");
    const base = root.length > 1 && root.endsWith("/") ? root.replace(/\/+$/, "") || "/" : root;
    let ctx = this.useIgnore ? this.ancestors(root) : EMPTY_CTX;
    if (this.follow) this.idStack.push(st.dev + ":" + st.ino);
    this.dir(base, base === "." ? "" : base === "/" ? "/" : base + "/", "", "", 0, ctx);
  }

  /**
   * Walks one directory whose path is valid UTF-8. `openPrefix` + name opens an entry; `rel` is
   * the directory's root-relative display prefix ("" or ending in "/"), `key` the same as a byte
   * string (the same string object while the path is ASCII).
   */
  /**
   * rg --max-depth: an entry listed in a directory at walk depth `depth` sits at rg's depth
   * depth+1; a directory there is entered only when its own entries stay within the limit.
   */
  private beyondDepth(depth: number, isDir: boolean): boolean {
    const max = this.maxDepth;
    return isDir ? depth + 2 > max : depth + 1 > max;
  }

  private dir(path: string, openPrefix: string, rel: string, key: string, depth: number, ctx: Ctx): void {
    let ents: Dirent[];
    try {
      ents = readdirSync(path, WITH_TYPES);
    } catch (e) {
      // The root itself: an error, as rg's, never a silent empty walk. Below it: counted, skipped.
      const code = (e as NodeJS.ErrnoException).code;
      if (depth === 0) throw new UserError(`cannot read path: ${this.root} (${code ?? "unreadable"})`, unreadableHint(code, "check its permissions (ls -ld), or search a readable --path"));
      this.stats.unreadable++;
      return;
    }
    const n = ents.length;
    // A walk this long is a big tree: the normal JIT policy again (grep starts reluctant to
    // compile, util/jit.ts; a walk whose files all fail a glob never reaches the search's reset).
    if (listedSoFar < BIG_WALK_ENTRIES && (listedSoFar += n) >= BIG_WALK_ENTRIES) jitPolicy(1);
    if (n > 1) {
      if (this.sortBy) siblingOrder(ents, openPrefix, this.sortBy);
      else if (this.sorted) ents.sort(direntOrder);
    }
    if (this.useIgnore) {
      let found = 0;
      let gitIsFile = false;
      for (let i = 0; i < n; i++) {
        const e = ents[i];
        const nm = e.name;
        if (nm.charCodeAt(0) !== 46) continue;
        if (nm === ".gitignore") found |= F_GITIGNORE;
        else if (nm === ".ignore") found |= F_IGNORE;
        else if (nm === ".rgignore") found |= F_RGIGNORE;
        else if (nm === ".git") {
          found |= F_GIT;
          if (e.isFile()) gitIsFile = true;
          else if (!e.isDirectory()) found |= F_GIT_CHECK; // a link, or a dirent of unknown type
        }
      }
      if (found !== 0) ctx = this.extend(ctx, path, depth, key.length, undefined, found, gitIsFile);
    }
    const slow = this.slowAnc || key.includes("\n");
    const checks = this.filter || !this.hidden || ctx.chain.length !== 0;
    const sameKey = key === rel;
    const openIsRel = openPrefix === rel;
    let raw = false;
    for (let i = 0; i < n; i++) {
      const e = ents[i];
      const name = e.name;
      let nameKey = name;
      let skip = false;
      if (NOT_PLAIN.test(name)) {
        if (name.indexOf("\uFFFD") >= 0 || CONTROL.test(name)) {
          // The string API replaced undecodable bytes, or the name holds a control character (its
          // display is escaped, see display.ts): this directory's raw names are read below.
          raw = true;
          skip = true;
        } else {
          nameKey = toBytes(name);
          if (!this.needsByteSort && /[\uD800-\uDFFF]/.test(name)) this.needsByteSort = true;
        }
      }
      if (skip) continue;
      let isDir: boolean;
      let size: number | undefined;
      let link = false;
      if (e.isFile()) isDir = false;
      else if (e.isDirectory()) isDir = true;
      else {
        const kind = this.resolveOther(
          openPrefix + name,
          e.isSymbolicLink() ? true : e.isFIFO() || e.isSocket() || e.isCharacterDevice() || e.isBlockDevice() ? false : undefined,
        );
        if (kind === undefined) continue;
        isDir = kind.isDir;
        size = kind.size;
        link = kind.link === true;
        if (isDir) this.needsSort = true;
        // rg checks a followed link for a loop before --max-depth and every filter (an ignored
        // loop is still rg's error, exit 2), once it reads the directory (depth < --max-depth).
        if (link && depth < this.maxDepth && this.loops(openPrefix + name)) continue;
      }
      // Past --max-depth before any rule: a file there is neither searched nor left out by one.
      if (this.beyondDepth(depth, isDir)) continue;
      const k = key + nameKey;
      if (checks) {
        const why = this.decide(ctx, nameKey, k, isDir, depth, slow);
        if (why !== undefined) {
          this.stats[why]++;
          this.onSkip?.(why, openPrefix + name, rel + name, isDir);
          continue;
        }
      }
      const r = sameKey && nameKey === name ? k : rel + name;
      const open = openIsRel ? r : openPrefix + name;
      if (isDir) {
        if (this.follow && !this.enter(open)) continue;
        const sub = r + "/";
        this.dir(open, openIsRel ? sub : open + "/", sub, sameKey && nameKey === name ? sub : k + "/", depth + 1, ctx);
        if (this.follow) this.idStack.pop();
      } else if (size === -1) {
        this.stats.special++;
      } else {
        if (this.maxSize !== undefined) {
          size ??= fileSize(open);
          if (size !== undefined && size > this.maxSize) {
            this.stats.overMaxSize = (this.stats.overMaxSize ?? 0) + 1;
            continue;
          }
        }
        this.onFile(size === undefined ? { open, display: r, root: this.info } : { open, display: r, size, root: this.info });
      }
    }
    if (raw) this.rawEntries(Buffer.from(path), Buffer.from(rel), depth, ctx, (nm) => decodeLossy(nm).tokens.length > 0);
  }

  /**
   * Resolves an entry that is neither a plain file nor a directory: a symlink (followed only with
   * follow; counted otherwise), a FIFO/socket/device (size -1: counted, never opened), or an entry
   * of unknown type (isLink undefined: lstat decides).
   */
  private resolveOther(path: string | Buffer, isLink: boolean | undefined): { isDir: boolean; size?: number; link?: true } | undefined {
    if (isLink === undefined) {
      const st = lstatSync(path, { throwIfNoEntry: false });
      if (!st) return undefined;
      if (st.isFile()) return { isDir: false, size: st.size };
      if (st.isDirectory()) return { isDir: true };
      isLink = st.isSymbolicLink();
    }
    if (!isLink) return SPECIAL;
    if (!this.follow) {
      this.stats.symlinks!++;
      return undefined;
    }
    let st: Stats | undefined;
    try {
      st = statSync(path, { throwIfNoEntry: false });
    } catch {
      st = undefined;
    }
    if (!st) {
      // A broken link, or a link loop: rg -L reports it as an error and goes on.
      this.stats.unreadable++;
      return undefined;
    }
    if (st.isDirectory()) return { isDir: true, link: true };
    if (st.isFile()) return { isDir: false, size: st.size };
    return SPECIAL;
  }

  /**
   * With follow: true (and counted) for a linked directory that is one of the walk's ancestors (a
   * link loop), as rg. As the ignore crate's check_symlink_loop, only a link is checked: a real
   * directory reached through a link (`loop -> ..`, then `loop/repo`) is walked again under the
   * link's path, and the loop is met one level down, at the link inside it.
   */
  private loops(path: string | Buffer): boolean {
    const id = idOf(path); // gone since: enter() counts it
    if (id === undefined || !this.idStack.includes(id)) return false;
    this.stats.unreadable++;
    return true;
  }

  /** With follow: pushes a directory's identity for the loop check of the links below it. */
  private enter(path: string | Buffer): boolean {
    const id = idOf(path);
    if (id === undefined) {
      this.stats.unreadable++;
      return false;
    }
    this.idStack.push(id);
    return true;
  }

  /**
   * Entries of a directory handled through raw bytes: names that are not valid UTF-8 (or contain
   * U+FFFD), and everything below a directory whose name is such. Slow path (lstat per entry).
   */
  private rawEntries(dirPath: Buffer, rel: Buffer, depth: number, ctx: Ctx, pick: (name: Buffer) => boolean): void {
    let names: Buffer[];
    try {
      names = readdirSync(dirPath, { encoding: "buffer" }) as Buffer[];
    } catch {
      this.stats.unreadable++;
      return;
    }
    this.needsByteSort = true;
    const slash = Buffer.from("/");
    const key = rel.toString("latin1");
    const slow = this.slowAnc || key.includes("\n");
    for (const nm of names) {
      if (!pick(nm)) continue;
      const full = Buffer.concat([dirPath, slash, nm]);
      const st0 = lstatSync(full, { throwIfNoEntry: false });
      if (!st0) continue;
      let isDir = st0.isDirectory();
      let size: number | undefined;
      let link = false;
      if (!isDir && !st0.isFile()) {
        const kind = this.resolveOther(full, st0.isSymbolicLink());
        if (kind === undefined) continue;
        isDir = kind.isDir;
        size = kind.size;
        link = kind.link === true;
        if (link && depth < this.maxDepth && this.loops(full)) continue;
      }
      if (this.beyondDepth(depth, isDir)) continue;
      const nameKey = nm.toString("latin1");
      const why = this.decide(ctx, nameKey, key + nameKey, isDir, depth, slow);
      if (why !== undefined) {
        this.stats[why]++;
        this.onSkip?.(why, full, displayPath(Buffer.concat([this.shown, rel, nm])).display, isDir);
        continue;
      }
      const relBytes = Buffer.concat([rel, nm]);
      if (isDir) {
        if (this.follow && !this.enter(full)) continue;
        this.rawDir(full, Buffer.concat([relBytes, slash]), depth + 1, ctx);
        if (this.follow) this.idStack.pop();
      } else if (size === -1) {
        this.stats.special++;
      } else {
        if (this.maxSize !== undefined) {
          size ??= st0.size;
          if (size > this.maxSize) {
            this.stats.overMaxSize = (this.stats.overMaxSize ?? 0) + 1;
            continue;
          }
        }
        const d = displayPath(this.shown.length ? Buffer.concat([this.shown, relBytes]) : relBytes);
        const open: string | Buffer = d.pathBytes ? full : full.toString("utf8");
        const entry: FileEntry = { open, display: d.display, root: this.info };
        if (d.pathBytes) entry.pathBytes = d.pathBytes;
        if (size !== undefined) entry.size = size;
        this.onFile(entry);
      }
    }
  }

  /** A directory reached through a non-UTF-8 (or U+FFFD) name: everything inside goes the raw way. */
  private rawDir(dirPath: Buffer, rel: Buffer, depth: number, ctx: Ctx): void {
    if (this.useIgnore) {
      let names: Buffer[];
      try {
        names = readdirSync(dirPath, { encoding: "buffer" }) as Buffer[];
      } catch {
        names = [];
      }
      let found = 0;
      for (const nm of names) {
        const s = nm.toString("latin1");
        if (s === ".gitignore") found |= F_GITIGNORE;
        else if (s === ".ignore") found |= F_IGNORE;
        else if (s === ".rgignore") found |= F_RGIGNORE;
        else if (s === ".git") found |= F_GIT | F_GIT_CHECK;
      }
      ctx = this.extend(ctx, dirPath, depth, rel.length, undefined, found, false);
    }
    this.rawEntries(dirPath, rel, depth, ctx, () => true);
  }
}

const F_GITIGNORE = 1;
const F_IGNORE = 2;
const F_RGIGNORE = 4;
const F_GIT = 8;
const F_GIT_CHECK = 16;

/** Hears of each entry the walk leaves out (a directory once: its contents are not walked). */
export type OnSkip = (why: "ignored" | "hidden" | "filtered", open: string | Buffer, display: string, isDir: boolean) => void;

/**
 * What rg 13 puts between a directory above the root and a walked path when it matches that
 * directory's ignore rules: it joins the root's canonical path with the path as walked, which
 * holds the root as given (`a/x.txt` under root `a` is matched as `<canonical a>/a/x.txt`; under
 * `..` as `<canonical ..>/../x.txt`). So a parent's rule with a slash (`a/x.txt`, `/a/y.txt`)
 * never matches under a relative PATH, while a name rule (`*.log`) does, as in rg. Nothing for
 * no PATH, `.`, `./`, or an absolute root (joined, it is the path itself).
 */
function givenPart(root: string): string {
  if (root.startsWith("/")) return "";
  let p = root.startsWith("./") ? root.slice(2) : root; // rg strips one leading ./ before matching
  p = p.replace(/\/+$/, "");
  if (p === "" || p === ".") return "";
  return p + "/";
}

/**
 * The root as rg's -g globs see it: relative to the cwd (leading `./` dropped, an absolute root
 * under the cwd made relative), "/"-terminated, "" for the cwd itself.
 */
/** A directory's identity (device and inode) through links; undefined when it cannot be stat'ed. */
function idOf(path: string | Buffer): string | undefined {
  try {
    const st = statSync(path);
    return st.dev + ":" + st.ino;
  } catch {
    return undefined;
  }
}

/** rg's walk path of a root's entries, before their root-relative part (see Walker.globalBase). */
function globalBaseOf(root: string, utf8 = true): string {
  let p = root.endsWith("/") ? root : root + "/";
  if (p.startsWith("./")) p = p.slice(2);
  return utf8 ? toBytes(p) : p;
}

function globBaseOf(root: string, cwdNow: string | undefined = currentDir()): string {
  let p = root.replace(/\/{2,}/g, "/");
  const cwd = p.startsWith("/") ? cwdNow : undefined; // none if deleted: no root is under it
  if (cwd !== undefined) {
    // The cwd "/" ends in its own separator: `/tmp/x` under it is `tmp/x` (-g 'tmp/**' missed it).
    const base = cwd.endsWith("/") ? cwd : cwd + "/";
    if (p === cwd || p === base) return "";
    if (p.startsWith(base)) p = p.slice(base.length);
  }
  while (p.startsWith("./")) p = p.slice(2);
  if (p === "." || p === "") return "";
  return p.endsWith("/") ? p : p + "/";
}

/**
 * Calls onFile for every selected file, in directory order (not sorted); returns counts of what was
 * left out, and tells `onSkip` of each entry left out (grep's zero-result diagnosis).
 */
export function walk(opts: WalkOptions, onFile: (f: FileEntry) => void, onSkip?: OnSkip): WalkStats {
  const w = new Walker(opts, onFile, onSkip);
  w.run();
  return w.stats;
}

/**
 * The raw relative path bytes of a walked entry (for byte-order sorting): pathBytes when present;
 * otherwise the display, minus the `#b=-...` suffix a valid name with a literal U+FFFD carries.
 */
export function rawPathBytes(f: FileEntry): Buffer {
  if (f.pathBytes) return Buffer.from(f.pathBytes, "hex");
  const d = f.display;
  return Buffer.from(d.indexOf("\uFFFD") >= 0 ? parseDisplay(d).lossy : d, "utf8");
}

/** Sorts entries by raw path bytes (Buffer order), which JS string order matches except for non-BMP or raw names. */
export function sortEntries(files: FileEntry[], byteSort = true): FileEntry[] {
  if (files.length && files[0]!.order !== undefined) return files.sort((a, b) => rootOrder(a, b) || a.order! - b.order!);
  if (byteSort) {
    const keyed = files.map((f) => ({ f, k: rawPathBytes(f) }));
    keyed.sort((a, b) => rootOrder(a.f, b.f) || Buffer.compare(a.k, b.k));
    for (let i = 0; i < files.length; i++) files[i] = keyed[i].f;
    return files;
  }
  return files.sort((a, b) => rootOrder(a, b) || (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
}

/** Roots come in the order given (rg's), then paths in byte order within each. */
export function rootOrder(a: FileEntry, b: FileEntry): number {
  return (a.root?.index ?? 0) - (b.root?.index ?? 0);
}

/**
 * Walk and return entries sorted by raw path bytes (deterministic order). With `sortLimit`, a
 * walk that yields more files than that comes back in directory order instead (`sorted` false):
 * for callers that only need the order of a few of them and sort those themselves.
 */
export function walkSorted(opts: WalkOptions, sortLimit = Infinity): { files: FileEntry[]; stats: WalkStats; sorted: boolean } {
  const files: FileEntry[] = [];
  const w = new Walker(opts, (f) => files.push(f));
  if (sortLimit === Infinity) {
    w.sorted = true;
    w.run();
    // Directories were read in order, so only unusual names or followed directory links need a sort.
    if (w.needsByteSort || w.needsSort) sortEntries(files, w.needsByteSort);
    return { files, stats: w.stats, sorted: true };
  }
  w.run();
  if (files.length > sortLimit) return { files, stats: w.stats, sorted: false };
  sortEntries(files, w.needsByteSort);
  return { files, stats: w.stats, sorted: true };
}

/** A walked file's size (a link followed); undefined when it cannot be read (the search says so). */
function fileSize(path: string): number | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false })?.size;
  } catch {
    return undefined;
  }
}

/**
 * rg 13's --sort/--sortr: siblings by name bytes, or by the time of what each name leads to (a
 * link followed; none when it cannot be read, which sorts first), reversed for --sortr. Equal
 * times keep the directory's read order, as rg's stable sort does (file times often tie: the
 * clock's granularity), which is fixed for an unchanged directory.
 */
function siblingOrder(ents: Dirent[], openPrefix: string, sort: WalkSort): void {
  const sign = sort.reverse ? -1 : 1;
  if (sort.by === "path") {
    // Name bytes made once per entry, not twice per comparison.
    const key = new Map(ents.map((e) => [e, Buffer.from(e.name)]));
    ents.sort((a, b) => sign * Buffer.compare(key.get(a)!, key.get(b)!));
    return;
  }
  const field = sort.by === "modified" ? "mtimeNs" : sort.by === "accessed" ? "atimeNs" : "birthtimeNs";
  const time = new Map<Dirent, bigint | undefined>();
  for (const e of ents) {
    let t: bigint | undefined;
    try {
      const st = statSync(openPrefix + e.name, { bigint: true, throwIfNoEntry: false });
      t = st ? st[field] : undefined;
      if (field === "birthtimeNs" && t === 0n) t = undefined; // no birth time on this file system
    } catch {
      t = undefined;
    }
    time.set(e, t);
  }
  ents.sort((a, b) => {
    const x = time.get(a);
    const y = time.get(b);
    const c = x === y ? 0 : x === undefined ? -1 : y === undefined ? 1 : x < y ? -1 : 1;
    return sign * c;
  });
}

/**
 * Sibling order that makes a depth-first walk come out in full-path byte order: names compare as
 * if directories ended in "/" ("a.txt" < "a/x" because '.' < '/'). UTF-16 order equals byte order
 * here; names where it would not (astral characters, raw bytes) make the caller sort at the end.
 */
function direntOrder(a: Dirent, b: Dirent): number {
  const an = a.name;
  const bn = b.name;
  if (an.length < bn.length) {
    if (bn.startsWith(an)) return (a.isDirectory() ? 0x2f : -1) - bn.charCodeAt(an.length);
  } else if (bn.length < an.length && an.startsWith(bn)) return an.charCodeAt(bn.length) - (b.isDirectory() ? 0x2f : -1);
  return an < bn ? -1 : an > bn ? 1 : 0;
}

/** rg's --type-list text (`name: glob, glob` lines). */
export function typeList(defs?: WalkOptions["typeDefs"]): string {
  return typeListText(defs);
}

/**
 * A predicate deciding, from a root-relative path, whether a file passes --glob/--type as rg
 * would (globs first and overriding types; types on the base name). Ignore and hidden rules are
 * not involved. Throws UserError for a bad glob or type, like walk.
 */
export function scopeFilter(opts: Pick<WalkOptions, "globs" | "types" | "typesNot" | "typeDefs">): (relPath: string) => boolean {
  const w = new Walker({ root: ".", hidden: true, noIgnore: true, follow: false, ...opts }, () => {});
  return (relPath: string) => {
    const key = toBytes(relPath);
    const slash = key.lastIndexOf("/");
    const depth = slash < 0 ? 0 : key.split("/").length - 1;
    return w.decide(EMPTY_CTX, key.slice(slash + 1), key, false, depth, key.slice(0, slash + 1).includes("\n")) === undefined;
  };
}

/**
 * Finds the file a display path names (for outline round trips). Looks only along the path's own
 * directories, hidden and ignored entries included: an exact display match wins; a plain lossy
 * string (no `#b=` suffix) resolves when exactly one file has that lossy path.
 */
/**
 * A file named on the command line by a display path (U+FFFD for bytes argv lost, or a `#b=`
 * form): relative to the cwd, or absolute (it was "not found; did you mean" the same name).
 */
function resolveNamed(root: string): FileEntry | undefined {
  if (!root.startsWith("/")) return resolveDisplayPath(".", root);
  const hit = resolveDisplayPath("/", root.replace(/^\/+/, ""));
  if (!hit) return undefined;
  return { ...hit, display: "/" + hit.display, ...(hit.pathBytes ? { pathBytes: "2f" + hit.pathBytes } : {}) };
}

/**
 * The raw bytes of a directory named with U+FFFD where argv lost bytes that are not UTF-8: each
 * such part is the first name (in byte order) in its parent whose lossy decoding it is; the other
 * parts stay as written (`./`, a leading `/`). Undefined when no directory fits.
 */
function rawDirOf(given: string): Buffer | undefined {
  const parts = given.replace(/\/+$/, "").split("/");
  let path = Buffer.alloc(0);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const sep = i === 0 ? Buffer.alloc(0) : Buffer.from("/");
    let name = Buffer.from(part);
    if (part.includes("\uFFFD")) {
      const parent = path.length === 0 ? Buffer.from(".") : i === 1 && parts[0] === "" ? Buffer.from("/") : path;
      let names: Buffer[];
      try {
        names = (readdirSync(parent, { encoding: "buffer" }) as Buffer[]).filter((n) => decodeLossy(n).text === part).sort(Buffer.compare);
      } catch {
        return undefined;
      }
      const dir = names.find((n) => statSync(Buffer.concat([parent, Buffer.from("/"), n]), { throwIfNoEntry: false })?.isDirectory());
      if (!dir) return undefined;
      name = dir;
    }
    path = Buffer.concat([path, sep, name]);
  }
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ? path : undefined;
}

export function resolveDisplayPath(root: string, display: string): FileEntry | undefined {
  const { lossy, tokens } = parseDisplay(display);
  if (lossy === "" || lossy.startsWith("/")) return undefined;
  const segs = lossy.split("/");
  const found: { full: Buffer; rel: Buffer; size: number }[] = [];
  const rootBuf = Buffer.from(root);
  const step = (dir: Buffer, rel: Buffer, i: number) => {
    const seg = segs[i];
    const last = i === segs.length - 1;
    let names: Buffer[];
    if (seg.includes("\uFFFD")) {
      try {
        names = (readdirSync(dir, { encoding: "buffer" }) as Buffer[]).filter((n) => decodeLossy(n).text === seg);
      } catch {
        return;
      }
    } else names = [Buffer.from(seg)];
    for (const nm of names) {
      const full = Buffer.concat([dir, Buffer.from("/"), nm]);
      let st: Stats | undefined;
      try {
        st = statSync(full, { throwIfNoEntry: false });
      } catch {
        st = undefined;
      }
      if (!st) continue;
      const r = Buffer.concat([rel, nm]);
      if (last) {
        if (st.isFile()) found.push({ full, rel: r, size: st.size });
      } else if (st.isDirectory()) step(full, Buffer.concat([r, Buffer.from("/")]), i + 1);
    }
  };
  step(rootBuf, Buffer.alloc(0), 0);
  const entry = (c: (typeof found)[number]): FileEntry => {
    const d = displayPath(c.rel);
    const e: FileEntry = { open: d.pathBytes ? c.full : c.full.toString("utf8"), display: d.display, size: c.size };
    if (d.pathBytes) e.pathBytes = d.pathBytes;
    return e;
  };
  const exact = found.filter((c) => displayPath(c.rel).display === display);
  if (exact.length) return entry(exact[0]);
  if (!tokens && found.length === 1) return entry(found[0]);
  return undefined;
}

noTopTier(chainVerdict, Walker.prototype.decide, (Walker.prototype as any).dir);
