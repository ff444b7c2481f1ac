#!/usr/bin/env python3
"""toy_engine.py HEXREF [--uci] - an engine with legal moves and no perft,
served by the Python kit's divide_from_moves: its "move generator" is
`hexref moves` and its status `hexref show`, so that what the test judges is
the kit's plumbing (perft and divide from moves, the moves of the query
played first, status answers, errors), not the rules.
TOY_FAULT in the environment plants a bug: drop:MOVE (the generator never
lists MOVE), raise:MOVE (a KeyError once MOVE has been played),
status:WORD (every status answer is WORD).
TOY_HISTORY=1 makes it an engine that sets up no position: it starts only
from its own initial position (divide_from_history), as hexref --history
asks it.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "examples", "kit", "python"))
import hexkit  # noqa: E402

HEXREF = sys.argv.pop(1)
FAULT = os.environ.get("TOY_FAULT", ":").split(":", 1)
HISTORY = os.environ.get("TOY_HISTORY") == "1"


def run(*args):
    return subprocess.run([HEXREF, *args], check=True, capture_output=True, text=True).stdout


def setup(query):
    return (query["variant"], query["profile"], query["fen"], ())


def new_game(query):
    """The profile's own initial position (no HexFEN: hexref's start of -p)."""
    return (query["variant"], query["profile"], None, ())


def at(fen):
    return ["--fen", fen] if fen else []


def legal_moves(state):
    variant, profile, fen, played = state
    if FAULT[0] == "raise" and FAULT[1] in played:
        raise KeyError("no such square " + FAULT[1])
    moves = run("moves", "-v", variant, "-p", profile, *at(fen), "--moves", " ".join(played)).split()
    return [m for m in moves if not (FAULT[0] == "drop" and m == FAULT[1])]


def play(state, move):
    return state[:3] + (state[3] + (move,),)


def status(query):
    if FAULT[0] == "status":
        return FAULT[1]
    variant, profile = query["variant"], query["profile"]
    fen = None if HISTORY else query["fen"]
    shown = run("show", "-v", variant, "-p", profile, *at(fen), "--moves", " ".join(query["moves"]))
    line = next(l for l in shown.splitlines() if l.startswith("status:"))
    return line.split()[1].rstrip(";")


divide = (hexkit.divide_from_history(new_game, legal_moves, play) if HISTORY
          else hexkit.divide_from_moves(setup, legal_moves, play))
sys.exit(hexkit.serve(divide, "toy", status))
