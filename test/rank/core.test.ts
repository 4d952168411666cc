// The core before its users (core.ts): the file defining the names the other leading candidates
// use outranks a wrapper named after the topic and the callers.
import { test, expect, describe } from "bun:test";
import { tree } from "../helpers.ts";
import { rankFind } from "../../src/rank/find.ts";
import { buildQuery } from "../../src/rank/find-query.ts";
import { coreUses } from "../../src/rank/core.ts";

const walk = (root: string) => ({ root, hidden: false, noIgnore: false, follow: false, types: [], typesNot: [], globs: [] });
const pads = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`pad/p${i}.c`, `int p${i};\n`]));

describe("core signal (core.ts)", () => {
  test("uses: a name defined once among the leaders credits its definer per user; shared or own names credit nobody", () => {
    const uses = coreUses([
      { path: "wrap.c", score: 10, defs: [{ name: "traced_limiter_take", weight: 1 }], idents: ["traced_limiter_take", "limiter_take", "limiter_reset", "limiter"] },
      { path: "core.c", score: 5, defs: [{ name: "limiter_take", weight: 1 }, { name: "limiter_reset", weight: 1 }, { name: "limiter", weight: 0.5 }], idents: ["limiter_take", "limiter_reset"] },
      { path: "user.c", score: 5, defs: [{ name: "limiter_reset", weight: 1 }], idents: ["limiter", "limiter_reset"] },
    ]);
    // core.c: wrap.c (10/10) uses limiter_take (share 1); user.c (5/10) only the type limiter (share 0.5);
    // limiter_reset has two definers and credits neither.
    expect(uses).toEqual([0, 1.25, 0]);
  });

  test("the definer of the names a wrapper and callers use outranks the wrapper named after the topic", async () => {
    const root = tree({
      ...pads(30),
      "lib/pool.c":
        "/* Object pools. */\n" +
        "struct slab_pool { int n; };\n" +
        "int slab_pool_alloc(struct slab_pool *p)\n{\n  return p->n++;\n}\n" +
        "void slab_pool_free(struct slab_pool *p)\n{\n  p->n--;\n}\n",
      "debug/traced_slab_pool.c":
        "/* A traced slab pool: every slab pool alloc and free is logged. */\n" +
        "int traced_slab_pool_alloc(struct slab_pool *p)\n{\n  log(\"slab pool alloc\");\n  return slab_pool_alloc(p);\n}\n" +
        "void traced_slab_pool_free(struct slab_pool *p)\n{\n  log(\"slab pool free\");\n  slab_pool_free(p);\n}\n",
      "net/a.c": "void a(struct slab_pool *p)\n{\n  slab_pool_alloc(p);\n}\n",
      "net/b.c": "void b(struct slab_pool *p)\n{\n  slab_pool_free(p);\n}\n",
    });
    const r = await rankFind(buildQuery(["slab", "pool", "alloc"]), { walk: walk(root), maxFiles: 10, structureFor: 0 });
    const order = r.ranked.map((f) => f.path);
    expect(order[0]).toBe("lib/pool.c");
    expect(order.indexOf("debug/traced_slab_pool.c")).toBeGreaterThan(0);
    expect(r.ranked[0]!.components.core).toBeGreaterThan(0);
  });
});
