<?php
namespace App;
interface I { public function run(): void; }
trait T { function t() {} }
class Foo extends Bar implements I {
    public function run(): void {}
    private static function make() {}
}
function helper($x) { return $x; }
enum Suit { case Hearts; }
