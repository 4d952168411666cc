/**
 * Parse worker (bundled as its own entry point in build/build.ts; structure/parallel.ts drives it).
 *   in:  {id, path, text, matches?}   out: {id, structure, roles?} or {id, error}
 * With `matches`, the roles of those matches are read from the syntax tree here (the tree cannot
 * travel back), as grep's matchRoles reads them from a tree parsed on the main thread.
 */
import { extractStructure } from "./index.ts";
import { rolesFromTree, type MatchRole } from "./roles.ts";
import { roleTable } from "../../grammars/roles.ts";
import { disableStore } from "./store.ts";

declare const self: Worker;
disableStore();

self.onmessage = async (ev: MessageEvent) => {
  const { id, path, text, matches } = ev.data;
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
    self.postMessage({ id, structure: plain, roles });
  } catch (e: any) {
    self.postMessage({ id, error: String(e?.message ?? e) });
  }
};
