#!/usr/bin/env python3
"""Builds eval/cases.json from the hand-verified specs in eval/specs.py, or a held-out file from
its specs module (eval/specs_fresh.py -> cases-fresh.json, eval/specs_fresh2.py -> cases-fresh2.json;
a module names its output with OUT).

    python3 eval/build_cases.py [--cache DIR] [--out eval/cases.json]
    python3 eval/build_cases.py --specs specs_fresh      # writes eval/cases-fresh.json
    python3 eval/build_cases.py --specs specs_fresh2     # writes eval/cases-fresh2.json

Needs the corpora (bash eval/setup.sh); scoring does not need this script. It
refuses to write when an expected file is missing, a trace anchor string is not
on a line of its range, a `path:` term is not a corpus directory, an id repeats,
or a difficulty is not easy/medium/hard. Every expected file is fingerprinted
(sha256) so that the scorer reports corpus drift.
"""
import argparse
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import importlib  # noqa: E402

CACHE_DIR = "agentgrep-eval-langs"  # the scorer's default is ~/.cache/<cache_dir>
DIFFICULTIES = ("easy", "medium", "hard")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cache", default=os.environ.get("EVAL_CACHE",
                                                      os.path.join(os.path.expanduser("~"), ".cache", CACHE_DIR)))
    ap.add_argument("--specs", default="specs", help="the specs module beside this script (specs, specs_fresh, specs_fresh2, specs_fresh3)")
    ap.add_argument("--out", help="default: the module's OUT (cases.json for specs)")
    a = ap.parse_args()
    specs = importlib.import_module(a.specs)
    suite = getattr(specs, "SUITE", "langs")
    if a.out is None:
        a.out = os.path.join(HERE, getattr(specs, "OUT", "cases.json"))
    corpora = os.path.join(a.cache, "corpora")
    errors, fingerprints, cases, ids = [], {}, [], set()

    def lines_of(corpus, rel):
        p = os.path.join(corpora, corpus, rel)
        if not os.path.isfile(p):
            errors.append("%s:%s missing" % (corpus, rel))
            return None
        with open(p, "rb") as f:
            data = f.read()
        fingerprints.setdefault(corpus, {})[rel] = hashlib.sha256(data).hexdigest()
        return data.decode("utf-8", errors="replace").split("\n")

    def check_common(cid, corpus, diff):
        if cid in ids:
            errors.append("%s: duplicate id" % cid)
        ids.add(cid)
        if corpus not in specs.CORPORA:
            errors.append("%s: unknown corpus %s" % (cid, corpus))
        if diff not in DIFFICULTIES:
            errors.append("%s: difficulty %r" % (cid, diff))

    for cid, corpus, query, files, diff, note in specs.FIND:
        check_common(cid, corpus, diff)
        for rel in files:
            lines_of(corpus, rel)
        cases.append({"id": cid, "corpus": corpus, "command": "find", "args": query.split(),
                      "expectation": {"files": list(files)}, "difficulty": diff, "note": note})

    for cid, corpus, args, files, diff, note in specs.TRACE:
        check_common(cid, corpus, diff)
        terms = dict(t.split(":", 1) for t in args)
        if "path" in terms and not os.path.isdir(os.path.join(corpora, corpus, terms["path"])):
            errors.append("%s: path:%s is not a directory" % (cid, terms["path"]))
        exp = []
        for rel, ranges in files.items():
            lines = lines_of(corpus, rel)
            rs = []
            for (st, en, anchor) in ranges:
                if lines is not None and not any(anchor in lines[i - 1] for i in range(st, en + 1)
                                                 if 0 < i <= len(lines)):
                    errors.append("%s: anchor %r not in %s:%d-%d" % (cid, anchor, rel, st, en))
                rs.append({"start": st, "end": en, "anchor": anchor})
            exp.append({"path": rel, "ranges": rs})
        cases.append({"id": cid, "corpus": corpus, "command": "trace", "args": list(args),
                      "expectation": {"files": exp}, "subject": terms.get("subject"),
                      "relation": terms.get("relation"), "difficulty": diff, "note": note})

    if errors:
        sys.exit("refusing to write %s:\n  %s" % (a.out, "\n  ".join(errors)))
    doc = {"version": 1, "suite": suite, "cache_dir": CACHE_DIR, "corpora": specs.CORPORA,
           "fingerprints": fingerprints, "cases": cases}
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    n = {k: sum(1 for c in cases if c["command"] == k) for k in ("find", "trace")}
    hard = sum(1 for c in cases if c["difficulty"] == "hard")
    per = {}
    for c in cases:
        per.setdefault(c["corpus"], [0, 0])[0 if c["command"] == "find" else 1] += 1
    print("wrote %s: %d find, %d trace, %d hard (%.0f%%); per corpus (find, trace): %s"
          % (a.out, n["find"], n["trace"], hard, 100.0 * hard / max(1, len(cases)),
             ", ".join("%s %d+%d" % (k, v[0], v[1]) for k, v in per.items())))


if __name__ == "__main__":
    main()
