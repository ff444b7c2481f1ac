"""The engine under test: one function, the perft divide of a position.

This one stands in for yours. It answers with hexref's own counts, so
every check passes; replace the body of divide() with a call of your
engine (set up the HexFEN, play the moves, count) and keep its signature.
"""
import hexref

VARIANT = "glinski"


def divide(fen, moves, depth):
    """{move text: leaves below it to depth - 1} of the position `fen`
    after `moves` (a list of move texts, [] for none); depth >= 1.
    Perftree text ("MOVE COUNT" lines, a blank line, the total) is fine too."""
    position = hexref.Position(VARIANT, fen=fen)
    position.play(moves)
    return position.divide(depth)
