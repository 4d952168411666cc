/** Output of `find`: text (default), JSON (versioned) and paths-only. */
import { covFactor, FIRST_PARSE_MAX, HEADER_FILE_FACTOR, PARSE_BUDGET, PARSE_FILES, WINDOW_BYTES, PASSAGE_BYTES, type FindResult, type RankedFile } from "../rank/find.ts";
import type { Symbol } from "../structure/types.ts";
import { rangeText, symbolHead } from "./symbol.ts";
import { innermostAll } from "./grep.ts";
import { identifierWords } from "../query/identifiers.ts";
import { probesOf, TokenMatcher } from "../rank/find-query.ts";
import { shellQuote } from "../util/text.ts";

export const FIND_SCHEMA = "agentgrep.find/1";
/** Symbols per summary: more for the first files, which the agent is likeliest to open. */
const STRUCTURE_ITEMS_TOP = 6;
const STRUCTURE_ITEMS = 3;
/** Structure items in the text's one line per file: the symbols naming query words come first. */
const TEXT_STRUCTURE_ITEMS = 3;

export interface RenderOptions {
  maxFiles: number;
  debugScore: boolean;
  root: string;
  /** Files whose structure the agent already knows (harness context): summary omitted. */
  knownStructure?: (path: string) => boolean;
  suggestions: Map<number, string[]>;
}

function roleHint(role: string): string {
  const word: Record<string, string> = { test: "test", docs: "docs", example: "example", vendored: "vendor", generated: "generated", config: "config", build: "build" };
  return word[role] ? `; add "${word[role]}" to the query to prefer them` : "";
}

interface Reason {
  signal: string;
  /** The reason with its internal score (`file name: json (path 9.27)`): --json and --debug-score. */
  text: string;
  /** The same in words only (`file name: json`): the default text. */
  words: string;
  value: number;
}

function topTf(f: RankedFile, res: FindResult): string {
  const terms = res.query.terms;
  const parts: string[] = [];
  for (let t = 0; t < terms.length; t++) {
    const n = f.tf[t]!;
    if (n <= 0) continue;
    // Say when the count comes from variants (abbreviations, compounds), not the word itself: an
    // agent trial read "retransmission 72" for a file that never writes the word, and the next
    // found "(0 written out)" cryptic.
    const spelled = f.spelled?.[t];
    const written = spelled === undefined || Math.round(spelled) >= Math.round(n) ? "" : ` (${Math.round(spelled)} as the word itself)`;
    parts.push(`${terms[t]!.word} ${fmtCount(n)}${written}`);
  }
  return parts.join(", ");
}

/** Mentions are quality-weighted (an abbreviation counts 0.6); shown rounded, exact in JSON. */
function fmtCount(n: number): string {
  return String(Math.max(1, Math.round(n)));
}

export function reasons(f: RankedFile, res: FindResult): Reason[] {
  const terms = res.query.terms;
  const out: Reason[] = [];
  const push = (signal: string, words: string, score: string, value: number) => out.push({ signal, words, text: score ? `${words} (${score})` : words, value });
  const pathDesc = (where: "name" | "dir", scored: boolean) => {
    const seen = new Set<string>();
    const parts: string[] = [];
    // In words, each query word once: the word itself when a token is it, else its first variant
    // (`controls~control` beside `control` said nothing new).
    const exact = new Set(f.pathHits.filter((h) => h.where === where && h.token === terms[h.term]!.word).map((h) => h.term));
    // One token standing for several words (an acronym: kaslr) is said once, with all of them.
    const grouped = new Map<string, string[]>();
    for (const h of f.pathHits) {
      if (h.where !== where) continue;
      const w = terms[h.term]!.word;
      const s = h.token === w ? w : `${h.token}~${w}`;
      const key = scored ? s : String(h.term);
      if (!scored && exact.has(h.term) && h.token !== w) continue;
      if (seen.has(key)) continue;
      seen.add(key);
      if (!scored && h.token !== w) {
        const g = grouped.get(h.token);
        if (g) { g.push(w); continue; }
        grouped.set(h.token, [w]);
        parts.push(`\0${h.token}`);
        continue;
      }
      parts.push(scored && h.quality < 1 ? `${s} (${h.quality.toFixed(2)})` : s);
    }
    return parts.map((p) => (p.startsWith("\0") ? `${p.slice(1)}~${grouped.get(p.slice(1))!.join(" ")}` : p));
  };
  const pathWords = (scored: boolean) => {
    const name = pathDesc("name", scored);
    const dir = pathDesc("dir", scored);
    const bits: string[] = [];
    if (name.length) bits.push(`file name: ${name.join(", ")}`);
    if (dir.length) bits.push(`directory: ${dir.join(", ")}`);
    return bits.join("; ");
  };
  const pw = pathWords(false);
  if (pw) {
    const words = pw;
    out.push({ signal: "path", words, text: `${pathWords(true)} (path ${f.components.path.toFixed(2)})`, value: f.components.path });
  }
  if (f.headerWords.length && f.components.header > 0) {
    const where = f.docAt ? `the comment on ${f.docAt.name}:${f.docAt.line} says` : "its leading comment says";
    push("header", `${where} ${f.headerWords.map((t) => terms[t]!.word).join(", ")}`, `header ${f.components.header.toFixed(2)}`, f.components.header);
  }
  if (f.symbolHits.length) {
    const shown = f.symbolHits.slice().sort((a, b) => b.terms.length - a.terms.length || a.line - b.line).slice(0, 3);
    const more = f.symbolHits.length - shown.length;
    push("symbols", `defines ${shown.map((s) => `${s.name}:${s.line}`).join(", ")}${more > 0 ? ` (+${more} more)` : ""}`, `symbols ${f.components.symbols.toFixed(2)}`, f.components.symbols);
  }
  if (f.components.content > 0) {
    const part = f.windowed ? ` in its best ${WINDOW_BYTES >> 10} KiB part (of ${Math.round(f.bytes / 1024)} KiB)` : "";
    push("content", `mentions ${topTf(f, res)}${part}`, `bm25 ${f.components.content.toFixed(2)}`, f.components.content);
  }
  if (f.components.learned > 0) {
    const l = f.learnedHits[0]!;
    const words = f.learnedHits.map((h) => h.word).join(", ");
    const at = l.path === f.path ? `${l.def}:${l.line}` : `${l.def} (${l.path}:${l.line})`;
    push("learned", `file name: ${words}, learned from the comment on ${at} that says ${l.terms.map((t) => terms[t]!.word).join(", ")}`, `learned ${f.components.learned.toFixed(2)}`, f.components.learned);
  }
  if (f.components.passage > 0) {
    push("passage", `says ${f.passageWords.map((t) => terms[t]!.word).join(", ")} within ${PASSAGE_BYTES} bytes`, `passage ${f.components.passage.toFixed(2)}`, f.components.passage);
  }
  if (f.nearPairs > 0 && f.components.proximity > 0) {
    push("proximity", `query words side by side ${f.nearPairs} times`, f.components.proximity.toFixed(2), f.components.proximity);
  }
  const missing = terms.map((t, i) => (f.matched.includes(i) ? "" : t.word)).filter(Boolean);
  if (missing.length) push("missing", `no evidence for: ${missing.join(", ")}`, `coverage ${f.components.coverage.toFixed(2)}`, f.components.coverage);
  if (f.components.roleFactor < 1) {
    push("role", `${f.role} file ranked down x${f.components.roleFactor}${roleHint(f.role)}`, "", f.components.roleFactor);
  } else if (f.components.roleFactor > 1) {
    push("role", `${f.role} file, as the query asks (x${f.components.roleFactor})`, "", f.components.roleFactor);
  }
  if (f.components.formFactor < 0.95) push("form", `C/C++ header (declarations) ranked down x${f.components.formFactor}; add "header" to the query to prefer it`, "", f.components.formFactor);
  if (!f.contentRead) push("unread", "content not read (scope over the content budget): path evidence only", "", 0);
  return out;
}

/**
 * A query word the file's path already says weighs this much (times its idf) when the structure
 * line ranks the file's symbols: every symbol of juce_AudioProcessorGraph.cpp is about audio,
 * processor and graph, so names repeating them (`AudioProcessorGraph::Pimpl`) hid
 * `createOrderedNodeList`, the one naming the query's other words (order, nodes).
 */
export const PATH_WORD_WEIGHT = 0.1;

/**
 * Symbols naming a query word the file's path does not say come first (best first), then those
 * whose own lines (not a nested symbol's) mention query words, most distinct words first (the text
 * the parse read: OCaml's `caml_oldify_one` for a minor-GC query names neither word, its body says
 * minor), names and own lines added, then the rest in source order. A word weighs its idf, and
 * PATH_WORD_WEIGHT of it when the file's path says it: such a word in a name says no more than the
 * path did, so it only orders the symbols among themselves.
 */
export function structureSummary(f: RankedFile, res: FindResult, rank = 1): { items: Symbol[]; omitted: number } {
  const syms = f.structure?.symbols ?? [];
  if (syms.length === 0) return { items: [], omitted: 0 };
  const m = new TokenMatcher(res.query.terms, res.query.composites);
  const inPath = new Set(f.pathHits.map((h) => h.term));
  const weight = res.query.terms.map((_, ti) => (res.idf[ti] ?? 1) * (inPath.has(ti) ? PATH_WORD_WEIGHT : 1));
  // The name's words: `r` all of them weighed, `own` whether one is a word the path does not say.
  // A word that is only the query's initials (`abs` in WithinAbsMatcher for "and bootstrap
  // statistics") weighs like one word shared among those it stands for, as in a file name (path.ts).
  const rel = (s: Symbol) => {
    let r = 0;
    let own = false;
    const seen = new Set<number>();
    for (const w of identifierWords(s.name)) {
      const hits = m.match(w);
      const share = hits.length > 1 && m.isInitials(w) ? 1 / hits.length : 1;
      for (const [ti, q] of hits) {
        if (seen.has(ti)) continue;
        seen.add(ti);
        r += q * share * weight[ti]!;
        if (!inPath.has(ti)) own = true;
      }
    }
    return { r, own };
  };
  const probes = [...new Set(res.query.terms.flatMap(probesOf).map((p) => p.toLowerCase()))];
  const body = f.structureText !== undefined ? bodyMentions(syms, f.structureText, probes, res.identTerms ?? identTermsOf(m), weight) : undefined;
  // A member named as its parent (a constructor: `RenderSequenceBuilder` in class
  // RenderSequenceBuilder) says nothing the parent's entry does not: it would take a slot from a
  // symbol naming other query words.
  const echo = (s: Symbol) => s.parent >= 0 && syms[s.parent]?.name === s.name;
  const scored = syms.map((s, i) => ({ s, i, ...rel(s), b: body?.weight[i] ?? 0, n: body?.count[i] ?? 0 })).filter((x) => !echo(x.s));
  type Scored = (typeof scored)[number];
  const byAll = (x: Scored, y: Scored) => y.r + y.b - (x.r + x.b) || y.n - x.n || x.i - y.i;
  const named = scored.filter((x) => x.own).sort((x, y) => y.r - x.r || byAll(x, y));
  const mentioned = scored.filter((x) => !x.own && x.r + x.b > 0).sort(byAll);
  const others = scored.filter((x) => !x.own && x.r + x.b === 0);
  const items = [...named, ...mentioned, ...others].slice(0, rank <= 3 ? STRUCTURE_ITEMS_TOP : STRUCTURE_ITEMS).map((x) => x.s);
  return { items, omitted: syms.length - items.length };
}

/** An identifier's query terms from its words, each identifier once (without the content pass's memo). */
function identTermsOf(m: TokenMatcher): (ident: string) => [number, number][] {
  const memo = new Map<string, [number, number][]>();
  return (id) => {
    let h = memo.get(id);
    if (!h) {
      h = [];
      for (const w of identifierWords(id)) for (const hit of m.match(w)) h.push(hit);
      memo.set(id, h);
    }
    return h;
  };
}

/**
 * Per symbol, the query words its own lines mention (each line goes to its innermost symbol, so a
 * class is not credited with its methods' words): `weight` sums the distinct words' quality x
 * termWeight (idf, less for a path word), `count` the mentions. Their terms come from the content pass's memo (`hitsOf`: a fresh
 * matcher's first look at each word of a 340 KB C file cost more than its parse).
 */
function bodyMentions(syms: Symbol[], text: string, probes: string[], hitsOf: (ident: string) => ReadonlyArray<readonly [number, number]>, termWeight: number[]): { weight: number[]; count: number[] } {
  const seen = syms.map(() => new Map<number, number>()); // term -> best quality
  const count = syms.map(() => 0);
  // The identifiers holding a probe (a term's or synonym's first letters, lower, Capitalised or
  // UPPER case, as the content pass: it counts no other), found by jumping from probe to probe:
  // cost follows the candidates, not the file's size.
  const word = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c >= 48 && c <= 57);
  const starts = new Set<number>();
  for (const p of probes) {
    for (const v of new Set([p, p.charAt(0).toUpperCase() + p.slice(1), p.toUpperCase()])) {
      for (let k = text.indexOf(v); k >= 0; k = text.indexOf(v, k + v.length)) {
        let i = k;
        while (i > 0 && word(text.charCodeAt(i - 1))) i--;
        starts.add(i);
      }
    }
  }
  if (!starts.size) return { weight: syms.map(() => 0), count };
  const at = [...starts].sort((x, y) => x - y);
  // Each identifier's row, counting newlines up to it once (the starts are in order).
  const rows: number[] = new Array(at.length);
  let row = 0;
  let from = 0;
  at.forEach((i, k) => {
    for (let n = text.indexOf("\n", from); n >= 0 && n < i; n = text.indexOf("\n", n + 1)) row++, (from = n + 1);
    rows[k] = row + 1;
  });
  const owner = innermostAll(syms, rows);
  at.forEach((i, k) => {
    const o = owner[k]!;
    const c = text.charCodeAt(i);
    if (o < 0 || (c >= 48 && c <= 57)) return;
    let j = i + 1;
    while (j < text.length && word(text.charCodeAt(j))) j++;
    for (const [ti, q] of hitsOf(text.slice(i, j))) {
      count[o]!++;
      if ((seen[o]!.get(ti) ?? 0) < q) seen[o]!.set(ti, q);
    }
  });
  const weight = seen.map((t) => {
    let n = 0;
    for (const [ti, q] of t) n += q * (termWeight[ti] ?? 1);
    return n;
  });
  return { weight, count };
}

/** A structure item in one line's list: `class RulePart @ 26-39` (the range says the length). */
function symbolItem(s: Symbol): string {
  return `${symbolHead(s)} @ ${rangeText(s.startLine, s.endLine, s.approx)}`;
}

/** A query of stop words only is searched as given, never silently: the user is told why it is weak. */
export const STOP_WORDS_NOTE = "every query word is a stop word, so they were searched as given; add a specific word (a name, a topic) for a useful ranking";

/**
 * The first lines: the words searched, only when they differ from what was typed (stop words
 * dropped, identifiers split), then how many files have evidence. The query itself is not
 * repeated: the agent typed it.
 */
function header(res: FindResult, shown: number): string[] {
  const q = res.query;
  const lines: string[] = [];
  const words = q.terms.map((t) => t.word);
  const typed = q.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (q.dropped.length || words.join(" ") !== typed.join(" ")) lines.push(`words: ${words.join(", ")}${q.dropped.length ? ` (ignored: ${q.dropped.join(", ")})` : ""}`);
  if (q.onlyStopWords) lines.push(`note: ${STOP_WORDS_NOTE}`);
  const st = res.stats;
  lines.push(`${shown} of ${res.totalScored} files with evidence (${st.walked} walked, ${st.contentRead} read)`);
  return lines;
}

function notes(res: FindResult, opts: RenderOptions, shown: number): string[] {
  const lines: string[] = [];
  const st = res.stats;
  if (st.hugeTree) {
    lines.push(
      `note: ${st.walked} files (over ${st.hugeTreeFiles}): content read only for the ${st.contentRead} best path matches, so a file whose path shares no query word is not ranked; narrow with --path, --type or --glob to rank by content`,
    );
  } else if (st.contentSkippedBudget > 0) {
    lines.push(`note: content not read for ${st.contentSkippedBudget} of ${st.walked} files (over ${Math.round(st.budgetBytes / 1048576)} MiB read); they rank by path only; narrow with --path, --type or --glob`);
  }
  if (st.tooLarge > 0) lines.push(`note: ${st.tooLarge} files over 8 MiB ranked by path only (content not read); search them with: agentgrep grep -l WORD`);
  // Permission denied, a path past PATH_MAX, a broken link or loop under -L: never a silent gap.
  if (st.unreadable > 0) lines.push(`note: ${st.unreadable} ${st.unreadable === 1 ? "entry" : "entries"} could not be read (permission denied, a path too long, or a broken link or loop under -L), so ${st.unreadable === 1 ? "its" : "their"} content is not ranked; check permissions (ls -l), or narrow --path to readable directories`);
  // With files left unread, a word found nowhere was found in no file *read*.
  const unread = st.hugeTree || st.contentSkippedBudget > 0 || st.tooLarge > 0 || st.unreadable > 0;
  // A few notes say which words found nothing; a query of hundreds of words gets one count.
  const missing = [...opts.suggestions];
  for (const [t, sugg] of missing.slice(0, MISSING_NOTES)) {
    const w = res.query.terms[t]!.word;
    lines.push(`note: no file ${unread ? "read " : ""}matches "${w}"${sugg.length ? `; nearest words here: ${sugg.join(", ")}` : ""}`);
  }
  if (missing.length > MISSING_NOTES) lines.push(`note: ${missing.length - MISSING_NOTES} more query words match no file (--json lists them all)`);
  // Worded as what to do next: "(--max-files 15)" alone read as the limit in force (agent trial).
  if (res.totalScored > shown) {
    const next = Math.min(res.totalScored, Math.max(shown * 2, shown + 10));
    lines.push(`${res.totalScored - shown} more files with evidence (--max-files ${next} shows the next ${next - shown})`);
  }
  return lines;
}

/**
 * The line for a query no file has evidence for: its words (at most 20: a query of thousands must
 * not print them all again), how many files were read, and what to try next (grep finds a word
 * inside a longer name, which find's whole-word matching does not).
 */
export function noEvidenceLine(res: FindResult): string {
  const words = res.query.terms.map((t) => t.word);
  const more = words.length > 20 ? `, and ${words.length - 20} more (--json lists them all)` : "";
  const st = res.stats;
  const read = st.contentRead === st.walked ? `${st.walked} ${st.walked === 1 ? "file" : "files"} read` : `${st.contentRead} of ${st.walked} files read`;
  const longest = words.reduce((a, w) => (w.length > a.length ? w : a), "");
  return `no file has evidence for any of: ${words.slice(0, 20).join(", ")}${more} (${read}); try: agentgrep grep -i ${shellQuote(longest)} (it may be inside a longer name), other words, or another --path`;
}

/** "no file matches" notes printed at most; the rest are counted. */
const MISSING_NOTES = 5;

/**
 * Per file: `N. path` (the role in brackets unless it is implementation code), one `why:` line of
 * reasons in words (the internal scores are --debug-score's and --json's), one `structure:` line
 * of the symbols that name query words first. An agent trial read 6.7-8.3 KB per find, most of it
 * scores, one-reason-per-line lists and symbol line counts the ranges already say.
 */
export function renderText(res: FindResult, opts: RenderOptions): string {
  const files = res.ranked.slice(0, opts.maxFiles);
  const lines = header(res, files.length);
  let unparsed = 0;
  // The leading files the parse budget left without structure, named in a note.
  const tooBig: RankedFile[] = [];
  files.forEach((f, i) => {
    lines.push("");
    lines.push(`${i + 1}. ${f.path}${f.role === "implementation" ? "" : ` [${f.role}]`}`);
    // The header demotion is said once, in the notes: the same line on every file was noise.
    const why = reasons(f, res).filter((r) => r.signal !== "form");
    if (opts.debugScore) {
      lines.push("   why:");
      for (const r of why) lines.push(`     - ${r.text}`);
      const c = f.components;
      lines.push(
        `   score: ${f.score} = (path ${c.path} + header ${c.header} + symbols ${c.symbols} + content ${c.content} + proximity ${c.proximity} + passage ${c.passage} + learned ${c.learned}) x coverage ${covFactor(c.coverage).toFixed(3)} (c=${c.coverage}) x role ${c.roleFactor} x form ${c.formFactor}`,
      );
    } else {
      // Proximity ("query words side by side N times") is on nearly every file: --debug-score and --json keep it.
      lines.push(`   why: ${why.filter((r) => r.signal !== "proximity").map((r) => r.words).join("; ")}`);
    }
    if (opts.knownStructure?.(f.path)) {
      lines.push(`   structure: known from context (omitted; agentgrep outline ${shellQuote(f.path)} shows it, or drop --context-json)`);
    } else if (!f.structure) {
      if (f.overBudget) tooBig.push(f);
      else unparsed++;
    }
    else {
      const { items: all, omitted } = structureSummary(f, res, i + 1);
      // The text keeps the first TEXT_STRUCTURE_ITEMS (those naming query words come first); --json has them all.
      const items = all.slice(0, TEXT_STRUCTURE_ITEMS);
      const more = omitted + all.length - items.length;
      if (items.length) lines.push(`   structure: ${items.map(symbolItem).join("; ")}${more > 0 ? `; ... ${more} more` : ""}`);
    }
  });
  if (res.totalScored === 0) {
    lines.push("");
    lines.push(noEvidenceLine(res));
  }
  const n = notes(res, opts, files.length);
  if (tooBig.length) {
    const named = tooBig.map((f) => `${f.path} (${Math.ceil(f.bytes / 1024)} KiB)`).join(", ");
    n.push(`note: no structure for ${named}: the first file is parsed up to ${FIRST_PARSE_MAX >> 10} KiB, the next ${PARSE_FILES - 1} within ${PARSE_BUDGET >> 10} KiB together; agentgrep outline FILE shows it`);
  }
  if (unparsed) n.push(`note: structure for the first ${PARSE_FILES} files only; agentgrep outline FILE for others`);
  const headers = files.filter((f) => f.components.formFactor < 0.95).length;
  if (headers) n.push(`note: ${headers} of these ${files.length} files are C/C++ headers (declarations), ranked down x${HEADER_FILE_FACTOR}; add "header" to the query to prefer them`);
  if (n.length) lines.push("", ...n);
  return lines.join("\n") + "\n";
}

export function renderJson(res: FindResult, opts: RenderOptions): string {
  const files = res.ranked.slice(0, opts.maxFiles);
  const doc = {
    schema: FIND_SCHEMA,
    query: res.query.text,
    root: opts.root,
    terms: res.query.terms.map((t, i) => ({ word: t.word, stem: t.stem, idf: res.idf[i], files: res.termFiles[i] })),
    ignored_words: res.query.dropped,
    ...(res.query.onlyStopWords ? { only_stop_words: true, note: STOP_WORDS_NOTE } : {}),
    stats: {
      walked: res.stats.walked,
      content_read: res.stats.contentRead,
      content_skipped: res.stats.contentSkippedBudget,
      huge_tree: res.stats.hugeTree,
      too_large: res.stats.tooLarge,
      unreadable: res.stats.unreadable,
      binary: res.stats.binary,
      with_evidence: res.totalScored,
      shown: files.length,
    },
    files: files.map((f, i) => {
      const { items, omitted } = structureSummary(f, res, i + 1);
      const known = opts.knownStructure?.(f.path) ?? false;
      return {
        rank: i + 1,
        path: f.path,
        ...(f.entry.pathBytes ? { path_bytes: f.entry.pathBytes } : {}),
        role: f.role,
        language: f.structure?.language ?? null,
        score: f.score,
        components: {
          path: f.components.path,
          header: f.components.header,
          symbols: f.components.symbols,
          content: f.components.content,
          proximity: f.components.proximity,
          passage: f.components.passage,
          learned: f.components.learned,
          coverage: f.components.coverage,
          role_factor: f.components.roleFactor,
          form_factor: f.components.formFactor,
        },
        matched_words: f.matched.map((t) => res.query.terms[t]!.word),
        mentions: Object.fromEntries(res.query.terms.map((t, i) => [t.word, Math.round(f.tf[i]! * 100) / 100])),
        why: reasons(f, res).map((r) => ({ signal: r.signal, value: r.value, text: r.text })),
        structure: known
          ? { known_from_context: true, items: [], omitted_count: 0 }
          : {
              parsed: f.structure !== undefined,
              items: items.map((s) => ({ kind: s.kind, name: s.name, label: s.label || s.name, start_line: s.startLine, end_line: s.endLine, line_count: s.endLine - s.startLine + 1, ...(s.approx ? { approx: true } : {}) })),
              omitted_count: omitted,
            },
      };
    }),
    unmatched_words: [...opts.suggestions.entries()].map(([t, s]) => ({ word: res.query.terms[t]!.word, nearest: s })),
  };
  return JSON.stringify(doc, null, 2) + "\n";
}

export function renderPaths(res: FindResult, opts: RenderOptions): string {
  const files = res.ranked.slice(0, opts.maxFiles);
  return files.map((f) => f.path + "\n").join("");
}
