#!/usr/bin/env python3
"""readme_examples.py - the README's hexref commands, run as written.

Docs are claims: every `hexref ...` line of a ```sh block in README.md runs
here, with the built hexref first on PATH, in a scratch directory that sees
the repository's examples/ and perft-suites/ (the README runs from the
repository root) and a ./my-engine (MY_ENGINE), in README order (a later line may read what an earlier
one wrote). Each must exit 0, and a trailing comment that states a result
is checked against the output:

  # 217683                    the count is the last line of stdout
  # 'N passed, N failed'      the run ends with that summary
  # prints the path of ...    (any other comment is prose, not checked)

The few lines that cannot run here are listed in NOT_RUN with the reason; an
entry that matches no README line is an error (the README changed under it),
and so is a README with no example left to run.

usage: readme_examples.py README.md HEXREF
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Lines that cannot run in a test, by their command text, each with why.
NOT_RUN = {
    "hexref perft -v glinski --threads 2 --hash 256 7":
        "Gliński perft 7 is 1.2e12 leaves: minutes to hours (perft-suites/README.md)",
    "hexref selfcheck --seconds 60 --seed 7":
        "a minute of games; ctest selfcheck_long_games plays the same kind of games, a fixed number of them",
}

# './my-engine' in the README stands for the reader's engine; here it is
# hexref itself, so that those lines run as written: its uci engine when
# started without arguments (the uci protocol), else the script-protocol
# example.
MY_ENGINE = """#!/bin/sh
if [ $# -eq 0 ]; then exec hexref engine; fi
exec examples/hexref-perftree "$@"
"""

TIMEOUT = 300  # seconds for one example (fixtures, bench and gen take the longest)


def examples(readme):
    """(line number, command, comment) of every hexref line in ```sh blocks."""
    found, in_sh = [], False
    with open(readme, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            stripped = line.strip()
            if stripped.startswith("```"):
                in_sh = not in_sh and stripped == "```sh"
                continue
            if not in_sh or not re.match(r"(sudo )?hexref ", stripped):
                continue
            command, _, comment = stripped.partition(" #")
            found.append((number, command.strip(), comment.strip()))
    return found


def check(command, comment, proc):
    """The problems of one run, [] if none."""
    problems = []
    if proc.returncode != 0:
        problems.append("exit code %d" % proc.returncode)
    lines = proc.stdout.splitlines()
    if re.fullmatch(r"[0-9,]+", comment):
        want = comment.replace(",", "")
        if not lines or lines[-1].strip() != want:
            problems.append("last line %r, the README says %s"
                            % (lines[-1] if lines else "", want))
    elif "'N passed, N failed'" in comment:
        if not lines or not re.fullmatch(r"\d+ passed, 0 failed", lines[-1].strip()):
            problems.append("last line %r is not 'N passed, 0 failed'"
                            % (lines[-1] if lines else ""))
    return problems


def scratch_dir(repo):
    work = tempfile.mkdtemp(prefix="hexref-readme-")
    for name in ("examples", "perft-suites"):
        os.symlink(os.path.join(repo, name), os.path.join(work, name))
    engine = os.path.join(work, "my-engine")
    with open(engine, "w") as f:
        f.write(MY_ENGINE)
    os.chmod(engine, 0o755)
    return work


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    readme, hexref = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    found = examples(readme)
    commands = {c for _, c, _ in found}
    failures = ["NOT_RUN names a line the README no longer has: %s" % c
                for c in NOT_RUN if c not in commands]
    bindir = tempfile.mkdtemp(prefix="hexref-readme-bin-")
    os.symlink(hexref, os.path.join(bindir, "hexref"))
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    env.pop("HEXREF_KERNEL", None)
    work = scratch_dir(os.path.dirname(readme))
    ran = 0
    try:
        for number, command, comment in found:
            if command in NOT_RUN:
                print("README.md:%d: not run (%s): %s" % (number, NOT_RUN[command], command))
                continue
            if command.startswith("sudo "):
                command = command[len("sudo "):]
            proc = subprocess.run(["sh", "-c", command], cwd=work, env=env, stdin=subprocess.DEVNULL,
                                  capture_output=True, text=True, timeout=TIMEOUT)
            problems = check(command, comment, proc)
            ran += 1
            print("README.md:%d: %s: %s" % (number, "FAIL" if problems else "ok", command))
            for p in problems:
                failures.append("README.md:%d: %s: %s\n%s" % (number, command, p,
                                                              proc.stderr[-2000:]))
    finally:
        shutil.rmtree(work)
        shutil.rmtree(bindir)
    if ran == 0:
        failures.append("no README example was run")
    for f in failures:
        print("FAILED: " + f)
    print("%d examples run, %d not run, %d failed" % (ran, len(found) - ran, len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
