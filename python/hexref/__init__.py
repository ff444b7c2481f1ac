"""hexref: the reference rules of hexagonal chess (Shafran's, Brusky's,
Gliński's and McCooey's, under named rule profiles), over the C library
libhexref (a copy inside this package). docs/python.md describes the API.

    >>> import hexref
    >>> hexref.Position("brusky").perft(3)
    217683
"""
from ._data import data_dir, fixtures_dir, suites_dir
from ._errors import HexrefError
from ._position import Position
from ._rules import profile_summary, profiles, variants
from ._verify import IdentifyResult, VerifyResult, identify, verify
from ._version import __version__

__all__ = ["HexrefError", "Position", "data_dir", "fixtures_dir",
           "profile_summary", "profiles", "suites_dir", "variants", "verify", "identify",
           "IdentifyResult", "VerifyResult", "__version__"]
