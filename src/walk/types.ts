/** Contract of the walk layer: which files a search covers, rg's file-selection semantics. */

export interface WalkOptions {
  /** Root as given by --path (default "."). May be a file: then exactly that file is yielded. */
  root: string;
  /**
   * Several roots (grep's PATH... and repeated --path), walked in the order given as rg does;
   * `root` is then the first. Undefined: `root` alone.
   */
  roots?: string[];
  /**
   * The roots were named on the command line: printed paths keep them as rg prints them
   * (`src` -> `src/a.ts`, `./src` -> `./src/a.ts`, `/abs` -> `/abs/a.ts`). Otherwise the one
   * root is the current directory and paths print relative to it, with no `./`.
   */
  rootsGiven?: boolean;
  hidden: boolean;
  noIgnore: boolean;
  /**
   * rg's finer ignore switches (each only narrows what `noIgnore` false keeps): no .gitignore,
   * .git/info/exclude or global excludes (--no-ignore-vcs); no .ignore (--no-ignore-dot; .rgignore
   * stays, as rg 13); no ignore file of a directory above the root (--no-ignore-parent: a
   * repository above still counts as one); no global excludes file (--no-ignore-global); no
   * .git/info/exclude (--no-ignore-exclude); git's rules outside a repository too (--no-require-git).
   */
  ignoreSwitches?: IgnoreSwitches;
  /**
   * rg --sort/--sortr: each directory's entries in this order (rg 13 sorts siblings, not the
   * whole list: a directory by its own name or time); every yielded entry then carries `order`.
   * Undefined (or `none`): results come in raw path byte order.
   */
  sort?: WalkSort;
  /**
   * rg --max-filesize: walked files bigger than this many bytes are left out (counted in
   * stats.overMaxSize); a file named as a root is searched whatever its size, as rg.
   */
  maxFilesize?: number;
  /** Follow symlinks (rg -L). Default false, as rg. */
  follow: boolean;
  /** rg type names to include / exclude (validated: unknown names throw UserError). */
  types: string[];
  typesNot: string[];
  /** rg --type-clear / --type-add, changing the type table `types`/`typesNot` name (see filetypes.ts typeTable). */
  typeDefs?: { clear: string[]; add: string[] };
  /** rg -g globs, in order; `!` negates. Invalid globs throw UserError. */
  globs: string[];
  /** rg --iglob globs: case-insensitive (ASCII), applied after `globs` (later ones win, as rg). */
  iglobs?: string[];
  /** rg --glob-case-insensitive: `globs` match case-insensitively too. */
  globCaseInsensitive?: boolean;
  /**
   * rg --max-depth: levels below each root directory walked at most (1: its direct entries only;
   * 0: nothing inside a directory root; a file root is searched whatever it says). Undefined: no limit.
   */
  maxDepth?: number;
}

export interface WalkSort {
  by: "path" | "modified" | "accessed" | "created";
  reverse: boolean;
}

export interface IgnoreSwitches {
  noVcs?: boolean;
  noDot?: boolean;
  noParent?: boolean;
  noGlobal?: boolean;
  noExclude?: boolean;
  noRequireGit?: boolean;
}

export interface FileEntry {
  /** Native path to open: a string when the name is valid UTF-8, else the raw bytes. */
  open: string | Buffer;
  /**
   * Path relative to its root, `/`-separated, in display form (names that are not UTF-8 or hold
   * control characters get the `#b=` suffix). A file given as the root: the path as given.
   * What is printed is `printedPath(entry)`: the root's prefix and this.
   */
  display: string;
  /** Hex of the raw relative path bytes; only when the display form is not the name itself. */
  pathBytes?: string;
  /** Size in bytes from the walk's stat (lstat/stat), when known. */
  size?: number;
  /** With WalkOptions.sort: the entry's place in the walk, which is the order results print in. */
  order?: number;
  /** The root this entry was found under (shared by its files); undefined: the cwd, unprinted. */
  root?: RootInfo;
}

/** One root of a walk, as every entry found under it sees it. */
export interface RootInfo {
  /** Position among the roots given (rg searches them in this order). */
  index: number;
  /** What printed paths start with: "" (no root given), `src/`, `./src/`, `/abs/`. */
  prefix: string;
  /** The root is a file, named explicitly: rg searches it whole, whatever its content. */
  explicit: boolean;
}

/**
 * Counts of what the walk left out, by reason (for --json summaries). An excluded directory
 * counts once (its contents are never read, as in rg). `unreadable` also counts broken links and
 * link loops met with --follow.
 */
export interface WalkStats {
  ignored: number;
  hidden: number;
  filtered: number; // by --type/--glob
  unreadable: number;
  special: number; // FIFOs, sockets, devices
  /** Walked files over --max-filesize (rg's), left out. */
  overMaxSize?: number;
  /** Symlinks not followed (no --follow); optional so older stat objects stay valid. */
  symlinks?: number;
  /** Ignore-file lines that did not parse (dropped, as rg): rg's messages, once each. */
  badIgnoreLines?: string[];
  /** One of them is in an ignore file above a root, which rg 13 counts as an error (exit 2). */
  badIgnoreAbove?: boolean;
}
