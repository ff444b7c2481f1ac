"""describe: one failed check (a dict of docs/results.schema.json) as the
text a Python user reads in an assertion or in pytest's report: what
failed, where (the root, the path from it, the HexFEN there), which moves
differ, the harness's own message and the command that reproduces it."""
from __future__ import annotations

from typing import Any, Dict, List, Optional


def _moves(entries: List[Dict[str, Any]]) -> str:
    return " ".join(entry["move"] for entry in entries)


def _difference_lines(difference: Optional[Dict[str, Any]]) -> List[str]:
    if not difference:
        return []
    lines = []
    if difference["missing"]:
        lines.append("missing in the engine: " + _moves(difference["missing"]))
    if difference["extra"]:
        lines.append("extra in the engine:   " + _moves(difference["extra"]))
    if difference["counts"]:
        lines.append("counts differ:         " + ", ".join(
            "%s expected %d got %d" % (c["move"], c["expected"], c["got"])
            for c in difference["counts"][:8]) + (" ..." if len(difference["counts"]) > 8 else ""))
    if not lines and difference["expected_total"] != difference["got_total"]:
        lines.append("total:                 expected %d, got %d"
                     % (difference["expected_total"], difference["got_total"]))
    return lines


def describe(check: Dict[str, Any]) -> str:
    """A failed check in a few lines; the harness's message (which for a
    fixture holds its source, position, line and what failed) is kept whole."""
    message = (check.get("message") or "").rstrip("\n")
    lines = message.splitlines()
    # a verify check's message starts with the kind of error ("missing move");
    # a fixture's is a block of indented "key: value" lines
    first = lines.pop(0).strip() if lines and not lines[0][:1].isspace() else ""
    head = "%s %s (%s, %s/%s)" % (check["outcome"].upper(), check["id"], check["kind"],
                                  check["variant"], check["profile"])
    out = [head + (": " + first if first else "")]
    if check["kind"] == "fixture":
        out.append("  file:     " + (check.get("source") or "?"))
        return "\n".join(out + lines)
    if check.get("source"):
        out.append("  source:   " + check["source"])
    if check.get("position"):
        out.append("  root:     " + check["position"] +
                   ("  moves " + check["moves"] if check.get("moves") else ""))
    minimal = check.get("minimal")
    if minimal:
        out.append("  path:     " + (minimal.get("path") or "(the root)"))
        out.append("  position: " + minimal["position"])
        out.append("  depth:    %d" % minimal["depth"])
        difference = minimal.get("difference")
    else:
        out.append("  depth:    %d" % check["depth"])
        difference = check.get("difference")
    out += ["  " + line for line in _difference_lines(difference)]
    out += ["  " + line for line in lines]
    if minimal and minimal.get("command"):
        out.append("  reproduce: " + minimal["command"])
    return "\n".join(out)
