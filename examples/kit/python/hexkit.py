"""hexkit.py - the adapter kit for engines written in Python (docs/adapters.md).

The engine's author writes ONE function, divide(query), and calls
serve(divide). The kit does the rest of docs/protocol.md:

    script (default):  engine DEPTH HEXFEN [MOVES]   (HEXREF_VARIANT, HEXREF_PROFILE)
    uci:               engine --uci   (uci / isready / setoption / position / go perft / quit)

query is a dict {variant, profile, fen, position, moves, depth}:
    position = parse(variant, fen), a plain dict:
        {variant, cells: {name: piece letter}, side: 'w'|'b',
         rights: [{letter, side, rook}], ep: None | {cells: [...], victim},
         halfmove, fullmove}
    moves = move texts to play on the position first (may be empty).
divide returns [(move_text, count), ...] (or a dict); raise ValueError to
answer 'error MESSAGE' (a position or a move the engine rejects). Any other
exception is answered 'error TYPE: MESSAGE' too, and the engine keeps
serving: one bad query never ends the session.

An engine with no perft of its own needs no divide: divide_from_moves(setup,
legal_moves, play) makes one from its move generator. An engine that sets up
no position but its own initial one uses divide_from_history(new_game,
legal_moves, play) and is run with `hexref verify --history`: every query is
then "startpos" plus the moves (query["startpos"] is True). An engine that knows
checkmate and stalemate passes status(query) -> 'checkmate' | 'stalemate' |
'check' | 'ongoing' to serve, and hexref checks the fixtures' status
expectations too (docs/protocol.md, "Optional: statuses").
"""
import itertools
import os
import re
import sys
from fractions import Fraction

# Geometry (docs/conventions.md): which (x, y) exist, file letters, rank number.
GLINSKI = {
    "files": "abcdefghikl",
    "exists": lambda x, y: 0 <= x <= 10 and 0 <= y <= 10 and -5 <= x - y <= 5,
    "rank": lambda x, y: y + 1 - max(0, x - 5),
}
VARIANTS = {
    "shafran": {
        "files": "abcdefghi",
        "exists": lambda x, y: 0 <= x <= 8 and 0 <= y <= 9 and -5 <= x - y <= 4,
        "rank": lambda x, y: y + 1,
        "start": "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIai - 0 1",
    },
    "brusky": {
        "files": "abcdefghijkl",
        "exists": lambda x, y: 0 <= x <= 11 and 0 <= y <= 7 and -4 <= x - y <= 8,
        "rank": lambda x, y: y + 1,
        "start": "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w AIdl - 0 1",
        "victim_always": True,
    },
    "glinski": dict(GLINSKI, start="b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1"),
    "mccooey": dict(GLINSKI, start="b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1"),
}

_GEOMETRY = {}


def geometry(variant):
    """{'cells': [(x, y, name)], 'by_name': {name: (x, y)}, 'by_xy': {(x, y): name},
    'ranks': [names of each rank in file order, highest rank first]}"""
    if variant in _GEOMETRY:
        return _GEOMETRY[variant]
    if variant not in VARIANTS:
        raise ValueError("unknown variant '%s' (shafran, brusky, glinski, mccooey)" % variant)
    v = VARIANTS[variant]
    cells, ranks = [], {}
    for x in range(16):
        for y in range(16):
            if v["exists"](x, y):
                name = "%s%d" % (v["files"][x], v["rank"](x, y))
                cells.append((x, y, name))
                ranks.setdefault(v["rank"](x, y), []).append(name)  # x ascending
    _GEOMETRY[variant] = {
        "cells": cells,
        "by_name": {name: (x, y) for x, y, name in cells},
        "by_xy": {(x, y): name for x, y, name in cells},
        "ranks": [ranks[r] for r in sorted(ranks, reverse=True)],
    }
    return _GEOMETRY[variant]


# --- the engine's own coordinates ------------------------------------------

OFFSETS = ("odd-r", "even-r", "odd-q", "even-q")


def offset_from_axial(q, r, kind):
    """Axial (q, r) to an offset layout (odd-r: odd rows shoved right, ...)."""
    if kind in ("odd-r", "even-r"):
        parity = r & 1 if kind == "odd-r" else -(r & 1)
        return (q + (r - parity) // 2, r)
    parity = q & 1 if kind == "odd-q" else -(q & 1)
    return (q, r + (q - parity) // 2)


def axial_from_offset(col, row, kind):
    if kind in ("odd-r", "even-r"):
        parity = row & 1 if kind == "odd-r" else -(row & 1)
        return (col - (row - parity) // 2, row)
    parity = col & 1 if kind == "odd-q" else -(col & 1)
    return (col, row - (col - parity) // 2)


def coordinates(variant, samples, offset=None):
    """The engine's coordinates of every cell, from a few it gives: samples
    maps three or more cell names (not on one line) to the engine's pair for
    each, in any axial system (any orientation, origin or handedness), or in
    an offset layout when offset is one of OFFSETS. Returns (to_engine,
    from_engine): to_engine(name) -> the engine's pair, from_engine(pair) ->
    the name (None off the board). Raises ValueError when no such map fits
    every sample, so a wrong guess of the engine's layout is found at once,
    not deep in a perft."""
    if offset is not None and offset not in OFFSETS:
        raise ValueError("offset %r is not one of %s" % (offset, ", ".join(OFFSETS)))
    g = geometry(variant)
    points = []
    for name, pair in samples.items():
        if name not in g["by_name"]:
            raise ValueError("%s is not a cell of %s" % (name, variant))
        points.append((g["by_name"][name], axial_from_offset(*pair, offset) if offset else tuple(pair)))
    # Three samples not on one line fix the affine map (x, y) -> (q, r).
    def area(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])
    base = next(((a, b, c, area(a[0], b[0], c[0])) for a, b, c in itertools.combinations(points, 3)
                 if area(a[0], b[0], c[0])), None)
    if base is None:
        raise ValueError("the samples need three cells that are not on one line")
    (p0, e0), (p1, e1), (p2, e2), det = base
    coef = []
    for axis in range(2):  # engine = a*x + b*y + c, per axis
        d1, d2 = e1[axis] - e0[axis], e2[axis] - e0[axis]
        a = Fraction(d1 * (p2[1] - p0[1]) - d2 * (p1[1] - p0[1]), det)
        b = Fraction(d2 * (p1[0] - p0[0]) - d1 * (p2[0] - p0[0]), det)
        c = e0[axis] - a * p0[0] - b * p0[1]
        if any(v.denominator != 1 for v in (a, b, c)):
            raise ValueError("no whole-number map from hexref's cells fits the samples")
        coef.append((int(a), int(b), int(c)))
    if abs(coef[0][0] * coef[1][1] - coef[0][1] * coef[1][0]) != 1:
        raise ValueError("the samples do not map the board one to one (not a hex lattice map)")

    def axial(x, y):
        return tuple(a * x + b * y + c for a, b, c in coef)

    for (x, y), pair in points:
        if axial(x, y) != pair:
            raise ValueError("the samples disagree: no one map fits them all")
    to = {name: axial(x, y) for x, y, name in g["cells"]}
    if offset:
        to = {name: offset_from_axial(q, r, offset) for name, (q, r) in to.items()}
    back = {pair: name for name, pair in to.items()}
    return (lambda name: to[name]), (lambda pair: back.get(tuple(pair)))


# --- hexchess.club's FEN ------------------------------------------------------

def from_hexchess_club(fen):
    """The HexFEN of a hexchess.club FEN (@bedard/hexchess, Gliński only):
    the same placement, side, e.p. cell and clocks, without the castling
    field (Gliński has none), so the kit adds '-'. Raises ValueError for a
    FEN that is not one."""
    fields = fen.split()
    if len(fields) != 5:
        raise ValueError("a hexchess.club FEN has 5 fields (placement side e.p. halfmove fullmove), "
                         "not %d: %r" % (len(fields), fen))
    hexfen = " ".join(fields[:2] + ["-"] + fields[2:])
    return format_fen(parse("glinski", hexfen))


def to_hexchess_club(hexfen):
    """A Gliński HexFEN as hexchess.club writes it: without the castling field."""
    fields = format_fen(parse("glinski", hexfen)).split()
    return " ".join(fields[:2] + fields[3:])


# --- the e.p. state in the engine's own terms -------------------------------

def ep_last_move(variant, ep):
    """The double (or triple) step that made ep ({cells, victim}, as parse
    gives it): (from, to), for an engine that keeps the last move instead of
    the crossed cells. The pawn went from one step before the first crossed
    cell, along the line of the crossed cells, to the victim's cell."""
    g = geometry(variant)
    first, victim = g["by_name"][ep["cells"][0]], g["by_name"][ep["victim"]]
    nxt = g["by_name"][ep["cells"][1]] if len(ep["cells"]) > 1 else victim
    start = (2 * first[0] - nxt[0], 2 * first[1] - nxt[1])
    if start not in g["by_xy"]:
        raise ValueError("e.p. cells %s and victim %s are not one pawn step" % (ep["cells"], ep["victim"]))
    return g["by_xy"][start], ep["victim"]


def ep_from_move(variant, frm, to):
    """The e.p. state ({cells, victim}, for format_fen) that a pawn's multi-
    step from frm to to leaves: the cells it crossed, and itself as the
    victim. For an engine that keeps the crossed cell, ep_from_move is not
    needed; one that keeps only the victim passes the move it knows."""
    g = geometry(variant)
    (x0, y0), (x1, y1) = g["by_name"][frm], g["by_name"][to]
    steps = max(abs(x1 - x0), abs(y1 - y0))
    if steps < 2 or (x1 - x0) % steps or (y1 - y0) % steps:
        raise ValueError("%s-%s is not a straight multi-step" % (frm, to))
    dx, dy = (x1 - x0) // steps, (y1 - y0) // steps
    return {"cells": [g["by_xy"][(x0 + i * dx, y0 + i * dy)] for i in range(1, steps)], "victim": to}


def cell_at(variant, x, y):
    """The name of cell (x, y), or None where the board has no cell."""
    return geometry(variant)["by_xy"].get((x, y))


def move_text(frm, to, promotion=None):
    """hexref move text: from, to, promotion letter in lower case."""
    return frm + to + (promotion.lower() if promotion else "")


def _fail(fen, what):
    raise ValueError("bad HexFEN '%s': %s" % (fen, what))


def _placement(variant, fen, text):
    ranks, rows, cells = geometry(variant)["ranks"], text.split("/"), {}
    if len(rows) != len(ranks):
        _fail(fen, "%d ranks, %s has %d" % (len(rows), variant, len(ranks)))
    for i, row in enumerate(rows):
        names, rank_no, k = ranks[i], len(ranks) - i, 0
        for token in re.findall(r"[0-9]+|.", row):
            if token.isdigit():
                k += int(token)
                continue
            if token not in "KQRBNPkqrbnp":
                _fail(fen, "rank %d: unknown piece '%s'" % (rank_no, token))
            if k >= len(names):
                _fail(fen, "rank %d has more than %d cells" % (rank_no, len(names)))
            cells[names[k]] = token
            k += 1
        if k != len(names):
            _fail(fen, "rank %d has %d cells, not %d" % (rank_no, k, len(names)))
    return cells


def _rook_home(variant, letter):
    """The right of a castling letter: the rook of that side in that file in
    the variant's initial position."""
    side = "w" if letter.isupper() else "b"
    start = VARIANTS[variant]["start"]
    cells = _placement(variant, start, start.split()[0])
    rook = "R" if side == "w" else "r"
    for name, piece in cells.items():
        if piece == rook and name[0] == letter.lower():
            return {"letter": letter, "side": side, "rook": name}
    return None


def _default_victim(variant, crossed, mover):
    """The victim a HexFEN leaves implicit: the next cell along the file."""
    x, y = geometry(variant)["by_name"][crossed[-1]]
    return cell_at(variant, x, y + (1 if mover == "w" else -1))


def parse(variant, fen):
    """The plain structure of a HexFEN (see the module docstring)."""
    fields = str(fen).split()
    if len(fields) not in (4, 6):
        _fail(fen, "%d fields, expected 6" % len(fields))
    placement, side, castling, ep = fields[:4]
    halfmove, fullmove = fields[4:] if len(fields) == 6 else ("0", "1")
    cells = _placement(variant, fen, placement)
    if side not in ("w", "b"):
        _fail(fen, "side '%s' is not w or b" % side)
    rights = []
    for letter in ("" if castling == "-" else castling):
        right = _rook_home(variant, letter)
        if not right:
            _fail(fen, "castling letter '%s' names no rook home cell" % letter)
        rights.append(right)
    en_passant = None
    if ep != "-":
        crossed_text, _, victim = ep.partition(":")
        crossed = crossed_text.split(",")
        for name in crossed + ([victim] if victim else []):
            if name not in geometry(variant)["by_name"]:
                _fail(fen, "e.p. field names '%s', which is not a cell" % name)
        mover = "b" if side == "w" else "w"
        en_passant = {"cells": crossed, "victim": victim or _default_victim(variant, crossed, mover)}
    if not (halfmove.isdigit() and fullmove.isdigit()):
        _fail(fen, "clocks are not numbers")
    return {"variant": variant, "cells": cells, "side": side, "rights": rights,
            "ep": en_passant, "halfmove": int(halfmove), "fullmove": int(fullmove)}


def format_fen(position):
    """The canonical HexFEN of a structure parse() returned."""
    variant = position["variant"]
    rows = []
    for names in geometry(variant)["ranks"]:
        row, empty = "", 0
        for name in names:
            piece = position["cells"].get(name)
            if not piece:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    letters = [r["letter"] for r in position["rights"]]
    castling = "".join(sorted(l for l in letters if l.isupper())) + \
               "".join(sorted(l for l in letters if l.islower()))
    ep = "-"
    if position["ep"]:
        mover = "b" if position["side"] == "w" else "w"
        implicit = _default_victim(variant, position["ep"]["cells"], mover)
        ep = ",".join(position["ep"]["cells"])
        if VARIANTS[variant].get("victim_always") or position["ep"]["victim"] != implicit:
            ep += ":" + position["ep"]["victim"]
    return " ".join([rows and "/".join(rows), position["side"], castling or "-", ep,
                     str(position["halfmove"]), str(position["fullmove"])])


# --- a divide from the engine's own moves --------------------------------

def divide_from_moves(setup, legal_moves, play):
    """A divide(query) for an engine that has legal moves but no perft:
    setup(query) -> the engine's state for query's HexFEN (query["fen"],
    or the parsed query["position"]); legal_moves(state) -> the legal moves,
    each a move text (move_text) or a (move_text, engine_move) pair;
    play(state, engine_move) -> the state after it (a new state: the kit
    never undoes). The moves of the query are played first, by their texts;
    one the engine does not list is an error."""
    def listed(state):
        for entry in legal_moves(state):
            yield (entry, entry) if isinstance(entry, str) else (entry[0], entry[1])

    def perft(state, depth):
        if depth == 0:
            return 1
        moves = list(listed(state))
        if depth == 1:
            return len(moves)
        return sum(perft(play(state, move), depth - 1) for _, move in moves)

    def divide(query):
        state = setup(query)
        for text in query["moves"]:
            found = [move for t, move in listed(state) if t == text]
            if not found:
                raise ValueError("move %s is not legal here" % text)
            state = play(state, found[0])
        return [(text, perft(play(state, move), query["depth"] - 1)) for text, move in listed(state)]
    return divide


def divide_from_history(new_game, legal_moves, play):
    """divide_from_moves for an engine reached only by playing moves from its
    initial position: new_game(query) -> the engine's state at its start.
    hexref run with --history asks it only so ("startpos" plus the moves);
    any other position is refused with an error line naming --history."""
    def setup(query):
        if not query["startpos"]:
            raise ValueError("this engine starts only from its initial position; "
                             "run hexref verify with --history")
        return new_game(query)
    return divide_from_moves(setup, legal_moves, play)


# --- the protocols ------------------------------------------------------

STATUSES = ("checkmate", "stalemate", "check", "ongoing")


def _error_line(err):
    """'error MESSAGE' for a rejection (ValueError), 'error TYPE: MESSAGE'
    for anything else the engine raised: one line, as the protocol wants."""
    text = str(err) if isinstance(err, ValueError) else "%s: %s" % (type(err).__name__, err)
    return "error %s\n" % " ".join(text.split())


def _status_line(status, query):
    answer = status(query)
    if answer not in STATUSES:
        raise ValueError("status %r is not one of %s" % (answer, ", ".join(STATUSES)))
    return "status %s\n" % answer

def _answer(divide, query, sep):
    lines = divide(query)
    lines = sorted((str(m), int(c)) for m, c in (lines.items() if isinstance(lines, dict) else lines))
    text = "".join("%s%s %d\n" % (move, sep, count) for move, count in lines)
    total = sum(count for _, count in lines)
    return text + "\n" + ("Nodes searched: %d\n" % total if sep else "%d\n" % total)


def _query(variant, profile, fen, moves, depth):
    """fen None or "startpos": the initial position (the variant's std one
    as a HexFEN; an engine of another profile's array starts from its own)."""
    if depth < 1:
        raise ValueError("depth %d is not >= 1" % depth)
    startpos = fen in (None, "startpos")
    fen = VARIANTS.get(variant, {}).get("start") if startpos else fen
    return {"variant": variant, "profile": profile, "fen": fen, "position": parse(variant, fen),
            "moves": moves, "depth": depth, "startpos": startpos}


def _run_script(divide, args):
    if len(args) not in (2, 3) or not args[0].isdigit():
        sys.stderr.write("usage: engine DEPTH HEXFEN [MOVES]   (or: engine --uci)\n")
        return 2
    try:
        query = _query(os.environ.get("HEXREF_VARIANT", ""), os.environ.get("HEXREF_PROFILE", "std"),
                       args[1], args[2].split() if len(args) == 3 else [], int(args[0]))
        text = _answer(divide, query, "")
    except Exception as err:  # noqa: BLE001 - every failure is the engine's answer
        sys.stdout.write(_error_line(err))
        return 1
    sys.stdout.write(text)
    return 0


def _uci_hello(name, status):
    return ("id name %s\noption name UCI_Variant type string default shafran\n"
            "option name HexrefProfile type string default std\n" % name
            + ("option name HexrefStatus type check default true\n" if status else "") + "uciok\n")


def _run_uci(divide, name, status=None):
    options = {"UCI_Variant": "shafran", "HexrefProfile": "std"}
    fen, moves = None, []
    for line in sys.stdin:
        words = line.split()
        out = ""
        if not words:
            continue
        if words[0] == "uci":
            out = _uci_hello(name, status)
        elif words[0] == "isready":
            out = "readyok\n"
        elif words[0] == "setoption" and "value" in words and words[1] == "name":
            at = words.index("value")
            options[" ".join(words[2:at])] = " ".join(words[at + 1:])
        elif words[0] == "position":
            cut = words.index("moves") if "moves" in words else len(words)
            fen = " ".join(words[2:cut]) if words[1:2] == ["fen"] else None
            moves = words[cut + 1:]
        elif words[:2] == ["go", "perft"]:
            try:
                out = _answer(divide, _query(options["UCI_Variant"], options["HexrefProfile"],
                                             fen, moves, int(words[2])), ":")
            except Exception as err:  # noqa: BLE001 - the engine keeps serving
                out = _error_line(err)
        elif words[0] == "status" and status:
            try:
                out = _status_line(status, _query(options["UCI_Variant"], options["HexrefProfile"],
                                                  fen, moves, 1))
            except Exception as err:  # noqa: BLE001
                out = _error_line(err)
        elif words[0] == "quit":
            break
        if out:
            sys.stdout.write(out)
            sys.stdout.flush()
    return 0


def serve(divide, name="hexkit engine", status=None):
    """Answers over the protocol argv asks for; returns the exit code.
    status: optional, status(query) -> one of STATUSES (uci only: the
    script protocol has no status query)."""
    args = sys.argv[1:]
    return _run_uci(divide, name, status) if args == ["--uci"] else _run_script(divide, args)
