import { test, expect, describe } from "bun:test";
import { classifyOccurrence, commentColumns, familyOf, langOf } from "../../src/classify/lexical.ts";

const kindOf = (line: string, subject: string, path = "x.ts") => {
  const s = line.indexOf(subject);
  if (s < 0) throw new Error("subject not in line");
  return classifyOccurrence(line, s, s + subject.length, -1, familyOf(path), langOf(path)).kind;
};

describe("occurrence shapes", () => {
  test("definitions across languages", () => {
    expect(kindOf("def split_arg_string(string: str) -> t.List[str]:", "split_arg_string", "a.py")).toBe("definition");
    expect(kindOf("class Request(RequestBase):", "Request", "a.py")).toBe("definition");
    expect(kindOf("type Command struct {", "Command", "a.go")).toBe("definition");
    expect(kindOf("func nameOfFunction(f any) string {", "nameOfFunction", "a.go")).toBe("definition");
    // A Go method: the receiver in parentheses before the name is no call.
    expect(kindOf("func (r *Raft) electSelf() <-chan *voteResult {", "electSelf", "a.go")).toBe("definition");
    expect(kindOf("func (s *Set[T]) Add(v T) {", "Add", "a.go")).toBe("definition");
    expect(kindOf("func (c *Client) Do(req *Request) (*http.Response, error) {", "Do", "a.go")).toBe("definition");
    expect(kindOf("pub trait ParallelIterator: Sized + Send {", "ParallelIterator", "a.rs")).toBe("definition");
    expect(kindOf("pub fn join_context<A, B, RA, RB>(oper_a: A, oper_b: B) -> (RA, RB)", "join_context", "a.rs")).toBe("definition");
    expect(kindOf("export class Reaction implements IDerivation {", "Reaction")).toBe("definition");
    expect(kindOf("    verifyAndFix(text, config, options) {", "verifyAndFix", "a.js")).toBe("definition");
    expect(kindOf("static int spin_lock_init(struct lock *l)", "spin_lock_init", "a.c")).toBe("definition");
    expect(kindOf("export let globalState: MobXGlobals = (function () {", "globalState")).toBe("definition");
  });

  test("calls are not definitions", () => {
    expect(kindOf("        cwords = split_arg_string(os.environ['COMP_WORDS'])", "split_arg_string", "a.py")).toBe("call");
    expect(kindOf("\treturn nameOfFunction(c.handlers.Last())", "nameOfFunction", "a.go")).toBe("call");
    expect(kindOf("    let (a, b) = join_context(", "join_context", "a.rs")).toBe("call");
    expect(kindOf("  const { fixed, messages, output } = linter.verifyAndFix(", "verifyAndFix", "a.js")).toBe("call");
    expect(kindOf("    p.PersistentPreRun(c, argWoFlags)", "PersistentPreRun", "a.go")).toBe("call");
    expect(kindOf("  spin_lock_init(&dev->lock);", "spin_lock_init", "a.c")).toBe("call");
  });

  test("writes: assignments, field writes, increments, map inserts, pushes", () => {
    expect(kindOf("                glob.is_whitelist = true;", "is_whitelist", "a.rs")).toBe("write");
    expect(kindOf("\tmatch.Vars = make(map[string]string)", "Vars", "a.go")).toBe("write");
    expect(kindOf("            stat.fixableErrorCount++;", "fixableErrorCount", "a.js")).toBe("write");
    expect(kindOf("    stat.fixableErrorCount += result.fixableErrorCount;", "fixableErrorCount", "a.js")).toBe("write");
    expect(kindOf("        globalState.pendingReactions.push(this)", "pendingReactions")).toBe("write");
    expect(kindOf("\tm.Vars[name] = value", "Vars", "a.go")).toBe("write");
    expect(kindOf("    if glob.is_whitelist() {", "is_whitelist", "a.rs")).toBe("call");
  });

  test("a null guard is a reference, not a dispatch on the subject's value", () => {
    // Agent trial: `if (styleClass == null || styleClass.isEmpty()) continue;` ranked as dispatch
    // put StyleClassSet first for "where is styleClass handled".
    expect(kindOf("            if (styleClass == null || styleClass.isEmpty()) continue;", "styleClass", "A.java")).toBe("reference");
    expect(kindOf("\tif err != nil {", "err", "a.go")).toBe("reference");
    expect(kindOf("    if handler is None:", "handler", "a.py")).toBe("reference");
    expect(kindOf("  if (undefined === cb) return;", "cb", "a.js")).toBe("reference");
    expect(kindOf("\tif match.MatchErr == ErrMethodMismatch {", "ErrMethodMismatch", "a.go")).toBe("dispatch");
  });
  test("dispatch, handlers and emitters", () => {
    expect(kindOf("\tif match.MatchErr == ErrMethodMismatch {", "ErrMethodMismatch", "a.go")).toBe("dispatch");
    expect(kindOf('            case "eslint-disable-next-line":', "eslint-disable-next-line", "a.js")).toBe("dispatch");
    expect(kindOf('    patch(prototype, "componentWillUnmount", function () {', "componentWillUnmount")).toBe("handler");
    expect(kindOf('        analyzer.emitter.emit("onCodePathStart", codePath, node);', "onCodePathStart", "a.js")).toBe("emit");
    expect(kindOf("    template_rendered.send(app, template=template)", "template_rendered", "a.py")).toBe("emit");
    expect(kindOf("    except ValueError:", "ValueError", "a.py")).toBe("dispatch");
  });

  test("implementations and blocks of the subject type", () => {
    expect(kindOf("class FileSystemLoader(BaseLoader):", "BaseLoader", "a.py")).toBe("implementation");
    expect(kindOf("impl<T, E> Context<T, E> for Result<T, E>", "Context", "a.rs")).toBe("implementation");
    expect(kindOf("impl ToTokens for ExprClosure {", "ExprClosure", "a.rs")).toBe("impl-of");
    expect(kindOf("export class ComputedValue<T> implements IObservable, IDerivation {", "IDerivation")).toBe("implementation");
    expect(kindOf("class Foo extends Base {", "Base", "a.js")).toBe("implementation");
    expect(kindOf("func (r IndentedJSON) Render(w http.ResponseWriter) error {", "IndentedJSON", "a.go")).toBe("impl-of");
  });

  test("imports", () => {
    expect(kindOf("from .parser import split_arg_string", "split_arg_string", "a.py")).toBe("import");
    expect(kindOf("use crate::join::join_context;", "join_context", "a.rs")).toBe("import");
    expect(kindOf('import { Reaction } from "./reaction"', "Reaction")).toBe("import");
  });
});

describe("comments and doc strings", () => {
  test("python doc strings and # comments", () => {
    const cols = commentColumns('def f():\n    """Example:\n    f(x)\n    """\n    return 1  # note\n', "python");
    expect([...cols]).toEqual([-1, 4, 0, 0, 14, -1]);
  });
  test("C-like comments, not inside strings", () => {
    const cols = commentColumns('a = "http://x"; // c\n/* one\n * two\n */ b();\nlet c = \'it\';\n', "c");
    expect(cols[0]).toBe(16);
    expect(cols[1]).toBe(0);
    expect(cols[2]).toBe(0);
    expect(cols[3]).toBe(0);
    expect(cols[4]).toBe(-1);
  });
});

describe("comment columns: edge cases of the character scanner", () => {
  const cases: Array<[string, "python" | "c" | "hash", number[]]> = [
    // an escaped quote does not end the string; the # after it is inside
    ['x = "a\\"#b" # c', "python", [12]],
    // a lifetime or an apostrophe in a word opens no string
    ["fn f<'a>(x: &'a str) // c", "c", [21]],
    ["it's # c", "hash", [5]],
    // a one-line triple-quoted string is doc text; code after it is code
    ["y = '''doc''' + 1 # c", "python", [4]],
    // template literals hide comment markers; a block comment closing mid-line resumes code
    ["s = `//x`; /* a */ t(); // b", "c", [11]],
    ["/* a", "c", [0]],
  ];
  for (const [line, fam, want] of cases) {
    test(`${fam}: ${line}`, () => expect([...commentColumns(line, fam)]).toEqual(want));
  }
  test("a block comment or doc string spans lines until it closes", () => {
    expect([...commentColumns("a()\n/* x\ny */ z()\nw()", "c")]).toEqual([-1, 0, 0, -1]);
    expect([...commentColumns('def f():\n    """x\n    y"""\n    z = 1', "python")]).toEqual([-1, 4, 0, -1]);
  });
});

test("C prototypes declare", () => { expect(classifyOccurrence("void spin_lock_setup(struct lock *l);", 5, 20, -1, "c").kind).toBe("declaration"); expect(classifyOccurrence("void spin_lock_setup(struct lock *l)", 5, 20, -1, "c").kind).toBe("definition"); });

describe("more shapes: sources, decorators, JSX, Ruby", () => {
  test("environment, config and flag lookups are sources", () => {
    expect(kindOf('    prefix = os.environ.get("FLASK_PREFIX")', "FLASK_PREFIX", "a.py")).toBe("source");
    expect(kindOf('    v := os.Getenv("HOME_DIR")', "HOME_DIR", "a.go")).toBe("source");
    expect(kindOf("  const port = process.env.PORT_NUMBER;", "PORT_NUMBER", "a.js")).toBe("source");
    expect(kindOf('    parser.add_argument("--max-depth", type=int)', "max-depth", "a.py")).toBe("source");
    expect(kindOf('    let v = config.get("excludesfile")', "excludesfile", "a.rs")).toBe("source");
  });
  test("decorators call; JSX elements construct; Ruby subclasses implement", () => {
    expect(kindOf("@login_required", "login_required", "a.py")).toBe("call");
    expect(kindOf("      <ProgressBar value={v} />", "ProgressBar", "a.tsx")).toBe("construct");
    expect(kindOf("class Admin < BaseUser", "BaseUser", "a.rb")).toBe("implementation");
    expect(kindOf("    if (a < limit) {", "limit", "a.js")).toBe("dispatch");
    expect(kindOf("    let v: Vec<ExprClosure> = vec![];", "ExprClosure", "a.rs")).toBe("reference");
    expect(kindOf("  items: Array<Reaction>", "Reaction", "a.ts")).toBe("reference");
  });
});

test("module-level assignment defines; an indented one writes", () => {
  expect(kindOf("DEFAULT_TIMEOUT = 30", "DEFAULT_TIMEOUT", "a.py")).toBe("definition");
  expect(kindOf("    DEFAULT_TIMEOUT = 30", "DEFAULT_TIMEOUT", "a.py")).toBe("write");
});

test("ordering comparisons check the subject; generics do not", () => {
  expect(kindOf("    const tooMany = options.maxWarnings >= 0 && n > 1;", "maxWarnings", "a.js")).toBe("dispatch");
  expect(kindOf("    if count > maxWarnings {", "maxWarnings", "a.go")).toBe("dispatch");
  expect(kindOf("    let v: Vec<ExprClosure> = vec![];", "ExprClosure", "a.rs")).toBe("reference");
});

describe("C struct tags (issue 14)", () => {
  const k = (line: string, subj: string) => { const s = line.indexOf(subj); return classifyOccurrence(line, s, s + subj.length, -1, "c").kind; };
  test("only `struct x {` defines; pointers, parameters and variables of the type are references", () => {
    expect(k("struct task_struct {", "task_struct")).toBe("definition");
    expect(k("typedef struct foo {", "foo")).toBe("definition");
    expect(k("static void f(struct task_struct *p)", "task_struct")).toBe("reference");
    expect(k("\tstruct task_struct *tsk = current;", "task_struct")).toBe("reference");
    expect(k("struct foo bar;", "foo")).toBe("reference");
    // A forward declaration names the type without its body; Rust's `struct Foo;` is a whole unit struct.
    expect(k("struct sk_buff;", "sk_buff")).toBe("declaration");
    expect(k("class Widget;", "Widget")).toBe("declaration");
    expect(classifyOccurrence("pub struct Foo;", 11, 14, -1, "c", "rust").kind).toBe("definition");
  });
  test("an initialised instance of the type (an ops table) implements it", () => {
    expect(k("static struct watchdog_governor watchdog_gov_noop = {", "watchdog_governor")).toBe("implementation");
  });
  test("dispatch idioms: an event constant passed to dispatch, a callback looked up by key and invoked", () => {
    expect(k("$this->_eventManager->dispatchEvent(Events::postConnect, $ev);", "postConnect")).toBe("emit");
    expect(k("($options['on_stats'])($stats);", "on_stats")).toBe("call");
    expect(k("opts[:after_connect].call(conn)", "after_connect")).toBe("call");
  });
});

describe("callbacks, addresses and object expressions (issue 14)", () => {
  const k = (line: string, subj: string, path = "a.c") => { const s = line.indexOf(subj); return classifyOccurrence(line, s, s + subj.length, -1, familyOf(path)).kind; };
  test("a callback stored whole into a field is a handler registration", () => {
    expect(k("\thrtimer->function = watchdog_timer_fn;", "watchdog_timer_fn")).toBe("handler");
    expect(k("\t.notifier_call = hung_task_panic,", "hung_task_panic")).toBe("handler");
    expect(k("  button.onclick = onClick;", "onClick", "a.js")).toBe("handler");
    // A value read from the subject is not a registration.
    expect(k("\tx->len = skb_len(skb);", "skb_len")).toBe("call");
    expect(k("\tif (a->f == cb)", "cb")).toBe("dispatch");
  });
  test("passed by address to a call: the callee writes it", () => {
    expect(k("\tsk_reset_timer(sk, &icsk->icsk_retransmit_timer, jiffies);", "icsk_retransmit_timer")).toBe("write");
    expect(k("\tinit_config(&cfg);", "cfg")).toBe("write");
    expect(k("\tif (a && ready)", "ready")).not.toBe("write");
  });
  test("Kotlin's object expression implements the interface", () => {
    expect(k("  private val eventListener = object : OnTouchEventListener {", "OnTouchEventListener", "a.kt")).toBe("implementation");
    expect(k("  val x: OnTouchEventListener = y", "OnTouchEventListener", "a.kt")).not.toBe("implementation");
  });
});

test("a C function whose return type is on the line above is defined at its name, not called", () => {
  const k = (line: string, subj: string) => { const s = line.indexOf(subj); return classifyOccurrence(line, s, s + subj.length, -1, "c").kind; };
  expect(k("hung_task_panic(struct notifier_block *this, unsigned long event, void *ptr)", "hung_task_panic")).toBe("definition");
  expect(k("watchdog_init(void)", "watchdog_init")).toBe("definition");
  expect(k("main(argc, argv);", "main")).toBe("call");
  expect(k("start(config)", "start")).toBe("call");
});

test("Ruby: a quoted key before => is a hash pair; @name is a variable, not a decorator; def self.x defines", () => {
  const k = (line: string, subj: string) => { const s = line.indexOf(subj); return classifyOccurrence(line, s, s + subj.length, -1, "hash").kind; };
  expect(k("        'Thor::UndefinedCommandError' => UndefinedCommandError::SpellChecker,", "UndefinedCommandError")).toBe("field");
  expect(k("    @after_connect = opts[:after_connect]", "after_connect")).toBe("write");
  expect(k("    def self.start(&b)", "start")).toBe("definition");
  expect(classifyOccurrence("@login_required", 1, 15, -1, "python").kind).toBe("call");
});

test("PHP: a quoted key before => is an array pair (grammars/pairs.ts); in a C-family language without the idiom it stays a match arm", () => {
  const line = "            'http_errors'     => true,";
  const s = line.indexOf("http_errors");
  expect(classifyOccurrence(line, s, s + 11, -1, "c", "php").kind).toBe("field");
  expect(classifyOccurrence(line, s, s + 11, -1, "c", "ecmascript").kind).toBe("dispatch");
});

test("Rust: only a &mut borrow passed to a call writes", () => {
  const k = (line: string, subj: string, rust: boolean) => { const s = line.lastIndexOf(subj); return classifyOccurrence(line, s, s + subj.length, -1, "c", rust ? "rust" : "c").kind; };
  expect(k("    parse_into(&mut config);", "config", true)).toBe("write");
  expect(k("    print_config(&config);", "config", true)).not.toBe("write");
  expect(k("    print_config(&config);", "config", false)).toBe("write");
});

test("Kotlin fun declarations define, with type parameters or a receiver type", () => {
  const k = (line: string, subj: string) => { const s = line.indexOf(subj); return classifyOccurrence(line, s, s + subj.length, -1, "c").kind; };
  expect(k("    override fun <T : GestureHandler<T>> onStateChange(handler: T, newState: Int, oldState: Int) {", "onStateChange")).toBe("definition");
  expect(k("  fun tryActivate(handler: GestureHandler<*>) {", "tryActivate")).toBe("definition");
  expect(k("inline fun Throwable.toCodedException() = when (this) {", "toCodedException")).toBe("definition");
  expect(k("      this@RNGestureHandlerModule.onStateChange(handler, newState, oldState)", "onStateChange")).toBe("call");
});

test("after `static`, a type then the declared name: the type is referenced, not defined", () => {
  const k = (line: string, subj: string) => { const s = line.indexOf(subj); return classifyOccurrence(line, s, s + subj.length, -1, "c").kind; };
  expect(k("    private static Node getCachedImpl(long peer) {", "Node")).toBe("reference");
  expect(k("    static Node cache;", "Node")).toBe("reference");
  expect(k("    static getCachedImpl(peer) {", "getCachedImpl")).toBe("definition");
  expect(k("static MAX_SIZE: usize = 10;", "MAX_SIZE")).toBe("definition");
  expect(k("    private static Node getCachedImpl(long peer) {", "getCachedImpl")).toBe("definition");
});

test("Lua, SQL, Haskell: -- comments and --[[ ]] blocks; Lua's table functions define", () => {
  const cols = commentColumns('local x = "--not" -- note\n--[[ a\nblock ]] y = 1\nz = 2', "dash");
  expect([...cols]).toEqual([18, 0, 0, -1]);
  expect(familyOf("init.lua")).toBe("dash");
  expect(kindOf("function M.get_option_number(name, default)", "get_option_number", "a.lua")).toBe("definition");
  expect(kindOf("function api:get_option_number(name, default)", "get_option_number", "a.lua")).toBe("definition");
  expect(kindOf("local n = api:get_option_number(name)", "get_option_number", "a.lua")).toBe("call");
  expect(kindOf('local home = os.getenv("XDG_CONFIG_HOME") or "~"', "XDG_CONFIG_HOME", "a.lua")).toBe("source");
  expect(kindOf('local req = module:get_option_boolean("c2s_require_encryption", false)', "c2s_require_encryption", "a.lua")).toBe("source");
});

test("a C++ member defined outside its class, `Type Owner::name (`, defines; its declaration in the class declares", () => {
  expect(kindOf("String SystemStats::getEnvironmentVariable (const String& name, const String& defaultValue)", "getEnvironmentVariable", "a.cpp")).toBe("definition");
  expect(kindOf("    static String getEnvironmentVariable (const String& name, const String& defaultValue);", "getEnvironmentVariable", "a.h")).toBe("declaration");
  expect(kindOf("    return SystemStats::getEnvironmentVariable (name, {});", "getEnvironmentVariable", "a.cpp")).toBe("call");
  expect(kindOf("    SystemStats::getEnvironmentVariable (name, {});", "getEnvironmentVariable", "a.cpp")).toBe("call");
  expect(kindOf("    auto v = SystemStats::getEnvironmentVariable (name, {});", "getEnvironmentVariable", "a.cpp")).toBe("call");
});

test("C++: a qualified name's owner is referenced; annotation macros in a type head; `const Type name` references the type", () => {
  expect(kindOf("var ValueTree::getProperty (const Identifier& name) const", "ValueTree", "a.cpp")).toBe("reference");
  expect(kindOf("class JUCE_API  ValueTree  final", "ValueTree", "a.h")).toBe("definition");
  expect(kindOf("struct GTY(()) cpp_reader {", "cpp_reader", "a.h")).toBe("definition");
  expect(kindOf("class JUCE_API ValueTree;", "ValueTree", "a.h")).toBe("declaration");
  expect(kindOf("const ValueTree ValueTree::invalid;", "ValueTree", "a.cpp")).toBe("reference");
  expect(kindOf("    const ValueTree& getRoot() noexcept       { return valueTree; }", "ValueTree", "a.h")).toBe("reference");
  // Not in JavaScript, where `const X =` defines X.
  expect(kindOf("const ValueTree = makeTree();", "ValueTree", "a.js")).toBe("definition");
});

test("C++: a parameter continued on its own line and a const pointer reference their type (googletest's UnitTest)", () => {
  expect(kindOf("                    const UnitTest& unit_test);", "UnitTest", "a.cc")).toBe("reference");
  expect(kindOf("    const UnitTest& /*unit_test*/) {}", "UnitTest", "a.cc")).toBe("reference");
  expect(kindOf("    const UnitTest*, int n);", "UnitTest", "a.cc")).toBe("reference");
  expect(kindOf("  static UnitTest* const instance = new UnitTest;", "UnitTest", "a.cc")).toBe("reference");
});

test("a catch clause in Kotlin's and C++'s idiom and Ruby's rescue dispatch on the exception type", () => {
  expect(kindOf("        } catch (e: CodedException) {", "CodedException", "a.kt")).toBe("dispatch");
  expect(kindOf("  } catch (const CodedException& e) {", "CodedException", "a.cpp")).toBe("dispatch");
  expect(kindOf("    rescue Sequel::DatabaseError => e", "DatabaseError", "a.rb")).toBe("dispatch");
  expect(kindOf("    rescue Timeout, DatabaseError => e", "DatabaseError", "a.rb")).toBe("dispatch");
});

describe("session 9: shapes the trace cases on unseen code met", () => {
  test("C++ members with specifiers declare or define; they are not calls", () => {
    expect(kindOf("    void handleAsyncUpdate() override;", "handleAsyncUpdate", "a.cpp")).toBe("declaration");
    expect(kindOf("    virtual void handleAsyncUpdate() = 0;", "handleAsyncUpdate", "a.h")).toBe("declaration");
    expect(kindOf("    int size() const noexcept;", "size", "a.h")).toBe("declaration");
    expect(kindOf("    void handleAsyncUpdate() override", "handleAsyncUpdate", "a.cpp")).toBe("definition");
    expect(kindOf("    void paint (Graphics& g) final {", "paint", "a.cpp")).toBe("definition");
    expect(kindOf("            handleAsyncUpdate();", "handleAsyncUpdate", "a.cpp")).toBe("call");
  });
  test("Rust's payload type tests dispatch on the type", () => {
    expect(kindOf("        if value.is::<rustc_errors::FatalErrorMarker>() {", "FatalErrorMarker", "a.rs")).toBe("dispatch");
    expect(kindOf("    if let Some(e) = err.downcast_ref::<io::Error>() {", "Error", "a.rs")).toBe("dispatch");
  });
  test("OCaml's definitions, declarations, handlers and writes (grammars/shapes.ts)", () => {
    expect(familyOf("typing/typecore.ml")).toBe("ml");
    expect(kindOf("and type_expect_", "type_expect_", "a.ml")).toBe("definition");
    expect(kindOf("let rec type_approx env sexp =", "type_approx", "a.ml")).toBe("definition");
    expect(kindOf("exception Exit_with_status of int", "Exit_with_status", "a.ml")).toBe("definition");
    expect(kindOf("val native_code : bool ref", "native_code", "a.mli")).toBe("declaration");
    expect(kindOf("  | exception (Compenv.Exit_with_status n) ->", "Exit_with_status", "a.ml")).toBe("dispatch");
    expect(kindOf("  with Compenv.Exit_with_status n -> exit n", "Exit_with_status", "a.ml")).toBe("dispatch");
    expect(kindOf("    raise (Compenv.Exit_with_status 2)", "Exit_with_status", "a.ml")).toBe("reference");
    expect(kindOf("  Clflags.native_code := true;", "native_code", "a.ml")).toBe("write");
    expect(kindOf("  r.contents <- v", "contents", "a.ml")).toBe("write");
    expect(kindOf('  let s = Sys.getenv "OCAMLPARAM" in', "OCAMLPARAM", "a.ml")).toBe("source");
  });
  test("OCaml comments are (* *), over lines; an ML type variable opens no string", () => {
    const cols = commentColumns("let f (x : 'a) = x (* the\n  identity *)\nlet g = f\n", "ml");
    expect([...cols]).toEqual([19, 0, -1, -1]);
  });
});

test("a type's own members are no calls of it; a line that makes an instance constructs it (C++, C#, Rust)", () => {
  // C++: a constructor or destructor through its type, a destructor's head, a defaulted member.
  expect(kindOf("Builder::Builder (const Nodes& n, const Links& c)", "Builder", "a.cpp")).toBe("impl-of");
  expect(kindOf("Builder::Builder (const Nodes& n, const Links& c)".replace(/^Builder::/, "xx::"), "Builder", "a.cpp")).toBe("call");
  expect(kindOf("Builder::~Builder()", "Builder", "a.cpp")).toBe("impl-of");
  expect(kindOf("    virtual ~Builder() override;", "Builder", "a.h")).toBe("impl-of");
  expect(kindOf("    Builder() = default;", "Builder", "a.h")).toBe("declaration");
  // C++: declared instances with arguments, make_unique; not a prototype returning the type.
  expect(kindOf("        const Builder builder (n, c, sequence);", "Builder", "a.cpp")).toBe("construct");
  expect(kindOf("        juce::Builder builder { 4 };", "Builder", "a.cpp")).toBe("construct");
  expect(kindOf("    auto b = std::make_unique<Builder> (n, c);", "Builder", "a.cpp")).toBe("construct");
  expect(kindOf("    Builder getBuilder (int a, float b);", "Builder", "a.h")).toBe("reference");
  expect(kindOf("    Builder getBuilder (const Nodes&, float);", "Builder", "a.h")).toBe("reference");
  expect(kindOf("    Builder getBuilder();", "Builder", "a.h")).toBe("reference");
  // C#'s target-typed new; Rust's associated constructors and a struct literal as a tail expression.
  expect(kindOf("        Builder b = new(3, \"x\");", "Builder", "a.cs")).toBe("construct");
  expect(kindOf("    let b = Builder::new(3);", "Builder", "a.rs")).toBe("construct");
  expect(kindOf("    let b = Builder::with_capacity(3);", "Builder", "a.rs")).toBe("construct");
  expect(kindOf("        Builder { size }", "Builder", "a.rs")).toBe("construct");
  expect(kindOf("        Builder { size } => size,", "Builder", "a.rs")).not.toBe("construct");
  expect(kindOf("    Builder::size(&b)", "Builder", "a.rs")).toBe("reference");
  expect(kindOf("    b = Builder.new(3)", "Builder", "a.rb")).toBe("construct");
  expect(kindOf("    b = Demo::Builder.new", "Builder", "a.rb")).toBe("construct");
});

test("C: a name on a line that closes a parenthesis opened above is called, not defined; #define defines", () => {
  const kind = (line: string, name: string) => {
    const i = line.lastIndexOf(name);
    return classifyOccurrence(line, i, i + name.length, -1, "c", "c").kind;
  };
  // The second line of `if (a &&\n    printk_ratelimit()) {`: a call, though shaped like `f() {`.
  expect(kind("\t    printk_ratelimit()) {", "printk_ratelimit")).toBe("call");
  expect(kind("\t    foo(b)) {", "foo")).toBe("call");
  expect(kind("int foo(int a) {", "foo")).toBe("definition");
  expect(kind("static int foo(int a,", "foo")).toBe("definition");
  const macro = "#define printk_ratelimit() __printk_ratelimit(__func__)";
  const at = macro.indexOf("printk_ratelimit");
  expect(classifyOccurrence(macro, at, at + 16, -1, "c", "c").kind).toBe("definition");
  expect(kind("#  define PAGE_SIZE 4096", "PAGE_SIZE")).toBe("definition");
  expect(kind("\tx = printk_ratelimit();", "printk_ratelimit")).toBe("call");
});
