/*
 * test_perft_table.c - the deep count's lossless table (rules/perft_table.h,
 * issue 29 item 2): a probe answers only for the same 128 bits and depth,
 * the keys are the position's (the same after a transposition, apart after
 * any change the moves depend on) and the seed's (two seeds share no
 * half), and hx_perft_deep_run gives the plain count with every seed,
 * thread count and table size, saying when the table was too small to be
 * lossless. White-box: it reads rules/ (hexref_rules_internal).
 */
#include "helpers.h"

#include <stdlib.h>

#include "perft_table.h"

static perft_table *open_table(size_t bytes, uint64_t seed)
{
    perft_table *t = perft_table_open(bytes, seed);
    assert_non_null(t);
    return t;
}

static perft_key key_of(const perft_table *t, const hx_position *pos)
{
    perft_key k;
    assert_int_equal(perft_table_key(t, pos, &k), 1);
    return k;
}

/* Another position's count is never returned: a key that shares the low
 * half (the slot it lives in) but not the high one is a miss, and so is the
 * same key at another depth. */
static void probe_needs_all_128_bits_and_the_depth(void **state)
{
    (void)state;
    perft_table *t = open_table(1 << 16, 0);
    perft_tally tally = {0};
    perft_key k = {0x1234, 0xabcd}, twin = {0x1234, 0xabce};
    uint64_t count = 0;
    perft_table_store(t, &k, 3, 777, &tally);
    assert_int_equal(tally.stored, 1);
    assert_int_equal(perft_table_probe(t, &k, 3, &count, &tally), 1);
    assert_int_equal(count, 777);
    assert_int_equal(perft_table_probe(t, &twin, 3, &count, &tally), 0);
    assert_int_equal(perft_table_probe(t, &k, 4, &count, &tally), 0);
    assert_int_equal(tally.hits, 1);
    perft_table_close(t);
}

/* Lossless while it fits: keys that all want the same slot each keep their
 * own count until the window around it is full; then the shallowest entry
 * is replaced and the tally says so. */
static void full_window_replaces_and_says_so(void **state)
{
    (void)state;
    perft_table *t = open_table(1 << 16, 0);
    perft_tally tally = {0};
    enum { N = 16 }; /* the window's size (perft_table.c) */
    for (uint64_t i = 0; i < N; i++) {
        perft_key k = {0x40, i};
        perft_table_store(t, &k, 2 + (int)(i % 3), 1000 + i, &tally);
    }
    assert_int_equal(tally.stored, N);
    assert_int_equal(tally.replaced + tally.dropped, 0);
    for (uint64_t i = 0; i < N; i++) {
        perft_key k = {0x40, i};
        uint64_t count = 0;
        assert_int_equal(perft_table_probe(t, &k, 2 + (int)(i % 3), &count, &tally), 1);
        assert_int_equal(count, 1000 + i);
    }
    perft_key deep = {0x40, 99}, shallow = {0x40, 100};
    perft_table_store(t, &deep, 9, 5, &tally);
    assert_int_equal(tally.replaced, 1);
    perft_table_store(t, &shallow, 1, 6, &tally); /* every entry is deeper: not kept */
    assert_int_equal(tally.dropped, 1);
    uint64_t count = 0;
    assert_int_equal(perft_table_probe(t, &deep, 9, &count, &tally), 1);
    assert_int_equal(count, 5);
    assert_int_equal(perft_table_probe(t, &shallow, 1, &count, &tally), 0);
    perft_table_close(t);
}

/* The same position by two move orders has one key; a change of side, e.p.
 * state or castling rights gives another; two seeds share neither half. */
static void keys_are_the_positions_and_the_seeds(void **state)
{
    (void)state;
    perft_table *t = open_table(1 << 12, 0), *u = open_table(1 << 12, 1);
    hx_position *a = open_fen("glinski", "std", NULL), *b = open_fen("glinski", "std", NULL);
    hx_error err;
    assert_int_equal(hx_play_moves(a, "b1b2 b7b6 k1k2 k7k6", 0, &err), 0);
    assert_int_equal(hx_play_moves(b, "k1k2 k7k6 b1b2 b7b6", 0, &err), 0);
    perft_key ka = key_of(t, a), kb = key_of(t, b), ua = key_of(u, a);
    assert_true(ka.lo == kb.lo && ka.hi == kb.hi);
    assert_true(ua.lo != ka.lo && ua.hi != ka.hi);
    /* After a double step: the e.p. cell is in the key, and so are the
     * side to move and the castling rights (Brusky's). */
    const char *placed = "b/qbk/n1b1n/r5r/ppppppppp/4P6/5P5/6P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1";
    char fen[256];
    snprintf(fen, sizeof fen, "%s b - e5 0 1", placed);
    hx_position *c = open_fen("glinski", "std", fen);
    snprintf(fen, sizeof fen, "%s b - - 0 1", placed);
    hx_position *d = open_fen("glinski", "std", fen);
    snprintf(fen, sizeof fen, "%s w - - 0 1", placed);
    hx_position *e = open_fen("glinski", "std", fen);
    perft_key kc = key_of(t, c), kd = key_of(t, d), ke = key_of(t, e);
    assert_true(kc.lo != kd.lo && kc.hi != kd.hi);
    assert_true(kd.lo != ke.lo && kd.hi != ke.hi);
    hx_position *f = open_fen("brusky", "std", NULL);
    hx_position *g = open_fen("brusky", "std", "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w Il - 0 1");
    perft_key kf = key_of(t, f), kg = key_of(t, g);
    assert_true(kf.lo != kg.lo && kf.hi != kg.hi);
    hx_position_free(e);
    hx_position_free(f);
    hx_position_free(g);
    hx_position_free(a);
    hx_position_free(b);
    hx_position_free(c);
    hx_position_free(d);
    perft_table_close(t);
    perft_table_close(u);
}

/* hx_perft_deep_run gives the plain count whatever the seed, threads and
 * table; a big table keeps every result, a tiny one says it could not. */
static void deep_run_counts_the_same_with_every_seed(void **state)
{
    (void)state;
    const char *variants[] = {"shafran", "brusky", "glinski", "mccooey"};
    for (int v = 0; v < 4; v++) {
        hx_position *pos = open_fen(variants[v], "std", NULL);
        uint64_t want = hx_perft(pos, 4);
        const uint64_t seeds[] = {0, 1, 0x9e3779b97f4a7c15ULL};
        for (int s = 0; s < 3; s++)
            for (int threads = 1; threads <= 2; threads++) {
                hx_perft_options o = {.threads = threads, .hash_bytes = 4 << 20,
                                      .key_seed = seeds[s]};
                hx_perft_table_stats st;
                assert_true(hx_perft_deep_run(pos, 4, &o, &st) == want);
                assert_true(st.slots > 0 && st.stored > 0);
                assert_int_equal(st.replaced + st.dropped, 0);
                o.hash_bytes = 1024; /* 32 slots: far too few */
                assert_true(hx_perft_deep_run(pos, 4, &o, &st) == want);
                assert_true(st.slots == 32 && st.replaced + st.dropped > 0);
            }
        hx_perft_options none = {.threads = 1};
        hx_perft_table_stats st = {.slots = 1};
        assert_true(hx_perft_deep_run(pos, 3, &none, &st) == hx_perft(pos, 3));
        assert_int_equal(st.slots, 0);
        none.hash_bytes = 100; /* too small for one window: no table */
        assert_true(hx_perft_deep_run(pos, 3, &none, &st) == hx_perft(pos, 3));
        assert_int_equal(st.slots, 0);
        hx_position_free(pos);
    }
    /* Depth 5: transpositions three plies down, answered by the table. */
    hx_position *pos = open_fen("mccooey", "std", NULL);
    uint64_t want = hx_perft(pos, 5);
    for (uint64_t seed = 0; seed < 2; seed++) {
        hx_perft_options o = {.threads = 2, .hash_bytes = 16 << 20, .key_seed = seed};
        hx_perft_table_stats st;
        assert_true(hx_perft_deep_run(pos, 5, &o, &st) == want);
        assert_true(st.hits > 0);
        assert_int_equal(st.replaced + st.dropped, 0);
    }
    hx_position_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(probe_needs_all_128_bits_and_the_depth),
        cmocka_unit_test(full_window_replaces_and_says_so),
        cmocka_unit_test(keys_are_the_positions_and_the_seeds),
        cmocka_unit_test(deep_run_counts_the_same_with_every_seed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
