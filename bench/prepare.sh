#!/usr/bin/env bash
# Prepare the benchmark corpora, idempotently:
#   $BENCH_CACHE/linux    the Linux kernel tree from Debian's linux-source-X.Y package
#   $BENCH_CACHE/cpython  the CPython standard library (Lib/, tests included) from Debian packages
#
# Where the trees live, and why: rg applies .gitignore files only inside a git repository, and it
# looks for that repository in every parent directory of the searched path. bench/.cache/ sits inside
# the agentgrep checkout (a git repo), so a tree there would be filtered by the checkout's ignore
# rules (bench/.cache/ is itself ignored) and, worse, by Debian's top-level linux .gitignore, which is
# `/*` then `!/debian/` (everything but debian/ ignored). The corpora therefore default to
# $HOME/.cache/agentgrep-bench, outside any repository; the script refuses a BENCH_CACHE that is
# inside one.
#
# Linux: Debian's top-level .gitignore is the upstream kernel one plus a tail `/*` `!/debian/`. We cut
# that tail (keeping the upstream rules) and make the tree an empty git repository (`git init`, no
# commits), so the kernel's own .gitignore files (~300, top-level included) apply for both tools, as in
# a user's kernel checkout: that is what the "walking with ignore rules" target is about. (A plain
# `git init` with the tail left in would hide everything but debian/, which does not exist here.)
# CPython: Lib/ assembled from Debian's libpythonX.Y-minimal, -stdlib, -testsuite, idle, lib2to3,
# distutils and tk packages; a plain directory, no repository.
#
# Usage: bench/prepare.sh            (BENCH_CACHE=/some/dir to relocate; needs apt-get download)
# Prints the two tree paths and writes them to /work/notes/bench-trees.txt when /work/notes exists.
set -euo pipefail

BENCH_CACHE="${BENCH_CACHE:-$HOME/.cache/agentgrep-bench}"
mkdir -p "$BENCH_CACHE"
BENCH_CACHE="$(cd "$BENCH_CACHE" && pwd -P)"

if top="$(git -C "$BENCH_CACHE" rev-parse --show-toplevel 2>/dev/null)"; then
  echo "error: BENCH_CACHE=$BENCH_CACHE is inside the git repository $top" >&2
  echo "hint: pick a directory outside any repository, e.g. BENCH_CACHE=\$HOME/.cache/agentgrep-bench" >&2
  exit 2
fi

debs="$BENCH_CACHE/debs"
mkdir -p "$debs"

# The newest candidate Debian offers through the linux-source meta-package (e.g. linux-source-6.1).
fetch_deb() { # $1 = package name; prints the .deb path
  local pkg="$1" f
  f="$(ls "$debs"/"${pkg}"_*.deb 2>/dev/null | head -n1 || true)"
  if [ -z "$f" ]; then
    (cd "$debs" && apt-get download "$pkg" >&2)
    f="$(ls "$debs"/"${pkg}"_*.deb | head -n1)"
  fi
  echo "$f"
}

prepare_linux() {
  local dest="$BENCH_CACHE/linux"
  if [ -f "$dest/.agentgrep-bench-ready" ]; then return; fi
  local pkg
  pkg="$(apt-cache depends linux-source 2>/dev/null | awk '/Depends: linux-source-/{print $2; exit}')"
  if [ -z "$pkg" ]; then
    echo "error: apt-cache knows no linux-source-X.Y package" >&2
    echo "hint: run apt-get update, or check that the Debian main archive is in sources.list" >&2
    exit 2
  fi
  # eval/setup.sh pins the kernel (its "c" corpus is this tree), so fetch that version when the
  # archive has it. A fresh machine's apt lists can predate it (they offered 6.1.176 while
  # bookworm-security had 6.1.192): refresh them once before falling back to the newest candidate.
  local pin="${BENCH_LINUX_VERSION:-6.1.192}" deb=""
  deb="$(ls "$debs"/"${pkg}_${pin}"-*.deb 2>/dev/null | head -n1 || true)"
  if [ -z "$deb" ]; then
    local ver; ver="$(apt-cache madison "$pkg" 2>/dev/null | awk -v p="$pin" '$3 ~ "^"p"-" {print $3; exit}')"
    if [ -z "$ver" ]; then
      apt-get -o DPkg::Lock::Timeout=900 update >&2 || echo "note: apt-get update failed" >&2
      ver="$(apt-cache madison "$pkg" 2>/dev/null | awk -v p="$pin" '$3 ~ "^"p"-" {print $3; exit}')"
    fi
    if [ -n "$ver" ]; then
      (cd "$debs" && apt-get download "$pkg=$ver" >&2)
      deb="$(ls "$debs"/"${pkg}_${pin}"-*.deb | head -n1)"
    else
      echo "note: Linux $pin is not in the archive; using the newest $pkg (eval/setup.sh will refuse it)" >&2
      deb="$(fetch_deb "$pkg")"
    fi
  fi
  local tmp="$BENCH_CACHE/linux.tmp"
  rm -rf "$tmp" "$dest"
  mkdir -p "$tmp/deb"
  echo "extracting $(basename "$deb") ..." >&2
  dpkg-deb -x "$deb" "$tmp/deb"
  local tarball
  tarball="$(ls "$tmp"/deb/usr/src/linux-source-*.tar.xz | head -n1)"
  tar -xJf "$tarball" -C "$tmp"
  rm -rf "$tmp/deb"
  local src; src="$(ls -d "$tmp"/linux-source-* | head -n1)"
  mv "$src" "$dest"
  rmdir "$tmp"
  if [ -f "$dest/.gitignore" ]; then
    # Everything from Debian's "Debian packaging" comment block on is theirs, not the kernel's.
    awk '/^# Debian packaging/{exit} {keep[n++]=$0} END{while(n>0 && keep[n-1] ~ /^#?[[:space:]]*$/) n--; for(i=0;i<n;i++) print keep[i]}' "$dest/.gitignore" > "$dest/.gitignore.new"
    mv "$dest/.gitignore.new" "$dest/.gitignore"
  fi
  if grep -qx '/\*' "$dest/.gitignore" 2>/dev/null; then
    echo "error: $dest/.gitignore still ignores everything (/*); Debian changed its layout" >&2
    echo "hint: delete $dest and fix the .gitignore trimming in bench/prepare.sh" >&2
    exit 2
  fi
  git -C "$dest" init -q
  echo "$pkg $(basename "$deb")" > "$dest/.agentgrep-bench-ready"
}

prepare_cpython() {
  local dest="$BENCH_CACHE/cpython"
  local ver
  ver="$(apt-cache depends libpython3-stdlib 2>/dev/null | awk '/Depends: libpython3\.[0-9]+-stdlib/{print $2; exit}')"
  ver="${ver#libpython}"; ver="${ver%-stdlib}"; ver="${ver:-3.11}"
  # Debian splits CPython's Lib/ across packages; together these give (nearly) the whole Lib/ tree,
  # tests included, as a user's CPython checkout has it. Packages an archive lacks are skipped.
  local pkgs="libpython$ver-minimal libpython$ver-stdlib libpython$ver-testsuite idle-python$ver python3-lib2to3 python3-distutils python3-tk"
  if [ -f "$dest/.agentgrep-bench-ready" ] && [ "$(head -n1 "$dest/.agentgrep-bench-ready")" = "$pkgs" ]; then return; fi
  local tmp="$BENCH_CACHE/cpython.tmp"
  rm -rf "$tmp" "$dest"
  mkdir -p "$tmp"
  local pkg deb got=""
  for pkg in $pkgs; do
    if ! apt-cache show "$pkg" >/dev/null 2>&1; then echo "note: $pkg not in the archive, skipped" >&2; continue; fi
    deb="$(fetch_deb "$pkg")"
    dpkg-deb -x "$deb" "$tmp"
    got="$got $(basename "$deb")"
  done
  mv "$tmp/usr/lib/python$ver" "$dest"
  rm -rf "$tmp"
  printf '%s\n%s\n' "$pkgs" "$got" > "$dest/.agentgrep-bench-ready"
}

prepare_linux
prepare_cpython

echo "linux=$BENCH_CACHE/linux"
echo "cpython=$BENCH_CACHE/cpython"
if [ -d /work/notes ]; then
  {
    echo "# benchmark corpora, written by bench/prepare.sh (outside any git repo; see its header)"
    echo "linux=$BENCH_CACHE/linux"
    echo "cpython=$BENCH_CACHE/cpython"
    echo "# linux: Debian's '/*' '!/debian/' tail cut from the top-level .gitignore; the tree is an empty"
    echo "# git repo (git init) so the kernel's .gitignore files apply for rg and agentgrep alike."
    echo "# timing one case next to rg: AGENTGREP_BIN=/tmp/you/agentgrep bench/run.sh --only 'grep/linux/rare'"
  } > /work/notes/bench-trees.txt
fi
