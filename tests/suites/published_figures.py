#!/usr/bin/env python3
"""published_figures.py HEXREF README - the table "Published figures,
reproduced" of perft-suites/README.md says what hexref counts: every
"PROFILE COUNT" of a row's hexref column is recounted with `hexref perft`,
the "same as" profile must count the published figure, and a row where std
does not must name another profile (the explanation below the table says
why). Fails on a table with no rows.
"""
import re
import subprocess
import sys

HEXREF, README = sys.argv[1], sys.argv[2]
text = open(README, encoding="utf-8").read()
match = re.search(r"^## Published figures, reproduced\n(.*?)(?=^## )", text, re.S | re.M)
if not match:
    sys.exit("published_figures: no section '## Published figures, reproduced' in " + README)
rows = [line for line in match.group(1).splitlines()
        if line.startswith("| ") and not line.startswith("| source") and not line.startswith("|---")]
if not rows:
    sys.exit("published_figures: the table has no rows")

failures, checked = [], 0


def number(cell):
    return int(cell.replace(",", ""))


def perft(variant, profile, position, depth):
    args = [HEXREF, "perft", "-v", variant, "-p", profile]
    if position != "initial":
        args += ["--fen", position.strip("`")]
    proc = subprocess.run(args + [str(depth)], capture_output=True, text=True)
    if proc.returncode != 0:
        return None, proc.stderr.strip()
    return int(proc.stdout.split()[-1]), None


for line in rows:
    cells = [c.strip() for c in line.strip("|").split("|")]
    if len(cells) != 7:
        failures.append(f"a row without its 7 columns: {line}")
        continue
    _, variant, position, depth, published, counts, same_as = cells
    claimed = {}
    for part in counts.split(", "):
        profile, count = part.rsplit(" ", 1)
        claimed[profile] = number(count)
    for profile, want in claimed.items():
        got, err = perft(variant, profile, position, int(depth))
        checked += 1
        if got != want:
            failures.append(f"{variant} {profile} {position} depth {depth}: hexref counts "
                            f"{got if err is None else err}, the table says {want}")
    if claimed.get(same_as) != number(published):
        failures.append(f"{variant} {position} depth {depth}: '{same_as}' does not count the "
                        f"published {published}")
    if claimed.get("std") != number(published) and same_as == "std":
        failures.append(f"{variant} {position} depth {depth}: std differs from the published "
                        "figure, yet the row says it is the same")

for f in failures:
    print("FAIL:", f)
if failures:
    sys.exit(1)
print(f"published_figures: {len(rows)} published figures, {checked} hexref counts, all as the table says")
