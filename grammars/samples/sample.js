'use strict';
const path = require("path");

function plain(a) {
  return function wrapped() { return a; };
}

async function* stream() {}

const arrow = (x) => x * 2;

class Linter {
  constructor() { this.x = 1; }
  verify(code) { return code; }
  static create() { return new Linter(); }
}

module.exports = {
  meta: { type: "problem" },
  create(context) {
    return { Identifier(node) {} };
  },
};
