#!/usr/bin/env python3
"""mccooey_engine.py - a small, slow, complete move generator for McCooey's
hexagonal chess, written from docs/rules/mccooey.md (std profile) and
docs/conventions.md alone, served through the adapter kit
(examples/kit/python/hexkit.py: protocols, HexFEN parsing, move text):

    hexref verify --engine 'python3 examples/python/mccooey_engine.py' -v mccooey -d 3

Cells are (x, y) pairs; a position is a dict cell -> piece letter (KQRBNP
White, kqrbnp Black). Every move is played on a copy, and kept if the
mover's king is not attacked afterwards.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "kit", "python"))
import hexkit  # noqa: E402

FILES = "abcdefghikl"  # Glinski naming: no j
ORTHO = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)]
DIAG = [(2, 1), (1, 2), (-1, 1), (-2, -1), (-1, -2), (1, -1)]
KNIGHT = [(1, 3), (2, 3), (3, 2), (3, 1), (2, -1), (1, -2),
          (-1, -3), (-2, -3), (-3, -2), (-3, -1), (-2, 1), (-1, 2)]
FORWARD = {"w": 1, "b": -1}
CAPTURES = {"w": [(1, 2), (-1, 1)], "b": [(1, -1), (-1, -2)]}  # diagonal, 1 and 11 o'clock


def exists(x, y):
    return 0 <= x <= 10 and 0 <= y <= 10 and -5 <= x - y <= 5


def name(cell):
    x, y = cell
    return "%s%d" % (FILES[x], y + 1 - max(0, x - 5))


CELLS = [(x, y) for x in range(11) for y in range(11) if exists(x, y)]
BY_NAME = {name(c): c for c in CELLS}
# Pawns double-step from their own start cells, except the centre pawns f4 and f8.
DOUBLE = {"w": {BY_NAME[n] for n in "c1 d2 e3 g3 h2 i1".split()},
          "b": {BY_NAME[n] for n in "c8 d8 e8 g8 h8 i8".split()}}


def colour(piece):
    return "w" if piece.isupper() else "b"


def from_position(position):
    """(board, side, ep, victim) from hexkit's plain structure: ep is the
    last crossed cell (the only one McCooey's double step crosses) or None."""
    if position["rights"]:
        raise ValueError("McCooey has no castling: the castling field must be '-'")
    board = {BY_NAME[name]: piece for name, piece in position["cells"].items()}
    ep = victim = None
    if position["ep"]:
        ep, victim = BY_NAME[position["ep"]["cells"][-1]], BY_NAME[position["ep"]["victim"]]
    return board, position["side"], ep, victim


def attacked(board, cell, by):
    """Is cell attacked by side `by`?"""
    x, y = cell
    for dx, dy in KNIGHT:
        if board.get((x + dx, y + dy)) == ("N" if by == "w" else "n"):
            return True
    for dirs, sliders in ((ORTHO, "RQ"), (DIAG, "BQ")):
        for dx, dy in dirs:
            k, (cx, cy) = 1, (x + dx, y + dy)
            while exists(cx, cy):
                piece = board.get((cx, cy))
                if piece:
                    if colour(piece) == by and (piece.upper() in sliders or
                                                (k == 1 and piece.upper() == "K")):
                        return True
                    break
                k, cx, cy = k + 1, cx + dx, cy + dy
    pawn = "P" if by == "w" else "p"
    return any(board.get((x - dx, y - dy)) == pawn for dx, dy in CAPTURES[by])


def pawn_moves(board, side, ep, cell):
    x, y = cell
    f = FORWARD[side]
    one = (x, y + f)
    if exists(*one) and one not in board:
        yield one
        two = (x, y + 2 * f)
        if cell in DOUBLE[side] and two not in board:
            yield two
    for dx, dy in CAPTURES[side]:
        to = (x + dx, y + dy)
        target = board.get(to)
        if (target and colour(target) != side) or to == ep:
            yield to


def piece_moves(board, side, cell, piece):
    x, y = cell
    kind = piece.upper()
    steps = KNIGHT if kind == "N" else ORTHO + DIAG if kind in "KQ" else ORTHO if kind == "R" else DIAG
    slide = kind in "QRB"
    for dx, dy in steps:
        cx, cy = x + dx, y + dy
        while exists(cx, cy):
            target = board.get((cx, cy))
            if not target or colour(target) != side:
                yield (cx, cy)
            if target or not slide:
                break
            cx, cy = cx + dx, cy + dy


class McCooey:
    def set_position(self, position, moves):
        self.board, self.side, self.ep, self.victim = from_position(position)
        for text in moves:
            found = [m for m in self.legal() if self.text(m) == text]
            if not found:
                raise ValueError("illegal move %s" % text)
            self.board, self.side, self.ep, self.victim = self.play(found[0])

    def text(self, move):
        return name(move[0]) + name(move[1]) + (move[2] or "")

    def pseudo(self):
        for cell, piece in list(self.board.items()):
            if colour(piece) != self.side:
                continue
            if piece.upper() != "P":
                for to in piece_moves(self.board, self.side, cell, piece):
                    yield (cell, to, None)
                continue
            for to in pawn_moves(self.board, self.side, self.ep, cell):
                last = not exists(to[0], to[1] + FORWARD[self.side])  # last cell of the file
                for promo in ("q", "r", "b", "n") if last else (None,):
                    yield (cell, to, promo)

    def play(self, move):
        """(board, side, ep, victim) after move; the original is untouched."""
        (fx, fy), to, promo = move
        board = dict(self.board)
        piece = board.pop((fx, fy))
        if piece.upper() == "P" and to == self.ep:
            board.pop(self.victim, None)  # en passant
        board[to] = (promo.upper() if self.side == "w" else promo) if promo else piece
        ep = victim = None
        if piece.upper() == "P" and abs(to[1] - fy) == 2 and to[0] == fx:
            ep, victim = (fx, (fy + to[1]) // 2), to  # only a straight double step
        return board, ("b" if self.side == "w" else "w"), ep, victim

    def legal(self):
        result = []
        for move in self.pseudo():
            board = self.play(move)[0]
            king = next(c for c, p in board.items() if p == ("K" if self.side == "w" else "k"))
            if not attacked(board, king, "b" if self.side == "w" else "w"):
                result.append(move)
        return result

    def perft(self, depth):
        moves = self.legal()
        if depth == 1:
            return len(moves)
        saved, total = (self.board, self.side, self.ep, self.victim), 0
        for move in moves:
            self.board, self.side, self.ep, self.victim = self.play(move)
            total += self.perft(depth - 1)
            self.board, self.side, self.ep, self.victim = saved
        return total

    def divide(self, depth):
        saved, lines = (self.board, self.side, self.ep, self.victim), []
        for move in self.legal():
            self.board, self.side, self.ep, self.victim = self.play(move)
            lines.append((self.text(move), self.perft(depth - 1) if depth > 1 else 1))
            self.board, self.side, self.ep, self.victim = saved
        return lines


def divide(query):
    """The one function hexkit asks for: the divide of query's position."""
    if query["variant"] != "mccooey" or query["profile"] not in ("std", "ludii"):
        raise ValueError("this engine plays mccooey (std) only, not %s/%s" % (query["variant"], query["profile"]))
    engine = McCooey()
    engine.set_position(query["position"], query["moves"])
    return engine.divide(query["depth"])


if __name__ == "__main__":
    sys.exit(hexkit.serve(divide, "mccooey_engine.py"))
