import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// A qualified subject (`_ew.decode`): the line that writes the member with its owner calls that
// member; the many `.decode(` calls on other receivers are other functions of the same name.

const other = (i: number) => `def body_${i}(data, charset):
    text = data.decode(charset)
    head = data[:10].decode("ascii")
    tail = data[-10:].decode("ascii", "replace")
    return text, head, tail
`;

const parser = `from email import _encoded_words as _ew


def get_encoded_word(value):
    tok, *rest = value[2:].split("?=", 1)
    text, charset, lang, defects = _ew.decode("=?" + tok + "?=")
    return text
`;

test("called_from Owner.member: the call written with the owner comes before calls of other receivers' members", () => {
  const dir = tree({ "email/parser.py": parser, "email/content.py": other(1) + "\n\n" + other(2), "email/message.py": other(3) });
  const r = run(["trace", "--json", "subject:_ew.decode", "relation:called_from"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("email/parser.py");
  expect(out.files[0].regions[0].start_line).toBe(4);
  expect(out.files[0].regions[0].why[0]).toContain("written with its owner (_ew)");
});

// Code names an instance after its class: `this.scanner.scan(` calls ContentScanner.scan, and the
// busier `matcher.scan(` calls are another class's method of the same name.
test("called_from Owner.member: a call on a receiver named for the owner comes before other receivers' calls", () => {
  const dir = tree({
    "src/content.ts": "export class ContentScanner {\n  scan(b: Uint8Array): number {\n    return b.length;\n  }\n}\n",
    "src/matcher.ts": "export class Matcher {\n  scan(b: Uint8Array, start: number, end: number): number[] {\n    return [start, end];\n  }\n}\n",
    "src/search.ts": "import { Matcher } from './matcher';\n\nexport function searchOne(matcher: Matcher, buf: Uint8Array): number {\n  const a = matcher.scan(buf, 0, 10);\n  const b = matcher.scan(buf, 10, 20);\n  const c = matcher.scan(buf, 20, 30);\n  return a.length + b.length + c.length;\n}\n",
    "src/reading.ts": "import type { ContentScanner } from './content';\n\nexport class Reader {\n  constructor(private scanner: ContentScanner) {}\n  read(buf: Uint8Array): number {\n    return this.scanner.scan(buf);\n  }\n}\n",
  });
  const r = run(["trace", "--json", "subject:ContentScanner.scan", "relation:called_from"], dir);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.files[0].path).toBe("src/reading.ts");
  expect(out.files[0].regions[0].start_line).toBe(5);
});

// A dotted subject is also a configuration key: quoted whole, it is that key (`getProperty("prism.order")`),
// not the member `order` of something named prism.
test("comes_from prism.order: the quoted key's read outranks writes of another `order`", () => {
  const dir = tree({
    "src/Cfg.java": 'class Cfg {\n  int order() {\n    String v = props.getProperty("prism.order");\n    return Integer.parseInt(v);\n  }\n}\n',
    "src/Sort.java": "class Sort {\n  void order(List x) {\n    x.order();\n    this.order = 3;\n  }\n}\n",
  });
  const out = JSON.parse(run(["trace", "--json", "subject:prism.order", "relation:comes_from"], dir).stdout);
  expect(out.files[0].path).toBe("src/Cfg.java");
  expect(out.files[0].regions[0].kind).toBe("config/env source");
});

// A module owner (`shutil._rmtree_safe_fd`): a file that defines its own function of that name
// calls its own one when it writes the name bare; the owner's module is the answer.
test("called_from module.member: a file with its own same-named function falls well below the owner's module", () => {
  const impl = (indent: string) => `${indent}def _rmtree_safe_fd(topfd, path, onerror):\n${indent}    for entry in entries:\n${indent}        _rmtree_safe_fd(entry, path, onerror)\n\n`;
  const dir = tree({
    "lib/shutil.py": impl("") + "def rmtree(path):\n    _rmtree_safe_fd(fd, path, onerror)\n",
    "lib/tempfile.py": impl("") + "def cleanup(path):\n    _rmtree_safe_fd(fd, path, onerror)\n",
  });
  const out = JSON.parse(run(["trace", "--json", "subject:shutil._rmtree_safe_fd", "relation:called_from"], dir).stdout);
  const by = new Map(out.files.map((f: any) => [f.path, f]));
  const sh: any = by.get("lib/shutil.py"), tf: any = by.get("lib/tempfile.py");
  expect(out.files[0].path).toBe("lib/shutil.py");
  expect(tf.score).toBeLessThanOrEqual(sh.score / 2);
  expect(tf.why.join(" ")).toContain("defines its own _rmtree_safe_fd, not shutil's");
});
