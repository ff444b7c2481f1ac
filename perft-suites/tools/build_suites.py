#!/usr/bin/env python3
"""build_suites.py - builds perft-suites/VARIANT-PROFILE.epd.

usage: build_suites.py HEXREF PICK OUTDIR [VARIANT-PROFILE ...]

1. pick.c plays seeded, biased random games (and strips some of their
   positions down to a few pieces) and tags each candidate with the rules it
   exercises (castling kinds and why one fails, e.p. per crossed cell, e.p.
   that would expose the king, promotions, checks, double checks, pins,
   cross-blocks, vertical captures, mate/stalemate in one, near-empty).
2. For every tag, the rarest first, a few candidates are chosen, plus random
   reachable positions, up to the line budget of the profile.
3. Counts: the reference (hexref perft) depth by depth. A "quick" line stops
   as soon as its total reaches 1e5 nodes; a deep line goes on while the next
   depth stays under 3e7. The deepest depth of each line is counted again
   with --no-bulk --hash 16 (no bulk counting, hash table on), and the oracle
   counts every depth up to ORACLE_LIMIT nodes (all depths of quick lines).
   Any disagreement stops the script: nothing is written that is not agreed.
"""
import json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

PROFILES = {
    "shafran": ["std", "jocly", "ludii", "cvp", "seed"],
    "brusky": ["std", "seed", "jocly", "ludii", "greenchess"],
    "glinski": ["std", "draw", "ludii", "jackson3", "jackson5"],
    "mccooey": ["std", "ludii"],
}
GAMES, SEED = 6000, 20240601
MIN_TOTAL, DEEP_STEP_MAX, QUICK_TOTAL_MAX = 10**5, 3 * 10**7, 2 * 10**6
ORACLE_LIMIT = 400000
HEXREF = PICK = None


def run(*args):
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"failed: {' '.join(args)}\n{out.stderr}")
    return out.stdout


def perft(v, p, fen, d, *opts):
    return int(run(HEXREF, "perft", "-v", v, "-p", p, "--fen", fen, *opts, str(d)).split()[-1])


def tree_part(fen):
    return " ".join(fen.split()[:4])


def choose(cands, budget, per_tag):
    """Rarest tags first; a candidate is used once."""
    by_tag = {}
    for fen, tags in cands:
        for t in tags:
            by_tag.setdefault(t, []).append((fen, tags))
    chosen, used = [], set()
    for t in sorted(by_tag, key=lambda t: (len(by_tag[t]), t)):
        if t == "stripped":
            continue
        # Prefer candidates carrying several tags: more rules per line.
        pool = sorted(by_tag[t], key=lambda c: -len(c[1]))
        taken = 0
        for fen, tags in pool[: 50]:
            if taken >= per_tag or tree_part(fen) in used:
                continue
            used.add(tree_part(fen))
            chosen.append((t, fen, tags))
            taken += 1
    # Fill up with random reachable positions, then anything.
    rest = [c for c in cands if tree_part(c[0]) not in used]
    rest.sort(key=lambda c: ("random" not in c[1], c[0]))
    for fen, tags in rest:
        if len(chosen) >= budget:
            break
        used.add(tree_part(fen))
        chosen.append(("random" if "random" in tags else tags[0], fen, tags))
    return chosen


def count_line(v, p, fen, quick):
    counts = []
    for d in range(1, 12):
        if counts and counts[-1] == 0:
            return None
        if len(counts) >= 2 and counts[-2]:
            guess = counts[-1] * counts[-1] / counts[-2]
            if not quick and guess > DEEP_STEP_MAX * 1.5:
                break
        n = perft(v, p, fen, d)
        if not quick and n > DEEP_STEP_MAX and sum(counts) >= MIN_TOTAL:
            break
        counts.append(n)
        if quick and sum(counts) >= MIN_TOTAL:
            break
    total = sum(counts)
    if total < MIN_TOTAL or total > 10**8:
        return None
    return counts


def verify_line(v, p, fen, counts, quick, oracle_ok):
    """Second method at the deepest depth, and the oracle within reach."""
    d = len(counts)
    again = perft(v, p, fen, d, "--no-bulk", "--hash", "16")
    if again != counts[-1]:
        sys.exit(f"DISAGREEMENT (reference methods) {v} {p} {fen} D{d}: {counts[-1]} vs {again}")
    checked = 0
    if oracle_ok:
        for k, n in enumerate(counts, 1):
            if n > ORACLE_LIMIT and not (quick and n <= QUICK_TOTAL_MAX):
                break
            o = perft(v, p, fen, k, "-g", "oracle")
            if o != n:
                sys.exit(f"DISAGREEMENT (oracle) {v} {p} {fen} D{k}: reference {n}, oracle {o}")
            checked = k
    return checked


def build_line(args):
    v, p, name, fen, quick, oracle_ok = args
    counts = count_line(v, p, fen, quick)
    if counts is None:
        return None
    total = sum(counts)
    quick = quick and total <= QUICK_TOTAL_MAX
    checked = verify_line(v, p, fen, counts, quick, oracle_ok)
    return dict(name=name, fen=fen, counts=counts, quick=quick, oracle_depth=checked)


def candidates(v, p):
    out = run(PICK, v, p, str(SEED), str(GAMES))
    seen, cands = set(), []
    for line in out.splitlines():
        fen, tags = line.split("\t")
        if tree_part(fen) not in seen:
            seen.add(tree_part(fen))
            cands.append((fen, tags.split(",")))
    return cands


def build(v, p, outdir):
    std = p == "std"
    budget, per_tag = (48, 2) if std else (22, 1)
    # The profile's initial position: the first line of `hexref show`.
    init_fen = run(HEXREF, "show", "-v", v, "-p", p).splitlines()[0].split(")", 1)[1].strip()
    cands = candidates(v, p)
    chosen = choose(cands, budget, per_tag)
    oracle_ok = True
    jobs, names = [], {}
    jobs.append((v, p, "initial", init_fen, False, oracle_ok))
    for i, (t, fen, tags) in enumerate(chosen):
        base = t.replace(":", "-") + ("-stripped" if "stripped" in tags else "")
        names[base] = names.get(base, 0) + 1
        jobs.append((v, p, f"{base}-{names[base]}", fen, i % 2 == 0, oracle_ok))
    with ThreadPoolExecutor(2) as pool:
        lines = [l for l in pool.map(build_line, jobs) if l]
    write_suite(v, p, outdir, lines)
    return lines


def write_suite(v, p, outdir, lines):
    path = os.path.join(outdir, f"{v}-{p}.epd")
    nquick = sum(l["quick"] for l in lines)
    ncounts = sum(len(l["counts"]) for l in lines)
    noracle = sum(l["oracle_depth"] for l in lines)
    with open(path, "w") as f:
        f.write(f"# hexref perft suite: {v}, profile {p}. Run: hexref suite [--tier quick] {v}-{p}.epd\n")
        f.write("# Line: HEXFEN ;Dk COUNT ... ;id NAME [;tier quick]. The name is the rule the position\n")
        f.write("# was chosen for (tags of perft-suites/tools/pick.c); '-stripped' marks a board made by\n")
        f.write("# removing pieces from a game position, every other line is reachable from the start.\n")
        f.write(f"# Produced by perft-suites/tools/build_suites.py (pick.c seed {SEED}, {GAMES} games).\n")
        f.write("# Checked: every count by the reference (hexref perft, bulk counting, no hash); the\n")
        f.write("# deepest depth of every line again by a second method (--no-bulk --hash 16); and by the\n")
        f.write(f"# oracle every depth up to {ORACLE_LIMIT} nodes, and every depth of the quick lines:\n")
        f.write(f"# {noracle} of {ncounts} counts. Deepest depth the oracle checked, line by line:\n")
        f.write("# " + " ".join(str(l["oracle_depth"]) for l in lines) + "\n")
        f.write(f"# {len(lines)} lines, {nquick} in the quick tier. The reference and the oracle never disagreed.\n")
        for l in lines:
            ops = " ".join(f";D{k} {n}" for k, n in enumerate(l["counts"], 1))
            tier = " ;tier quick" if l["quick"] else ""
            f.write(f"{l['fen']} {ops} ;id {l['name']}{tier}\n")
    print(f"{path}: {len(lines)} lines, {nquick} quick, oracle {noracle}/{ncounts}", flush=True)


def main():
    global HEXREF, PICK
    HEXREF, PICK, outdir = sys.argv[1:4]
    want = sys.argv[4:]
    for v, profiles in PROFILES.items():
        for p in profiles:
            if not want or f"{v}-{p}" in want:
                build(v, p, outdir)


if __name__ == "__main__":
    main()
