#!/usr/bin/env python3
"""matrix_test.py - hexref matrix on hexref's own stand-in implementations.

The engines: `hexref engine` under std for each variant (a correct
implementation), and under every negative-control profile of each variant
while held to std (an implementation with one known rule bug); a uci engine
that cannot start, a script engine that is not there, and one that prints
garbage. Checked:

- the exit status (1: not every engine passed) and every output file of -o:
  index.html, matrix.md, matrix.jsonl, NAME.html and NAME.badge.json;
- the matrix says what each engine is known to do: the std engines pass
  every cell; every bug model fails, never in piece geometry (the bugs are
  all about pawns), and in the topics its rule makes certain (a capture bug
  changes perft from the start and the published counts; a double step from
  the wrong cell is a pawn-move fault; removing the wrong e.p. victim an e.p.
  fault); the engine that cannot start says so;
- every failing cell of the HTML page links to a finding that exists in the
  engine's report, and every row is there;
- bad engines files are errors naming file:line.

Usage: matrix_test.py HEXREF OUTDIR
"""
import json
import os
import re
import subprocess
import sys

hexref, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def variants():
    text = subprocess.run([hexref, "variants", "--format", "json"], capture_output=True, text=True,
                          check=True).stdout
    return [(p["variant"], p["profile"]) for p in map(json.loads, text.splitlines())
            if p["profile"].startswith("neg-")]


# The topics a bug model must fail, by its rule (see the docstring).
MUST_FAIL = {
    "neg-glinski-capture": ["start position", "published perft"],
    "neg-gloss-capture": ["start position", "published perft"],
    "neg-mccooey-capture": ["start position", "published perft"],
    "neg-vcap-moved": ["start position", "published perft"],
    "neg-centre-double": ["pawn moves"],
    "neg-ep-victim-by-target": ["en passant"],
}

negs = variants()
check(len(negs) >= 9, f"hexref variants lists {len(negs)} negative controls")
# Under the sanitizers (ci/test's asan stage) the matrix's code is what is
# checked, and one bug model per variant takes its every path: the others,
# whose topics are about the rules, are the Release run's (a third of this
# test's 90 s under ASan).
if os.environ.get("HEXREF_SANITIZED"):
    negs = [vp for i, vp in enumerate(negs) if vp[0] not in [v for v, _ in negs[:i]]]
    print("sanitized build: one bug model per variant:", " ".join(p for _, p in negs))
engines = os.path.join(out, "engines.txt")
with open(engines, "w") as f:
    f.write("# hexref's own stand-ins (written by matrix_test.py)\n")
    for v in ["shafran", "brusky", "glinski", "mccooey"]:
        f.write(f"std-{v}  {v}  std  uci  {hexref} engine\n")
    for v, p in negs:
        f.write(f"{v}-{p}  {v}  std  uci  {hexref} engine -p {p}\n")
    f.write("no-such-engine  glinski  std  uci  /nonexistent/engine\n")
    f.write("not-found-script  glinski  std  script  /nonexistent/engine\n")
    f.write("garbage  brusky  std  script  echo hello\n")

report = os.path.join(out, "report")
run = subprocess.run([hexref, "matrix", engines, "--random", "8", "-o", report, "--format", "json"],
                     capture_output=True, text=True)
check(run.returncode == 1, f"exit status {run.returncode}, want 1 (not every engine passed)")
rows = {}
for line in run.stdout.splitlines():
    row = json.loads(line)
    rows[row["engine"]] = row
with open(os.path.join(report, "matrix.jsonl")) as f:
    check(f.read() == run.stdout, "matrix.jsonl is not what --format json printed")
check(len(rows) == 4 + len(negs) + 3, f"{len(rows)} rows for {4 + len(negs) + 3} engines")

for v in ["shafran", "brusky", "glinski", "mccooey"]:
    r = rows.get(f"std-{v}", {})
    check(r.get("ok") is True, f"std-{v} is not ok")
    ran = [t for t, c in r.get("cells", {}).items() if c["passed"] + c["failed"]]
    check(len(ran) >= 8, f"std-{v}: only {len(ran)} topics ran")
    check(r.get("engine_id", "").startswith("hexref "), f"std-{v}: engine_id {r.get('engine_id')}")
for v, p in negs:
    r = rows.get(f"{v}-{p}", {})
    cells = r.get("cells", {})
    failed = [t for t, c in cells.items() if c["failed"]]
    check(r.get("ok") is False, f"{v}-{p} passed although it has a planted bug")
    check("perft suites" in failed, f"{v}-{p}: the perft suites did not catch it")
    check(cells.get("piece geometry", {}).get("failed") == 0, f"{v}-{p} fails piece geometry")
    for topic in MUST_FAIL.get(p, []):
        check(topic in failed, f"{v}-{p}: {topic} should fail (its rule), failed: {failed}")
    for t in failed:
        first = cells[t]["first_failure"]
        check(first and first["id"] and first["headline"], f"{v}-{p} {t}: no first failure")
check(rows.get("no-such-engine", {}).get("stop") == "no engine", "no-such-engine: stop is not 'no engine'")
# An engine that answers nothing usable passes nothing (a fixture whose only
# expectation was the fixture's own start position once passed for it).
for name in ["not-found-script", "garbage"]:
    g = rows.get(name, {})
    check(g.get("ok") is False and g.get("passed") == 0 and g.get("failed", 0) > 100,
          f"{name}: passed {g.get('passed')}, failed {g.get('failed')}")

# Markdown: a header with every topic, one row per engine.
md = open(os.path.join(report, "matrix.md")).read()
check(md.startswith("## hexref conformance matrix"), "matrix.md heading")
table = [l for l in md.splitlines() if l.startswith("| ")]
check(len(table) == 1 + len(rows), f"matrix.md has {len(table)} table rows")
check("### First failure per cell" in md, "matrix.md lists no first failures")

# Badges: the shields.io endpoint form, red unless the engine passed.
for name, r in rows.items():
    with open(os.path.join(report, f"{name}.badge.json")) as f:
        b = json.load(f)
    check(b.get("schemaVersion") == 1 and b.get("label", "").startswith("hexref "), f"{name} badge")
    check(b.get("color") == ("brightgreen" if r["ok"] else "red"), f"{name} badge colour")

# HTML: every row; every failing cell links to a finding of the engine's report.
page = open(os.path.join(report, "index.html")).read()
check(len(re.findall(r'<tr data-engine="', page)) == len(rows), "index.html rows")
links = re.findall(r'href="([^"#]+)#(finding-\d+)"', page)
check(len(links) > 0, "index.html has no finding links")
for target, anchor in links:
    with open(os.path.join(report, target)) as f:
        check(f'id="{anchor}"' in f.read(), f"{target} has no {anchor}")

# --identify: each engine, not told the profile, is named by the reading it
# follows: the honest one std (with the profiles the fixtures cannot tell
# from it), each bug model its own negative control.
small = os.path.join(out, "identify.txt")
picked = [(v, p) for v, p in negs if v == "glinski"]
with open(small, "w") as f:
    f.write(f"std-glinski glinski std uci {hexref} engine\n")
    for v, p in picked:
        f.write(f"{v}-{p} {v} std uci {hexref} engine -p {p}\n")
run = subprocess.run([hexref, "matrix", small, "--random", "2", "--identify", "--format", "json"],
                     capture_output=True, text=True)
got = {json.loads(l)["engine"]: json.loads(l)["identify"] for l in run.stdout.splitlines()}
check(bool(picked) and len(got) == 1 + len(picked), f"--identify: rows {sorted(got)}")
check((got.get("std-glinski") or "").startswith("matches std"), f"--identify std: {got.get('std-glinski')}")
for v, p in picked:
    check(got.get(f"{v}-{p}") == f"matches {p}", f"--identify {p}: {got.get(f'{v}-{p}')}")

# Bad files: each an error naming the file and line, and nothing written.
bad = {
    "": "no engine line",
    "# only a comment\n": "no engine line",
    "x glinski std\n": ":1: an engine line is NAME VARIANT PROFILE PROTOCOL COMMAND",
    "x glinski std tcp cmd\n": ":1: unknown protocol 'tcp'",
    "a/b glinski std uci cmd\n": ":1: engine name 'a/b'",
    "x glinski std uci cmd\nx glinski std uci cmd\n": ":2: engine name 'x' given twice",
    "x nosuch std uci cmd\n": "nosuch",
}
for i, (text, want) in enumerate(bad.items()):
    path = os.path.join(out, f"bad{i}.txt")
    with open(path, "w") as f:
        f.write(text)
    r = subprocess.run([hexref, "matrix", path, "-o", os.path.join(out, f"bad{i}")],
                       capture_output=True, text=True)
    check(r.returncode not in (0, 1) or (r.returncode == 1 and want in r.stderr),
          f"bad file {text!r}: exit {r.returncode}")
    check(want in r.stderr, f"bad file {text!r}: stderr {r.stderr.strip()!r} lacks {want!r}")
    check(not os.path.exists(os.path.join(out, f"bad{i}", "index.html")), f"bad file {text!r} wrote a report")

print(f"matrix_test: {len(rows)} engines, {len(failures)} failures")
sys.exit(1 if failures else 0)
