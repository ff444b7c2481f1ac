#!/usr/bin/env python3
"""A uci engine that misbehaves in one way (argv[1]), for the tests of
hexref verify:
  silent    reads commands and never answers (no uciok)
  hang      completes the handshake, never answers 'go perft'
  crash     answers one move line of 'go perft', then dies of SIGSEGV
  garbage   answers 'go perft' with 'bestmove c1c2' and a node count
  slow      answers isready and 'go perft' (with an error line) 2 s late
            each: within a 3 s --timeout per query, not within one
            deadline for the sync and the query together
"""
import os
import signal
import sys
import time


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main():
    mode = sys.argv[1]
    for line in sys.stdin:
        cmd = line.split()
        if not cmd or mode == "silent":
            continue
        if cmd[0] == "uci":
            say("id name fake-" + mode)
            say("uciok")
        elif cmd[0] == "isready":
            if mode == "slow":
                time.sleep(2)
            say("readyok")
        elif cmd[0] == "quit":
            return 0
        elif cmd[0] == "go" and mode == "crash":
            say("c1c2: 1")
            os.kill(os.getpid(), signal.SIGSEGV)
        elif cmd[0] == "go" and mode == "slow":
            time.sleep(2)
            say("error slow but in time")
        elif cmd[0] == "go" and mode == "garbage":
            say("info depth 1")
            say("bestmove c1c2")
            say("Nodes searched: 1")
    return 0


if __name__ == "__main__":
    sys.exit(main())
