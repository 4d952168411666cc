import { INLINE_HANDLER_IDIOMS, HANDLER_NAME } from "../../grammars/handlers.ts";
import { langOf } from "../classify/lexical.ts";
import { QUALITY_FACTOR, type Plan } from "./plan.ts";
import type { Occurrence } from "./evidence.ts";
import { braceBlockEnd } from "./regions.ts";
import { FLOW_MAX_LINE } from "./flow.ts";

// A step of a file's analysis for `handled` (see analyze.ts): a handler written inline. The subject
// is assigned a value that is an anonymous subclass, and that body's methods react to it:
//
//   private ObservableList<String> styleClass = new TrackableObservableList<String>() {
//       @Override protected void onChanged(Change<String> c) { reapplyCSS(); }
//   };
//
// The line reads as a plain write of the subject, but the body is where changes to it are handled:
// the occurrence becomes a handler whose region is the whole anonymous body. Which lines open such
// a body and which lines head a method in it is per-language data (grammars/handlers.ts).

interface Compiled { opener: RegExp; methods: RegExp[] }
const compiled = new Map<string, Compiled | null>();
const handlerName = new RegExp(HANDLER_NAME);

function idiomsOf(lang: string): Compiled | null {
  let c = compiled.get(lang);
  if (c === undefined) {
    const row = INLINE_HANDLER_IDIOMS[lang];
    c = row && row.opener.length ? { opener: new RegExp(row.opener.map((s) => `(?:${s})`).join("|")), methods: row.method.map((s) => new RegExp(s)) } : null;
    compiled.set(lang, c);
  }
  return c;
}

/** The first method of the anonymous body opened at `line` whose name says it handles something, or null. */
export function inlineHandlerMethod(lines: string[], line: number, lang: string): { name: string; end: number } | null {
  const c = idiomsOf(lang);
  const head = lines[line - 1] ?? "";
  if (!c || head.length > FLOW_MAX_LINE || !c.opener.test(head)) return null;
  const end = braceBlockEnd(lines, line);
  if (end <= line) return null;
  for (let l = line + 1; l < end; l++) {
    const t = lines[l - 1] ?? "";
    if (t.length > FLOW_MAX_LINE) continue;
    for (const m of c.methods) {
      const name = m.exec(t)?.[1];
      if (name && handlerName.test(name)) return { name, end };
    }
  }
  return null;
}

/** Writes of the subject whose value is an anonymous body with a handler method become handlers spanning that body. */
export function inlineHandlers(plan: Plan, path: string, lines: string[], occs: Occurrence[]): void {
  const lang = langOf(path);
  if (!idiomsOf(lang)) return;
  for (let i = 0; i < occs.length; i++) {
    const o = occs[i]!;
    if (o.kind !== "write" && o.kind !== "field" && o.kind !== "definition") continue;
    const h = inlineHandlerMethod(lines, o.line, lang);
    if (!h) continue;
    occs[i] = {
      ...o, kind: "handler", weight: plan.spec.weights.handler * QUALITY_FACTOR[o.quality], span: { start: o.line, end: h.end },
      note: `its value is an anonymous class whose ${h.name}() handles it`,
    };
  }
}
