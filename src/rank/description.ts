/**
 * Signal: what the file says it is. Its leading description (the first comment block or module
 * docstring that is not a license, before any body opens) counts like a directory name when it
 * holds two query words; so does the doc comment of a type the file defines when it says most of
 * the query. Also where comment blocks are tied to the definition below them (docBlocks), which
 * the learned-names step reads.
 */
import { definedName, definesType } from "./symbols.ts";
import { maskRarity } from "./util.ts";
import { LEARN_MIN_SHARE } from "./learned.ts";

/** Query words in a file's own description weigh about like a directory name. */
export const HEADER_WEIGHT = 0.6;

/** Where a file describes itself: the text of its first comment blocks (license lines aside). */
const HEADER_SCAN_BYTES = 8192;
const HEADER_MAX_BYTES = 2048;
const LICENSE_LINE = /copyright|licen[cs]|spdx|warrant|rights reserved|permission|\bgpl\b|redistribut|merchantab|liabilit|"as is"|applicable law|free software|software foundation|@author|@since|@version|this file is part of|distributed with|governed by/i;
const SPDX_LINE = /spdx-license-identifier/i;
/** Authors' names and mail addresses: neither a description nor a license line. */
const ATTRIBUTION_LINE = /\(c\)|<[\w.+-]+@[\w-]+(?:\.[\w-]+)+>/i;
/**
 * Comments that instruct a tool, not a reader (`# frozen_string_literal: true` atop every Rails
 * file, `-*- coding -*-`, vim modelines, lint pragmas): skipped like blank lines, so the file's
 * real description below them is its header.
 */
const PRAGMA_COMMENT = /^\s*(?:#|\/\/|\/\*)\s*(?:frozen[_-]string[_-]literal\b|-\*-|(?:en)?coding[:=]|vim?:|typed:\s|rubocop:|eslint|jshint|prettier|@ts-|@flow\b|@format\b|noqa|pylint:|type:\s*ignore|nolint|go:build|\+build)/i;
const COMMENT_LINE = /^\s*(?:\/\*+|\*(?!\/)|\/\/+|#(?!\s*(?:include|define|if|ifdef|ifndef|endif|else|elif|pragma|import|undef|error|!))|--|;;|%)/;
/** A code line that opens a body: past it, comments describe members, not the file. */
const BODY_OPENER = /[{:]\s*$|^\s*(?:def|class|fn|func|function)\s/;
const DOCSTRING_OPEN = /^\s*[rRuU]?("""|''')/;

/**
 * Byte spans of a file's leading description: the first comment block (or Python module
 * docstring) in its first 8 KiB that is not a license, read up to the first line that opens a
 * body (`class X {`, `def f(...):`), at most 2 KiB. A file whose name says nothing ("vmscan.c",
 * "FooImpl.java") usually says what it is there, so words there weigh like a directory's name.
 * License and copyright lines never count; a block made mostly of them is a license and is skipped.
 */
export function headerSpans(b: Buffer): Array<[number, number]> {
  const end = Math.min(b.length, HEADER_SCAN_BYTES);
  const text = b.toString("latin1", 0, end);
  let block: Array<[number, number]> = [];
  let licenseLines = 0;
  let taken = 0;
  let pos = 0;
  let doc = ""; // inside a Python docstring: its closing quotes
  let first = true;
  // A module docstring opens before any code, after comment lines too (`# Copyright ...` then
  // `"""The most suitable default reactor..."""`, as Twisted writes every module).
  let code = false;
  // A license: more license lines than others (an SPDX line and a copyright line atop a real
  // description, as in the Linux tree, leave it a description).
  const done = () => block.length > 0 && licenseLines <= block.length;
  while (pos < end) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = end;
    const line = text.slice(pos, nl);
    let isDoc = false;
    if (doc) {
      isDoc = true;
      if (line.includes(doc)) doc = "";
    } else if (!code) {
      const m = DOCSTRING_OPEN.exec(line);
      if (m) {
        isDoc = true;
        if (line.indexOf(m[1]!, m.index + m[0].length) < 0) doc = m[1]!;
      }
    }
    if (!isDoc && (PRAGMA_COMMENT.test(line) || (first && line.startsWith("#!")))) {
      pos = nl + 1;
      continue;
    }
    if (/\S/.test(line)) first = false;
    if (isDoc || COMMENT_LINE.test(line)) {
      // An SPDX tag names a license without being one: a description may follow it.
      if (SPDX_LINE.test(line)) { /* skipped */ }
      else if (LICENSE_LINE.test(line)) licenseLines++;
      else if (ATTRIBUTION_LINE.test(line)) { /* skipped */ }
      else if (saysWords(line) && taken < HEADER_MAX_BYTES) {
        block.push([pos, nl]);
        taken += nl - pos;
      }
    } else if (/\S/.test(line)) {
      // Code ends a block: keep it if it described something, else look on (past a license).
      code = true;
      if (done()) return block;
      block = [];
      licenseLines = 0;
      taken = 0;
      if (BODY_OPENER.test(line)) return [];
    } else if (licenseLines > 0 && !done()) {
      // A blank line ends a license notice of line comments (Go's `// Copyright ... // license
      // ...`): the package comment after it is a block of its own.
      block = [];
      licenseLines = 0;
      taken = 0;
    }
    pos = nl + 1;
  }
  return done() ? block : [];
}

/**
 * A line (one latin1 character per byte) with words in it: three ASCII letters in a row, or a
 * UTF-8 letter of another script (größe, 配置: a description in any language).
 */
function saysWords(line: string): boolean {
  if (/[A-Za-z]{3}/.test(line)) return true;
  return /[\x80-\xff]/.test(line) && /\p{L}{2}|\p{Lo}/u.test(Buffer.from(line, "latin1").toString("utf8"));
}

export interface DocBlock {
  /** Terms the comment block says. */
  mask: number;
  /** The definition right below it. */
  name: string;
  line: number;
  /** It defines a type or module (class, struct, interface, module...), not a member. */
  isType: boolean;
}

const DOC_MAX_LINES = 60;
const DOC_BLOCKS_PER_FILE = 100;
/** Annotations and decorators between a doc comment and its definition. */
const ANNOTATION_LINE = /^\s*(?:@[\w.]+|#\[)/;

/** Line [start, end) around pos. */
export function lineAt(b: Buffer, pos: number): [number, number] {
  const s = pos === 0 ? 0 : b.lastIndexOf(10, pos - 1) + 1;
  let e = b.indexOf(10, pos);
  if (e < 0) e = b.length;
  return [s, e];
}

/**
 * The comment blocks that hold query words (occ: [pos, term mask], sorted), each with the terms it
 * says and the name of the definition right below it: what the tree itself says a name is for
 * ("object that specifies how many times a mock function is expected to be called" above
 * `class Cardinality`). Cost follows the occurrences, not the file size.
 */
export function docBlocks(b: Buffer, occ: Array<[number, number]>): DocBlock[] {
  const out: DocBlock[] = [];
  let blockEnd = -1;
  let cur: DocBlock | null = null;
  let lineNo = 1;
  let counted = 0;
  for (const [pos, mask] of occ) {
    if (pos < blockEnd) {
      if (cur) cur.mask |= mask;
      continue;
    }
    if (out.length >= DOC_BLOCKS_PER_FILE) break;
    cur = null;
    let [ls, le] = lineAt(b, pos);
    blockEnd = le;
    if (!COMMENT_LINE.test(b.toString("latin1", ls, Math.min(le, ls + 200)))) continue;
    // Walk to the block's end, then past blank and annotation lines to the code it documents.
    let n = 0;
    let code: string | null = null;
    for (let at = le + 1; at < b.length && n < DOC_MAX_LINES; n++) {
      [ls, le] = lineAt(b, at);
      const line = b.toString("latin1", ls, Math.min(le, ls + 300));
      at = le + 1;
      if (COMMENT_LINE.test(line) || /^\s*\*\/\s*$/.test(line)) { blockEnd = le; continue; }
      if (/^\s*$/.test(line) || ANNOTATION_LINE.test(line)) continue;
      code = line;
      break;
    }
    const name = code === null ? null : definedName(code);
    if (name === null || name.length < 3) continue;
    for (let i = b.indexOf(10, counted); i >= 0 && i < ls; i = b.indexOf(10, i + 1)) { lineNo++; counted = i + 1; }
    cur = { mask, name, line: lineNo, isType: definesType(code!) };
    out.push(cur);
  }
  return out.filter((d) => (d.mask & (d.mask - 1)) !== 0);
}

export interface DescriptionSignal {
  score: number;
  /** The terms the description says. */
  words: number[];
  /** The type whose doc comment gives the score, when not the leading comment. */
  docAt: DocBlock | null;
}

/**
 * The description signal: per-term best match quality in the leading description (`header`,
 * from the content scan) weighed by rarity, when it says two query words (one for a one-word
 * query); or the doc comment of a type the file defines, when it says most of the query (3+
 * words, LEARN_MIN_SHARE of its rarity), whichever is more.
 */
export function descriptionSignal(header: number[], docs: DocBlock[], tidf: number[], idfSum: number): DescriptionSignal {
  const nT = tidf.length;
  let score = 0;
  let inHeader = 0;
  for (let t = 0; t < nT; t++) {
    score += HEADER_WEIGHT * tidf[t]! * header[t]!;
    if (header[t]! > 0) inHeader++;
  }
  // A description names the topic with two of its words (one for a one-word query); a stray
  // word in a long module docstring is not one.
  if (inHeader < Math.min(2, nT)) score = 0;
  // A doc comment that says most of the query on a type the file defines describes the file's
  // topic as well as its leading comment would (a class below a license and imports, or one
  // class of several). A member's comment describes the member: that is passage evidence.
  let docAt: DocBlock | null = null;
  for (const d of docs) {
    if (!d.isType) continue;
    const { k, sum } = maskRarity(d.mask, tidf);
    if (k >= 3 && sum >= LEARN_MIN_SHARE * idfSum && HEADER_WEIGHT * sum > score) { score = HEADER_WEIGHT * sum; docAt = d; }
  }
  const words = docAt ? maskRarity(docAt.mask, tidf).terms : header.flatMap((q, t) => (q > 0 ? [t] : []));
  return { score, words, docAt };
}
