/**
 * Signal: the periphery stays below. Tests, translation catalogs and change logs repeat a
 * topic's words (a test names what it tests, a catalog holds every message, a change log every
 * fix), so their path or mention scores can beat the code itself. Unless the query asks for
 * them, none of them outranks an implementation file that has content evidence for the query.
 */
import type { FindQuery } from "./find-query.ts";
import { stem } from "../query/identifiers.ts";
import type { RankedFile } from "./types.ts";

export type PeripheryKind = "test" | "translation" | "changelog";

/** Message catalogs by format (gettext, XLIFF): one per language, every message of a program. */
const CATALOG_EXT = /\.(?:po|pot|xlf|xliff)$/i;
/** Change logs by their conventional names (ChangeLog, ChangeLog.2019, CHANGES.md, NEWS). */
const CHANGELOG_NAME = /^(?:change[-_]?log|changes|news|history)(?:[._-][^/]*)?$/i;
/** Words with which a query asks for a kind itself. */
const ASKS: Record<PeripheryKind, string[]> = {
  test: [],
  translation: ["translation", "translate", "translator", "locale", "localization", "localisation", "i18n", "l10n", "catalog", "gettext", "po"],
  changelog: ["changelog", "change", "changes", "news", "history", "release"],
};
const ASK_STEMS: Record<PeripheryKind, Set<string>> = {
  test: new Set(),
  translation: new Set(ASKS.translation.map(stem)),
  changelog: new Set(ASKS.changelog.map(stem)),
};

/** The periphery kind of a ranked file, if any. */
export function peripheryKind(f: Pick<RankedFile, "path" | "role">): PeripheryKind | null {
  if (f.role === "test") return "test";
  // A source file named history.py or news.go is code, whatever its name.
  if (f.role === "implementation") return null;
  const base = f.path.slice(f.path.lastIndexOf("/") + 1);
  if (CATALOG_EXT.test(base)) return "translation";
  if (CHANGELOG_NAME.test(base)) return "changelog";
  return null;
}

/** The query asks for files of this kind (names tests, translations, the change log...). */
export function asksFor(kind: PeripheryKind, query: FindQuery): boolean {
  if (kind === "test") return query.wantRoles.has("test");
  if (kind === "changelog" && query.wantRoles.has("docs")) return true;
  return query.terms.some((t) => ASK_STEMS[kind].has(t.stem) || ASKS[kind].includes(t.word));
}

/**
 * `ranked` (best first) with every periphery file the query does not ask for that outranks an
 * implementation file with content evidence moved just below the last such file, in its own
 * order; its score becomes that file's (so scores still fall down the list) and it is marked.
 */
export function keepPeripheryBelow(ranked: RankedFile[], query: FindQuery): RankedFile[] {
  let last = -1;
  for (let i = 0; i < ranked.length; i++) if (ranked[i]!.role === "implementation" && ranked[i]!.contentRead && ranked[i]!.tf.some((n) => n > 0)) last = i;
  if (last < 0) return ranked;
  const floor = ranked[last]!.score;
  const above: RankedFile[] = [];
  const moved: RankedFile[] = [];
  for (let i = 0; i <= last; i++) {
    const f = ranked[i]!;
    const kind = peripheryKind(f);
    if (kind && !asksFor(kind, query)) {
      f.score = floor;
      f.belowImplementation = kind;
      moved.push(f);
    } else above.push(f);
  }
  if (moved.length === 0) return ranked;
  return [...above, ...moved, ...ranked.slice(last + 1)];
}
