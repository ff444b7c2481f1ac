"""The checks the pytest plugin makes into items: each fixture of the
package's fixture files and each line of its perft suites, as a file of
its own that holds that one check (so one verify runs exactly it).

A check's file keeps the original's line numbers (the lines before it are
left blank), so the harness's "FILE:LINE" of a check names the same line
in the temporary copy as in the original, and the copy's folder can be
replaced by the original's in a report."""
from __future__ import annotations

import os
from typing import List, NamedTuple, Optional

from ._data import fixtures_dir, suites_dir


class Check(NamedTuple):
    kind: str        # "fixture" or "suite"
    path: str        # the original file
    lineno: int      # of the record's "fixture" line, or the suite line (1-based)
    name: str        # the fixture's id, or the suite line's ";id"
    text: str        # the file that holds only this check


def _read(path: str) -> List[str]:
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def _key(line: str) -> str:
    return line.strip().split(" ", 1)[0]


def _value(line: str) -> List[str]:
    parts = line.strip().split(None, 1)
    return parts[1].split() if len(parts) > 1 else []


# The expectation keys (docs/fixtures.md); "status" is not among those an
# engine that answers divides can be asked, so the runner skips it.
_DIVIDE_EXPECTATIONS = {"moves", "moves-from", "legal", "illegal", "after", "reaches", "perft"}


def _expectation(line: str, profile: str) -> Optional[str]:
    """The key of an expectation line that applies under profile, else None."""
    text = line.strip()
    if text.startswith("["):
        only, _, text = text[1:].partition("]")
        if profile not in only.split():
            return None
    key = _key(text)
    return key if key in _DIVIDE_EXPECTATIONS or key == "status" else None


def _applies(record: List[str], variant: str, profile: str) -> bool:
    """Does the fixture run under variant/profile (its profiles or refutes),
    with an expectation there other than a status? One with none is
    skipped by the runner, and a verify of it alone would select nothing."""
    fields = {_key(line): _value(line) for line in record}
    if fields.get("variant") != [variant] or \
            profile not in fields.get("profiles", []) + fields.get("refutes", []):
        return False
    asked = set(_DIVIDE_EXPECTATIONS)
    if not fields.get("line"):
        # "reaches" without a line compares the fixture's own position, which
        # an outside engine never made: the runner skips it (fixture_run.c)
        asked.discard("reaches")
    return any(_expectation(line, profile) in asked for line in record)


def fixture_checks(variant: str, profile: str) -> List[Check]:
    """Each fixture of the package's fixture files of variant that applies
    under profile (_applies), in file and line order. A record is "fixture ID" to
    "end" (docs/fixtures.md); the runner itself checks the rest."""
    folder = fixtures_dir(variant)
    checks = []
    for name in sorted(n for n in os.listdir(folder) if n.endswith(".fix")):
        path = os.path.join(folder, name)
        lines = _read(path)
        start: Optional[int] = None
        for index, line in enumerate(lines):
            key = _key(line)
            if key == "fixture":
                start = index
            elif key == "end" and start is not None:
                record = lines[start:index + 1]
                if _applies(record, variant, profile):
                    text = "\n" * start + "\n".join(record) + "\n"
                    checks.append(Check("fixture", path, start + 1, _value(lines[start])[0], text))
                start = None
    return checks


def suite_path(variant: str, profile: str) -> Optional[str]:
    """The package's suite of variant/profile, or None: not every profile has one."""
    path = os.path.join(suites_dir(), "%s-%s.epd" % (variant, profile))
    return path if os.path.isfile(path) else None


def _line_field(line: str, key: str) -> Optional[str]:
    for part in line.split(";")[1:]:
        words = part.split()
        if len(words) >= 2 and words[0] == key:
            return words[1]
    return None


def suite_checks(variant: str, profile: str, tier: Optional[str]) -> List[Check]:
    """Each line of the package's suite of variant/profile (tier "quick":
    the lines marked ";tier quick" only). Its file keeps the suite's header
    comments, which name the rules (perft-suites/README.md)."""
    path = suite_path(variant, profile)
    if path is None:
        return []
    lines = _read(path)
    header = []
    for line in lines:
        if not line.startswith("#"):
            break
        header.append(line)
    checks = []
    for index, line in enumerate(lines):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if tier == "quick" and _line_field(line, "tier") != "quick":
            continue
        text = "\n".join(header) + "\n" * (index - len(header) + 1) + line + "\n"
        name = _line_field(line, "id") or "line %d" % (index + 1)
        checks.append(Check("suite", path, index + 1, name, text))
    return checks
