#!/usr/bin/env python3
"""summary.py - hexref's JSON results (--format json, one object per check,
docs/results.md) as a short Markdown summary, for $GITHUB_STEP_SUMMARY or a
merge request: a headline with the counts, then one row per failed check.

Usage: summary.py RESULTS.jsonl > summary.md    (exit 1 if RESULTS has no check)
"""
import json
import sys


def cell(text):
    """Text fit for one Markdown table cell: one line, no pipes."""
    return " ".join(str(text or "").split()).replace("|", "\\|")[:300]


def where(check):
    """The minimal position a failure was followed down to, with its path."""
    m = check.get("minimal") or {}
    fen = m.get("position") or check.get("position")
    path = m.get("path")
    return (f"after `{cell(path)}`: " if path else "") + f"`{cell(fen)}`"


def finding(check):
    """The kind of finding and the moves that differ there."""
    diff = (check.get("minimal") or {}).get("difference") or {}
    parts = [cell(check.get("message"))]
    for side in ("missing", "extra"):
        moves = [m["move"] for m in diff.get(side) or []]
        if moves:
            parts.append(f"{side}: {cell(' '.join(moves))}")
    return "; ".join(parts)


def main(path):
    checks = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.strip():
                try:
                    checks.append(json.loads(line))
                except json.JSONDecodeError as e:
                    sys.exit(f"summary.py: {path}:{number}: not JSON ({e.msg})")
    if not checks:
        sys.exit(f"summary.py: {path}: no check in the results (did hexref run?)")
    failed = [c for c in checks if c.get("outcome") == "fail"]
    passed = sum(c.get("outcome") == "pass" for c in checks)
    first = checks[0]
    mark = "❌" if failed else "✅"
    print(f"### {mark} hexref {first.get('command', '')}: {passed} passed, {len(failed)} failed")
    print()
    print(f"Engine `{cell(first.get('engine'))}`, {first.get('variant')}/{first.get('profile')}.")
    if failed:
        print()
        print("| check | minimal position | finding | reproduce |")
        print("|---|---|---|---|")
        for c in failed:
            print(f"| {cell(c.get('id'))} | {where(c)} | {finding(c)} | "
                  f"`{cell((c.get('minimal') or {}).get('command'))}` |")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    sys.exit(main(sys.argv[1]))
