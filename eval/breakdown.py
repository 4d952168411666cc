#!/usr/bin/env python3
"""Per-language table from a scorer run: find hit@1/hit@3 (all and hard), trace hit@1/hit@3/region@3
(all and hard), crashes. The scorer's own table breaks trace down by relation only and has no
per-corpus difficulty split, so this joins its --json-out with the case file.

    python3 ../shared/eval-dev/score.py --bin dist/agentgrep --cases-file eval/cases.json --json-out /tmp/langs.json
    python3 eval/breakdown.py /tmp/langs.json [--cases-file eval/cases.json]
"""
import argparse
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def pct(xs, key):
    return "%.1f" % (100.0 * sum(x[key] for x in xs) / len(xs)) if xs else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results")
    ap.add_argument("--cases-file", default=os.path.join(HERE, "cases.json"))
    a = ap.parse_args()
    with open(a.results) as f:
        res = json.load(f)["results"]
    with open(a.cases_file) as f:
        diff = {c["id"]: c.get("difficulty") for c in json.load(f)["cases"]}
    rows = []
    corpora = []
    for r in res.get("find", []) + res.get("trace", []):
        if r["corpus"] not in corpora:
            corpora.append(r["corpus"])
    for corpus in corpora + ["all"]:
        f = [r for r in res.get("find", []) if corpus in ("all", r["corpus"])]
        t = [r for r in res.get("trace", []) if corpus in ("all", r["corpus"])]
        fh = [r for r in f if diff.get(r["id"]) == "hard"]
        th = [r for r in t if diff.get(r["id"]) == "hard"]
        crashes = sum(1 for r in f + t if r.get("crash"))
        rows.append([corpus, len(f), pct(f, "hit1"), pct(f, "hit3"), len(fh), pct(fh, "hit1"), pct(fh, "hit3"),
                     len(t), pct(t, "hit1"), pct(t, "hit3"), pct(t, "region3"), len(th), pct(th, "hit1"),
                     pct(th, "region3"), crashes])
    head = ["corpus", "find n", "hit@1", "hit@3", "hard n", "hard@1", "hard@3",
            "trace n", "hit@1", "hit@3", "region@3", "hard n", "hard@1", "hard reg@3", "crash"]
    w = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(head)]
    print("  ".join(h.ljust(x) for h, x in zip(head, w)))
    for r in rows:
        print("  ".join(str(v).ljust(x) for v, x in zip(r, w)))


if __name__ == "__main__":
    main()
