/*
 * test_perft.c - the published move counts of the specification (§8 of each
 * variant file), and TALV's hand derivations of depth 1.
 */
#include "helpers.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

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

/* A bucket's second entry (perft_deep.c: [0] keeps the deeper subtree, [1]
 * takes the rest): with the smallest table, one bucket of two entries, a
 * depth-4 count stores a depth-3 subtree in entry 0 and then the next
 * depth-2 subtrees in entry 1, so the count goes through the replacement
 * path and must still be perft's, from a one-bucket table as from none. */
static void one_bucket_uses_both_entries(void **state)
{
    (void)state;
    hx_position *pos = open_fen("glinski", "std", "1/2k/1n3/7/9/11/11/4P6/11/11/4Q1K4 w - - 0 1");
    uint64_t want = hx_perft(pos, 4);
    assert_true(want > 0);
    assert_true(hx_perft_deep(pos, 4, 1, 32, 0) == want);
    assert_true(hx_perft_deep(pos, 4, 1, 32, HX_PERFT_NO_BULK) == want);
    hx_position_free(pos);
}

/* Counts one position with the cache and without, failing with both. */
static void deep_count_agrees(hx_position *pos, int depth, const char *what)
{
    uint64_t want = hx_perft(pos, depth);
    uint64_t got = hx_perft_deep(pos, depth, 1, 1 << 20, 0);
    if (got != want)
        fail_msg("%s: deep perft %llu with a table, perft %llu", what, (unsigned long long)got,
                 (unsigned long long)want);
}

/* The Zobrist key leaves out two things that change the moves (hexref.h,
 * docs/perft.md), so the deep count's cache must keep apart what the key
 * does not. Brusky: the white pawns d2 and e2 double-step in either order
 * (d2f4 to the NE, e2e4 to the NW), both crossing e3, so the two orders
 * reach the same men with the same e.p. cell e3, and differ only in the
 * victim that d4xe3 removes (f4 after e2e4 first, e4 after d2f4 first);
 * the knight e5 blocks e4's steps but not f4's, so the two subtrees count
 * differently. Gliński diag-firstmove: after c2xd3 the pawn has re-entered
 * a start cell and may step only once; every position of the tree below
 * keeps it so (or moves it), and they must not share counts. */
static void deep_perft_keeps_apart_what_the_key_leaves_out(void **state)
{
    (void)state;
    hx_position *pos = open_pieces("brusky", "std", "W Kf1 Pd2 Pe2, B Kg8 Pd4 Ne5");
    hx_error err;
    hx_position *a = hx_position_new(hx_position_rules(pos)), *b = hx_position_new(hx_position_rules(pos));
    hx_position_copy(a, pos);
    hx_position_copy(b, pos);
    assert_int_equal(hx_play_moves(a, "e2e4 g8h8 d2f4", 0, &err), 0);
    assert_int_equal(hx_play_moves(b, "d2f4 g8h8 e2e4", 0, &err), 0);
    char fa[HX_FEN_MAX], fb[HX_FEN_MAX];
    hx_position_fen(a, fa);
    hx_position_fen(b, fb);
    /* HexFEN writes the victim ("e3:f4", "e3:e4"): the same up to it ... */
    assert_string_equal(fa, "4k4/10/11/4n7/3pPP6/11/10/5K3 b - e3:f4 0 2");
    assert_string_equal(fb, "4k4/10/11/4n7/3pPP6/11/10/5K3 b - e3:e4 0 2");
    assert_true(hx_position_key(a) == hx_position_key(b)); /* ... the same key ... */
    assert_true(hx_perft(a, 2) != hx_perft(b, 2));            /* ... not the same moves */
    deep_count_agrees(pos, 5, "brusky transposition");
    hx_position_free(a);
    hx_position_free(b);
    hx_position_free(pos);
    pos = open_fen("glinski", "diag-firstmove", "1/2k/5/7/9/11/11/11/3n7/1nP8/6K4 w - - 0 1");
    assert_int_equal(hx_play_moves(pos, "c2d3 g10g9", 0, &err), 0);
    deep_count_agrees(pos, 4, "glinski diag-firstmove, re-entered pawn d3");
    hx_position_free(pos);
}

static void count_calls(void *ctx, int job, uint64_t nodes)
{
    (void)job;
    (void)nodes;
    ++*(int *)ctx;
}

/* A watched count resumes from the jobs' counts it is given and reports
 * each job it runs; a watch whose size is not the count's number of jobs
 * is refused (hexref.h) and touches nothing, with one thread or two. */
static void watched_count_refuses_a_watch_of_another_size(void **state)
{
    (void)state;
    hx_position *pos = open_fen("glinski", "std", NULL);
    int n = hx_perft_deep_jobs(pos, 3);
    assert_int_equal(n, 51); /* the 51 first moves: one ply of jobs at depth 3 */
    uint64_t nodes[52];
    for (int threads = 1; threads <= 2; threads++)
        for (int size = n - 1; size <= n + 1; size++) {
            int calls = 0;
            for (int i = 0; i < 52; i++)
                nodes[i] = HX_PERFT_NOT_DONE;
            hx_perft_watch w = {.job_nodes = nodes, .njobs = size, .job_done = count_calls,
                                .ctx = &calls};
            uint64_t got = hx_perft_deep_watched(pos, 3, threads, 0, 0, &w);
            if (size != n) {
                assert_true(got == UINT64_MAX);
                assert_int_equal(calls, 0);
                for (int i = 0; i < 52; i++)
                    assert_true(nodes[i] == HX_PERFT_NOT_DONE);
                continue;
            }
            assert_true(got == hx_perft(pos, 3));
            assert_int_equal(calls, n);
            calls = 0; /* resumed with every job done: nothing runs again */
            assert_true(hx_perft_deep_watched(pos, 3, threads, 0, 0, &w) == got);
            assert_int_equal(calls, 0);
        }
    hx_position_free(pos);
}

#if defined(__GLIBC__)
/* Bytes the C library has handed out and not got back (glibc: the heap and
 * the large blocks it maps, such as the table). */
static size_t heap_in_use(void)
{
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}
#endif

/* A deep count gives back all it takes, its transposition table too: ten
 * counts with a 1 MiB table leave the heap as it was (counted by glibc). */
static void deep_count_gives_back_its_memory(void **state)
{
    (void)state;
#if defined(__GLIBC__)
    hx_position *pos = open_fen("glinski", "std", NULL);
    uint64_t want = hx_perft(pos, 3);
    assert_true(hx_perft_deep(pos, 3, 1, 1 << 20, 0) == want);
    size_t before = heap_in_use();
    for (int i = 0; i < 10; i++)
        assert_true(hx_perft_deep(pos, 3, 1, 1 << 20, 0) == want);
    assert_int_equal(heap_in_use(), before);
    hx_position_free(pos);
#else
    skip(); /* no portable way to ask the heap; the ASan build checks leaks */
#endif
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
        cmocka_unit_test(one_bucket_uses_both_entries),
        cmocka_unit_test(deep_perft_keeps_apart_what_the_key_leaves_out),
        cmocka_unit_test(watched_count_refuses_a_watch_of_another_size),
        cmocka_unit_test(deep_count_gives_back_its_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
