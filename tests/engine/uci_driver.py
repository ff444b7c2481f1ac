#!/usr/bin/env python3
"""uci_driver.py - drives `hexref engine` as a uci driver would (issue 25
items 8, 9, 12) and then runs bounded random sessions.

Checks: stop and quit act at once whatever is queued; the end of stdin and
a closed stdout end the count child; readyok never lands inside a line of a
long answer; commands match whole tokens (stopwatch is not stop); random
sessions of position/go perft/stop/isready/ucinewgame/garbage/quit never
crash, answer every isready with a whole readyok line, print only
well-formed lines and leave no process behind.

Usage: uci_driver.py PATH/TO/hexref [SESSIONS] [SEED]
"""
import os
import random
import re
import select
import subprocess
import sys
import time

HEXREF = sys.argv[1]
SESSIONS = int(sys.argv[2]) if len(sys.argv) > 2 else 40
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 25
# Over 4 KiB of divide lines at depth 5 (346 moves, 4499 bytes).
FLOOD = 400000  # whole_lines_with_isready: at most this many isready,
BURST, PACE = 1, 0.0  # BURST of them every PACE seconds (0: one write after another)
WIDE = "k/ppp/ppppp/7/9/Q1Q1Q1Q1Q1Q/11/1Q1Q1Q1Q1Q1/11/Q1Q1Q1Q1Q1Q/6K4 w - - 0 1"
LINE = re.compile(r"^(|readyok|uciok|[a-l]\d+[a-l]\d+[a-z]?: \d+|Nodes searched: \d+|error .+|"
                  r"info string .+|id .+|option name .+|bestmove 0000|status \w+)$")
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def descendants(pid):
    """Every process below pid (from /proc)."""
    parent = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    text = f.read()
                parent[int(name)] = int(text[text.rindex(")") + 2:].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        found += kids
        todo += kids
    return found


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


class Engine:
    def __init__(self, *args):
        self.p = subprocess.Popen([HEXREF, "engine", *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buf = b""

    def send(self, text):
        self.p.stdin.write(text.encode())
        self.p.stdin.flush()

    def read_until(self, pattern, seconds):
        """Output lines until one matches pattern (a regex) or the time is up."""
        end = time.monotonic() + seconds
        while not re.search(pattern.encode(), self.buf, re.M):
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.p.stdout], [], [], left)[0]:
                break
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                break
            self.buf += chunk
        return self.buf.decode(errors="replace")

    def children(self):
        return descendants(self.p.pid)

    def exits_within(self, seconds):
        try:
            self.p.wait(timeout=seconds)
            return True
        except subprocess.TimeoutExpired:
            return False

    def kill(self):
        for c in self.children():
            try:
                os.kill(c, 9)
            except OSError:
                pass
        self.p.kill()
        self.p.wait()


def counting(e):
    """The count child of e, once it runs (it is a child of the engine)."""
    for _ in range(100):
        kids = e.children()
        if kids:
            return kids
        time.sleep(0.02)
    return []


def stop_with_queue():
    e = Engine()
    e.send("position startpos\ngo perft 8\n")
    kids = counting(e)
    e.send("ucinewgame\nstop\n")
    out = e.read_until(r"^Nodes searched: ", 30)
    check("error stopped" in out and "Nodes searched: 0" in out,
          f"stop acts at once with ucinewgame queued before it ({out[-80:]!r})")
    e.send("isready\n")
    check("readyok" in e.read_until(r"^readyok$", 30), "the engine answers after the stop")
    e.send("quit\n")
    check(e.exits_within(30), "quit ends the engine")
    check(kids and not any(alive(k) for k in kids), "the count child is gone after stop")
    e.kill()


def quit_with_queue():
    e = Engine()
    e.send("position startpos\ngo perft 8\nucinewgame\nisready\nquit\n")
    kids = counting(e)
    check(e.exits_within(30), "quit acts at once with commands queued before it")
    time.sleep(0.1)
    check(not any(alive(k) for k in kids), "no count child left after quit")
    e.kill()


def eof_ends_count():
    e = Engine()
    e.send("position startpos\ngo perft 8\n")
    kids = counting(e)
    e.p.stdin.close()
    check(e.exits_within(30), "the end of stdin ends the engine during a count")
    time.sleep(0.1)
    check(kids and not any(alive(k) for k in kids), "no count child left after the end of stdin")
    e.kill()


def closed_stdout_ends_count():
    e = Engine()
    e.send("position startpos\ngo perft 8\n")
    kids = counting(e)
    e.p.stdout.close()
    check(e.exits_within(30), "a closed stdout ends the engine during a count (stdin still open)")
    time.sleep(0.1)
    check(kids and not any(alive(k) for k in kids), "no count child left after stdout closed")
    e.kill()


def whole_lines_with_isready():
    """isready sent all along while a 4499-byte divide answer is written
    (the issue's case): every line stays whole. A few isready every PACE
    seconds, until the answer's end is seen (at most FLOOD in all); the
    output is read in chunks and searched only at its end, so the driver
    keeps up with the engine on any machine."""
    # The interleaving is a race: the old engine showed it in about one run
    # in three here. Eight runs; three under the sanitizers (ten times
    # slower) and in the coverage run (ci/coverage sets HEXREF_COVERAGE_RUN),
    # where the eight took 169-373 s of a 580 s stage (2026-12-02) and reach
    # no line of rules/ or oracle/ (the gated code) that the first does not.
    slow = os.environ.get("HEXREF_SANITIZED") or os.environ.get("HEXREF_COVERAGE_RUN")
    for run in range(3 if slow else 8):
        e = Engine("-v", "glinski")
        e.send(f"position fen {WIDE}\ngo perft 5\n")
        fd_in, fd_out = e.p.stdin.fileno(), e.p.stdout.fileno()
        os.set_blocking(fd_in, False)
        pending, sent, chunks, tail = b"", 0, [], b""
        next_send = time.monotonic()
        end = next_send + 600  # a bound for a hang only, never the verdict
        while time.monotonic() < end:
            now = time.monotonic()
            if not pending and sent < FLOOD and now >= next_send:
                pending, sent, next_send = b"isready\n" * BURST, sent + BURST, now + PACE
            if pending:
                try:  # a partial write keeps the rest: lines stay whole
                    pending = pending[os.write(fd_in, pending):]
                except BlockingIOError:
                    pass
            wait = max(0.0, next_send - time.monotonic()) if not pending else 0.0
            if select.select([fd_out], [], [], wait)[0]:
                chunk = os.read(fd_out, 65536)
                if not chunk:
                    break
                chunks.append(chunk)
                if b"Nodes searched" in tail + chunk:
                    break
                tail = chunk[-32:]
        os.set_blocking(fd_in, True)
        if pending:
            e.p.stdin.write(pending)
        e.send("quit\n")
        rest = e.p.stdout.read()
        e.exits_within(30)
        out = (b"".join(chunks) + rest).decode(errors="replace")
        bad = [ln for ln in out.split("\n")[:-1] if not LINE.match(ln)]
        moves = [ln for ln in out.split("\n") if re.match(r"^[a-l]\d+[a-l]\d+: \d+$", ln)]
        check(not bad and len(moves) == 346 and out.count("readyok") > 0,
              f"run {run}: {len(moves)} whole divide lines among {out.count('readyok')} "
              f"readyok ({sent} isready sent), malformed: {bad[:3]}")
        e.kill()


def whole_tokens():
    e = Engine()
    e.send("position startpos\ngo perft 8\n")
    counting(e)
    e.send("stopwatch\nisready\n")
    out = e.read_until(r"^error stopped", 1.0)
    check("error stopped" not in out, f"stopwatch is not stop ({out[-60:]!r})")
    e.send("stop\n")
    e.read_until(r"^Nodes searched: 0", 30)
    e.read_until(r"^readyok$", 30)  # the isready sent with stopwatch
    e.buf = b""
    e.send("go perft1\nisreadyx\nquitx\nposition startposx\nisready\n")
    out = e.read_until(r"^readyok$", 30)
    check(out.count("readyok") == 1, "isreadyx is not isready")
    check("unknown command: isreadyx" in out and "unknown command: quitx" in out,
          "isreadyx and quitx are unknown commands")
    check("only 'go perft N' is supported" in out and "Nodes searched" not in out,
          "go perft1 is not go perft 1")
    check("needs 'fen HEXFEN' or 'startpos'" in out, "startposx is not startpos")
    check(e.p.poll() is None, "quitx did not quit")
    e.send("quit\n")
    check(e.exits_within(30), "quit ends the engine")
    e.kill()


COMMANDS = ["position startpos", "position startpos moves e2e4", f"position fen {WIDE}",
            "go perft 1", "go perft 2", "go perft 3", "go perft 7", "stop", "isready",
            "ucinewgame", "uci", "status", "garbage", "stopwatch", "go", "go perft",
            "position", "setoption name UCI_Variant value glinski", "isready", "isready"]


def random_sessions():
    rng = random.Random(SEED)
    # Every one of the SESSIONS runs, however long they take (no deadline:
    # the same sessions, so the same verdict, on any machine and load).
    for n in range(SESSIONS):
        e = Engine()
        asked = 0
        for _ in range(rng.randint(1, 25)):
            cmd = rng.choice(COMMANDS)
            if rng.random() < 0.05:
                cmd = "".join(chr(rng.randint(1, 255)) for _ in range(rng.randint(1, 30)))
                cmd = cmd.replace("\n", " ")
            asked += cmd == "isready"
            e.send(cmd + "\n")
            if rng.random() < 0.3:
                e.read_until(r"^\Z", rng.random() * 0.05)
        ending = rng.choice(["quit", "eof"])
        if ending == "quit":
            e.send("quit\n")
        e.p.stdin.close()
        exited = e.exits_within(30)
        out = (e.buf + e.p.stdout.read()).decode(errors="replace")
        err = e.p.stderr.read().decode(errors="replace")
        lines = out.split("\n")
        bad = [ln for ln in lines[:-1] if not LINE.match(ln) and not ln.startswith("info string")]
        time.sleep(0.05)
        left = [c for c in e.children() if alive(c)]
        ok = (exited and e.p.returncode == 0 and lines[-1] == "" and not bad and not left
              and out.count("readyok\n") >= asked - out.count("error stopped") * 0
              and "ERROR" not in err and "runtime error" not in err)
        if not ok or out.count("readyok") != asked:
            check(False, f"session {n} ({ending}): exit {e.p.returncode}, readyok "
                         f"{out.count('readyok')}/{asked}, bad {bad[:2]}, left {left}, "
                         f"stderr {err[:200]!r}")
        e.kill()
    check(True, f"random sessions (seed {SEED}) ran")


def names_its_version():
    """uci's 'id name' carries the version of 'hexref --version' (it was a
    fixed "0.1.0" typed into cmd_engine.c, which a new version would not
    have changed)."""
    version = subprocess.run([HEXREF, "--version"], capture_output=True,
                             text=True).stdout.split()[1]
    e = Engine()
    e.send("uci\n")
    out = e.read_until(r"^uciok", 10)
    e.kill()
    check(f"id name hexref {version}\n" in out, f"id name with version {version}: {out[:200]!r}")


for test in (names_its_version, stop_with_queue, quit_with_queue, eof_ends_count, closed_stdout_ends_count,
             whole_lines_with_isready, whole_tokens, random_sessions):
    try:
        test()
    except Exception as exc:  # a test that cannot run has failed
        check(False, f"{test.__name__}: {exc!r}")
print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
