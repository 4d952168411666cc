// Line shapes a language writes its own way, for the line classifier that types every occurrence
// of a subject with or without a parser (src/classify/lexical.ts reads them before its shared
// rules; rows are keyed as in grammars/sources.ts, whose `ext` lists say which files a row
// covers). As regex sources:
// - `definitionBefore`: the text before a name that the line defines (OCaml's `let rec f`, `and f`
//   in a let-rec chain, `exception E`);
// - `declarationBefore`: before a name declared without its body (an interface's `val f :`);
// - `dispatchBefore` and `dispatchAfter`: around a name a match arm or handler tests (OCaml's
//   `| exception E n ->`, `with E ->`: the arm's arrow may follow the pattern's arguments);
// - `writeAfter`: the text after a name the line assigns (OCaml's `r := v` on a ref, `x.f <- v`
//   on a mutable field);
// - `callBefore` and `callAfter`: around a name called without parentheses (Kotlin's, Groovy's,
//   Scala's and Swift's trailing lambda: `pool.obtain { ... }`, `val h = obtain {`), read after the
//   definition and declaration shapes have had their say.

export interface LineShapeIdioms {
  definitionBefore?: string;
  declarationBefore?: string;
  dispatchBefore?: string;
  dispatchAfter?: string;
  writeAfter?: string;
  callBefore?: string;
  callAfter?: string;
}

/** A trailing lambda (or closure) as the only argument: a call. Not after a type annotation's `:`. */
const TRAILING_LAMBDA_CALL = {
  callBefore: String.raw`(?:^\s*|(?:[.=(,]|\?\.|\breturn)\s*)(?:[\w$]+\??\.)*$`,
  callAfter: String.raw`^\s*\{`,
};

export const LINE_SHAPE_IDIOMS: Record<string, LineShapeIdioms> = {
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
