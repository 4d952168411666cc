type t
val create : int -> t
val size : int
external now : unit -> float = "caml_now"
module M : sig
  val x : int
end
exception Oops of string
