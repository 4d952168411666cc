import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// support:W is the agent's own disambiguator. A region holding it gained less than a unit whose
// name fits the relation and names the subject, so a driver's meminfo_show (its local variable
// named meminfo on every line) outranked the /proc printer the agent asked for with support:proc.
test("rendered support:proc: the /proc printer outranks a same-named printer elsewhere", () => {
  const uses = Array.from({ length: 30 }, (_, i) => `\tseq_printf(seq, "%u\\n", meminfo.avail[${i}].base);`).join("\n");
  const dir = tree({
    "drivers/net/cxgb/debugfs.c": `static int meminfo_show(struct seq_file *seq, void *v)\n{\n\tstruct cudbg_meminfo meminfo;\n\n\tmemset(&meminfo, 0, sizeof(meminfo));\n${uses}\n\treturn 0;\n}\nDEFINE_SHOW_ATTRIBUTE(meminfo);\n`,
    "fs/proc/meminfo.c": `static int meminfo_proc_show(struct seq_file *m, void *v)\n{\n\tstruct sysinfo i;\n\n\tsi_meminfo(&i);\n\tshow_val_kb(m, "MemTotal:       ", i.totalram);\n\tshow_val_kb(m, "MemFree:        ", i.freeram);\n\treturn 0;\n}\n\nstatic int __init proc_meminfo_init(void)\n{\n\tproc_create_single("meminfo", 0, NULL, meminfo_proc_show);\n\treturn 0;\n}\n`,
  });
  const r = run(["trace", "--json", "subject:meminfo", "relation:rendered", "support:proc"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("fs/proc/meminfo.c");
  expect(out.files[0].regions[0].start_line).toBe(1);
  // Without the support word the driver's printer, with more evidence, may come first.
  const plain = JSON.parse(run(["trace", "--json", "subject:meminfo", "relation:rendered"], dir).stdout);
  expect(plain.files.map((f: { path: string }) => f.path)).toContain("drivers/net/cxgb/debugfs.c");
});
