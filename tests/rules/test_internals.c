/*
 * test_internals.c - white-box tests: the invariant checker catches each
 * kind of corruption it looks for (fault injection, SQLite style), and the
 * small accessors behave.
 */
#include "helpers.h"

#include "kernel.h"

typedef void (*corruption)(hx_position *pos);

static void piece_off_board(hx_position *p) { p->pieces[HX_WHITE][HX_PAWN] |= (hx_bb)1 << 127; }
static void shared_cell(hx_position *p) { p->pieces[HX_BLACK][HX_QUEEN] |= p->pieces[HX_WHITE][HX_KING]; }
static void mailbox_differs(hx_position *p) { p->board[p->king[HX_WHITE]] = hx_piece(HX_WHITE, HX_QUEEN); }
static void stale_colour(hx_position *p) { p->occupied[HX_WHITE] = 0; }
static void two_kings(hx_position *p)
{
    int c = hx_bb_lsb(p->pieces[HX_WHITE][HX_PAWN]);
    position_remove(p, c);
    position_put(p, hx_piece(HX_WHITE, HX_KING), c);
}
static void stale_king(hx_position *p) { p->king[HX_BLACK] = p->king[HX_WHITE]; }
static void stale_total(hx_position *p) { p->all = 0; }
static void ghost_in_mailbox(hx_position *p)
{
    hx_bb empty = p->g->all & ~p->all;
    p->board[hx_bb_lsb(empty)] = hx_piece(HX_BLACK, HX_PAWN);
}
/* The checker reads the mailbox 8 cells at a time: a ghost in the last
 * cell of the board, and one in every empty cell, are seen as well. */
static void ghost_in_last_cell(hx_position *p)
{
    hx_bb empty = p->g->all & ~p->all;
    p->board[hx_bb_msb(empty)] = hx_piece(HX_WHITE, HX_KING);
}
static void stale_key(hx_position *p) { p->key ^= 1; }
static void stale_ep(hx_position *p) { p->ep.capturable = 1; }
static void right_without_rook(hx_position *p) { position_remove(p, p->rules->rook_home[0]); p->key = position_compute_key(p); }

static void invariant_checker_catches_each_corruption(void **state)
{
    (void)state;
    static const struct {
        corruption corrupt;
        const char *message;
    } cases[] = {
        {piece_off_board, "outside the board"},
        {shared_cell, "share a cell"},
        {mailbox_differs, "mailbox and bitboards disagree"},
        {stale_colour, "colour occupancy"},
        {two_kings, "exactly one king"},
        {stale_king, "king cell"},
        {stale_total, "total occupancy"},
        {ghost_in_mailbox, "mailbox holds a piece"},
        {ghost_in_last_cell, "mailbox holds a piece"},
        {stale_key, "Zobrist"},
        {stale_ep, "e.p. capturable"},
        {right_without_rook, "castling right"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hx_position *pos = open_fen("shafran", "std", NULL);
        hx_error err;
        assert_int_equal(hx_position_check(pos, &err), 0);
        cases[i].corrupt(pos);
        assert_int_equal(hx_position_check(pos, &err), -1);
        if (!strstr(err.message, cases[i].message))
            fail_msg("case %zu: expected '%s' in '%s'", i, cases[i].message, err.message);
        hx_position_free(pos);
    }
}

static void each_ghost_cell_caught(void **state)
{
    (void)state;
    hx_position *pos = open_fen("glinski", "std", NULL);
    hx_bb empty = pos->g->all & ~pos->all;
    hx_error err;
    int cells = 0;
    while (empty) {
        int c = hx_bb_pop(&empty);
        pos->board[c] = hx_piece(HX_BLACK, HX_ROOK);
        assert_int_equal(hx_position_check(pos, &err), -1);
        assert_non_null(strstr(err.message, "mailbox holds a piece"));
        pos->board[c] = 0;
        assert_int_equal(hx_position_check(pos, &err), 0);
        cells++;
    }
    assert_int_equal(cells, 91 - 36);
    hx_position_free(pos);
}

static void accessors(void **state)
{
    (void)state;
    hx_error err;
    const hx_rules *r = hx_rules_find("brusky", "", &err);
    assert_string_equal(hx_rules_variant(r), "brusky");
    assert_string_equal(hx_rules_profile(r), "std");
    assert_non_null(strstr(hx_rules_summary(r), "cross-block"));
    int w, h, horizontal;
    hx_board_size(r, &w, &h, &horizontal);
    assert_int_equal(w, 12);
    assert_int_equal(h, 8);
    assert_int_equal(horizontal, 1);
    char name[4];
    assert_int_equal(hx_cell_name(r, 0, 0, 1, name), 0);
    assert_string_equal(name, "e1"); /* A-a1 = B-e1 */
    assert_int_equal(hx_cell_name(r, 0, 7, 0, name), -1);
    hx_position *pos = open_fen("brusky", "std", NULL);
    assert_int_equal(hx_position_piece(pos, 5, 0), 'K');
    assert_int_equal(hx_position_piece(pos, 6, 7), 'k');
    assert_int_equal(hx_position_piece(pos, 5, 3), '.');
    assert_int_equal(hx_position_piece(pos, 0, 7), 0);
    assert_int_equal(hx_position_side(pos), 0);
    assert_ptr_equal(hx_position_rules(pos), r);
    hx_position_free(pos);
    assert_null(hx_variant_name(9));
    assert_null(hx_profile_name("brusky", 99));
    assert_null(hx_profile_name("chess", 0));
    assert_int_equal(hx_profile_count("chess"), 0);
}

static void move_flags(void **state)
{
    (void)state;
    hx_position *pos = open_fen("shafran", "std", "k3r/6/7/8/r8/9/8/7/6/4K b ai - 0 1");
    hx_move m;
    hx_error err;
    assert_int_equal(hx_move_parse(pos, "O-O", 0, &m, &err), 0);
    assert_int_equal(hx_move_flags(pos, m), HX_MOVE_CASTLE);
    hx_position_free(pos);
    pos = open_pieces("shafran", "std", "W Ke1 Pd5 Pf7, B Ke10 Pe9 Pg9, Black to move");
    assert_int_equal(hx_move_parse(pos, "e9e6", 0, &m, &err), 0);
    assert_int_equal(hx_move_flags(pos, m), HX_MOVE_MULTI_STEP);
    hx_make(pos, m);
    assert_int_equal(hx_move_parse(pos, "d5e7", 0, &m, &err), 0);
    assert_int_equal(hx_move_flags(pos, m), HX_MOVE_CAPTURE | HX_MOVE_EP);
    assert_int_equal(hx_move_parse(pos, "f7g9", 0, &m, &err), 0);
    assert_int_equal(hx_move_flags(pos, m), HX_MOVE_CAPTURE);
    hx_position_free(pos);
    pos = open_pieces("shafran", "std", "W Ke1 Pa5, B Ki10 Rb7");
    assert_int_equal(hx_move_parse(pos, "a5b7r", 0, &m, &err), 0);
    assert_int_equal(hx_move_flags(pos, m), HX_MOVE_CAPTURE | HX_MOVE_PROMOTION);
    hx_position_free(pos);
}

/* The line lookup (PEXT/PDEP where compiled for BMI2, else its portable
 * emulation) and the ray scan are two derivations of a slider's attacks:
 * they must agree on every cell, axis and occupancy tried, and so must the
 * one each kernel of the generator compiles in (kernel.h) that this CPU runs. */
static void slider_methods_agree(void **state)
{
    (void)state;
    static const char *variants[] = {"shafran", "brusky", "glinski", "mccooey"};
    uint64_t seed = 0x9e3779b97f4a7c15ULL;
    for (int v = 0; v < 4; v++) {
        hx_error err;
        const hx_rules *r = hx_rules_find(variants[v], "", &err);
        assert_non_null(r);
        const hx_geometry *g = r->g;
        const hx_kernel *kernels[8];
        int nk = 0;
        for (int k = 0; k < kernel_count(); k++)
            if (kernel_runs_here(kernel_at(k)))
                kernels[nk++] = kernel_at(k);
        for (int trial = 0; trial < 300; trial++) {
            hx_bb occupied = 0;
            for (int c = 0; c < g->nslots; c++) {
                if ((test_random(&seed) >> 27) < (uint64_t)(trial % 16))
                    occupied |= (hx_bb)1 << c;
            }
            occupied &= g->all;
            for (int c = 0; c < g->nslots; c++) {
                if (!geometry_exists(g, c))
                    continue;
                for (int a = 0; a < HX_AXES; a++) {
                    hx_bb scan = attacks_ray_scan(g, a, c, occupied);
                    assert_true(attacks_line_lookup(g, a, c, occupied) == scan);
                    for (int k = 0; k < nk; k++)
                        assert_true(kernels[k]->slider_line(g, a, c, occupied) == scan);
                }
            }
        }
    }
}

/* position_attackers (the set) and position_attacked (yes or no) agree on
 * every cell, for both colours, along seeded random games of each variant;
 * and the side to move is in check exactly when its king has attackers. */
static void attackers_agree_with_attacked(void **state)
{
    (void)state;
    static const char *variants[] = {"shafran", "brusky", "glinski", "mccooey"};
    uint64_t seed = 12345;
    for (int v = 0; v < 4; v++) {
        hx_position *pos = open_fen(variants[v], "std", NULL);
        for (int ply = 0; ply < 120; ply++) {
            for (int c = 0; c < pos->g->nslots; c++) {
                if (!geometry_exists(pos->g, c))
                    continue;
                for (int by = 0; by < 2; by++)
                    assert_int_equal(position_attackers(pos, c, by, pos->all) != 0,
                                     position_attacked(pos, c, by, pos->all));
            }
            int us = pos->side;
            assert_int_equal(position_attackers(pos, pos->king[us], !us, pos->all) != 0,
                             hx_in_check(pos));
            if (!play_random_move(pos, &seed))
                break;
        }
        hx_position_free(pos);
    }
}

/* Every cell lies on exactly one line per axis, and lines fit the table. */
static void lines_partition_the_board(void **state)
{
    (void)state;
    hx_error err;
    const hx_rules *r = hx_rules_find("brusky", "", &err);
    const hx_geometry *g = r->g;
    for (int a = 0; a < HX_AXES; a++) {
        hx_bb seen = 0;
        for (int i = 0; i < g->nlines; i++) {
            const hx_line *l = &g->lines[i];
            if (g->line_of[a][hx_bb_lsb(l->cells)] != i)
                continue;
            assert_true((seen & l->cells) == 0);
            assert_true(hx_bb_count(l->cells) <= HX_MAX_LINE);
            seen |= l->cells;
        }
        assert_true(seen == g->all);
    }
}

static void text_interface(void **state)
{
    (void)state;
    char out[4096];
    hx_error err;
    assert_int_equal(hx_text_moves("mccooey", NULL, NULL, out, sizeof out, &err), 0);
    assert_int_equal(strncmp(out, "c1c2\nc1c3\n", 10), 0);
    assert_int_equal(hx_text_moves("mccooey", NULL, NULL, out, 8, &err), -1);
    assert_non_null(strstr(err.message, "too small"));
    assert_int_equal(hx_text_moves("mccooey", NULL, NULL, out, 0, &err), -1);
    assert_int_equal(hx_text_moves("chess", NULL, NULL, out, sizeof out, &err), -1);
    assert_int_equal(hx_text_moves("mccooey", NULL, "garbage", out, sizeof out, &err), -1);
    /* a position with no moves gives an empty list */
    assert_int_equal(hx_text_moves("glinski", NULL, "1/3/5/7/9/11/11/11/11/11/5k5 w - - 0 1", out,
                                   sizeof out, &err), -1); /* White has no king */
}

/* Keys are compared across hosts (perft hash files, split jobs: zobrist.c),
 * so they are defined, not just consistent: the SplitMix64 stream from the
 * seed "hexref\0\1", drawn in this order: a key per (piece code 0..15, cell
 * slot 0..127), one per e.p. slot 0..127, castling rights 1..15 (0 has key
 * 0), then the side. The counts are the definition's, not the library's
 * array sizes.
 * A position's key xors its pieces, its castling rights, its e.p. cells and,
 * with Black to move, the side. This second derivation from that definition
 * must agree with the library's key after every move of random games. */
static uint64_t stream_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void keys_follow_their_definition(void **state)
{
    (void)state;
    enum { CODES = 16, SLOTS = 128 };
    static uint64_t piece[CODES][SLOTS], ep[SLOTS], castling[16], side;
    uint64_t st = 0x6865787265660001ULL;
    for (int p = 0; p < CODES; p++)
        for (int c = 0; c < SLOTS; c++)
            piece[p][c] = stream_next(&st);
    for (int c = 0; c < SLOTS; c++)
        ep[c] = stream_next(&st);
    for (int i = 1; i < 16; i++)
        castling[i] = stream_next(&st);
    side = stream_next(&st);
    for (int v = 0; v < hx_variant_count(); v++) {
        hx_position *pos = open_fen(hx_variant_name(v), "std", NULL);
        uint64_t seed = 5;
        for (int ply = 0; ply < 120; ply++) {
            uint64_t key = castling[pos->castling] ^ (pos->side == HX_BLACK ? side : 0);
            for (int c = 0; c < pos->g->nslots; c++)
                if (pos->board[c])
                    key ^= piece[pos->board[c]][c];
            for (int i = 0; i < pos->ep.count; i++)
                key ^= ep[pos->ep.cells[i]];
            assert_int_equal(hx_position_key(pos), key);
            if (!play_random_move(pos, &seed))
                break;
        }
        hx_position_free(pos);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(invariant_checker_catches_each_corruption),
        cmocka_unit_test(each_ghost_cell_caught),
        cmocka_unit_test(accessors),
        cmocka_unit_test(move_flags),
        cmocka_unit_test(text_interface),
        cmocka_unit_test(slider_methods_agree),
        cmocka_unit_test(lines_partition_the_board),
        cmocka_unit_test(keys_follow_their_definition),
        cmocka_unit_test(attackers_agree_with_attacked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
