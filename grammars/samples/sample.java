package x;
@Deprecated
public class Foo<T> extends Bar {
  private int x;
  @Override
  public String toString() { return ""; }
  Foo() {}
  interface Inner { void run(); }
  enum E { A, B; void m() {} }
  record R(int a) {}
}
@interface Ann { String value(); }
