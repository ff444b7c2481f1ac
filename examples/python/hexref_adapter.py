#!/usr/bin/env python3
"""hexref_adapter.py - the two protocols of hexref verify (docs/protocol.md)
around any move generator written in Python. Copy this file next to your
engine and fill in the Engine class, or import serve() as mccooey_engine.py
does.

    script (perftree):  adapter DEPTH HEXFEN [MOVES]
                        with HEXREF_VARIANT and HEXREF_PROFILE set;
                        prints MOVE COUNT lines, a blank line, the total.
    uci:                adapter --uci
                        uci / isready / setoption / position / go perft N.

    hexref verify --engine 'python3 my_adapter.py' -v mccooey -d 3
    hexref verify --engine 'python3 my_adapter.py --uci' --protocol uci -v mccooey -d 3
"""
import os
import sys


class Engine:
    """REPLACE these three methods with calls into your engine."""

    def set_rules(self, variant, profile):
        """Select the variant (shafran, brusky, glinski, mccooey) and the
        profile (std unless told otherwise)."""
        raise NotImplementedError

    def set_position(self, fen, moves):
        """Set up HexFEN `fen` and play `moves` (a list of move texts such
        as 'e2e4' or 'd8d9q'). Raise ValueError for anything you reject."""
        raise NotImplementedError

    def divide(self, depth):
        """[(move_text, leaf_count_below_it), ...] for depth >= 1."""
        raise NotImplementedError


def print_divide(lines, sep):
    """MOVE COUNT (script) or MOVE: COUNT (uci) lines; returns the total."""
    out = ["%s%s %d" % (move, sep, count) for move, count in sorted(lines)]
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))
    return sum(count for _, count in lines)


def run_script(engine, args):
    if len(args) not in (2, 3):
        sys.exit("usage: adapter DEPTH HEXFEN [MOVES]")
    engine.set_rules(os.environ["HEXREF_VARIANT"], os.environ.get("HEXREF_PROFILE", "std"))
    try:
        engine.set_position(args[1], args[2].split() if len(args) == 3 else [])
    except ValueError as err:
        print("error %s" % err)
        return 1
    total = print_divide(engine.divide(int(args[0])), "")
    print("\n%d" % total)
    return 0


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def run_uci(engine):
    rules = {"UCI_Variant": "mccooey", "HexrefProfile": "std"}
    fen, moves = None, []
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            say("id name hexref python adapter")
            say("option name UCI_Variant type string default mccooey")
            say("option name HexrefProfile type string default std")
            say("uciok")
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "setoption" and "value" in words:
            rules[words[2]] = words[words.index("value") + 1]
        elif words[0] == "position":
            cut = words.index("moves") if "moves" in words else len(words)
            fen = " ".join(words[2:cut]) if words[1] == "fen" else None
            moves = words[cut + 1:]
        elif words[:2] == ["go", "perft"]:
            engine.set_rules(rules["UCI_Variant"], rules["HexrefProfile"])
            try:
                engine.set_position(fen, moves)
            except ValueError as err:
                say("error %s" % err)
                continue
            total = print_divide(engine.divide(int(words[2])), ":")
            say("\nNodes searched: %d\n" % total)
        elif words[0] == "quit":
            break
    return 0


def serve(engine):
    args = sys.argv[1:]
    return run_uci(engine) if args == ["--uci"] else run_script(engine, args)


if __name__ == "__main__":
    sys.exit(serve(Engine()))
