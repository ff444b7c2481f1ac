"""The engine's checks with hexref.verify, as plain pytest tests. The
fixtures and suite lines one by one are the plugin's (README.md):
    pytest --hexref-engine my_engine:divide --hexref-variant glinski
"""
import hexref

from my_engine import VARIANT, divide


def test_the_initial_position_to_depth_3():
    result = hexref.verify(divide, variant=VARIANT, depth=3)
    assert result.ok, result.report()


def test_random_positions():
    result = hexref.verify(divide, variant=VARIANT, random=20, seed=7, depth=2)
    assert result.ok, result.report()
    assert result.passed == 20


def test_the_fixtures():
    result = hexref.verify(divide, variant=VARIANT, fixtures=True)
    assert result.ok, result.report()


def test_a_planted_fault_is_found():
    """How a finding looks: an engine that forgets every knight promotion
    is caught at the position and move where it first differs."""
    def no_knight_promotions(fen, moves, depth):
        position = hexref.Position(VARIANT, fen=fen).play(moves)
        return {move: count for move, count in position.divide(depth).items()
                if not move.endswith("n")}

    # a line of glinski-std.epd ("promo-capture-1"): White's g9 pawn promotes
    fen = "1/3/n2Pb/6k/2P3p2/1p2rp1ppp1/3P7/2p8/5B5/R1P4b1N1/1K1N3R1P1 w - - 1 31"
    result = hexref.verify(no_knight_promotions, variant=VARIANT, fen=fen, depth=2)
    assert not result.ok
    minimal = result.failures[0]["minimal"]
    assert minimal["position"] == fen
    assert [m["move"] for m in minimal["difference"]["missing"]] == ["g9g10n", "g9h9n"]
