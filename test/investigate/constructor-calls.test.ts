import { test, expect } from "bun:test";
import { run, tree } from "../helpers.ts";

// called_from on a type: a line that constructs it is a call site; the type's own definition
// (its declaration line, a constructor's head in the class body or out of it, `X::X`, a prototype,
// a destructor) never is. An agent's trace of a C++ builder listed the constructor's definition
// as the first "call site" and the function that builds one only as a reference.

interface Region { label: string; kind: string; start_line: number; end_line: number }
function regions(files: Record<string, string>, subject: string): string[] {
  const r = run(["trace", "--json", "--max-files", "10", "--max-regions", "20", `subject:${subject}`, "relation:called_from"], tree(files));
  expect(r.code).toBe(0);
  const out: string[] = [];
  for (const f of JSON.parse(r.stdout).files as Array<{ path: string; regions: Region[] }>) for (const x of f.regions) out.push(`${f.path}:${x.start_line} ${x.kind}`);
  return out.sort();
}
/** The kinds a caller's region may have. */
const CALLING = /(?:call site|construction)$/;

const CPP_HEADER = `#pragma once
namespace demo {

class Builder
{
public:
    Builder (const Nodes& n,
             const Links& c);
    explicit Builder (int size);
    Builder() = default;
    ~Builder();

    void run();
};

}
`;
const CPP_BODY = `#include "builder.h"

namespace demo {

Builder::Builder (const Nodes& n, const Links& c)
    : nodes (n), links (c)
{
    prepare();
}

Builder::~Builder()
{
    clear();
}

void Builder::run()
{
    step();
}

struct Inline
{
    Inline (const Nodes& n, const Links& c, Sequence& s)
        : ordered (sort (n, c))
    {
        s.count = 1;
    }
};

static int buildOne (const Nodes& n, const Links& c)
{
    const Builder builder (n, c);
    return builder.size();
}

static int buildTwo (const Nodes& n)
{
    auto b = std::make_unique<Builder> (n, Links{});
    return b->size();
}

static int buildThree()
{
    Builder b { 4 };
    return b.size();
}

}
`;

test("C++: constructions are call sites; constructor heads, X::X, prototypes and destructors are not", () => {
  const got = regions({ "builder.h": CPP_HEADER, "builder.cpp": CPP_BODY }, "Builder");
  const calling = got.filter((x) => CALLING.test(x)).map((x) => x.replace(/ .*/, ""));
  expect(calling).toEqual(["builder.cpp:30", "builder.cpp:36", "builder.cpp:42"]);
  // The constructor of another type named in the body of `Inline` is no call of Builder either.
  const inl = regions({ "builder.h": CPP_HEADER, "builder.cpp": CPP_BODY }, "Inline");
  expect(inl.filter((x) => CALLING.test(x))).toEqual([]);
});

const JAVA = `package demo;

public class Builder {
    private final int size;

    Builder(int size,
            String name) {
        this.size = size;
    }

    public Builder(int size) {
        this(size, "x");
    }
}
`;
const JAVA_USE = `package demo;

class Use {
    int make() {
        Builder b = new Builder(3);
        return b.size;
    }
}
`;

test("Java: new X( is a call site; a constructor head split over lines is not", () => {
  const got = regions({ "Builder.java": JAVA, "Use.java": JAVA_USE }, "Builder");
  expect(got.filter((x) => CALLING.test(x)).map((x) => x.replace(/ .*/, ""))).toEqual(["Use.java:4"]);
});

const RUST = `pub struct Builder {
    size: usize,
}

impl Builder {
    pub fn new(size: usize) -> Builder {
        Builder { size }
    }
}
`;
const RUST_USE = `use crate::builder::Builder;

pub fn make() -> usize {
    let b = Builder::new(3);
    b.size
}

pub fn literal() -> usize {
    let b = Builder { size: 4 };
    b.size
}
`;

test("Rust: X::new( and a struct literal are call sites; the struct and its impl are not", () => {
  const got = regions({ "builder.rs": RUST, "use.rs": RUST_USE }, "Builder");
  const calling = got.filter((x) => CALLING.test(x)).map((x) => x.replace(/ .*/, ""));
  // `Builder { size }` inside new() constructs one too.
  expect(calling).toEqual(["builder.rs:6", "use.rs:3", "use.rs:8"]);
});

const CS = `namespace Demo {
    public class Builder {
        public Builder(int size,
                       string name) : base() {
            Size = size;
        }
    }

    class Use {
        int Make() {
            Builder b = new(3, "x");
            return b.Size;
        }
    }
}
`;

test("C#: a target-typed new (X x = new(...)) is a call site; a constructor head split over lines is not", () => {
  const got = regions({ "Builder.cs": CS }, "Builder");
  expect(got.filter((x) => CALLING.test(x)).map((x) => x.replace(/ .*/, ""))).toEqual(["Builder.cs:10"]);
});
