#!/usr/bin/env python3
"""kit_fail.py - an engine on the Python adapter kit (examples/kit/python)
that plays by hexlib (tests/fixtures/gen/hexlib.py) but dies of an
uncaught exception (a multi-line Python traceback on stderr, and in uci
mode the end of the engine's process) whenever its perft reaches the
position $FAULT_FEN with depth to go: an engine that fails only deep in
the tree, for the narrowing of engine failures (issue 30 D). The kit
itself answers every exception as an error line and serves on, so the
engine prints the traceback and exits by itself, as an engine that does not
use the kit's loop would.
  KIT_FAIL_NOISE=N  N lines of debug output on stderr before each answer
                    (the traceback comes after them: only the tail has it)
  KIT_FAIL_CATCH=1  the exception is caught: its traceback goes to stderr,
                    then the kit answers 'error ...' (the engine lives on)"""
import os
import sys
import traceback

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(SOURCE, "examples", "kit", "python"))
sys.path.insert(0, os.path.join(SOURCE, "tests", "fixtures", "gen"))
import hexkit  # noqa: E402
from hexlib import Pos, Rules  # noqa: E402

FAULT = os.environ.get("FAULT_FEN", "")


def walk(rules, pos, depth):
    if depth >= 1 and pos.fen() == FAULT:
        board_check(pos)
    if depth == 0:
        return 1
    return sum(walk(rules, rules.make(pos, m), depth - 1) for m in rules.legal(pos))


def board_check(pos):
    raise AssertionError("Board doesn't have a king")


def divide(query):
    for i in range(int(os.environ.get("KIT_FAIL_NOISE", "0"))):
        sys.stderr.write("debug: line %d of the engine's chatter before its answer\n" % i)
    sys.stderr.flush()
    try:
        return answer(query)
    except AssertionError as err:
        traceback.print_exc()
        sys.stderr.flush()
        if not os.environ.get("KIT_FAIL_CATCH"):
            # The kit answers any exception as an error line and serves on;
            # this engine dies as one without that protection would.
            os._exit(1)
        raise ValueError(str(err)) from err


def answer(query):
    rules = Rules(query["variant"], query["profile"])
    pos = Pos.from_fen(query["variant"], query["fen"])
    for text in query["moves"]:
        pos = rules.play(pos, text)
    if query["depth"] >= 1 and pos.fen() == FAULT:
        board_check(pos)
    return [(rules.text(m), walk(rules, rules.make(pos, m), query["depth"] - 1))
            for m in rules.legal(pos)]


if __name__ == "__main__":
    sys.exit(hexkit.serve(divide, "kit_fail.py"))
