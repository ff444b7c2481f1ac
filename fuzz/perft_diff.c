/*
 * perft_diff.c - perft 2 from the reference (hx_perft) against the oracle
 * (oracle_perft) on small positions: a repaired placement of at most 14
 * edits, or a HexFEN text, followed by up to 8 moves (fuzz_common.h).
 *
 * The oracle's perft 2 costs one move generation per root move, so a
 * position with more than SMALL_PIECES men is compared at depth 1 only;
 * the fuzzer is steered to small positions, where depth 2 is cheap.
 * On a difference the report lists, per root move, the two depth-1 counts
 * below it, then the harness's comparison of the position.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "differential.h"
#include "print_differential.h"
#include "fuzz_common.h"
#include "oracle.h"

static const fz_limits limits = {
    .profiles = FZ_ORACLE, .max_plies = 8, .max_edits = 14, .allow_game = 0, .reserve = 0};

enum { SMALL_PIECES = 16 };

static int men(const char *fen)
{
    int n = 0;
    for (const char *c = fen; *c && *c != ' '; c++)
        n += isalpha((unsigned char)*c) != 0;
    return n;
}

/* Per root move: the reference's and the oracle's counts one ply less deep. */
static void divide(fz_game *g, const char *fen, int depth)
{
    hx_move moves[HX_MAX_MOVES];
    const char *v = hx_rules_variant(g->rules), *p = hx_rules_profile(g->rules);
    int n = hx_legal_moves(g->pos, moves);
    for (int i = 0; i < n; i++) {
        char text[HX_MOVE_TEXT_MAX], child[512], err[256];
        uint64_t theirs = 0;
        hx_move_text(g->pos, moves[i], 0, text);
        hx_make(g->pos, moves[i]);
        uint64_t mine = hx_perft(g->pos, depth - 1);
        hx_unmake(g->pos);
        int bad = oracle_play(v, p, fen, text, child, sizeof child, err, sizeof err) ||
                  oracle_perft(v, p, child, depth - 1, &theirs, err, sizeof err);
        if (bad || mine != theirs)
            fprintf(stderr, "  %-7s reference %llu, oracle %s%llu\n", text,
                    (unsigned long long)mine, bad ? err : "", (unsigned long long)theirs);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = fz_input_of(data, size);
    fz_game g;
    char fen[HX_FEN_MAX], err[256];
    uint64_t theirs = 0;
    fz_decode(&in, &limits, &g);
    fz_fen(&g, fen);
    int depth = men(fen) <= SMALL_PIECES ? 2 : 1;
    uint64_t mine = hx_perft(g.pos, depth);
    if (oracle_perft(hx_rules_variant(g.rules), hx_rules_profile(g.rules), fen, depth, &theirs,
                     err, sizeof err) != 0)
        fz_fail("perft_diff", &g, "the oracle rejected the position: %s", err);
    if (mine != theirs) {
        fprintf(stderr, "perft %d: reference %llu, oracle %llu; differing root moves:\n", depth,
                (unsigned long long)mine, (unsigned long long)theirs);
        divide(&g, fen, depth);
        hx_diff_finding f;
        if (hx_diff_position(g.pos, g.root, &f, NULL) == 1)
            hx_diff_print_finding(stderr, &f);
        hx_diff_finding_free(&f);
        fz_fail("perft_diff", &g, "perft %d: reference %llu, oracle %llu", depth,
                (unsigned long long)mine, (unsigned long long)theirs);
    }
    return 0;
}
