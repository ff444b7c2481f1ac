"""HexrefError: what hexref refuses (an unknown variant or profile, a bad
HexFEN, an illegal move, a depth out of range)."""
from __future__ import annotations

from typing import Optional


class HexrefError(ValueError):
    """A value hexref refuses. The message is the C library's (hx_error),
    with where it happened added; for a move of Position.play, .move is the
    move text, .index its place in the list (1 for the first) and .fen the
    HexFEN of the position it was tried in."""

    def __init__(self, message: str, *, move: Optional[str] = None, index: Optional[int] = None,
                 fen: Optional[str] = None) -> None:
        super().__init__(message)
        self.move = move
        self.index = index
        self.fen = fen


HexrefError.__module__ = "hexref"  # as users name it, in tracebacks too
