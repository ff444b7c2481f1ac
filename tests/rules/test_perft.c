/*
 * test_perft.c - the published move counts of the specification (§8 of each
 * variant file), and TALV's hand derivations of depth 1.
 */
#include "helpers.h"

static void published_counts(void **state)
{
    (void)state;
    static const struct {
        const char *variant;
        uint64_t counts[3];
    } published[] = {
        {"shafran", {42, 1706, 75494}},
        {"brusky", {61, 3583, 217683}},
        {"glinski", {51, 2586, 137858}},
        {"mccooey", {31, 947, 33307}},
    };
    for (int i = 0; i < 4; i++) {
        hx_position *pos = open_fen(published[i].variant, "std", NULL);
        for (int d = 1; d <= 3; d++)
            assert_int_equal(hx_perft(pos, d), published[i].counts[d - 1]);
        hx_position_free(pos);
    }
}

static void glinski_depth_one_list(void **state)
{
    (void)state;
    /* glinski.md §8: HCC's list of the 51 moves, sorted. */
    hx_position *pos = open_fen("glinski", "std", NULL);
    ASSERT_MOVES(pos, NULL,
                 "b1b2 b1b3 c1d2 c1e3 c1f4 c2c3 c2c4 d1b2 d1c3 d1f4 d1g2 d3d4 d3d5 e1a5 e1b4 "
                 "e1c3 e1d2 e1e2 e1e3 e4e5 e4e6 f1e2 f1g2 f2b6 f2c5 f2d4 f2e3 f2g3 f2h4 f2i5 "
                 "f2k6 f3d2 f3h2 f5f6 g1g2 g1h2 g4g5 g4g6 h1e2 h1f4 h1i3 h1k2 h3h4 h3h5 i1f4 "
                 "i1g3 i1h2 i2i3 i2i4 k1k2 k1k3");
    hx_position_free(pos);
}

static void mccooey_depth_one_list(void **state)
{
    (void)state;
    /* mccooey.md §8: TALV's derivation of the 31 moves. */
    hx_position *pos = open_fen("mccooey", "std", NULL);
    ASSERT_MOVES(pos, NULL,
                 "c1c2 c1c3 d2d3 d2d4 e2b1 e2c3 e2d4 e2f5 e2g4 e3e4 e3e5 f3b7 f3c6 f3d5 f3e4 "
                 "f3g4 f3h5 f3i6 f3k7 f4f5 g2e4 g2f5 g2h4 g2i3 g2k1 g3g4 g3g5 h2h3 h2h4 i1i2 "
                 "i1i3");
    hx_position_free(pos);
}

static void shafran_depth_one_by_piece(void **state)
{
    (void)state;
    /* shafran.md §8: 19 pawn, 7 knight, 12 bishop, 4 queen moves. */
    hx_position *pos = open_fen("shafran", "std", NULL);
    ASSERT_MOVES(pos, "b1", "b1a3 b1c4 b1d4 b1e3");
    ASSERT_MOVES(pos, "g3", "g3e4 g3f5 g3h6");
    ASSERT_MOVES(pos, "d1", "d1e3 d1f5 d1g7 d1h9");
    ASSERT_MOVES(pos, "e2", "e2e3 e2e4 e2e5");
    ASSERT_MOVES(pos, "a2", "a2a3");
    ASSERT_MOVES(pos, "i6", "i6i7");
    ASSERT_MOVES(pos, "e1", "");
    hx_position_free(pos);
}

static void brusky_depth_one_by_piece(void **state)
{
    (void)state;
    /* brusky.md §8: 40 pawn moves, 1 king move (f1-g3), the c1 bishop's
     * vertical run (7.16). */
    hx_position *pos = open_fen("brusky", "std", NULL);
    ASSERT_MOVES(pos, "f1", "f1g3");
    ASSERT_MOVES(pos, "c1", "c1d3 c1e5 c1f7");
    ASSERT_MOVES(pos, "e2", "e2e3 e2e4 e2f3 e2g4");
    hx_position_free(pos);
}

/* Deep perft is perft: whatever the threads, the transposition table (none,
 * one bucket, a tiny one that overwrites itself, a roomy one) and the
 * last-ply mode, it counts the same leaves as hx_perft, on positions of
 * random games of every profile (e.p. records, re-entered pawns and lost
 * rights included). */
static void deep_perft_is_perft(void **state)
{
    (void)state;
    const size_t hashes[] = {0, 32, 4096, 1 << 20}; /* 32 bytes: one bucket */
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        for (int i = 0; i < hx_profile_count(variant); i++) {
            const char *profile = hx_profile_name(variant, i);
            uint64_t seed = 77 + (uint64_t)i;
            hx_position *pos = open_fen(variant, profile, NULL);
            for (int ply = 0; ply < 24; ply++) {
                if (!play_random_move(pos, &seed))
                    break;
                if (ply % 8 != 7)
                    continue;
                uint64_t want = hx_perft(pos, 3);
                for (size_t h = 0; h < sizeof hashes / sizeof hashes[0]; h++)
                    for (int threads = 1; threads <= 2; threads++) {
                        int flags = (int)h == 1 ? HX_PERFT_NO_BULK : 0;
                        uint64_t got = hx_perft_deep(pos, 3, threads, hashes[h], flags);
                        if (got != want)
                            fail_msg("%s/%s ply %d: deep perft %llu (threads %d, hash %zu, "
                                     "flags %d), perft %llu", variant, profile, ply,
                                     (unsigned long long)got, threads, hashes[h], flags,
                                     (unsigned long long)want);
                    }
            }
            hx_position_free(pos);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(published_counts),
        cmocka_unit_test(glinski_depth_one_list),
        cmocka_unit_test(mccooey_depth_one_list),
        cmocka_unit_test(shafran_depth_one_by_piece),
        cmocka_unit_test(brusky_depth_one_by_piece),
        cmocka_unit_test(deep_perft_is_perft),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
