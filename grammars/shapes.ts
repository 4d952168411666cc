// Line shapes a language writes its own way, for the line classifier that types every occurrence
// of a subject with or without a parser (src/classify/lexical.ts reads them before its shared
// rules; rows are keyed as in grammars/sources.ts, whose `ext` lists say which files a row
// covers). As regex sources:
// - `definitionBefore`: the text before a name that the line defines (OCaml's `let rec f`, `and f`
//   in a let-rec chain, `exception E`; C's `#define`);
// - `declarationBefore`: before a name declared without its body (an interface's `val f :`);
// - `implementationBefore` and `implementationAfter`: around a member name whose value on the line
//   implements it (C's ops table, a designated initializer naming a function: `.open = ext4_open,`,
//   `.pick_next_task = __pick_next_task_fair,`; not a constant, NULL or an expression);
// - `dispatchBefore` and `dispatchAfter`: around a name a match arm or handler tests (OCaml's
//   `| exception E n ->`, `with E ->`: the arm's arrow may follow the pattern's arguments);
// - `writeAfter`: the text after a name the line assigns (OCaml's `r := v` on a ref, `x.f <- v`
//   on a mutable field);
// - `callBefore` and `callAfter`: around a name called without parentheses (Kotlin's, Groovy's,
//   Scala's and Swift's trailing lambda: `pool.obtain { ... }`, `val h = obtain {`), read after the
//   definition and declaration shapes have had their say;
// - `constructs`: pairs of the text before and after a type's name on a line that makes an instance
//   of it, in the language's own words: C++'s declared instance with arguments (`const X x (a, b);`,
//   `X x { a };`; not a prototype, whose first parameter is a type then a name, nor `X f();`) and
//   `std::make_unique<X> (...)`, C#'s `X x = new (...)`, Rust's associated constructors
//   (`X::new(`, `X::default()`, `X::with_capacity(`, `X::from(`) and a struct literal at a
//   statement's start (`X { a, b }` as a tail expression, not a match arm's pattern), Ruby's
//   `X.new`. `new X(`,
//   `X(` as an expression and `= X {` are shared rules of the classifier. A row with `local` makes an
//   instance only as a local of a function's body (C++'s default-constructed `X x;`): the same line
//   in a type's body declares a field, so the line reads as a reference until the parser's symbols
//   put it in a function (src/investigate/heads.ts, memberScope).

export interface LineShapeIdioms {
  definitionBefore?: string;
  implementationBefore?: string;
  implementationAfter?: string;
  declarationBefore?: string;
  dispatchBefore?: string;
  dispatchAfter?: string;
  writeAfter?: string;
  callBefore?: string;
  callAfter?: string;
  constructs?: { before: string; after: string; local?: boolean }[];
}

/** A trailing lambda (or closure) as the only argument: a call. Not after a type annotation's `:`. */
const TRAILING_LAMBDA_CALL = {
  callBefore: String.raw`(?:^\s*|(?:[.=(,]|\?\.|\breturn)\s*)(?:[\w$]+\??\.)*$`,
  callAfter: String.raw`^\s*\{`,
};

/** A first parameter declared (`(const Nodes& n,`, `(int size)`, `(const Nodes&,`, `(int)`): a prototype's list, not arguments. */
export const DECLARED_PARAMETER = String.raw`(?:(?:const|volatile|struct|union|enum|unsigned|signed|class|typename)\s+)*[A-Za-z_]\w*(?:::\w+)*(?:<[^<>()]*>)?(?:\s*[*&]+\s*|\s+)(?:const\s+)?[*&]*\s*[A-Za-z_]\w*\s*(?:[,)\[=]|$)|(?:(?:const|volatile|struct|union|enum|unsigned|signed|class|typename)\s+)+[A-Za-z_][\w:]*(?:<[^<>()]*>)?\s*[*&]*\s*[,)]|[A-Za-z_][\w:]*(?:<[^<>()]*>)?\s*[*&]+\s*[,)]|(?:void|bool|char|short|int|long|float|double|size_t)\s*[,)]`;

/**
 * A parameter list that declares (its `(` then empty, `void`, a C-family declared parameter or a
 * typed one, `name: T`, `name?: T`), for a head read past its line (src/investigate/heads.ts):
 * arguments (`list_for_each_entry(pos, head, member) {`, `TEST(Suite, Name) {`) are a call's.
 */
export const DECLARED_PARAMETER_LIST = String.raw`^\s*\(\s*(?:\)|void\s*\)|${DECLARED_PARAMETER}|[A-Za-z_$][\w$]*\??\s*:(?!:))`;

export const LINE_SHAPE_IDIOMS: Record<string, LineShapeIdioms> = {
  c: {
    // A macro's `#define NAME` or `#define NAME(args)` defines it (the line's shape is a call's).
    definitionBefore: String.raw`^\s*#\s*define\s+$`,
    implementationBefore: String.raw`^\s*\.$`,
    implementationAfter: String.raw`^\s*=\s*&?\s*(?!(?:NULL|nullptr|true|false)\b)[a-z_]\w*[a-z]\w*\s*,?\s*(?:/[/*].*)?$`,
    constructs: [
      // `const X x (a, b);`, `static X x { a };`, `ns::X x (a);` at a statement's start.
      {
        before: String.raw`^\s*(?:(?:const|static|constexpr|thread_local|mutable|volatile)\s+)*(?:[A-Za-z_]\w*::)*$`,
        after: String.raw`^(?:\s*<[^;]*>)?\s+[A-Za-z_]\w*\s*(?:\((?!\s*\))(?!\s*${DECLARED_PARAMETER})[^;]*\)\s*;|\{[^;]*\}\s*;)`,
      },
      // `X x;`, `static X x;`, `X<int> x;`: default constructed, when it is a local (not a field).
      {
        before: String.raw`^\s*(?:(?:const|static|constexpr|thread_local|volatile)\s+)*(?:[A-Za-z_]\w*::)*$`,
        after: String.raw`^(?:\s*<[^;]*>)?\s+[A-Za-z_]\w*\s*;`,
        local: true,
      },
      { before: String.raw`\bmake_(?:unique|shared)\s*<\s*(?:const\s+)?(?:[A-Za-z_]\w*::)*$`, after: String.raw`^\s*(?:<[^;]*>\s*)?>\s*[({]` },
    ],
  },
  csharp: {
    constructs: [{ before: String.raw`^\s*(?:(?:readonly|static|private|public|protected|internal)\s+)*$`, after: String.raw`^(?:\s*<[^;]*>)?\??\s+[A-Za-z_]\w*\s*=\s*new\s*\(` }],
  },
  ruby: {
    constructs: [{ before: String.raw`(?:^|[^\w.:@$])(?:[A-Z]\w*::)*$`, after: String.raw`^\s*\.\s*new\b` }],
  },
  rust: {
    constructs: [
      { before: String.raw`(?:^|[^\w:])(?:[A-Za-z_]\w*::)*$`, after: String.raw`^\s*(?:::<[^()]*>)?\s*::\s*(?:new|default|from|with)\w*\s*(?:::<[^()]*>\s*)?\(` },
      { before: String.raw`^\s*$`, after: String.raw`^\s*\{(?![^{}]*\}\s*(?:=>|if\b|=[^=]|\|))\s*(?:$|[a-z_]\w*\s*[:,}]|\.\.)` },
    ],
  },
  jvm: TRAILING_LAMBDA_CALL,
  swift: TRAILING_LAMBDA_CALL,
  ocaml: {
    definitionBefore: String.raw`^\s*(?:let(?:\s+rec)?|and|exception|method(?:\s+private)?(?:\s+virtual)?|val\s+mutable|class|module(?:\s+type)?(?:\s+rec)?)\s+$`,
    declarationBefore: String.raw`^\s*(?:val|external)\s+$`,
    dispatchBefore: String.raw`(?:^|[\s(\[;])(?:\||with|function)\s+(?:exception\s+)?\(?\s*(?:[A-Z][\w']*\.)*$`,
    dispatchAfter: String.raw`^[^|]*?->`,
    writeAfter: String.raw`^\s*(?::=|<-(?!-))`,
  },
};
