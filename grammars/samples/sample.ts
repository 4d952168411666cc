import x from "y";
export default function () {}
export async function fetchAll(a: string): Promise<void> {}
export const handler = async (req: Req) => {
  return 1;
};
const typed: Fn = function named() {};
let gen = function* () {};
@Component({ selector: "x" })
export class Widget<T> extends Base implements I {
  private field = () => 1;
  static create(): Widget<any> { return new Widget(); }
  get size(): number { return 1; }
  @Input() set value(v: number) {}
  constructor(private a: number) { super(); }
}
export abstract class A { abstract run(): void; }
export interface Props { onClick(e: Event): void; name: string; }
export type Id = string | number;
export enum Color { Red }
namespace NS { export function inner() {} }
declare module "foo" { export function decl(): void; }
module.exports.legacy = function () {};
Foo.prototype.bar = function () {};
const obj = { method() {}, arrow: () => 2, nested: { deep() {} } };
export default class {}
function outer() { function innerFn() {} const cb = () => {}; }
