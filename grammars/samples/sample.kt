package x
class Foo(val a: Int) : Bar() {
    fun run(x: Int): Int { return x }
    companion object { fun make() = Foo(1) }
}
object Single { fun go() {} }
interface I { fun f() }
fun top(): Unit {}
enum class Color { RED }
typealias Name = String
