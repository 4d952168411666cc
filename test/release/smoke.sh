#!/usr/bin/env bash
# Release smoke: the standalone binary runs where nothing else is installed.
#
#   test/release/smoke.sh host   BIN   # BIN copied into an empty dir, run with env -i PATH=/nonexistent
#   test/release/smoke.sh chroot BIN   # linux-x64: inside a debootstrap --variant=minbase Debian
#                                      # root (no node, bun, rg, git), entered with chroot (root only)
#   test/release/smoke.sh archive ARCHIVE.tar.gz
#                                      # a release archive of this host's platform, unpacked into
#                                      # an empty dir: it must hold one folder agentgrep-<v>-<t>/
#                                      # with agentgrep, README.md and LICENSE; the suite runs
#                                      # ./agentgrep from that folder with an empty environment
#   test/release/smoke.sh qemu-arm64 BIN
#                                      # linux-arm64: against an arm64 minbase root (debootstrap
#                                      # --foreign: unpacked, never configured) as its sysroot,
#                                      # run by qemu-aarch64-static (Debian's qemu-user-static)
#
# Each mode runs --version, a grep, a find, an outline of a TypeScript file and a trace on a
# small fixture, and checks exit code 0 and the expected text in the output (SMOKE_VERBOSE=1
# prints every output). The roots are
# built once with debootstrap (a few minutes; needs the Debian mirror) and cached in
# build/.cache/rootfs. Prints one line per check and ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT_DIR=$PWD
CACHE=$ROOT_DIR/build/.cache/rootfs
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SUITE=${DEBIAN_SUITE:-bookworm}

mode=${1:-}
bin=${2:-}
if [[ -z "$mode" || -z "$bin" ]]; then
  echo "usage: $0 host|chroot|qemu-arm64 BIN, or $0 archive ARCHIVE.tar.gz" >&2
  exit 2
fi
if [[ ! -f "$bin" ]]; then
  echo "error: binary not found: $bin" >&2
  echo "hint: build it first (bun build/build.ts, or bun build/release.ts for the release binaries)" >&2
  exit 2
fi
bin=$(realpath "$bin")

pass=0
fail=0
check() { # name expected-substring cmd...   (runs cmd, wants exit 0 and the substring in stdout)
  local name=$1 want=$2
  shift 2
  local out err code
  err=$(mktemp)
  out=$("$@" 2>"$err")
  code=$?
  if [[ $code -eq 0 && -n "$out" && "$out" == *"$want"* ]]; then
    pass=$((pass + 1))
    echo "ok   $name ($(printf '%s\n' "$out" | wc -l) lines)"
    if [[ -n "${SMOKE_VERBOSE:-}" ]]; then printf '%s\n' "$out" | sed 's/^/     | /'; fi
  else
    fail=$((fail + 1))
    echo "FAIL $name: exit $code, wanted \"$want\" in stdout"
    printf '%s\n' "$out" | head -5 | sed 's/^/     stdout: /'
    head -5 "$err" | sed 's/^/     stderr: /'
  fi
  rm -f "$err"
}

# The fixture: a tiny TypeScript project whose answers are known (test/fixtures/smoke, also
# served by the MCP tests).
make_fixture() { # dir
  mkdir -p "$1"
  cp -R "$ROOT_DIR/test/fixtures/smoke/." "$1/"
}

# run_suite PREFIX... : PREFIX runs the binary (whatever follows is its arguments); FX is the
# fixture directory as the binary sees it.
run_suite() {
  check "--version" "agentgrep " "$@" --version
  check "grep" "8:export function handleRequest" "$@" grep --path "$FX" handleRequest
  check "grep --regex" "src/parse.ts" "$@" grep --path "$FX" --regex 'parse[A-Z]\w+'
  check "find" "src/server.ts" "$@" find --path "$FX" handle request
  check "outline (TypeScript)" "handleRequest @ 8-11" "$@" outline --path "$FX" src/server.ts
  check "trace" "route @ 14-16" "$@" trace --path "$FX" subject:handleRequest relation:callers
}

absent_tools() { # rootfs
  local t found=0
  for t in node nodejs bun rg git; do
    for d in usr/bin bin usr/local/bin usr/sbin sbin; do
      if [[ -e "$1/$d/$t" ]]; then echo "error: $1/$d/$t exists: the smoke root must not have $t" >&2; found=1; fi
    done
  done
  return $found
}

# A Bun executable reads its embedded code through /proc/self/exe: without /proc it aborts.
# Every container runtime mounts /proc; a bare chroot does not, so mount it for the run.
mount_proc() { # rootfs
  if ! mountpoint -q "$1/proc"; then
    mount -t proc proc "$1/proc" || { echo "error: cannot mount /proc in $1" >&2; exit 2; }
    trap "umount '$1/proc' 2>/dev/null; rm -rf '$1/smoke'" EXIT
  fi
}

ensure_rootfs() { # arch dir [--foreign]
  local arch=$1 dir=$2 foreign=${3:-}
  if [[ -f "$dir/.smoke-ready" ]]; then return 0; fi
  command -v debootstrap >/dev/null || { echo "error: debootstrap not installed; hint: apt-get install -y debootstrap" >&2; exit 2; }
  echo "building $arch minbase root in $dir (debootstrap, a few minutes)..."
  rm -rf "$dir.tmp"
  mkdir -p "$(dirname "$dir")"
  if ! debootstrap $foreign --arch="$arch" --variant=minbase "$SUITE" "$dir.tmp" "$MIRROR" >"$dir.log" 2>&1; then
    echo "error: debootstrap failed, see $dir.log" >&2
    exit 2
  fi
  rm -rf "$dir"
  mv "$dir.tmp" "$dir"
  touch "$dir/.smoke-ready"
}

case "$mode" in
  host)
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    mkdir -p "$work/bin"
    cp "$bin" "$work/bin/agentgrep"
    make_fixture "$work/fx"
    FX=$work/fx
    # Nothing on PATH, no HOME, run from the dir holding only the binary.
    cd "$work/bin"
    run_suite env -i PATH=/nonexistent "$work/bin/agentgrep"
    ;;
  archive)
    [[ "$bin" == *.tar.gz ]] || { echo "error: archive mode runs a .tar.gz for this host (a Windows .zip cannot run here)" >&2; exit 2; }
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    mkdir -p "$work/unpack"
    tar -xzf "$bin" -C "$work/unpack" || { echo "error: cannot unpack $bin" >&2; exit 2; }
    folder=$(basename "$bin" .tar.gz)
    listing=$(cd "$work/unpack" && find . -mindepth 1 -printf '%p %m\n' | LC_ALL=C sort | tr '\n' ';')
    want="./$folder 755;./$folder/LICENSE 644;./$folder/README.md 644;./$folder/agentgrep 755;"
    if [[ "$listing" == "$want" ]]; then
      pass=$((pass + 1))
      echo "ok   layout: $folder/ with agentgrep, README.md, LICENSE"
    else
      fail=$((fail + 1))
      echo "FAIL layout: wanted \"$want\", unpacked \"$listing\""
    fi
    make_fixture "$work/fx"
    FX=$work/fx
    cd "$work/unpack/$folder"
    run_suite env -i PATH=/nonexistent ./agentgrep
    ;;
  chroot)
    [[ $(id -u) -eq 0 ]] || { echo "error: chroot mode needs root" >&2; exit 2; }
    rootfs=$CACHE/amd64-$SUITE
    ensure_rootfs amd64 "$rootfs"
    absent_tools "$rootfs" || exit 1
    rm -rf "$rootfs/smoke"
    mkdir -p "$rootfs/smoke"
    cp "$bin" "$rootfs/smoke/agentgrep"
    make_fixture "$rootfs/smoke/fx"
    FX=/smoke/fx
    mount_proc "$rootfs"
    run_suite chroot "$rootfs" /usr/bin/env -i PATH=/nonexistent /smoke/agentgrep
    ;;
  qemu-arm64)
    qemu=$(command -v qemu-aarch64-static) || { echo "error: qemu-aarch64-static not found; hint: apt-get install -y qemu-user-static" >&2; exit 2; }
    rootfs=$CACHE/arm64-$SUITE
    if [[ ! -f "$rootfs/.smoke-ready" && $(id -u) -ne 0 ]]; then echo "error: building the arm64 root needs root (debootstrap)" >&2; exit 2; fi
    ensure_rootfs arm64 "$rootfs" --foreign
    absent_tools "$rootfs" || exit 1
    rm -rf "$rootfs/smoke"
    mkdir -p "$rootfs/smoke"
    trap "rm -rf '$rootfs/smoke'" EXIT
    cp "$bin" "$rootfs/smoke/agentgrep"
    make_fixture "$rootfs/smoke/fx"
    FX=$rootfs/smoke/fx
    # qemu's -L serves the loader and libc from the arm64 root, without binfmt_misc (qemu does
    # not translate every file call, so the fixture is named by its real path). Not chroot + qemu: under
    # chroot, qemu-user 7.2 answers ELOOP for /proc/self/cgroup and Bun 1.4.5 aborts on it.
    # BUN_JSC_useOMGJIT=0 preset: main.ts otherwise re-executes itself for grep/outline/trace,
    # and without binfmt_misc the host cannot exec an arm64 file (exit 127).
    run_suite env -i PATH=/nonexistent BUN_JSC_useOMGJIT=0 "$qemu" -L "$rootfs" "$rootfs/smoke/agentgrep"
    ;;
  *)
    echo "error: unknown mode \"$mode\"; use host, archive, chroot or qemu-arm64" >&2
    exit 2
    ;;
esac

echo "${pass} passed, ${fail} failed"
[[ $fail -eq 0 ]]
