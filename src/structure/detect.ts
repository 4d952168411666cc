/**
 * Language of a file from its name (extension, case-insensitive, or a well-known file name) and,
 * for extensionless scripts, its shebang line. "text" means: no structure is claimed.
 */

const BY_EXT: Record<string, string> = {
  ts: "typescript", mts: "typescript", cts: "typescript",
  tsx: "tsx",
  js: "javascript", mjs: "javascript", cjs: "javascript", jsx: "javascript",
  py: "python", pyi: "python", pyw: "python",
  rs: "rust",
  go: "go",
  java: "java",
  c: "c",
  cc: "cpp", cpp: "cpp", cxx: "cpp", "c++": "cpp", hpp: "cpp", hh: "cpp", hxx: "cpp", ipp: "cpp", tpp: "cpp", inl: "cpp",
  cs: "csharp",
  rb: "ruby", rake: "ruby", gemspec: "ruby", ru: "ruby",
  php: "php", phtml: "php",
  kt: "kotlin", kts: "kotlin",
  swift: "swift",
  scala: "scala", sc: "scala",
  sh: "bash", bash: "bash", zsh: "bash", ksh: "bash",
  lua: "lua",
  ex: "elixir", exs: "elixir",
  dart: "dart",
  zig: "zig",
  ml: "ocaml", mli: "ocaml_interface",
  sol: "solidity",
  json: "json", jsonc: "json", json5: "json",
  yaml: "yaml", yml: "yaml",
  toml: "toml",
  md: "markdown", markdown: "markdown", mdx: "markdown", mkd: "markdown", mdown: "markdown",
};

const BY_NAME: Record<string, string> = {
  rakefile: "ruby", gemfile: "ruby", guardfile: "ruby", podfile: "ruby", vagrantfile: "ruby",
  ".bashrc": "bash", ".bash_profile": "bash", ".profile": "bash", ".zshrc": "bash", pkgbuild: "bash",
  "cargo.lock": "toml", "pipfile": "toml",
};

const BY_INTERPRETER: Record<string, string> = {
  python: "python", node: "javascript", nodejs: "javascript", bun: "javascript", deno: "typescript",
  "ts-node": "typescript", tsx: "typescript", bash: "bash", sh: "bash", dash: "bash", zsh: "bash", ksh: "bash",
  ruby: "ruby", php: "php", lua: "lua", elixir: "elixir", swift: "swift", scala: "scala", kotlin: "kotlin",
};

/** Language id for a display path; `head` (the file's first line) is used for shebangs. */
export function detectLanguage(path: string, head: string): string {
  const base = (path.split("/").pop() ?? path).replace(/#b=[0-9a-f.-]+$/, "");
  const lower = base.toLowerCase();
  const byName = BY_NAME[lower];
  if (byName) return byName;
  const dot = lower.lastIndexOf(".");
  if (dot > 0) {
    const ext = lower.slice(dot + 1);
    if (ext === "h") return looksLikeCpp(head) ? "cpp" : "c";
    const lang = BY_EXT[ext];
    if (lang) return lang;
  }
  return shebangLanguage(head) ?? "text";
}

/** `#!/usr/bin/env -S python3 -u` -> python; `#!/bin/sh` -> bash. */
export function shebangLanguage(head: string): string | undefined {
  const m = /^#!\s*(\S+)(?:\s+(.*))?/.exec(head);
  if (!m) return undefined;
  let prog = m[1]!.split("/").pop()!;
  if (prog === "env") {
    const args = (m[2] ?? "").split(/\s+/).filter((a) => a && !a.startsWith("-") && !a.includes("="));
    prog = args[0] ?? "";
  }
  prog = prog.replace(/[\d.]+$/, "");
  return BY_INTERPRETER[prog];
}

/**
 * A `.h` header is C++ when its code (comments dropped: C headers say "virtual address" and
 * "private: ..." in prose) uses C++-only syntax or includes; `head` is the file's first 32 KiB.
 */
function looksLikeCpp(head: string): boolean {
  const code = head.replace(/\/\*[\s\S]*?(\*\/|$)/g, " ").replace(/\/\/.*$/gm, "");
  // Also: a standard header without an extension (`#include <vector>`; C's all end in `.h`), a
  // forward class declaration, `using namespace`.
  return /^\s*(class\s+\w+\s*[:{;]|namespace\b|template\s*<|(public|private|protected)\s*:|virtual\s|#\s*include\s*<[a-z_]+>|using\s+namespace\b)|\bstd::/m.test(code);
}
