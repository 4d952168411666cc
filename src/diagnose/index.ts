/**
 * Zero-result diagnosis: when a search matched nothing, what would have matched, and with which
 * flag. Relaxations tried: case-insensitive, the regex reading of a literal with metacharacters,
 * the literal reading of a regex, the query's identifier forms (snake_case, camelCase, kebab-case,
 * ...), and the files the walk or the read left out (hidden, ignored, excluded by --type/--glob,
 * binary, too large).
 *
 * Cost: one more pass, each file read once. The walked files are searched (with the worker pool
 * on big trees) for one case-insensitive union of every relaxation (a byte prefilter rejects most
 * files); only the few files it matches are read again and counted per relaxation. Left-out files are searched with the query as
 * given, within a byte budget (the output says what it did not try). Runs only on an empty result.
 */
import { basename } from "node:path";
import { compileMatcher, type Matcher } from "../match/index.ts";
import type { MatchOptions } from "../match/types.ts";
import { readFile, searchableEnd, SIZE_LIMIT } from "../read/index.ts";
import { sortEntries, walk } from "../walk/index.ts";
import type { FileEntry, WalkOptions } from "../walk/types.ts";
import { search, type SearchResult } from "../search/index.ts";
import { identifierVariants, identifierWords } from "../query/identifiers.ts";
import { escapeRegExp as lit, shellQuote } from "../util/text.ts";
import { latin1 } from "../match/shared.ts";
import { IDENT, nearCores, nearWatchedWords, watchedWords } from "./needles.ts";

export interface Relaxation {
  /** Stable id: ignore_case, regex, unescaped, literal, identifier_forms, near_identifier, hidden, ignored, filtered, binary. */
  id: string;
  /** How to get these matches: `with -i`, `with --hidden`, `as parse_args` ... */
  how: string;
  lines: number;
  files: number;
  /** For skipped files: what kind of file they are (`hidden`, `ignored`, `binary`, ...). */
  kind?: string;
}

export interface Diagnosis {
  relaxations: Relaxation[];
  /** With `countOriginal`: lines and files of the walked files the query itself matches. */
  original?: { lines: number; files: number };
  /** Left-out files not tried because the byte budget was spent. */
  untried: number;
  /** Files of the walk searched (when the diagnosis ran its own pass). */
  searched?: number;
}


/** Bytes of left-out files (hidden, ignored, filtered) read at most: an ignored build tree can be huge. */
export const SKIPPED_BUDGET = 64 << 20;
/**
 * Of which, at most this for files --type/--glob excluded: a glob that matches nothing excludes
 * the whole tree, and 64 MB of it cost 0.3 s of CPU on Linux to count lines the glob note
 * already explains (walk/glob-notes.ts).
 */
export const FILTERED_BUDGET = 8 << 20;

type SkipWhy = "hidden" | "ignored" | "filtered";
/** Output order of the left-out kinds (deterministic whatever the walk order). */
const SKIP_ORDER = ["hidden", "ignored", "hidden+ignored", "filtered", "binary", "tooLarge"];

interface Probe {
  id: string;
  how: string;
  matcher: Matcher;
  lines: number;
  files: number;
}

/** What to try, and the caller's words for the flags (trace has no -i: it names grep's). */
export interface DiagnoseOptions {
  ignoreCase: string;
  regex: string;
  literal: string;
  /** Try the regex/literal readings and the identifier forms (trace already searches the forms). */
  readings: boolean;
  /** Also count the query itself over the walked files (trace: a subject can match with no region). */
  countOriginal?: boolean;
  /** The identifier whose near names are looked for when nothing is spelled like it (default: the pattern). */
  near?: string;
}

const GREP_WORDS: DiagnoseOptions = { ignoreCase: "with -i", regex: "with --regex", literal: "without --regex", readings: true };

/**
 * What the search already saw (grep passes it): the files it flagged (search/watch.ts, with
 * diagnose/needles.ts's needles), the entries the walk left out and the files it skipped as
 * binary or too large. The diagnosis then reads only those: no second walk, no second pass.
 */
export interface Seen {
  flagged: FileEntry[];
  skips: Array<{ why: SkipWhy; open: string | Buffer; display: string; isDir: boolean }>;
  unsearched: Array<{ e: FileEntry; status: "binary" | "tooLarge" }>;
  /** Files that held a needle past the search's flag budget (counted as not tried). */
  beyond?: number;
  /** With near needles (needles.ts nearNeedles): the files holding only one of them, and whether some were past their room. */
  near?: FileEntry[];
  nearOverflow?: boolean;
}

/** Bytes of flagged files read at most by a diagnosis from a search's flags (a word common in the tree flags many). */
export const FLAGGED_BUDGET = 64 << 20;

export async function diagnose(walkOpts: WalkOptions, m: MatchOptions, words: DiagnoseOptions = GREP_WORDS, seen?: Seen): Promise<Diagnosis> {
  const original = compileMatcher(m);
  const probes: Probe[] = [];
  const add = (id: string, how: string, o: MatchOptions) => {
    try {
      probes.push({ id, how, matcher: compileMatcher(o), lines: 0, files: 0 });
      return true;
    } catch {
      return false; // a reading that is not a valid pattern is no relaxation
    }
  };
  const unionParts: string[] = [];
  const asRegex = (o: MatchOptions) => (o.regex ? o.pattern : lit(o.pattern));
  if (!m.ignoreCase && m.pattern.toLowerCase() !== m.pattern.toUpperCase()) {
    if (add("ignore_case", words.ignoreCase, { ...m, ignoreCase: true })) unionParts.push(asRegex(m));
  }
  if (words.readings && !m.regex && /[.+*?()|[\]{}^$\\]/.test(m.pattern)) {
    if (add("regex", words.regex, { ...m, regex: true })) unionParts.push(m.pattern);
  }
  // A literal with backslashes: most often a regex escape typed for grep's literal default
  // (`func (d \*decodeState)`); the literal without them is the likely meaning.
  if (words.readings && !m.regex && m.pattern.includes("\\")) {
    const plain = m.pattern.replace(/\\(.)/gs, "$1");
    if (plain !== m.pattern && plain !== "" && add("unescaped", `as '${plain}' (the literal without its backslashes)`, { ...m, pattern: plain })) unionParts.push(lit(plain));
  }
  if (words.readings && m.regex && /[.+*?()|[\]{}^$\\]/.test(m.pattern)) {
    if (add("literal", words.literal, { ...m, regex: false })) unionParts.push(lit(m.pattern));
  }
  const forms = words.readings ? identifierForms(m) : [];
  if (forms.length && add("identifier_forms", "", { ...m, pattern: forms.map(lit).join("|"), regex: true })) {
    unionParts.push(...forms.map(lit));
  }
  const formHits = new Map<string, number>();
  const formMatchers = forms.map((f) => ({ f, matcher: compileMatcher({ ...m, pattern: f, regex: false }) }));

  const skipped = new Map<string, { how: string; kind: string; lines: number; files: number }>();
  const note = (key: string, how: string, kind: string, n: number) => {
    let s = skipped.get(key);
    if (!s) skipped.set(key, (s = { how, kind, lines: 0, files: 0 }));
    s.lines += n;
    s.files++;
  };

  // The walked files, searched (with the worker pool on big trees) for the union of every
  // relaxation; only the files it matches are read again and counted per relaxation. Files the
  // search skipped as binary or too large, and entries the walk left out, are collected.
  const original0 = words.countOriginal ? { lines: 0, files: 0 } : undefined;
  if (original0) unionParts.push(asRegex(m));
  const skips: Seen["skips"] = seen?.skips ?? [];
  const unsearched: Seen["unsearched"] = seen?.unsearched ?? [];
  let candidates: FileEntry[];
  let searched: number | undefined;
  let flaggedBudget = seen ? FLAGGED_BUDGET : Infinity;
  let untried = seen?.beyond ?? 0;
  if (seen) candidates = seen.flagged;
  else {
    const unionOpts: MatchOptions = unionParts.length
      ? { pattern: flexible(m.pattern, forms) ?? unionParts.map((p) => `(?:${p})`).join("|"), regex: true, ignoreCase: true, wordRegexp: m.wordRegexp }
      : m;
    let res: SearchResult;
    try {
      res = await search(walkOpts, unionOpts, {
        mode: "count",
        onUnsearched: (e, status) => unsearched.push({ e, status }),
        onSkip: (why, open, display, isDir) => skips.push({ why, open, display, isDir }),
      });
    } catch {
      return { relaxations: [], untried: 0 }; // the diagnosis never fails a search that worked
    }
    candidates = res.files.map((h) => h.entry);
    searched = res.stats.searched;
  }
  for (const entry of candidates) {
    if (flaggedBudget <= 0) {
      untried++;
      continue;
    }
    const r = readFile(entry.open, entry.size);
    if (r.kind !== "ok") continue;
    flaggedBudget -= r.end - r.start;
    const { end } = searchableEnd(r.buf, r.start, r.end);
    if (original0) {
      const n = original.count(r.buf, r.start, end);
      if (n > 0) {
        original0.lines += n;
        original0.files++;
      }
    }
    for (const p of probes) {
      const n = p.matcher.count(r.buf, r.start, end);
      if (n > 0) {
        p.lines += n;
        p.files++;
      }
    }
    for (const { f, matcher } of formMatchers) if (matcher.count(r.buf, r.start, end) > 0) formHits.set(f, (formHits.get(f) ?? 0) + 1);
  }
  for (const { e, status } of unsearched) {
    if (status === "tooLarge") {
      // Over the size limit: streamed in whole lines, the query as given.
      let n = 0;
      readFile(e.open, undefined, (buf, s, end) => {
        n += original.count(buf, s, end);
        return true;
      });
      if (n > 0) note("tooLarge", `(over ${SIZE_LIMIT >> 20} MiB: agentgrep skips them, rg searches them)`, "too-large", n);
      continue;
    }
    const r = readFile(e.open, e.size);
    if (r.kind !== "ok") continue;
    // What rg's binary rule left unread (all of it, or the part after a NUL).
    const { end } = searchableEnd(r.buf, r.start, r.end);
    const n = original.count(r.buf, end, r.end);
    if (n > 0) note("binary", "(agentgrep and rg skip binary files; rg -a searches them)", "binary", n);
  }

  // The files the walk left out: the query as given.
  let budget = SKIPPED_BUDGET;
  let filteredBudget = FILTERED_BUDGET;
  const tryFile = (open: string | Buffer, size: number | undefined, why: SkipWhy, name: string) => {
    if (budget <= 0 || (why === "filtered" && filteredBudget <= 0)) {
      untried++;
      return;
    }
    const r = readFile(open, size);
    if (r.kind !== "ok") return;
    budget -= r.end - r.start;
    if (why === "filtered") filteredBudget -= r.end - r.start;
    const { end, binary } = searchableEnd(r.buf, r.start, r.end);
    if (binary && end === r.start) return; // a flag alone would not show it either
    const n = original.count(r.buf, r.start, end);
    if (n === 0) return;
    // A hidden name that is also ignored needs both flags.
    const both = why === "ignored" && name.startsWith(".") && !walkOpts.hidden;
    if (why === "hidden") note("hidden", "with --hidden", "hidden", n);
    else if (why === "ignored") note(both ? "hidden+ignored" : "ignored", both ? "with --hidden --no-ignore" : "with --no-ignore", both ? "hidden, ignored" : "ignored", n);
    else note("filtered", "(drop --type/--glob to search them)", "excluded", n);
  };
  for (const s of skips) {
    const name = basename(s.display);
    if (name === ".git") continue; // version-control internals: never what a search wants
    if (!s.isDir) {
      tryFile(s.open, undefined, s.why, name);
      continue;
    }
    if (typeof s.open !== "string") continue;
    const sub: WalkOptions = { root: s.open, hidden: true, noIgnore: true, follow: walkOpts.follow, types: [], globs: ["!.git"], typesNot: [] };
    try {
      walk(sub, (f) => tryFile(f.open, f.size, s.why, name));
    } catch {
      // an unreadable left-out directory: nothing to report from it
    }
  }

  const out: Relaxation[] = [];
  for (const p of probes) {
    if (p.lines === 0) continue;
    let how = p.how;
    if (p.id === "identifier_forms") how = `as ${forms.filter((f) => formHits.has(f)).join(", ")}`;
    out.push({ id: p.id, how, lines: p.lines, files: p.files });
  }
  for (const [key, s] of [...skipped].sort((a, b) => SKIP_ORDER.indexOf(a[0]) - SKIP_ORDER.indexOf(b[0])))
    out.push({ id: key === "hidden+ignored" ? "hidden_ignored" : key, how: s.how, lines: s.lines, files: s.files, kind: s.kind });
  // No relaxation found anything: name the identifiers that share most of its words
  // (impl_reapplyCSS -> reapplyCSS), with a pass of their own, run only on this empty path.
  // The flagged files hold the watched word: enough when every near core holds it too.
  if (out.length === 0 && !original0?.lines) {
    const name = words.near ?? m.pattern;
    // So do the files flagged for a near word (a core of 4-letter words), unless some were past
    // their room: then not all of them are known, and the pass of its own runs.
    const near = seen?.near && !seen.nearOverflow && name === m.pattern ? nearWatchedWords(m) : [];
    const ws = seen && name === m.pattern ? [...(watchedWords(m) ?? []), ...near] : undefined;
    const covered = ws !== undefined && ws.length > 0 && nearCores(identifierWords(name)).every((c) => ws.some((w) => c.includes(w)));
    const flagged = covered && near.length ? sortEntries([...seen!.flagged, ...seen!.near!]) : seen?.flagged;
    out.push(...(await nearIdentifiers(walkOpts, name, covered ? flagged : undefined)));
  }
  const d: Diagnosis = original0 ? { relaxations: out, untried, original: original0 } : { relaxations: out, untried };
  if (searched !== undefined) d.searched = searched;
  return d;
}

/** Bytes of matching files read to collect near identifiers, at most (a common core is cheap to stop). */
export const NEAR_BUDGET = 16 << 20;
/** Near identifiers reported, at most. */
const NEAR_LIMIT = 3;

/**
 * For a query that is one identifier of two or more words, the identifiers in the tree that hold
 * all of its words but the first or all but the last (`impl_reapplyCSS` -> `reapplyCSS`,
 * `NodeHelper.reapplyCss`'s `reapplyCss`), any case and separator; the most widespread first.
 * A core of one word must have 6 letters or more (a short word alone is everywhere).
 */
async function nearIdentifiers(walkOpts: WalkOptions, name: string, flagged?: FileEntry[]): Promise<Relaxation[]> {
  if (!IDENT.test(name)) return [];
  const words = identifierWords(name);
  if (words.length < 2) return [];
  const coreWords = nearCores(words);
  if (!coreWords.length) return [];
  const core = [...new Set(coreWords.map((c) => c.map(lit).join("[_-]?")))].join("|");
  // A name qualifies when its own words hold a core's words in a row (`destruct_devices` holds
  // the letters of struct_device, not its words).
  const lowerCores = coreWords.map((c) => c.map((w) => w.toLowerCase()));
  const holdsCore = (n: string) => {
    const ws = identifierWords(n).map((w) => w.toLowerCase());
    return lowerCores.some((c) => ws.some((_, i) => c.every((w, k) => ws[i + k] === w)));
  };
  const verdict = new Map<string, boolean>();
  // The files holding a core: from the search's flags (grep), else a search of their own.
  let holding: FileEntry[];
  if (flagged) holding = flagged;
  else {
    try {
      holding = (await search(walkOpts, { pattern: core, regex: true, ignoreCase: true, wordRegexp: false }, { mode: "count" })).files.map((h) => h.entry);
    } catch {
      return [];
    }
  }
  const coreTest = new RegExp(core, "i");
  const identifiers = identifiersHolding(core, coreWords.map((c) => c[0]![0]!).join(""));
  const found = new Map<string, { lines: number; files: number }>();
  const query = name.toLowerCase();
  let budget = NEAR_BUDGET;
  let read = 0;
  for (const entry of holding) {
    if (budget <= 0) break;
    const r = readFile(entry.open, entry.size);
    if (r.kind !== "ok") continue;
    const { end } = searchableEnd(r.buf, r.start, r.end);
    budget -= end - r.start;
    const text = latin1(r.buf, r.start, end);
    // A flagged file holds a core's word in some case, not always the core.
    if (flagged && !coreTest.test(text)) continue;
    read++;
    const seen = new Map<string, number>(); // identifier -> last line start counted
    // The line start of each hit, found going forward (hits come in text order): looking back
    // from each hit cost the line's length per hit, quadratic on one long line (a 4 MB bundle
    // took 2.9 s, 25 MB over 3 minutes).
    let lineStart = 0;
    let nextNl = text.indexOf("\n");
    for (const x of identifiers(text)) {
      const name = x[0];
      if (name.toLowerCase() === query) continue;
      let ok = verdict.get(name);
      if (ok === undefined) verdict.set(name, (ok = holdsCore(name)));
      if (!ok) continue;
      while (nextNl >= 0 && nextNl < x.index) nextNl = text.indexOf("\n", (lineStart = nextNl + 1));
      if (seen.get(name) === lineStart) continue;
      let f = found.get(name);
      if (!f) found.set(name, (f = { lines: 0, files: 0 }));
      if (!seen.has(name)) f.files++;
      seen.set(name, lineStart);
      f.lines++;
    }
  }
  const cut = budget <= 0 ? ` (counted over the first ${NEAR_BUDGET >> 20} MB of ${flagged ? `${read}+` : holding.length} files holding the words)` : "";
  return [...found]
    .sort((a, b) => b[1].files - a[1].files || b[1].lines - a[1].lines || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, NEAR_LIMIT)
    .map(([name, c], i, all) => ({ id: "near_identifier", how: `as the similar name ${name}${i === all.length - 1 ? cut : ""}`, lines: c.lines, files: c.files }));
}

const isIdent = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;

/**
 * The matches of the caseless global regex `[A-Za-z0-9_$]*(?:core)[A-Za-z0-9_$]*` over a text, in
 * linear time: that regex tries its greedy prefix from every position of an identifier and
 * backtracks over it, a cost quadratic in an identifier's length (80 ms of CPU over the 56 files
 * that `zzqqxxyy_nomatch` flags on Linux; a base64 run of a megabyte would never end).
 * The same matches: the first core at or after the last match's end (`core`, global) starts its
 * identifier's run (bounded by that end); the core the regex settles on is the last one starting
 * in that run (a greedy prefix backtracks from the run's end), matched as the regex would
 * (sticky, same alternatives); the match then runs on over identifier characters.
 */
export function identifiersHolding(core: string, starts: string): (text: string) => Generator<{ 0: string; index: number }> {
  const first = new RegExp(core, "gi");
  const at = new RegExp(core, "iy");
  // The letters a core can start with, either case: the sticky match is tried only there.
  const can = new Set([...starts.toLowerCase(), ...starts.toUpperCase()].map((c) => c.charCodeAt(0)));
  return function* (text: string) {
    let from = 0;
    for (;;) {
      first.lastIndex = from;
      const hit = first.exec(text);
      if (!hit) return;
      let p = hit.index;
      while (p > from && isIdent(text.charCodeAt(p - 1))) p--;
      let e = hit.index;
      while (e < text.length && isIdent(text.charCodeAt(e))) e++;
      // The last core in the run, else the global search's own (the same alternatives, in order).
      let end = first.lastIndex;
      for (let k = e - 1; k > hit.index; k--) {
        if (!can.has(text.charCodeAt(k))) continue;
        at.lastIndex = k;
        if (at.test(text)) {
          end = at.lastIndex;
          break;
        }
      }
      while (end < text.length && isIdent(text.charCodeAt(end))) end++;
      yield { 0: text.slice(p, end), index: p };
      from = end > p ? end : p + 1;
    }
  };
}

/**
 * For a one-identifier query (no metacharacters: no regex or literal reading), one regex that
 * covers it case-insensitively and all its identifier forms: its words joined by an optional
 * `_`/`-` (`parse[_-]?args`). It keeps one required literal (the first word), so the union search
 * runs behind a single caseless byte prefilter instead of one per form. Undefined when the words
 * do not rebuild every form.
 */
function flexible(pattern: string, forms: string[]): string | undefined {
  if (!forms.length || !/^[A-Za-z0-9_-]+$/.test(pattern)) return undefined;
  const src = identifierWords(pattern).map(lit).join("[_-]?");
  const re = new RegExp(`^(?:${src.replace(/\[_-\]/g, "[_\\-]")})$`, "i");
  return [pattern, ...forms].every((f) => re.test(f)) ? src : undefined;
}

/** The other identifier spellings of a query that is one identifier (`parseArgs` -> parse_args, ...). */
export function identifierForms(m: MatchOptions): string[] {
  if (m.regex && !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(m.pattern)) return [];
  if (!/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(m.pattern)) return [];
  // Two or more words of two letters or more (`cOnfig` is a typo, not camelCase).
  const words = identifierWords(m.pattern);
  if (words.length < 2 || words.some((w) => w.length < 2)) return [];
  const flat = words.join("");
  return identifierVariants(m.pattern).filter((v) => v !== m.pattern && v !== flat && (m.ignoreCase ? v.toLowerCase() !== m.pattern.toLowerCase() : true));
}

const plural = (n: number, one: string, many = one + "s") => `${n} ${n === 1 ? one : many}`;

/** The one text line: `no match; would match: 12 lines in 3 files with -i; 5 lines in 5 hidden files with --hidden`. */
export function diagnosisText(d: Diagnosis): string | undefined {
  if (d.relaxations.length === 0) return d.untried > 0 ? `no match; ${plural(d.untried, "left-out file")} not tried (diagnosis budget)` : undefined;
  const parts = d.relaxations.map((r) => {
    const files = r.kind === "excluded" ? `${plural(r.files, "file")} excluded by --type/--glob` : r.kind ? plural(r.files, `${r.kind} file`) : plural(r.files, "file");
    return `${plural(r.lines, "line")} in ${files} ${r.how}`;
  });
  let s = `no match; would match: ${parts.join("; ")}`;
  if (d.untried > 0) s += `; ${plural(d.untried, "left-out file")} not tried (diagnosis budget)`;
  return s;
}

/** JSON form: `diagnosis: [{relaxation, how, lines, files, kind?}]`. */
export function diagnosisJson(d: Diagnosis): Array<Record<string, unknown>> {
  return d.relaxations.map((r) => ({ relaxation: r.id, how: r.how, lines: r.lines, files: r.files, ...(r.kind ? { kind: r.kind } : {}) }));
}

/**
 * trace's use when it found no region: the subject as a literal, case-insensitively and in the
 * files the walk left out, over every spelling trace searched. When the
 * subject does occur, the line says so: then the relation, not the search, found nothing.
 */
export async function traceDiagnosis(walkOpts: WalkOptions, subject: string, relation: string): Promise<{ text?: string; json: Array<Record<string, unknown>> }> {
  // The spellings trace searched (parse_args, parseArgs, ParseArgs, ...), case-sensitively as it does.
  const spellings = identifierVariants(subject).map(lit).join("|");
  const d = await diagnose(walkOpts, { pattern: spellings, regex: true, ignoreCase: false, wordRegexp: false }, {
    ignoreCase: `case-insensitively (agentgrep grep -i ${shellQuote(subject)})`, regex: "", literal: "", readings: false, countOriginal: true, near: subject,
  });
  const o = d.original!;
  if (o.lines > 0) {
    const text = `the subject occurs in ${plural(o.lines, "line")} of ${plural(o.files, "file")}, but no region answers relation:${relation}; agentgrep grep ${shellQuote(subject)} lists them`;
    return { text, json: [{ relaxation: "none", reason: "relation_found_nothing", how: "the subject occurs; the relation found no region", lines: o.lines, files: o.files }] };
  }
  const text = diagnosisText(d) ?? nowhereText(walkOpts, subject, d);
  const json = diagnosisJson(d);
  // Nothing would match: JSON says why too, as the text does (an empty diagnosis read as none run).
  if (!json.length)
    json.push({ relaxation: "none", reason: "subject_not_found", how: text ?? `no searched file mentions ${subject} in any spelling or case`, lines: 0, files: 0, ...(d.searched !== undefined ? { files_searched: d.searched } : {}) });
  return { text, json };
}

/**
 * The subject is in no file (no spelling, no case, no hidden or ignored file, no similar name):
 * say so with the count searched, as grep does, and what to try next: an empty result with no
 * reason does not tell the name being wrong (try find's looser matching) from the relation.
 */
function nowhereText(walkOpts: WalkOptions, subject: string, d: Diagnosis): string | undefined {
  if (d.searched === undefined || d.untried > 0) return undefined;
  const words = identifierWords(subject);
  const scoped = walkOpts.rootsGiven === true && !(walkOpts.roots && walkOpts.roots.length > 1);
  const find = `agentgrep find ${scoped ? `--path ${shellQuote(walkOpts.root)} ` : ""}${(words.length ? words : [subject]).map(shellQuote).join(" ")}`;
  const where = scoped ? `under ${walkOpts.root}` : walkOpts.rootsGiven ? "under these paths" : "here";
  return `no file ${where} mentions ${subject} in any spelling or case (${plural(d.searched, "file")} searched); try: ${find} for related names, or another --path`;
}
