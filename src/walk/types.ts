/** Contract of the walk layer: which files a search covers, rg's file-selection semantics. */

export interface WalkOptions {
  /** Root as given by --path (default "."). May be a file: then exactly that file is yielded. */
  root: string;
  hidden: boolean;
  noIgnore: boolean;
  /** Follow symlinks (rg -L). Default false, as rg. */
  follow: boolean;
  /** rg type names to include / exclude (validated: unknown names throw UserError). */
  types: string[];
  typesNot: string[];
  /** rg -g globs, in order; `!` negates. Invalid globs throw UserError. */
  globs: string[];
}

export interface FileEntry {
  /** Native path to open: a string when the name is valid UTF-8, else the raw bytes. */
  open: string | Buffer;
  /** Path relative to the root, `/`-separated, as displayed (non-UTF-8 names get the `#b=` suffix). */
  display: string;
  /** Hex of the raw relative path bytes; only for non-UTF-8 names. */
  pathBytes?: string;
  /** Size in bytes from the walk's stat (lstat/stat), when known. */
  size?: number;
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
  /** Symlinks not followed (no --follow); optional so older stat objects stay valid. */
  symlinks?: number;
}
