"""Variants and rule profiles."""
from __future__ import annotations

import ctypes
from typing import Dict, List, Optional, Tuple

from ._errors import HexrefError
from ._lib import Error, lib
from ._text import c_text, py_text

# hx_rules_find's objects live for the whole program: one lookup each.
_found: Dict[Tuple[str, str], int] = {}


def variants() -> List[str]:
    """The variants: ['shafran', 'brusky', 'glinski', 'mccooey']."""
    return [py_text(lib.hx_variant_name(i)) for i in range(lib.hx_variant_count())]


def profiles(variant: str) -> List[str]:
    """The rule profiles of a variant, "std" first (as `hexref variants -v V`)."""
    name = c_text(variant, "variant")
    count = lib.hx_profile_count(name)
    if count <= 0:
        raise HexrefError("unknown variant %r (variants: %s)" % (variant, ", ".join(variants())))
    return [py_text(lib.hx_profile_name(name, i)) for i in range(count)]


def find_rules(variant: str, profile: Optional[str]) -> int:
    """The hx_rules pointer of variant under profile (None: "std")."""
    key = (variant, profile or "std")
    if key not in _found:
        err = Error()
        rules = lib.hx_rules_find(c_text(variant, "variant"), c_text(key[1], "profile"),
                                  ctypes.byref(err))
        if not rules:
            raise HexrefError(err.text())
        _found[key] = rules
    return _found[key]


def profile_summary(variant: str, profile: str = "std") -> str:
    """One line on what the profile changes relative to std."""
    return py_text(lib.hx_rules_summary(find_rules(variant, profile)))
