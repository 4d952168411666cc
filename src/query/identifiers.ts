/**
 * Identifier forms: how code spells one idea in many ways (AuthStatus, auth_status, auth-status,
 * AUTH_STATUS, auth/status.rs). Everything that compares a query word with code goes through
 * these functions so find, grep and trace agree on what "the same word" means.
 */

/**
 * Lowercased words of an identifier, path or phrase.
 * `HTTPServer` -> http server, `getUIState` -> get ui state, `auth_status.rs` -> auth status rs,
 * `x86_64` -> x86 64, `base64Encode` -> base64 encode, `URLs` -> urls (a plural acronym stays whole).
 * Letters and digits of every script are word characters, as in Java, Kotlin, Python, Go, Rust
 * and JS identifiers and in comments in any language: `größeBerechnen` -> größe berechnen,
 * `café_menu` -> café menu. A script without letter case (Han, kana, Hangul, Thai...) is a word
 * of its own beside cased letters and digits: `使用config文件` -> 使用 config 文件.
 */
export function identifierWords(s: string): string[] {
  // A hand-rolled scan (this runs for every identifier and path component find and trace look
  // at). Same words as: split on what is not a letter, digit or mark, then break lower/digit ->
  // Upper (authStatus, base64Encode), before the last capital of a run followed by 2+ lowercase
  // letters (HTTPServer, IOError), so a plural acronym (URLs, IDs) stays one word, and where a
  // caseless script meets a cased letter or a digit. ASCII is classified inline; only other
  // characters go through wideClass.
  const out: string[] = [];
  const n = s.length;
  let start = -1; // start of the current word, -1 when between words
  let prev = 0; // class of the previous character: 0 separator, 1 lower, 2 digit, 3 upper, 4 caseless letter
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    let cls: number;
    let width = 1;
    if (c < 128) cls = c >= 97 && c <= 122 ? 1 : c >= 48 && c <= 57 ? 2 : c >= 65 && c <= 90 ? 3 : 0;
    else {
      const cp = s.codePointAt(i)!;
      if (cp > 0xffff) width = 2;
      cls = wideClass(cp);
      // A combining mark (e + U+0301, Devanagari vowel signs) belongs to the letter before it.
      if (cls === MARK) {
        if (start >= 0) { i += width - 1; continue; }
        cls = 0;
      }
    }
    if (cls === 0) {
      if (start >= 0) out.push(s.slice(start, i).toLowerCase());
      start = -1;
    } else if (start < 0) {
      start = i;
    } else if ((cls === 4) !== (prev === 4)) {
      out.push(s.slice(start, i).toLowerCase());
      start = i;
    } else if (cls === 3) {
      let split = prev === 1 || prev === 2;
      if (!split && prev === 3 && i + 2 < n) split = isLower(s, i + 1) && isLower(s, i + 1 + (s.codePointAt(i + 1)! > 0xffff ? 2 : 1));
      if (split) {
        out.push(s.slice(start, i).toLowerCase());
        start = i;
      }
    }
    prev = cls;
    i += width - 1;
  }
  if (start >= 0) out.push(s.slice(start).toLowerCase());
  return out;
}

/** wideClass of a combining mark: part of the word it follows, never a word's start. */
const MARK = 5;
const wideClasses = new Map<number, number>();
const UPPER = /^[\p{Lu}\p{Lt}]$/u;
const LOWER = /^[\p{Ll}]$/u;
const LETTER = /^\p{L}$/u;
const NUMBER = /^\p{N}$/u;
const MARK_RE = /^\p{M}$/u;

/** The identifierWords class of a non-ASCII code point (memoised: a tree repeats few of them). */
function wideClass(cp: number): number {
  let k = wideClasses.get(cp);
  if (k === undefined) {
    const ch = String.fromCodePoint(cp);
    // Lowercase and modifier letters (ʼ, ª) join the cased words; other letters have no case.
    k = UPPER.test(ch) ? 3 : LOWER.test(ch) ? 1 : LETTER.test(ch) ? (/^\p{Lm}$/u.test(ch) ? 1 : 4) : NUMBER.test(ch) ? 2 : MARK_RE.test(ch) ? MARK : 0;
    if (wideClasses.size < 65_536) wideClasses.set(cp, k);
  }
  return k;
}

/** s[i] is a lowercase letter (HTTPServer's `er`, HTTPÜbersicht's `be`). */
function isLower(s: string, i: number): boolean {
  const a = s.charCodeAt(i);
  if (a < 128) return a >= 97 && a <= 122;
  return i < s.length && wideClass(s.codePointAt(i)!) === 1;
}

/**
 * A word of a script written without spaces between words and without letter case (Han, kana,
 * Thai...): the text runs it into its neighbours (配置文件 holds 配置), so it is matched inside a
 * longer run of its script, not only as a whole one.
 */
export function isUnspacedWord(w: string): boolean {
  if (w.length === 0 || w.charCodeAt(0) < 128) return false;
  for (const ch of w) if (wideClass(ch.codePointAt(0)!) !== 4) return false;
  return true;
}

/** A letter, digit or combining mark of any script: a character identifiers and words are made of. */
export function isWordCodePoint(cp: number): boolean {
  if (cp < 128) return (cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90);
  return wideClass(cp) !== 0;
}

const VOWEL = /[aeiouy]/;

function undouble(w: string): string {
  // runn -> run, mapp -> map, formatt -> format; but keep ll/ss/zz (call, class, fizz).
  const n = w.length;
  if (n >= 3 && w[n - 1] === w[n - 2] && !"lsz".includes(w[n - 1]!) && !VOWEL.test(w[n - 1]!)) return w.slice(0, -1);
  return w;
}

/**
 * Light stemmer for matching, not for display: inflections and agent nouns of one verb share a key
 * (render/renders/rendering/rendered/renderer; handle/handles/handled/handler/handling -> handle;
 * parse/parser/parsing; set/setter/setting). Only strips a suffix when a real-looking stem of at
 * least 3-4 letters is left, so short words (ui, io, use, user, order, string) are unchanged.
 * Equal stems are the contract; the exact key may be shorter than the base word (render -> rend).
 */
export function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    // Bounded: a one-shot process sees a tree's vocabulary, but a huge one should not pin it all.
    if (stems.size >= 100_000) stems.clear();
    stems.set(word, (s = stemOf(word)));
  }
  return s;
}

/** Stems already computed (trace and find stem the same words many times over). */
const stems = new Map<string, string>();

function stemOf(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  let stripped = false;
  // plurals
  if (w.endsWith("ies") && w.length > 4) { w = w.slice(0, -3) + "y"; stripped = true; }
  else if (w.endsWith("sses")) { w = w.slice(0, -2); stripped = true; }
  else if (w.endsWith("s") && !/(ss|us|is|as|os)$/.test(w) && w.length >= 4) { w = w.slice(0, -1); stripped = true; }
  // -ied: proxied/copied/queried -> proxy/copy/query, as -ies above (tied, died stay whole)
  if (!stripped && w.endsWith("ied") && w.length > 4) { w = w.slice(0, -3) + "y"; stripped = true; }
  // -ing / -ed
  else for (const suf of ["ing", "ed"]) {
    if (w.endsWith(suf)) {
      const base = w.slice(0, -suf.length);
      if (base.length >= 3 && VOWEL.test(base)) { w = undouble(base); stripped = true; }
      // used/using -> use (a two-letter base is a verb that lost its silent e)
      else if (base.length === 2 && /^[aeiou][^aeiouy]$/.test(base)) { w = base + "e"; stripped = true; }
      break;
    }
  }
  // agent nouns (-er), up to twice so renderer and render meet; needs 4 letters left so
  // order, user, layer, after stay whole.
  for (let i = 0; i < 2 && w.endsWith("er"); i++) {
    const base = w.slice(0, -2);
    if (base.length < 4 || !VOWEL.test(base)) break;
    w = undouble(base);
    stripped = true;
  }
  // silent e: parse/parser/parsing all become "pars" before the cosmetic step below.
  if (w.endsWith("e") && !w.endsWith("ee") && w.length >= 5) { w = w.slice(0, -1); stripped = true; }
  // Cosmetic only (applied identically to every form, so equality is unaffected): handl -> handle.
  if (stripped && /[bdgkt]l$/.test(w)) w += "e";
  return w;
}

/** English filler that carries no topic in a query ("where is the auth status computed"). */
const STOP = new Set(
  (
    "a an the and or but nor not no of to in on at by for from with without into onto over under " +
    "about as is are was were be been being am do does did done doing has have had having " +
    "i me my we our you your he she it its they them their this that these those there here " +
    "what which who whom whose where when why how all any each every some such than then so " +
    "can could should would will shall may might must also just only very too more most " +
    "up out off if else via per vs etc eg ie"
  ).split(" "),
);

export function isStopWord(w: string): boolean {
  return STOP.has(w.toLowerCase());
}

/** Every common spelling of a subject, exact form first, deduplicated. */
export function identifierVariants(subject: string): string[] {
  const words = identifierWords(subject);
  const out: string[] = [subject];
  if (words.length > 0) {
    const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
    out.push(
      words.join("_"),
      words[0] + words.slice(1).map(cap).join(""),
      words.map(cap).join(""),
      words.join("-"),
      words.join("_").toUpperCase(),
      words.join(""),
    );
  }
  return [...new Set(out.filter(Boolean))];
}

function caseClass(ch: string): string {
  const lo = ch.toLowerCase();
  const up = ch.toUpperCase();
  if (lo === up) return /[0-9]/.test(ch) ? ch : "\\" + ch;
  return `[${lo}${up}]`;
}

/**
 * Regex source matching `word` (case-insensitively, via explicit character classes) only where it
 * is a whole identifier token: bounded by non-alphanumerics, `_`, camelCase humps (getUiState),
 * acronym edges (HTTPServer) or letter/digit edges (utf8). So `ui` does not match "build", `def`
 * not "default", `set` not "reset"/"offset". Use WITHOUT the `i` flag: the boundary lookarounds
 * depend on letter case.
 */
export function tokenBoundaryRegexSource(word: string): string {
  const body = [...word].map(caseClass).join("");
  const left =
    "(?:(?<![A-Za-z0-9])|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])|(?<=[A-Z])(?=[A-Z][a-z]{2}))";
  const right =
    "(?:(?![A-Za-z0-9])|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])|(?<=[A-Z])(?=[A-Z][a-z]{2}))";
  return left + body + right;
}

/** Compiled form of tokenBoundaryRegexSource; `g` for scanning. */
export function tokenBoundaryRegex(word: string, flags = "g"): RegExp {
  return new RegExp(tokenBoundaryRegexSource(word), flags.replace("i", ""));
}
