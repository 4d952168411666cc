/**
 * Data: words that name the same idea in code, so a query in plain words finds code that says it
 * the other way ("declared" finds `define`, "restart" finds `reload`, "cleanup" finds a
 * finalizer). General programming vocabulary only: each group is a set of near-interchangeable
 * words as programs in any project use them, never a project's names. A synonym matches at
 * SYNONYM_QUALITY (find-query.ts), below the word itself, and every synonym is one more probe of
 * the content scan: groups stay small and their words specific (no `error`, `write`, `update`,
 * which half the files say).
 *
 * Irregular plurals are here too: the stemmer cuts -es/-s, not vertices -> vertex.
 */
export const SYNONYM_GROUPS: string[][] = [
  // definitions and lifecycle
  ["define", "declare"],
  ["restart", "reload", "respawn"],
  ["remove", "delete", "erase", "unlink"],
  ["create", "construct", "instantiate"],
  ["start", "begin", "launch"],
  ["stop", "halt", "terminate", "shutdown"],
  ["change", "modify", "mutate", "alter"],
  ["cancel", "abort"],
  ["cleanup", "finalizer", "destructor", "dispose", "teardown"],
  ["exit", "quit"],
  ["spawn", "fork"],
  ["clear", "reset"],
  ["kill", "terminate"],
  // looking things up, moving data
  ["find", "search", "lookup", "locate"],
  ["fetch", "retrieve", "download"],
  ["copy", "clone"],
  ["combine", "merge"],
  ["convert", "coerce"],
  ["trim", "strip"],
  ["deduplicate", "dedup"],
  ["reuse", "recycle"],
  ["cache", "memoize"],
  ["receive", "recv"],
  ["transmit", "send"],
  ["response", "reply"],
  ["validate", "verify"],
  ["choose", "select", "pick"],
  ["undo", "revert", "rollback"],
  // files, formats, text
  ["directory", "folder"],
  ["equal", "equality", "eq"],
  ["compare", "comparator", "cmp"],
  ["serialize", "marshal", "encode"],
  ["deserialize", "unmarshal", "decode"],
  ["compress", "deflate"],
  ["decompress", "inflate"],
  ["tokenize", "lexer", "lex"],
  ["regex", "regexp"],
  ["url", "uri"],
  ["dependency", "deps"],
  ["version", "revision"],
  ["temporary", "temp", "tmp"],
  ["environment", "env"],
  ["configuration", "settings", "preferences"],
  // concurrency, memory, time
  ["mutex", "lock"],
  ["concurrent", "parallel"],
  ["fifo", "queue"],
  ["circular", "ring"],
  ["garbage", "gc"],
  ["reclaim", "scavenge"],
  ["timeout", "deadline"],
  ["interval", "period"],
  ["sleep", "delay"],
  ["random", "rng"],
  // security
  ["authenticate", "login", "signin"],
  ["password", "passwd"],
  ["hash", "digest"],
  // events and user interface
  ["watch", "monitor", "observe"],
  ["listen", "subscribe"],
  ["emit", "dispatch", "fire"],
  ["click", "tap"],
  ["swipe", "fling"],
  ["redraw", "repaint"],
  ["opacity", "alpha", "transparency"],
  ["blend", "mix"],
  ["volume", "gain"],
  ["magic", "signature"],
  ["shard", "partition"],
  // irregular plurals
  ["index", "indices"],
  ["vertex", "vertices"],
  ["matrix", "matrices"],
  ["child", "children"],
];
