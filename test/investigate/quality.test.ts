import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";
import { makePlan, findHits } from "../../src/investigate/plan.ts";
import { parseTraceQuery } from "../../src/query/dsl.ts";

// A SCREAMING_CASE subject (an environment variable, a constant) is spelled one way: the functions
// perf_config_* share its words but are other names. Their regions' name and vocabulary bonuses,
// and the path's, used to count in full on such a partial match, and a file of perf_config_*
// functions under util/config.c outranked the getenv("PERF_CONFIG") that answers comes_from.
test("another case of a SCREAMING_CASE subject is another name (recased); a longer name holding the subject stays partial", () => {
  const plan = makePlan(parseTraceQuery(["subject:PERF_CONFIG", "relation:comes_from"]));
  expect(findHits(plan, "int perf_config(config_fn_t fn, void *data)")[0]?.quality).toBe("recased");
  expect(findHits(plan, "static int perf_config_set__init(void)")[0]?.quality).toBe("recased");
  const word = makePlan(parseTraceQuery(["subject:meminfo", "relation:rendered"]));
  expect(findHits(word, "static int meminfo_proc_show(struct seq_file *m)")[0]?.quality).toBe("partial");
  expect(findHits(plan, 'x = getenv("PERF_CONFIG");')[0]?.quality).toBe("exact");
  const camel = makePlan(parseTraceQuery(["subject:max_files", "relation:comes_from"]));
  expect(findHits(camel, "const maxFiles = 3;")[0]?.quality).toBe("variant");
});

test("comes_from: the read of the variable outranks a config file of functions sharing its words", () => {
  const fns = Array.from({ length: 12 }, (_, i) => `static int perf_config_set_${i}(struct perf_config_set *set)\n{\n\treturn perf_config_from_file(set, ${i});\n}\n`).join("\n");
  const dir = tree({
    "tools/perf/util/config.c": `/* Reading the config file: see PERF_CONFIG. */\n#include "config.h"\n${fns}\nint perf_config(config_fn_t fn, void *data)\n{\n\treturn perf_config_set(config_set, fn, data);\n}\n`,
    "tools/perf/perf.c": `#include "util/config.h"\n\nint main(int argc, const char **argv)\n{\n\tconst char *cmd;\n\tcmd = argv[0];\n\tconfig_exclusive_filename = getenv("PERF_CONFIG");\n\treturn run(cmd);\n}\n`,
  });
  const r = run(["trace", "--json", "subject:PERF_CONFIG", "relation:comes_from"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("tools/perf/perf.c");
  expect(out.files[0].regions[0].kind).toBe("config/env source");
});
