// Languages (named as in grammars/sources.ts) whose `'key' => value` is a key/value pair of a
// literal (PHP's array, Ruby's hash), not a match arm (src/classify/lexical.ts reads this; the
// `#`-comment family, Ruby's and Perl's, is read the same way). A PHP `match` arm keyed by a
// string reads as a pair too: arrays are by far the common case.
export const PAIR_ARROW_LANGS: ReadonlySet<string> = new Set(["php", "ruby"]);
