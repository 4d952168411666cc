#!/usr/bin/env bash
# Times agentgrep next to rg on the Linux kernel tree and the CPython stdlib, in one run, and prints a
# table (median ms per side, ratio agentgrep/rg, the issue's target) plus a geometric-mean ratio per
# group. Not a test: figures depend on the machine and its load.
#
#   bench/run.sh                      # everything (about 5-10 minutes on 2 cores)
#   bench/run.sh --only 'grep/linux'  # cases whose "group/tree/case" matches the regex
#   AGENTGREP_BIN=/tmp/x/agentgrep RUNS=5 HEAVY_RUNS=3 WARMUP=2 SLOW_S=20 bench/run.sh
#   AGENTGREP_BASE=/path/to/old/agentgrep bench/run.sh   # also time a "before" binary in the same rounds
#   (SLOW_S: a command slower than this on its first run is reported from that one run)
#
# AGENTGREP_BIN defaults to dist/agentgrep. Trees come from bench/prepare.sh (run here; idempotent).
# A case whose command fails (exit >= 2, e.g. a command not implemented yet) shows "n/a (exit N)".
# Results are also written to bench/results/ (gitignored).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
repo="$(dirname "$here")"
export PATH="$repo/node_modules/.bin:$PATH"

only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only="${2:?--only needs a regex}"; shift 2 ;;
    --only=*) only="${1#--only=}"; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1'" >&2; echo "hint: bench/run.sh [--only REGEX]" >&2; exit 2 ;;
  esac
done

for tool in rg hyperfine bun; do
  if ! command -v "$tool" >/dev/null; then
    echo "error: $tool not found on PATH" >&2
    echo "hint: apt-get install -y ripgrep hyperfine; bun comes from npm ci in $repo" >&2
    exit 2
  fi
done

bin="${AGENTGREP_BIN:-$repo/dist/agentgrep}"
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
if [ ! -x "$bin" ]; then
  echo "error: agentgrep binary not found at $bin" >&2
  echo "hint: build it (bun build/build.ts) or set AGENTGREP_BIN" >&2
  exit 2
fi

trees="$("$here/prepare.sh")"
LINUX="$(sed -n 's/^linux=//p' <<<"$trees")"
CPYTHON="$(sed -n 's/^cpython=//p' <<<"$trees")"

# A user's rg config would change what rg does; every rg call also passes --no-config.
unset RIPGREP_CONFIG_PATH

BASE="${AGENTGREP_BASE:-}" AG="$bin" LINUX="$LINUX" CPYTHON="$CPYTHON" ONLY="$only" OUT="$here/results" \
  RUNS="${RUNS:-5}" HEAVY_RUNS="${HEAVY_RUNS:-3}" WARMUP="${WARMUP:-2}" SLOW_S="${SLOW_S:-20}" \
  exec bun "$here/compare.ts"
