import type { TraceQuery } from "../query/dsl.ts";
import type { OccKind } from "../classify/lexical.ts";
import { langOf } from "../classify/lexical.ts";
import type { Plan } from "./plan.ts";
import { FORCED_FACTOR, type Occurrence } from "./evidence.ts";
import { originsOf, aliasWrites, aliasCalls, FLOW_MAX_LINE, type FlowStep } from "./flow.ts";

// Step 3 of a file's analysis (see analyze.ts): evidence one step of data flow away (flow.ts).

/**
 * One step of data flow: where the locals a write reads are assigned (comes_from), writes
 * through a local bound to the subject (populated), a callback read into a local and invoked
 * (triggered_from). Lines already matched are not counted twice.
 */
export function flowEvidence(plan: Plan, q: TraceQuery, path: string, lines: string[], matchLines: number[], occs: Occurrence[]): Occurrence[] {
  if (q.relation !== "comes_from" && q.relation !== "populated" && q.relation !== "triggered_from") return [];
  const seen = new Set(matchLines);
  const lang = langOf(path);
  const skip = (id: string) => { plan.lineRegex.lastIndex = 0; return plan.lineRegex.test(id); };
  const steps: FlowStep[] = [];
  const from = new Set<number>();
  for (const o of occs) {
    // Once per line, and not on huge lines (a minified bundle's one line of megabytes).
    if (from.has(o.line) || (lines[o.line - 1]?.length ?? 0) > FLOW_MAX_LINE) continue;
    from.add(o.line);
    if (q.relation === "comes_from" && (o.kind === "write" || ((o.kind === "definition" || o.kind === "field") && o.withValue))) steps.push(...originsOf(lines, o.line, skip, lang));
    if (q.relation === "populated") steps.push(...aliasWrites(lines, o.line, plan.subject));
    if (q.relation === "triggered_from") steps.push(...aliasCalls(lines, o.line, plan.subject));
  }
  const out: Occurrence[] = [];
  for (const st of steps) {
    if (seen.has(st.line)) continue;
    seen.add(st.line);
    const kind: OccKind = q.relation === "triggered_from" ? "call" : st.source ? "source" : "write";
    out.push({ line: st.line, kind, quality: "exact", withValue: true, weight: plan.spec.weights[kind] * FORCED_FACTOR, note: st.why });
  }
  return out;
}

