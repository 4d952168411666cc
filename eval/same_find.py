#!/usr/bin/env python3
"""Every find case of the own suite and the dev suite, run by two binaries: are stdouts byte-identical?

    python3 eval/same_find.py --new dist/agentgrep --base /work/baseline9/agentgrep [--jobs 2] [--cases-file F ...]

Each case runs as the scorer runs it (`find --path ROOT ARGS` from ROOT, then with
`--paths-only --max-files 10`); the md5 of each stdout is compared. A speed change of find must not
move its output; one that does is listed (case id and which run), for scoring per corpus.
"""
import argparse
import hashlib
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FILES = [os.path.join(HERE, "cases.json"), os.path.join(HERE, "..", "..", "shared", "eval-dev", "cases.json")]


def cases_of(path):
    doc = json.load(open(path))
    cache = os.path.expanduser(os.environ.get("EVAL_CACHE") or os.path.join("~/.cache", doc.get("cache_dir", "agentgrep-eval")))
    return [(c["id"], os.path.join(cache, "corpora", c["corpus"]), c["args"]) for c in doc["cases"] if c["command"] == "find"]


def md5_of(binary, root, args):
    p = subprocess.run([binary, "find", "--path", root] + args, cwd=root, capture_output=True, timeout=300)
    return hashlib.md5(p.stdout).hexdigest() + ":%d" % p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--new", required=True)
    ap.add_argument("--base", required=True)
    ap.add_argument("--cases-file", action="append")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    new, base = os.path.abspath(a.new), os.path.abspath(a.base)
    runs = []
    for f in a.cases_file or DEFAULT_FILES:
        for cid, root, args in cases_of(f):
            runs.append((cid, "text", root, args))
            runs.append((cid, "paths", root, ["--paths-only", "--max-files", "10"] + args))

    def one(r):
        cid, mode, root, args = r
        return r, md5_of(new, root, args), md5_of(base, root, args)

    differ = []
    with ThreadPoolExecutor(a.jobs) as ex:
        for (cid, mode, root, args), hn, hb in ex.map(one, runs):
            if hn != hb:
                differ.append((cid, mode))
                print("DIFF %s [%s] %s" % (cid, mode, " ".join(args)), flush=True)
    print("compared %d outputs (%d cases), %d differ" % (len(runs), len(runs) // 2, len(differ)))


if __name__ == "__main__":
    main()
