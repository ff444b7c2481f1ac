"""Python text to the C strings the library reads."""
from __future__ import annotations

from ._errors import HexrefError


def c_text(value: str, what: str) -> bytes:
    """value as the NUL-terminated ASCII the C functions read. A NUL inside
    would silently cut the text short, and hexref's names, HexFENs and move
    texts are ASCII, so both are refused here, naming what was passed."""
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise HexrefError("%s %r contains a NUL character" % (what, value))
    try:
        return value.encode("ascii")
    except UnicodeEncodeError:
        raise HexrefError("%s %r is not ASCII" % (what, value)) from None


def py_text(value: bytes) -> str:
    return value.decode("ascii")
