// Language id -> its embedded grammar file (a path inside the binary): the one list. The definitions
// take their path from here, and a background compile can start from it synchronously, before any
// definition module is loaded (structure/prefetch.ts: the walk and the search never yield).
import typescript from "./wasm/typescript.wasm.zst" with { type: "file" };
import tsx from "./wasm/tsx.wasm.zst" with { type: "file" };
import javascript from "./wasm/javascript.wasm.zst" with { type: "file" };
import python from "./wasm/python.wasm.zst" with { type: "file" };
import rust from "./wasm/rust.wasm.zst" with { type: "file" };
import go from "./wasm/go.wasm.zst" with { type: "file" };
import java from "./wasm/java.wasm.zst" with { type: "file" };
import c from "./wasm/c.wasm.zst" with { type: "file" };
import cpp from "./wasm/cpp.wasm.zst" with { type: "file" };
import csharp from "./wasm/csharp.wasm.zst" with { type: "file" };
import ruby from "./wasm/ruby.wasm.zst" with { type: "file" };
import php from "./wasm/php.wasm.zst" with { type: "file" };
import kotlin from "./wasm/kotlin.wasm.zst" with { type: "file" };
import swift from "./wasm/swift.wasm.zst" with { type: "file" };
import scala from "./wasm/scala.wasm.zst" with { type: "file" };
import bash from "./wasm/bash.wasm.zst" with { type: "file" };
import lua from "./wasm/lua.wasm.zst" with { type: "file" };
import elixir from "./wasm/elixir.wasm.zst" with { type: "file" };
import dart from "./wasm/dart.wasm.zst" with { type: "file" };
import zig from "./wasm/zig.wasm.zst" with { type: "file" };
import ocaml from "./wasm/ocaml.wasm.zst" with { type: "file" };
import ocaml_interface from "./wasm/ocaml_interface.wasm.zst" with { type: "file" };
import solidity from "./wasm/solidity.wasm.zst" with { type: "file" };

export const GRAMMAR_WASM: Record<string, string> = {
  typescript, tsx, javascript, python, rust, go, java, c, cpp, csharp, ruby, php, kotlin, swift, scala, bash, lua, elixir, dart, zig, ocaml, ocaml_interface, solidity,
};
