"""Position: a position of one variant under one rule profile, with its
history, owned by the C library (hx_position)."""
from __future__ import annotations

import ctypes
import threading
from typing import Any, Dict, Iterable, List, Optional, Union

from ._errors import HexrefError
from ._lib import (HX_FEN_MAX, HX_MAX_MOVES, HX_PERFT_MAX_DEPTH, UINT64_MAX, DivideEntry, Error,
                   MoveText, lib)
from ._rules import find_rules
from ._text import c_text, py_text

NAMING_CANONICAL = 0  # hexref's move text (docs/conventions.md)


class Position:
    """A position: Position("glinski") is the initial one, Position("brusky",
    "ludii", fen="...") any other, from a HexFEN.

    It holds a C object. It is freed by close(), by the end of a `with`
    block, or when the Position is garbage-collected; after close() every
    method raises HexrefError. Calls on one Position are serialised by a
    lock, so threads may share it; the C calls release the GIL, so perfts
    of different Positions run in parallel.
    """

    def __init__(self, variant: str, profile: str = "std", fen: Optional[str] = None) -> None:
        self._lock = threading.Lock()
        self._pos: Optional[int] = None
        rules = find_rules(variant, profile)
        self._variant = py_text(lib.hx_rules_variant(rules))
        self._profile = py_text(lib.hx_rules_profile(rules))
        pos = lib.hx_position_new(rules)
        if not pos:
            raise MemoryError("hexref: out of memory for a position")
        self._pos = pos
        c_fen = None if fen is None else c_text(fen, "HexFEN")
        err = Error()
        if lib.hx_position_set_fen(pos, c_fen, ctypes.byref(err)) != 0:
            self.close()
            raise HexrefError("%s (%s %s)" % (err.text(), self._variant, self._profile), fen=fen)

    # ---- lifetime ----------------------------------------------------
    def close(self) -> None:
        """Frees the C position; closing twice is harmless."""
        lock = getattr(self, "_lock", None)
        if lock is None:  # __init__ failed before the lock existed
            return
        with lock:
            if self._pos is not None:
                lib.hx_position_free(self._pos)
                self._pos = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # at interpreter exit the module may be gone already
            pass

    def __enter__(self) -> "Position":
        self._handle()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _handle(self) -> int:
        if self._pos is None:
            raise HexrefError("the position is closed")
        return self._pos

    def copy(self) -> "Position":
        """An independent copy: the same rules, position and history."""
        with self._lock:
            source = self._handle()
            new = Position.__new__(Position)
            new._lock = threading.Lock()
            new._pos = None
            new._variant, new._profile = self._variant, self._profile
            pos = lib.hx_position_new(find_rules(self._variant, self._profile))
            if not pos:
                raise MemoryError("hexref: out of memory for a position")
            lib.hx_position_copy(pos, source)
            new._pos = pos
            return new

    __copy__ = copy

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Position":
        return self.copy()

    # ---- what it is ----------------------------------------------------
    @property
    def variant(self) -> str:
        return self._variant

    @property
    def profile(self) -> str:
        return self._profile

    def fen(self) -> str:
        """The HexFEN (docs/conventions.md)."""
        with self._lock:
            return self._fen_unlocked(self._handle())

    @staticmethod
    def _fen_unlocked(pos: int) -> str:
        out = ctypes.create_string_buffer(HX_FEN_MAX)
        lib.hx_position_fen(pos, out)
        return py_text(out.value)

    def __repr__(self) -> str:
        if self._pos is None:
            return "<hexref.Position %s %s, closed>" % (self._variant, self._profile)
        return "hexref.Position(%r, %r, fen=%r)" % (self._variant, self._profile, self.fen())

    def legal_moves(self) -> List[str]:
        """The legal moves as hexref move text, sorted (as `hexref moves`)."""
        with self._lock:
            texts = (MoveText * HX_MAX_MOVES)()
            count = lib.hx_legal_move_texts(self._handle(), texts)
            return [py_text(texts[i].value) for i in range(count)]

    def status(self) -> str:
        """"ongoing", "check", "checkmate" or "stalemate"."""
        with self._lock:
            return py_text(lib.hx_status_name(lib.hx_position_status(self._handle())))

    # ---- playing -------------------------------------------------------
    def play(self, moves: Union[str, Iterable[str]]) -> "Position":
        """Plays moves: a list of move texts, or one str of them separated
        by spaces or commas ("e2e5 d8d5", castlings as O-O-O too). All or
        nothing: on an illegal move it raises HexrefError naming the move,
        its place in the list and the position it was tried in, and this
        position is left as it was. Returns self, so calls chain."""
        words = _move_words(moves)
        with self._lock:
            pos = self._handle()
            scratch = lib.hx_position_new(find_rules(self._variant, self._profile))
            if not scratch:
                raise MemoryError("hexref: out of memory for a position")
            try:
                lib.hx_position_copy(scratch, pos)
                for index, word in enumerate(words, 1):
                    self._play_one(scratch, index, word)
                lib.hx_position_copy(pos, scratch)
            finally:
                lib.hx_position_free(scratch)
        return self

    def _play_one(self, pos: int, index: int, word: str) -> None:
        def refuse(message: str) -> HexrefError:
            fen = self._fen_unlocked(pos)
            return HexrefError("%s (move %d of the list, %s %s, HexFEN %s)"
                               % (message, index, self._variant, self._profile, fen),
                               move=word, index=index, fen=fen)
        try:
            text = c_text(word, "move")
        except HexrefError as error:
            raise refuse(str(error)) from None
        err = Error()
        move = ctypes.c_uint32()
        if lib.hx_move_parse(pos, text, NAMING_CANONICAL, ctypes.byref(move), ctypes.byref(err)) != 0:
            raise refuse(err.text())
        if lib.hx_make(pos, move.value) != 0:
            raise refuse("the history is full (4096 plies since the position was set)")

    # ---- counting ------------------------------------------------------
    def perft(self, depth: int) -> int:
        """The number of leaves of the legal move tree to depth (0 gives 1)."""
        with self._lock:
            pos = self._handle()
            self._check_depth(pos, depth, 0)
            nodes = lib.hx_perft(pos, depth)
            if nodes == UINT64_MAX:
                raise HexrefError("perft %d does not fit in 64 bits" % depth)
            return int(nodes)

    def divide(self, depth: int) -> Dict[str, int]:
        """Perft per legal root move: {move text: leaves below it to depth - 1},
        in move-text order; the counts sum to perft(depth)."""
        with self._lock:
            pos = self._handle()
            self._check_depth(pos, depth, 1)
            entries = (DivideEntry * HX_MAX_MOVES)()
            count = lib.hx_perft_divide(pos, depth, NAMING_CANONICAL, entries)
            result = {}
            for entry in entries[:count]:
                if entry.count == UINT64_MAX:
                    raise HexrefError("divide %d does not fit in 64 bits" % depth)
                result[py_text(entry.move)] = int(entry.count)
            return result

    @staticmethod
    def _check_depth(pos: int, depth: int, least: int) -> None:
        if isinstance(depth, bool) or not isinstance(depth, int):
            raise TypeError("depth must be an int, not %s" % type(depth).__name__)
        if depth < least:
            raise HexrefError("depth %d: it must be at least %d" % (depth, least))
        if depth > HX_PERFT_MAX_DEPTH:
            raise HexrefError("depth %d is beyond the limit of %d (deeper counts cannot finish, "
                              "docs/perft.md)" % (depth, HX_PERFT_MAX_DEPTH))
        room = lib.hx_perft_max_depth(pos)
        if depth > room:
            raise HexrefError("depth %d does not fit: the history holds 4096 plies, so the limit "
                              "here is depth %d" % (depth, room))


def _move_words(moves: Union[str, Iterable[str]]) -> List[str]:
    """The moves of play()'s argument, one str each. A str is split at
    spaces, tabs, newlines and commas, as hx_play_moves splits."""
    if isinstance(moves, str):
        return [word for word in moves.replace(",", " ").replace("\t", " ").replace("\n", " ")
                .split(" ") if word]
    if isinstance(moves, (bytes, bytearray)):
        raise TypeError("moves must be a str or a list of str, not bytes")
    return list(moves)
