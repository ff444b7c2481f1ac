#!/usr/bin/env python3
"""finding_headline.py HEXREF FAULTY WORKDIR - verify's finding is the
headline of every format, and one bug is one finding (issue 28, items 1-2).

- One planted fault (tests/verify's engine adds the illegal f11f10 in one
  checkmate, reached by every random position from it): `verify --random 100
  -d 2` is one grouped finding in text, JUnit (one line naming the move and
  the verdict; the other testcases point to the first), JSON (a `finding`
  with its group; every line valid against docs/results.schema.json) and
  HTML (one section, "101 roots lead here", the verdict).
- Two roots (suite lines) that reach the fault by different paths are one
  finding: "2 roots lead here".
- A move-set difference found at depth 2 says depth 1 everywhere: text,
  JSON (finding, minimal, its depth-1 totals), the reproduce command, HTML.
- A make/unmake fault (mangle.py drop-moved: right with the HexFEN alone)
  has the verdict "generation is right, make/unmake is not".
- The engine's own words (exit status, stderr) and a timeout reach JSON,
  JUnit and HTML.
- --max-failures N stops the run; a run that checks nothing fails."""
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import jsonschema

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA = json.load(open(os.path.join(SOURCE, "docs", "results.schema.json")))
ENGINES = os.path.join(SOURCE, "tests", "verify", "engines")
MATE = "k/3/2Q2/7/4K4/11/11/11/11/11/11 b - - 0 1"  # Glinski: W Kf7 Qf9, B Kf11, mated
problems = []


def check(cond, what):
    if not cond:
        problems.append(what)
    return cond


def verify(name, args, env=None, want_rc=1):
    """Runs verify in text (with --junit and --report) and in JSON; returns
    (text, junit testcases, JSON objects, html)."""
    junit, html = os.path.join(WORK, name + ".xml"), os.path.join(WORK, name + ".html")
    env = dict(os.environ, HEXREF=HEXREF, **(env or {}))
    text = subprocess.run([HEXREF, "verify", "-q"] + args + ["--junit", junit, "--report", html],
                          capture_output=True, text=True, env=env, timeout=600)
    check(text.returncode == want_rc, "%s: exit %d, expected %d: %s"
          % (name, text.returncode, want_rc, text.stderr[-300:]))
    js = subprocess.run([HEXREF, "verify", "-q", "--format", "json"] + args, capture_output=True,
                        text=True, env=env, timeout=600)
    objs = [json.loads(line) for line in js.stdout.splitlines()]
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for n, obj in enumerate(objs, 1):
        for err in validator.iter_errors(obj):
            problems.append("%s: JSON line %d: %s at %s" % (name, n, err.message, list(err.path)))
    cases = ET.parse(junit).getroot().findall("./testsuite/testcase") if os.path.exists(junit) else []
    page = open(html, encoding="utf-8").read() if os.path.exists(html) else ""
    return text.stdout, cases, objs, page


def failure_of(case):
    return case[0] if len(case) else None


def grouped_finding():
    env = {"FAULT_FEN": MATE, "FAULT_ADD": "f11f10"}
    text, cases, objs, page = verify("grouped", ["-e", FAULTY, "-v", "glinski", "--fen", MATE,
                                                 "--random", "100", "-d", "2"], env)
    headline = "extra move f11f10 at the root: generation is wrong"
    check(text.rstrip().endswith("0 passed, 101 failed (1 distinct finding)"),
          "grouped: the summary does not count 1 distinct finding: %r" % text[-200:])
    check(text.count("  reproduce:") == 1, "grouped: %d full reports, expected 1"
          % text.count("  reproduce:"))
    check("FAIL position: " + headline + "\n" in text, "grouped: no headline on the FAIL line")
    check("    101 roots lead here: position, random #1 " in text, "grouped: no group in the text")
    messages = [failure_of(c).get("message") for c in cases if failure_of(c) is not None]
    check(len(messages) == 101, "grouped: %d JUnit failures, expected 101" % len(messages))
    check(messages[:1] == [headline + " (101 roots lead here)"],
          "grouped: the first JUnit message is %r" % messages[:1])
    check(all(m == "the same finding as position: " + headline for m in messages[1:]),
          "grouped: the other JUnit messages do not point to the first: %r" % set(messages[1:]))
    check(len(objs) == 101 and all(o["finding"] and o["finding"]["group"]["first"] == "position"
                                   and o["finding"]["group"]["checks"] == 101 for o in objs),
          "grouped: the JSON lines are not one group of 101")
    f = objs[0]["finding"] if objs else {}
    check(f.get("kind") == "extra_move" and f.get("extra") == ["f11f10"] and
          f.get("verdict") == "generation" and f.get("headline") == headline,
          "grouped: the JSON finding is %r" % f)
    check(page.count('<section class="finding"') == 1, "grouped: not one section in the report")
    check('data-checks="101"' in page and "<th>101 roots lead here</th>" in page and
          '<tr class="verdict"><th>verdict</th><td>generation is wrong</td></tr>' in page and
          '<p id="summary-findings">1 distinct finding</p>' in page,
          "grouped: the report lacks the group or the verdict")


def distinct_roots():
    """Two suite lines, the start and the position after f4f5, lead to one
    finding by different paths."""
    start = "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1"  # McCooey
    after = "b/qbk/rnbnr/ppppppp/9/11/5P5/11/4PBP4/3PNBNP3/2PRQBKRP2 b - - 0 1"  # f4f5
    suite = os.path.join(WORK, "two-roots.epd")
    with open(suite, "w") as out:
        out.write("%s ;D1 31 ;D2 947 ;id start\n%s ;D1 31 ;D2 887 ;id after-f4f5\n" % (start, after))
    text, cases, objs, page = verify("roots", ["-e", FAULTY, "-v", "mccooey", "--suite", suite,
                                               "-d", "2"], {"FAULT_FEN": after, "FAULT_DROP": "f8f7"})
    first, second = suite + ":1 start", suite + ":2 after-f4f5"
    check("    2 roots lead here: %s, %s\n" % (first, second) in text and
          text.rstrip().endswith("0 passed, 2 failed (1 distinct finding)"),
          "roots: the text does not group the two roots: %r" % text[-400:])
    check("  the same finding as %s (not repeated)\n" % first in text,
          "roots: the second line does not point to the first")
    messages = [failure_of(c).get("message") for c in cases if failure_of(c) is not None]
    check(messages == ["missing move f8f7 after f4f5: generation is wrong (2 roots lead here)",
                       "the same finding as %s: missing move f8f7 at the root: generation is wrong"
                       % first], "roots: JUnit messages %r" % messages)
    groups = [o["finding"]["group"] for o in objs]
    check(len(groups) == 2 and all(g == {"first": first, "checks": 2, "ids": [first, second]}
                                   for g in groups), "roots: JSON groups %r" % groups)
    check([o["finding"]["path"] for o in objs] == ["f4f5", ""], "roots: JSON paths")
    check(page.count('<section class="finding"') == 1 and "<th>2 roots lead here</th>" in page,
          "roots: the report is not one section for both roots")


def depth_agrees():
    start = "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1"  # McCooey
    text, cases, objs, page = verify("depth", ["-e", FAULTY, "-v", "mccooey", "-d", "2"],
                                     {"FAULT_FEN": start, "FAULT_DROP": "f4f5"})
    depths = re.findall(r"^  depth:\s+(\d+)", text, re.M)
    check(depths == ["1"], "depth: the text says depth %r" % depths)
    check(re.search(r"reproduce: .* -d 1$", text, re.M), "depth: the reproduce command is not -d 1")
    o = objs[0] if objs else {"finding": {}, "minimal": {}}
    m, f = o["minimal"] or {}, o["finding"] or {}
    check(o.get("depth") == 2, "depth: the check's own depth is not 2")
    check(f.get("depth") == 1 and m.get("depth") == 1 and m.get("command", "").endswith(" -d 1"),
          "depth: JSON finding %r, minimal %r" % (f.get("depth"), m.get("depth")))
    d = m.get("difference") or {}
    check(d.get("expected_total") == 31 and d.get("got_total") == 30,
          "depth: the minimal difference is not the depth-1 one: %r" % d)
    check("<tr><th>depth</th><td>1</td></tr>" in page, "depth: the report does not say depth 1")
    check(" 1\n</pre>" in page, "depth: the report's reference divide is not depth 1")


def make_unmake():
    moved = subprocess.run([HEXREF, "show", "-v", "mccooey", "--moves", "e3e5"],
                           capture_output=True, text=True).stdout.splitlines()[0].split("   ", 1)[1]
    text, cases, objs, page = verify("unmake", ["-e", os.path.join(ENGINES, "mangle.py") +
                                                " drop-moved", "-v", "mccooey", "--moves", "e3e5",
                                                "-d", "2"], {"FAULT_FEN": moved,
                                                             "FAULT_DROP": "c8c7"})
    want = "missing move c8c7 after e3e5: generation is right, make/unmake is not"
    got = [failure_of(c).get("message") for c in cases if failure_of(c) is not None]
    check(got == [want], "unmake: JUnit messages %r" % got)
    f = objs[0]["finding"] if objs else {}
    check(f.get("verdict") == "make_unmake" and f.get("path") == "e3e5" and
          f.get("missing") == ["c8c7"], "unmake: the JSON finding is %r" % f)
    check("<td>generation is right, make/unmake is not</td>" in page, "unmake: no verdict in the report")


def engine_words():
    text, cases, objs, page = verify("crash", ["-e", os.path.join(ENGINES, "crash.sh"), "-v",
                                               "mccooey", "-d", "2", "--timeout", "1"])
    f = objs[0]["finding"] if objs else {}
    said = f.get("engine_said") or {}
    check(f.get("kind") == "engine_failure" and "status 139" in (said.get("what") or "") and
          "Segmentation" in (said.get("stderr") or "") and f.get("missing") == [],
          "crash: the JSON finding is %r" % f)
    msg = failure_of(cases[0]).get("message") if cases else ""
    check(msg.startswith("engine failure at the root: the engine exited with status 139"),
          "crash: JUnit message %r" % msg)
    check('<tr class="engine-said">' in page and "Segmentation fault" in page,
          "crash: the report lacks the engine's words")
    text, cases, objs, page = verify("timeout", ["-e", os.path.join(ENGINES, "hang.sh"), "-v",
                                                 "mccooey", "-d", "2", "--timeout", "1"])
    f = objs[0]["finding"] if objs else {}
    check(f.get("kind") == "timeout" and "within 1.0 s" in (f.get("engine_said") or {}).get("what", ""),
          "timeout: the JSON finding is %r" % f)
    check("FAIL initial position: timeout at the root: no complete answer within 1.0 s" in text,
          "timeout: the text headline is not a timeout")


def max_failures():
    env = {"FAULT_FEN": MATE, "FAULT_ADD": "f11f10"}
    text, cases, objs, page = verify("max", ["-e", FAULTY, "-v", "glinski", "--fen", MATE,
                                             "--random", "100", "-d", "2", "--max-failures", "3"],
                                     env)
    check("stopped: 3 checks failed (--max-failures 3); the rest was not run\n"
          "0 passed, 3 failed (1 distinct finding)" in text, "max: %r" % text[-300:])
    check(len(cases) == 3 and len(objs) == 3, "max: %d testcases, %d JSON lines, expected 3"
          % (len(cases), len(objs)))
    zero = subprocess.run([HEXREF, "verify", "-e", FAULTY, "-v", "glinski", "--max-failures", "0"],
                          capture_output=True, text=True)
    check(zero.returncode == 2 and "--max-failures must be at least 1" in zero.stderr,
          "max: --max-failures 0 is not a usage error: %d %r" % (zero.returncode, zero.stderr))
    suite = os.path.join(SOURCE, "perft-suites", "mccooey-std.epd")
    none = subprocess.run([HEXREF, "verify", "-e", FAULTY, "-v", "mccooey", "--suite", suite,
                           "--max-nodes", "1"], capture_output=True, text=True)
    check(none.returncode == 1 and "nothing was checked" in none.stderr,
          "nothing: a run that checks nothing exits %d: %r" % (none.returncode, none.stderr[-200:]))


def main():
    global HEXREF, FAULTY, WORK
    HEXREF, FAULTY, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(WORK, exist_ok=True)
    grouped_finding()
    distinct_roots()
    depth_agrees()
    make_unmake()
    engine_words()
    max_failures()
    for p in problems:
        print("FAILED: " + p)
    print("finding_headline: %d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
