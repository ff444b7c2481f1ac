/*
 * test_make_unmake.c - make then unmake restores everything: placement,
 * side, rights, e.p. record, clocks and the Zobrist key; and the
 * incremental key always equals one computed from scratch.
 */
#include "helpers.h"

#include <stdlib.h>

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

/* The HexFEN without its two clock fields: what the key must tell apart. */
static void position_part(const hx_position *pos, char *out)
{
    hx_position_fen(pos, out);
    for (int fields = 0; fields < 2; fields++)
        *strrchr(out, ' ') = '\0';
}

/* The key is a function of the position: after every make and every unmake
 * of random games, the incremental key equals the key of a fresh position
 * parsed from the HexFEN (computed from scratch, not by make), and two
 * positions seen with the same key are the same position. */
typedef struct {
    uint64_t key;
    char text[HX_FEN_MAX];
} keyed;

static int by_key(const void *a, const void *b)
{
    uint64_t x = ((const keyed *)a)->key, y = ((const keyed *)b)->key;
    return x < y ? -1 : x > y;
}

static void check_key_from_scratch(hx_position *pos, const char *variant, const char *profile,
                                   keyed *seen, int *nseen)
{
    char fen[HX_FEN_MAX];
    hx_position_fen(pos, fen);
    hx_position *fresh = open_fen(variant, profile, fen);
    if (hx_position_key(fresh) != hx_position_key(pos))
        fail_msg("%s/%s: incremental key differs from the key of %s", variant, profile, fen);
    hx_position_free(fresh);
    seen[*nseen].key = hx_position_key(pos);
    position_part(pos, seen[*nseen].text);
    ++*nseen;
}

static void keys_are_a_function_of_the_position(void **state)
{
    (void)state;
    enum { PLIES = 60, SEEDS = 2 };
    static keyed seen[2 * PLIES * SEEDS];
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        for (int i = 0; i < hx_profile_count(variant); i++) {
            const char *profile = hx_profile_name(variant, i);
            int nseen = 0;
            for (uint64_t seed = 11; seed < 11 + SEEDS; seed++) {
                hx_position *pos = open_fen(variant, profile, NULL);
                int made = 0;
                while (made < PLIES && play_random_move(pos, &seed)) {
                    made++;
                    check_key_from_scratch(pos, variant, profile, seen, &nseen);
                }
                while (made-- > 0) {
                    hx_unmake(pos);
                    check_key_from_scratch(pos, variant, profile, seen, &nseen);
                }
                hx_position_free(pos);
            }
            qsort(seen, (size_t)nseen, sizeof seen[0], by_key);
            for (int k = 1; k < nseen; k++)
                if (seen[k].key == seen[k - 1].key && strcmp(seen[k].text, seen[k - 1].text) != 0)
                    fail_msg("%s/%s: one key for two positions:\n  %s\n  %s", variant, profile,
                             seen[k - 1].text, seen[k].text);
        }
    }
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
        cmocka_unit_test(keys_are_a_function_of_the_position),
        cmocka_unit_test(copy_keeps_history),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
