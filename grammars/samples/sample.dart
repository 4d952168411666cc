class Foo extends Bar {
  int x = 0;
  Foo(this.x);
  void run(int y) {
    print(y);
  }
  int get size => 1;
}
void main() {
  print(1);
}
enum Color { red }
mixin M {}
extension E on String { void f() {} }
