#!/usr/bin/env python3
"""find's CPU time next to the search an agent would type for the same words (issue 19: at most 1.2x).

    python3 eval/bench_find.py --bin dist/agentgrep --tree ~/.cache/agentgrep-eval-langs/corpora/gopath \
        [--bin /work/baseline2/agentgrep ...] [--rounds 3] [--query 'w1 w2 ...' ...]

For each query, `rg -l -i -F -e W ...` gets the query's words (stopwords and words under 3 characters
dropped, as the scorer's rg baseline drops them) and their identifier forms (each adjacent pair joined,
which -i matches in camelCase and PascalCase too, and joined with '_'). Every binary's `find` and that
rg run alternate, round by round, from the tree's root; the CPU time (user + sys of the child, from
wait4) is what is compared, since wall time follows the shared machine's load (printed with `uptime`).
"""
import argparse
import os
import statistics
import subprocess
import time

STOPWORDS = {"the", "and", "for", "with", "from", "when", "after", "into", "onto", "that", "this",
             "what", "where", "which", "how", "does", "are", "was", "its", "via", "per", "to", "on",
             "of", "in", "a", "an", "is", "by", "or", "at", "as"}
QUERIES = [
    "http router that matches path parameters and runs middleware",
    "parse a yaml document into a struct",
    "verify a certificate chain against trusted roots",
    "retry failed requests with exponential backoff and jitter",
]


def rg_patterns(query):
    words = [w for w in query.lower().split() if len(w) >= 3 and w not in STOPWORDS]
    forms = list(words)
    for a, b in zip(words, words[1:]):
        forms += [a + b, a + "_" + b]
    return forms


def run(argv, cwd):
    t0 = time.monotonic()
    p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_utime + ru.ru_stime, time.monotonic() - t0, len(out), p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", action="append", required=True)
    ap.add_argument("--tree", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--query", action="append")
    ap.add_argument("--rg", default="/usr/bin/rg")
    a = ap.parse_args()
    tree = os.path.expanduser(a.tree)
    bins = [os.path.abspath(b) for b in a.bin]
    queries = a.query or QUERIES
    print("uptime before:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    cpu = {}  # (query, tool) -> [cpu seconds]
    wall = {}
    for _ in range(a.rounds):
        for q in queries:
            runs = [(b, [b, "find"] + q.split()) for b in bins]
            runs.append(("rg", [a.rg, "-l", "-i", "-F"] + [x for p in rg_patterns(q) for x in ("-e", p)]))
            for tool, argv in runs:
                c, w, n, rc = run(argv, tree)
                cpu.setdefault((q, tool), []).append(c)
                wall.setdefault((q, tool), []).append(w)
    print("uptime after: ", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    print("tree: %s; %d rounds, medians; CPU = user+sys" % (tree, a.rounds))
    tools = bins + ["rg"]
    head = ["query"] + ["%s cpu s" % os.path.basename(os.path.dirname(t)) + "/" + os.path.basename(t) if t != "rg" else "rg cpu s"
                        for t in tools] + ["%s / rg" % (os.path.basename(os.path.dirname(b)) + "/" + os.path.basename(b)) for b in bins]
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    tot = {t: 0.0 for t in tools}
    for q in queries:
        m = {t: statistics.median(cpu[(q, t)]) for t in tools}
        for t in tools:
            tot[t] += m[t]
        print("| %s | %s | %s |" % (q, " | ".join("%.2f" % m[t] for t in tools),
                                    " | ".join("%.2fx" % (m[b] / m["rg"]) for b in bins)))
    print("| all (sum of medians) | %s | %s |" % (" | ".join("%.2f" % tot[t] for t in tools),
                                                 " | ".join("%.2fx" % (tot[b] / tot["rg"]) for b in bins)))
    print("rg patterns per query:", "; ".join(" ".join(rg_patterns(q)) for q in queries))


if __name__ == "__main__":
    main()
