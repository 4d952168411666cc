// Rules shared by JavaScript, TypeScript and TSX (one node vocabulary; TS adds type-level nodes).
import type { Rule } from "../src/structure/grammar.ts";

/** Values that make a variable, field, property or assignment a function or class symbol. */
const CALLABLE = ["arrow_function", "function", "function_expression", "generator_function", "class"];
const byValue = { field: "value", map: { class: "class", "*": "function" } } as const;

export const JS_LEADING = ["decorator", "comment"];
/** A class member's decorators are siblings before it in the class body (`@HostListener("click")`
 *  over `onClick() {`), and an exported class's are the export statement's: outside the node. */
export const JS_DECORATIONS = ["decorator"];

export const jsRules: Record<string, Rule> = {
  function_declaration: { kind: "function" },
  generator_function_declaration: { kind: "function" },
  // Named function expressions (`return function handler() {}`); anonymous ones are skipped.
  function: { kind: "function" },
  function_expression: { kind: "function" },
  generator_function: { kind: "function" },
  class_declaration: { kind: "class" },
  class: { kind: "class" },
  method_definition: { kind: "method" },
  // const f = () => {}, let C = class {}, var g = function () {}
  variable_declarator: { kind: "function", when: { field: "value", types: CALLABLE }, kindBy: byValue },
  // class fields holding functions: handler = () => {}
  field_definition: { kind: "method", name: ["property", "name"], when: { field: "value", types: CALLABLE } },
  public_field_definition: { kind: "method", when: { field: "value", types: CALLABLE } },
  // object literal properties holding functions: { onClick: () => {} }
  pair: { kind: "method", name: ["key"], when: { field: "value", types: CALLABLE } },
  // export default function () {} / export default class {} / export default () => {}
  export_statement: { kind: "function", name: ["value/name"], anonymous: "default", when: { field: "value", types: CALLABLE }, kindBy: byValue },
  // exports.f = function () {}, Foo.prototype.bar = () => {}
  assignment_expression: {
    kind: "function", name: ["left"], label: "qualified",
    when: { field: "right", types: CALLABLE },
  },
};

export const tsRules: Record<string, Rule> = {
  function_signature: { kind: "function" },
  abstract_class_declaration: { kind: "class" },
  interface_declaration: { kind: "interface" },
  enum_declaration: { kind: "enum" },
  type_alias_declaration: { kind: "type" },
  internal_module: { kind: "module" },
  module: { kind: "module" },
  method_signature: { kind: "method" },
  abstract_method_signature: { kind: "method" },
};
