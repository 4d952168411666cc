import { test, expect } from "bun:test";
import { inferRole, isSupportRole } from "../../src/classify/role.ts";

const cases: Array<[string, string]> = [
  // tests by directory and by per-language naming convention
  ["tests/x.rs", "test"],
  ["crate/tests/integration.rs", "test"],
  ["src/__tests__/a.ts", "test"],
  ["spec/models/user_spec.rb", "test"],
  ["pkg/testdata/input.go", "test"],
  ["a/b_test.go", "test"],
  ["test_foo.py", "test"],
  ["pkg/foo_test.py", "test"],
  ["conftest.py", "test"],
  ["src/x.test.ts", "test"],
  ["src/x.spec.js", "test"],
  ["src/test/java/FooTest.java", "test"],
  // a tree's layout or the language's convention decides, not the word: Maven/Gradle source sets
  // (`src/main` is production, whatever a package or class is called), Go's _test.go
  ["junit/src/main/java/org/junit/runner/test/TestRunner.java", "implementation"],
  ["src/main/java/FooTest.java", "implementation"],
  ["core/src/main/kotlin/a/testing/Fake.kt", "implementation"],
  ["core/src/test/java/a/Runner.java", "test"],
  ["app/src/androidTest/java/a/MainFlow.kt", "test"],
  ["lib/src/integrationTest/kotlin/a/Db.kt", "test"],
  ["lib/src/testFixtures/java/a/Fakes.java", "test"],
  ["lib/src/commonTest/kotlin/a/X.kt", "test"],
  ["lib/src/latest/java/a/X.java", "implementation"],
  ["github.com/sirupsen/logrus/hooks/test/test.go", "implementation"],
  ["cmd/go/internal/test/flag.go", "implementation"],
  ["cmd/go/internal/test/flag_test.go", "test"],
  ["library/test/src/helpers/concurrency.rs", "implementation"],
  ["library/test/src/tests.rs", "test"],
  ["library/test/tests/cli.rs", "test"],
  ["src/test/ui/issue-1.rs", "test"],
  // without such a convention, the folder's name still decides
  ["Lib/test/support/__init__.py", "test"],
  ["gcc/testsuite/gcc.dg/x.c", "test"],
  ["src/tests.rs", "test"],
  // loose substrings are not signals
  ["src/latest_x.rs", "implementation"],
  ["src/author.rs", "implementation"],
  ["src/contest.py", "implementation"],
  ["src/testament.py", "implementation"],
  ["src/preview.ts", "implementation"],
  ["lib/attestation.go", "implementation"],
  // docs
  ["docs/guide.txt", "docs"],
  ["guide.md", "docs"],
  ["README", "docs"],
  ["CHANGELOG.md", "docs"],
  ["Documentation/x.rst", "docs"],
  // examples, vendored, generated
  ["examples/basic.rs", "example"],
  ["demo/app.js", "example"],
  ["vendor/github.com/x/y.go", "vendored"],
  ["third_party/zlib/inflate.c", "vendored"],
  ["node_modules/a/index.js", "vendored"],
  ["dist/bundle.js", "generated"],
  ["public/app.min.js", "generated"],
  ["api/service.pb.go", "generated"],
  ["proto/service_pb2.py", "generated"],
  ["src/schema_generated.ts", "generated"],
  ["build/out.js", "generated"],
  ["src/build/plan.go", "implementation"],
  // config and build files
  ["package.json", "config"],
  ["Cargo.toml", "config"],
  ["requirements.txt", "config"],
  [".eslintrc.js", "config"],
  [".npmrc", "config"],
  ["lib/crc.c", "implementation"],
  ["src/arc.rs", "implementation"],
  ["Makefile", "build"],
  ["CMakeLists.txt", "build"],
  ["build.rs", "build"],
  ["src/lib.rs", "implementation"],
  ["lib/rules/no-dupe-keys.js", "implementation"],
  ["assets/logo.png", "generic"],
];
for (const [p, want] of cases) test(`${p} -> ${want}`, () => expect(inferRole(p)).toBe(want as any));

test("support roles", () => {
  expect(isSupportRole("test")).toBe(true);
  expect(isSupportRole("docs")).toBe(true);
  expect(isSupportRole("implementation")).toBe(false);
});
