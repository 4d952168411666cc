import { test, expect, describe } from "bun:test";
import { run, tree } from "../helpers.ts";

/** The `structure:` line of the ranked file at `path` in find's text output. */
function structureOf(out: string, path: string): string {
  const lines = out.split("\n");
  const i = lines.findIndex((l) => /^\d+\. /.test(l) && l.replace(/^\d+\. /, "").replace(/ \[\w+\]$/, "") === path);
  expect(i).toBeGreaterThanOrEqual(0);
  const s = lines.slice(i + 1, i + 3).find((l) => l.startsWith("   structure: "));
  expect(s).toBeDefined();
  return s!;
}

describe("find's structure line: which symbols are named", () => {
  // Every symbol of audio/processor_graph.c is about audio, processor and graph: its path says so.
  // The symbol that answers is the one whose name carries the query's other words.
  const graph = [
    "struct audio_processor_graph { int n; };",
    "",
    "void audio_processor_graph_init(struct audio_processor_graph *g)",
    "{",
    "\taudio_processor_graph_reset(g);",
    "}",
    "",
    "void audio_processor_graph_free(struct audio_processor_graph *g)",
    "{",
    "\taudio_processor_graph_release(g);",
    "}",
    "",
    "int audio_processor_graph_count(struct audio_processor_graph *g)",
    "{",
    "\treturn g->n;",
    "}",
    "",
    "static int *create_ordered_node_list(void *g)",
    "{",
    "\treturn 0;",
    "}",
    "",
    "static void sort_pass(void)",
    "{",
    "\tvisit_nodes_in_order();",
    "}",
    "",
  ].join("\n");

  test("a query word in the file's path counts far less: the symbol naming the query's other words leads", () => {
    const words = ["the", "order", "of", "nodes", "in", "an", "audio", "processor", "graph"];
    const root = tree({ "audio/processor_graph.c": graph, "other/list.c": "int list_len(void) { return 0; }\n" });
    const line = structureOf(run(["find", ...words], root).stdout, "audio/processor_graph.c");
    // sort_pass's body says order and nodes: more than a name repeating the path's words.
    expect(line).toBe("   structure: function create_ordered_node_list @ 18-21; function sort_pass @ 23-26; function audio_processor_graph_init @ 3-6; ... 3 more");
    // The same text where the path says none of the query words: audio, processor and graph are
    // then not the file's topic, and three named words outweigh two.
    const elsewhere = tree({ "src/module.c": graph, "other/list.c": "int list_len(void) { return 0; }\n" });
    const plain = structureOf(run(["find", ...words], elsewhere).stdout, "src/module.c");
    expect(plain).toBe("   structure: function audio_processor_graph_init @ 3-6; function audio_processor_graph_free @ 8-11; function audio_processor_graph_count @ 13-16; ... 3 more");
  });

  test("a constructor (a member named as its class) takes no slot of its own: the class's line names it", () => {
    const cpp = [
      "class RenderSequenceBuilder",
      "{",
      "public:",
      "    RenderSequenceBuilder (int n)",
      "    {",
      "        build (n);",
      "    }",
      "",
      "    void build (int n) {}",
      "    void renderSequenceOrder() {}",
      "};",
      "",
    ].join("\n");
    const out = run(["find", "render", "sequence", "builder"], tree({ "src/seq.cpp": cpp, "other/list.cpp": "int listLen() { return 0; }\n" })).stdout;
    const line = structureOf(out, "src/seq.cpp");
    expect(line).toContain("class RenderSequenceBuilder @ 1-11");
    expect(line).toContain("method renderSequenceOrder @ 10-10");
    expect(line).not.toContain("method RenderSequenceBuilder");
  });

  test("a symbol whose name holds a query word comes before one whose body only mentions query words", () => {
    const c = [
      "void run_all(void)",
      "{",
      "\tjob_queue_drain(worker_pool);",
      "}",
      "",
      "int queue_length(void) { return 0; }",
      "",
      "int unrelated(void) { return 1; }",
      "",
    ].join("\n");
    const out = run(["find", "queue", "jobs", "worker"], tree({ "src/sched.c": c })).stdout;
    // run_all's own lines say all three words, but queue_length's name says one of them.
    expect(structureOf(out, "src/sched.c")).toBe("   structure: function queue_length @ 6-6; function run_all @ 1-4; function unrelated @ 8-8");
  });

  test("a name that is only the query's initials weighs like one word among its symbols", () => {
    // `abs` spells "and bootstrap statistics" by initials: as in a file name, it weighs like one
    // word shared among the words it stands for, so warmup_count, which writes a word out, leads.
    const c = [
      "void run_all(void)",
      "{",
      "\tbootstrap_statistics();",
      "}",
      "",
      "int within_abs(void) { return 0; }",
      "",
      "int warmup_count(void) { return 1; }",
      "",
    ].join("\n");
    const out = run(["find", "warmup", "and", "bootstrap", "statistics"], tree({ "src/bench.c": c })).stdout;
    expect(structureOf(out, "src/bench.c")).toBe("   structure: function warmup_count @ 8-8; function within_abs @ 6-6; function run_all @ 1-4");
  });
});
