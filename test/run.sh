#!/usr/bin/env bash
# The project's test command: builds the standalone binary, runs every test (unit tests and
# the binary run as a user runs it, with rg parity against real rg), and ends with a plain
# "N passed, N failed" line (", N skipped" appended when bun skipped any, each skipped test named).
# test/deps.sh first installs what the tests need (node_modules, rg, ruby) on a fresh machine.
set -uo pipefail
cd "$(dirname "$0")/.."
bash test/deps.sh || { echo "0 passed, 1 failed"; exit 2; }
export PATH="$PWD/node_modules/.bin:$PATH"
bun build/build.ts || { echo "0 passed, 1 failed"; exit 1; }
log=$(mktemp)
bun test --timeout 120000 "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
pass=$(grep -Eo '^ *[0-9]+ pass' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
fail=$(grep -Eo '^ *[0-9]+ fail' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
skip=$(grep -Eo '^ *[0-9]+ skip' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
if [ "$status" -ne 0 ] && [ "$fail" -eq 0 ]; then fail=1; fi
# Skipped tests are named, never hidden: a skip is a test that proved nothing this run.
grep -E '^\(skip\) ' "$log" | sed 's/^(skip) /skipped: /' || true
if [ "$skip" -gt 0 ]; then echo "${pass} passed, ${fail} failed, ${skip} skipped"; else echo "${pass} passed, ${fail} failed"; fi
rm -f "$log"
exit "$status"
