// Language id -> its definition, loaded on first use (a definition module is small, but the
// map keeps start-up from touching languages a call never parses).
import type { GrammarDef } from "../src/structure/grammar.ts";

type Loader = () => Promise<{ default: GrammarDef }>;

export const GRAMMARS: Record<string, Loader> = {
  typescript: () => import("./typescript.ts"),
  tsx: () => import("./tsx.ts"),
  javascript: () => import("./javascript.ts"),
  python: () => import("./python.ts"),
  rust: () => import("./rust.ts"),
  go: () => import("./go.ts"),
  java: () => import("./java.ts"),
  c: () => import("./c.ts"),
  cpp: () => import("./cpp.ts"),
  csharp: () => import("./csharp.ts"),
  ruby: () => import("./ruby.ts"),
  php: () => import("./php.ts"),
  kotlin: () => import("./kotlin.ts"),
  swift: () => import("./swift.ts"),
  scala: () => import("./scala.ts"),
  bash: () => import("./bash.ts"),
  lua: () => import("./lua.ts"),
  elixir: () => import("./elixir.ts"),
  dart: () => import("./dart.ts"),
  zig: () => import("./zig.ts"),
  ocaml: () => import("./ocaml.ts"),
  ocaml_interface: () => import("./ocaml_interface.ts"),
  solidity: () => import("./solidity.ts"),
};
