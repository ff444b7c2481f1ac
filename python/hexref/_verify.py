"""verify and identify: an engine that is a Python function, checked by the C
harness's runners (harness/include/hexref_check.h's hx_check_verify and
hx_check_identify) exactly as
`hexref verify` checks a process: the same comparison, bisection, fixture
runner and result values. Python only calls the function, turns its answer
into a reply (_answer.py) and reads the JSON the runner returns."""
from __future__ import annotations

import ctypes
import json
import os
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

from ._answer import Caller
from ._data import fixtures_dir
from ._errors import HexrefError
from ._lib import EngineFn, Error, lib
from ._report import describe

EngineFunction = Callable[[str, List[str], int], Any]


class VerifyResult:
    """The checks of one verify run, as `hexref verify --format json` writes
    them (docs/results.md, docs/results.schema.json): .checks is the list of
    their dicts, .json the JSON Lines text itself. .passed and .failed
    count them, .ok is True when none failed, .failures are the failed
    checks and report() describes them (as the pytest plugin shows them)."""

    def __init__(self, text: str, failed: int) -> None:
        self.json = text
        self.checks: List[Dict[str, Any]] = [_utf8(json.loads(line)) for line in text.splitlines()
                                             if line.strip()]
        self.failed = failed
        self.passed = sum(check["outcome"] == "pass" for check in self.checks)

    @property
    def ok(self) -> bool:
        return self.failed == 0

    @property
    def failures(self) -> List[Dict[str, Any]]:
        return [check for check in self.checks if check["outcome"] in ("fail", "error")]

    def report(self) -> str:
        """Each failed check, described: kind, path, HexFEN, the moves that
        differ, the message and the command that reproduces it."""
        if self.ok:
            return "%d passed, 0 failed" % self.passed
        return "\n\n".join(describe(check) for check in self.failures) + \
            "\n\n%d passed, %d failed" % (self.passed, self.failed)

    def __repr__(self) -> str:
        return "<hexref.VerifyResult: %d passed, %d failed>" % (self.passed, self.failed)


def _utf8(value: Any) -> Any:
    """The harness writes each byte of a text outside ASCII as its own
    \\u00XX (harness/print_json.c: engine text is not trusted to be UTF-8),
    so the fixtures' "§" arrives as "\\u00c2\\u00a7". A string whose such
    bytes are UTF-8 is decoded back to its characters; any other is kept."""
    if isinstance(value, str):
        if any(ord(c) > 0x7f for c in value) and all(ord(c) <= 0xff for c in value):
            try:
                return value.encode("latin-1").decode("utf-8")
            except UnicodeDecodeError:
                return value
        return value
    if isinstance(value, list):
        return [_utf8(one) for one in value]
    if isinstance(value, dict):
        return {key: _utf8(one) for key, one in value.items()}
    return value


def _option_lines(options: Dict[str, Any]) -> str:
    """The "key=value" lines hx_check_verify reads; a value with a line
    break would be read as more keys, so it is refused."""
    lines = []
    for key, value in options.items():
        for one in value if isinstance(value, list) else [value]:
            text = str(one)
            if "\n" in text or "\r" in text or "\0" in text:
                raise HexrefError("verify: %s %r contains a line break or NUL" % (key, text))
            lines.append("%s=%s" % (key, text))
    return "".join(line + "\n" for line in lines)


def _paths(value: Union[bool, str, "os.PathLike[str]", Iterable[Any]], variant: str) -> List[str]:
    """fixtures=True: the package's own fixtures of the variant; otherwise a
    path or a list of paths (fixture files or directories)."""
    if value is True:
        return [fixtures_dir(variant)]
    if isinstance(value, (str, os.PathLike)):
        return [os.fspath(value)]
    return [os.fspath(one) for one in value]


def _moves_text(moves: Union[None, str, Sequence[str]]) -> Optional[str]:
    if moves is None:
        return None
    return moves if isinstance(moves, str) else " ".join(moves)


def _engine_name(engine: EngineFunction) -> str:
    module = getattr(engine, "__module__", None)
    name = getattr(engine, "__qualname__", None) or getattr(engine, "__name__", None)
    return "%s:%s" % (module, name) if module and name else repr(engine)


def verify(engine: EngineFunction, variant: str, profile: str = "std", fen: Optional[str] = None,
           moves: Union[None, str, Sequence[str]] = None, depth: Optional[int] = None,
           root: Optional[bool] = None, random: int = 0, seed: int = 1,
           suites: Iterable[Any] = (), tier: Optional[str] = None,
           max_nodes: Optional[int] = None, fixtures: Any = False,
           timeout: Optional[float] = 30.0, name: Optional[str] = None) -> VerifyResult:
    """Checks engine(fen, moves, depth) against the reference, as `hexref
    verify` checks a process (docs/python.md). engine gets a HexFEN, the
    moves to play on it first (a list of move texts, [] for none) and a
    depth >= 1, and returns the divide: a Mapping {move text: count} or
    perftree text. Raises HexrefError for options that cannot run (an
    unknown variant, a bad HexFEN, no suite line selected); everything the
    engine does is a result."""
    options: Dict[str, Any] = {"variant": variant, "profile": profile,
                               "name": name if name is not None else _engine_name(engine)}
    if fen is not None:
        options["fen"] = fen
    if _moves_text(moves):
        options["moves"] = _moves_text(moves)
    if depth is not None:
        options["depth"] = depth
    if root is not None:  # None: the root when nothing else is asked
        options["root"] = int(bool(root))
    if random:
        options["random"], options["seed"] = random, seed
    suite_list = [os.fspath(suite) for suite in ([suites] if isinstance(suites, str) else suites)]
    if suite_list:
        options["suite"] = suite_list
    if tier is not None:
        options["tier"] = tier
    if max_nodes is not None:
        options["max_nodes"] = max_nodes
    if fixtures is not False and fixtures is not None:
        options["fixtures"], options["fixture"] = 1, _paths(fixtures, variant)
    if timeout is not None:
        options["timeout"] = "%g" % timeout
    return _run(_option_lines(options), Caller(engine, timeout))


class IdentifyResult(VerifyResult):
    """identify's checks (`hexref identify --format json`): one per fixture,
    against the profile the engine matches or comes closest to, which
    .profile names; .matches is True when no fixture differs from it."""

    @property
    def profile(self) -> Optional[str]:
        return self.checks[0]["profile"] if self.checks else None

    @property
    def matches(self) -> bool:
        return self.ok and bool(self.checks)

    def __repr__(self) -> str:
        return "<hexref.IdentifyResult: %s %s, %d of %d fixtures agree>" % (
            "matches" if self.matches else "closest", self.profile, self.passed, len(self.checks))


def identify(engine: EngineFunction, variant: str, fixtures: Any = True,
             timeout: Optional[float] = 30.0, name: Optional[str] = None) -> IdentifyResult:
    """Which profile of variant does engine(fen, moves, depth) follow? The
    fixtures (default: the package's own) are run through it under every
    profile and compared with the reference pinned to each, as `hexref
    identify` does for a process; the engine is not told a profile."""
    options: Dict[str, Any] = {"variant": variant, "fixture": _paths(fixtures, variant),
                               "name": name if name is not None else _engine_name(engine)}
    return _run(_option_lines(options), Caller(engine, timeout), lib.hx_check_identify,
                IdentifyResult)


def _run(options: str, caller: Caller, run: Any = None, result: Any = VerifyResult) -> Any:
    def answer(ctx: Any, fen: bytes, moves: bytes, depth: int, reply: int) -> int:
        try:  # nothing may cross into C: the reply is the only way out
            kind, text = caller((fen or b"").decode("ascii", "replace"),
                                (moves or b"").decode("ascii", "replace").split(), depth)
            data = text.encode("utf-8", "replace")
            if kind == "text":
                lib.hx_check_reply_text(reply, data)
            else:
                lib.hx_check_reply_failure(reply, kind.encode("ascii"), data)
        except BaseException:  # noqa: B902 - no answer is the C side's "no answer" finding
            pass
        return 0

    callback = EngineFn(answer)
    failed, pending, err = ctypes.c_int(0), ctypes.c_int(0), Error()
    try:
        out = (run or lib.hx_check_verify)(options.encode("utf-8"), callback, None,
                                           ctypes.byref(failed), ctypes.byref(pending),
                                           ctypes.byref(err))
    finally:
        caller.close()
    if caller.interrupt is not None:
        if out:
            lib.hx_check_free(out)
        raise caller.interrupt
    if not out:
        raise HexrefError(err.text())
    try:
        text = ctypes.string_at(out).decode("utf-8", "replace")
    finally:
        lib.hx_check_free(out)
    if pending.value:
        raise HexrefError("verify: the C runner counted %d pending answers from a synchronous "
                          "engine (a bug of hexref)" % pending.value)
    return result(text, failed.value)
