"""The data the package carries: hexref's conformance fixtures and perft
suites, laid out as an install's share/hexref/ (so the hexref command reads
them too, with HEXREF_DATA set to data_dir())."""
from __future__ import annotations

import os
from typing import Optional

from ._errors import HexrefError
from ._rules import variants

_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def data_dir() -> str:
    """The folder that holds fixtures/ and perft-suites/."""
    return _DATA


def fixtures_dir(variant: Optional[str] = None) -> str:
    """fixtures/ (docs/fixtures.md), or its folder of one variant's *.fix files."""
    if variant is None:
        return os.path.join(_DATA, "fixtures")
    if variant not in variants():
        raise HexrefError("unknown variant %r (variants: %s)" % (variant, ", ".join(variants())))
    return os.path.join(_DATA, "fixtures", variant)


def suites_dir() -> str:
    """perft-suites/: the VARIANT-PROFILE.epd suites (perft-suites/README.md)."""
    return os.path.join(_DATA, "perft-suites")
