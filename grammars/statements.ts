// Where a statement starts, as tree-sitter grammars name their nodes (for trace's excerpt windows,
// src/investigate/statements.ts): the naming conventions shared across grammars, as data.
// - `statement`: a node of one of these types is a statement (`expression_statement`,
//   `if_statement`, C's `declaration`, Java's `local_variable_declaration`, `function_definition`,
//   a struct's `field_declaration`, an enum's `enumerator`, C's preprocessor lines);
// - `statementList`: every named child of a node of one of these types is a statement (a block's
//   children in grammars whose statements are plain expressions: Kotlin's `statements`, Go's
//   `statement_list`, Ruby's `body_statement`, Lua's `block`, a class or enum body).
// - `notStatement`: never a statement, whatever its name says (parameters of a head).
export const STATEMENT_NODE = {
  statement: String.raw`(?:^|_)(?:statement|declaration|definition|declarator_list|enumerator|enum_entry|enum_constant|directive|comment)$|^preproc_`,
  statementList: String.raw`(?:^|_)(?:block|body|statements|statement_list|compound_statement|program|translation_unit|source_file|chunk|module|declaration_list|enumerator_list|field_declaration_list|class_body|enum_body|enum_class_body|interface_body|object_body)$`,
  notStatement: String.raw`parameter|argument`,
};
