#!/usr/bin/env bash
# Installs (or locates) the pinned corpora of agentgrep's multi-language suite (eval/).
#
#   bash eval/setup.sh                       # default cache: ~/.cache/agentgrep-eval-langs
#   EVAL_CACHE=/some/dir bash eval/setup.sh
#
# Every corpus is a plain directory under $EVAL_CACHE/corpora/<name>, outside any git
# repository (rg and agentgrep would otherwise apply the checkout's ignore rules):
#   c       the Linux 6.1.192 tree prepared by bench/prepare.sh (a symlink to it; the tree is
#           1.5 GB, so it is not copied)
#   cpp     googletest 1.12.1 sources, Catch2 2.13.10 headers, nlohmann/json 3.11.2 headers,
#           {fmt} 9.1.0 headers (Debian bookworm)
#   java    OpenJFX 11.0.11 sources, all seven modules (Debian bookworm openjfx-source)
#   ruby    Sequel 5.63.0, Rouge 3.30.0, Thor 1.2.1 (Debian bookworm ruby-* gems)
#   php     Monolog 2.9.1, Guzzle 7.4.5, Doctrine DBAL 3.6.1 (Debian bookworm php-*)
#   kotlin  the android/ folders of expo-modules-core 1.11.13, react-native-screens 3.29.0 and
#           react-native-gesture-handler 2.14.0 (npm registry, `npm pack`)
#   go      part of Go 1.19.8's standard library (net/http, net/url, net/textproto, text/template,
#           encoding/json, database/sql, compress/, context, sync, runtime) as go/src/...; and
#           prometheus client_golang 1.14.0, zap 1.23.0, hashicorp raft 1.1.2, memberlist 0.2.2,
#           golang-lru 0.5.4, go-retryablehttp 0.7.1, boltdb bolt 1.3.1, miekg dns 1.1.50 under
#           their import paths (github.com/..., go.uber.org/zap) (Debian bookworm golang-*)
#   rustc   rustc 1.63.0's source tree (Debian bookworm rust-src) with vendor/ holding the 1,513
#           bookworm librust-*-dev crates pinned in eval/pins/rustc-vendor.txt (~86,000 files)
#   juce    JUCE 7.0.5's modules/ folder (Debian bookworm juce-modules-source-data; C++)
#   lua     Prosody 0.12.3, LuaRocks 3.8.0, Penlight 1.13.1, awesome 4.3's Lua libraries (Debian bookworm)
#   ocaml   the OCaml 4.13.1 compiler's source tree (Debian bookworm ocaml-source): compiler, stdlib, C runtime, testsuite
#   gopath  the ~110,000-file Go world: Go 1.19.8's whole GOROOT (api/, misc/, src/, test/) as go/ and the
#           1,924 bookworm golang-*-dev packages pinned in eval/pins/gopath.txt under gopath/src/<import path>
#   django  Django 3.2.25's django/ package as site-packages holds it (Debian bookworm python3-django; Python,
#           templates, admin JS, locale files)
#   rxjs    RxJS 7.8.1's TypeScript sources (src/) and package.json (npm registry, `npm pack`)
#   solidity OpenZeppelin Contracts 4.9.6, Uniswap v3-core 1.0.1, solmate 6.8.0 (npm registry; Solidity)
#   swift   the ios/ folders of react-native-vision-camera 4.7.2, expo-modules-core 1.11.13 and
#           @stripe/stripe-react-native 0.78.0 (npm registry; Swift with Objective-C beside it)
#   cpython CPython 3.11.2's Lib/ prepared by bench/prepare.sh (a symlink to it, as c is)
#   twisted Twisted 22.4.0's twisted/ package as dist-packages holds it (Debian bookworm python3-twisted;
#           Python, with its test/ folders)
# Nothing is installed system-wide: `apt-get download` + `dpkg-deb -x`, `npm pack` + tar.
# Idempotent: a corpus whose stamp matches its pin is left alone; archives are kept in
# $EVAL_CACHE/debs and $EVAL_CACHE/npm. Prints "<name>\t<root>" per corpus on stdout.
# EVAL_ALLOW_UNPINNED=1 accepts other versions (the scorer then reports corpus drift).
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
EVAL_CACHE="${EVAL_CACHE:-$HOME/.cache/agentgrep-eval-langs}"
CORPORA="$EVAL_CACHE/corpora"
APT_OPTS=(-o DPkg::Lock::Timeout=900)
EVAL_ALLOW_UNPINNED="${EVAL_ALLOW_UNPINNED:-0}"

LINUX_VERSION="6.1.192"
CPP_DEBS=("googletest=1.12.1-0.2" "catch2=2.13.10-1" "nlohmann-json3-dev=3.11.2-2" "libfmt-dev=9.1.0+ds1-2")
JAVA_DEBS=("openjfx-source=11.0.11+1-3")
RUBY_DEBS=("ruby-sequel=5.63.0-1" "ruby-rouge=3.30.0-2" "ruby-thor=1.2.1-2")
PHP_DEBS=("php-monolog=2.9.1-1" "php-guzzlehttp-guzzle=7.4.5-1" "php-doctrine-dbal=3.6.1+dfsg-1")
GO_DEBS=("golang-1.19-src=1.19.8-2" "golang-github-prometheus-client-golang-dev=1.14.0-3"
         "golang-go.uber-zap-dev=1.23.0-1" "golang-github-hashicorp-raft-dev=1.1.2-1"
         "golang-github-hashicorp-memberlist-dev=0.2.2-2" "golang-github-hashicorp-golang-lru-dev=0.5.4-2"
         "golang-github-hashicorp-go-retryablehttp-dev=0.7.1-1" "golang-github-boltdb-bolt-dev=1.3.1-7"
         "golang-github-miekg-dns-dev=1.1.50-2")
# The parts of the standard library kept (the whole of it is 118 MB unpacked).
GO_STD=(net/http net/url net/textproto text/template encoding/json database/sql compress context sync runtime)
NPM_KOTLIN=("expo-modules-core@1.11.13" "react-native-screens@3.29.0" "react-native-gesture-handler@2.14.0")
RUSTC_DEB="rust-src=1.63.0+dfsg1-2"
JUCE_DEBS=("juce-modules-source-data=7.0.5+ds-1")
OCAML_DEBS=("ocaml-source=4.13.1-4")
DJANGO_DEBS=("python3-django=3:3.2.25-0+deb12u3")
NPM_RXJS=("rxjs@7.8.1")
NPM_SOLIDITY=("@openzeppelin/contracts@4.9.6" "@uniswap/v3-core@1.0.1" "solmate@6.8.0")
NPM_SWIFT=("react-native-vision-camera@4.7.2" "expo-modules-core@1.11.13" "@stripe/stripe-react-native@0.78.0")
TWISTED_DEBS=("python3-twisted=22.4.0-4+deb12u1")
LUA_DEBS=("prosody=0.12.3-1+deb12u1" "luarocks=3.8.0+dfsg1-1" "lua-penlight=1.13.1-3" "awesome=4.3-7")
# The 1,513 crates vendored beside rustc: eval/pins/rustc-vendor.txt, one name=version a line.
mapfile -t RUSTC_VENDOR < <(grep -v '^#' "$HERE/pins/rustc-vendor.txt")
# The gopath corpus: golang-1.19-src and 1,924 golang-*-dev packages, eval/pins/gopath.txt.
mapfile -t GOPATH_DEBS < <(grep -v '^#' "$HERE/pins/gopath.txt")

log() { echo "[setup] $*" >&2; }
mkdir -p "$CORPORA" "$EVAL_CACHE/debs" "$EVAL_CACHE/npm"
if top="$(git -C "$CORPORA" rev-parse --show-toplevel 2>/dev/null)"; then
  log "ERROR: $CORPORA is inside the git repository $top; set EVAL_CACHE to a folder outside any repository"
  exit 2
fi

STAMPS="$EVAL_CACHE/stamps"  # outside the corpus roots, so never searched
mkdir -p "$STAMPS"
stamp_ok() { [ -e "$1" ] && [ -f "$STAMPS/$(basename "$1")" ] && [ "$(cat "$STAMPS/$(basename "$1")")" = "$2" ]; }
write_stamp() { printf '%s' "$2" > "$STAMPS/$(basename "$1")"; }

APT_MARK="$EVAL_CACHE/.apt-updated.$$"
trap 'rm -f "$APT_MARK"' EXIT
apt_update_once() {
  if [ ! -f "$APT_MARK" ]; then
    log "apt-get update"
    apt-get "${APT_OPTS[@]}" update >&2 || log "apt-get update failed (continuing)"
    : > "$APT_MARK"
  fi
}

# The path of a spec's .deb (apt names a version's epoch N: as N%3a), which fetch_debs_bulk brought into $EVAL_CACHE/debs (with
# EVAL_ALLOW_UNPINNED=1, the newest other version of the package there when the pinned one is not).
fetch_deb() {
  local name="${1%%=*}" ver="${1#*=}" f
  f=$(compgen -G "$EVAL_CACHE/debs/${name}_${ver/:/%3a}_*.deb" | head -1 || true)
  if [ -z "$f" ] && [ "$EVAL_ALLOW_UNPINNED" = 1 ]; then
    f=$(ls -t "$EVAL_CACHE/debs/${name}_"*.deb 2>/dev/null | head -1 || true)
  fi
  if [ -z "$f" ]; then log "ERROR: no .deb for $1 in $EVAL_CACHE/debs"; exit 1; fi
  echo "$f"
}

# Downloads the pinned .debs not yet in $EVAL_CACHE/debs, all in one apt-get call.
fetch_debs_bulk() { # spec...
  local missing=() spec name ver
  for spec in "$@"; do
    name="${spec%%=*}" ver="${spec#*=}"
    compgen -G "$EVAL_CACHE/debs/${name}_${ver/:/%3a}_*.deb" >/dev/null || missing+=("$spec")
  done
  [ "${#missing[@]}" -eq 0 ] && return
  apt_update_once
  log "apt-get download: ${#missing[@]} packages"
  ( cd "$EVAL_CACHE/debs" && apt-get "${APT_OPTS[@]}" -o APT::Sandbox::User=root download "${missing[@]}" >&2 ) || {
    if [ "$EVAL_ALLOW_UNPINNED" = 1 ]; then
      log "WARNING: some pinned packages are unavailable; taking the candidate versions"
      ( cd "$EVAL_CACHE/debs" && apt-get "${APT_OPTS[@]}" -o APT::Sandbox::User=root download "${missing[@]%%=*}" >&2 )
    else
      log "ERROR: cannot download all of: ${missing[*]} (set EVAL_ALLOW_UNPINNED=1 to accept other versions)"
      exit 1
    fi
  }
}

extract_debs() { # tmpname spec... ; prints the extraction dir
  local tmp="$EVAL_CACHE/$1" spec
  shift
  rm -rf "$tmp" && mkdir -p "$tmp"
  for spec in "$@"; do dpkg-deb -x "$(fetch_deb "$spec")" "$tmp"; done
  echo "$tmp"
}

# `npm pack` into $EVAL_CACHE/npm (nothing installed or run); unpacks; prints the package dir.
npm_unpack() {
  local spec="$1" name="${1%@*}" ver="${1##*@}"
  local fname="${name//\//-}-$ver.tgz"   # npm pack: a scope's @ dropped, / as -
  local tgz="$EVAL_CACHE/npm/${fname#@}"
  if [ ! -s "$tgz" ]; then
    log "npm pack $spec"
    ( cd "$EVAL_CACHE/npm" && npm pack --silent "$spec" >&2 ) || { log "ERROR: cannot fetch $spec"; exit 1; }
  fi
  local out="$EVAL_CACHE/extract-npm/${name//\//-}"
  rm -rf "$out" && mkdir -p "$out"
  tar -C "$out" -xzf "$tgz"
  echo "$out/package"
}

# Builds a corpus in $dst.tmp via the function given, then swaps it in.
finish() { # dst pin
  find "$1.tmp" -type l -delete
  rm -rf "$1" && mv "$1.tmp" "$1"
  write_stamp "$1" "$2"
}

# ---------------------------------------------------------------- c (Linux)
# A bench tree (bench/prepare.sh makes it when missing): its path.
bench_tree() { # name label
  local tree="${BENCH_CACHE:-$HOME/.cache/agentgrep-bench}/$1"
  if [ ! -f "$tree/.agentgrep-bench-ready" ]; then
    log "preparing the $2 tree with bench/prepare.sh"
    bash "$HERE/../bench/prepare.sh" >&2
  fi
  echo "$tree"
}

# Links a bench tree as a corpus; `mismatch` (empty when the tree is the pinned version) is
# fatal unless EVAL_ALLOW_UNPINNED=1.
link_bench_tree() { # dst tree pin mismatch
  if [ -n "$4" ]; then
    if [ "$EVAL_ALLOW_UNPINNED" = 1 ]; then
      log "WARNING: $4"
    else
      log "ERROR: $4 (set EVAL_ALLOW_UNPINNED=1 to use it anyway)"
      exit 1
    fi
  fi
  rm -rf "$1"
  ln -s "$2" "$1"
  write_stamp "$1" "$3"
}

c_corpus() {
  local dst="$CORPORA/c" pin="linux-$LINUX_VERSION"
  if stamp_ok "$dst" "$pin" && [ -f "$dst/Makefile" ]; then return; fi
  local tree v
  tree=$(bench_tree linux Linux)
  v=$(awk -F' = ' '/^VERSION =/{a=$2} /^PATCHLEVEL =/{b=$2} /^SUBLEVEL =/{c=$2} END{print a"."b"."c}' "$tree/Makefile")
  link_bench_tree "$dst" "$tree" "$pin" "$([ "$v" != "$LINUX_VERSION" ] && echo "the Linux tree at $tree is $v, not $LINUX_VERSION")"
}

# A corpus made of .debs: unless its stamp matches PIN, downloads and extracts the SPECs, lets LAYOUT
# copy what the corpus keeps from the extraction folder ($1) into the new, empty corpus folder ($2),
# then swaps it in.
deb_corpus() { # name pin layout spec...
  local dst="$CORPORA/$1" pin="$2" layout="$3" tmp
  shift 3
  if stamp_ok "$dst" "$pin"; then return; fi
  fetch_debs_bulk "$@"
  tmp=$(extract_debs "extract-$(basename "$dst")" "$@")
  rm -rf "$dst.tmp" && mkdir -p "$dst.tmp"
  "$layout" "$tmp" "$dst.tmp"
  rm -rf "$tmp"
  finish "$dst" "$pin"
}

# ---------------------------------------------------------------- cpp
# googletest/ as Debian ships its sources (googletest/ and googlemock/ with tests and samples);
# catch2/, json/ and fmt/ hold each library's include/ folder.
cpp_layout() {
  mkdir -p "$2/catch2/include" "$2/json/include" "$2/fmt/include"
  cp -r "$1/usr/src/googletest" "$2/googletest"
  cp -r "$1/usr/include/catch2" "$2/catch2/include/"
  cp -r "$1/usr/include/nlohmann" "$2/json/include/"
  cp -r "$1/usr/include/fmt" "$2/fmt/include/"
}
cpp_corpus() { deb_corpus cpp "${CPP_DEBS[*]}" cpp_layout "${CPP_DEBS[@]}"; }

# ---------------------------------------------------------------- java
# OpenJFX's src.zip unpacked: one folder per module (javafx.base/, javafx.graphics/, ...).
java_layout() { ( cd "$2" && unzip -q "$1/usr/share/openjfx/lib/src.zip" ); }
java_corpus() { deb_corpus java "${JAVA_DEBS[*]}" java_layout "${JAVA_DEBS[@]}"; }

# ---------------------------------------------------------------- ruby
# Each gem's lib/ folder as <gem>/lib (Sequel's comes from vendor_ruby).
ruby_layout() {
  local gems="$1/usr/share/rubygems-integration/all/gems"
  mkdir -p "$2/sequel/lib" "$2/rouge" "$2/thor"
  cp -r "$1/usr/lib/ruby/vendor_ruby/sequel" "$1/usr/lib/ruby/vendor_ruby/sequel.rb" "$2/sequel/lib/"
  cp -r "$gems/rouge-3.30.0/lib" "$2/rouge/lib"
  cp -r "$gems/thor-1.2.1/lib" "$2/thor/lib"
}
ruby_corpus() { deb_corpus ruby "${RUBY_DEBS[*]}" ruby_layout "${RUBY_DEBS[@]}"; }

# ---------------------------------------------------------------- php
# Debian's /usr/share/php layout: Monolog/, GuzzleHttp/, Doctrine/DBAL/ (PSR-4 roots).
php_layout() { cp -r "$1/usr/share/php/." "$2/"; }
php_corpus() { deb_corpus php "${PHP_DEBS[*]}" php_layout "${PHP_DEBS[@]}"; }

# ---------------------------------------------------------------- kotlin
# <package>/android for each npm package (Kotlin, some Java, and the C++ JNI glue).
kotlin_corpus() {
  local dst="$CORPORA/kotlin" pin="${NPM_KOTLIN[*]}"
  if stamp_ok "$dst" "$pin"; then return; fi
  local spec pkg name
  rm -rf "$dst.tmp" && mkdir -p "$dst.tmp"
  for spec in "${NPM_KOTLIN[@]}"; do
    name="${spec%@*}"
    pkg=$(npm_unpack "$spec")
    mkdir -p "$dst.tmp/$name"
    cp -r "$pkg/android" "$dst.tmp/$name/android"
  done
  rm -rf "$EVAL_CACHE/extract-npm"
  finish "$dst" "$pin"
}

# ---------------------------------------------------------------- go
# go/src/<pkg> for the standard library packages in GO_STD (GOROOT's layout); each library under
# its import path as Debian's /usr/share/gocode/src lays it out (github.com/..., go.uber.org/zap).
# Debian's github.com/uber-go/zap is a symlink to go.uber.org/zap: symlinks are dropped.
go_layout() {
  local pkg
  mkdir -p "$2/go/src"
  for pkg in "${GO_STD[@]}"; do
    mkdir -p "$2/go/src/$(dirname "$pkg")"
    cp -r "$1/usr/share/go-1.19/src/$pkg" "$2/go/src/$pkg"
  done
  cp -r "$1/usr/share/gocode/src/." "$2/"
  find "$2" -type l -delete && find "$2" -type d -empty -delete
}
go_corpus() { deb_corpus go "${GO_DEBS[*]} std:${GO_STD[*]}" go_layout "${GO_DEBS[@]}"; }

# ---------------------------------------------------------------- rustc (the ~86,000-file tree)
# rustc 1.63.0's source tree as Debian's rust-src ships it (compiler/, library/, src/test/, src/tools/
# with clippy, rustfmt, rustdoc; src/doc/ with the books), without Debian's debian/ folder, and a
# vendor/ folder of crates the way rustc's release tarball carries one: every bookworm librust-*-dev
# crate (Debian's /usr/share/cargo/registry, <crate>-<version>/ each).
rustc_layout() {
  find "$1/usr/src/rustc-1.63.0" -mindepth 1 -maxdepth 1 ! -name debian -exec mv -t "$2" {} +
  mv "$1/usr/share/cargo/registry" "$2/vendor"
}
rustc_corpus() {
  deb_corpus rustc "$RUSTC_DEB vendor:$(sha256sum "$HERE/pins/rustc-vendor.txt" | cut -c1-16)" rustc_layout \
    "$RUSTC_DEB" "${RUSTC_VENDOR[@]}"
}

# ---------------------------------------------------------------- juce (C++)
# JUCE 7.0.5's modules/ folder (juce_core, juce_audio_*, juce_gui_*, juce_dsp, ...: .cpp implementation
# files and their headers) as the JUCE repository lays it out, with its ChangeList.txt.
juce_layout() { cp -r "$1/usr/share/juce/modules" "$1/usr/share/juce/ChangeList.txt" "$2/"; }
juce_corpus() { deb_corpus juce "${JUCE_DEBS[*]}" juce_layout "${JUCE_DEBS[@]}"; }

# ---------------------------------------------------------------- lua
# Four Lua projects in their upstream layouts: prosody/ (the XMPP server: core/, modules/, net/, util/,
# the prosody and prosodyctl scripts, the example config as prosody.cfg.lua.dist; its C modules (.so)
# left out), luarocks/ (src/luarocks/, bin/), penlight/lua/pl/, awesome/lib/ (the window manager's
# Lua libraries) with its default awesomerc.lua.
lua_layout() {
  mkdir -p "$2/prosody" "$2/luarocks/src" "$2/luarocks/bin" "$2/penlight/lua" "$2/awesome"
  cp -rL "$1/usr/lib/prosody/." "$2/prosody/"
  find "$2/prosody" -name '*.so' -delete
  cp -L "$1/usr/bin/prosody" "$1/usr/bin/prosodyctl" "$2/prosody/"
  cp -L "$1/etc/prosody/prosody.cfg.lua" "$2/prosody/prosody.cfg.lua.dist"
  cp -rL "$1/usr/share/lua/5.1/luarocks" "$2/luarocks/src/"
  cp -L "$1/usr/bin/luarocks" "$1/usr/bin/luarocks-admin" "$2/luarocks/bin/"
  cp -rL "$1/usr/share/lua/5.1/pl" "$2/penlight/lua/"
  cp -rL "$1/usr/share/awesome/lib" "$2/awesome/lib"
  cp -L "$1/etc/xdg/awesome/rc.lua" "$2/awesome/awesomerc.lua"
}
lua_corpus() { deb_corpus lua "${LUA_DEBS[*]}" lua_layout "${LUA_DEBS[@]}"; }

# ---------------------------------------------------------------- ocaml
# The OCaml 4.13.1 compiler's upstream source tree, as the tarball inside Debian's ocaml-source holds it
# (typing/, parsing/, lambda/, middle_end/, asmcomp/, bytecomp/, stdlib/, runtime/ in C, otherlibs/,
# testsuite/, manual/, ...); Debian's patches left out.
ocaml_layout() {
  tar -xOf "$1/usr/src/ocaml-source-4.13.1.tar" ocaml-4.13.1/ocaml_4.13.1.orig.tar.gz | tar -C "$2" -xz --strip-components=1
}
ocaml_corpus() { deb_corpus ocaml "${OCAML_DEBS[*]}" ocaml_layout "${OCAML_DEBS[@]}"; }

# ---------------------------------------------------------------- gopath (the ~110,000-file tree)
# A Go world as a developer's machine holds it: Go 1.19.8's whole GOROOT (api/, misc/, src/ with the
# standard library, cmd/ (the compiler, linker, go command) and their tests, test/) as go/, and every
# bookworm golang-*-dev package (Debian's /usr/share/gocode/src, under import paths) as gopath/src/,
# except seven giants of generated or fixture code (azure-sdk-for-go, aws-sdk-go, aws-sdk-go-v2,
# google-api, google-genproto, go-rpmdb's rpm databases, go-git-fixtures): 1.4 GB of the 2.5 GB.
# Many libraries do the same job (routers, loggers, TOML/YAML parsers, DNS, crypto), and one package's
# copy is often vendored or forked in another. Where two packages ship the same path (a directory in
# one, a symlink in the other), the first in the pins file's order wins; symlinks are dropped.
gopath_extract() { # tmp spec...
  local tmp="$1" spec f
  shift
  for spec in "$@"; do
    f=$(fetch_deb "$spec")
    dpkg-deb -x "$f" "$tmp" 2>/dev/null || log "note: $spec overlaps an earlier package (kept the earlier files)"
  done
}
gopath_corpus() {
  local dst="$CORPORA/gopath" pin="gopath:$(sha256sum "$HERE/pins/gopath.txt" | cut -c1-16)" tmp
  if stamp_ok "$dst" "$pin"; then return; fi
  fetch_debs_bulk "${GOPATH_DEBS[@]}"
  tmp="$EVAL_CACHE/extract-gopath"
  rm -rf "$tmp" && mkdir -p "$tmp"
  gopath_extract "$tmp" "${GOPATH_DEBS[@]}"
  rm -rf "$dst.tmp" && mkdir -p "$dst.tmp/gopath"
  mv "$tmp/usr/share/go-1.19" "$dst.tmp/go"
  mv "$tmp/usr/share/gocode/src" "$dst.tmp/gopath/src"
  rm -rf "$tmp"
  finish "$dst" "$pin"
  find "$dst" -type d -empty -delete
}

# ---------------------------------------------------------------- django (Python)
# Django 3.2.25's package folder as Debian installs it into dist-packages: django/ (db/, forms/, http/,
# template/, contrib/ with admin's templates and JavaScript, conf/locale/ with the .po/.mo catalogues);
# the egg-info and the symlinks to Debian's shared jQuery and XRegExp are left out.
django_layout() { cp -r "$1/usr/lib/python3/dist-packages/django" "$2/django"; }
django_corpus() { deb_corpus django "${DJANGO_DEBS[*]}" django_layout "${DJANGO_DEBS[@]}"; }

# ---------------------------------------------------------------- rxjs (TypeScript)
# RxJS 7.8.1's TypeScript sources as its npm package ships them: src/ (internal/ with the operators,
# observable creators, schedulers, subjects; the ajax/, fetch/, webSocket/, testing/ entry points) and
# package.json; the compiled dist/ copies are left out.
rxjs_corpus() {
  local dst="$CORPORA/rxjs" pin="${NPM_RXJS[*]}" pkg
  if stamp_ok "$dst" "$pin"; then return; fi
  rm -rf "$dst.tmp" && mkdir -p "$dst.tmp"
  pkg=$(npm_unpack "${NPM_RXJS[0]}")
  cp -r "$pkg/src" "$pkg/package.json" "$dst.tmp/"
  rm -rf "$EVAL_CACHE/extract-npm"
  finish "$dst" "$pin"
}

# ---------------------------------------------------------------- solidity
# Three Solidity projects as their npm packages ship them, each whole: openzeppelin/ (the contracts by
# topic: access/, governance/, proxy/, token/, utils/, ...; and build/contracts/, the compiled JSON
# artifacts), uniswap-v3-core/ (contracts/ and artifacts/), solmate/ (src/ with its tests); solmate
# and OpenZeppelin each implement ERC20, ERC721, ERC1155, ownership, a reentrancy guard.
solidity_corpus() {
  local dst="$CORPORA/solidity" pin="${NPM_SOLIDITY[*]}" pkg
  if stamp_ok "$dst" "$pin"; then return; fi
  rm -rf "$dst.tmp" && mkdir -p "$dst.tmp"
  pkg=$(npm_unpack "${NPM_SOLIDITY[0]}") && cp -r "$pkg" "$dst.tmp/openzeppelin"
  pkg=$(npm_unpack "${NPM_SOLIDITY[1]}") && cp -r "$pkg" "$dst.tmp/uniswap-v3-core"
  pkg=$(npm_unpack "${NPM_SOLIDITY[2]}") && cp -r "$pkg" "$dst.tmp/solmate"
  rm -rf "$EVAL_CACHE/extract-npm"
  finish "$dst" "$pin"
}

# ---------------------------------------------------------------- swift
# The iOS halves of three React Native libraries as their npm packages ship them, each its ios/ folder
# only: vision-camera/ (a camera session, recording, frame processors, code scanning), expo-modules-core/
# (the native module system: modules, functions, type conversion, views, events, with its Tests/), and
# stripe/ (payment sheets and card fields). The kotlin corpus holds expo-modules-core's android/ half.
swift_corpus() {
  local dst="$CORPORA/swift" pin="${NPM_SWIFT[*]}" pkg
  if stamp_ok "$dst" "$pin"; then return; fi
  rm -rf "$dst.tmp" && mkdir -p "$dst.tmp"
  pkg=$(npm_unpack "${NPM_SWIFT[0]}") && cp -r "$pkg/ios" "$dst.tmp/vision-camera"
  pkg=$(npm_unpack "${NPM_SWIFT[1]}") && cp -r "$pkg/ios" "$dst.tmp/expo-modules-core"
  pkg=$(npm_unpack "${NPM_SWIFT[2]}") && cp -r "$pkg/ios" "$dst.tmp/stripe"
  rm -rf "$EVAL_CACHE/extract-npm"
  finish "$dst" "$pin"
}

# ---------------------------------------------------------------- twisted (Python)
# Twisted 22.4.0's package folder as Debian installs it: twisted/ (internet/ with the reactors,
# protocols, web/, conch/ (SSH), names/ (DNS), mail/, words/, trial/, and each one's test/ folder).
twisted_layout() { cp -r "$1/usr/lib/python3/dist-packages/twisted" "$2/twisted"; }
twisted_corpus() { deb_corpus twisted "${TWISTED_DEBS[*]}" twisted_layout "${TWISTED_DEBS[@]}"; }

# ---------------------------------------------------------------- cpython (Python)
# CPython 3.11's Lib/ as bench/prepare.sh assembles it (a symlink to the bench tree, as c is).
cpython_corpus() {
  local dst="$CORPORA/cpython" pin="cpython-3.11.2"
  if stamp_ok "$dst" "$pin" && [ -f "$dst/functools.py" ]; then return; fi
  local tree
  tree=$(bench_tree cpython CPython)
  link_bench_tree "$dst" "$tree" "$pin" "$(grep -q "libpython3.11-stdlib_3.11.2-" "$tree/.agentgrep-bench-ready" || echo "the CPython tree at $tree is not 3.11.2")"
}

ALL=(c cpp java ruby php kotlin go rustc juce lua ocaml gopath django rxjs solidity swift twisted cpython)
for c in "${ALL[@]}"; do
  "${c}_corpus"
done
for c in "${ALL[@]}"; do
  printf '%s\t%s\n' "$c" "$CORPORA/$c"
done
