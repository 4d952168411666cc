/**
 * Signal: the file's role (src/classify/role.ts). Tests, docs, examples, vendored and generated
 * files are demoted unless the query names their role; a query naming the file's own kind (.tbl
 * for "table") asks for such a file, so a data file is then not demoted as one of unknown role.
 */
import { inferRole, type Role } from "../classify/role.ts";
import type { FindQuery } from "./find-query.ts";
import type { PathInfo } from "./path.ts";

export const ROLE_FACTOR: Record<Role, number> = {
  implementation: 1,
  test: 0.45,
  docs: 0.4,
  example: 0.5,
  vendored: 0.3,
  generated: 0.25,
  config: 0.65,
  build: 0.65,
  generic: 0.55,
};

/** A wanted role other than implementation ranks a little above implementation. */
const WANTED_ROLE_FACTOR = 1.15;

/** The role factor of a file (its role is inferred here, once). */
export function roleFactor(inf: PathInfo, query: FindQuery): number {
  inf.role ??= inferRole(inf.entry.display);
  if (query.wantRoles.has(inf.role)) return inf.role === "implementation" ? 1 : WANTED_ROLE_FACTOR;
  const namesKind = inf.role === "generic" && inf.hits.some((h) => h.ext);
  return namesKind ? 1 : ROLE_FACTOR[inf.role];
}
