/**
 * One parse job as a parse worker (worker.ts) or the parse process (child.ts) runs it:
 *   in:  {id, path, text, matches?}   out: {id, structure, roles?} or {id, error}
 * With `matches`, the roles of those matches are read from the syntax tree here (the tree cannot
 * travel back), as grep's matchRoles reads them from a tree parsed on the main thread.
 */
import { extractStructure } from "./index.ts";
import { rolesFromTree, type MatchRole } from "./roles.ts";
import { roleTable } from "../../grammars/roles.ts";

export interface JobMessage {
  id: number;
  path: string;
  text: string;
  matches?: { line: number; spans: [number, number][]; text: string }[];
}

export async function runJob(msg: JobMessage): Promise<{ id: number; structure?: unknown; roles?: MatchRole[]; error?: string }> {
  const { id, path, text, matches } = msg;
  try {
    const s = await extractStructure(path, text, matches !== undefined);
    let roles: MatchRole[] | undefined;
    if (s.syntax) {
      try {
        if (matches) roles = rolesFromTree(s.syntax.root, roleTable(s.language), matches, path, s.syntax.calls);
      } catch {
        roles = undefined; // the main thread parses again and falls back as it would
      } finally {
        s.syntax.release();
      }
    }
    const { syntax, ...plain } = s;
    return { id, structure: plain, roles };
  } catch (e: any) {
    return { id, error: String(e?.message ?? e) };
  }
}
