import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// defined: the head that defines the subject outranks the files that use it, whatever the
// language writes for a definition, and however often the users name it.

const vault = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Holds deposits of one token.
contract Vault is Ownable {
    mapping(address => uint256) public balances;

    function deposit(uint256 amount) external {
        balances[msg.sender] += amount;
    }
}
`;
const user = (i: number) => `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "./Store.sol";

contract Bank${i} {
    Vault vault;
    Vault spare;

    function open() public {
        vault = new Vault();
        spare = new Vault();
        Vault v = new Vault();
        v.deposit(1);
    }
}
`;

test("Solidity: a contract's head defines it; the contracts that construct it many times come after", () => {
  // The defining file's path does not name the subject, so only its evidence can put it first.
  const dir = tree({ "contracts/Store.sol": vault, "contracts/Bank1.sol": user(1), "contracts/Bank2.sol": user(2), "contracts/Bank3.sol": user(3) });
  const r = run(["trace", "--json", "subject:Vault", "relation:defined"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("contracts/Store.sol");
  expect(out.files[0].regions[0].kind).toBe("definition");
  expect(out.files[0].regions[0].start_line).toBeLessThanOrEqual(5);
});

test("Solidity: the bases after `is` are what a contract implements", () => {
  const dir = tree({ "contracts/Store.sol": vault, "contracts/Ownable.sol": "pragma solidity ^0.8.0;\n\nabstract contract Ownable {\n    address public owner;\n}\n" });
  const r = run(["trace", "--json", "subject:Ownable", "relation:implementation"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("contracts/Store.sol");
  expect(out.files[0].regions[0].kind).toBe("implementation");
});

test("C: a macro's #define is where it is defined; `if (a &&\\n    f()) {` calls f, it defines nothing", () => {
  const header = `#ifndef PRINTK_H
#define PRINTK_H
extern int __rate_check(const char *func);
/* Use rate_check() sparingly. */
#define rate_check() __rate_check(__func__)
#endif
`;
  const user = (i: number) => `static void report${i}(struct dev *d)
{
	if (d->verbose &&
	    rate_check()) {
		pr_warn("dropped\\n");
	}
	if (d->loud ||
	    rate_check()) {
		pr_warn("again\\n");
	}
}
`;
  const dir = tree({ "include/printk.h": header, "drivers/a.c": user(1), "drivers/b.c": user(2), "drivers/c.c": user(3) });
  const r = run(["trace", "--json", "subject:rate_check", "relation:defined"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("include/printk.h");
  expect(out.files[0].regions[0].kind).toBe("definition");
  // (Shown under its doc comment.)
  expect(out.files[0].regions[0].start_line).toBeLessThanOrEqual(5);
  expect(out.files[0].regions[0].end_line).toBe(5);
  for (const f of out.files) for (const g of f.regions) if (f.path.startsWith("drivers/")) expect(g.kind).not.toBe("definition");
});

test("C: an ops table's `.member = fn,` implements the member; NULL and constants do not", () => {
  const core = `struct sched_class {
	void (*enqueue)(struct rq *rq);
	struct task_struct *(*pick_next)(struct rq *rq);
};

static struct task_struct *pick(struct rq *rq)
{
	return rq->curr->sched_class->pick_next(rq);
}
`;
  const cls = (n: string) => `static struct task_struct *pick_next_${n}(struct rq *rq)
{
	return rq->${n}_head;
}

const struct sched_class ${n}_sched_class = {
	.enqueue	= enqueue_${n},
	.pick_next	= pick_next_${n},
};
`;
  const stub = "const struct sched_class stop_sched_class = {\n\t.pick_next = NULL,\n\t.flags = SCHED_STOP,\n};\n";
  const dir = tree({ "sched/core.c": core, "sched/fair.c": cls("fair"), "sched/rt.c": cls("rt"), "sched/stop.c": stub });
  const r = run(["trace", "--json", "subject:pick_next", "relation:implementation"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files.slice(0, 2).map((f: any) => f.path).sort()).toEqual(["sched/fair.c", "sched/rt.c"]);
  expect(out.files[0].regions[0].kind).toBe("implementation");
  const stop = out.files.find((f: any) => f.path === "sched/stop.c");
  for (const g of stop?.regions ?? []) expect(g.kind).not.toBe("implementation");
});
