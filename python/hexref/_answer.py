"""What an engine function gave, as the reply the harness reads: perftree
text (docs/protocol.md), or a failure with its reason. Nothing here raises:
whatever the engine did becomes a reply, so that no exception can reach the
ctypes callback (ctypes would print it and carry on with no answer)."""
from __future__ import annotations

import operator
import threading
import traceback
from collections.abc import Mapping
from typing import Any, Callable, List, Optional, Tuple

# A reply: ("text", perftree text) or (kind, message) with kind "error" or "timeout".
Reply = Tuple[str, str]


def exception_text(error: BaseException) -> str:
    """"TypeName: message (at FILE:LINE in FUNCTION)", the innermost frame
    of the traceback: where the engine failed, in one line."""
    text = "%s: %s" % (type(error).__name__, error) if str(error) else type(error).__name__
    frames = traceback.extract_tb(error.__traceback__)
    if frames:
        last = frames[-1]
        text += " (at %s:%d in %s)" % (last.filename, last.lineno, last.name)
    return text


def _count(value: Any) -> Optional[int]:
    """value as a node count, or None: an int (or anything with __index__,
    such as numpy's), not a bool, not negative."""
    if isinstance(value, bool):
        return None
    try:
        number = operator.index(value)
    except TypeError:
        return None
    return number if number >= 0 else None


def divide_text(answer: Any) -> Reply:
    """The engine's answer as the reply: a Mapping {move: count} becomes
    perftree text ("MOVE COUNT" lines, a blank line, the total); a str is
    sent as it is, for the harness to read as it reads a process's output;
    anything else is an "error" naming what came back."""
    if isinstance(answer, str):
        if "\0" in answer:
            return "error", "the engine's text answer contains a NUL character"
        return "text", answer
    if not isinstance(answer, Mapping):
        return "error", ("the engine returned %s, not a mapping of move text to count "
                         "nor perftree text" % type(answer).__name__)
    lines: List[str] = []
    total = 0
    for move, value in answer.items():
        if not isinstance(move, str) or not move or any(c.isspace() or c == "\0" for c in move):
            return "error", "the engine's divide has a key %r, not a move text" % (move,)
        count = _count(value)
        if count is None:
            return "error", ("the engine's divide has %r (%s) for %s, not a count (an int >= 0)"
                             % (value, type(value).__name__, move))
        lines.append("%s %d" % (move, count))
        total += count
    return "text", "".join(line + "\n" for line in lines) + "\n%d\n" % total


class Caller:
    """Calls engine(fen, moves, depth) and turns what happens into a reply.

    With a timeout, each call runs in a worker thread, and the caller waits
    at most timeout seconds for it. A call that has not returned by then is
    a "timeout" reply; its thread cannot be stopped from Python, so it is
    left running (a daemon thread, so it does not keep the interpreter
    alive) and the next call gets a new worker. timeout=None calls the
    engine on the caller's own thread, with no limit.

    A KeyboardInterrupt (or SystemExit) during a call is kept in .interrupt
    and every later call answers "error" at once, so the run ends quickly;
    verify raises it again once the C side has returned.
    """

    def __init__(self, engine: Callable[..., Any], timeout: Optional[float]) -> None:
        self.engine = engine
        self.timeout = timeout
        self.interrupt: Optional[BaseException] = None
        self._worker: Optional[_Worker] = None

    def __call__(self, fen: str, moves: List[str], depth: int) -> Reply:
        if self.interrupt is not None:
            return "error", "the run was interrupted (%s)" % type(self.interrupt).__name__
        try:
            if self.timeout is None:
                return self._inline(fen, moves, depth)
            return self._in_worker(fen, moves, depth)
        except (KeyboardInterrupt, SystemExit) as stop:
            self.interrupt = stop
            return "error", "the run was interrupted (%s)" % type(stop).__name__
        except BaseException as error:  # noqa: B902 - nothing may reach the ctypes callback
            return "error", "hexref could not call the engine: " + exception_text(error)

    def _inline(self, fen: str, moves: List[str], depth: int) -> Reply:
        try:
            answer = self.engine(fen, moves, depth)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:  # noqa: B902 - the engine's failure is a reply
            return "error", exception_text(error)
        return divide_text(answer)

    def _in_worker(self, fen: str, moves: List[str], depth: int) -> Reply:
        if self._worker is None:
            self._worker = _Worker(self._inline)
        job = self._worker.submit(fen, moves, depth)
        if not job.done.wait(self.timeout):
            self._worker.abandon()
            self._worker = None
            return "timeout", ("the engine function did not return within %g s (its thread "
                               "is left running)" % self.timeout)
        assert job.reply is not None
        if job.interrupt is not None:
            raise job.interrupt
        return job.reply

    def close(self) -> None:
        if self._worker is not None:
            self._worker.abandon()
            self._worker = None


class _Job:
    def __init__(self, args: Tuple[str, List[str], int]) -> None:
        self.args = args
        self.done = threading.Event()
        self.reply: Optional[Reply] = None
        self.interrupt: Optional[BaseException] = None


class _Worker:
    """One daemon thread that runs jobs one at a time, until abandoned."""

    def __init__(self, run: Callable[[str, List[str], int], Reply]) -> None:
        self._run = run
        self._ready = threading.Condition()
        self._job: Optional[_Job] = None
        self._abandoned = False
        self._thread = threading.Thread(target=self._loop, name="hexref-engine", daemon=True)
        self._thread.start()

    def submit(self, fen: str, moves: List[str], depth: int) -> _Job:
        job = _Job((fen, moves, depth))
        with self._ready:
            self._job = job
            self._ready.notify()
        return job

    def abandon(self) -> None:
        with self._ready:
            self._abandoned = True
            self._ready.notify()

    def _loop(self) -> None:
        while True:
            with self._ready:
                while self._job is None and not self._abandoned:
                    self._ready.wait()
                if self._abandoned:
                    return
                job, self._job = self._job, None
            try:
                job.reply = self._run(*job.args)
            except BaseException as stop:  # noqa: B902 - handed to the waiting caller
                job.interrupt = stop
                job.reply = ("error", "the run was interrupted (%s)" % type(stop).__name__)
            job.done.set()
