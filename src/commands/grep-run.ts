/**
 * The grep command's pipeline: exhaustive search, then the lines and structure of the displayed
 * files only, then one of the three renderings. Returns rg's exit code (0 matches, 1 none).
 */
import type { FileEntry, WalkOptions } from "../walk/types.ts";
import { search, type FileHits } from "../search/index.ts";
import { printedPath, printedPathBytes, typeGlobs } from "../walk/index.ts";
import type { LineMatch, MatchOptions, MatchSpec } from "../match/types.ts";
import { errLine, out } from "../util/out.ts";
import { UserError } from "../util/errors.ts";
import { fileSize, firstNul, readText, SIZE_LIMIT } from "../read/index.ts";
import { profiler } from "../util/prof.ts";
import { CUT_OTHERS_NAMED, renderJson, renderText, type JsonFile, type TextFile } from "../render/grep.ts";
import { compileSpec, fromSpec } from "../match/index.ts";
import { searchOne } from "../search/file.ts";
import { contextLines, type ContextLine } from "../search/context.ts";
import type { FileStructure } from "../structure/types.ts";
import type { PacketOptions } from "./grep-packet.ts";
import type { MatchRole, RoleMatch } from "../structure/roles.ts";
import { shellQuote } from "../util/text.ts";

/**
 * What grep prints: grouped text, JSON, paths (-l), path:N (-c), the files searched
 * (--files), or the files searched without a match (--files-without-match).
 */
export type GrepOutput = "text" | "json" | "paths" | "count" | "files" | "without";

export interface GrepRequest extends PacketOptions {
  /** Non-empty patterns; a line matches if any does (rg -e). */
  patterns: string[];
  regex: boolean;
  ignoreCase: boolean;
  /** rg -S: case-insensitive unless a pattern has an uppercase letter (an explicit -i wins). */
  smartCase: boolean;
  wordRegexp: boolean;
  /** rg -x: every pattern must match a whole line (overrides wordRegexp). */
  lineRegexp?: boolean;
  invert: boolean;
  multiline: boolean;
  /** rg --multiline-dotall: with -U, `.` matches `\n` too. */
  dotall?: boolean;
  onlyMatching: boolean;
  maxCount?: number;
  /** Context lines after / before each match (rg -A / -B; -C sets both). */
  after: number;
  before: number;
  walk: WalkOptions;
  output: GrepOutput;
  /** rg -a/--text: binary files are searched whole, as text (printed lines keep control characters escaped). */
  text?: boolean;
  /** rg --crlf: regexes read `\r\n` as the line end (see match/types.ts MatchOptions.crlf). */
  crlf?: boolean;
  /** rg -q: an entry that could not be read leaves exit 0 when anything matched (else 2). */
  quiet?: boolean;
  /** rg -H: with -c, print path:N even when the only PATH is a file. */
  withFilename: boolean;
  maxFiles: number;
  maxRegions: number;
  contextJson?: string;
  /** Search a small tree with a helper worker (search/index.ts `helper`; the MCP server's front option). */
  searchHelper?: boolean;
}

/** rg -S's test: an uppercase letter outside escapes (`\S`, `\p{Lu}` are not text). */
function hasUpper(p: string, regex: boolean): boolean {
  const text = regex ? p.replace(/\\[pP]\{[^}]*\}|\\[pPx]?.|\[:[a-z]+:\]/gs, "") : p;
  return /\p{Lu}/u.test(text);
}

/**
 * The one pattern the match layer takes: literals joined by newlines (rg -F's "one pattern per
 * line"), regexes as an alternation of groups.
 */
/** rg's regex::escape: the pattern's metacharacters, each behind a backslash. */
function rgEscape(p: string): string {
  return p.replace(/[\\.+*?()|[\]{}^$#&\-~]/g, "\\$&");
}

/**
 * rg 13 joins regexes with `|` as they are: `-e 'a(' -e ')'` is the valid `a(|)`, and a flag
 * such as `(?i)` at one pattern's top level carries over to the patterns after it.
 */
function combined(patterns: string[], regex: boolean): string {
  return patterns.join(regex ? "|" : "\n");
}

/**
 * What an -o entry's role is read from: its own span on the whole line. The entry's text is the
 * match alone (spans [0, n)), which the syntax tree would read at the line's first columns.
 * One object per entry, so the roles memo keys it once (store.ts keys by match object).
 */
const roleSource = new WeakMap<LineMatch, RoleMatch>();

/** The matches of `ms` as the role computation must see them (-o entries: their source span). */
function roleMatches(ms: LineMatch[]): RoleMatch[] {
  return ms.map((m) => roleSource.get(m) ?? m);
}

/** rg -o: each match of a line becomes its own entry (the line's text cut to the match). */
function onlyMatching(ms: LineMatch[], multiline: boolean): LineMatch[] {
  const out: LineMatch[] = [];
  const from = (e: LineMatch, m: LineMatch, span: [number, number]) => {
    roleSource.set(e, { line: m.line, spans: [span], text: m.text });
    out.push(e);
  };
  for (const m of ms) {
    if (m.spans.length === 0) {
      out.push(m); // -v: the whole line, as rg -o -v prints it
      continue;
    }
    let last = -1;
    let lastEmpty = false;
    // Byte column of text[at], kept incrementally: a long line with many matches stays linear.
    let at = 0;
    let bytes = 0;
    const byteCol = (i: number) => {
      bytes += Buffer.byteLength(m.text.slice(at, i));
      at = i;
      return bytes + 1;
    };
    // Spans are cut at a line's trailing `\r`; rawSpans, when set, are the uncut ones (the `\r`
    // is one byte past the text), and decide what rg -o keeps.
    const raw = m.rawSpans;
    const end = raw ? m.text.length + 1 : m.text.length;
    for (let i = 0; i < m.spans.length; i++) {
      const [a, b] = m.spans[i]!;
      const [ra, rb] = raw ? raw[i]! : [a, b];
      // rg -o prints an empty match as an empty entry, except one where the previous match ended
      // (Rust's find_iter skips it: `a*` on `aa b` is `aa`, then empties at 3 and 4).
      // rg's iteration also stops before an empty match at the very end of the file.
      // rg -U -o: a match's empty part on a line is not printed.
      const skip = (ra === rb && (multiline || (ra === last && !lastEmpty))) || (ra === rb && m.openEnd === true && ra === end);
      const between = ra === rb && lastEmpty && last < ra && ra - last <= 2 ? m.text.slice(last, ra) : "";
      last = rb;
      lastEmpty = ra === rb;
      if (skip) continue;
      const col = byteCol(a) + (ra - a);
      // (An invalid byte, shown as U+FFFD, is one byte: no inner position.)
      if (between !== "" && between !== "\uFFFD" && [...between].length === 1) {
        // rg searches bytes: an empty match on both sides of one character also matches inside
        // its UTF-8 bytes (`a*` over `é` is 3 empty matches): one entry per inner byte.
        for (let k = Buffer.byteLength(between) - 1; k > 0; k--) from({ line: m.line, column: col - k, byteOffset: m.byteOffset, text: "", spans: [[0, 0]] }, m, [a, a]);
      }
      const text = m.text.slice(a, b);
      from({ line: m.line, column: col, byteOffset: m.byteOffset, text, spans: [[0, text.length]] }, m, [a, b]);
    }
  }
  return out;
}

/** Each -e pattern's own spec, for the note on patterns that matched nothing; none when one is no regex alone (rg joins them first). */
function eachSpec(patterns: string[], match: MatchOptions): MatchSpec[] | undefined {
  try {
    return patterns.map((p) => compileSpec({ ...match, pattern: p, maxCount: undefined }));
  } catch (e) {
    if (e instanceof UserError) return undefined;
    throw e;
  }
}

export async function runGrep(q: GrepRequest): Promise<number> {
  const prof = profiler("grep", performance.now());
  if (q.output === "files") return listFiles(q.walk);
  // A literal never spans lines, so -U changes nothing for one without a newline (rg's meaning).
  if (q.multiline && !q.regex && q.patterns.some((p) => p.includes("\n")))
    throw new UserError("-U with a literal pattern holding a newline is not supported", "write it as a regex with \\n: --regex -U 'first\\nsecond' (escape its special characters)");
  const ignoreCase = q.ignoreCase || (q.smartCase && !q.patterns.some((p) => hasUpper(p, q.regex)));
  const query = q.patterns.join(" | ");
  // rg -x puts ^(?:...)$ around every pattern: a literal becomes an escaped regex (one per line of
  // a -F pattern holding newlines, as rg splits them).
  const lines = q.lineRegexp ? (q.regex ? q.patterns : q.patterns.flatMap((p) => p.split("\n")).map(rgEscape)).map((p) => `^(?:${p})$`) : undefined;
  const ml = q.multiline ? { multiline: true, dotall: q.dotall ?? false } : q.crlf ? { crlf: true } : {};
  const match = lines
    ? { pattern: combined(lines, true), regex: true, ignoreCase, wordRegexp: false, invert: q.invert, maxCount: q.maxCount, ...ml }
    : { pattern: combined(q.patterns, q.regex), regex: q.regex, ignoreCase, wordRegexp: q.wordRegexp, invert: q.invert, maxCount: q.maxCount, ...ml };
  const pathsOnly = q.output === "paths";
  // rg -U searching files whole (a pattern that can match \n): -c counts matches, even with -o.
  const whole = q.multiline && compileSpec(match).multiline === true;
  if (whole && q.invert && (pathsOnly || q.output === "count" || q.output === "without"))
    throw new UserError("-v with -U and a pattern that can match a newline cannot be combined with -l, -c, -q or --files-without-match", "rg 13 reports no file there; drop -U, or list the lines with -v -U alone");
  // rg 13 with -m 0 searches nothing: no file is listed, exit 1.
  if (q.output === "without") return q.maxCount === 0 ? 1 : listUnmatched(q.walk, match, q.text);
  // --role keeps the matches of some roles: every matching line of every file is classified.
  const byRole = q.roles !== undefined;
  // Validated up front, whatever the output mode: a bad context file is an error, never ignored.
  const known = await loadKnown(q.contextJson);
  // Match roles are printed by JSON, --show-roles and --role alone: plain text never reads them,
  // so it never parses a file whose symbols are cached only to learn roles of new matches (a
  // tree-sitter parse, some 0.1-0.3 s for a 1,500-line C file, on every new pattern).
  const wantRoles = byRole || q.output === "json" || q.roleTags === true;
  // -o: every match its own entry (counted as such by -c, text and JSON alike).
  const shape = (h: FileHits): FileHits => {
    if (!q.onlyMatching || (whole && q.output === "count")) return h;
    // rg -U --count-matches counts the empty matches its -o does not print.
    const matches = onlyMatching(h.matches, q.multiline === true && q.output !== "count");
    return { ...h, matches, count: matches.length };
  };
  // The matches whose roles a parse reads from its tree (none when no role is printed).
  const asked = (h: FileHits): RoleMatch[] | undefined => (wantRoles ? roleMatches(h.matches) : undefined);
  // Grammars of matching files start compiling while the search goes on (see structure/prefetch.ts).
  // While workers search, this thread is idle: it parses matching files right away, as long as
  // no more than --max-files have matched (a sparse search shows them all). Each parse waits a
  // turn of the event loop and checks again, so a dense search (reports arrive 64 files a
  // batch) stops speculating before it wastes more than a few parses.
  const early = new Map<FileEntry, Promise<Parsed | null>>();
  let onMatch: ((e: FileEntry, pooled: boolean) => void) | undefined;
  if (q.output === "text" || q.output === "json" || byRole) {
    const { prefetchPath, prefetchRuntime, parseProcessOn } = await import("../structure/prefetch.ts");
    // Parses run in a parse process (structure/child.ts): none here during the search, and the
    // prefetch looks the first files up in the caches to start that process at the first miss.
    const elsewhere = parseProcessOn();
    // There, a shown file's parse job goes out as soon as the file matches, so the parse process
    // works through the first shown files while the search goes on (loaded now: the job must be
    // written from the search loop, which a dynamic import would wait out).
    const far = elsewhere && !byRole ? await farParser(match, q.text, (ms) => asked(shape({ matches: ms } as FileHits))) : undefined;
    // Compiles on JSC's compiler thread during the walk: the runtime (most shown files are code),
    // and the grammar a --type names (`--type rust`: every match is Rust).
    prefetchRuntime();
    for (const t of q.walk.types) for (const g of typeGlobs(t).slice(0, 1)) prefetchPath(g.replace(/^\*/, "x"));
    let reported = 0;
    let arrived = 0;
    onMatch = (e, pooled) => {
      // Searched without workers, files arrive in display order (search/index.ts): past the
      // --max-files first none is shown, so none is looked up (a miss would start a parse
      // process for nothing). --role shows from every file's roles.
      if (!pooled && ++arrived > q.maxFiles && !byRole) return;
      prefetchPath(e.display, 2, () => textFor(e, GROUP_MAX_FILE).text, pooled ? undefined : q.maxFiles);
      if (far && !pooled) early.set(e, far(e));
      if (elsewhere || !pooled || ++reported > q.maxFiles) return;
      early.set(e, new Promise<void>((r) => setImmediate(r)).then(() => (reported <= q.maxFiles ? structureOf(e) : null)));
    };
  }
  // Text output shows the lines of --max-files files: the others are only counted, and the shown
  // ones are read again after the search (decoding every matching line of a tree costs more).
  // -o counts matches, not lines, so it needs every line's matches; so does --role (it classifies each).
  const mode = byRole || q.output === "json" || (q.onlyMatching && !(whole && q.output === "count")) ? "full" : pathsOnly && q.maxCount !== 0 ? "any" : "count"; // -m 0: no file matches, as rg
  // What the search watches for while it reads (search/watch.ts): files the zero-result
  // diagnosis would read (no second pass when nothing matched), and which -e patterns match.
  const dn = await import("../diagnose/needles.ts");
  const needles = q.invert ? undefined : dn.diagnosisNeedles(match);
  const nearNeedles = needles && dn.nearNeedles(match);
  const each = q.patterns.length > 1 && !q.invert && (!lines || lines.length === q.patterns.length) ? eachSpec(lines ?? q.patterns, match) : undefined;
  const seen = { skips: [] as import("../diagnose/index.ts").Seen["skips"], unsearched: [] as import("../diagnose/index.ts").Seen["unsearched"] };
  // With -g: the walk is kept, so that a glob matching no file is checked without walking again.
  const walked = q.walk.globs.length ? { capture: [] as FileEntry[] } : undefined;
  const res = await search(q.walk, match, {
    mode, onMatch, text: q.text, helper: q.searchHelper, watch: { needles, nearNeedles, nearBytes: dn.NEAR_FLAG_BYTES, patterns: each, flagBytes: 64 << 20 }, walked,
    ...((needles || walked) && {
      onSkip: (why: "ignored" | "hidden" | "filtered", open: string | Buffer, display: string, isDir: boolean) => seen.skips.push({ why, open, display, isDir }),
    }),
    ...(needles && {
      onUnsearched: (e: FileEntry, status: "binary" | "tooLarge") => seen.unsearched.push({ e, status }),
    }),
  });
  const patternNote = res.unseenPatterns ? dn.unmatchedPatternsText(q.patterns, res.unseenPatterns, match.regex === true) : undefined;
  prof?.(`search (${res.files.length} files${res.helped !== undefined ? `; ${res.helped} of ${res.stats.searched + res.stats.binary + res.stats.tooLarge + res.stats.unreadable + res.stats.special} searched by a helper worker, ${res.helperKept ? "kept alive" : "new"}` : ""})`);
  await noteGlobs(q.walk, res.files.map((f) => f.entry), walked?.files && { files: walked.files, skips: seen.skips });
  // -l and -c print no roles or regions: they never load the packet module (start-up cost).
  const listing = !byRole && (pathsOnly || q.output === "count");
  const pk = listing ? undefined : await import("./grep-packet.ts");
  let matched = res.files;
  let budget: FileHits[];
  let grouping: Grouping[];
  let roles: MatchRole[][];
  const roleCounts = new Map<string, number>();
  if (byRole) {
    // Every file is classified (parsed within the parse limits, by line shape past them), then
    // filtered; the display budget is taken from what is left.
    const shaped = res.files.map(shape);
    const all = await structuresFor(shaped, early, prof, asked);
    const kept: Array<{ hits: FileHits; roles: MatchRole[]; g: Grouping }> = [];
    shaped.forEach((f, i) => {
      const rs = pk!.matchRoles(f, all[i]!.structure, roleMatches(f.matches));
      for (const r of rs) roleCounts.set(r.role, (roleCounts.get(r.role) ?? 0) + 1);
      const k = pk!.keepRoles(f, rs, q.roles!);
      if (k) kept.push({ ...k, g: all[i]! });
      else all[i]!.structure?.syntax?.release();
    });
    for (const k of kept.slice(q.maxFiles)) k.g.structure?.syntax?.release();
    matched = kept.map((k) => k.hits);
    budget = matched.slice(0, q.maxFiles);
    grouping = kept.slice(0, q.maxFiles).map((k) => k.g);
    roles = kept.map((k) => k.roles);
  } else if (listing) {
    budget = [];
    grouping = [];
    roles = [];
  } else {
    budget = res.files.slice(0, q.maxFiles).map((f) => shape(res.lines(f)));
    prof?.(`lines of ${budget.length} files`);
    grouping = await structuresFor(budget, early, prof, asked);
    roles = wantRoles ? budget.map((f, i) => pk!.matchRoles(f, grouping[i]!.structure, roleMatches(f.matches))) : [];
    prof?.("roles");
    // JSON carries every match: files past the display budget get their roles by line shape.
    if (q.output === "json") for (const raw of res.files.slice(budget.length)) {
      const f = shape(raw);
      roles.push(pk!.matchRoles(f, undefined, roleMatches(f.matches)));
    }
  }
  for (const g of grouping) g.structure?.syntax?.release();
  const structures = grouping.map((g) => g.structure);
  prof?.("structure and roles");
  const code = matched.length > 0 ? 0 : 1;
  // Nothing matched: say what would have (one more pass over the files; never on a -v empty
  // result, where a relaxation would not mean the same thing). A --role filter that kept nothing
  // says what it left out, by role.
  // -m 0 allows no line in any file: its relaxations (-i, ...) would read as the cause.
  const dx = res.files.length === 0 && !q.invert && q.maxCount !== 0 ? await import("../diagnose/index.ts") : undefined;
  const diagnosis = dx ? await dx.diagnose(q.walk, match, undefined, needles ? { ...seen, flagged: res.flagged ?? [], beyond: res.flaggedBeyond, near: res.nearFlagged, nearOverflow: res.nearOverflow } : undefined) : matched.length === 0 && byRole ? pk!.roleDiagnosis(roleCounts, res.files.length, q.roles!) : undefined;
  prof?.("diagnosis");
  const dxText = diagnosis ? (await import("../diagnose/index.ts")).diagnosisText(diagnosis) : q.maxCount === 0 ? "no match shown: -m 0 allows no matching line per file (as rg); give -m 1 or more" : undefined;

  if (pathsOnly) {
    for (const f of matched) out(printedPath(f.entry) + "\n");
    // -q prints no diagnosis (rg -q: the exit code alone), only what went wrong.
    if (dxText && !q.quiet) errLine(dxText);
    if (patternNote && !q.quiet) errLine(patternNote);
    return unreadableExit(code, res.stats, q.quiet);
  }
  if (q.output === "count") {
    // rg prints the count alone when the one PATH given is a file (unless -H).
    const roots = q.walk.roots ?? [q.walk.root];
    // rg -c reads a walked file on to a NUL after its matches, and then drops its count; with -m
    // it stops at the last match it keeps, never seeing the NUL.
    // rg -U --count-matches iterates the whole buffer: a file whose only match was the empty one
    // at its very end (`$` without a final newline) has none, and is not listed (rg -c -o without
    // -U lists it with 0: its line matched first).
    const counted = matched.filter((f) => (!f.binaryCut || (q.maxCount !== undefined && f.count >= q.maxCount)) && !(q.multiline && q.onlyMatching && !byRole && shape(f).count === 0));
    const bare = !q.withFilename && roots.length === 1 && counted.length === 1 && counted[0]!.entry.root?.explicit === true;
    for (const f of counted) {
      const n = byRole ? f.count : shape(f).count;
      out(bare ? `${n}\n` : `${printedPath(f.entry)}:${n}\n`);
    }
    if (dxText) errLine(dxText);
    if (patternNote) errLine(patternNote);
    return unreadableExit(counted.length > 0 ? 0 : 1, res.stats);
  }
  // -A/-B/-C: the lines around the matches, exactly rg's; they replace the inlining rule (an
  // agent that asks for context gets it, never a body instead). With -m, lines past the count that
  // fall in a window print as matches (rg's rule), so those need every match of the file.
  const wantContext = q.after > 0 || q.before > 0;
  const regions = pk!.regionsToInline(
    budget.map((hits, i) => ({ matches: q.output === "json" ? hits.matches : hits.matches.slice(0, q.maxRegions), structure: structures[i], lines: grouping[i]!.lines })),
    wantContext ? "never" : q.fullRegion ?? (q.output === "json" ? "never" : "auto"),
    q.invert || q.lineRegexp ? undefined : pk!.searchedNames(q.patterns, q.regex, ignoreCase),
  );
  const unlimited = wantContext && q.maxCount !== undefined ? fromSpec(compileSpec({ ...match, maxCount: undefined })) : undefined;
  const contextOf = (h: FileHits, shown: LineMatch[]): ContextLine[] | undefined => {
    if (!wantContext) return undefined;
    const all = unlimited ? (searchOne(h.entry.open, h.entry.size, unlimited, "full", h.entry.root?.explicit || q.text).matches ?? []) : h.matches;
    return contextLines(h.entry, shown, q.before, q.after, new Set(all.map((m) => m.line)), q.text);
  };

  if (q.output === "json") {
    const { detectLanguage } = await import("../structure/index.ts");
    const { inferRole } = await import("../classify/role.ts");
    const files: JsonFile[] = matched.map((raw, i) => {
      const hits = i < budget.length ? budget[i]! : byRole ? raw : shape(raw);
      const st = i < budget.length ? structures[i] : undefined;
      const head = hits.matches[0]?.line === 1 ? hits.matches[0].text : "";
      return {
        hits, path: printedPath(hits.entry), pathBytes: printedPathBytes(hits.entry), context: contextOf(hits, hits.matches),
        language: st?.language ?? detectLanguage(hits.entry.display, head), role: inferRole(hits.entry.display), structure: st, ungrouped: grouping[i]?.skipped,
        roles: roles[i], inline: regions[i], lines: grouping[i]?.lines,
      };
    });
    out(renderJson({
      query, patterns: q.patterns, regex: q.regex, ignoreCase, wordRegexp: q.wordRegexp, invert: q.invert, roots: q.walk.roots ?? [q.walk.root],
      files, stats: res.stats, groupedFiles: structures.filter(Boolean).length,
      diagnosis: diagnosis && (await import("../diagnose/index.ts")).diagnosisJson(diagnosis),
    }));
    return code;
  }

  const shown: TextFile[] = budget.map((hits, i) => {
    const bin = q.text ? undefined : binaryPrinted(hits);
    const h = bin ? { ...hits, matches: bin.matches, count: bin.matches.length } : hits; // the note says the rest
    return {
      hits: h, path: printedPath(hits.entry), structure: structures[i], structureKnown: known(printedPath(hits.entry)), ungrouped: grouping[i]!.skipped,
      context: contextOf(h, h.matches.slice(0, q.maxRegions)),
      roles: roles[i], inline: regions[i], lines: grouping[i]!.lines, binaryNote: bin?.note,
    };
  });
  let totalMatches = 0;
  for (const f of budget) totalMatches += f.count;
  let omittedMatches = 0;
  for (const f of matched.slice(budget.length)) omittedMatches += q.onlyMatching && !byRole ? shape(f).count : f.count;
  totalMatches += omittedMatches;
  // The files the budget cut, by role: when tests hold most of them, the cut line says so and
  // names the few others (the implementation hit an agent looks for may sort after the tests).
  const cutRoles = matched.length > budget.length ? await testsAmong(matched.slice(budget.length)) : undefined;
  // rg's one-file form: the only PATH is a file (and no -H), so no path line.
  const roots = q.walk.roots ?? [q.walk.root];
  const oneFile = !q.withFilename && roots.length === 1 && budget.length === 1 && budget[0]!.entry.root?.explicit === true;
  out(renderText({
    totalFiles: matched.length, totalMatches, shown, paths: !oneFile, other: q.other, roleTags: q.roleTags,
    omittedFiles: matched.length - budget.length, diagnosis: dxText, patternNote, omittedMatches, maxRegions: q.maxRegions, stats: res.stats,
    omittedRoles: cutRoles,
  }));
  return code;
}

/** How many of `files` are tests (by path: classify/role.ts), and the first others' printed paths. */
async function testsAmong(files: FileHits[]): Promise<{ tests: number; others: string[]; otherCount: number }> {
  const { inferRole } = await import("../classify/role.ts");
  const others: string[] = [];
  let tests = 0;
  for (const f of files) {
    if (inferRole(f.entry.display) === "test") tests++;
    else if (others.length < CUT_OTHERS_NAMED) others.push(printedPath(f.entry));
  }
  return { tests, others, otherCount: files.length - tests };
}
/**
 * rg 13 on a file named as a PATH that holds a NUL byte (it searches it whole; -c, -l and --json
 * see every match): its text output prints no line when the NUL is in the first 64 KiB, else the
 * matches on the lines before the NUL's line, and then, instead of the rest, `binary file matches
 * (found "\0" byte around offset N)`. Undefined: print the file as usual. (Read again: such files
 * are named one by one on the command line.)
 */
function binaryPrinted(hits: FileHits): { matches: LineMatch[]; note: string } | undefined {
  if (!hits.entry.root?.explicit) return undefined;
  const nul = firstNul(hits.entry.open);
  if (!nul) return undefined;
  const before = nul.offset < 65536 ? 0 : nul.lineStart;
  const matches = hits.matches.filter((m) => m.byteOffset < before);
  if (matches.length === hits.matches.length) return undefined;
  return { matches, note: `binary file matches (found "\\0" byte around offset ${nul.offset})` };
}

/**
 * rg --files-without-match: the files searched without a match, in path order. rg stops reading
 * a file at its first match, so a match before a NUL byte is still a match. Exit 0 when a
 * searched file had no match, as rg 13: a walked binary file counts so (rg's "no match"
 * there, its count dropped at the NUL) though it is not printed.
 */
async function listUnmatched(walk: WalkOptions, match: MatchOptions, text?: boolean): Promise<number> {
  const res = await search(walk, match, { mode: "any", reportNoMatch: true, text });
  const files = res.unmatched ?? [];
  for (const f of files) out(printedPath(f) + "\n");
  // rg counts a binary file as one without a match (it drops the count of matches before a
  // NUL), though it prints no such file.
  return unreadableExit(files.length > 0 || res.stats.binary > 0 || res.files.some((f) => f.binaryCut) ? 0 : 1, res.stats);
}

/** rg --files: the files a search would read, printed as rg prints them. Exit 1 when none. */
async function listFiles(walk: WalkOptions): Promise<number> {
  const { walkSorted } = await import("../walk/index.ts");
  const { files, stats } = walkSorted(walk);
  for (const f of files) out(printedPath(f) + "\n");
  await noteGlobs(walk, files);
  return unreadableExit(files.length ? 0 : 1, stats);
}

/**
 * -l, -c, --files, --files-without-match print rg's bytes on stdout, with no room for the `cut:`
 * line that counts what could not be read (a directory or file without permission, a path past
 * PATH_MAX, a broken link or loop under -L). rg names each on stderr and exits 2; so one stderr
 * line says how many, and the exit code is rg's: 2, or 0 under -q when something matched. An
 * ignore-file line that does not parse is rg's message too (`PATH: line N: error parsing glob
 * ...`: the line is dropped); rg 13 counts it as an error (exit 2) only in a file above a PATH.
 */
function unreadableExit(code: number, stats: { unreadable: number; tooLarge?: number; badIgnoreLines?: string[]; badIgnoreAbove?: boolean }, quiet = false): number {
  const unreadable = stats.unreadable;
  for (const b of stats.badIgnoreLines ?? []) errLine(b);
  // A file over the read limit is one rg would have searched: `-c foo big.log` printed nothing and
  // exited 1, "no match", for a file never read. Said on stderr; with no match elsewhere the
  // answer is unknown, exit 2 (a match elsewhere is a match: exit 0 stands).
  const tooLarge = stats.tooLarge ?? 0;
  if (tooLarge > 0) {
    if (code !== 0) code = 2;
    errLine(
      `${code === 2 ? "error" : "note"}: ${tooLarge} ${tooLarge === 1 ? "file is" : "files are"} over ${SIZE_LIMIT >> 20} MiB, so ${tooLarge === 1 ? "it was" : "they were"} not searched (rg would read ${tooLarge === 1 ? "it" : "them"}); hint: the text output or --json summary.skipped.too_large names the count; search such a file with rg, or split it`,
    );
  }
  if (unreadable === 0) return stats.badIgnoreAbove && !(quiet && code === 0) ? 2 : code;
  errLine(
    `error: ${unreadable} ${unreadable === 1 ? "entry" : "entries"} under the search could not be read (permission denied, a path longer than PATH_MAX, or a broken link or loop under -L), so ${unreadable === 1 ? "it was" : "they were"} not searched; hint: the text output or --json summary.skipped names the count; check permissions (ls -l), or cd deeper for a long path`,
  );
  return quiet && code === 0 ? 0 : 2;
}

/** -g globs that most likely did not do what was meant: one stderr line each (walk/glob-notes.ts). */
async function noteGlobs(walk: WalkOptions, found: readonly FileEntry[], tree?: import("../walk/glob-notes.ts").WalkedTree): Promise<void> {
  if (walk.globs.length === 0) return;
  for (const n of (await import("../walk/glob-notes.ts")).globNotes(walk, found, tree)) errLine(n);
}

/**
 * Parse limits for grouping (a 24 MB generated header took 3 s to parse; a cold parse runs at
 * roughly 1 MB/s): a file over GROUP_MAX_FILE, or past GROUP_BUDGET bytes of grouped files in this
 * call (in display order), is shown ungrouped, and the output says so and how to get its structure.
 */
const GROUP_MAX_FILE = 512 << 10;
const GROUP_BUDGET = 2 << 20;

interface Parsed {
  /** Undefined when the file cannot be read as text, fails to parse, or was over the limit. */
  structure?: FileStructure;
  /** The text's lines, when parsed (for --full-region). */
  lines?: string[];
  /** Bytes of its text (0 when unreadable). */
  bytes: number;
  /** Why it is not grouped though within the byte limits (the structure layer's own parse limit). */
  skipped?: string;
  /** The text parsed (a structure from the disk cache may need a parse for new matches' roles). */
  text?: string;
}

/** Symbols of one file, parsed only when its text is at most `limit` bytes. */
async function structureOf(e: FileEntry, limit = GROUP_MAX_FILE): Promise<Parsed> {
  const t = textFor(e, limit);
  if (t.text === undefined) return t;
  const { extractStructure } = await import("../structure/index.ts");
  try {
    return parsedOf(e, t.text, t.bytes, await extractStructure(e.display, t.text, true));
  } catch {
    return { bytes: t.bytes }; // a parser failure must not lose matches: the file is shown ungrouped
  }
}

/** The text of a file to group, or only its size when it is over `limit` (or unreadable: 0). */
function textFor(e: FileEntry, limit: number): { bytes: number; text?: string } {
  // Over the limit by its size alone: no need to read it (an unreadable file: readText says so).
  const size = fileSize(e.open, e.size);
  if (size !== undefined && size > limit) return { bytes: size };
  const t = readText(e.open);
  if (!t) return { bytes: 0 };
  if (t.bytes > limit) return { bytes: t.bytes };
  return t;
}

function parsedOf(e: FileEntry, text: string, bytes: number, structure: FileStructure | undefined): Parsed {
  if (!structure) return { bytes };
  // Symbols past a parse cut are missing: grouping would put matches there in the wrong place.
  if (structure.cut) {
    structure.syntax?.release();
    return { bytes, skipped: `its parse stopped at line ${structure.cut.line} (limit: ${structure.cut.limit}); agentgrep outline ${shellQuote(e.display)} shows the symbols before it` };
  }
  // (Splitting on a string is several times faster than on /\r?\n/, the same without a \r.)
  return { structure, bytes, lines: text.includes("\r") ? text.split(/\r?\n/) : text.split("\n"), text };
}

/**
 * The files structuresFor will parse, parsed at once across the parse workers
 * (structure/parallel.ts): the same display-order budget, assuming no parse is cut (a cut frees
 * budget: structuresFor then parses what else fits, one by one).
 */
async function parsePlanned(files: FileHits[], early: Map<FileEntry, Promise<Parsed | null>>, asked: (h: FileHits) => RoleMatch[] | undefined): Promise<Map<FileEntry, Parsed>> {
  const planned = new Map<FileEntry, Parsed>();
  const jobs: { f: FileHits; text: string; bytes: number }[] = [];
  let used = 0;
  for (const f of files) {
    const pre = early.has(f.entry) ? await early.get(f.entry)! : null;
    if (pre) {
      if (!pre.skipped && pre.bytes <= GROUP_MAX_FILE && used + pre.bytes <= GROUP_BUDGET) used += pre.bytes;
      continue;
    }
    const t = textFor(f.entry, Math.min(GROUP_MAX_FILE, GROUP_BUDGET - used));
    if (t.text === undefined) {
      if (t.bytes <= GROUP_MAX_FILE && used + t.bytes <= GROUP_BUDGET) used += t.bytes;
      continue;
    }
    used += t.bytes;
    jobs.push({ f, text: t.text, bytes: t.bytes });
  }
  if (jobs.length === 0) return planned;
  const { parseMany } = await import("../structure/parallel.ts");
  const { needsTree } = await import("../structure/index.ts");
  const { familyOf } = await import("../classify/lexical.ts");
  const parses = jobs.map((j) => ({ path: j.f.entry.display, text: j.text, matches: asked(j.f), family: familyOf(j.f.entry.display) }));
  const structures = await parseMany(parses);
  // Cached structures whose roles memo lacks some of these matches: parsed again, in parallel too.
  const again = parses.flatMap((a, i) => (structures[i] && a.matches && needsTree(structures[i]!, a.family, a.matches) ? [i] : []));
  if (again.length) {
    const reparsed = await parseMany(again.map((i) => ({ ...parses[i]!, again: structures[i] })));
    again.forEach((i, k) => (structures[i] = reparsed[k] ?? structures[i]));
  }
  jobs.forEach((j, i) => planned.set(j.f.entry, parsedOf(j.f.entry, j.text, j.bytes, structures[i])));
  return planned;
}

/**
 * For a grep whose parses run in the parse process (structure/child.ts): a function that starts
 * one shown file's parse there at once, as parsePlanned would after the search (the same job:
 * the file's text within GROUP_MAX_FILE, its matching lines for their roles, the same cache
 * lookups and re-parse for roles the cache lacks). Called in display order for the first shown
 * files only; structuresFor applies the byte budget to the result as to any other parse.
 */
async function farParser(match: MatchOptions, text: boolean | undefined, asked: (ms: LineMatch[]) => RoleMatch[] | undefined): Promise<(e: FileEntry) => Promise<Parsed>> {
  const { parseMany } = await import("../structure/parallel.ts");
  const { needsTree } = await import("../structure/index.ts");
  const { familyOf } = await import("../classify/lexical.ts");
  let matcher: ReturnType<typeof fromSpec> | undefined; // built at the first match: a search may find none
  return async (e) => {
    const t = textFor(e, GROUP_MAX_FILE);
    if (t.text === undefined) return t;
    try {
      matcher ??= fromSpec(compileSpec(match));
      const matches = asked(searchOne(e.open, e.size, matcher, "full", e.root?.explicit || text).matches ?? []);
      const job = { path: e.display, text: t.text, matches, family: familyOf(e.display) };
      let [s] = await parseMany([job]);
      if (s && matches && needsTree(s, job.family, matches)) s = (await parseMany([{ ...job, again: s }]))[0] ?? s;
      return parsedOf(e, t.text, t.bytes, s);
    } catch {
      return { bytes: t.bytes }; // a parser failure must not lose matches: the file is shown ungrouped
    }
  };
}

const mb = (n: number) => `${(n / (1 << 20)).toFixed(1)} MB`;

/**
 * Structure of the displayed files only (parsing is the expensive part, and it is display-only),
 * within the parse limits; `skipped` says why a file is not grouped when a limit decided it.
 * Which files are grouped depends only on the display order and sizes, never on what happened
 * to be parsed during the search.
 */
interface Grouping {
  structure?: FileStructure;
  skipped?: string;
  lines?: string[];
}

async function structuresFor(files: FileHits[], early: Map<FileEntry, Promise<Parsed | null>>, prof: ((label: string) => void) | null, asked: (h: FileHits) => RoleMatch[] | undefined): Promise<Grouping[]> {
  const outs: Grouping[] = [];
  const used0 = new Set<FileEntry>();
  let used = 0;
  const planned = await parsePlanned(files, early, asked);
  if (prof) {
    const { storeStatus, storeCounts } = await import("../structure/store.ts");
    const { parallelCounts: pc } = await import("../structure/parallel.ts");
    const st = storeStatus();
    prof(`  structure of ${planned.size} files (${pc.inWorkers} by ${pc.workers} parse workers, ${pc.failed} failed there); structure cache ${st.state}${st.reason ? ` (${st.reason})` : ""}: ${storeCounts.hits} hits, ${storeCounts.misses} misses`);
  }
  for (const f of files) {
    // null: not parsed during the search (none started, or a dense search skipped it).
    const pre = (early.has(f.entry) ? await early.get(f.entry)! : null) ?? planned.get(f.entry) ?? null;
    used0.add(f.entry);
    const p = pre ?? (await structureOf(f.entry, Math.min(GROUP_MAX_FILE, GROUP_BUDGET - used)));
    prof?.(`  structure of ${printedPath(f.entry)}${early.has(f.entry) ? " (parsed during the search)" : ""}`);
    const how = `agentgrep outline ${shellQuote(printedPath(f.entry))} parses it`;
    if (p.skipped) outs.push({ skipped: p.skipped });
    else if (p.bytes > GROUP_MAX_FILE) outs.push({ skipped: `${mb(p.bytes)} is over the ${mb(GROUP_MAX_FILE)} parse limit for grouping; ${how}` });
    else if (used + p.bytes > GROUP_BUDGET) outs.push({ skipped: `this call's ${mb(GROUP_BUDGET)} parse budget for grouping is spent; ${how}` });
    else {
      used += p.bytes;
      outs.push({ structure: await withRoles(p, f, asked(f)), lines: p.lines });
      continue;
    }
    p.structure?.syntax?.release();
  }
  // Parses made during the search for files not shown: their syntax trees are freed.
  for (const [path, p] of early) if (!used0.has(path)) void p.then((x) => x?.structure?.syntax?.release());
  return outs;
}

/**
 * The structure, with a syntax tree when its match roles are not all remembered from an earlier
 * call on the same text (structure/store.ts): the roles then come from a parse, as without a cache.
 */
async function withRoles(p: Parsed, f: FileHits, matches: RoleMatch[] | undefined): Promise<FileStructure | undefined> {
  const s = p.structure;
  if (!s || p.text === undefined || !matches) return s;
  const { needsTree, reparse } = await import("../structure/index.ts");
  const { familyOf } = await import("../classify/lexical.ts");
  if (!needsTree(s, familyOf(f.entry.display), matches)) return s;
  try {
    return await reparse(p.text, s);
  } catch {
    return s; // a parser failure must not lose matches: roles by line shape
  }
}

/**
 * --context-json for grep: only compresses the `other:` hint of files whose structure the harness
 * says the agent knows, currently, with pruning judged safe. Matches are never affected.
 */
async function loadKnown(file: string | undefined): Promise<(path: string) => boolean> {
  if (!file) return () => false;
  const { loadContext, canCompressStructure } = await import("../context/index.ts");
  let ctx: import("../context/index.ts").HarnessContext;
  try {
    ctx = loadContext(file);
  } catch (e) {
    if (e instanceof UserError) throw e; // malformed context: the user must hear about it
    return () => false; // context layer unavailable: full output, never over-prune
  }
  // The one documented policy (context/index.ts), so grep, outline and trace agree on "known".
  return (path) => canCompressStructure(ctx.fileFamiliarity(path));
}
