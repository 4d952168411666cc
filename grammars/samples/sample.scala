package x
class Foo(a: Int) extends Bar {
  def run(x: Int): Int = x
  val f = 1
}
object Foo { def apply(): Foo = new Foo(1) }
trait T { def g(): Unit }
case class C(a: Int)
