#!/bin/bash
foo() {
  echo hi
}
function bar {
  echo bar
}
# case and heredocs run the external scanner (tree-sitter-wasms' build crashed on them)
dispatch() {
  case "$1" in
    start) cat <<END
starting $2
END
      ;;
    *) echo "usage" ;;
  esac
}
