/*
 * test_make_unmake.c - make then unmake restores everything: placement,
 * side, rights, e.p. record, clocks and the Zobrist key; and the
 * incremental key always equals one computed from scratch.
 */
#include "helpers.h"

static void check_every_move_restores(hx_position *pos)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    char before[HX_FEN_MAX], after[HX_FEN_MAX];
    hx_position_fen(pos, before);
    uint64_t key = hx_position_key(pos);
    for (int i = 0; i < n; i++) {
        hx_error err;
        hx_make(pos, moves[i]);
        if (hx_position_check(pos, &err) != 0)
            fail_msg("after a move from %s: %s", before, err.message);
        hx_unmake(pos);
        hx_position_fen(pos, after);
        assert_string_equal(after, before);
        assert_int_equal(hx_position_key(pos), key);
        assert_int_equal(hx_position_check(pos, &err), 0);
    }
}

/* A long random walk per profile, unwound move by move at the end: every
 * unmake must give back the exact HexFEN seen on the way down. */
static void walk(const char *variant, const char *profile, uint64_t seed)
{
    static char seen[400][HX_FEN_MAX];
    hx_position *pos = open_fen(variant, profile, NULL);
    int made = 0;
    for (; made < 400; made++) {
        hx_position_fen(pos, seen[made]);
        check_every_move_restores(pos);
        if (!play_random_move(pos, &seed))
            break;
    }
    for (int d = made; d > 0; d--) {
        hx_unmake(pos);
        char fen[HX_FEN_MAX];
        hx_position_fen(pos, fen);
        assert_string_equal(fen, seen[d - 1]);
    }
    hx_position_free(pos);
}

static void random_walks_unwind_exactly(void **state)
{
    (void)state;
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        for (int i = 0; i < hx_profile_count(variant); i++)
            for (uint64_t seed = 1; seed <= 3; seed++)
                walk(variant, hx_profile_name(variant, i), seed);
    }
}

static void keys_differ_by_side_rights_and_ep(void **state)
{
    (void)state;
    hx_position *a = open_fen("shafran", "std", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIai - 0 1");
    hx_position *b = open_fen("shafran", "std", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIa - 0 1");
    hx_position *c = open_fen("shafran", "std", "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK b AIai - 0 1");
    assert_int_not_equal(hx_position_key(a), hx_position_key(b));
    assert_int_not_equal(hx_position_key(a), hx_position_key(c));
    hx_position_free(a);
    hx_position_free(b);
    hx_position_free(c);
}

static void copy_keeps_history(void **state)
{
    (void)state;
    hx_position *a = open_fen("glinski", "std", NULL);
    hx_error err;
    assert_int_equal(hx_play_moves(a, "g4g6 f7f6 h3h4", 0, &err), 0);
    hx_position *b = open_fen("glinski", "std", NULL);
    hx_position_copy(b, a);
    hx_unmake(b);
    hx_unmake(b);
    hx_unmake(b);
    char fa[HX_FEN_MAX], fb[HX_FEN_MAX];
    hx_position_fen(b, fb);
    hx_position_set_fen(a, NULL, &err);
    hx_position_fen(a, fa);
    assert_string_equal(fa, fb);
    hx_position_free(a);
    hx_position_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_walks_unwind_exactly),
        cmocka_unit_test(keys_differ_by_side_rights_and_ep),
        cmocka_unit_test(copy_keeps_history),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
