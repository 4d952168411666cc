import Foundation
class Foo: Bar {
    init() {}
    func run(x: Int) -> Int { return x }
}
struct P { func f() {} }
enum E { case a }
protocol Proto { func g() }
extension Foo { func h() {} }
func top() {}
