/**
 * Role of a file from real path signals: whole directory names and per-language naming conventions,
 * never loose substrings (`author.rs` is not "auth", `latest_x.rs` is not a test, `preview.ts` is
 * not "ui"). First matching rule wins, in the order below: a vendored copy of a test is vendored,
 * a test fixture in Markdown is a test.
 */
import { parseDisplay } from "../walk/display.ts";

export type Role = "implementation" | "test" | "docs" | "example" | "vendored" | "generated" | "config" | "build" | "generic";

const VENDOR_DIRS = new Set(["vendor", "vendors", "third_party", "third-party", "thirdparty", "node_modules", "bower_components", "external", "extern", "deps"]);
const TEST_DIRS = new Set([
  "test", "tests", "__tests__", "__test__", "spec", "specs", "testdata", "test_data", "test-data",
  "fixtures", "__fixtures__", "__mocks__", "__snapshots__", "testing_data", "e2e", "selftests", "testsuite", "testsuites",
]);
const EXAMPLE_DIRS = new Set(["example", "examples", "_examples", "demo", "demos", "sample", "samples", "cookbook"]);
const DOCS_DIRS = new Set(["doc", "docs", "documentation", "man", "manual", "website", "guide", "guides"]);
// Build outputs: `dist` anywhere (it never holds sources); `build`/`target`/`out` only at the
// root, since `src/build/` or `cmd/build/` are ordinary source packages.
const GENERATED_ANY = new Set(["dist", "_build", "__generated__", "generated"]);
const GENERATED_TOP = new Set(["build", "target", "out"]);

const CODE_EXT = new Set((
  "rs go py pyi pyx js jsx mjs cjs ts tsx mts cts java kt kts scala sc groovy c h cc cpp cxx hpp hh hxx " +
  "m mm swift cs fs fsx vb rb php pl pm lua r jl ex exs erl hrl hs ml mli clj cljs dart zig nim v sv " +
  "vue svelte astro sh bash zsh fish ps1 sql graphql gql proto thrift asm s S elm cr d f f90 pas tcl awk"
).split(" "));
const DOCS_EXT = new Set(["md", "markdown", "mdx", "rst", "adoc", "asciidoc", "txt", "org", "rdoc", "pod", "tex"]);
const CONFIG_EXT = new Set(["toml", "yaml", "yml", "ini", "cfg", "conf", "json", "jsonc", "json5", "properties", "env", "plist", "editorconfig"]);
const DOC_NAMES = /^(readme|changelog|changes|history|news|license|licence|copying|authors|contributors|contributing|notice|code_of_conduct|security|maintainers|todo|faq|install)([._-].*)?$/;
const BUILD_NAMES = new Set([
  "makefile", "gnumakefile", "cmakelists.txt", "dockerfile", "containerfile", "build.rs", "setup.py",
  "build", "build.bazel", "workspace", "workspace.bazel", "meson.build", "configure", "configure.ac",
  "justfile", "rakefile", "gemfile", "pom.xml", "build.gradle", "settings.gradle", "build.gradle.kts",
  "vagrantfile", "procfile", "kbuild", "gulpfile.js", "gruntfile.js", "webpack.config.js",
]);
const BUILD_EXT = new Set(["mk", "cmake", "bzl", "gradle", "nix"]);
const LOCK_NAMES = new Set(["package-lock.json", "yarn.lock", "pnpm-lock.yaml", "cargo.lock", "go.sum", "poetry.lock", "pipfile.lock", "gemfile.lock", "composer.lock", "bun.lockb"]);
const CONFIG_NAMES = /^(\.?[a-z0-9_-]*rc(\.(?:json5?|jsonc|ya?ml|[cm]?js|ts|toml|ini|conf))?|\.gitignore|\.gitattributes|\.dockerignore|\.npmignore|go\.mod|requirements.*\.txt|pipfile|kconfig.*|[a-z0-9_.-]+\.config\.[cm]?[jt]s)$/;

function isTestFileName(name: string, ext: string): boolean {
  // name is lowercased; `stemOrig` conventions that need case (FooTest.java) are checked by caller.
  const stem = ext ? name.slice(0, -(ext.length + 1)) : name;
  if (stem === "test" || stem === "tests" || name === "conftest.py") return true;
  // foo_test.go, foo_test.py, foo_test.rs, foo_tests.rs, foo_unittest.cc, foo_spec.rb
  if (/[._-](test|tests|unittest|spec)$/.test(stem) && stem.length > 5) return true;
  // test_foo.py, test_foo.c (prefix convention; needs the separator so `testament.py` is not one)
  if (/^tests?_/.test(stem)) return true;
  // foo.test.ts, foo.spec.js, foo.test.mjs
  if (/\.(test|spec)\.[a-z0-9]+$/.test(name)) return true;
  return false;
}

/** Maven/Gradle source sets whose code is tests: test, androidTest, integrationTest, testFixtures, jvmTest, it... */
const TEST_SOURCE_SET = /^(?:tests?|test[A-Z]\w*|\w*Tests?|it)$/;
/** The folders a Maven/Gradle source set holds (`src/<set>/java/...`). */
const SOURCE_SET_DIRS = new Set(["java", "kotlin", "scala", "groovy", "resources", "res", "cpp", "jni", "assets", "aidl", "proto", "swift", "objc", "js", "ts"]);

/**
 * Whether the tree's layout or the language's own convention says the file is a test: under a
 * Maven/Gradle `src/<set>/`, the source set decides (`src/main/java/.../test/Runner.java` is
 * production, `src/test/...` and `src/androidTest/...` are tests); a Go file is a test only when
 * named `*_test.go` (or under `testdata/`), since every other Go file is a package whatever its
 * folder is called. Null where no convention decides: folder and file names do.
 */
function testByConvention(parts: string[], ext: string): boolean | null {
  for (let i = 0; i + 2 < parts.length; i++) {
    if (parts[i] !== "src") continue;
    const set = parts[i + 1]!;
    if (set === "main") return false;
    if (SOURCE_SET_DIRS.has(parts[i + 2]!)) return TEST_SOURCE_SET.test(set);
  }
  if (ext === "go") return /_test\.go$/.test(parts[parts.length - 1]!) || parts.includes("testdata");
  // Cargo: `<crate>/src/...` is the crate's code whatever the crate is called (`library/test/src/`
  // is the test harness); its tests are under `<crate>/tests/`, a `tests` module, `tests.rs`.
  if (ext === "rs") {
    const at = parts.lastIndexOf("src", parts.length - 2);
    if (at > 0 && TEST_DIRS.has(parts[at - 1]!.toLowerCase())) {
      const below = parts.slice(at + 1, -1).map((d) => d.toLowerCase());
      const name = parts[parts.length - 1]!.toLowerCase();
      return below.some((d) => TEST_DIRS.has(d)) || isTestFileName(name, ext);
    }
  }
  return null;
}

export function inferRole(displayPath: string): Role {
  // The name without its `#b=` suffix (a byte that is not UTF-8, a newline in the name): with
  // it, `a\xff.py#b=ff` had the extension `py#b=ff`, and every such file was "generic".
  displayPath = parseDisplay(displayPath).lossy;
  const parts = displayPath.split("/").filter((p) => p !== "" && p !== ".");
  const rawName = parts[parts.length - 1] ?? displayPath;
  const name = rawName.toLowerCase();
  const dirs = parts.slice(0, -1).map((d) => d.toLowerCase());
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot + 1) : "";

  if (dirs.some((d) => VENDOR_DIRS.has(d))) return "vendored";

  if (
    /\.min\.(js|css|mjs)$/.test(name) || /\.(pb\.go|pb\.cc|pb\.h|pb\.c|g\.dart|freezed\.dart)$/.test(name) ||
    /_pb2(_grpc)?\.pyi?$/.test(name) || /[._-]generated\.[a-z0-9]+$/.test(name) || /^zz_generated/.test(name) ||
    /\.(map|snap)$/.test(name) || LOCK_NAMES.has(name) ||
    dirs.some((d) => GENERATED_ANY.has(d)) || (dirs.length > 0 && GENERATED_TOP.has(dirs[0]!))
  ) return "generated";

  const convention = testByConvention(parts, ext);
  if (convention === true) return "test";
  if (convention === null) {
    if (dirs.some((d) => TEST_DIRS.has(d))) return "test";
    if (isTestFileName(name, ext)) return "test";
    // JVM/.NET/Swift conventions are case-bearing: FooTest.java, FooTests.cs, FooSpec.scala, FooIT.java
    if (/[a-z0-9](Test|Tests|Spec|IT)\.(java|kt|kts|scala|groovy|cs|swift|m)$/.test(rawName)) return "test";
  }

  if (dirs.some((d) => EXAMPLE_DIRS.has(d))) return "example";

  if (BUILD_NAMES.has(name) || BUILD_EXT.has(ext)) return "build";
  if (LOCK_NAMES.has(name) || CONFIG_NAMES.test(name)) return "config";

  if (DOCS_EXT.has(ext) || (ext === "" && DOC_NAMES.test(name)) || (DOC_NAMES.test(name) && DOCS_EXT.has(ext))) return "docs";
  if (dirs.some((d) => DOCS_DIRS.has(d)) && !CODE_EXT.has(ext)) return "docs";
  if (/^\d$/.test(ext) || ext === "man" || ext === "html" && dirs.some((d) => DOCS_DIRS.has(d))) return "docs";

  if (CONFIG_EXT.has(ext) || name.startsWith(".env")) return "config";
  if (CODE_EXT.has(ext) || CODE_EXT.has(rawName.slice(dot + 1))) return "implementation";
  return "generic";
}

/** Roles that answer "where is X implemented" only when the query asks for them. */
export function isSupportRole(role: Role): boolean {
  return role === "test" || role === "docs" || role === "example" || role === "vendored" || role === "generated";
}
