import { test, expect, describe } from "bun:test";
import { firesRegistry, registriesOf, forwardedFirings } from "../../src/investigate/hop.ts";
import type { FileHits } from "../../src/search/index.ts";

/** FileHits for an in-memory file: every line holding `needle` is a match. */
function hits(path: string, text: string, needle: string): FileHits {
  const matches = text.split("\n").flatMap((t, i) => (t.includes(needle) ? [{ line: i + 1, column: 1, byteOffset: 0, text: t, spans: [] }] : []));
  return { entry: { display: path, open: path } as any, matches, count: matches.length };
}

describe("dispatch hop: which registry a stored callback is reached through (issue 14)", () => {
  test("a notifier block at file scope registered into a chain: the chain", () => {
    const c = `static int cb(struct notifier_block *nb, unsigned long e, void *p)\n{\n\treturn 0;\n}\n\nstatic struct notifier_block panic_block = {\n\t.notifier_call = cb,\n};\n\nstatic int __init init(void)\n{\n\tatomic_notifier_chain_register(&panic_notifier_list, &panic_block);\n}\n`;
    const f = hits("k/a.c", c, "cb");
    expect(registriesOf([f], "cb", () => c.split("\n"))).toEqual(["panic_notifier_list"]);
  });
  test("a callback stored through a local pointer names no registry (the generic core calls it)", () => {
    const c = `static void start(void)\n{\n\tstruct hrtimer *hrtimer = this_cpu_ptr(&watchdog_hrtimer);\n\thrtimer->function = watchdog_timer_fn;\n}\n`;
    const f = hits("k/w.c", c, "watchdog_timer_fn");
    expect(registriesOf([f], "watchdog_timer_fn", () => c.split("\n"))).toEqual([]);
  });
  test("a property whose body registers it under an event-type constant: the constant", () => {
    const j = `    public final ObjectProperty<EventHandler<WindowEvent>> onCloseRequestProperty() {\n        if (onCloseRequest == null) {\n            onCloseRequest = new ObjectPropertyBase<EventHandler<WindowEvent>>() {\n                @Override protected void invalidated() {\n                    setEventHandler(WindowEvent.WINDOW_CLOSE_REQUEST, get());\n                }\n            };\n        }\n        return onCloseRequest;\n    }\n`;
    const f = hits("a/Window.java", j, "onCloseRequest");
    expect(registriesOf([f], "onCloseRequest", () => j.split("\n"))).toEqual(["WINDOW_CLOSE_REQUEST"]);
  });
});

describe("dispatch hop: which lines fire a registry", () => {
  const none = () => null;
  test("the registry as an argument or the receiver of a firing call", () => {
    expect(firesRegistry("\tatomic_notifier_call_chain(&panic_notifier_list, 0, buf);", ["panic_notifier_list"], none, 1)).toBe("panic_notifier_list");
    expect(firesRegistry("    listeners.forEach(l -> l.run());", ["listeners"], none, 1)).toBe("listeners");
  });
  test("a call split over lines: the statement it continues", () => {
    const lines = ["    public void closing() {", "        Event.fireEvent(window,", "                        new WindowEvent(window,", "                                        WindowEvent.WINDOW_CLOSE_REQUEST));", "    }"];
    expect(firesRegistry(lines[3]!, ["WINDOW_CLOSE_REQUEST"], () => lines, 4)).toBe("WINDOW_CLOSE_REQUEST");
  });
  test("not a comment, a comparison, a registration, or a function named with a firing word", () => {
    expect(firesRegistry("\t/* iio_trigger_poll() starts hrtimer */", ["hrtimer"], none, 1)).toBeNull();
    expect(firesRegistry("        if (event.getEventType() == WindowEvent.WINDOW_CLOSE_REQUEST) {", ["WINDOW_CLOSE_REQUEST"], none, 1)).toBeNull();
    expect(firesRegistry("\tatomic_notifier_chain_register(&panic_notifier_list, &nb);", ["panic_notifier_list"], none, 1)).toBeNull();
    expect(firesRegistry("static enum hrtimer_restart imx_trigger_start_tx(struct hrtimer *t)", ["hrtimer"], none, 1)).toBeNull();
    expect(firesRegistry("ltc2952_poweroff_timer_trigger(struct hrtimer *timer)", ["hrtimer"], none, 1)).toBeNull();
  });
});

test("Ruby: a class method storing its block in a list; the list's each fires it", () => {
  const r = `    def self.start_procs\n      @start_procs ||= InheritableList.new(superclass.start_procs)\n    end\n\n    def self.start(&b)\n      start_procs << b\n    end\n`;
  const f = hits("lib/regex_lexer.rb", r, "start");
  expect(registriesOf([f], "start", () => r.split("\n"))).toContain("start_procs");
  expect(firesRegistry("      self.class.start_procs.each do |pr|", ["start_procs"], () => null, 1)).toBe("start_procs");
  expect(firesRegistry("      puts 'x' if self.class.start_procs.any?", ["start_procs"], () => null, 1)).toBeNull();
});

test("a bus fires many events: a firing call naming another event does not fire the subject", () => {
  const none = () => null;
  expect(firesRegistry("        $this->_eventManager->dispatchEvent(Events::onSchemaDropTable, $eventArgs);", ["_eventManager"], none, 1, "postConnect")).toBeNull();
  expect(firesRegistry("        $this->_eventManager->dispatchEvent(Events::postConnect, $eventArgs);", ["_eventManager"], none, 1, "postConnect")).toBe("_eventManager");
  expect(firesRegistry("    bus.emit('open')", ["bus"], none, 1, "onClose")).toBeNull();
  expect(firesRegistry("    listeners.forEach(l -> l.run());", ["listeners"], none, 1, "onClose")).toBe("listeners");
});

test("on a bus, firing the event the subject was registered under fires it", () => {
  const keys = new Map<string, string>();
  const reg = "export function setup(bus) {\n  bus.on('close', onClose)\n}\n";
  expect(registriesOf([hits("src/reg.ts", reg, "onClose")], "onClose", () => reg.split("\n"), keys)).toEqual(["bus"]);
  expect(keys.get("bus")).toBe("close");
  expect(firesRegistry("  bus.emit('close')", ["bus"], () => null, 1, "onClose", keys)).toBe("bus");
  expect(firesRegistry("  bus.emit('open')", ["bus"], () => null, 1, "onClose", keys)).toBeNull();
});

test("every file that mentions the subject is read for its registries, the most named first (no path-chosen sample)", () => {
  // 250 files that only call the subject, in walk order before the one that registers it.
  const call = "  cb(null)\n";
  const callers = Array.from({ length: 250 }, (_, i) => hits(`a/c${String(i).padStart(3, "0")}.js`, call, "cb"));
  const once = "export function init() {\n  rare_bus.subscribe(cb)\n}\n";
  const twice = "export function a() {\n  main_bus.subscribe(cb)\n  main_bus.subscribe(cb)\n}\n";
  const files = [...callers, hits("z/once.js", once, "cb"), hits("z/twice.js", twice, "cb")];
  const text = new Map(files.map((f) => [f.entry.display, f.entry.display === "z/once.js" ? once : f.entry.display === "z/twice.js" ? twice : call]));
  expect(registriesOf(files, "cb", (f) => text.get(f.entry.display)!.split("\n"))).toEqual(["main_bus", "rare_bus"]);
});

describe("dispatch hop through a registering function: the callbacks a function hands on are run where that function stores them", () => {
  const options = `// Hooks registers functions called on each entry.\nfunc Hooks(hooks ...func(zapcore.Entry) error) Option {\n\treturn optionFunc(func(log *Logger) {\n\t\tlog.core = zapcore.RegisterHooks(log.core, hooks...)\n\t})\n}\n`;
  const hook = `type hooked struct {\n\tCore\n\tfuncs []func(Entry) error\n}\n\nfunc RegisterHooks(core Core, hooks ...func(Entry) error) Core {\n\tfuncs := append([]func(Entry) error{}, hooks...)\n\treturn &hooked{\n\t\tCore:  core,\n\t\tfuncs: funcs,\n\t}\n}\n\nfunc (h *hooked) Write(ent Entry, _ []Field) error {\n\tvar err error\n\tfor i := range h.funcs {\n\t\terr = multierr.Append(err, h.funcs[i](ent))\n\t}\n\treturn err\n}\n\nfunc (h *hooked) each(ent Entry) {\n\tfor _, f := range h.funcs {\n\t\tf(ent)\n\t}\n}\n`;
  test("the subject's parameter passed to a registering call names that function", () => {
    const forwards = new Set<string>();
    const f = hits("zap/options.go", options, "Hooks");
    expect(registriesOf([f], "Hooks", () => options.split("\n"), undefined, forwards)).toEqual([]);
    expect([...forwards]).toEqual(["RegisterHooks"]);
  });
  test("the registering function's stores are followed to the lines that call an element of them or loop over them and call", () => {
    const lines = hook.split("\n");
    const at = lines.findIndex((l) => l.startsWith("func RegisterHooks")) + 1;
    const fired = forwardedFirings(lines, at, "RegisterHooks").map((x) => [lines[x.line - 1]!.trim(), x.store]);
    expect(fired).toEqual([["err = multierr.Append(err, h.funcs[i](ent))", "funcs"], ["f(ent)", "funcs"]]);
    // Not its definition: a call of RegisterHooks runs nothing by itself.
    expect(forwardedFirings(options.split("\n"), 4, "RegisterHooks")).toEqual([]);
  });
});
