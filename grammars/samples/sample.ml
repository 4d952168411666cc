type t = { a : int }
let add x y = x + y
let rec fact n = if n = 0 then 1 else n * fact (n - 1)
module M = struct
  let inner = 1
end
module type S = sig val x : int end
class c = object method m = 1 end
let classify = function 0 -> "zero" | _ -> "other"
let twice = fun f x -> f (f x)
