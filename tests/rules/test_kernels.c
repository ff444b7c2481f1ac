/*
 * test_kernels.c - the generator's kernels (rules/kernel.h: the hot code
 * compiled for several x86-64 CPUs in one binary) agree with each other:
 * every kernel this CPU runs lists the same moves in the same order, makes
 * and unmakes them to the same positions, and counts the same perft, on
 * every variant. (Which kernel the library picks, and how an unknown name
 * is refused, is in test_internals: the fast tests, docs/mutation.md.)
 */
#include "helpers.h"

#include <stdlib.h>

#include "kernel.h"
#include "attacks.h"
#include "makemove.h"
#include "movegen.h"

static const char *variants[] = {"shafran", "brusky", "glinski", "mccooey"};

/* The kernels this CPU runs, by index; at least the plain one. */
static int runnable(int *out)
{
    int n = 0;
    for (int i = 0; i < hx_kernel_count(); i++)
        if (hx_kernel_available(i))
            out[n++] = i;
    assert_true(n >= 1);
    assert_true(hx_kernel_available(0)); /* the plain kernel runs anywhere the library runs */
    return n;
}

static void use(int kernel)
{
    hx_error err;
    if (hx_kernel_choose(hx_kernel_name_at(kernel), &err) != 0)
        fail_msg("%s", err.message);
    assert_string_equal(hx_kernel_name(), hx_kernel_name_at(kernel));
}

/* Along seeded random games of each variant: at every ply each kernel
 * lists the same moves in the same order and counts as many, and each
 * kernel's make of every move gives the same position (key and HexFEN),
 * which its unmake takes back. The game goes on with the kernels in turn. */
static void kernels_list_and_make_the_same(void **state)
{
    (void)state;
    int kernels[8], nk = runnable(kernels);
    static hx_move ref[HX_MAX_MOVES], got[HX_MAX_MOVES];
    uint64_t seed = 2026;
    for (int v = 0; v < 4; v++) {
        hx_position *pos = open_fen(variants[v], "std", NULL);
        /* 160 plies (40 in slow builds, where this test was most of the
         * coverage stage: 225 s of 526) */
        for (int ply = 0, plies = slow_build() ? 40 : 160; ply < plies; ply++) {
            use(kernels[0]);
            int n = hx_legal_moves(pos, ref);
            for (int k = 0; k < nk; k++) {
                use(kernels[k]);
                assert_int_equal(hx_legal_moves(pos, got), n);
                assert_memory_equal(got, ref, (size_t)n * sizeof *ref);
                assert_int_equal(hx_count_legal(pos), n);
            }
            for (int i = 0; i < n; i++) {
                char fen_ref[HX_FEN_MAX], fen[HX_FEN_MAX], before[HX_FEN_MAX];
                uint64_t key_ref = 0;
                hx_position_fen(pos, before);
                for (int k = 0; k < nk; k++) {
                    use(kernels[k]);
                    hx_make(pos, ref[i]);
                    hx_position_fen(pos, fen);
                    if (k == 0) {
                        key_ref = hx_position_key(pos);
                        strcpy(fen_ref, fen);
                    }
                    assert_true(hx_position_key(pos) == key_ref);
                    assert_string_equal(fen, fen_ref);
                    hx_unmake(pos);
                    hx_position_fen(pos, fen);
                    assert_string_equal(fen, before);
                }
            }
            if (n == 0)
                break;
            use(kernels[ply % nk]);
            hx_make(pos, ref[test_random(&seed) % (uint64_t)n]);
        }
        hx_error err;
        assert_int_equal(hx_position_check(pos, &err), 0);
        hx_position_free(pos);
    }
}

/* Perft of each variant's initial position, and of one position a few
 * random moves in, by every kernel: hx_perft, and hx_perft_deep with two
 * threads and a table, which must give the same count. Depth 4 (3 in slow
 * builds: sanitizers, gcov). */
static void kernels_count_the_same_perft(void **state)
{
    (void)state;
    int kernels[8], nk = runnable(kernels);
    int depth = slow_build() ? 3 : 4;
    uint64_t seed = 77;
    for (int v = 0; v < 4; v++) {
        for (int start = 0; start < 2; start++) {
            hx_position *pos = open_fen(variants[v], "std", NULL);
            for (int ply = 0; start && ply < 9; ply++)
                assert_true(play_random_move(pos, &seed));
            uint64_t ref = 0;
            for (int k = 0; k < nk; k++) {
                use(kernels[k]);
                uint64_t n = hx_perft(pos, depth);
                if (k == 0)
                    ref = n;
                if (n != ref || hx_perft_deep(pos, depth, 2, 1 << 20, 0) != ref)
                    fail_msg("%s (start %d) perft %d: kernel %s counts %llu, kernel %s %llu",
                             variants[v], start, depth, hx_kernel_name_at(kernels[k]),
                             (unsigned long long)n, hx_kernel_name_at(kernels[0]),
                             (unsigned long long)ref);
            }
            assert_true(ref > 1000);
            hx_position_free(pos);
        }
    }
}

/* What a depth-2 node of the fused count (rules/perft_fused.c) met: moves
 * played by position_make rather than the board edit (castles, e.p.
 * captures, promotions), multi-steps (edited, with the child's e.p.
 * record), e.p. captures the generator refused, and children in check. */
typedef struct fused_seen {
    int castles, ep, ep_refused, promotions, multi, checks, nodes;
} fused_seen;

/* The generator tests an e.p. capture by masks (rules/movegen.c): it lists
 * exactly the candidate captures that, played, leave the king unattacked. */
static void ep_by_make_and_test(hx_position *pos, const hx_move *moves, int n, fused_seen *seen)
{
    int us = pos->side;
    hx_bb cells = pos->ep.capturable;
    while (cells) {
        int to = hx_bb_pop(&cells);
        hx_bb from = pos->rules->ep_capturers[us][to] & pos->pieces[us][HX_PAWN];
        while (from) {
            hx_move m = move_make(hx_bb_pop(&from), to, 0, MOVE_EP, 0);
            int listed = 0;
            for (int i = 0; i < n; i++)
                listed |= moves[i] == m;
            assert_int_equal(hx_make(pos, m), 0);
            int exposed = position_attacked(pos, pos->king[us], !us, pos->all);
            hx_unmake(pos);
            if (listed == exposed)
                fail_msg("%s/%s: e.p. %d-%d listed %d, leaves the king attacked %d",
                         pos->rules->variant, pos->rules->profile, move_from(m), to, listed,
                         exposed);
            seen->ep_refused += exposed;
        }
    }
}

/* ... at pos and at each of its children. */
static void ep_here_and_below(hx_position *pos, fused_seen *seen)
{
    static hx_move moves[HX_MAX_MOVES], replies[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    ep_by_make_and_test(pos, moves, n, seen);
    for (int i = 0; i < n; i++) {
        hx_make(pos, moves[i]);
        ep_by_make_and_test(pos, replies, hx_legal_moves(pos, replies), seen);
        hx_unmake(pos);
    }
}

static void tally(hx_position *pos, fused_seen *seen)
{
    static hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    seen->nodes++;
    ep_here_and_below(pos, seen);
    for (int i = 0; i < n; i++) {
        int kind = move_kind(moves[i]);
        seen->castles += kind == MOVE_CASTLE;
        seen->ep += kind == MOVE_EP;
        seen->multi += kind == MOVE_MULTI;
        seen->promotions += move_promo(moves[i]) != 0;
        hx_make(pos, moves[i]);
        seen->checks += position_attacked(pos, pos->king[pos->side], !pos->side, pos->all);
        hx_unmake(pos);
    }
}

/* The fused count of the last two plies is the plain one: along seeded
 * random games of every profile of every variant (the negative controls
 * and diag-firstmove included), with every kernel, perft 2 (fused) equals
 * hx_perft_deep without bulk counting (every leaf played by
 * position_make), and perft 3 equals it too. The games must have met
 * castles (where the variant has them), e.p. captures, promotions,
 * multi-steps and checks in every variant, and e.p. captures that the
 * generator must refuse (ep_by_make_and_test, at each game node and its
 * children), or the test fails: it would not show what it claims. */
static void fused_count_is_the_plain_count(void **state)
{
    (void)state;
    int kernels[8], nk = runnable(kernels);
    /* The same games under the sanitizers: cut to 60 plies there, they met
     * no promotion and no e.p. in McCooey's variant (the check below
     * failed the ASan run), and one game per profile of 160 plies neither.
     * The perft 3 comparison, played leaf by leaf, is 70% of this test's
     * time: in slow builds it is made at one ply of a game (the 10th, the
     * position with the most pieces of the eight) rather than 8. */
    int plies = 160, games = 3, p3_every = slow_build() ? plies : 20;
    for (int v = 0; v < 4; v++) {
        fused_seen seen = {0};
        int castling = 0; /* Gliński's variant has none */
        for (int p = 0; p < hx_profile_count(variants[v]); p++) {
            const char *profile = hx_profile_name(variants[v], p);
            for (int game = 0; game < games; game++) {
                uint64_t seed = 1000 + (uint64_t)(game * 31 + p);
                hx_position *pos = open_fen(variants[v], profile, NULL);
                castling |= pos->rules->p.castling;
                for (int ply = 0; ply < plies; ply++) {
                    use(kernels[ply % nk]);
                    uint64_t plain = hx_perft_deep(pos, 2, 1, 0, HX_PERFT_NO_BULK);
                    uint64_t fused = hx_perft(pos, 2);
                    if (fused != plain)
                        fail_msg("%s/%s game %d ply %d kernel %s: fused perft 2 %llu, plain %llu",
                                 variants[v], profile, game, ply,
                                 hx_kernel_name_at(kernels[ply % nk]),
                                 (unsigned long long)fused, (unsigned long long)plain);
                    if (ply % p3_every == 10 &&
                        hx_perft(pos, 3) != hx_perft_deep(pos, 3, 1, 0, HX_PERFT_NO_BULK))
                        fail_msg("%s/%s game %d ply %d: fused perft 3 differs", variants[v],
                                 profile, game, ply);
                    tally(pos, &seen);
                    if (!play_random_move(pos, &seed))
                        break;
                }
                hx_position_free(pos);
            }
        }
        print_message("%s: %d nodes, %d castles, %d e.p. (%d refused), %d promotions, "
                      "%d multi-steps, %d checks\n", variants[v], seen.nodes, seen.castles,
                      seen.ep, seen.ep_refused, seen.promotions, seen.multi, seen.checks);
        assert_true((seen.castles > 0) == (castling != 0) && seen.ep > 0 && seen.ep_refused > 0 &&
                    seen.promotions > 0 && seen.multi > 0 && seen.checks > 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kernels_list_and_make_the_same),
        cmocka_unit_test(kernels_count_the_same_perft),
        cmocka_unit_test(fused_count_is_the_plain_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
