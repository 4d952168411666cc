#!/bin/bash
# find output (text and --json) of two binaries on 26 queries over Linux, rustc, gopath, CPython and
# eval corpora must be byte-identical (a change of find's I/O side must not move its ranking).
# Usage: bench/same-find.sh NEW_BIN BASE_BIN   (VERBOSE=1: each query's first line)
NEW=$1; BASE=$2; fail=0; n=0
L=~/.cache/agentgrep-bench/linux; C=~/.cache/agentgrep-bench/cpython; E=~/.cache/agentgrep-eval-langs/corpora; D=~/.cache/agentgrep-eval-dev/corpora
while IFS='|' read -r tree q; do
  [ -z "$tree" ] && continue
  for mode in text json; do
    extra=(); [ $mode = json ] && extra=(--json)
    a=$(cd $tree && $NEW find $q "${extra[@]}" 2>&1); b=$(cd $tree && $BASE find $q "${extra[@]}" 2>&1)
    n=$((n+1)); [ -n "$VERBOSE" ] && [ $mode = text ] && echo "$(basename $tree): $q -> $(echo "$a" | head -1 | cut -c1-80)"
    if [ "$a" != "$b" ]; then echo "DIFF [$mode] $tree: $q"; fail=$((fail+1)); diff <(echo "$b") <(echo "$a") | head -5; fi
  done
done <<Q
$L|parse a yaml document into a struct
$L|page reclaim
$L|pick which process to kill when memory runs out
$L|include guard multiple include optimization
$L|read copy update grace period processing
$L|page fault handler
$L|tcp congestion window
$E/rustc|borrow checker two phase borrows
$E/rustc|type inference unification variables
$E/rustc|lint for unused variables
$E/gopath|http router that matches path parameters and runs middleware
$E/gopath|parse a yaml document into a struct
$E/gopath|verify a certificate chain against trusted roots
$E/gopath|retry failed requests with exponential backoff and jitter
$C|json decoder
$C|garbage collector generations
$C|asyncio event loop selector
$E/java|dependency injection container
$E/ruby|route matching
$E/kotlin|coroutine dispatcher
$E/lua|garbage collection
$E/cpp|memory allocator
$D/python|http request retry
$D/rust|command line argument parsing
$E/django|database migration
$E/rxjs|observable subscription teardown
Q
echo "compared $n outputs, $fail differ"
