import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";
import { forwardsTo } from "../../src/investigate/region-score.ts";

// defined: a short definition that hands its work to another object's definition of the same name
// is a wrapper; the definition it forwards to outranks it, even where the wrapper's file defines
// the name twice and calls it more.

const core = `import heapq


class ReactorBase:
    def __init__(self):
        self._pending = []

    def schedule(self, delay, fn, *args):
        """Run fn after delay seconds."""
        call = [self.now() + delay, fn, args]
        heapq.heappush(self._pending, call)
        self._wake()
        return call

    def now(self):
        return 0.0

    def _wake(self):
        pass
`;

const wrappers = `from reactor import ReactorBase, reactor


class Throttle:
    def schedule(self, delay, fn):
        """Wrapper around the reactor's, for tests."""
        return reactor.schedule(delay, fn)

    def unthrottle(self):
        self.schedule(1, self.reset)
        self.schedule(2, self.reset)


class Timeout:
    def schedule(self, delay, fn):
        return reactor.schedule(delay, fn)

    def reset(self):
        self.schedule(3, self.reset)


class Posix(ReactorBase):
    def schedule(self, delay, fn, *args):
        call = ReactorBase.schedule(self, delay, fn, *args)
        self._reschedule()
        return call
`;

test("defined: the definition a wrapper forwards to comes first; the wrappers say why they are below", () => {
  const dir = tree({ "pkg/reactor.py": core, "pkg/policies.py": wrappers });
  const r = run(["trace", "--json", "subject:schedule", "relation:defined"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files.map((f: any) => f.path)).toEqual(["pkg/reactor.py", "pkg/policies.py"]);
  const why = out.files[1].regions.flatMap((x: any) => x.why).join("\n");
  expect(why).toContain("hands the work to reactor.schedule (a wrapper)");
});

test("forwardsTo: another receiver, a parent's or super()'s name is forwarding; self/this is recursion", () => {
  const lines = (body: string) => ["def f(x):", ...body.split("\n")];
  expect(forwardsTo(lines("    return reactor.f(x)"), 1, 2, "f")).toBe("reactor.");
  expect(forwardsTo(lines("    return Base.f(self, x)"), 1, 2, "f")).toBe("Base.");
  expect(forwardsTo(lines("    return super().f(x)"), 1, 2, "f")).toBe(").");
  expect(forwardsTo(lines("    return impl_->f(x);"), 1, 2, "f")).toBe("impl_->");
  expect(forwardsTo(lines("    return self.f(x - 1) if x else 0"), 1, 2, "f")).toBeNull();
  expect(forwardsTo(lines("    return this.f(x - 1);"), 1, 2, "f")).toBeNull();
  expect(forwardsTo(lines("    return f(x - 1)"), 1, 2, "f")).toBeNull();
  // A longer name that ends in the subject is another function.
  expect(forwardsTo(lines("    return reactor.ff(x)"), 1, 2, "f")).toBeNull();
  expect(forwardsTo(lines("    g = reactor.f"), 1, 2, "f")).toBeNull();
});
