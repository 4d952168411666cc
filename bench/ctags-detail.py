#!/usr/bin/env python3
# Outline agreement with Universal Ctags, in detail, on the same deterministic sample as
# ../shared/tools/ctags_sample.py: misses and bogus symbols listed (-v), ctags' anonymous (__anon)
# aggregates left out of recall and counted, end-line agreement of matched functions, and
# "adjusted" figures that compare operator names without blanks (ctags: `operator ()`) and find a
# typedef whose tool range holds the line ctags tags it at (the name after a `typedef struct {...}`).
#   python3 bench/ctags-detail.py --bin $PWD/dist/agentgrep --root TREE --ext .c --n 200 [-v]
import argparse, hashlib, json, os, subprocess, sys
ap = argparse.ArgumentParser()
ap.add_argument("--bin", required=True); ap.add_argument("--root", required=True); ap.add_argument("--ext", required=True)
ap.add_argument("--n", type=int, default=200); ap.add_argument("--salt", default="")
ap.add_argument("--kinds", default="function,struct,union,enum,typedef"); ap.add_argument("-v", action="store_true")
ap.add_argument("--files", help="only these files (comma list)")
a = ap.parse_args()
KINDS = set(a.kinds.split(",")); FUNC_WORDS = ("function", "method", "fn", "func", "def", "constructor")
exts = tuple(a.ext.split(","))
files = []
for d, dirs, fs in os.walk(a.root):
    dirs[:] = [x for x in dirs if not x.startswith(".")]
    for f in fs:
        if f.endswith(exts):
            p = os.path.relpath(os.path.join(d, f), a.root)
            files.append((hashlib.sha1((a.salt + p).encode()).hexdigest(), p))
files = [p for _, p in sorted(files)[: a.n]]
if a.files: files = a.files.split(",")
def walk(o, acc):
    if isinstance(o, dict):
        if isinstance(o.get("name"), str) and isinstance(o.get("start_line"), int):
            acc.append((o["name"], o.get("kind", ""), o["start_line"], o.get("end_line")))
        for v in o.values(): walk(v, acc)
    elif isinstance(o, list):
        for v in o: walk(v, acc)
tot = found = anon = funcs = bogus = ends = ends_ok = 0
found_adj = bogus_adj = 0  # operators by name without blanks; a typedef found when a tool symbol of its name spans its line
miss, bog, endbad = [], [], []
for rel in files:
    ct = subprocess.run(["ctags", "--fields=+neK", "--output-format=json", "-f", "-", rel], cwd=a.root, capture_output=True, text=True).stdout
    tags = [json.loads(l) for l in ct.splitlines() if l.startswith("{")]
    tags = [t for t in tags if t.get("_type") == "tag"]
    truth = [t for t in tags if t.get("kind") in KINDS]
    names_at = {}
    for t in tags: names_at.setdefault(t["name"], []).append(t["line"])
    p = subprocess.run([a.bin, "outline", "--json", "--path", a.root, rel], cwd=a.root, capture_output=True, timeout=120)
    try: doc = json.loads(p.stdout)
    except ValueError: doc = {}
    syms = []; walk(doc, syms)
    by_name = {}
    for n, k, s, e in syms: by_name.setdefault(n.split(".")[-1].split("::")[-1].split(" ")[-1], []).append((s, e))
    for t in truth:
        if t["name"].startswith("__anon"): anon += 1; continue
        tot += 1
        hit = [se for se in by_name.get(t["name"], []) if t["line"] - 3 <= se[0] <= t["line"]]
        if hit:
            found += 1
            if t["kind"] == "function" and "end" in t:
                ends += 1
                if any(se[1] == t["end"] for se in hit): ends_ok += 1
                else: endbad.append(f"{rel}:{t['line']} {t['name']} ctags-end {t['end']} tool {[se[1] for se in hit]}")
        else: miss.append(f"{rel}:{t['line']} {t['kind']} {t['name']}")
        nm = t["name"].replace(" ", "")
        if hit or any(nm == n.replace(" ", "").split("::")[-1] and s - 3 <= t["line"] and (t["kind"] == "typedef" and t["line"] <= (e or s) or t["line"] - 3 <= s <= t["line"]) for n, k, s, e in syms): found_adj += 1
    for n, k, s, e in syms:
        if not any(w in k for w in FUNC_WORDS): continue
        funcs += 1
        base = n.split(".")[-1].split("::")[-1].split(" ")[-1]
        if not any(s <= l <= s + 3 for l in names_at.get(base, [])):
            bogus += 1; bog.append(f"{rel}:{s} {k} {n}")
            nn = n.split("::")[-1].replace(" ", "")
            if not any(nn == cn.replace(" ", "") and s <= l <= s + 3 for cn, ls in names_at.items() for l in ls): bogus_adj += 1
if a.v:
    for m in miss: print("MISS", m)
    for b in bog: print("BOGUS", b)
    for b in endbad: print("END", b)
print(json.dumps({"files": len(files), "ctags_symbols": tot, "anon_left_out": anon, "recall": round(100.0 * found / max(tot, 1), 2),
  "tool_functions": funcs, "precision": round(100.0 * (funcs - bogus) / max(funcs, 1), 2), "bogus": bogus,
  "end_agree": round(100.0 * ends_ok / max(ends, 1), 2), "ends_compared": ends,
  "recall_adj": round(100.0 * found_adj / max(tot, 1), 2), "precision_adj": round(100.0 * (funcs - bogus_adj) / max(funcs, 1), 2)}))
