#!/usr/bin/env python3
"""results_formats.py HEXREF FAULTY WORKDIR - every checking command (suite,
fixtures, verify, identify, selfcheck) writes JSON Lines that validate
against docs/results.schema.json and JUnit XML that validates against
docs/junit.xsd (xmlstarlet) and that a JUnit reader (junitparser, as CI
plugins read it) takes, on runs that pass and on runs that fail; the two
forms and the exit code agree on the outcome of every check. suite,
fixtures and selfcheck also write --report FILE.html (render/report_html.h):
the failing check's id, position and difference are in the page.

FAULTY is tests/verify's engine with one planted fault, so verify has a
minimal reproduction to write."""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import jsonschema
import junitparser

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA = json.load(open(os.path.join(SOURCE, "docs", "results.schema.json")))
XSD = os.path.join(SOURCE, "docs", "junit.xsd")
START = "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1"  # McCooey

problems = []


def check(cond, what):
    if not cond:
        problems.append(what)
    return cond


def run(name, args, want_rc, env=None, workdir=".", report=False):
    junit = os.path.join(workdir, name + ".xml")
    cmd = [HEXREF] + args + ["--format", "json", "--junit", junit]
    if report:
        cmd += ["--report", os.path.join(workdir, name + ".html")]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, **(env or {})))
    check(proc.returncode == want_rc,
          "%s: exit %d, expected %d (%s)" % (name, proc.returncode, want_rc, proc.stderr[-300:]))
    validator = jsonschema.Draft202012Validator(SCHEMA)
    lines = proc.stdout.splitlines()
    check(lines, "%s: no JSON lines on stdout" % name)
    outcomes = []
    for n, line in enumerate(lines, 1):
        try:
            obj = json.loads(line)
        except ValueError as e:
            problems.append("%s: stdout line %d is not JSON (%s): %.80s" % (name, n, e, line))
            continue
        for err in validator.iter_errors(obj):
            problems.append("%s: line %d: %s at %s" % (name, n, err.message, list(err.path)))
        outcomes.append(obj)
    if not check(os.path.exists(junit), "%s: no JUnit file" % name):
        return outcomes
    val = subprocess.run(["xmlstarlet", "val", "--err", "--xsd", XSD, junit],
                         capture_output=True, text=True)
    check(val.returncode == 0, "%s: JUnit XML invalid: %s" % (name, val.stderr + val.stdout))
    cases = ET.parse(junit).getroot().findall("./testsuite/testcase")
    check(len(cases) == len(outcomes),
          "%s: %d testcases, %d JSON checks" % (name, len(cases), len(outcomes)))
    tags = {"fail": "failure", "error": "error", "not_applicable": "skipped"}
    for case, obj in zip(cases, outcomes):
        tag = tags.get(obj["outcome"])
        child = case[0].tag if len(case) else None
        check(child == tag, "%s: testcase %s has <%s>, JSON says %s"
              % (name, case.get("name"), child, obj["outcome"]))
        check(case.get("name") == obj["id"], "%s: testcase name %r != id %r"
              % (name, case.get("name"), obj["id"]))
    read_back_junit(name, junit, outcomes)
    failing = any(o["outcome"] in ("fail", "error") for o in outcomes)
    check(failing == (want_rc != 0), "%s: exit %d but failing checks: %s" % (name, want_rc, failing))
    return outcomes


def read_back_junit(name, junit, outcomes):
    """What a CI system sees: the file read by junitparser, one test case per
    JSON check, with the same name and outcome, and a failure's message set."""
    try:
        xml = junitparser.JUnitXml.fromfile(junit)
    except Exception as e:  # the reader's own refusal is the finding
        check(False, "%s: junitparser cannot read the JUnit file: %s" % (name, e))
        return
    suites = list(xml) if isinstance(xml, junitparser.JUnitXml) else [xml]
    cases = [case for suite in suites for case in suite]
    check(len(cases) == len(outcomes),
          "%s: junitparser reads %d test cases, JSON has %d checks" % (name, len(cases), len(outcomes)))
    kinds = {"fail": junitparser.Failure, "error": junitparser.Error,
             "not_applicable": junitparser.Skipped}
    for case, obj in zip(cases, outcomes):
        want = kinds.get(obj["outcome"])
        got = case.result
        check(case.name == obj["id"], "%s: junitparser reads name %r, JSON id %r"
              % (name, case.name, obj["id"]))
        if want is None:
            check(not got, "%s: %s passed in JSON but junitparser reads %r" % (name, case.name, got))
            continue
        check(len(got) == 1 and isinstance(got[0], want),
              "%s: %s is %s in JSON but junitparser reads %r" % (name, case.name, obj["outcome"], got))
        if want is junitparser.Failure and got:
            check(bool(got[0].message), "%s: %s failure without a message" % (name, case.name))


def html_of(name, workdir):
    path = os.path.join(workdir, name + ".html")
    if not check(os.path.exists(path), "%s: no report %s" % (name, path)):
        return ""
    text = open(path, encoding="utf-8").read()
    check(text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>"),
          "%s: the report is not one whole page" % name)
    return text


def has(name, html, parts):
    for part in parts:
        check(part in html, "%s: the report lacks %r" % (name, part))


def main():
    global HEXREF
    HEXREF, faulty, work = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(work, exist_ok=True)

    suite = os.path.join(work, "mccooey-std.epd")
    with open(suite, "w") as f:
        f.write("%s ;D1 31 ;D2 947 ;id good\n%s ;D1 31 ;D2 948 ;id wrong\n" % (START, START))
    out = run("suite", ["suite", suite], 1, workdir=work, report=True)
    bad = [o for o in out if o["outcome"] == "fail"]
    if check(len(bad) == 1, "suite: %d failing checks, expected 1" % len(bad)):
        check(bad[0]["expected"]["total"] == 948 and bad[0]["got"]["total"] == 947,
              "suite: expected/got totals wrong: %r" % bad[0])
        check(bad[0]["difference"]["expected_total"] == 948, "suite: no difference")
    html = html_of("suite", work)
    has("suite", html, ['data-check="wrong D2"', 'data-source="%s:2"' % suite,
                        'data-fen="%s"' % START, "<p>total: reference 948, engine 947</p>",
                        '<p id="summary-counts">%d checks: %d passed, 1 failed' % (len(out), len(out) - 1)])
    check(html.count('<section class="finding"') == 1, "suite: not one finding in the report")
    run("suite-pass", ["suite", "--tier", "deep", os.path.join(SOURCE, "perft-suites",
                                                               "mccooey-std.epd"),
                       "--max-nodes", "5000"], 0, workdir=work)

    fix = os.path.join(work, "wrong.fix")
    with open(fix, "w") as f:
        f.write("fixture mccooey-wrong-moves\nvariant mccooey\nprofiles std\nitem 1\n"
                "source a deliberately wrong move list\nfen start\nmoves-from f4 f4f6\nend\n")
    out = run("fixtures", ["fixtures", "-v", "mccooey", fix], 1, workdir=work, report=True)
    if check(len(out) == 1 and out[0]["outcome"] == "fail", "fixtures: %r" % out):
        d = out[0]["difference"]
        check(d and [m["move"] for m in d["missing"]] == ["f4f6"] and
              [m["move"] for m in d["extra"]] == ["f4f5"],
              "fixtures: the difference is not f4f6 missing, f4f5 extra: %r" % d)
        check(out[0]["position"] == START, "fixtures: position is not the resolved start")
        html = html_of("fixtures", work)
        has("fixtures", html, ['data-check="%s"' % out[0]["id"], 'data-source="%s:1"' % fix,
                               'data-fen="%s"' % START, 'data-arrow="f4f6" data-kind="missing"',
                               'data-arrow="f4f5" data-kind="extra"',
                               'data-list="missing">', "<code>f4f6</code>", "\nlegal f4f6\n",
                               "\nillegal f4f5\n"])
    run("fixtures-pass", ["fixtures", "-v", "mccooey", "-g", "oracle"], 0, workdir=work)

    fen_after = subprocess.run([HEXREF, "show", "-v", "mccooey", "--moves", "f4f5"],
                               capture_output=True, text=True).stdout.splitlines()[0]
    fen_after = fen_after.split("   ", 1)[1]
    out = run("verify", ["verify", "-e", faulty, "-v", "mccooey", "-d", "3"], 1, workdir=work,
              env={"FAULT_FEN": fen_after, "FAULT_DROP": "f8f7"})
    mins = [o["minimal"] for o in out if o["minimal"]]
    if check(len(mins) == 1, "verify: %d minimal reproductions" % len(mins)):
        check(mins[0]["position"] == fen_after and mins[0]["path"] == "f4f5",
              "verify: minimal position/path wrong: %r" % mins[0])
        check([m["move"] for m in mins[0]["difference"]["missing"]] == ["f8f7"],
              "verify: the minimal difference does not name f8f7: %r" % mins[0]["difference"])
        check("--moves f4f5" in mins[0]["command"] or "--moves 'f4f5'" in mins[0]["command"],
              "verify: the command does not replay the path")

    # An engine that errors only on reaching the position after f4f5 with
    # depth to go: the failure is narrowed from the root at depth 3 to that
    # position at depth 1, in JSON (schema-checked), JUnit and markdown (issue 30 D).
    fail_env = {"FAULT_FEN": fen_after, "FAULT_FAIL": "error"}
    out = run("verify-narrowed", ["verify", "-e", faulty, "-v", "mccooey", "-d", "3"], 1,
              workdir=work, env=fail_env, report=True)
    html = open(os.path.join(work, "verify-narrowed.html")).read()
    check("<th>narrowed</th><td>the engine fails at this position at depth 1" in html,
          "verify-narrowed: the HTML report lacks the narrowing")
    found = [o["finding"] for o in out if o["finding"]]
    if check(len(found) == 1, "verify-narrowed: %d findings" % len(found)):
        f = found[0]
        check(f["kind"] == "engine_failure" and f["position"] == fen_after and f["path"] == "f4f5"
              and f["depth"] == 1, "verify-narrowed: not narrowed to f4f5 at depth 1: %r"
              % {k: f[k] for k in ("kind", "position", "path", "depth")})
        n = f.get("narrowing") or {}
        check(n.get("from_depth") == 3 and n.get("queries", 0) >= 2 and n.get("note") and
              n.get("moved") is True and n.get("end") == "own",
              "verify-narrowed: narrowing %r" % n)
        check("Board doesn't have a king" in (f["engine_said"]["stderr"] or ""),
              "verify-narrowed: stderr %r" % f["engine_said"]["stderr"])
    junit = open(os.path.join(work, "verify-narrowed.xml")).read()
    check("narrowing: " in junit and "path: f4f5" in junit,
          "verify-narrowed: the JUnit body lacks the narrowing and the path")
    md = subprocess.run([HEXREF, "verify", "-e", faulty, "-v", "mccooey", "-d", "3", "--format",
                         "markdown"], capture_output=True, text=True,
                        env=dict(os.environ, **fail_env))
    check("engine failure after f4f5 at depth 1 (narrowed from depth 3)" in md.stdout,
          "verify-narrowed --format markdown: %r" % md.stdout[-400:])

    # --format markdown: the same run as a CI job summary: the outcome as the
    # heading, one row per failed check with its finding and reproduction.
    md = subprocess.run([HEXREF, "verify", "-e", faulty, "-v", "mccooey", "-d", "3", "--format",
                         "markdown"], capture_output=True, text=True,
                        env=dict(os.environ, FAULT_FEN=fen_after, FAULT_DROP="f8f7"))
    rows = [l for l in md.stdout.splitlines() if l.startswith("| ") and "fail" in l]
    check(md.returncode == 1 and md.stdout.startswith("### \u274c hexref verify: 0 passed, 1 failed"),
          "verify --format markdown: heading %r (exit %d)" % (md.stdout[:60], md.returncode))
    check(len(rows) == 1 and "missing move f8f7 after f4f5" in rows[0] and "--moves" in rows[0],
          "verify --format markdown: the row does not name the finding: %r" % rows)
    md = subprocess.run([HEXREF, "fixtures", "-v", "mccooey", "--format", "markdown"],
                        capture_output=True, text=True)
    check(md.returncode == 0 and "### \u2705 hexref fixtures:" in md.stdout and
          "Every check passed." in md.stdout and "FAIL" not in md.stdout,
          "fixtures --format markdown: %r" % md.stdout[:200])

    engine = "%s engine -v mccooey -p std" % HEXREF
    mccooey = os.path.join(SOURCE, "tests", "fixtures", "mccooey")
    out = run("identify", ["identify", "-e", engine, "--protocol", "uci", "-v", "mccooey",
                           mccooey], 0, workdir=work)
    check(len(out) > 10 and all(o["profile"] == "std" for o in out),
          "identify: not one check per fixture against the matched profile std")
    run("identify-none", ["identify", "-e", faulty, "-v", "mccooey", mccooey], 1, workdir=work,
        env={"FAULT_FEN": fen_after, "FAULT_DROP": "f8f7"})

    hang = os.path.join(SOURCE, "tests", "verify", "engines", "hang.sh")
    out = run("identify-error", ["identify", "-e", hang, "-v", "mccooey", "--timeout", "1",
                                 mccooey], 1, workdir=work)
    check(len(out) == 1 and out[0]["outcome"] == "error" and "no usable answer" in
          (out[0]["message"] or ""), "identify: an engine that never answers is not one error check: %r" % out)

    out = run("selfcheck", ["selfcheck", "-v", "mccooey", "-n", "1"], 0, workdir=work,
              report=True)
    check(len(out) == 2, "selfcheck: %d checks for mccooey's 2 profiles" % len(out))
    html = html_of("selfcheck", work)
    has("selfcheck", html, ['<p id="summary-counts">2 checks: 2 passed, 0 failed',
                            '<p id="no-findings">'] +
        ['<span>%s</span>' % o["id"] for o in out])
    check(html.count('<tr data-outcome="pass">') == 2, "selfcheck: not 2 passing rows")

    for p in problems:
        print("FAILED: " + p)
    print("results_formats: %d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
