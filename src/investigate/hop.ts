import { escapeRegExp as esc } from "../util/text.ts";
import type { WalkOptions } from "../walk/types.ts";
import type { FileHits } from "../search/index.ts";
import { search, type Walked } from "../search/index.ts";
import { readText } from "../read/index.ts";
import { constantHolding, keyedReadOf, langOf } from "../classify/lexical.ts";

/**
 * triggered_from, one hop through a dispatcher. A callback is rarely called by name: it is stored
 * in a registry (a notifier chain, a listener list, an event table) and the registry is fired
 * elsewhere. From the lines that store the subject:
 *
 *   static struct notifier_block panic_block = { .notifier_call = hung_task_panic };   (holder)
 *   atomic_notifier_chain_register(&panic_notifier_list, &panic_block);               (registry)
 *
 * this finds the registry (`panic_notifier_list`; the holder itself when nothing registers it, or
 * the receiver of `registry.add(subject)`), then searches the tree once for lines that fire it:
 * a call whose name says so (call_chain, notify, emit, dispatch, fire, trigger, run, invoke,
 * each, for_each...) with the registry among its arguments or as its receiver.
 */

export interface Hop {
  /** Display path -> line (1-based) -> why the line fires the subject. */
  byFile: Map<string, { hits: FileHits; lines: Map<number, string> }>;
  registries: string[];
  /** Registering functions the subject hands its callbacks to (see forwardedFirings). */
  via?: string[];
}


/** Calls that register a callback or a holder (the registry is another argument, or the receiver). */
const REGISTER = /\b(\w*(?:register|subscribe|add_?listener|addEventListener|add_?observer|add_?handler|add_?callback|connect|attach|hook|listen|on)\w*)\s*\(([^;]*)$/i;
/** Calls that fire a registry: the name says it runs what is stored. */
const FIRE = /\b(?:\w*(?:call_chain|notify|notifier_call|emit|dispatch|fire|trigger|broadcast|publish|invoke|run_?hooks?|run_?callbacks?|call_?(?:all|each|listeners|handlers|callbacks)|for_?each)\w*|each|forEach|call)\s*\(|\.\s*(?:each|each_value|forEach|call)\b(?:\s*(?:do\b|\{))/;
const IDENT = /^[A-Za-z_]\w*$/;

/** A comment line (C, C++, Java, JS, shell, Python, Ruby): never a firing or a registration. */
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*|#(?!\s*define\b))/;
/** An event-type constant as a registration key: `setEventHandler(WindowEvent.WINDOW_CLOSE_REQUEST, h)`. */
const KEYED_REGISTER = /\b(?:set|add|register|put|on)\w*(?:Handler|Listener|Callback|Observer|Hook)\w*\s*\(\s*(?:[\w$]+(?:\.|::))*([A-Z][A-Z0-9_]{2,})\s*,/;
/** Lines after an assignment of the subject in which a keyed registration may sit (a property's body). */
const KEYED_WINDOW = 10;

/**
 * Whether `name` is declared at file scope in `lines` (a global or static at column 0, as C and most
 * languages write them): a holder reached through a local variable or a parameter
 * (`t->function = cb` with `struct hrtimer *t`) names nothing another file could fire.
 */
function fileScoped(lines: string[], name: string): boolean {
  // `static struct notifier_block panic_block = {`, `LIST_HEAD(listeners);`-free plain declarations:
  // a type before the name, no parenthesis before it (parameters, macros), not a tag (`struct name`).
  const re = new RegExp(`^[A-Za-z_][^(]*?[\\w*]\\s+\\**\\s*${esc(name)}\\s*(?:\\[[^\\]]*\\]\\s*)?(?:=|;|,)`);
  const tag = new RegExp(`\\b(?:struct|union|enum|class)\\s+${esc(name)}\\b`);
  return lines.some((l) => re.test(l) && !tag.test(l));
}

/** Registries searched for firing lines: the most often named, so the second search stays one search. */
const MAX_REGISTRIES = 4;

/**
 * Holder and registry names for the subject, from the lines that store it, in every file that
 * mentions it (no path-chosen sample): the MAX_REGISTRIES named by the most storing lines, ties
 * in the order found.
 */
export function registriesOf(files: FileHits[], subject: string, textOf: (f: FileHits) => string[] | null, keys?: Map<string, string>, forwards?: Set<string>): string[] {
  const seen = new Map<string, number>();
  const add = (r: string | undefined) => {
    if (r && IDENT.test(r) && r !== subject && r.length >= 3) seen.set(r, (seen.get(r) ?? 0) + 1);
  };
  const stored = new RegExp(`(?:\\.\\s*(\\w+)|(\\w+)\\s*(?:->|\\.)\\s*\\w+|\\b(\\w+))\\s*=\\s*&?\\s*${esc(subject)}\\s*[,;}]`);
  const inCall = new RegExp(`\\b${esc(subject)}\\b`);
  const assigned = new RegExp(`\\b${esc(subject)}\\s*=(?!=)`);
  for (const f of files) {
    for (const m of f.matches) {
      const t = m.text;
      if (COMMENT_LINE.test(t)) continue;
      const s = stored.exec(t);
      if (s) {
        const lines = textOf(f);
        // `.field = subject` inside an initializer: the holder is the variable being initialised.
        if (s[1]) {
          if (lines) {
            for (let l = m.line - 1; l >= 1 && l >= m.line - 15; l--) {
              const h = /(\w+)\s*(?:\[[^\]]*\])?\s*=\s*\{/.exec(lines[l - 1] ?? "");
              if (h) {
                const holder = h[1]!;
                if (fileScoped(lines, holder)) add(registryOf(lines, holder) ?? holder);
                break;
              }
            }
          }
        } else {
          const holder = s[2] ?? s[3];
          if (holder && lines && fileScoped(lines, holder)) add(holder);
        }
        continue;
      }
      const r = REGISTER.exec(t);
      if (r && inCall.test(r[2]!)) {
        // register(&registry, subject) / registry.add(subject) / register_x_notifier(subject) / on(EVENT, subject)
        const key = KEYED_REGISTER.exec(t);
        const args = r[2]!.split(",").map((a) => a.replace(/[&*()\s]/g, ""));
        const other = args.find((a) => IDENT.test(a) && a !== subject);
        const recv = /(\w+)\s*(?:\.|->|::)\s*\w+\s*\([^()]*$/.exec(t.slice(0, r.index + r[0].indexOf("(") + 1));
        const reg = key?.[1] ?? other ?? recv?.[1];
        add(reg);
        // The event a bus registers it under (`bus.on('close', cb)`): firing that event fires it.
        const ev = /\(\s*(["'`][^"'`]+["'`]|(?:[\w$\\]+(?:::|\.|->))+[A-Za-z_]\w*)\s*,/.exec(r[0]);
        if (reg && ev && keys && !keys.has(reg)) keys.set(reg, ev[1]!.replace(/^["'`]|["'`]$/g, ""));
        continue;
      }
      // A definition that stores its callback parameter in a collection (Ruby's `def self.start(&b);
      // start_procs << b; end`, `function on(cb) { this.hooks.push(cb) }`): the collection.
      const def = new RegExp(`\\b(?:def|function|fun|func|fn)\\s+(?:self\\.|[A-Z][\\w:]*\\.)?${esc(subject)}\\s*\\(([^)]*)\\)`).exec(t);
      if (def) {
        const lines = textOf(f);
        const params = def[1]!.split(",").map((p) => p.replace(/^[\s&*]+|[\s:=].*$/g, "")).filter((p) => IDENT.test(p));
        for (let l = m.line; lines && params.length && l < lines.length && l < m.line + 5; l++) {
          const u = lines[l] ?? "";
          const st = new RegExp(`\\b(\\w+)\\s*(?:<<\\s*(?:${params.map(esc).join("|")})\\b|\\.\\s*(?:push|add|append|concat|unshift|insert)\\s*\\(\\s*(?:${params.map(esc).join("|")})\\b)`).exec(u);
          if (st) { add(st[1]); break; }
          // The parameter handed on to a registering function (`zapcore.RegisterHooks(core, hooks...)`):
          // that function stores it (see forwardedFirings).
          const fw = forwards && REGISTER.exec(u);
          if (fw && new RegExp(`\\b(?:${params.map(esc).join("|")})\\b`).test(fw[2]!) && fw[1] !== subject) { forwards.add(fw[1]!); break; }
        }
        continue;
      }
      // A property or field assigned here whose body registers it under an event key
      // (JavaFX's onCloseRequest: `setEventHandler(WindowEvent.WINDOW_CLOSE_REQUEST, get())`).
      if (assigned.test(t)) {
        const lines = textOf(f);
        for (let l = m.line; lines && l < lines.length && l < m.line + KEYED_WINDOW; l++) {
          const k = KEYED_REGISTER.exec(lines[l] ?? "");
          if (k) { add(k[1]); break; }
        }
      }
    }
  }
  // Map order is the order found: a stable sort by count keeps it for ties.
  return [...seen.keys()].sort((a, b) => seen.get(b)! - seen.get(a)!).slice(0, MAX_REGISTRIES);
}

/** The registry a holder is registered into: `register(&registry, &holder)`, in the holder's file. */
function registryOf(lines: string[], holder: string): string | undefined {
  const re = new RegExp(`\\b\\w*(?:register|add|attach|subscribe|chain)\\w*\\s*\\(([^;]*\\b${esc(holder)}\\b[^;]*)\\)`);
  for (const l of lines) {
    const m = re.exec(l);
    if (!m) continue;
    const other = m[1]!.split(",").map((a) => a.replace(/[&*()\s]/g, "")).find((a) => IDENT.test(a) && a !== holder);
    return other;
  }
  return undefined;
}

export async function dispatchHop(walk: WalkOptions, files: FileHits[], subject: string, walked?: Walked): Promise<Hop | null> {
  const texts = new Map<string, string[] | null>();
  const textOf = (f: FileHits) => {
    const k = f.entry.display;
    if (!texts.has(k)) texts.set(k, readText(f.entry.open)?.text.split("\n") ?? null);
    return texts.get(k)!;
  };
  const keys = new Map<string, string>();
  const forwards = new Set<string>();
  const registries = registriesOf(files, subject, textOf, keys, forwards);
  if (!registries.length && !forwards.size) return null;
  const names = [...registries, ...forwards];
  const via = [...forwards];
  const res = await search(walk, { pattern: `\\b(?:${names.map(esc).join("|")})\\b`, regex: true, ignoreCase: false, wordRegexp: false }, { walked });
  const byFile: Hop["byFile"] = new Map();
  const mark = (fh: FileHits, line: number, why: string) => {
    let f = byFile.get(fh.entry.display);
    if (!f) byFile.set(fh.entry.display, (f = { hits: fh, lines: new Map() }));
    f.lines.set(line, why);
  };
  for (const fh of res.files) {
    if (forwards.size) {
      const lines = textOf(fh);
      for (const m of fh.matches) {
        const fw = [...forwards].find((w) => new RegExp(`\\b${esc(w)}\\b`).test(m.text));
        if (!fw || !lines) continue;
        for (const x of forwardedFirings(lines, m.line, fw)) mark(fh, x.line, `runs what ${fw} stores in ${x.store}, where ${subject} hands its callbacks (one hop through ${fw})`);
      }
    }
    if (!registries.length) continue;
    for (const m of fh.matches) {
      const fired = firesRegistry(m.text, registries, () => textOf(fh), m.line, subject, keys);
      if (fired) mark(fh, m.line, `fires ${fired}, where ${subject} is registered (one hop through the dispatcher)`);
    }
  }
  return byFile.size ? { byFile, registries, ...(via.length ? { via } : {}) } : null;
}

/** Lines below a registering function's head in which it stores its callback parameters. */
const STORE_WINDOW = 12;

/**
 * The lines that run what a registering function stores, when `line` is its definition:
 *
 *   func RegisterHooks(core Core, hooks ...func(Entry) error) Core {
 *       funcs := append([]func(Entry) error{}, hooks...)        <- stored in a local,
 *       return &hooked{Core: core, funcs: funcs}                <- then in a field
 *   ...
 *       err = multierr.Append(err, h.funcs[i](ent))             <- run: an element called
 *
 * Its parameters are followed through assignments and field initialisers in the next lines (the
 * names that hold them); a line of the same file that calls an element of one (`store[i](...)`),
 * calls the variable of a loop over one, or fires one (FIRE) runs them.
 */
export function forwardedFirings(lines: string[], line: number, fn: string): Array<{ line: number; store: string }> {
  const head = new RegExp(`\\b(?:def|function|fun|func|fn)\\s+(?:\\([^)]*\\)\\s*)?(?:self\\.|[A-Z][\\w:]*\\.)?${esc(fn)}\\s*\\(([^)]*)\\)`).exec(lines[line - 1] ?? "");
  if (!head) return [];
  const held = new Set(head[1]!.split(",").map((p) => p.replace(/^[\s&*]+|[\s:=].*$/g, "")).filter((p) => IDENT.test(p)));
  if (!held.size) return [];
  const stores = new Set<string>();
  for (let l = line + 1; l <= lines.length && l <= line + STORE_WINDOW; l++) {
    const t = lines[l - 1] ?? "";
    if (t.length > 2048) continue;
    const any = new RegExp(`\\b(?:${[...held].map(esc).join("|")})\\b`);
    // `x := ...p...`, `this.x = p`, `x = [...p]`; `x: p` in an initialiser; `x << p`, `x.push(p)`.
    const m = /(?:^|[^\w$.])(?:(?:this|self|\w+)\s*(?:\.|->)\s*)?([A-Za-z_]\w*)\s*(?::=|=(?![=>])|:(?!:)|<<)\s*(.*)$/.exec(t)
      ?? /\b([A-Za-z_]\w*)\s*\.\s*(?:push|add|append|concat|insert)\s*\((.*)$/.exec(t);
    if (m && any.test(m[2]!) && !held.has(m[1]!)) { held.add(m[1]!); stores.add(m[1]!); }
  }
  if (!stores.size) return [];
  const out: Array<{ line: number; store: string }> = [];
  for (const st of stores) {
    const indexed = new RegExp(`\\b${esc(st)}\\s*\\[[^\\]]*\\]\\s*\\(`);
    const loop = new RegExp(`\\bfor\\b[^;{]*?\\b(?:(\\w+)\\s*:?=\\s*range\\s+|(\\w+)\\s+(?:in|of)\\s+|(\\w+)\\s*:\\s*)[\\w.>$-]*\\b${esc(st)}\\b`);
    for (let l = 1; l <= lines.length; l++) {
      const t = lines[l - 1] ?? "";
      if (t.length > 2048 || COMMENT_LINE.test(t) || !t.includes(st)) continue;
      if (indexed.test(t) || firesRegistry(t, [st], () => lines, l)) { out.push({ line: l, store: st }); continue; }
      const lp = loop.exec(t);
      const v = lp?.[1] ?? lp?.[2] ?? lp?.[3];
      if (!v) continue;
      for (let k = l + 1; k <= lines.length && k <= l + 3; k++) {
        if (new RegExp(`(?:^|[^\\w$.])${esc(v)}\\s*\\(`).test(lines[k - 1] ?? "")) { out.push({ line: k, store: st }); break; }
      }
    }
  }
  return out;
}

/** Lines before a registry's line that may open the same statement (a call split over lines). */
const STATEMENT_LINES = 3;

/**
 * The registry that line `line` fires, if it does: a firing call (FIRE) with the registry among its
 * arguments or as its receiver, on this line or in the statement it continues (`fireEvent(w,\n new
 * E(w,\n E.CLOSE))`). Not a comment, a registration, the registry's own definition, or the
 * definition of a function whose name merely contains a firing word.
 */
export function firesRegistry(text: string, registries: string[], linesOf: () => string[] | null, line: number, subject?: string, keys?: Map<string, string>): string | null {
  if (COMMENT_LINE.test(text)) return null;
  const reg = registries.find((r) => new RegExp(`\\b${esc(r)}\\b`).test(text));
  if (!reg) return null;
  if (new RegExp(`^\\s*(?:static\\s+|extern\\s+|public\\s+|private\\s+|protected\\s+|final\\s+)*(?:[\\w<>\\s*]+\\s)?${esc(reg)}\\s*(?:=|;|\\[)`).test(text)) return null;
  let stmt = text;
  let regAt = stmt.search(new RegExp(`\\b${esc(reg)}\\b`));
  if (!FIRE.test(stmt)) {
    const lines = linesOf();
    if (!lines) return null;
    for (let l = line - 1; l >= 1 && l >= line - STATEMENT_LINES; l--) {
      const p = lines[l - 1] ?? "";
      if (/[;{}]\s*(?:\/\/.*)?$/.test(p) || COMMENT_LINE.test(p)) break;
      stmt = p + " " + stmt;
      regAt += p.length + 1;
      if (FIRE.test(stmt)) break;
    }
  }
  const f = FIRE.exec(stmt);
  if (!f) return null;
  if (REGISTER.test(stmt) && !/call_chain|notify|emit|dispatch|fire|trigger/.test(stmt)) return null;
  // A definition whose name holds a firing word (`static enum hrtimer_restart imx_trigger_start_tx(...)`).
  if ((f.index === 0 || /^\s*(?:[A-Za-z_][\w:<>,]*[\s*&]+)+$/.test(stmt.slice(0, f.index))) && !/;\s*$/.test(stmt)) return null;
  const open = f.index + f[0].length;
  const between = stmt.slice(regAt + reg.length, f.index);
  const inArgs = regAt >= open;
  const receiver = regAt < f.index && /^\s*(?:\(\s*)?(?:(?:\.|->|::)\s*\w+\s*)*(?:(?:\.|->|::)\s*)?$/.test(between) && (between.trim() !== "" || /^[.:-]/.test(f[0]));
  if (!(inArgs || receiver)) return null;
  // A bus fires many events: a firing call whose first argument names another event
  // (`dispatchEvent(Events::onSchemaDropTable, ...)` on the bus postConnect is registered on) does not fire the subject.
  const first = /^\s*([^,()]*?)\s*(?:,|\))/.exec(stmt.slice(open))?.[1] ?? "";
  const eventKey = /^(?:[\w$\\]+(?:::|\.|->))+[A-Za-z_]\w*$|^["'`][^"'`]*["'`]$/.test(first);
  const known = keys?.get(reg);
  if (receiver && subject && eventKey && !first.includes(subject) && !first.includes(reg) && !(known && first.replace(/^["'`]|["'`]$/g, "") === known)) return null;
  return reg;
}

const ROOT_CLASSES = /^(?:Object|Exception|StandardError|RuntimeError|Throwable|BaseException|Error)$/;

/** `class Subject < Base`, `class Subject extends Base`, `class Subject(Base)`, `class Subject : Base()`. */
export function superclassOf(files: FileHits[], subject: string): { base: string; path: string } | null {
  const re = new RegExp(`\\bclass\\s+${esc(subject)}\\s*(?:<\\s*|extends\\s+|\\(\\s*|:\\s*(?:public\\s+)?)((?:[A-Za-z_]\\w*(?:::|\\.|\\\\))*([A-Z]\\w*))`);
  for (const f of files) {
    for (const m of f.matches) {
      const s = re.exec(m.text);
      // A root class (Exception, StandardError, ...) is every error's ancestor: its handlers say nothing.
      // Unless the tree defines its own (Thor::Error beside UndefinedCommandError in error.rb).
      if (!s || s[2] === subject) continue;
      if (ROOT_CLASSES.test(s[2]!) && !new RegExp(`\\bclass\\s+${esc(s[2]!)}\\b`).test(readText(f.entry.open)?.text ?? "")) continue;
      return { base: s[2]!, path: f.entry.display };
    }
  }
  return null;
}

/**
 * handled, one hop up the class tree: an exception is also handled where its superclass is caught
 * (`rescue Thor::Error => e` handles `class UndefinedCommandError < Error`). Searches once for
 * catch/rescue/except lines naming the superclass, within the defining file's top folder (another
 * package's `Error` is another class).
 */
export async function ancestorHandlers(walk: WalkOptions, files: FileHits[], subject: string, walked?: Walked): Promise<Hop | null> {
  const sup = superclassOf(files, subject);
  if (!sup) return null;
  const top = sup.path.split("/")[0]!;
  const res = await search(walk, { pattern: `\\b(?:rescue|except|catch)\\b.*\\b${esc(sup.base)}\\b`, regex: true, ignoreCase: false, wordRegexp: false }, { walked });
  const byFile: Hop["byFile"] = new Map();
  for (const fh of res.files) {
    if (fh.entry.display.split("/")[0] !== top || fh.entry.display === sup.path) continue;
    for (const m of fh.matches) {
      if (COMMENT_LINE.test(m.text)) continue;
      let f = byFile.get(fh.entry.display);
      if (!f) byFile.set(fh.entry.display, (f = { hits: fh, lines: new Map() }));
      f.lines.set(m.line, `catches ${sup.base}, the superclass of ${subject} (one hop up)`);
    }
  }
  return byFile.size ? { byFile, registries: [sup.base] } : null;
}

/** Constants followed to their reads in other files: the most often bound, so the second search stays one search. */
const MAX_CONSTANTS = 4;

/**
 * comes_from, one hop through a constant. A configuration key or an environment variable's name
 * is often kept in a constant (`#define HOME_ENV "APP_HOME"`, `static final String KEY =
 * "app.home";`) and read by that name in another file (`getenv(HOME_ENV)`,
 * `System.getProperty(Config.KEY)`): from the lines that bind the subject's name, this searches
 * the tree once for reads of those constants (grammars/sources.ts's keyed idioms with the name
 * where the quoted key would be). Reads in the binding's own file are found without a search
 * (readThroughConstant).
 */
export async function constantHop(walk: WalkOptions, files: FileHits[], subject: string, values: string[], walked?: Walked): Promise<Hop | null> {
  const seen = new Map<string, { n: number; home: Set<string>; held: string }>();
  for (const f of files) {
    for (const m of f.matches) {
      let name: string | undefined, held = subject;
      for (const v of values) if ((name = constantHolding(m.text, v))) { held = v; break; }
      if (!name || name === subject || name.length < 2) continue;
      const s = seen.get(name) ?? { n: 0, home: new Set<string>(), held };
      s.n++;
      s.home.add(f.entry.display);
      seen.set(name, s);
    }
  }
  if (!seen.size) return null;
  const names = [...seen.entries()].sort((a, b) => b[1].n - a[1].n).slice(0, MAX_CONSTANTS).map(([n]) => n);
  const res = await search(walk, { pattern: `\\b(?:${names.map(esc).join("|")})\\b`, regex: true, ignoreCase: false, wordRegexp: false }, { walked });
  const byFile: Hop["byFile"] = new Map();
  for (const fh of res.files) {
    const lang = langOf(fh.entry.display);
    for (const m of fh.matches) {
      if (COMMENT_LINE.test(m.text) || m.text.length > 1000) continue;
      const name = names.find((n) => !seen.get(n)!.home.has(fh.entry.display) && m.text.includes(n) && keyedReadOf(n, lang).test(m.text));
      if (!name) continue;
      let f = byFile.get(fh.entry.display);
      if (!f) byFile.set(fh.entry.display, (f = { hits: fh, lines: new Map() }));
      f.lines.set(m.line, `reads the subject from the environment or config through ${name} (= "${seen.get(name)!.held}", ${[...seen.get(name)!.home][0]}; one hop)`);
    }
  }
  return byFile.size ? { byFile, registries: names } : null;
}
