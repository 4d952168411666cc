import { test, expect, describe } from "bun:test";
import { run, tree } from "../helpers.ts";

// Causes of misses found by the session-9 trace cases on code no case had measured before
// (eval/specs.py: ocaml, django, rustc, lua, juce). Each fixture is the smallest tree with the
// shape that went wrong; each test fails on the build before the fix.

const trace = (dir: string, ...terms: string[]) => {
  const r = run(["trace", "--json", ...terms], dir);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as { files: { path: string; regions: { label: string; start_line: number; end_line: number; kind: string }[] }[] };
};

describe("OCaml is code, not plain text", () => {
  test("populated: a ref set with := ranks above the files that only read it", () => {
    const readers = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`lambda/use${i}.ml`, `(* native_code decides the arity *)\nlet arity () =\n  if !Clflags.native_code then 126 else max_int\n\nlet other () =\n  if !Clflags.native_code then 1 else 2\n`]));
    const dir = tree({
      ...readers,
      "utils/clflags.ml": "let native_code = ref false             (* set to true under ocamlopt *)\n",
      "driver/optmaindriver.ml": "let main argv ppf =\n  native_code := true;\n  let program = \"ocamlopt\" in\n  program\n",
    });
    const out = trace(dir, "subject:native_code", "relation:populated");
    expect(out.files[0]!.path).toBe("driver/optmaindriver.ml");
    expect(out.files[0]!.regions[0]!.kind).toBe("assignment");
  });

  test("handled: `| exception E n ->` and `with E n ->` arms are handlers; the declaring file's raises are not", () => {
    const dir = tree({
      "driver/compenv.ml": "exception Exit_with_status of int\n\nlet print_version () =\n  print_string \"4.13\";\n  raise (Exit_with_status 0)\n\nlet parse_arguments argv =\n  if argv = [||] then raise (Exit_with_status 2);\n  raise (Exit_with_status 0)\n",
      "driver/maindriver.ml": "let main argv ppf =\n  match\n    Compenv.parse_arguments argv\n  with\n  | exception (Compenv.Exit_with_status n) ->\n    n\n  | () -> 0\n",
      "tools/ocamlcp.ml": "let () =\n  try main ()\n  with Compenv.Exit_with_status n -> exit n\n",
    });
    const out = trace(dir, "subject:Exit_with_status", "relation:handled");
    expect(out.files.slice(0, 2).map((f) => f.path).sort()).toEqual(["driver/maindriver.ml", "tools/ocamlcp.ml"]);
    expect(out.files[0]!.regions[0]!.kind).toBe("dispatch");
  });

  test("a (* comment *) mentioning the subject is a comment", () => {
    const dir = tree({ "a.ml": "(* native_code := true is done by the driver *)\nlet x = 1\n", "b.ml": "let f () =\n  native_code := false\n" });
    const out = trace(dir, "subject:native_code", "relation:populated");
    expect(out.files[0]!.path).toBe("b.ml");
  });
});

describe("Rust's payload type test handles", () => {
  test("`value.is::<FatalErrorMarker>()` after catch_unwind outranks the marker's definition", () => {
    const dir = tree({
      "rustc_span/src/fatal_error.rs": "/// Used as the argument to panic.\npub struct FatalErrorMarker;\n\nimpl FatalError {\n    pub fn raise(self) -> ! {\n        std::panic::resume_unwind(Box::new(FatalErrorMarker))\n    }\n}\n",
      "rustc_driver/src/lib.rs": "pub fn catch_fatal_errors<F: FnOnce() -> R, R>(f: F) -> Result<R, ErrorGuaranteed> {\n    catch_unwind(panic::AssertUnwindSafe(f)).map_err(|value| {\n        if value.is::<rustc_errors::FatalErrorMarker>() {\n            ErrorGuaranteed::unchecked_claim_error_was_emitted()\n        } else {\n            panic::resume_unwind(value);\n        }\n    })\n}\n",
    });
    const out = trace(dir, "subject:FatalErrorMarker", "relation:handled");
    expect(out.files[0]!.path).toBe("rustc_driver/src/lib.rs");
    expect(out.files[0]!.regions[0]!.kind).toBe("dispatch");
  });
});

test("populated: `x = None` placeholders rank below the line that stores a value", () => {
  const init = (cls: string) => `class ${cls}:\n    def __init__(self, scope):\n        self.scope = scope\n        self.resolver_match = None\n\n    def reset(self):\n        self.resolver_match = None\n`;
  const dir = tree({
    "handlers/asgi.py": init("ASGIRequest"),
    "handlers/wsgi.py": init("WSGIRequest"),
    "handlers/base.py": "class BaseHandler:\n    def resolve_request(self, request):\n        resolver = get_resolver()\n        resolver_match = resolver.resolve(request.path_info)\n        request.resolver_match = resolver_match\n        return resolver_match\n",
  });
  const out = trace(dir, "subject:resolver_match", "relation:populated");
  expect(out.files[0]!.path).toBe("handlers/base.py");
});

test("comes_from: a setting's literal default outranks reads that quote its name", () => {
  const dir = tree({
    "conf/global_settings.py": "# Maximum size in bytes of request data.\nDATA_UPLOAD_MAX_MEMORY_SIZE = 2621440  # i.e. 2.5 MB\n",
    "http/multipartparser.py": "class MultiPartParser:\n    def _parse(self):\n        num_bytes_read = 0\n        if (settings.DATA_UPLOAD_MAX_MEMORY_SIZE is not None and\n                num_bytes_read > settings.DATA_UPLOAD_MAX_MEMORY_SIZE):\n            raise RequestDataTooBig('Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.')\n",
  });
  const out = trace(dir, "subject:DATA_UPLOAD_MAX_MEMORY_SIZE", "relation:comes_from");
  expect(out.files[0]!.path).toBe("conf/global_settings.py");
});

test("rendered: in a file named for the subject, its draw function is a region though it never names the subject", () => {
  const dir = tree({
    "wibox/widget/piechart.lua": "local base = require(\"wibox.widget.base\")\nlocal piechart = {}\n\nlocal function draw(self, _, cr, width, height)\n    if not self._private.data_list then return end\n    cr:arc(width / 2, height / 2, 10, 0, 6.28)\n    cr:fill()\nend\n\nfunction piechart:set_data(value)\n    self._private.data = value\nend\n\nlocal function new(data_list)\n    local ret = base.make_widget(nil, nil, {})\n    gtable.crush(ret, piechart)\n    rawset(ret, \"draw\", draw)\n    return ret\nend\n\nreturn piechart\n",
  });
  const out = trace(dir, "subject:piechart", "relation:rendered");
  const labels = out.files[0]!.regions.slice(0, 3).map((r) => r.label);
  expect(labels).toContain("draw");
});
