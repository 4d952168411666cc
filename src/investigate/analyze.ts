import type { TraceQuery } from "../query/dsl.ts";
import type { Symbol } from "../structure/types.ts";
import { familyOf } from "../classify/lexical.ts";
import type { Plan } from "./plan.ts";
import { lineEvidence, forcedEvidence, type Forced } from "./evidence.ts";
import { bodyOrDeclaration, shapeConstructorsBelongToType, memberScope } from "./heads.ts";
import { flowEvidence } from "./flow-evidence.ts";
import { inlineHandlers } from "./anonymous.ts";
import { Candidates, placeOccurrence, addSubjectMembers, mergeWindows } from "./placement.ts";
import { shapeStatementStart, type StatementStart } from "./statements.ts";
import { scoreRegion, dropNested, type TraceRegion } from "./region-score.ts";

/**
 * A file's regions for the query: the subject's occurrences, each placed in its unit (the
 * enclosing symbol, or a unit by line shape, or a window), units merged and scored, nested ones
 * dropped. Each step is a module of its own.
 */
export function analyzeFile(plan: Plan, q: TraceQuery, path: string, lines: string[], symbols: Symbol[], matchLines: number[], role: string, forced?: Map<number, Forced>, stmt: StatementStart = shapeStatementStart(lines)): { regions: TraceRegion[] } {
  const occs = lineEvidence(plan, path, lines, matchLines);
  bodyOrDeclaration(plan, path, lines, occs);
  memberScope(plan, path, lines, symbols, occs);
  if (q.relation === "handled") inlineHandlers(plan, path, lines, occs);
  occs.push(...flowEvidence(plan, q, path, lines, matchLines, occs));
  if (!symbols.length) shapeConstructorsBelongToType(plan, lines, occs);
  occs.push(...forcedEvidence(plan, forced));
  const cands = new Candidates();
  const python = familyOf(path) === "python";
  for (const o of occs) placeOccurrence(plan, python, lines, symbols, o, cands, stmt);
  addSubjectMembers(plan, path, symbols, cands);
  const regions: TraceRegion[] = [];
  for (const c of mergeWindows(cands.list())) {
    const r = scoreRegion(plan, q, lines, symbols, role, c);
    if (r) regions.push(r);
  }
  regions.sort((a, b) => b.score - a.score || a.start - b.start);
  return { regions: dropNested(regions) };
}
