"""The shared library libhexref.so.0 and the C prototypes the package calls.

The library is the copy inside this package's directory, loaded by its full
path, so an installed package never picks up another build (a system
libhexref0, a build tree on LD_LIBRARY_PATH). Every function used has its
argument and result types declared here, after rules/include/hexref.h and
harness/include/hexref_check.h: an undeclared result would be read as a C
int, which truncates the 64-bit counts and pointers.
"""
from __future__ import annotations

import ctypes
import os
from ctypes import POINTER, c_char, c_char_p, c_int, c_uint32, c_uint64, c_void_p

LIBRARY_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libhexref.so.0")

# The limits of hexref.h (its enum), needed to size the buffers.
HX_MAX_MOVES = 1024
HX_FEN_MAX = 256
HX_MOVE_TEXT_MAX = 8
HX_PERFT_MAX_DEPTH = 10
UINT64_MAX = 2**64 - 1


class Error(ctypes.Structure):
    """hx_error: the message of a failed call."""

    _fields_ = [("message", c_char * 256)]

    def text(self) -> str:
        return self.message.decode("utf-8", "replace")


class DivideEntry(ctypes.Structure):
    """hx_divide_entry: one root move and the leaves below it."""

    _fields_ = [("move", c_char * HX_MOVE_TEXT_MAX), ("count", c_uint64)]


MoveText = c_char * HX_MOVE_TEXT_MAX
Rules = c_void_p  # const hx_rules *
PositionPtr = c_void_p  # hx_position *
ErrorPtr = POINTER(Error)

Reply = c_void_p  # hx_check_reply *
# int engine(void *ctx, const char *fen, const char *moves, int depth, hx_check_reply *r)
EngineFn = ctypes.CFUNCTYPE(c_int, c_void_p, c_char_p, c_char_p, c_int, Reply)

# name: (result type, argument types)
_PROTOTYPES = {
    "hx_rules_find": (Rules, [c_char_p, c_char_p, ErrorPtr]),
    "hx_rules_variant": (c_char_p, [Rules]),
    "hx_rules_profile": (c_char_p, [Rules]),
    "hx_rules_summary": (c_char_p, [Rules]),
    "hx_variant_count": (c_int, []),
    "hx_variant_name": (c_char_p, [c_int]),
    "hx_profile_count": (c_int, [c_char_p]),
    "hx_profile_name": (c_char_p, [c_char_p, c_int]),
    "hx_position_new": (PositionPtr, [Rules]),
    "hx_position_free": (None, [PositionPtr]),
    "hx_position_copy": (None, [PositionPtr, PositionPtr]),
    "hx_position_set_fen": (c_int, [PositionPtr, c_char_p, ErrorPtr]),
    "hx_position_fen": (None, [PositionPtr, ctypes.c_char_p]),
    "hx_legal_move_texts": (c_int, [PositionPtr, POINTER(MoveText)]),
    "hx_move_parse": (c_int, [PositionPtr, c_char_p, c_int, POINTER(c_uint32), ErrorPtr]),
    "hx_make": (c_int, [PositionPtr, c_uint32]),
    "hx_position_status": (c_int, [PositionPtr]),
    "hx_status_name": (c_char_p, [c_int]),
    "hx_perft_max_depth": (c_int, [PositionPtr]),
    "hx_perft": (c_uint64, [PositionPtr, c_int]),
    "hx_perft_divide": (c_int, [PositionPtr, c_int, c_int, POINTER(DivideEntry)]),
    # harness/include/hexref_check.h: verify of an engine that is a function;
    # the result is a malloc'd char *, kept as a pointer so that it can be freed
    "hx_check_verify": (c_void_p, [c_char_p, EngineFn, c_void_p, POINTER(c_int), POINTER(c_int),
                                   ErrorPtr]),
    "hx_check_identify": (c_void_p, [c_char_p, EngineFn, c_void_p, POINTER(c_int), POINTER(c_int),
                                     ErrorPtr]),
    "hx_check_reply_text": (None, [Reply, c_char_p]),
    "hx_check_reply_failure": (None, [Reply, c_char_p, c_char_p]),
    "hx_check_free": (None, [c_void_p]),
}


def _load() -> ctypes.CDLL:
    if not os.path.isfile(LIBRARY_PATH):
        raise ImportError(
            "hexref: the package's shared library %s is missing (a broken install? "
            "reinstall the wheel built by ci/py-package)" % LIBRARY_PATH
        )
    lib = ctypes.CDLL(LIBRARY_PATH)
    for name, (restype, argtypes) in _PROTOTYPES.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


lib = _load()
