/*
 * test_perft.c - the published move counts of the specification (§8 of each
 * variant file), and TALV's hand derivations of depth 1.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include "helpers.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* A table too large to allocate must come back NULL under ASan too, as from
 * glibc, not abort the test (deep_count_without_the_table_it_cannot_get). */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "allocator_may_return_null=1"; }

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
    /* Under the sanitizers (ten times slower) the first of the three
     * positions per profile: the same paths through the table, once. */
    const int plies = slow_build() ? 8 : 24;
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        for (int i = 0; i < hx_profile_count(variant); i++) {
            const char *profile = hx_profile_name(variant, i);
            uint64_t seed = 77 + (uint64_t)i;
            hx_position *pos = open_fen(variant, profile, NULL);
            for (int ply = 0; ply < plies; ply++) {
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

/* The smallest table (one window of 16 slots, rules/perft_table.c) fills
 * at once, so a depth-4 count goes through the replacement path and must
 * still be perft's, from a full table as from none. */
static void smallest_table_replaces_and_counts_right(void **state)
{
    (void)state;
    hx_position *pos = open_fen("glinski", "std", "1/2k/1n3/7/9/11/11/4P6/11/11/4Q1K4 w - - 0 1");
    uint64_t want = hx_perft(pos, 4);
    assert_true(want > 0);
    assert_true(hx_perft_deep(pos, 4, 1, 512, 0) == want);
    assert_true(hx_perft_deep(pos, 4, 1, 512, HX_PERFT_NO_BULK) == want);
    hx_perft_options o = {.threads = 1, .hash_bytes = 512};
    hx_perft_table_stats st;
    assert_true(hx_perft_deep_run(pos, 4, &o, &st) == want);
    assert_true(st.slots == 16 && st.replaced > 0);
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

/* ---- The deep count's contract, case by case (issue 17, mutdeep) -------- */

/* Lines `plies` plies down from pos, a line that ends early (no legal move)
 * counting one: the jobs of a deep count (hexref.h), counted here with the
 * public make and unmake only. */
static int lines_down(hx_position *pos, int plies)
{
    hx_move moves[HX_MAX_MOVES];
    int n = plies > 0 ? hx_legal_moves(pos, moves) : 0;
    if (n == 0)
        return 1;
    int lines = 0;
    for (int i = 0; i < n; i++) {
        assert_int_equal(hx_make(pos, moves[i]), 0);
        lines += lines_down(pos, plies - 1);
        hx_unmake(pos);
    }
    return lines;
}

/* Positions of the deep count tests: the four starts, a mate (no job moves),
 * a mate in one (a line that ends after one ply), and two small endings. */
static const struct {
    const char *variant, *pieces;
} deep_cases[] = {
    {"shafran", NULL},
    {"brusky", NULL},
    {"glinski", NULL},
    {"mccooey", NULL},
    {"brusky", "W Kc5 Nb3, B Ka5, Black to move"}, /* checkmate */
    {"shafran", "W Ka4 Qb2, B Ke10"},               /* b2e8 mates */
    {"shafran", "W Kf8 Rg3, B Kf10"},
    {"brusky", "W Kf1 Pd2 Pe2, B Kg8 Pd4 Ne5"},
};

static hx_position *open_deep_case(int i)
{
    return deep_cases[i].pieces ? open_pieces(deep_cases[i].variant, "std", deep_cases[i].pieces)
                                : open_fen(deep_cases[i].variant, "std", NULL);
}

/* The jobs are the lines one ply down up to depth 3 and two plies down from
 * depth 4 on (a checkpoint records them by index, so the split is part of
 * its format: docs/perft.md shows 2586 jobs for Gliński), a line that ends
 * early being one job; below depth 2 there are none. */
static void deep_jobs_are_the_lines_one_or_two_plies_down(void **state)
{
    (void)state;
    int ended_early = 0;
    for (size_t i = 0; i < sizeof deep_cases / sizeof deep_cases[0]; i++) {
        hx_position *pos = open_deep_case((int)i);
        int one = lines_down(pos, 1), two = lines_down(pos, 2);
        assert_int_equal(hx_perft_deep_jobs(pos, 0), 0);
        assert_int_equal(hx_perft_deep_jobs(pos, 1), 0);
        assert_int_equal(hx_perft_deep_jobs(pos, 2), one);
        assert_int_equal(hx_perft_deep_jobs(pos, 3), one);
        assert_int_equal(hx_perft_deep_jobs(pos, 4), two);
        assert_int_equal(hx_perft_deep_jobs(pos, 5), two);
        ended_early += (uint64_t)two != hx_perft(pos, 2);
        hx_position_free(pos);
    }
    assert_true(ended_early >= 2); /* the mate, and the mate in one */
}

/* What a watch sees: the calls, their jobs and counts, whether two calls
 * ever overlap, and the threads that made them. */
typedef struct watch_log {
    int calls, inside, overlapped, nthreads;
    pthread_t threads[8];
    uint64_t sum;
    int sleep_us; /* each call lasts this long, so that overlaps would show */
    int first_sleep_us; /* the first call lasts this long instead */
} watch_log;

static void log_job(void *ctx, int job, uint64_t nodes)
{
    watch_log *log = ctx;
    (void)job;
    if (++log->inside > 1)
        log->overlapped = 1;
    int known = 0;
    for (int i = 0; i < log->nthreads; i++)
        known |= pthread_equal(log->threads[i], pthread_self());
    if (!known && log->nthreads < 8)
        log->threads[log->nthreads++] = pthread_self();
    log->calls++;
    log->sum += nodes;
    long us = log->calls == 1 && log->first_sleep_us ? log->first_sleep_us : log->sleep_us;
    struct timespec pause = {us / 1000000, 1000L * (us % 1000000)};
    if (us)
        nanosleep(&pause, NULL);
    log->inside--;
}

/* A deep count is perft at every depth from 0 to 4 (1 and 2 ply jobs, the
 * ends of the game inside them), with one thread or two, without a table,
 * with tables too small to hold a window of slots (none is used), with one
 * window and with odd sizes, with and without the last-ply bulk count, watched and
 * not: a watched count calls back once per job, with the job's count. */
static void deep_count_is_perft_at_every_depth_and_setting(void **state)
{
    (void)state;
    const size_t hashes[] = {0, 1, 16, 31, 32, 48, 63, 64, 100, 511, 512, 1000, 4096, 5000};
    for (size_t i = 0; i < sizeof deep_cases / sizeof deep_cases[0]; i++) {
        hx_position *pos = open_deep_case((int)i);
        /* Under the sanitizers (ten times slower) one ply less: the
         * endgames to depth 3 still take every path through the jobs and
         * the table; the openings' depth 3 was most of the time. */
        int max_depth = (deep_cases[i].pieces ? 4 : 3) - (slow_build() ? 1 : 0);
        for (int depth = 0; depth <= max_depth; depth++) {
            uint64_t want = hx_perft(pos, depth);
            int njobs = hx_perft_deep_jobs(pos, depth);
            uint64_t *nodes = calloc((size_t)njobs + 1, sizeof *nodes);
            assert_non_null(nodes);
            for (size_t h = 0; h < sizeof hashes / sizeof hashes[0]; h++)
                for (int threads = 1; threads <= 2; threads++)
                    for (int flags = 0; flags <= HX_PERFT_NO_BULK; flags += HX_PERFT_NO_BULK) {
                        uint64_t got = hx_perft_deep(pos, depth, threads, hashes[h], flags);
                        for (int j = 0; j < njobs; j++)
                            nodes[j] = HX_PERFT_NOT_DONE;
                        watch_log log = {0};
                        hx_perft_watch w = {.job_nodes = nodes, .njobs = njobs,
                                            .job_done = log_job, .ctx = &log};
                        uint64_t watched = hx_perft_deep_watched(pos, depth, threads, hashes[h],
                                                                 flags, &w);
                        if (got != want || watched != want || log.calls != njobs ||
                            log.sum != (njobs ? want : 0))
                            fail_msg("%s %s depth %d threads %d hash %zu flags %d: deep %llu, "
                                     "watched %llu (%d calls, sum %llu), perft %llu",
                                     deep_cases[i].variant,
                                     deep_cases[i].pieces ? deep_cases[i].pieces : "start",
                                     depth, threads, hashes[h], flags, (unsigned long long)got,
                                     (unsigned long long)watched, log.calls,
                                     (unsigned long long)log.sum, (unsigned long long)want);
                        uint64_t recorded = 0;
                        for (int j = 0; j < njobs; j++)
                            recorded += nodes[j];
                        assert_true(recorded == (njobs ? want : 0));
                    }
            free(nodes);
        }
        hx_position_free(pos);
    }
}

/* A table of a size that cannot be had is not used: the count is still
 * perft's (the table is a cache, hexref.h). Any size_t is a size: 2^63 and
 * more made the bucket count wrap to 0 and the sizing loop never ended. */
static void deep_count_without_the_table_it_cannot_get(void **state)
{
    (void)state;
    hx_position *pos = open_fen("glinski", "std", NULL);
    uint64_t want = hx_perft(pos, 3);
    const size_t sizes[] = {(size_t)1 << 62, (size_t)1 << 63, SIZE_MAX};
    for (int threads = 1; threads <= 2; threads++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
            assert_true(hx_perft_deep(pos, 3, threads, sizes[i], 0) == want);
    hx_position_free(pos);
}

/* The table keeps counts per depth: a position met again four plies down
 * (both kings step out and back) has another count there. Kings alone make
 * this cheap at depth 7, where the first move's position (6 plies left)
 * comes again at ply 5 (2 left). */
static void deep_count_keeps_depths_apart(void **state)
{
    (void)state;
    hx_position *pos = open_pieces("glinski", "std", "W Ka1, B Kl6");
    uint64_t want = hx_perft(pos, 7);
    for (int flags = 0; flags <= HX_PERFT_NO_BULK; flags += HX_PERFT_NO_BULK)
        for (int threads = 1; threads <= 2; threads++)
            assert_true(hx_perft_deep(pos, 7, threads, 1 << 16, flags) == want);
    hx_position_free(pos);
}

/* The deepest count the history has room for runs (hx_perft_max_depth);
 * one more ply is refused. */
static void deep_count_runs_to_the_max_depth(void **state)
{
    (void)state;
    hx_position *pos = open_pieces("glinski", "std", "W Ka1 Nc3, B Kl6 Nk4");
    static const char *const cycle[] = {"c3b5", "k4i7", "b5c3", "i7k4"};
    hx_move m;
    hx_error err;
    for (int i = 0; i < HX_MAX_PLIES - 3; i++) {
        assert_int_equal(hx_move_parse(pos, cycle[i % 4], 0, &m, &err), 0);
        assert_int_equal(hx_make(pos, m), 0);
    }
    assert_int_equal(hx_perft_max_depth(pos), 3);
    uint64_t want = hx_perft(pos, 3);
    for (int threads = 1; threads <= 2; threads++) {
        assert_true(hx_perft_deep(pos, 3, threads, 4096, 0) == want);
        assert_true(hx_perft_deep(pos, 4, threads, 4096, 0) == UINT64_MAX);
    }
    hx_position_free(pos);
}

/* Watch calls come one at a time (hexref.h), and from `threads` threads at
 * most: with one thread, all from the caller's. */
static void watched_count_calls_back_one_at_a_time_from_its_threads(void **state)
{
    (void)state;
    hx_position *pos = open_fen("glinski", "std", NULL);
    int njobs = hx_perft_deep_jobs(pos, 3);
    uint64_t nodes[64], want = hx_perft(pos, 3);
    assert_true(njobs <= 64);
    for (int threads = 1; threads <= 2; threads++) {
        for (int j = 0; j < njobs; j++)
            nodes[j] = HX_PERFT_NOT_DONE;
        watch_log log = {.sleep_us = 2000};
        hx_perft_watch w = {.job_nodes = nodes, .njobs = njobs, .job_done = log_job, .ctx = &log};
        assert_true(hx_perft_deep_watched(pos, 3, threads, 0, 0, &w) == want);
        assert_int_equal(log.overlapped, 0);
        assert_int_equal(log.calls, njobs);
        assert_true(log.nthreads >= 1 && log.nthreads <= threads);
        if (threads == 1)
            assert_true(pthread_equal(log.threads[0], pthread_self()));
    }
    hx_position_free(pos);
}

/* Asked for two threads, the count runs on two (one that quietly ran on
 * one would be right, and half as fast): the first call back lasts a
 * second, time for the other thread to finish a job and queue its call. */
static void deep_count_runs_on_the_threads_asked_for(void **state)
{
    (void)state;
    hx_position *pos = open_fen("glinski", "std", NULL);
    int njobs = hx_perft_deep_jobs(pos, 3);
    uint64_t nodes[64];
    assert_true(njobs <= 64);
    for (int j = 0; j < njobs; j++)
        nodes[j] = HX_PERFT_NOT_DONE;
    watch_log log = {.first_sleep_us = 1000000};
    hx_perft_watch w = {.job_nodes = nodes, .njobs = njobs, .job_done = log_job, .ctx = &log};
    assert_true(hx_perft_deep_watched(pos, 3, 2, 0, 0, &w) == hx_perft(pos, 3));
    assert_int_equal(log.nthreads, 2);
    hx_position_free(pos);
}

#if defined(__GLIBC__)
/* The heap in use while a watched count runs (one thread: the caller's,
 * whose arena mallinfo2 reports), measured at its first job's end. */
typedef struct heap_probe {
    size_t at_first_job;
    int calls;
} heap_probe;

static void probe_heap(void *ctx, int job, uint64_t nodes)
{
    heap_probe *p = ctx;
    (void)job;
    (void)nodes;
    if (p->calls++ == 0)
        p->at_first_job = heap_in_use();
}

static size_t heap_during_count(hx_position *pos, size_t hash_bytes, uint64_t want)
{
    uint64_t nodes[64];
    int njobs = hx_perft_deep_jobs(pos, 3);
    assert_true(njobs > 0 && njobs <= 64);
    for (int j = 0; j < njobs; j++)
        nodes[j] = HX_PERFT_NOT_DONE;
    heap_probe p = {0};
    hx_perft_watch w = {.job_nodes = nodes, .njobs = njobs, .job_done = probe_heap, .ctx = &p};
    size_t before = heap_in_use();
    assert_true(hx_perft_deep_watched(pos, 3, 1, hash_bytes, 0, &w) == want);
    return p.at_first_job - before;
}

/* The bytes a count with a table of hash_bytes holds more than one without,
 * once the C library's caches have settled: glibc counts the blocks parked
 * in its per-thread cache as in use, so each size runs once before it is
 * measured, and both are measured from a heap in the same state. */
static long long table_bytes_held(hx_position *pos, size_t hash_bytes, uint64_t want)
{
    heap_during_count(pos, hash_bytes, want);
    heap_during_count(pos, 0, want);
    size_t with = heap_during_count(pos, hash_bytes, want);
    size_t without = heap_during_count(pos, 0, want);
    return (long long)with - (long long)without;
}
#endif

/* The slots a table of hash_bytes has, as hx_perft_deep_run reports them. */
static uint64_t table_slots(hx_position *pos, size_t hash_bytes)
{
    hx_perft_options o = {.threads = 1, .hash_bytes = hash_bytes};
    hx_perft_table_stats st;
    assert_true(hx_perft_deep_run(pos, 2, &o, &st) == hx_perft(pos, 2));
    return st.slots;
}

/* The table's slots take at most hash_bytes: the largest power of two of
 * 32-byte slots that fits, none below 16 slots (512 bytes); its keys take
 * the same few kilobytes beside them whatever the size (docs/perft.md).
 * glibc rounds a block up by at most 16 bytes on its heap and to a page
 * when it maps it. */
static void deep_count_table_takes_what_docs_say(void **state)
{
    (void)state;
#if defined(__GLIBC__)
    if (getenv("HEXREF_SANITIZED"))
        skip(); /* the sanitizer's allocator: mallinfo2 does not see its blocks */
    hx_position *pos = open_fen("mccooey", "std", NULL);
    uint64_t want = hx_perft(pos, 3);
    const size_t sizes[] = {1, 16, 32, 100, 511, 512, 1000, 1023, 1024, 4096, 5000,
                            65535, 65536, 1 << 20, (1 << 20) + 1000};
    long long keys = -1;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t table = 0;
        while (sizes[i] >= 512 && (table ? table * 2 : 512) <= sizes[i])
            table = table ? table * 2 : 512;
        if (table_slots(pos, sizes[i]) * 32 != table)
            fail_msg("hash %zu bytes: %llu slots of 32 bytes, the docs say %zu bytes", sizes[i],
                     (unsigned long long)table_slots(pos, sizes[i]), table);
        long long used = table_bytes_held(pos, sizes[i], want);
        if (table == 0) {
            if (used != 0)
                fail_msg("hash %zu bytes: no table, but the count holds %lld bytes more",
                         sizes[i], used);
            continue;
        }
        long long slack = table < 128 * 1024 ? 32 : 4096 + 32;
        long long beside = used - (long long)table;
        if (keys < 0)
            keys = beside; /* the first table's keys: the rest must hold as many */
        if (beside < 0 || beside > 64 * 1024 || beside < keys - slack || beside > keys + slack)
            fail_msg("hash %zu bytes: the count holds %lld more bytes than without a table, "
                     "its slots %zu and its keys %lld", sizes[i], used, table, keys);
    }
    hx_position_free(pos);
#else
    skip(); /* no portable way to ask the heap */
#endif
}

/* Every way through the deep count gives back all it takes: jobs, threads'
 * positions, watched counts and refused watches (one thread: the caller's
 * arena, which mallinfo2 reports). */
static void deep_count_paths_give_back_their_memory(void **state)
{
    (void)state;
#if defined(__GLIBC__)
    hx_position *pos = open_fen("glinski", "std", NULL);
    uint64_t want = hx_perft(pos, 3);
    int njobs = hx_perft_deep_jobs(pos, 3);
    uint64_t nodes[64];
    assert_true(njobs <= 63);
    for (int round = 0; round < 2; round++) {
        size_t before = heap_in_use();
        for (int i = 0; i < 5; i++) {
            assert_int_equal(hx_perft_deep_jobs(pos, 3), njobs);
            for (int size = njobs; size <= njobs + 1; size++) {
                for (int j = 0; j < 64; j++)
                    nodes[j] = HX_PERFT_NOT_DONE;
                hx_perft_watch w = {.job_nodes = nodes, .njobs = size};
                uint64_t got = hx_perft_deep_watched(pos, 3, 1, 4096, 0, &w);
                assert_true(got == (size == njobs ? want : UINT64_MAX));
            }
        }
        if (round == 1) /* the first round may leave the C library's own caches */
            assert_int_equal(heap_in_use(), before);
    }
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
        cmocka_unit_test(smallest_table_replaces_and_counts_right),
        cmocka_unit_test(deep_perft_keeps_apart_what_the_key_leaves_out),
        cmocka_unit_test(watched_count_refuses_a_watch_of_another_size),
        cmocka_unit_test(deep_count_gives_back_its_memory),
        cmocka_unit_test(deep_jobs_are_the_lines_one_or_two_plies_down),
        cmocka_unit_test(deep_count_is_perft_at_every_depth_and_setting),
        cmocka_unit_test(deep_count_without_the_table_it_cannot_get),
        cmocka_unit_test(deep_count_keeps_depths_apart),
        cmocka_unit_test(deep_count_runs_to_the_max_depth),
        cmocka_unit_test(watched_count_calls_back_one_at_a_time_from_its_threads),
        cmocka_unit_test(deep_count_runs_on_the_threads_asked_for),
        cmocka_unit_test(deep_count_table_takes_what_docs_say),
        cmocka_unit_test(deep_count_paths_give_back_their_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
