// The core before its users (src/rank/core.ts), and acronym-only file names as weak path evidence.
import { test, expect, describe } from "bun:test";
import { tree } from "../helpers.ts";
import { rankFind } from "../../src/rank/find.ts";
import { buildQuery, TokenMatcher } from "../../src/rank/find-query.ts";
import { codeName, coreFirst, usersOf, CORE_RATIO, CORE_SHARE, type CoreFile } from "../../src/rank/core.ts";
import { pathEvidence, pathScore } from "../../src/rank/path.ts";

async function rank(root: string, ...words: string[]) {
  return rankFind(buildQuery(words), {
    walk: { root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] },
    maxFiles: 10,
    structureFor: 0,
  });
}
const pads = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`pad/p${i}.c`, `int p${i};\n`]));
const def = (name: string): CoreFile["defs"][number] => ({ name, terms: [[0, 1]] });
const file = (defs: string[], names: string[]): CoreFile => ({ defs: defs.map(def), names: new Set([...defs, ...names]), implementation: true });
const users = (files: CoreFile[]) => usersOf(files).map((m) => [...m.keys()]);

describe("usersOf: who uses a file's query-named code names", () => {
  test("a caller that uses a definition without defining it is its user, by the share of its names", () => {
    const core = file(["job_queue_push"], []);
    const caller = file([], ["job_queue_push", "job_queue_len", "job_queue_dump", "job_queue_tag"]);
    const u = usersOf([core, caller]);
    expect([...u[0]!.entries()]).toEqual([[1, 0.25]]);
    expect(u[1]!.size).toBe(0);
  });
  test("a name that two files define names neither: no user of either", () => {
    expect(users([file(["begin_transaction"], []), file(["begin_transaction"], []), file([], ["begin_transaction"])])).toEqual([[], [], []]);
  });
  test("one-word names (an English word as well) are no evidence", () => {
    expect(codeName("parser")).toBe(false);
    expect(codeName("add_handler")).toBe(true);
    expect(codeName("BidirectionalBinding")).toBe(true);
    expect(users([file(["callback"], []), file([], ["callback"])])).toEqual([[], []]);
  });
});

describe("coreFirst: the core moves above the leaf user that outranks it", () => {
  const r = (path: string, score: number) => ({ path, score });
  test("a core within CORE_RATIO of its user passes it and takes its score", () => {
    const ranked = [r("wrapper.c", 10), r("other.c", 8), r("core.c", 6)];
    const files = new Map<string, CoreFile>([["wrapper.c", file([], ["job_queue_push"])], ["other.c", file([], [])], ["core.c", file(["job_queue_push"], [])]]);
    const out = coreFirst(ranked, (x) => files.get(x.path) ?? null).ranked;
    expect(out.map((x) => x.path)).toEqual(["core.c", "wrapper.c", "other.c"]);
    expect(out[0]!.score).toBe(10);
  });
  test("a distant core stays below, and a user that others build on is not passed", () => {
    const far = [r("wrapper.c", 10), r("core.c", 10 * CORE_RATIO - 1)];
    expect(CORE_SHARE).toBeLessThanOrEqual(1);
    const f1 = new Map<string, CoreFile>([["wrapper.c", file([], ["job_queue_push"])], ["core.c", file(["job_queue_push"], [])]]);
    expect(coreFirst(far, (x) => f1.get(x.path) ?? null).ranked.map((x) => x.path)).toEqual(["wrapper.c", "core.c"]);
    // parser.c uses lexer.c's names, and main.c uses parser.c's: the lexer does not pass the parser.
    const chain = [r("parser.c", 10), r("lexer.c", 9), r("main.c", 1)];
    const f2 = new Map<string, CoreFile>([["parser.c", file(["parse_tokens"], ["lex_token"])], ["lexer.c", file(["lex_token"], [])], ["main.c", file([], ["parse_tokens"])]]);
    expect(coreFirst(chain, (x) => f2.get(x.path) ?? null).ranked.map((x) => x.path)).toEqual(["parser.c", "lexer.c", "main.c"]);
  });
});

describe("find: the implementing file before a wrapper that says the topic more often", () => {
  test("a traced wrapper calling the job queue's functions ranks below the queue itself", async () => {
    const core = [
      "/* A queue of pending work items shared by the pool's threads. */",
      "struct job_queue { int head, tail; };",
      "int job_queue_push(struct job_queue *q, int item)",
      "{",
      "  return q->tail++;",
      "}",
      "int job_queue_pop(struct job_queue *q)",
      "{",
      "  return q->head++;",
      "}",
    ].join("\n");
    const wrapper = [
      "/* Tracing wrapper: logs every job queue push and pop of the worker job queue. */",
      "int traced_push(struct job_queue *q, int item)",
      "{",
      "  trace(\"job queue push\", item); /* job queue, queue of the job */",
      "  trace(\"job queue job queue job queue\", item);",
      "  return job_queue_push(q, item);",
      "}",
      "int traced_pop(struct job_queue *q)",
      "{",
      "  trace(\"job queue pop job queue\");",
      "  return job_queue_pop(q);",
      "}",
    ].join("\n");
    const root = tree({ "lib/workq.c": core, "debug/tracing.c": wrapper, ...pads(30) });
    const res = await rank(root, "job", "queue");
    const top = res.ranked.map((f) => f.path);
    expect(top[0]).toBe("lib/workq.c");
    expect(top[1]).toBe("debug/tracing.c");
    // The move keeps the scores falling down the list.
    expect(res.ranked[0]!.score).toBeGreaterThanOrEqual(res.ranked[1]!.score);
  });
});

describe("a file name made only of the query's initials weighs like one word of the name", () => {
  test("htt.c for 'hung task timeout' is below hung_task.c and about a one-word name", () => {
    const q = buildQuery(["hung", "task", "timeout"]);
    const m = new TokenMatcher(q.terms, q.composites);
    expect(m.isInitials("htt")).toBe(true);
    expect(m.isInitials("hung")).toBe(false);
    const entry = (display: string) => ({ display, open: display, size: 10 }) as any;
    const ev = pathEvidence([entry("drivers/htt.c"), entry("kernel/hung_task.c"), entry("kernel/timeout.c")], m, q.terms, q.composites);
    const at = (p: string) => ev.infos.find((i) => i.entry.display === p)!;
    const w = [1, 1, 1];
    const htt = pathScore(at("drivers/htt.c"), w, 3);
    expect(htt).toBeLessThan(pathScore(at("kernel/hung_task.c"), w, 3));
    expect(htt).toBeLessThan(1.5 * pathScore(at("kernel/timeout.c"), w, 3));
  });
});
