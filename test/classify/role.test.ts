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
  ["src/main/java/FooTest.java", "test"],
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
