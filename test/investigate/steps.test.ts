import { test, expect, describe } from "bun:test";
import { makePlan } from "../../src/investigate/plan.ts";
import type { TraceQuery } from "../../src/query/dsl.ts";
import type { Symbol } from "../../src/structure/types.ts";
import { lineEvidence, forcedEvidence, decaySum, type Occurrence } from "../../src/investigate/evidence.ts";
import { bodyOrDeclaration, shapeConstructorsBelongToType, memberScope } from "../../src/investigate/heads.ts";
import { flowEvidence } from "../../src/investigate/flow-evidence.ts";
import { inlineHandlers, inlineHandlerMethod } from "../../src/investigate/anonymous.ts";
import { Candidates, placeOccurrence, mergeWindows, addSubjectMembers } from "../../src/investigate/placement.ts";
import { scoreRegion, dropNested, type TraceRegion } from "../../src/investigate/region-score.ts";
import { analyzeFile } from "../../src/investigate/analyze.ts";
import { readsSource } from "../../src/classify/lexical.ts";

// One test (or more) per step of a file's analysis (src/investigate/analyze.ts), each on the step
// alone: each fails when its step is left out or does nothing.

const query = (subject: string, relation: TraceQuery["relation"]): TraceQuery => ({ subject, relation, custom: false, support: [], kind: null, pathHint: null });
const lines = (text: string) => text.replace(/^\n/, "").split("\n");
const lineOf = (ls: string[], needle: string) => ls.findIndex((l) => l.includes(needle)) + 1;
const matchLines = (ls: string[], subject: string) => ls.flatMap((l, i) => (l.includes(subject) ? [i + 1] : []));
const sym = (name: string, kind: string, startLine: number, endLine: number, parent = -1): Symbol =>
  ({ name, label: name, kind, startLine, endLine, parent } as unknown as Symbol);

describe("evidence: the subject's occurrences by line shape", () => {
  test("a call, a definition and a comment are told apart and weighed for the relation", () => {
    const q = query("flush_queue", "called_from");
    const plan = makePlan(q);
    const ls = lines(`
static void flush_queue(struct q *q)
{
}
/* flush_queue is called on exit */
void stop(void) { flush_queue(q); }`);
    const occs = lineEvidence(plan, "a.c", ls, matchLines(ls, "flush_queue"));
    const kinds = occs.map((o) => `${o.line}:${o.kind}`);
    expect(kinds).toEqual(["1:definition", "4:comment", "5:call"]);
    const call = occs.find((o) => o.kind === "call")!;
    expect(call.weight).toBeGreaterThan(occs.find((o) => o.kind === "comment")!.weight);
  });
  test("forced evidence (found without the subject on the line) is weighed a little below the same kind", () => {
    const plan = makePlan(query("hook", "triggered_from"));
    const [o] = forcedEvidence(plan, new Map([[7, { kind: "emit", why: "fires the registry" }]]));
    expect(o).toMatchObject({ line: 7, kind: "emit", note: "fires the registry" });
    expect(o!.weight).toBeLessThan(plan.spec.weights.emit);
    expect(o!.weight).toBeGreaterThan(0);
  });
  test("decaySum: the best counts fully, more add less", () => {
    expect(decaySum([10])).toBe(10);
    expect(decaySum([10, 100])).toBe(102);
    expect(decaySum([10, 10, 10, 10, 10, 10])).toBe(14);
  });
});

describe("heads: a definition read past its line", () => {
  test("a prototype becomes a declaration; a body keeps its lines", () => {
    const plan = makePlan(query("vfs_read", "defined"));
    const ls = lines(`
ssize_t vfs_read(struct file *f,
                 char *buf);
ssize_t vfs_read(struct file *f, char *buf)
{
        return 0;
}`);
    const occs = lineEvidence(plan, "a.c", ls, [1, 3]);
    expect(occs.map((o) => o.kind)).toEqual(["definition", "definition"]);
    bodyOrDeclaration(plan, "a.c", ls, occs);
    expect(occs[0]).toMatchObject({ kind: "declaration", span: { start: 1, end: 2 } });
    expect(occs[1]).toMatchObject({ kind: "definition", span: { start: 3, end: 6 } });
  });
  test("without the parser, a constructor belongs to the class it constructs", () => {
    const plan = makePlan(query("Widget", "defined"));
    const ls = lines(`
class Widget {
  public:
  Widget(int a) : a_(a) {}
};`);
    const occs = lineEvidence(plan, "w.cpp", ls, [1, 3]);
    const ctor = occs.find((o) => o.line === 3)!;
    expect(ctor.kind).toBe("definition");
    shapeConstructorsBelongToType(plan, ls, occs);
    expect(occs.find((o) => o.line === 3)!.kind).toBe("impl-of");
  });
});

describe("heads: a method signature in an interface body", () => {
  test("declares the method; a call in a function body stays a call", () => {
    const plan = makePlan(query("NotifyJoin", "triggered_from"));
    const ls = lines(`
type EventDelegate interface {
	NotifyJoin(*Node)
	NotifyLeave(*Node)
}
func alive(m *Memberlist) {
	NotifyJoin(&state.Node)
}`);
    const symbols = [sym("EventDelegate", "interface", 1, 4), sym("alive", "function", 5, 7)];
    const occs = lineEvidence(plan, "e.go", ls, [2, 6]);
    expect(occs.map((o) => o.kind)).toEqual(["call", "call"]);
    memberScope(plan, "e.go", ls, symbols, occs);
    expect(occs.map((o) => o.kind)).toEqual(["declaration", "call"]);
    expect(occs[0]!.weight).toBeLessThan(occs[1]!.weight);
  });
});

describe("flow-evidence: one step of data flow", () => {
  test("comes_from: the local a write reads, a source when its language's reads say so", () => {
    const q = query("order", "comes_from");
    const plan = makePlan(q);
    const ls = lines(`
String conf = props.getProperty("prism.order");
int n = 2;
this.order = split(conf, ",");`);
    const occs = lineEvidence(plan, "A.java", ls, [3]);
    expect(occs[0]!.kind).toBe("write");
    const steps = flowEvidence(plan, q, "A.java", ls, [3], occs);
    expect(steps).toMatchObject([{ line: 1, kind: "source" }]);
    // The same line in a language whose rows do not name getProperty is a plain write.
    expect(flowEvidence(plan, q, "a.py", ls, [3], occs)).toMatchObject([{ line: 1, kind: "write" }]);
    expect(readsSource('props.getProperty("x")', "jvm")).toBe(true);
    expect(readsSource('os.getenv("x")', "")).toBe(true);
    expect(readsSource("a + b", "jvm")).toBe(false);
  });
  test("other relations take no flow step", () => {
    const q = query("order", "called_from");
    const ls = lines("String s = read();\norder = s;");
    expect(flowEvidence(makePlan(q), q, "A.java", ls, [2], [{ line: 2, kind: "write", quality: "exact", withValue: true, weight: 1 }])).toEqual([]);
  });
});

/** A JavaFX-style field with an inline handler, a field with an anonymous body that handles nothing, a getter. */
const NODE_JAVA = lines(`
class Node {
    private ObservableList<String> styleClass = new TrackableObservableList<String>() {
        @Override
        protected void onChanged(Change<String> c) {
            reapplyCSS();
        }
    };
    private List<String> names = new ArrayList<String>() {
        public String toString() { return ""; }
    };
    public final ObservableList<String> getStyleClass() {
        return styleClass;
    }
}`);

describe("anonymous: a handler written inline (grammars/handlers.ts)", () => {
  const java = NODE_JAVA;
  test("a field whose anonymous body overrides a handler method is that field's handler", () => {
    const plan = makePlan(query("styleClass", "handled"));
    const occs = lineEvidence(plan, "Node.java", java, [2]);
    expect(occs[0]!.kind).not.toBe("handler");
    inlineHandlers(plan, "Node.java", java, occs);
    expect(occs[0]).toMatchObject({ kind: "handler", span: { start: 2, end: 7 } });
    expect(occs[0]!.note).toContain("onChanged()");
  });
  test("an anonymous body without a handler method, or a language without the idiom, is left as it is", () => {
    expect(inlineHandlerMethod(java, 8, "jvm")).toBeNull();
    expect(inlineHandlerMethod(java, 2, "jvm")).toEqual({ name: "onChanged", end: 7 });
    expect(inlineHandlerMethod(java, 2, "python")).toBeNull();
    const kt = lines("val l = object : ChangeListener<Int> {\n    override fun changed(o: Int) { redraw() }\n}");
    expect(inlineHandlerMethod(kt, 1, "jvm")).toEqual({ name: "changed", end: 3 });
  });
});

describe("placement: each occurrence in its unit", () => {
  const occ = (line: number, kind: Occurrence["kind"] = "call"): Occurrence => ({ line, kind, quality: "exact", withValue: false, weight: 50 });
  test("the enclosing symbol is the unit; a mention deep in a huge function becomes a window inside it", () => {
    const plan = makePlan(query("f", "called_from"));
    const ls = Array.from({ length: 400 }, (_, i) => (i === 0 ? "void big(void) {" : i === 399 ? "}" : "  x();"));
    const symbols = [sym("small", "function", 1, 20), sym("big", "function", 30, 400)];
    const cands = new Candidates();
    placeOccurrence(plan, false, ls, symbols, occ(5), cands);
    placeOccurrence(plan, false, ls, symbols, occ(300), cands);
    const units = cands.list().map((c) => c.unit);
    expect(units[0]).toMatchObject({ start: 1, end: 20, label: "small" });
    expect(units[1]).toMatchObject({ start: 298, end: 302, kind: "window" });
    expect(units[1]!.parent).toMatchObject({ start: 30, end: 400 });
  });
  test("touching windows merge; the subject type's members named for the relation are added", () => {
    const plan = makePlan(query("f", "called_from"));
    const ls = Array.from({ length: 40 }, () => "x();");
    const cands = new Candidates();
    placeOccurrence(plan, false, ls, [], occ(10), cands);
    placeOccurrence(plan, false, ls, [], occ(13), cands);
    expect(mergeWindows(cands.list()).map((c) => [c.unit.start, c.unit.end])).toEqual([[8, 15]]);
    const hp = makePlan(query("Button", "handled"));
    const members = new Candidates();
    addSubjectMembers(hp, "src/button.ts", [sym("Button", "class", 1, 30), sym("handleClick", "method", 2, 5, 0), sym("size", "method", 6, 8, 0)], members);
    expect(members.list().map((c) => c.unit.label)).toEqual(["handleClick"]);
  });
});

describe("region-score: a candidate's score, with why", () => {
  test("the relation's vocabulary in the unit's name raises it; nested regions under a better one drop", () => {
    const q = query("item", "rendered");
    const plan = makePlan(q);
    const ls = lines("function renderItem() {\n  show(item);\n}\nfunction misc() {\n  keep(item);\n}");
    const mk = (label: string, start: number, end: number) => ({ unit: { start, end, label, kind: "function", symbol: -1 }, occ: [{ line: start + 1, kind: "reference" as const, quality: "exact" as const, withValue: false, weight: 20 }] });
    const a = scoreRegion(plan, q, ls, [], "implementation", mk("renderItem", 1, 3))!;
    const b = scoreRegion(plan, q, ls, [], "implementation", mk("misc", 4, 6))!;
    expect(a.score).toBeGreaterThan(b.score);
    expect(a.why.join(" ")).toContain("name fits the relation");
    const outer: TraceRegion = { ...a, start: 1, end: 50 };
    const inner: TraceRegion = { ...b, start: 10, end: 12 };
    expect(dropNested([outer, inner]).length).toBe(1);
  });
  test("a region worth nothing for the relation is no region", () => {
    const q = query("f", "called_from");
    const plan = makePlan(q);
    const c = { unit: { start: 1, end: 3, label: "f", kind: "function", symbol: -1 }, occ: [{ line: 1, kind: "definition" as const, quality: "exact" as const, withValue: false, weight: plan.spec.weights.definition }] };
    expect(plan.spec.weights.definition).toBe(0);
    expect(scoreRegion(plan, q, ["void f() {", "}", ""], [], "implementation", c)).toBeNull();
  });
});

describe("analyze: the steps in sequence", () => {
  test("handled on an inline anonymous handler: the handler region first, spanning the body", () => {
    const ls = NODE_JAVA;
    const q = query("styleClass", "handled");
    const { regions } = analyzeFile(makePlan(q), q, "Node.java", ls, [], matchLines(ls, "styleClass"), "implementation");
    expect(regions[0]).toMatchObject({ kind: "handler registration", start: lineOf(ls, "new Trackable"), end: lineOf(ls, "};") });
  });
});
