#!/usr/bin/env python3
"""A script-protocol engine that wraps examples/hexref-perftree and breaks
its output in one way (argv[1]), for the tests of hexref verify:
  dup       the first move line twice (and the total counting it twice)
  notation  moves written c1-c2 instead of c1c2
  badtotal  a total one more than the sum of the lines
  colon     uci-style 'c1c2: 1' lines in the script protocol
  drop      no line for $FAULT_DROP (total fixed) when the position reached
            is $FAULT_FEN (found with 'hexref show'), else a correct answer
  drop-moved  the same, but only when moves were played to reach it: with the
            HexFEN alone the answer is right (a make/unmake bug)
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PERFTREE = os.path.join(HERE, "..", "..", "..", "examples", "hexref-perftree")


def position_reached(args):
    """HexFEN of HEXFEN + MOVES, from the first line of 'hexref show'."""
    cmd = [os.environ.get("HEXREF", "hexref"), "show", "-v", os.environ["HEXREF_VARIANT"],
           "-p", os.environ.get("HEXREF_PROFILE", "std"), "--fen", args[1]]
    if len(args) > 2:
        cmd += ["--moves", args[2]]
    first = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()[0]
    return first.split("   ", 1)[1]


def main():
    mode, args = sys.argv[1], sys.argv[2:]
    out = subprocess.run([PERFTREE] + args, capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(out.stderr)
        return out.returncode
    text = out.stdout.rstrip("\n")
    lines, total = text.split("\n\n")[0].split("\n"), int(text.split("\n")[-1])
    lines = [l for l in lines if l]
    if mode == "dup":
        lines.insert(0, lines[0])
        total += int(lines[0].split()[1])
    elif mode == "notation":
        lines = [l[:2] + "-" + l[2:] if l[2].isalpha() else l[:3] + "-" + l[3:] for l in lines]
    elif mode == "badtotal":
        total += 1
    elif mode == "colon":
        lines = [l.replace(" ", ": ") for l in lines]
    elif (mode == "drop" or (mode == "drop-moved" and len(args) > 2)) and \
            position_reached(args) == os.environ["FAULT_FEN"]:
        kept = [l for l in lines if l.split()[0] != os.environ["FAULT_DROP"]]
        total -= sum(int(l.split()[1]) for l in lines if l not in kept)
        lines = kept
    print("\n".join(lines) + "\n\n" + str(total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
