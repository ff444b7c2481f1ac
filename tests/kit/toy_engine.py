#!/usr/bin/env python3
"""toy_engine.py HEXREF [--uci] - an engine with legal moves and no perft,
served by the Python kit's divide_from_moves: its "move generator" is
`hexref moves` and its status `hexref show`, so that what the test judges is
the kit's plumbing (perft and divide from moves, the moves of the query
played first, status answers, errors), not the rules.
TOY_FAULT in the environment plants a bug: drop:MOVE (the generator never
lists MOVE), raise:MOVE (a KeyError once MOVE has been played),
status:WORD (every status answer is WORD).
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "examples", "kit", "python"))
import hexkit  # noqa: E402

HEXREF = sys.argv.pop(1)
FAULT = os.environ.get("TOY_FAULT", ":").split(":", 1)


def run(*args):
    return subprocess.run([HEXREF, *args], check=True, capture_output=True, text=True).stdout


def setup(query):
    return (query["variant"], query["profile"], query["fen"], ())


def legal_moves(state):
    variant, profile, fen, played = state
    if FAULT[0] == "raise" and FAULT[1] in played:
        raise KeyError("no such square " + FAULT[1])
    moves = run("moves", "-v", variant, "-p", profile, "--fen", fen, "--moves", " ".join(played)).split()
    return [m for m in moves if not (FAULT[0] == "drop" and m == FAULT[1])]


def play(state, move):
    return state[:3] + (state[3] + (move,),)


def status(query):
    if FAULT[0] == "status":
        return FAULT[1]
    variant, profile, fen = query["variant"], query["profile"], query["fen"]
    shown = run("show", "-v", variant, "-p", profile, "--fen", fen, "--moves", " ".join(query["moves"]))
    line = next(l for l in shown.splitlines() if l.startswith("status:"))
    return line.split()[1].rstrip(";")


sys.exit(hexkit.serve(hexkit.divide_from_moves(setup, legal_moves, play), "toy", status))
