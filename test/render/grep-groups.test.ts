// grep's groups never list a line outside what their heading names: the symbol's range, its doc
// comment (` (comment from N)`) or the line attached after it (` (and line N)`, C's
// `EXPORT_SYMBOL(f);`). Linux arch/x86/mm/fault.c printed `1401:NOKPROBE_SYMBOL(do_user_addr_fault);`
// under `function do_user_addr_fault @ 1202-1400`; trace's window around that line climbed into
// the function's body (`@ 1391-1401`, its snippet `1391: } else {`).
import { expect, test } from "bun:test";
import { run, tree } from "../helpers.ts";

const body = Array.from({ length: 90 }, (_, i) => `\tx += step${i}(x);`).join("\n");
export const FAULT_C = `/*
 * Handle the user part.
 */
static inline
void do_user_fault(struct regs *regs,
		   unsigned long address)
{
	int x = 0;
${body}
	if (x) {
		handle_fault(regs, x);
	} else {
		if (x > 2)
			handle_fault(regs, 1);
		else
			bad_area(regs);
	}
}
NOKPROBE_SYMBOL(do_user_fault);

static void other(void)
{
	do_user_fault(0, 0);
}
`;

/** Every match and body line (`N:`, `N|`) under a heading lies in the lines the heading names
 *  (context lines, `N-`, are the surroundings asked for, as rg prints them). */
function outsideHeadings(text: string): string[] {
  const bad: string[] = [];
  let lo = 0, hi = Infinity, head = "";
  for (const l of text.split("\n")) {
    const n = /^(\d+)[:|]/.exec(l);
    const r = /@ (\d+)-(\d+)(.*)$/.exec(l);
    if (r && (!n || l.indexOf("  @ ") > 0)) {
      head = l;
      lo = Number(r[1]);
      hi = Number(r[2]);
      const c = /\((?:comment|decorators) from (\d+)\)/.exec(r[3]!);
      if (c) lo = Number(c[1]);
      const t = /\(and lines? (?:\d+-)?(\d+)\)/.exec(r[3]!);
      if (t) hi = Number(t[1]);
    } else if (!/^\d/.test(l) && l !== "--") {
      (lo = 0), (hi = Infinity), (head = "");
    }
    if (n && (Number(n[1]) < lo || Number(n[1]) > hi)) bad.push(`${l}  (under ${head})`);
  }
  return bad;
}

test("a match on the line attached after a function lists under a heading that names that line", () => {
  const root = tree({ "fault.c": FAULT_C });
  const r = run(["grep", "-n", "-w", "-e", "do_user_fault", "-e", "handle_fault", "fault.c"], root);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("108:NOKPROBE_SYMBOL(do_user_fault);");
  expect(r.stdout).toContain("function do_user_fault @ 4-107 (and line 108)\n");
  expect(outsideHeadings(r.stdout)).toEqual([]);
  // The same with context lines, and with the symbol printed whole.
  for (const extra of [["-C", "1", "do_user_fault"], ["--full-region", "always", "do_user_fault"], ["NOKPROBE_SYMBOL"]]) {
    const e = run(["grep", "-n", ...extra, "fault.c"], root);
    expect(e.code).toBe(0);
    expect(e.stdout).toContain("108:NOKPROBE_SYMBOL(do_user_fault);");
    expect(outsideHeadings(e.stdout)).toEqual([]);
  }
});

test("JSON groups name the attached lines that hold a listed match", () => {
  const root = tree({ "fault.c": FAULT_C });
  const r = run(["grep", "--json", "-w", "do_user_fault", "fault.c"], root);
  expect(r.code).toBe(0);
  const groups = JSON.parse(r.stdout).files[0].groups as Array<Record<string, any>>;
  for (const g of groups) {
    if (g.start_line === null) continue;
    const lo = g.attached_start_line ?? g.start_line, hi = g.attached_end_line ?? g.end_line;
    for (const m of g.matches) expect([g.label, m.line_number, m.line_number >= lo && m.line_number <= hi]).toEqual([g.label, m.line_number, true]);
  }
  expect(groups[0]!.attached_end_line).toBe(108);
});

test("trace's region around a line outside every symbol stays outside them", () => {
  const root = tree({ "fault.c": FAULT_C });
  const r = run(["trace", "--full-region", "never", "subject:do_user_fault", "relation:defined"], root);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("NOKPROBE_SYMBOL(do_user_fault); @ 108-108");
  expect(r.stdout).not.toContain("101: } else {");
  const j = JSON.parse(run(["trace", "--json", "subject:do_user_fault", "relation:defined"], root).stdout);
  for (const x of j.files[0].regions as Array<{ start_line: number; end_line: number; label: string }>) {
    // Each region is the function's (from its comment at 1), other's, or lies between them.
    const inF = x.start_line >= 1 && x.end_line <= 107, inOther = x.start_line >= 110;
    expect([x.label, inF || inOther || (x.start_line >= 108 && x.end_line <= 109)]).toEqual([x.label, true]);
  }
});
