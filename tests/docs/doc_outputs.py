#!/usr/bin/env python3
"""doc_outputs.py - output shown in examples/README.md, regenerated and compared.

Docs are claims: the identify table of "Minute 5" is an output the reader will
compare with their own. This runs the command shown there (with the engine
named by the README's own `E=...` line) and checks that every line of the
shown block other than `...` is a line of the real output, in the same order,
so that a change to identify's output or to the fixtures fails here until the
README is regenerated (run this with --print to see what it should say).

usage: doc_outputs.py EXAMPLES_README HEXREF [--print]
"""
import os
import re
import shlex
import subprocess
import sys

COMMAND = '$ hexref identify -e "$E" --protocol uci -v mccooey'


def shown_block(readme_text):
    """The lines of the ``` block that starts with COMMAND, without it."""
    lines = readme_text.splitlines()
    for i, line in enumerate(lines):
        if line.strip() == COMMAND:
            block = []
            for later in lines[i + 1:]:
                if later.startswith("```"):
                    return block
                block.append(later.rstrip())
            raise SystemExit("doc_outputs: the block of '%s' never ends" % COMMAND)
    raise SystemExit("doc_outputs: examples/README.md no longer shows '%s'" % COMMAND)


def engine_command(readme_text):
    match = re.search(r"^E='([^']+)'", readme_text, re.M)
    if not match:
        raise SystemExit("doc_outputs: examples/README.md defines no E='...' engine")
    return match.group(1)


def main():
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__)
    readme, hexref = sys.argv[1], sys.argv[2]
    root = os.path.dirname(os.path.dirname(os.path.abspath(readme)))
    text = open(readme, encoding="utf-8").read()
    argv = [hexref] + shlex.split(COMMAND[len("$ hexref "):].replace('"$E"', shlex.quote(engine_command(text))))
    run = subprocess.run(argv, cwd=root, capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        raise SystemExit("doc_outputs: %s exited %d:\n%s%s" % (argv, run.returncode, run.stdout, run.stderr))
    output = [line.rstrip() for line in run.stdout.splitlines()]
    if len(sys.argv) == 4:
        print("\n".join(output))
        return
    shown = [line for line in shown_block(text) if line.strip() != "..."]
    if not shown:
        raise SystemExit("doc_outputs: the block of '%s' shows nothing to check" % COMMAND)
    at = 0
    for line in shown:
        try:
            at = output.index(line, at) + 1
        except ValueError:
            raise SystemExit("doc_outputs: examples/README.md shows\n  %s\nwhich the run does not print "
                             "(in this order); the run prints:\n%s" % (line, "\n".join(output)))
    print("doc_outputs: %d shown lines of '%s' match the run" % (len(shown), COMMAND))


if __name__ == "__main__":
    main()
