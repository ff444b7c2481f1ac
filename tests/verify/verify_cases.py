#!/usr/bin/env python3
"""The end-to-end cases of hexref verify, identify and engine. Each case
runs one hexref command against one engine (hexref itself, the oracle, the
Python example, a planted fault, or a misbehaving fake from engines/) and
checks the exit code, the report and the time it took.

    verify_cases.py --list
    verify_cases.py --hexref BIN --faulty BIN --c-adapter BIN CASE
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, "..", ".."))
ENGINES = os.path.join(HERE, "engines")
PERFTREE = os.path.join(SOURCE, "examples", "hexref-perftree")
PYTHON_EXAMPLE = os.path.join(SOURCE, "examples", "python", "mccooey_engine.py")

VARIANTS = ["shafran", "brusky", "glinski", "mccooey"]
PROFILES = {
    "shafran": ["std", "jocly", "ludii", "cvp", "seed", "neg-glinski-capture",
                "neg-gloss-capture"],
    "brusky": ["std", "seed", "jocly", "ludii", "greenchess", "neg-vcap-ep",
               "neg-ep-victim-by-target", "neg-vcap-moved"],
    "glinski": ["std", "draw", "ludii", "jackson3", "jackson5", "diag-firstmove",
                "neg-mccooey-capture", "neg-promote-rank1"],
    "mccooey": ["std", "ludii", "neg-centre-double", "neg-glinski-capture", "neg-capture-ep"],
}
# Profiles whose move generation is identical: identify cannot tell them apart.
SAME_MOVES = {("shafran", "std"): "std ludii", ("shafran", "ludii"): "std ludii",
              ("glinski", "std"): "std draw ludii", ("glinski", "draw"): "std draw ludii",
              ("glinski", "ludii"): "std draw ludii", ("mccooey", "std"): "std ludii",
              ("mccooey", "ludii"): "std ludii"}


def q(text):
    return shlex.quote(text)


class Ctx:
    def __init__(self, args):
        self.hexref, self.faulty, self.c_adapter = args.hexref, args.faulty, args.c_adapter

    def fen_after(self, variant, moves, fen=None):
        """The HexFEN reached by moves (first line of 'hexref show')."""
        cmd = [self.hexref, "show", "-v", variant, "--moves", moves]
        if fen:
            cmd += ["--fen", fen]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        return out.splitlines()[0].split("   ", 1)[1]

    def fen_of(self, variant, pieces):
        out = subprocess.run([self.hexref, "fen", "-v", variant, pieces], capture_output=True,
                             text=True, check=True).stdout
        return out.strip()


def case(rc=1, expect=(), forbid=(), seconds=60, leftover=None, env=None, cmd="verify",
         prompt=False):
    """seconds: with prompt, a promise under test (the run ends that soon after
    an engine that gives no answer: a hang, a silence, a slow engine against
    --timeout); otherwise only a guard against a hang (the run is killed and
    fails after 3 x seconds + 30). A case's wall time under load is no
    verdict (the ASan run of a9c0cb0's fresh clone, 2026-12-07, took 319 s
    for identify-lenient-not-applicable against a 240 s bound, and passed
    alone)."""
    return {"rc": rc, "expect": list(expect), "forbid": list(forbid), "seconds": seconds,
            "leftover": leftover, "env": env or {}, "cmd": cmd, "prompt": prompt}


# ---------------------------------------------------------------- agreement

def agree_cases():
    cases = {}
    for v in VARIANTS:
        cases["self-script-" + v] = lambda c, v=v: (
            ["-e", PERFTREE, "-v", v, "-d", "3", "--random", "4"],
            case(0, [r"4 passed, 0 failed"]))
        cases["self-script-start-" + v] = lambda c, v=v: (
            ["-e", PERFTREE, "-v", v, "-d", "4"], case(0, [r"initial position: depth 4",
                                                           r"1 passed, 0 failed"]))
        cases["self-uci-" + v] = lambda c, v=v: (
            ["-e", c.hexref + " engine", "--protocol", "uci", "-v", v, "-d", "3",
             "--random", "10", "--fixtures"],
            case(0, [r" 0 failed\n"], [r"^FAIL"]))
        cases["oracle-" + v] = lambda c, v=v: (
            ["-e", PERFTREE, "-v", v, "-d", "2", "--random", "5"],
            case(0, [r"5 passed, 0 failed"], env={"HEXREF_GENERATOR": "oracle"}))
    cases["self-script-fixtures"] = lambda c: (
        ["-e", PERFTREE, "-v", "brusky", "-p", "jocly", "--fixtures"],
        case(0, [r" 0 failed\n"], [r"^FAIL"], seconds=120))
    cases["self-uci-profile"] = lambda c: (
        ["-e", c.hexref + " engine", "--protocol", "uci", "-v", "shafran", "-p", "cvp",
         "-d", "3", "--fixtures"], case(0, [r" 0 failed\n"], [r"^FAIL"]))
    cases["suite"] = lambda c: (
        ["-e", PERFTREE, "-v", "mccooey", "--suite", os.path.join(HERE, "suites", "mccooey-std.epd"),
         "--suite", os.path.join(HERE, "suites", "shafran-std.epd")],
        case(0, [r"ok   .*mccooey-std.epd:\d+ start: depth 3, 33307 nodes",
                 r"skip .*shafran-std.epd: a suite for shafran/std", r"3 passed, 0 failed"]))
    cases["c-adapter-script"] = lambda c: (
        ["-e", c.c_adapter, "-v", "glinski", "-d", "3", "--random", "5"],
        case(0, [r"5 passed, 0 failed"]))
    cases["c-adapter-uci"] = lambda c: (
        ["-e", c.c_adapter + " --uci", "--protocol", "uci", "-v", "brusky", "-p", "jocly",
         "-d", "3", "--random", "5"], case(0, [r"5 passed, 0 failed"]))
    cases["python-example"] = lambda c: (
        ["-e", "python3 " + PYTHON_EXAMPLE, "-v", "mccooey", "-d", "3"],
        case(0, [r"depth 3, 33307 nodes", r"1 passed, 0 failed"]))
    cases["python-example-uci"] = lambda c: (
        ["-e", "python3 " + PYTHON_EXAMPLE + " --uci", "--protocol", "uci", "-v", "mccooey",
         "-d", "2", "--random", "40", "--fixtures"], case(0, [r" 0 failed\n"], [r"^FAIL"],
                                                           seconds=120))
    cases["python-example-identify"] = lambda c: (
        ["-e", "python3 " + PYTHON_EXAMPLE + " --uci", "--protocol", "uci", "-v", "mccooey"],
        case(0, [r"matches: std ludii"], cmd="identify", seconds=120))
    return cases


# ---------------------------------------------------------------- planted faults

def fault(expect_kind, variant, path, move, depth, root=None, root_moves=None, env_key="FAULT_DROP"):
    """A fault planted in the position root + path, found from root (+ root_moves)."""
    def build(c):
        start = c.fen_after(variant, root_moves, root) if root_moves else root
        x = c.fen_after(variant, path, start)
        args = ["-e", c.faulty, "-v", variant, "-d", str(depth)]
        if root:
            args += ["--fen", root]
        if root_moves:
            args += ["--moves", root_moves]
        moves_line = {"FAULT_DROP": r"missing in the engine: " + move + r"\n",
                      "FAULT_ADD": r"extra in the engine:\s+" + move + r"\n",
                      "FAULT_BUMP": r"move:\s+" + move + r"\n"}[env_key]
        return args, case(1, [r"FAIL .*: " + expect_kind, r"position:\s+" + re.escape(x) + r"\n",
                              moves_line, r"0 passed, 1 failed"],
                          env={"FAULT_FEN": x, env_key: move})
    return build


BRUSKY_CASTLING = "r2k4r/pppppppppp/11/12/12/11/PPPPPPPPPP/R4K2R w AIdl - 0 1"


def fault_cases():
    cases = {
        # A move left out two plies down: found from the initial position.
        "fault-drop-mccooey": fault("missing move", "mccooey", "e3e4 c8c7", "f3h5", 3),
        # An illegal king move added three plies below the position after e2e4.
        "fault-add-shafran": fault("extra move", "shafran", "e9e7 d1e2", "e10e8", 3,
                                   root_moves="e2e4", env_key="FAULT_ADD"),
        # A count one too high below e7e5, visible only at depth >= 2.
        "fault-bump-glinski": fault("wrong count", "glinski", "f5f6", "e7e5", 3,
                                    env_key="FAULT_BUMP"),
        # The short castling missing after two pawn moves.
        "fault-castle-brusky": fault("missing move", "brusky", "a2a3 l7l6", "f1h1", 3,
                                     root=BRUSKY_CASTLING),
    }

    def ep(c):
        root = c.fen_of("glinski", "W Kg1 Pe4, B Kg10 Pd5")
        return fault("missing move", "glinski", "e4e6", "d5e5", 2, root=root)(c)
    cases["fault-ep-glinski"] = ep

    def wrapper(c):
        # The brief's wrapper: 'hexref divide' with one line deleted (and the
        # total fixed) in one position, here the root itself.
        x = c.fen_after("mccooey", "e3e5")
        return (["-e", os.path.join(ENGINES, "mangle.py") + " drop", "-v", "mccooey",
                 "--fen", x, "-d", "2"],
                case(1, [r"FAIL .*: missing move", r"position:\s+" + re.escape(x),
                         r"missing in the engine: c8c7\n"],
                     env={"FAULT_FEN": x, "FAULT_DROP": "c8c7"}))
    cases["fault-wrapper-mccooey"] = wrapper
    # hexref itself under a negative control is a faulty engine too.
    cases["neg-uci-mccooey"] = lambda c: (
        ["-e", c.hexref + " engine -p neg-centre-double", "--protocol", "uci", "-v", "mccooey",
         "-d", "3"],
        case(1, [r"FAIL initial position: extra move", r"extra in the engine:\s+f4f6\n"]))
    cases["neg-script-shafran"] = lambda c: (
        ["-e", "env HEXREF_PROFILE=neg-glinski-capture " + PERFTREE, "-v", "shafran",
         "--random", "10", "-d", "2"],
        case(1, [r"FAIL random #\d+ .*: (missing|extra) move", r"(missing|extra) in the engine:"]))
    cases["neg-uci-glinski"] = lambda c: (
        ["-e", c.hexref + " engine -p neg-mccooey-capture", "--protocol", "uci", "-v", "glinski",
         "-d", "4"],
        case(1, [r"FAIL initial position: (missing|extra|missing and extra) moves?",
                 r"path:\s+\S+ \S+ \S+\n"]))
    cases["neg-uci-brusky-fixtures"] = lambda c: (
        ["-e", c.hexref + " engine -p neg-ep-victim-by-target", "--protocol", "uci", "-v",
         "brusky", "--fixtures"],
        case(1, [r"FAIL brusky-ep-.*\[brusky std\]", r"engine's position is not"]))
    return cases


# ---------------------------------------------------------------- misbehaviour

def bad(script, expect, protocol="script", rc=1, seconds=30, leftover=None, extra=(),
        timeout=20):
    """An engine that misbehaves. timeout (--timeout) is 1 s only where the
    misbehaviour is that no answer comes (a hang, a silent handshake, a
    flood of stderr): an engine that does answer, only wrongly, gets 20 s.
    With 1 s for all, a Python engine (0.45-0.65 s a query through the
    pyenv shim under a load of 5, 2026-12-02) came within 2x of the
    deadline, and a loaded machine turned its wrong answer into a timeout,
    failing the case (issue 31)."""
    return lambda c: (
        ["-e", os.path.join(ENGINES, script), "--protocol", protocol, "-v", "mccooey", "-d", "2",
         "--timeout", str(timeout)] + list(extra),
        case(rc, expect, seconds=seconds, leftover=leftover, prompt=timeout < 20))


def misbehaviour_cases():
    return {
        # A failure at depth 2 is asked again at depth 1 (issue 30 D): the
        # hang is the position's own, and that query is a timeout too.
        "bad-timeout": bad("hang.sh", [r"FAIL initial position: timeout at the root: no complete "
                                       r"answer within 1\.0 s",
                                       r"depth:\s+1\b",
                                       r"narrowed:\s+from depth 2 at the root, 1 query: the engine "
                                       r"fails at this position at depth 1 as well"],
                           seconds=10, timeout=1),
        # Three timeouts in a row: the first check's two (depth 2, then 1)
        # and the second check's, where the narrowing stops and says so.
        "bad-timeout-gives-up": bad("hang.sh", [r"0 passed, 2 failed",
                                                r"narrowed:\s+from depth 2 at the root, 0 queries: "
                                                r"narrowing stopped at this position",
                                                r"stopped: the engine timed out on 3 queries"],
                                    seconds=15, extra=["--random", "20"], timeout=1),
        "bad-crash": bad("crash.sh", [r"engine failure", r"signal 11"]),
        "bad-exit": bad("exit3.sh", [r"engine failure", r"exited with status 3\n"]),
        "bad-garbage": bad("garbage.sh", [r"output line 1: 'Welcome to MyEngine 1\.0'"]),
        "bad-truncated": bad("truncated.sh", [r"output ended without the blank line"]),
        "bad-huge": bad("huge.sh", [r"printed more than 1048576 bytes"], seconds=10),
        "bad-stderr-flood": bad("stderr-flood.sh", [r"no complete answer", r"stderr:\s+debug"],
                                seconds=10, timeout=1),
        "bad-straggler": bad("straggler.sh", [r"output stayed open"], seconds=10,
                             leftover="sleep 347", timeout=3),
        "bad-detached": bad("detached.sh", [r"1 passed, 0 failed"], rc=0, leftover="sleep 348"),
        "bad-duplicate": bad("mangle.py dup", [r"duplicate move", r"c1c2 is listed 2 times",
                                               r"\*c1c2"]),
        "bad-notation": bad("mangle.py notation", [r"unparsable move", r"'c1-c2 31'"]),
        "bad-total": bad("mangle.py badtotal", [r"total inconsistent",
                                                r"total 948 disagrees with the sum of its lines 947"]),
        "bad-uci-lines-in-script": bad("mangle.py colon", [r"unparsable output", r"'c1c2: 31'"]),
        "bad-not-found": bad("no-such-engine", [r"status 127 \(command not found\?\)"]),
        "bad-uci-silent": bad("uci_fake.py silent", [r"FAIL engine start", r"waiting for 'uciok'"],
                              protocol="uci", seconds=10, timeout=1),
        "bad-uci-hang": bad("uci_fake.py hang", [r"no complete answer within 1\.0 s",
                                                 r"0 passed, 2 failed"], protocol="uci",
                            seconds=15, extra=["--random", "2"], timeout=1),
        "bad-uci-crash": bad("uci_fake.py crash", [r"signal 11", r"0 passed, 2 failed"],
                             protocol="uci", extra=["--random", "2"]),
        "bad-uci-garbage": bad("uci_fake.py garbage", [r"'bestmove c1c2'"], protocol="uci"),
        # The readiness sync and the query have a deadline each: a readyok
        # and an answer 2 s late each fit a 3 s --timeout (one deadline for
        # both reported a timeout, and under load a closed output).
        "bad-uci-slow": bad("uci_fake.py slow", [r"the engine answered: error slow but in time"],
                            protocol="uci", seconds=60, timeout=3),
    }


# ---------------------------------------------------------------- narrowed failures

def narrowed(variant, path, depth, mode, expect, root=None):
    """An engine that fails (FAULT_FAIL=mode) only where its tree reaches
    the position root + path with depth to go: verify must name that
    position and path at depth 1, not the root at depth (issue 30 D)."""
    def build(c):
        x = c.fen_after(variant, path, root)
        args = ["-e", c.faulty, "-v", variant, "-d", str(depth)]
        if root:
            args += ["--fen", root]
        return args, case(1, [r"FAIL .*: engine failure after " + re.escape(path) +
                              r" at depth 1 \(narrowed from depth %d\)" % depth,
                              r"path:\s+" + re.escape(path) + r"\n",
                              r"position:\s+" + re.escape(x) + r"\n",
                              r"depth:\s+1\b",
                              r"narrowed:\s+from depth %d at the root, \d+ queries" % depth]
                          + list(expect), env={"FAULT_FEN": x, "FAULT_FAIL": mode})
    return build


def narrow_cases():
    kit_fail = os.path.join(ENGINES, "kit_fail.py")

    def uci_traceback(c):
        # A kit engine in uci mode that dies of an uncaught exception below
        # e3e4 c8c7, after 8 KB of chatter on stderr: the finding is narrowed
        # (the session restarts the engine after every crash) and its stderr
        # ends in the traceback's last line (only its start was kept before).
        x = c.fen_after("mccooey", "e3e4 c8c7")
        return (["-e", "python3 " + kit_fail + " --uci", "--protocol", "uci", "-v", "mccooey",
                 "-d", "3"],
                case(1, [r"FAIL initial position: engine failure after e3e4 c8c7 at depth 1 "
                         r"\(narrowed from depth 3\)", r"position:\s+" + re.escape(x) + r"\n",
                         r"\[\.\.\. \d+ lines \.\.\.\]",
                         r"^\s+AssertionError: Board doesn't have a king\n"],
                     seconds=120, env={"FAULT_FEN": x, "KIT_FAIL_NOISE": "150"}))

    def uci_traceback_json(c):
        args, spec = uci_traceback(c)
        # the root's failure at depth 1 (no narrowing): the tail is kept all the same
        args = ["-e", "python3 " + kit_fail + " --uci", "--protocol", "uci", "-v", "mccooey",
                "--fen", c.fen_after("mccooey", "e3e4 c8c7"), "-d", "1", "--format", "json"]
        spec["expect"] = [r'"stderr":"debug: line 0 .*bytes of stderr left out.*'
                          r"AssertionError: Board doesn't have a king\\n\"",
                          r'"narrowing":null']
        return args, spec

    return {
        # An engine error two plies below the root of a depth-3 query.
        "narrow-error-mccooey": narrowed("mccooey", "e3e4 c8c7", 3, "error",
                                         [r"what:\s+the engine answered: error Board doesn't "
                                          r"have a king\n", r"ValueError: Board doesn't"]),
        # A crash three plies below the root of a depth-4 query (shafran).
        "narrow-crash-shafran": narrowed("shafran", "e2e4 e9e7 d1e2", 4, "crash",
                                         [r"signal 11", r"bad square, dying"]),
        # Slow at depth >= 3 only: from depth 4 the first child at depth 3
        # times out and every grandchild at depth 2 answers; from depth 3
        # every child answers, and the finding says so at the root.
        "narrow-timeout-depth4": lambda c: (
            ["-e", c.faulty, "-v", "mccooey", "-d", "4", "--timeout", "1"],
            case(1, [r"FAIL initial position: timeout after c1c2 at depth 3 \(narrowed from depth 4\)",
                     r"narrowed:\s+from depth 4 at the root, \d+ queries: every child at depth 2 "
                     r"answered \(\d+ moves\): the engine fails at this position at depth 3\n"],
                 seconds=60, env={"FAULT_SLOW": "3"}, prompt=True)),
        "narrow-timeout-depth3": lambda c: (
            ["-e", c.faulty, "-v", "mccooey", "-d", "3", "--timeout", "1"],
            case(1, [r"FAIL initial position: timeout at the root: no complete answer",
                     r"depth:\s+3\b",
                     r"narrowed:\s+from depth 3 at the root, \d+ queries: every child at depth 2 "
                     r"answered \(\d+ moves\): the engine fails at this position at depth 3\n"],
                 seconds=60, env={"FAULT_SLOW": "3"}, prompt=True)),
        # Two suite lines whose trees reach the failing position: narrowed,
        # both name it, and they are one finding (the public engine's "Board
        # doesn't have a king" on 19 suite lines).
        "narrow-suite-grouped": lambda c: (
            ["-e", c.faulty, "-v", "mccooey", "--suite",
             os.path.join(HERE, "suites", "narrow", "mccooey-std.epd")],
            case(1, [r"FAIL .*mccooey-std.epd:\d+ start: engine failure after e3e4 c8c7 at depth 1 "
                     r"\(narrowed from depth 3\)",
                     r"FAIL .*mccooey-std.epd:\d+ after-e3e4: engine failure after c8c7 at depth 1 "
                     r"\(narrowed from depth 2\).*\n  the same finding as .*start",
                     r"0 passed, 2 failed \(1 distinct finding\)"],
                 env={"FAULT_FEN": c.fen_after("mccooey", "e3e4 c8c7"), "FAULT_FAIL": "error"})),
        "narrow-uci-traceback": uci_traceback,
        "narrow-uci-traceback-json": uci_traceback_json,
    }


# ---------------------------------------------------------------- identify

def identify_cases():
    cases = {}
    for v, profiles in PROFILES.items():
        for p in profiles:
            want = SAME_MOVES.get((v, p), p)
            first = want.split()[0]
            # named, and its row clean: nothing differing, no bug, no error
            cases["identify-%s-%s" % (v, p)] = lambda c, v=v, p=p, want=want, first=first: (
                ["-e", "%s engine -v %s -p %s" % (c.hexref, v, p), "--protocol", "uci", "-v", v],
                case(0, [r"\nmatches: " + re.escape(want) + r"(\s|$)",
                         r"^\d+ %s fixtures, each run under \d+ profiles: [1-9]\d* tell the "
                         r"profiles apart" % v,
                         r"^  %s +[1-9]\d* +0 +0 +0 +\d+ +0   <- matches$" % re.escape(first)],
                     [r"matches: none"], cmd="identify", seconds=240))
    cases["identify-script-jocly"] = lambda c: (
        ["-e", PERFTREE, "-v", "shafran"],
        case(0, [r"\nmatches: jocly\n", r"^[1-9]\d* skipped: [1-9]\d* status-only \(engine gives "
                 r"no status\)"], cmd="identify", seconds=240,
             env={"HEXREF_PROFILE": "jocly"}))

    def none(c):
        x = c.fen_after("mccooey", "f4f5")
        return (["-e", c.faulty, "-v", "mccooey"],
                case(1, [r"matches: none, closest std: differs on \d+ of \d+ fixtures that tell "
                         r"the profiles apart: .*mccooey-",
                         r"where the engine differs from std \(\d+ fixtures?\):\n  mccooey-\S+, "
                         r"run under \S+  \(\S+\.fix:\d+\)\n    query: \S+",
                         r"\n      engine: +fail\n", r"\n      reference: +pass\n"],
                     [r"matches: neg-", r"<- matches"],
                     cmd="identify", seconds=240, env={"FAULT_FEN": x, "FAULT_DROP": "f8f7"}))
    cases["identify-none"] = none
    # Issue 14: an engine that accepts a position the pinned reference rejects
    # (Jocly takes Ludii's mirrored setup under its own rules) still matches.
    cases["identify-lenient-not-applicable"] = lambda c: (
        ["-e", os.path.join(ENGINES, "lenient.sh"), "-v", "brusky"],
        case(0, [r"\nmatches: jocly\n", r"jocly +\d+ +0 +0 +0 +[1-9]\d* +\d+ +<- matches"],
             cmd="identify", seconds=240,
             env={"LENIENT_PROFILE": "jocly", "LENIENT_FALLBACK": "ludii"}))
    cases["identify-hang"] = lambda c: (
        ["-e", os.path.join(ENGINES, "hang.sh"), "-v", "mccooey", "--timeout", "1"],
        case(1, [r"gave no usable answer", r"no complete answer within 1\.0 s"], cmd="identify",
             seconds=30))
    # An engine whose castling keeps a pending e.p. right (Jocly's Shafran bug)
    # fails the castling fixtures of the state-transition family.
    cases["identify-stale-ep"] = lambda c: (
        ["-e", "python3 %s --uci" % os.path.join(ENGINES, "stale_ep.py"), "--protocol", "uci", "-v", "shafran",
         os.path.join(SOURCE, "tests", "fixtures", "shafran", "transitions.fix")],
        case(1, [r"matches: none, closest std: differs on \d+ of \d+ fixtures that tell the "
                 r"profiles apart: shafran-trans-\w+-castle-",
                 # issue 30 item 1: verify's lists and its HexFEN-alone verdict
                 r"after \w+ the engine's position is not \S+ \S+ \S+ \S+ \d+ \d+: its depth-2 "
                 r"divide has counts: \w+ \d+, the reference \d+",
                 r"with the HexFEN alone it is right: generation is right, playing \w+ is not"],
             [r"matches: neg-", r"<- matches"], cmd="identify", seconds=120))

    # Issue 30: engines with a bug of their own that is no reading must come
    # out closest to std, never named (nor closest to) a negative control.
    def planted(bug, variant, expect, seconds=240):
        return lambda c: (
            ["-e", "python3 " + os.path.join(ENGINES, "planted.py") + " --uci", "--protocol", "uci",
             "-v", variant, "--timeout", "120"],
            case(1, [r"^matches: none, closest std: "] + expect,
                 [r"matches: neg-", r"closest neg-", r"<- matches"], cmd="identify",
                 seconds=seconds, env={"PLANTED_BUG": bug}))
    answered_none = r"on \d+ of them the engine's answers are no profile's: engine bugs"
    # a missing double step: its fixtures' answers are no profile's (the
    # capture fixtures it breaks do not make it look like neg-mccooey-capture)
    # (b1: the pattern ranking named this engine closest to neg-promote-rank1)
    cases["identify-planted-double-step"] = planted(
        "double-step:b1", "glinski",
        [r"differs on \d+ of \d+ fixtures that tell the profiles apart: .*glinski-ep-white-b1b3",
         answered_none, r"differs on 1 fixture that all profiles agree on \(engine bugs, not a "
         r"reading\): glinski-pawn-white-b1-free"])
    # a double step allowed where no reading has one, in the variant whose
    # negative control is a double step (neg-centre-double)
    cases["identify-planted-allow-double"] = planted(
        "allow-double:e5", "mccooey",
        [r"differs on \d+ of \d+ fixtures that tell the profiles apart", answered_none,
         r"differs on \d+ fixtures? that all profiles agree on \(engine bugs, not a reading\)"])
    # an engine that sets up no position but the initial one: its errors are
    # counted apart, not as differences from every reading
    for v in ("mccooey", "brusky"):
        cases["identify-planted-reject-setup-" + v] = planted(
            "reject-setup", v,
            [r"its reading on every fixture that tells the profiles apart and that the engine "
             r"answered \([1-9]\d* of \d+\)",
             r"no usable answer on [1-9]\d* fixtures \(engine errors or rejected positions",
             r"^[1-9]\d* with an engine error or a rejected position",
             r"^  std +[1-9]\d* +0 +0 +[1-9]\d* +\d+ +0$"])
    # right on every move, wrong on a status rule (stalemate): an engine bug
    # on a fixture all profiles agree on
    cases["identify-planted-stalemate"] = planted(
        "stalemate", "mccooey",
        [r"its reading on all [1-9]\d* fixtures that tell the profiles apart;",
         r"differs on 1 fixture that all profiles agree on \(engine bugs, not a reading\): "
         r"mccooey-s\d+-stalemate"])
    cases["identify-planted-none"] = lambda c: (
        ["-e", "python3 " + os.path.join(ENGINES, "planted.py") + " --uci", "--protocol", "uci", "-v",
         "mccooey"],
        case(0, [r"\nmatches: std ludii(\s|$)"], cmd="identify", seconds=240,
             env={"PLANTED_BUG": "none"}))
    cases["identify-stable-counts"] = stable_counts
    return cases


def stable_counts(c):
    """Issue 30 item 3: every fixture is counted once per profile whatever the
    engine does: the same fixture count for an engine with status, one
    without (its status-only fixtures named as skipped) and one that fails
    nearly everything, and each row of the table adds up to it."""
    runs = [["-e", "%s engine -v mccooey" % c.hexref, "--protocol", "uci"],
            ["-e", PERFTREE],
            ["-e", "python3 " + os.path.join(ENGINES, "planted.py") + " --uci", "--protocol", "uci"]]
    env = dict(os.environ, HEXREF=engine_hexref(c), PLANTED_BUG="reject-setup")
    problems, totals = [], []
    for args in runs:
        out = subprocess.run([c.hexref, "identify", "-v", "mccooey"] + args, capture_output=True,
                             text=True, env=env, timeout=600).stdout
        m = re.search(r"^(\d+) mccooey fixtures, each run under (\d+) profiles", out, re.M)
        if not m:
            problems.append("%s: no header" % args[1])
            continue
        total = int(m.group(1))
        totals.append(total)
        rows = re.findall(r"^  (\S+) +(\d+) +(\d+) +(\d+) +(\d+) +(\d+) +(\d+)", out, re.M)
        if len(rows) != int(m.group(2)):
            problems.append("%s: %d table rows for %s profiles" % (args[1], len(rows), m.group(2)))
        for row in rows:
            if sum(map(int, row[1:])) != total:
                problems.append("%s: row %s adds up to %d, not %d" % (args[1], row[0],
                                                                      sum(map(int, row[1:])), total))
        if args[1] == PERFTREE and not re.search(
                r"^([1-9]\d*) skipped: \1 status-only \(engine gives no status\)$", out, re.M):
            problems.append("the script engine's status-only skips are not named")
    if len(set(totals)) != 1 or len(totals) != len(runs):
        problems.append("fixture counts differ by engine: %s" % totals)
    return problems


ALL = {}
for group in (agree_cases(), fault_cases(), misbehaviour_cases(), narrow_cases(),
              identify_cases()):
    ALL.update(group)


# ---------------------------------------------------------------- running

# Each run marks its environment with a token of its own, inherited by
# hexref, the engine and anything the engine starts; a leftover is a live
# process carrying the token. (A machine-wide `ps` also saw the processes
# of another suite running the same case at the same time.)
RUN_TOKEN = "HEXREF_VERIFY_RUN"


def leftovers(pattern, token):
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/environ" % pid, "rb") as f:
                environ = f.read().split(b"\0")
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                args = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:  # gone, or not ours to read
            continue
        if ("%s=%s" % (RUN_TOKEN, token)).encode() in environ and args.startswith(pattern):
            found.append("%s: %s" % (pid, args))
    return found


def engine_hexref(ctx):
    """The hexref that script engines run (HEXREF: examples/hexref-perftree,
    engines/*.sh), one process per query: HEXREF_ENGINE_BINARY when set, else
    the hexref under test. ci/test's ASan stage sets it to the Release build:
    the sanitizers check the harness, and an outside engine is not
    sanitized, while identify through a script engine starts about 850 of
    them, 0.07 to 0.12 s each when built with ASan and LeakSanitizer
    (verify_identify-lenient-not-applicable took 162 s of the ASan stage)."""
    return os.environ.get("HEXREF_ENGINE_BINARY") or ctx.hexref


def run(ctx, name):
    if ALL[name] is stable_counts:
        problems = stable_counts(ctx)
        for p in problems:
            print("FAILED: " + p)
        print("ok" if not problems else "")
        return 1 if problems else 0
    args, spec = ALL[name](ctx)
    argv = [ctx.hexref, spec["cmd"]] + args
    token = "%d-%d-%s" % (os.getpid(), time.monotonic_ns(), name)
    env = dict(os.environ, HEXREF=engine_hexref(ctx), **spec["env"], **{RUN_TOKEN: token})
    print("$ " + " ".join(q(a) for a in argv))
    for k, val in spec["env"].items():
        print("  with %s=%s" % (k, val))
    start = time.monotonic()
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, env=env,
                              timeout=spec["seconds"] * 3 + 30)
    except subprocess.TimeoutExpired:
        print("FAILED: hexref %s hung" % spec["cmd"])
        return 1
    took = time.monotonic() - start
    print(proc.stdout + proc.stderr)
    problems = []
    if (proc.returncode == 0) != (spec["rc"] == 0):
        problems.append("exit code %d, expected %s" % (proc.returncode,
                                                        "0" if spec["rc"] == 0 else "non-zero"))
    for pattern in spec["expect"]:
        if not re.search(pattern, proc.stdout, re.M):
            problems.append("report lacks /%s/" % pattern)
    for pattern in spec["forbid"]:
        if re.search(pattern, proc.stdout, re.M):
            problems.append("report has /%s/" % pattern)
    if spec["prompt"] and took > spec["seconds"]:
        problems.append("took %.1f s, more than %d s" % (took, spec["seconds"]))
    if spec["leftover"]:
        time.sleep(0.2)
        left = leftovers(spec["leftover"], token)
        if left:
            problems.append("left running: %s" % left)
    print("time: %.2f s" % took)
    for p in problems:
        print("FAILED: " + p)
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--hexref")
    parser.add_argument("--faulty")
    parser.add_argument("--c-adapter")
    parser.add_argument("case", nargs="?")
    args = parser.parse_args()
    if args.list:
        print(";".join(sorted(ALL)))
        return 0
    return run(Ctx(args), args.case)


if __name__ == "__main__":
    sys.exit(main())
