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
