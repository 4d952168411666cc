namespace App.Core {
  public class Foo : IBar {
    public Foo() {}
    public int Prop { get; set; }
    public void Run(int x) { }
    private static async Task<int> GoAsync() => 1;
  }
  interface IBar { void Run(int x); }
  struct P { }
  enum E { A }
  record R(int A);
  delegate void D(int x);
}
