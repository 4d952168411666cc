#!/usr/bin/env python3
"""Median wall and CPU time of trace over the eval suite's C cases on the Linux tree (issue 14's
trace speed goal: at most 1.5 s median), for one or more binaries run alternately, case by case.

    python3 bench/trace-eval-speed.py BIN [BIN ...]      # LINUX=<tree> (default ~/.cache/agentgrep-bench/linux)

Wall time follows the machine's load (printed); CPU time (user + sys) much less so.
"""
import json, os, resource, statistics, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
cases = json.load(open(os.path.join(here, "..", "eval", "cases.json")))["cases"]
args = [c["args"] for c in cases if c["corpus"] == "c" and c["command"] == "trace"]
root = os.environ.get("LINUX", os.path.expanduser("~/.cache/agentgrep-bench/linux"))
bins = [os.path.abspath(b) for b in sys.argv[1:]]
if not bins:
    sys.exit(__doc__)
res = {b: {"wall": [], "cpu": []} for b in bins}
for a in args:
    for b in bins:
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.time()
        subprocess.run([b, "trace", *a], cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.time() - t
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        res[b]["wall"].append(wall)
        res[b]["cpu"].append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
print(f"{len(args)} C trace cases on {root}; load {os.getloadavg()[0]:.1f}")
for b in bins:
    print(f"{b}: median wall {statistics.median(res[b]['wall']):.2f} s, median CPU {statistics.median(res[b]['cpu']):.2f} s")
