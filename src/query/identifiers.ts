/**
 * Identifier forms: how code spells one idea in many ways (AuthStatus, auth_status, auth-status,
 * AUTH_STATUS, auth/status.rs). Everything that compares a query word with code goes through
 * these functions so find, grep and trace agree on what "the same word" means.
 */

/**
 * Lowercased words of an identifier, path or phrase.
 * `HTTPServer` -> http server, `getUIState` -> get ui state, `auth_status.rs` -> auth status rs,
 * `x86_64` -> x86 64, `base64Encode` -> base64 encode, `URLs` -> urls (a plural acronym stays whole).
 */
export function identifierWords(s: string): string[] {
  // A hand-rolled scan (this runs for every identifier and path component find and trace look
  // at). Same words as: split on /[^A-Za-z0-9]+/, then break lower/digit -> Upper (authStatus,
  // base64Encode) and before the last capital of a run followed by 2+ lowercase letters
  // (HTTPServer, IOError), so a plural acronym (URLs, IDs) stays one word.
  const out: string[] = [];
  const n = s.length;
  let start = -1; // start of the current word, -1 when between words
  let prev = 0; // class of the previous character: 0 separator, 1 lower, 2 digit, 3 upper
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    const cls = c >= 97 && c <= 122 ? 1 : c >= 48 && c <= 57 ? 2 : c >= 65 && c <= 90 ? 3 : 0;
    if (cls === 0) {
      if (start >= 0) out.push(s.slice(start, i).toLowerCase());
      start = -1;
    } else if (start < 0) {
      start = i;
    } else if (cls === 3) {
      let split = prev === 1 || prev === 2;
      if (!split && prev === 3 && i + 2 < n) {
        const a = s.charCodeAt(i + 1);
        const b = s.charCodeAt(i + 2);
        split = a >= 97 && a <= 122 && b >= 97 && b <= 122;
      }
      if (split) {
        out.push(s.slice(start, i).toLowerCase());
        start = i;
      }
    }
    prev = cls;
  }
  if (start >= 0) out.push(s.slice(start).toLowerCase());
  return out;
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
