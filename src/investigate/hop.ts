import type { WalkOptions } from "../walk/types.ts";
import type { FileHits } from "../search/index.ts";
import { search } from "../search/index.ts";
import { readText } from "../read/index.ts";

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
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Calls that register a callback or a holder (the registry is another argument, or the receiver). */
const REGISTER = /\b(\w*(?:register|subscribe|add_?listener|addEventListener|add_?observer|add_?handler|add_?callback|connect|attach|hook|listen|on)\w*)\s*\(([^;]*)$/i;
/** Calls that fire a registry: the name says it runs what is stored. */
const FIRE = /\b(?:\w*(?:call_chain|notify|notifier_call|emit|dispatch|fire|trigger|broadcast|publish|invoke|run_?hooks?|run_?callbacks?|call_?(?:all|each|listeners|handlers|callbacks)|for_?each)\w*|each|forEach|call)\s*\(/;
const IDENT = /^[A-Za-z_]\w*$/;

/** Holder and registry names for the subject, from the lines that store it. */
export function registriesOf(files: FileHits[], subject: string, textOf: (f: FileHits) => string[] | null): string[] {
  const out: string[] = [];
  const add = (r: string | undefined) => {
    if (r && IDENT.test(r) && r !== subject && r.length >= 3 && !out.includes(r)) out.push(r);
  };
  const stored = new RegExp(`(?:\\.\\s*(\\w+)|(\\w+)\\s*(?:->|\\.)\\s*\\w+|\\b(\\w+))\\s*=\\s*&?\\s*${esc(subject)}\\s*[,;}]`);
  const inCall = new RegExp(`\\b${esc(subject)}\\b`);
  for (const f of files.slice(0, 200)) {
    for (const m of f.matches) {
      const t = m.text;
      const s = stored.exec(t);
      if (s) {
        // `.field = subject` inside an initializer: the holder is the variable being initialised.
        if (s[1]) {
          const lines = textOf(f);
          if (lines) {
            for (let l = m.line - 1; l >= 1 && l >= m.line - 15; l--) {
              const h = /(\w+)\s*(?:\[[^\]]*\])?\s*=\s*\{/.exec(lines[l - 1] ?? "");
              if (h) {
                const holder = h[1]!;
                add(registryOf(lines, holder) ?? holder);
                break;
              }
            }
          }
        } else if (s[2]) add(s[2]);
        continue;
      }
      const r = REGISTER.exec(t);
      if (r && inCall.test(r[2]!)) {
        // register(&registry, subject) / registry.add(subject) / register_x_notifier(subject)
        const args = r[2]!.split(",").map((a) => a.replace(/[&*()\s]/g, ""));
        const other = args.find((a) => IDENT.test(a) && a !== subject);
        const recv = /(\w+)\s*(?:\.|->|::)\s*\w+\s*\([^()]*$/.exec(t.slice(0, r.index + r[0].indexOf("(") + 1));
        add(other ?? recv?.[1]);
      }
    }
  }
  return out.slice(0, 4);
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

export async function dispatchHop(walk: WalkOptions, files: FileHits[], subject: string): Promise<Hop | null> {
  const texts = new Map<FileHits, string[] | null>();
  const textOf = (f: FileHits) => {
    if (!texts.has(f)) texts.set(f, readText(f.entry.open)?.text.split("\n") ?? null);
    return texts.get(f)!;
  };
  const registries = registriesOf(files, subject, textOf);
  if (!registries.length) return null;
  const res = await search(walk, { pattern: `\\b(?:${registries.map(esc).join("|")})\\b`, regex: true, ignoreCase: false, wordRegexp: false });
  const byFile: Hop["byFile"] = new Map();
  for (const fh of res.files) {
    for (const m of fh.matches) {
      const t = m.text;
      if (!FIRE.test(t) || REGISTER.test(t) && !/call_chain|notify|emit|dispatch|fire|trigger/.test(t)) continue;
      const reg = registries.find((r) => new RegExp(`\\b${esc(r)}\\b`).test(t));
      if (!reg) continue;
      // The registry must be an argument or the receiver of the firing call, not its definition.
      if (new RegExp(`^\\s*(?:static\\s+|extern\\s+)?(?:[\\w\\s*]+\\s)?${esc(reg)}\\s*(?:=|;|\\[)`).test(t)) continue;
      let f = byFile.get(fh.entry.display);
      if (!f) byFile.set(fh.entry.display, (f = { hits: fh, lines: new Map() }));
      f.lines.set(m.line, `fires ${reg}, where ${subject} is registered (one hop through the dispatcher)`);
    }
  }
  return byFile.size ? { byFile, registries } : null;
}
