import { test, expect, describe } from "bun:test";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { run, tree } from "../helpers.ts";
import { classifyOccurrence, familyOf, langOf } from "../../src/classify/lexical.ts";

// comes_from on an environment variable: each language's idiom for reading it (grammars/sources.ts)
// is where the value comes from. Each fixture folder holds the read (cache.*) and a file that
// only mentions the name in messages (app.*): without the idiom, the read is one more string
// mention and the messages outrank it.
const FIXTURES = join(import.meta.dir, "..", "fixtures", "env");
const NAME = "CACHE_DIR_OVERRIDE";

describe("comes_from finds the environment read in each language's idiom (fixtures)", () => {
  for (const lang of readdirSync(FIXTURES).sort()) {
    test(lang, () => {
      const dir = join(FIXTURES, lang);
      const answer = readdirSync(dir).find((f) => f.startsWith("cache."))!;
      const text = readFileSync(join(dir, answer), "utf8");
      const readLine = text.split("\n").findIndex((l) => l.includes(NAME)) + 1;
      const r = run(["trace", "--json", `subject:${NAME}`, "relation:comes_from"], dir);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      const first = out.files[0];
      expect(first.path).toBe(answer);
      const region = first.regions[0];
      expect(region.kind).toBe("config/env source");
      expect(region.start_line).toBeLessThanOrEqual(readLine);
      expect(region.end_line).toBeGreaterThanOrEqual(readLine);
    });
  }
});

describe("source idioms per language (classify/lexical.ts with grammars/sources.ts)", () => {
  const kind = (line: string, path: string, subject = NAME) => {
    const s = line.indexOf(subject);
    return classifyOccurrence(line, s, s + subject.length, -1, familyOf(path), langOf(path)).kind;
  };
  const reads: Array<[string, string]> = [
    ["a.py", `root = os.environ["${NAME}"]`],
    ["a.py", `root = os.environ.get("${NAME}", "/tmp")`],
    ["a.py", `root = os.getenv("${NAME}")`],
    ["a.go", `v := os.Getenv("${NAME}")`],
    ["a.go", `v, ok := os.LookupEnv("${NAME}")`],
    ["a.go", `s := gogetenv("${NAME}")`],
    ["a.rs", `let v = env::var("${NAME}")?;`],
    ["a.rs", `let v = std::env::var_os("${NAME}");`],
    ["a.rs", `const V: Option<&str> = option_env!("${NAME}");`],
    ["a.js", `const v = process.env.${NAME};`],
    ["a.ts", `const v = process.env["${NAME}"];`],
    ["a.ts", `const v = process.env?.${NAME};`],
    ["a.ts", `const v = import.meta.env.${NAME};`],
    ["A.java", `String v = System.getenv("${NAME}");`],
    ["A.java", `String v = System.getProperty("${NAME}", "x");`],
    ["A.kt", `val v = System.getenv("${NAME}")`],
    ["a.c", `const char *v = getenv("${NAME}");`],
    ["a.c", `const char *v = secure_getenv("${NAME}");`],
    ["a.cc", `const char* v = std::getenv("${NAME}");`],
    ["a.rb", `v = ENV["${NAME}"]`],
    ["a.rb", `v = ENV.fetch("${NAME}", "x")`],
    ["a.php", `$v = getenv('${NAME}');`],
    ["a.php", `$v = $_ENV['${NAME}'];`],
    ["a.php", `$v = $_SERVER['${NAME}'] ?? null;`],
    ["A.cs", `var v = Environment.GetEnvironmentVariable("${NAME}");`],
    // A project's wrapper of getenv, wide and macro-wrapped literals (Windows, a C runtime's T("...")).
    ["a.c", `char_os *opt = caml_secure_getenv (T("${NAME}"));`],
    ["a.c", `wchar_t *v = _wgetenv(L"${NAME}");`],
    ["a.cpp", `DWORD n = GetEnvironmentVariableW(L"${NAME}", buf, 100);`],
    ["a.cpp", `auto v = qEnvironmentVariable("${NAME}");`],
    ["a.cpp", `const char* v = SDL_getenv(_T("${NAME}"));`],
    // The environment as a map, then the key.
    ["A.kt", `val v = System.getenv()["${NAME}"]`],
    ["a.scala", `val v = sys.env.getOrElse("${NAME}", "x")`],
    ["a.zig", `const v = try std.process.getEnvVarOwned(alloc, "${NAME}");`],
    // Perl's and CMake's $ENV{...}, Dart's Platform.environment and fromEnvironment, Haskell's getEnv "X".
    ["a.pl", `my $v = $ENV{${NAME}};`],
    ["a.pm", `my $v = $ENV{'${NAME}'} // "x";`],
    ["a.pm", `my $v = $ENV{"${NAME}"};`],
    ["x.cmake", `set(v $ENV{${NAME}})`],
    ["a.dart", `final v = Platform.environment['${NAME}'];`],
    ["a.dart", `const v = String.fromEnvironment('${NAME}');`],
    ["a.hs", `v <- getEnv "${NAME}"`],
    ["a.hs", `v <- lookupEnv "${NAME}"`],
  ];
  for (const [path, line] of reads) test(`${path}: ${line}`, () => expect(kind(line, path)).toBe("source"));
  test("an idiom of one language is not read into another's strings", () => {
    expect(kind(`print("$_SERVER['${NAME}']")`, "a.py")).not.toBe("source");
    expect(kind(`log("${NAME} is read at start-up")`, "a.go")).toBe("string");
  });
  test("a write into the environment stays a write", () => {
    expect(kind(`os.environ["${NAME}"] = "/tmp"`, "a.py")).toBe("write");
    expect(kind(`ENV["${NAME}"] = "/tmp"`, "a.rb")).toBe("write");
  });
});

describe("setting a variable for the process or a child is not where its value is read (grammars/sources.ts sets)", () => {
  const kind = (line: string, path: string) => {
    const s = line.indexOf(NAME);
    return classifyOccurrence(line, s, s + NAME.length, -1, familyOf(path), langOf(path)).kind;
  };
  const sets: Array<[string, string]> = [
    ["a.rs", `cmd.env("${NAME}", "1");`],
    ["a.rs", `std::env::set_var("${NAME}", dir);`],
    ["a.rs", `cargo.env_remove("${NAME}");`],
    ["a.c", `setenv("${NAME}", "1", 1);`],
    ["a.go", `os.Setenv("${NAME}", dir)`],
    ["a.lua", `pposix.setenv("${NAME}", path)`],
    ["a.sh", `${NAME}=1 ./build/bin/rustc \\`],
    ["a.sh", `  ${NAME}=1 make -C tools`],
  ];
  for (const [path, line] of sets) test(`${path}: ${line}`, () => expect(kind(line, path)).toBe("setenv"));
  test("a shell's plain assignment still produces the value", () => {
    expect(kind(`${NAME}=.config`, "a.sh")).not.toBe("setenv");
  });
  test("comes_from: the read outranks files that only set it for children", () => {
    const setter = (n: number) => Array.from({ length: n }, (_, i) => `fn step${i}(cmd: &mut Command) {\n    cmd.env("${NAME}", "1");\n}\n`).join("\n");
    const dir = tree({
      "src/bootstrap/builder.rs": `use std::process::Command;\n${setter(4)}\nfn main() {\n    std::env::set_var("${NAME}", "1");\n}\n`,
      "src/ci/run.sh": `#!/bin/sh\n${NAME}=1 ./x.py build \\\n  --stage 2\n${NAME}=1 ./x.py test\n`,
      "compiler/feature/src/lib.rs": `pub fn from_environment() -> bool {\n    let bootstrap = std::env::var("${NAME}")\n        .map_or(false, |v| v == "1");\n    bootstrap\n}\n`,
    });
    const r = run(["trace", "--json", `subject:${NAME}`, "relation:comes_from"], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.files[0].path).toBe("compiler/feature/src/lib.rs");
    expect(out.files[0].regions[0].kind).toBe("config/env source");
  });
});
