#!/bin/bash
foo() {
  echo hi
}
function bar {
  echo bar
}
