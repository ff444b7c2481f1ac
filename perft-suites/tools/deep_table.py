#!/usr/bin/env python3
"""deep_table.py - the table of initial-position counts in perft-suites/README.md.

usage: deep_table.py SUITE_DIR COUNTS.jsonl

Each line of COUNTS.jsonl (deep-counts.jsonl, appended to by deep_counts.sh)
is one run: a JSON object with the fields FIELDS below (README: "The deep
counts as data"). METHOD is P (hexref perft, one thread, bulk counting, no
hash), A (bulk counting + hash, 2 threads), B (no bulk, no hash, 2
threads), C (bulk counting, no hash, 2 threads) or O (the oracle); runs of
A with different key seeds count as different methods ("A (key seed 1)").
A depth is published only if every run of it agrees; the deepest published
depth must have been computed by two different methods. A line that is not
such an object is an error naming file:line.

The verification column says what confirms each count independently: the
oracle, either through the suite's line-by-line check of the "initial" line
(all depths up to the one the suite file records) or through an O count in
the logs. From depth 5 on it names each depth: confirmed by the oracle, or
"not yet confirmed" with the command whose count would confirm it.
"""
import json, re, sys
from collections import defaultdict

FIELDS = {"variant": str, "profile": str, "position": str, "depth": int, "count": int,
          "method": str, "generator": str, "bulk": (bool, type(None)), "threads": int,
          "hash_mb": int, "key_bits": (int, type(None)), "key_seed": (int, type(None)),
          "commit": (str, type(None)), "date": (str, type(None)),
          "seconds": (int, float, type(None)), "machine": (str, type(None)),
          "note": (str, type(None))}

ORDER = [("shafran", ["std", "jocly", "ludii", "cvp", "seed"]),
         ("brusky", ["std", "seed", "jocly", "ludii", "greenchess"]),
         ("glinski", ["std", "draw", "ludii", "jackson3", "jackson5"]),
         ("mccooey", ["std", "ludii"])]
NAMES = {"P": "P", "A": "A", "B": "B", "C": "C"}


def label(run):
    """A run's method as the table names it: A with a key seed is its own."""
    seed = run["key_seed"]
    return run["method"] if seed is None else f"{run['method']} (key seed {seed})"


def read_runs(path):
    runs = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            try:
                run = json.loads(line)
            except ValueError as e:
                sys.exit(f"{path}:{number}: not a JSON object: {e}")
            if not isinstance(run, dict) or set(run) != set(FIELDS):
                sys.exit(f"{path}:{number}: a run needs exactly the fields {', '.join(FIELDS)}")
            for key, kind in FIELDS.items():
                if not isinstance(run[key], kind) or (kind is int and isinstance(run[key], bool)):
                    sys.exit(f"{path}:{number}: field {key} has the wrong type")
            if run["method"] not in ("P", "A", "B", "C", "O") or run["count"] <= 0:
                sys.exit(f"{path}:{number}: method {run['method']!r}, count {run['count']}")
            runs.append(run)
    if not runs:
        sys.exit(f"{path}: no runs")
    return runs


def suite_oracle_depth(suite_dir, v, p):
    try:
        text = open(f"{suite_dir}/{v}-{p}.epd").read()
    except OSError:
        return 0
    m = re.search(r"line by line:\n# (\d+)", text)
    return int(m.group(1)) if m else 0


def oracle_command(v, p, d):
    return f"`hexref perft -v {v} -p {p} -g oracle -t 2 --hash 512 {d}`"


def verification(v, p, by_depth, suite_depth, deepest):
    """Which published depths the oracle confirms, and how to confirm the rest."""
    confirmed = [d for d in range(1, deepest + 1) if d <= suite_depth or "O" in by_depth.get(d, {})]
    low = 0
    while low + 1 in confirmed:
        low += 1
    parts = [f"oracle D1-D{low}" if low else "oracle: none"]
    for d in range(max(low + 1, 5), deepest + 1):
        if d in confirmed:
            parts.append(f"oracle D{d}")
        else:
            parts.append(f"D{d} not yet confirmed: {oracle_command(v, p, d)}")
    return "; ".join(parts)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: deep_table.py SUITE_DIR COUNTS.jsonl")
    suite_dir, path = sys.argv[1], sys.argv[2]
    counts = defaultdict(lambda: defaultdict(dict))  # (v,p) -> depth -> method -> count
    problems = []
    for run in read_runs(path):
        if run["position"] != "initial":
            continue
        got = counts[(run["variant"], run["profile"])][run["depth"]]
        key = label(run)
        if key in got and got[key] != run["count"]:
            problems.append(f"{run['variant']} {run['profile']} D{run['depth']} {key}: "
                            f"{got[key]} and {run['count']}")
        got[key] = run["count"]
    top = max(d for c in counts.values() for d in c)
    print("| variant | profile | " + " | ".join(f"D{d}" for d in range(1, top + 1)) + " | verification |")
    print("|---|---|" + "---:|" * top + "---|")
    for v, profiles in ORDER:
        for p in profiles:
            row, deepest, methods = [], 0, []
            oracle = suite_oracle_depth(suite_dir, v, p)
            for d in range(1, top + 1):
                got = counts[(v, p)].get(d, {})
                ref = {m: n for m, n in got.items() if m != "O"}
                values = set(got.values())
                if len(values) > 1:
                    problems.append(f"{v} {p} D{d}: {got}")
                if not ref or len(values) != 1:
                    break
                if "O" in got:
                    oracle = max(oracle, d)
                row.append(f"{next(iter(values)):,}")
                deepest, methods = d, sorted(ref)
            while deepest and len(methods) < 2:  # the deepest must have two methods
                row.pop()
                deepest -= 1
                methods = sorted(m for m in counts[(v, p)][deepest] if m != "O")
            row += [""] * (top - len(row))
            names = [NAMES.get(m, m) for m in methods]
            names = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
            how = f"D{deepest} by {names}; " + verification(v, p, counts[(v, p)], oracle, deepest)
            print(f"| {v} | {p} | " + " | ".join(row) + f" | {how} |")
    for p in problems:
        print(f"DISAGREEMENT: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
