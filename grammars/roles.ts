// The role rules of each grammar: which syntax-tree slots make a matched name a definition, a call,
// an import or a write (src/structure/roles.ts reads them; comments and strings are recognised by
// node type name for every grammar). A slot lists the parent's fields that hold the name: `*` any
// child, `0` the first named child. `through` lists the wrappers a name climbs through to its slot
// (member access `a.b()`, declarators `int *x`, qualified names `A::b`, destructuring patterns).
// Grammars without a table of their own use GENERIC, built from the node names most grammars share.
import type { RoleTable, Slot } from "../src/structure/roles.ts";

const name: Slot = ["name"];

const python: RoleTable = {
  import: ["import_statement", "import_from_statement", "future_import_statement"],
  definition: { function_definition: name, class_definition: name },
  call: { call: ["function"], decorator: ["*"] },
  write: { assignment: ["left"], augmented_assignment: ["left"], named_expression: ["name"] },
  through: { attribute: ["attribute"], pattern_list: ["*"], tuple_pattern: ["*"], list_pattern: ["*"], subscript: ["value"], parenthesized_expression: ["*"] },
  // Module- and class-level assignments declare (`LIMIT = 10`, dataclass fields).
  scopes: ["function_definition", "lambda"],
};

const go: RoleTable = {
  import: ["import_declaration", "import_spec"],
  definition: {
    function_declaration: name, method_declaration: name, type_spec: name, type_alias: name,
    const_spec: name, var_spec: name, field_declaration: name, method_spec: name, method_elem: name,
    short_var_declaration: ["left"],
  },
  call: { call_expression: ["function"] },
  write: { assignment_statement: ["left"], inc_statement: ["*"], dec_statement: ["*"] },
  through: {
    selector_expression: ["field"], expression_list: ["*"], index_expression: ["operand"],
    parenthesized_expression: ["*"], generic_type: ["type"], qualified_type: ["name"],
  },
};

const rust: RoleTable = {
  import: ["use_declaration", "extern_crate_declaration"],
  definition: {
    function_item: name, function_signature_item: name, struct_item: name, enum_item: name,
    union_item: name, trait_item: name, type_item: name, const_item: name, static_item: name,
    mod_item: name, macro_definition: name, field_declaration: name, enum_variant: name,
    associated_type: name, let_declaration: ["pattern"],
  },
  call: { call_expression: ["function"], macro_invocation: ["macro"] },
  // Macro bodies are token trees: `ast_struct! { pub struct ExprClosure { ... } }` is read by line shape.
  opaque: ["token_tree"],
  write: { assignment_expression: ["left"], compound_assignment_expr: ["left"] },
  through: {
    field_expression: ["field"], scoped_identifier: ["name"], generic_function: ["function"],
    tuple_pattern: ["*"], reference_pattern: ["*"], mut_pattern: ["*"], index_expression: ["0"],
    parenthesized_expression: ["*"], unary_expression: ["*"],
  },
};

const ecmascript: RoleTable = {
  import: ["import_statement"],
  importCalls: { call: ["call_expression"], callee: "function", names: ["require", "import"], holders: { variable_declarator: "value" } },
  definition: {
    function_declaration: name, generator_function_declaration: name, function_expression: name,
    function: name, generator_function: name, class_declaration: name, class: name,
    abstract_class_declaration: name, method_definition: name, variable_declarator: name,
    field_definition: ["property"], public_field_definition: name, interface_declaration: name,
    type_alias_declaration: name, enum_declaration: name, internal_module: name, module: name,
    method_signature: name, abstract_method_signature: name, property_signature: name,
    function_signature: name, enum_assignment: name, enum_body: ["*"],
  },
  call: {
    call_expression: ["function"], new_expression: ["constructor"], decorator: ["*"],
    jsx_opening_element: name, jsx_self_closing_element: name,
  },
  write: { assignment_expression: ["left"], augmented_assignment_expression: ["left"], update_expression: ["argument"] },
  through: {
    member_expression: ["property"], subscript_expression: ["object"], object_pattern: ["*"],
    array_pattern: ["*"], pair_pattern: ["value"], assignment_pattern: ["left"], rest_pattern: ["*"],
    parenthesized_expression: ["*"], non_null_expression: ["*"], nested_identifier: ["*"],
    instantiation_expression: ["function"],
  },
};

const java: RoleTable = {
  import: ["import_declaration"],
  definition: {
    class_declaration: name, interface_declaration: name, enum_declaration: name,
    record_declaration: name, annotation_type_declaration: name, method_declaration: name,
    constructor_declaration: name, variable_declarator: name, enum_constant: name,
    annotation_type_element_declaration: name,
  },
  call: { method_invocation: name, object_creation_expression: ["type"] },
  write: { assignment_expression: ["left"], update_expression: ["*"] },
  through: {
    field_access: ["field"], generic_type: ["0"], scoped_type_identifier: ["0"],
    array_access: ["array"], parenthesized_expression: ["*"],
  },
};

const cDefinition: Record<string, Slot> = {
  function_definition: ["declarator"], declaration: ["declarator"], field_declaration: ["declarator"],
  type_definition: ["declarator"], enumerator: name, preproc_def: name, preproc_function_def: name,
  struct_specifier: { fields: ["name"], requires: "body" },
  union_specifier: { fields: ["name"], requires: "body" },
  enum_specifier: { fields: ["name"], requires: "body" },
};
const cThrough: Record<string, Slot> = {
  function_declarator: ["declarator"], pointer_declarator: ["declarator"], array_declarator: ["declarator"],
  parenthesized_declarator: ["*"], init_declarator: ["declarator"], attributed_declarator: ["0"],
  field_expression: ["field"], subscript_expression: ["argument"], parenthesized_expression: ["*"],
  pointer_expression: ["argument"],
};

const c: RoleTable = {
  import: ["preproc_include"],
  definition: cDefinition,
  call: { call_expression: ["function"] },
  write: { assignment_expression: ["left"], update_expression: ["argument"] },
  through: cThrough,
};

const cpp: RoleTable = {
  import: ["preproc_include", "using_declaration"],
  definition: {
    ...cDefinition,
    class_specifier: { fields: ["name"], requires: "body" },
    namespace_definition: name, alias_declaration: name, concept_definition: name,
  },
  call: { call_expression: ["function"], new_expression: ["type"] },
  write: { assignment_expression: ["left"], update_expression: ["argument"] },
  through: {
    ...cThrough,
    qualified_identifier: name, reference_declarator: ["*"], template_function: name,
    template_type: name, destructor_name: ["*"], operator_name: ["*"],
  },
};

const ruby: RoleTable = {
  importCalls: { call: ["call"], callee: "method", names: ["require", "require_relative", "load", "autoload"] },
  definition: { method: name, singleton_method: name, class: name, module: name, singleton_class: ["value"] },
  call: { call: ["method"] },
  write: { assignment: ["left"], operator_assignment: ["left"] },
  through: { scope_resolution: name, left_assignment_list: ["*"], element_reference: ["object"] },
  // Constants and top-level variables are declared by assignment.
  scopes: ["method", "singleton_method", "block", "do_block", "lambda"],
};

const php: RoleTable = {
  import: ["namespace_use_declaration", "require_expression", "require_once_expression", "include_expression", "include_once_expression"],
  definition: {
    function_definition: name, method_declaration: name, class_declaration: name,
    interface_declaration: name, trait_declaration: name, enum_declaration: name, enum_case: name,
    namespace_definition: name, const_element: ["0"], property_element: ["0"], property_promotion_parameter: name,
  },
  call: {
    function_call_expression: ["function"], member_call_expression: name, scoped_call_expression: name,
    nullsafe_member_call_expression: name, object_creation_expression: ["0"],
  },
  write: { assignment_expression: ["left"], augmented_assignment_expression: ["left"], update_expression: ["*"] },
  through: {
    member_access_expression: name, nullsafe_member_access_expression: name,
    scoped_property_access_expression: name, variable_name: ["*"], qualified_name: ["*"],
    subscript_expression: ["0"], list_literal: ["*"],
  },
};

const csharp: RoleTable = {
  import: ["using_directive"],
  definition: {
    class_declaration: name, struct_declaration: name, interface_declaration: name,
    enum_declaration: name, record_declaration: name, method_declaration: name,
    constructor_declaration: name, property_declaration: name, variable_declarator: name,
    enum_member_declaration: name, delegate_declaration: name, namespace_declaration: name,
    local_function_statement: name, event_declaration: name,
  },
  call: { invocation_expression: ["function"], object_creation_expression: ["type"] },
  write: { assignment_expression: ["left"], postfix_unary_expression: ["*"], prefix_unary_expression: ["*"] },
  through: { member_access_expression: name, generic_name: ["0"], qualified_name: name, element_access_expression: ["expression"] },
};

const kotlin: RoleTable = {
  import: ["import_header", "package_header"],
  // Kotlin's grammar has few fields: `@type` picks the first named child of that type.
  definition: {
    class_declaration: ["@type_identifier"], object_declaration: ["@type_identifier"],
    function_declaration: ["@simple_identifier"], variable_declaration: ["@simple_identifier"],
    class_parameter: ["@simple_identifier"], type_alias: ["@type_identifier"], enum_entry: ["@simple_identifier"],
  },
  call: { call_expression: ["0"], constructor_invocation: ["0"], delegation_specifier: ["0"] },
  write: { assignment: ["0"], postfix_expression: ["0"], prefix_expression: ["*"] },
  through: {
    navigation_expression: ["@navigation_suffix"], navigation_suffix: ["*"], directly_assignable_expression: ["*"],
    user_type: ["@type_identifier"],
  },
};

/** For the grammars without a table: the slot names most tree-sitter grammars share. */
const GENERIC: RoleTable = {
  import: ["import_statement", "import_declaration", "import_from_statement", "use_declaration", "using_directive", "import_header", "preproc_include"],
  definition: {
    function_definition: name, function_declaration: name, method_declaration: name,
    method_definition: name, class_definition: name, class_declaration: name,
    struct_declaration: name, interface_declaration: name, enum_declaration: name,
    protocol_declaration: name, type_alias: name, variable_declarator: name,
    function_item: name, struct_item: name,
  },
  call: { call_expression: ["function"], call: ["function"], invocation_expression: ["function"], method_invocation: name, function_call: ["name"] },
  write: { assignment: ["left"], assignment_expression: ["left"], assignment_statement: ["left"] },
  through: { member_expression: ["property"], field_expression: ["field"], attribute: ["attribute"], selector_expression: ["field"], dot_index_expression: ["field"], method_index_expression: ["method"] },
};

/** Language id (a detectLanguage id) -> its role table. */
export const ROLE_TABLES: Record<string, RoleTable> = {
  python, go, rust, java, c, cpp, ruby, php, csharp, kotlin,
  javascript: ecmascript, typescript: ecmascript, tsx: ecmascript,
};

export function roleTable(language: string): RoleTable {
  return ROLE_TABLES[language] ?? GENERIC;
}
