/*
 * test_internals.c - white-box tests: the invariant checker catches each
 * kind of corruption it looks for (fault injection, SQLite style), and the
 * small accessors behave.
 */
#include "helpers.h"

#include <stdlib.h>
#include <sys/wait.h>

#include "attacks.h"
#include "kernel_choice.h"
#include "movegen.h"
#include "zobrist.h"
#if defined(__x86_64__)
#include <cpuid.h>
#endif

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

/* Every man, of either colour, is seen as a ghost in every empty cell of
 * every board: the mailbox is read 8 bytes at a time, and each byte of a
 * word (slot 8i + k) must count as a piece whatever its code. */
static void each_ghost_piece_caught(void **state)
{
    (void)state;
    for (int v = 0; v < hx_variant_count(); v++) {
        hx_position *pos = open_fen(hx_variant_name(v), "std", NULL);
        hx_bb empty = pos->g->all & ~pos->all;
        hx_error err;
        while (empty) {
            int c = hx_bb_pop(&empty);
            for (int colour = 0; colour < 2; colour++)
                for (int type = 0; type < HX_PIECE_TYPES; type++) {
                    pos->board[c] = (uint8_t)hx_piece(colour, type);
                    if (hx_position_check(pos, &err) != -1 ||
                        !strstr(err.message, "mailbox holds a piece"))
                        fail_msg("%s: ghost %d on %s not seen", hx_variant_name(v),
                                 hx_piece(colour, type), pos->g->name[c]);
                }
            pos->board[c] = 0;
        }
        assert_int_equal(hx_position_check(pos, &err), 0);
        hx_position_free(pos);
    }
}

/* Two men of the same side on one cell: a knight's bit added on a pawn of
 * its own colour, for White and for Black. */
static void own_men_sharing_a_cell_caught(void **state)
{
    (void)state;
    for (int colour = 0; colour < 2; colour++) {
        hx_position *pos = open_fen("glinski", "std", NULL);
        hx_error err;
        pos->pieces[colour][HX_KNIGHT] |= HX_BB_BIT(hx_bb_lsb(pos->pieces[colour][HX_PAWN]));
        assert_int_equal(hx_position_check(pos, &err), -1);
        assert_string_equal(err.message, "invariant broken: two pieces share a cell");
        hx_position_free(pos);
    }
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

/* The kernel the library chose when the program started: HEXREF_KERNEL if
 * set, else on a CPU with BMI2 (asked here through the compiler's own
 * detection, not kernel.c's) one with the line lookup, except on AMD, whose
 * CPUs before Zen 3 get the ray scan. Runs first, before any test chooses. */
static void default_choice(void **state)
{
    (void)state;
    const char *forced = getenv("HEXREF_KERNEL");
    if (forced && *forced) {
        assert_string_equal(hx_kernel_name(), forced);
        return;
    }
    assert_true(hx_kernel_available(0)); /* the plain kernel runs anywhere the library runs */
    const hx_kernel *chosen = NULL;
    for (int i = 0; i < kernel_count(); i++)
        if (!strcmp(kernel_at(i)->name, hx_kernel_name()))
            chosen = kernel_at(i);
    assert_non_null(chosen);
    assert_true(kernel_runs_here(chosen));
    assert_string_equal(hx_slider_method(), chosen->slider_method);
#if defined(__x86_64__)
    if (hx_kernel_count() > 1 && __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amd"))
        assert_string_equal(hx_kernel_name(), "bmi2");
#endif
}

static void unknown_kernel_refused(void **state)
{
    (void)state;
    hx_error err;
    const char *before = hx_kernel_name();
    assert_int_equal(hx_kernel_choose("no-such-kernel", &err), -1);
    assert_non_null(strstr(err.message, "unknown kernel 'no-such-kernel'"));
    assert_non_null(strstr(err.message, hx_kernel_name_at(0)));
    assert_string_equal(hx_kernel_name(), before);
    assert_null(hx_kernel_name_at(hx_kernel_count()));
    assert_int_equal(hx_kernel_available(-1), 0);
}

/* hx_slider_method() names how the kernel in use finds a slider's attacks,
 * one of the two ways hexref.h documents: the line lookup in the kernels
 * built for PEXT/PDEP, the ray scan in the others; for every kernel this
 * CPU runs, chosen in turn. */
static void slider_method_names_the_kernels_way(void **state)
{
    (void)state;
    const char *before = hx_kernel_name();
    hx_error err;
    for (int k = 0; k < kernel_count(); k++) {
        const hx_kernel *kernel = kernel_at(k);
        if (!kernel_runs_here(kernel))
            continue;
        if (hx_kernel_choose(kernel->name, &err) != 0)
            fail_msg("%s", err.message);
        const char *method = hx_slider_method();
        assert_non_null(method);
        assert_string_equal(method, kernel->uses_pext ? "line lookup (PEXT/PDEP)" : "ray scan");
    }
    if (hx_kernel_choose(before, &err) != 0)
        fail_msg("%s", err.message);
}

/* ---- The kernel choice, with other CPUs' registers (kernel_choice.h) ---- */

/* CPUID's feature bits as the manuals define them (Intel SDM vol. 2A,
 * "CPUID"; AMD APM vol. 3, appendix E), written here from them rather than
 * taken from cpuid.h, which kernel.c uses. */
#define LEAF1_ECX_POPCNT (1u << 23)
#define LEAF7_EBX_BMI (1u << 3)
#define LEAF7_EBX_BMI2 (1u << 8)
#define LEAF80000001_ECX_LZCNT (1u << 5)
#define NEEDS_ALL (KERNEL_NEEDS_POPCNT | KERNEL_NEEDS_BMI | KERNEL_NEEDS_BMI2 | KERNEL_NEEDS_LZCNT)

/* Leaf 1's EAX (the processor signature) of real CPUs: stepping in bits
 * 0-3, model 4-7, base family 8-11, extended model 16-19, extended family
 * 20-27; the family is the base family, plus the extended family where the
 * base is 0xf. */
enum {
    SIG_INTEL_SKYLAKE = 0x000506E3, /* family 6 */
    SIG_INTEL_PENTIUM4 = 0x00000F29, /* family 0xf, extended family 0 */
    SIG_AMD_K7 = 0x00000662,        /* Athlon XP: family 6 */
    SIG_AMD_K8 = 0x00020FB1,        /* Athlon 64 X2: family 0xf */
    SIG_AMD_K10 = 0x00100F42,       /* Phenom II: family 0x10 */
    SIG_AMD_ZEN1 = 0x00800F11,      /* Ryzen 7 1800X: family 0x17 */
    SIG_AMD_ZEN2 = 0x00870F10,      /* Ryzen 7 3700X: family 0x17 */
    SIG_HYGON_DHYANA = 0x00900F01,  /* Hygon C86 (Zen 1): family 0x18 */
    SIG_AMD_ZEN3 = 0x00A20F10,      /* Ryzen 9 5950X: family 0x19 */
    SIG_AMD_ZEN4 = 0x00A60F12,      /* Ryzen 9 7950X: family 0x19 */
    SIG_AMD_ZEN5 = 0x00B40F40,      /* Ryzen 9 9950X: family 0x1a */
};

/* The leaves of a CPU with vendor id `vendor` (12 characters: leaf 0
 * spells it in EBX, EDX, ECX), signature `sig` and the features `has`
 * (KERNEL_NEEDS_* bits, each set in its own leaf and register). */
static cpuid_leaves cpu_leaves(const char *vendor, unsigned sig, unsigned has)
{
    cpuid_leaves r;
    memset(&r, 0, sizeof r);
    r.leaf0.eax = 0x16; /* the highest basic leaf */
    memcpy(&r.leaf0.ebx, vendor, 4);
    memcpy(&r.leaf0.edx, vendor + 4, 4);
    memcpy(&r.leaf0.ecx, vendor + 8, 4);
    r.leaf1.eax = sig;
    r.leaf1.ecx = (has & KERNEL_NEEDS_POPCNT) ? LEAF1_ECX_POPCNT : 0;
    r.leaf7.ebx = ((has & KERNEL_NEEDS_BMI) ? LEAF7_EBX_BMI : 0) |
                  ((has & KERNEL_NEEDS_BMI2) ? LEAF7_EBX_BMI2 : 0);
    r.leaf80000001.ecx = (has & KERNEL_NEEDS_LZCNT) ? LEAF80000001_ECX_LZCNT : 0;
    return r;
}

/* Kernels as this build's list has them (kernel_entry.c): the plain one
 * needs nothing, "popcnt" POPCNT, "bmi2" all four and uses PEXT/PDEP. */
static const hx_kernel K_PLAIN = {.name = "x86-64", .slider_method = "ray scan"};
static const hx_kernel K_POPCNT = {.name = "popcnt", .slider_method = "ray scan",
                                   .needs = KERNEL_NEEDS_POPCNT};
static const hx_kernel K_BMI2 = {.name = "bmi2", .slider_method = "line lookup (PEXT/PDEP)",
                                 .needs = NEEDS_ALL, .uses_pext = 1};
static const hx_kernel *const K_LIST[] = {&K_PLAIN, &K_POPCNT, &K_BMI2};

#if defined(__x86_64__)
/* What cpu_decode finds in a CPU's leaves. */
static cpu_info decoded(const char *vendor, unsigned sig, unsigned has)
{
    cpuid_leaves r = cpu_leaves(vendor, sig, has);
    return cpu_decode(&r);
}

/* Each feature is one bit of one register: POPCNT leaf 1 ECX bit 23, BMI
 * and BMI2 leaf 7 EBX bits 3 and 8, LZCNT leaf 0x80000001 ECX bit 5. A CPU
 * with only that bit set (in any leaf) has that feature only; one with
 * every bit of every register set but that one has every feature but it. */
static void cpu_features_are_their_bits(void **state)
{
    (void)state;
    static const struct {
        unsigned need, bit;
        size_t leaf;  /* offsetof the leaf in cpuid_leaves */
        size_t reg;   /* offsetof the register in cpuid_regs */
    } features[] = {
        {KERNEL_NEEDS_POPCNT, LEAF1_ECX_POPCNT, offsetof(cpuid_leaves, leaf1), offsetof(cpuid_regs, ecx)},
        {KERNEL_NEEDS_BMI, LEAF7_EBX_BMI, offsetof(cpuid_leaves, leaf7), offsetof(cpuid_regs, ebx)},
        {KERNEL_NEEDS_BMI2, LEAF7_EBX_BMI2, offsetof(cpuid_leaves, leaf7), offsetof(cpuid_regs, ebx)},
        {KERNEL_NEEDS_LZCNT, LEAF80000001_ECX_LZCNT, offsetof(cpuid_leaves, leaf80000001),
         offsetof(cpuid_regs, ecx)},
    };
    for (size_t f = 0; f < sizeof features / sizeof features[0]; f++) {
        cpuid_leaves only = cpu_leaves("GenuineIntel", SIG_INTEL_SKYLAKE, 0), all_but;
        unsigned *reg = (unsigned *)((char *)&only + features[f].leaf + features[f].reg);
        *reg = features[f].bit;
        cpu_info c = cpu_decode(&only);
        assert_int_equal(c.has, features[f].need);
        assert_int_equal(c.slow_pext, 0);

        memset(&all_but, 0xff, sizeof all_but);
        all_but.leaf0 = only.leaf0;
        all_but.leaf1.eax = SIG_INTEL_SKYLAKE;
        reg = (unsigned *)((char *)&all_but + features[f].leaf + features[f].reg);
        *reg &= ~features[f].bit;
        c = cpu_decode(&all_but);
        assert_int_equal(c.has, NEEDS_ALL & ~features[f].need);
        assert_int_equal(c.slow_pext, 0);
    }
    /* No leaf but the vendor's (CPUID reports no higher one: the others stay zero). */
    assert_int_equal(decoded("GenuineIntel", 0, 0).has, 0);
    assert_int_equal(decoded("GenuineIntel", SIG_INTEL_SKYLAKE, NEEDS_ALL).has, NEEDS_ALL);
}

/* PEXT and PDEP are slow (microcoded) on AMD before Zen 3, family 0x19:
 * Zen 1 and 2 (0x17) and Hygon's Zen 1 (0x18) and every older family; not
 * from Zen 3 on, and never on Intel or other vendors. */
static void slow_pext_is_amd_before_zen3(void **state)
{
    (void)state;
    static const struct {
        const char *vendor;
        unsigned sig;
        int slow;
    } cpus[] = {
        {"AuthenticAMD", SIG_AMD_ZEN1, 1},   {"AuthenticAMD", SIG_AMD_ZEN2, 1},
        {"HygonGenuine", SIG_HYGON_DHYANA, 1}, {"AuthenticAMD", SIG_AMD_K10, 1},
        {"AuthenticAMD", SIG_AMD_K8, 1},     {"AuthenticAMD", SIG_AMD_K7, 1},
        {"AuthenticAMD", SIG_AMD_ZEN3, 0},   {"AuthenticAMD", SIG_AMD_ZEN4, 0},
        {"AuthenticAMD", SIG_AMD_ZEN5, 0},   {"GenuineIntel", SIG_INTEL_SKYLAKE, 0},
        {"GenuineIntel", SIG_INTEL_PENTIUM4, 0}, {"CentaurHauls", 0x000006F2, 0},
        {"  Shanghai  ", 0x000107B5, 0},
        /* The extended family counts only where the base family is 0xf: an
         * AMD of base family 6 whose extended family field reads 0x13 (the
         * field is reserved there) is family 6, not 6 + 0x13 = 0x19. */
        {"AuthenticAMD", SIG_AMD_K7 | 0x13u << 20, 1},
        /* Nor on Hygon: family 0x18 + 0 = 0x18 however the model reads. */
        {"HygonGenuine", SIG_HYGON_DHYANA | 0xfu << 16 | 0xfu << 4, 1},
    };
    for (size_t i = 0; i < sizeof cpus / sizeof cpus[0]; i++) {
        cpu_info c = decoded(cpus[i].vendor, cpus[i].sig, NEEDS_ALL);
        if (c.slow_pext != cpus[i].slow || c.has != NEEDS_ALL)
            fail_msg("%s signature 0x%08x: slow_pext %d (expected %d), has 0x%x", cpus[i].vendor,
                     cpus[i].sig, c.slow_pext, cpus[i].slow, c.has);
    }
}

/* Only the whole vendor id "AuthenticAMD" or "HygonGenuine" is AMD's: one
 * that differs in any one of its 12 characters is another vendor's (on a
 * Zen 2 signature: no slow PEXT). */
static void amd_is_the_whole_vendor_id(void **state)
{
    (void)state;
    static const char *const amd[] = {"AuthenticAMD", "HygonGenuine"};
    for (int v = 0; v < 2; v++) {
        assert_int_equal(decoded(amd[v], SIG_AMD_ZEN2, NEEDS_ALL).slow_pext, 1);
        for (int i = 0; i < 12; i++) {
            char other[13];
            memcpy(other, amd[v], 13);
            other[i] = other[i] == 'X' ? 'Y' : 'X';
            if (decoded(other, SIG_AMD_ZEN2, NEEDS_ALL).slow_pext != 0)
                fail_msg("vendor id '%s' taken for AMD's", other);
        }
    }
    assert_int_equal(decoded("AMD ISBETTER", SIG_AMD_ZEN2, NEEDS_ALL).slow_pext, 0);
}

/* From registers to the kernel: the line lookup on Intel with BMI2 and on
 * Zen 3, the popcnt kernel on Zen 2 and Hygon (slow PEXT) and on a CPU with
 * POPCNT only, the plain kernel without POPCNT. */
static void kernel_for_real_cpus(void **state)
{
    (void)state;
    static const struct {
        const char *vendor;
        unsigned sig, has;
        const char *kernel;
    } cpus[] = {
        {"GenuineIntel", SIG_INTEL_SKYLAKE, NEEDS_ALL, "bmi2"},
        {"AuthenticAMD", SIG_AMD_ZEN3, NEEDS_ALL, "bmi2"},
        {"AuthenticAMD", SIG_AMD_ZEN2, NEEDS_ALL, "popcnt"},
        {"HygonGenuine", SIG_HYGON_DHYANA, NEEDS_ALL, "popcnt"},
        {"GenuineIntel", 0x000106A5, KERNEL_NEEDS_POPCNT, "popcnt"}, /* Nehalem */
        {"AuthenticAMD", SIG_AMD_K10, KERNEL_NEEDS_POPCNT | KERNEL_NEEDS_LZCNT, "popcnt"},
        {"GenuineIntel", 0x00010676, 0, "x86-64"},                   /* Core 2 */
    };
    for (size_t i = 0; i < sizeof cpus / sizeof cpus[0]; i++) {
        const hx_kernel *k = kernel_best(K_LIST, 3, decoded(cpus[i].vendor, cpus[i].sig, cpus[i].has));
        assert_string_equal(k->name, cpus[i].kernel);
    }
}

/* cpuid_read holds each leaf as this CPU gives it (asked here through
 * cpuid.h directly), all zero where the CPU has no such leaf; leaf 1's EBX
 * is left out: it holds the APIC id of the core the thread runs on at the
 * moment. The features decoded from it are those the compiler's own
 * detection (__builtin_cpu_supports) sees, and so are those of the probe
 * the library keeps (kernel_runs_here). */
static void cpuid_read_is_this_cpu(void **state)
{
    (void)state;
    cpuid_leaves r = cpuid_read();
    static const struct {
        unsigned leaf, subleaf;
        size_t offset;
    } leaves[] = {
        {0, 0, offsetof(cpuid_leaves, leaf0)},
        {1, 0, offsetof(cpuid_leaves, leaf1)},
        {7, 0, offsetof(cpuid_leaves, leaf7)},
        {0x80000001, 0, offsetof(cpuid_leaves, leaf80000001)},
    };
    for (int i = 0; i < 4; i++) {
        cpuid_regs want = {0, 0, 0, 0}, got;
        __get_cpuid_count(leaves[i].leaf, leaves[i].subleaf, &want.eax, &want.ebx, &want.ecx,
                          &want.edx);
        memcpy(&got, (const char *)&r + leaves[i].offset, sizeof got);
        if (leaves[i].leaf == 1)
            got.ebx = want.ebx;
        if (memcmp(&got, &want, sizeof got) != 0)
            fail_msg("leaf 0x%x: cpuid_read has %08x %08x %08x %08x, CPUID %08x %08x %08x %08x",
                     leaves[i].leaf, got.eax, got.ebx, got.ecx, got.edx, want.eax, want.ebx,
                     want.ecx, want.edx);
    }
    __builtin_cpu_init();
    cpu_info c = cpu_decode(&r);
    static const unsigned needs[3] = {KERNEL_NEEDS_POPCNT, KERNEL_NEEDS_BMI, KERNEL_NEEDS_BMI2};
    int sees[3] = {!!__builtin_cpu_supports("popcnt"), !!__builtin_cpu_supports("bmi"),
                   !!__builtin_cpu_supports("bmi2")};
    for (int i = 0; i < 3; i++) {
        hx_kernel needing = {.name = "test", .needs = needs[i]};
        assert_int_equal(!!(c.has & needs[i]), sees[i]);
        assert_int_equal(kernel_runs_here(&needing), sees[i]);
    }
    hx_kernel lzcnt = {.name = "test", .needs = KERNEL_NEEDS_LZCNT};
    assert_int_equal(kernel_runs_here(&lzcnt), !!(c.has & KERNEL_NEEDS_LZCNT));
    char vendor[13] = "";
    memcpy(vendor, &r.leaf0.ebx, 4);
    memcpy(vendor + 4, &r.leaf0.edx, 4);
    memcpy(vendor + 8, &r.leaf0.ecx, 4);
    if (__builtin_cpu_is("intel")) {
        assert_string_equal(vendor, "GenuineIntel");
        assert_int_equal(c.slow_pext, 0);
    }
    if (__builtin_cpu_is("amd"))
        assert_string_equal(vendor, "AuthenticAMD");
    if (__builtin_cpu_is("amdfam17h"))
        assert_int_equal(c.slow_pext, 1);
    if (__builtin_cpu_is("amdfam19h"))
        assert_int_equal(c.slow_pext, 0);
}
#endif

/* A kernel runs on a CPU that has every instruction set it needs, and on
 * no CPU that lacks any one of them. */
static void kernel_runs_on_what_it_needs(void **state)
{
    (void)state;
    for (unsigned has = 0; has <= NEEDS_ALL; has++) {
        cpu_info c = {has, 0}, slow = {has, 1};
        assert_int_equal(kernel_runs_on(&K_PLAIN, c), 1);
        assert_int_equal(kernel_runs_on(&K_POPCNT, c), !!(has & KERNEL_NEEDS_POPCNT));
        assert_int_equal(kernel_runs_on(&K_BMI2, c), has == NEEDS_ALL);
        assert_int_equal(kernel_runs_on(&K_BMI2, slow), has == NEEDS_ALL); /* slow, but runs */
    }
}

/* The choice from what the CPU has: the last kernel of the list it runs,
 * passing over one with PEXT/PDEP where they are slow; of the first n
 * only; the first if none suits (a plain kernel built for another CPU,
 * HEXREF_NATIVE, is run as asked). */
static void kernel_best_is_the_last_that_suits(void **state)
{
    (void)state;
    static const struct {
        cpu_info cpu;
        int n;
        const hx_kernel *want;
    } cases[] = {
        {{NEEDS_ALL, 0}, 3, &K_BMI2},
        {{NEEDS_ALL, 1}, 3, &K_POPCNT}, /* Zen 2 */
        {{NEEDS_ALL & ~KERNEL_NEEDS_LZCNT, 0}, 3, &K_POPCNT},
        {{NEEDS_ALL & ~KERNEL_NEEDS_BMI2, 0}, 3, &K_POPCNT},
        {{KERNEL_NEEDS_POPCNT, 0}, 3, &K_POPCNT},
        {{KERNEL_NEEDS_POPCNT, 1}, 3, &K_POPCNT},
        {{NEEDS_ALL & ~KERNEL_NEEDS_POPCNT, 0}, 3, &K_PLAIN},
        {{0, 0}, 3, &K_PLAIN},
        {{0, 1}, 3, &K_PLAIN},
        {{NEEDS_ALL, 0}, 2, &K_POPCNT},
        {{NEEDS_ALL, 0}, 1, &K_PLAIN},
    };
    static const hx_kernel *const none_suits[] = {&K_BMI2, &K_POPCNT};
    assert_ptr_equal(kernel_best(none_suits, 2, (cpu_info){0, 0}), &K_BMI2);
    assert_ptr_equal(kernel_best(none_suits, 2, (cpu_info){NEEDS_ALL, 1}), &K_POPCNT);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const hx_kernel *k = kernel_best(K_LIST, cases[i].n, cases[i].cpu);
        if (k != cases[i].want)
            fail_msg("has 0x%x, slow_pext %d, %d kernels: %s, expected %s", cases[i].cpu.has,
                     cases[i].cpu.slow_pext, cases[i].n, k->name, cases[i].want->name);
    }
}

/* A kernel asked for by name: given if the CPU runs it; refused, saying
 * why, if the CPU lacks what it needs or no kernel of the list has the
 * name (the message lists the names it has). */
static void kernel_named_or_why_not(void **state)
{
    (void)state;
    static const cpu_info popcnt_only = {KERNEL_NEEDS_POPCNT, 0}, zen2 = {NEEDS_ALL, 1};
    static const struct {
        int n;
        const char *name;
        const cpu_info *cpu;
        const hx_kernel *want; /* NULL: refused with message */
        const char *message;
    } cases[] = {
        {3, "x86-64", &popcnt_only, &K_PLAIN, NULL},
        {3, "popcnt", &popcnt_only, &K_POPCNT, NULL},
        {3, "bmi2", &zen2, &K_BMI2, NULL}, /* slow there, but asked for */
        {3, "bmi2", &popcnt_only, NULL, "kernel 'bmi2' needs instructions this CPU does not have"},
        {3, "avx512", &zen2, NULL, "unknown kernel 'avx512' (this build has: x86-64, popcnt, bmi2)"},
        {3, "popcn", &zen2, NULL, "unknown kernel 'popcn' (this build has: x86-64, popcnt, bmi2)"},
        {3, "popcnt2", &zen2, NULL, "unknown kernel 'popcnt2' (this build has: x86-64, popcnt, bmi2)"},
        {2, "bmi2", &zen2, NULL, "unknown kernel 'bmi2' (this build has: x86-64, popcnt)"},
        {1, "", &zen2, NULL, "unknown kernel '' (this build has: x86-64)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hx_error err = {""};
        assert_ptr_equal(kernel_named(K_LIST, cases[i].n, cases[i].name, *cases[i].cpu, &err),
                         cases[i].want);
        assert_string_equal(err.message, cases[i].message ? cases[i].message : "");
    }
}

/* hx_kernel_choose refuses an unknown name with every kernel of this build
 * in its message, in order, and keeps the kernel in use. */
static void unknown_kernel_lists_the_builds_kernels(void **state)
{
    (void)state;
    char want[256] = "unknown kernel 'sse9' (this build has: ";
    for (int i = 0; i < hx_kernel_count(); i++) {
        strcat(want, hx_kernel_name_at(i));
        strcat(want, i + 1 < hx_kernel_count() ? ", " : ")");
    }
    const char *before = hx_kernel_name();
    hx_error err;
    assert_int_equal(hx_kernel_choose("sse9", &err), -1);
    assert_string_equal(err.message, want);
    assert_string_equal(hx_kernel_name(), before);
}

/* argv[0]: forced_kernel_or_stop runs this program again. */
static const char *self;

/* This program run again with HEXREF_KERNEL=name as `self --kernel-name`
 * (main prints the kernel in use): its exit status; what it printed, on
 * either stream, in out. */
static int run_with_kernel(const char *name, char *out, size_t size)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "HEXREF_KERNEL='%s' '%s' --kernel-name 2>&1", name, self);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* HEXREF_KERNEL=NAME is the kernel a program runs, from its start; with a
 * name that cannot be used the library does not stop the program (issue
 * 26: no exit in library code) but refuses every hx_rules_find with the
 * reason, so that nothing runs on another kernel than asked (kernel.c),
 * until the program chooses a kernel itself. The program run here prints
 * the refusal and exits 1 (as the hexref command does). */
static void forced_kernel_or_stop(void **state)
{
    (void)state;
    char out[512], want[512];
    for (int i = 0; i < hx_kernel_count(); i++) {
        if (hx_kernel_available(i)) {
            assert_int_equal(run_with_kernel(hx_kernel_name_at(i), out, sizeof out), 0);
            snprintf(want, sizeof want, "%s\n", hx_kernel_name_at(i));
        } else {
            assert_int_equal(run_with_kernel(hx_kernel_name_at(i), out, sizeof out), 1);
            snprintf(want, sizeof want,
                     "hexref: HEXREF_KERNEL: kernel '%s' needs instructions this CPU does not have\n"
                     "main went on with %s\n",
                     hx_kernel_name_at(i), hx_kernel_name_at(0));
        }
        assert_string_equal(out, want);
    }
    snprintf(want, sizeof want, "hexref: HEXREF_KERNEL: unknown kernel 'sse9' (this build has: ");
    for (int i = 0; i < hx_kernel_count(); i++) {
        strcat(want, hx_kernel_name_at(i));
        strcat(want, i + 1 < hx_kernel_count() ? ", " : ")\n");
    }
    strcat(want, "main went on with ");
    strcat(want, hx_kernel_name_at(0));
    strcat(want, "\n");
    assert_int_equal(run_with_kernel("sse9", out, sizeof out), 1);
    assert_string_equal(out, want);
}

/* The kernels are numbered 0 .. hx_kernel_count() - 1: no other number
 * names one or is available. */
static void kernel_numbers_are_the_builds(void **state)
{
    (void)state;
    int n = hx_kernel_count();
    assert_true(n >= 1);
    assert_null(hx_kernel_name_at(-1));
    assert_null(hx_kernel_name_at(n));
    assert_int_equal(hx_kernel_available(-1), 0);
    assert_int_equal(hx_kernel_available(n), 0);
    for (int i = 0; i < n; i++)
        assert_non_null(hx_kernel_name_at(i));
}

/* hx_count_legal (position.h) is the number of moves hx_legal_moves lists,
 * along seeded random games of every variant. */
static void count_legal_is_the_number_listed(void **state)
{
    (void)state;
    static const char *variants[] = {"shafran", "brusky", "glinski", "mccooey"};
    hx_move moves[HX_MAX_MOVES];
    uint64_t seed = 17;
    for (int v = 0; v < 4; v++) {
        hx_position *pos = open_fen(variants[v], "std", NULL);
        for (int ply = 0; ply < 60; ply++) {
            assert_int_equal(hx_count_legal(pos), hx_legal_moves(pos, moves));
            if (!play_random_move(pos, &seed))
                break;
        }
        hx_position_free(pos);
    }
}

/* A move is the encoding position.h documents (from | to << 7 | promotion
 * << 14 | kind << 17 | castle index << 20) and nothing else: a move that is
 * no castling carries no castle index, so that equal moves are equal values.
 * Every legal move along seeded random games of every profile. */
static const char *const PROMOTING[] = {
    "W Ke1 Pa5, B Ki10 Rb7", "W Kf1 Pe7, B Kh8 Rg8", "W Kg1 Pb6, B Kg10 Rc7", "W Kg1 Pb6, B Kg10 Rc7"};

static void moves_are_their_encoding(void **state)
{
    (void)state;
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        for (int i = 0; i < hx_profile_count(variant); i++) {
            hx_position *pos = open_fen(variant, hx_profile_name(variant, i), NULL);
            uint64_t seed = 99 + (uint64_t)i;
            for (int ply = 0; ply < 60; ply++) {
                if (ply == 30) { /* and pawns about to promote, by step and capture */
                    hx_position_free(pos);
                    pos = open_pieces(variant, hx_profile_name(variant, i), PROMOTING[v]);
                }
                hx_move moves[HX_MAX_MOVES];
                int n = hx_legal_moves(pos, moves);
                for (int k = 0; k < n; k++) {
                    hx_move m = moves[k];
                    int kind = move_kind(m);
                    int castle = kind == MOVE_CASTLE ? move_castle(m) : 0;
                    assert_true(m == move_make(move_from(m), move_to(m), move_promo(m), kind, castle));
                }
                if (!play_random_move(pos, &seed))
                    break;
            }
            hx_position_free(pos);
        }
    }
}

/* rules->boxed_sliders (rules.h) says whether the setup boxes a slider in:
 * a bishop or queen whose every diagonal first step (each existing
 * neighbour along the six diagonal directions) holds a man of its own side,
 * or a rook or queen whose every orthogonal first step does. Derived here
 * from the step tables, for every profile; both answers occur. */
static int boxed_along(const hx_rules *r, int c, int first_dir)
{
    int colour = hx_piece_colour(r->setup[c]);
    for (int d = first_dir; d < first_dir + 6; d++) {
        int t = r->g->step[d][c];
        if (t != HX_NO_CELL && (!r->setup[t] || hx_piece_colour(r->setup[t]) != colour))
            return 0;
    }
    return 1;
}

static void boxed_sliders_follow_the_setup(void **state)
{
    (void)state;
    int seen[2] = {0, 0};
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        for (int i = 0; i < hx_profile_count(variant); i++) {
            hx_error err;
            const hx_rules *r = hx_rules_find(variant, hx_profile_name(variant, i), &err);
            assert_non_null(r);
            int boxed = 0;
            for (int c = 0; c < r->g->nslots; c++) {
                int type = r->setup[c] ? hx_piece_type(r->setup[c]) : -1;
                if ((type == HX_BISHOP || type == HX_QUEEN) && boxed_along(r, c, HX_ORTHS))
                    boxed = 1;
                if ((type == HX_ROOK || type == HX_QUEEN) && boxed_along(r, c, 0))
                    boxed = 1;
            }
            if (r->boxed_sliders != boxed)
                fail_msg("%s/%s: boxed_sliders %d, the setup says %d", variant, r->profile,
                         r->boxed_sliders, boxed);
            seen[boxed] = 1;
        }
    }
    assert_true(seen[0] && seen[1]);
}

/* The pawn tables describe cells: a slot of the grid that is no cell of
 * the board (geometry.h) has no forward neighbour, no reach, no capture and
 * no promotion, and no table names such a slot as a target. */
static void pawn_tables_name_cells_only(void **state)
{
    (void)state;
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        for (int i = 0; i < hx_profile_count(variant); i++) {
            hx_error err;
            const hx_rules *r = hx_rules_find(variant, hx_profile_name(variant, i), &err);
            const hx_geometry *g = r->g;
            for (int colour = 0; colour < 2; colour++) {
                assert_true((r->start[colour] & ~g->all) == 0);
                assert_true((r->promotion[colour] & ~g->all) == 0);
                for (int c = 0; c < HX_MAX_CELLS; c++) {
                    assert_true((r->pawn_capture[colour][c] & ~g->all) == 0);
                    assert_true((r->pawn_vertical[colour][c] & ~g->all) == 0);
                    if (c < g->nslots && geometry_exists(g, c))
                        continue;
                    for (int k = 0; k < HX_MAX_FORWARD; k++)
                        assert_int_equal(r->push[colour][k][c], HX_NO_CELL);
                    assert_int_equal(r->max_steps[colour][c], 0);
                    assert_true(r->pawn_capture[colour][c] == 0);
                    assert_true(r->pawn_vertical[colour][c] == 0);
                    assert_int_equal(r->promotes[colour][c], 0);
                }
            }
        }
    }
}

/* geometry.h: dir_to[a][b] is the direction from a to b, or -1 where b is
 * on no ray of a (b == a, or not aligned). Readers test only its sign
 * today, but the value is the header's contract: check it for every pair
 * of cells of each board, on the board and off it. */
static void alignment_is_the_rays_or_minus_one(void **state)
{
    (void)state;
    static const char *variants[] = {"shafran", "brusky", "glinski", "mccooey"};
    for (int v = 0; v < 4; v++) {
        hx_error err;
        const hx_rules *r = hx_rules_find(variants[v], "", &err);
        assert_non_null(r);
        const hx_geometry *g = r->g;
        for (int a = 0; a < HX_MAX_CELLS; a++) {
            for (int b = 0; b < HX_MAX_CELLS; b++) {
                int want = -1;
                for (int d = 0; d < HX_DIRS && a < g->nslots; d++)
                    if (b < g->nslots && hx_bb_has(g->ray[d][a], b))
                        want = d;
                if (g->dir_to[a][b] != want)
                    fail_msg("%s: dir_to[%d][%d] is %d, expected %d", variants[v], a, b,
                             g->dir_to[a][b], want);
            }
        }
    }
}

/* ---- geometry (geometry.h): every table recomputed from the board's
 * inequalities and the lattice vectors, for every slot of the grid ---- */

static const char *const geometry_boards[] = {"shafran", "brusky", "glinski", "mccooey"};

static const hx_geometry *geometry_of(const char *variant)
{
    hx_error err;
    const hx_rules *r = hx_rules_find(variant, "", &err);
    if (!r)
        fail_msg("%s", err.message);
    return r->g;
}

/* The slot of (x, y) if it is a cell of the board, else HX_NO_CELL: the
 * shape's three inequalities and the numbering y * (xmax + 1) + x of
 * geometry.h, without any table. */
static int cell_of_shape(const hx_board_shape *s, int x, int y)
{
    if (x < 0 || x > s->xmax || y < 0 || y > s->ymax || x - y < s->dmin || x - y > s->dmax)
        return HX_NO_CELL;
    return y * (s->xmax + 1) + x;
}

static hx_bb bit_of(int cell) { return cell == HX_NO_CELL ? 0 : (hx_bb)1 << cell; }

/* The tables describe cells, and only cells: for each of the HX_MAX_CELLS
 * slots, it is a cell exactly where the shape says so; a cell's neighbour
 * in each direction, its ray to the board's edge, its king and knight
 * leaps and its rook and bishop lines are the walk along the lattice
 * vectors; a slot that is no cell (a hole of the grid or past its end) has
 * no neighbour, no ray, no leap and no line. */
static void geometry_tables_follow_from_the_shape(void **state)
{
    (void)state;
    for (int v = 0; v < 4; v++) {
        const hx_geometry *g = geometry_of(geometry_boards[v]);
        const hx_board_shape *sh = &g->shape;
        int width = sh->xmax + 1, cells = 0;
        assert_int_equal(g->width, width);
        assert_int_equal(g->nslots, width * (sh->ymax + 1));
        for (int c = 0; c < HX_MAX_CELLS; c++) {
            int x = c % width, y = c / width;
            int is_cell = cell_of_shape(sh, x, y) == c;
            cells += is_cell;
            if (geometry_exists(g, c) != is_cell)
                fail_msg("%s: slot %d exists %d, the shape says %d", geometry_boards[v], c,
                         geometry_exists(g, c), is_cell);
            if (is_cell) {
                assert_int_equal(g->x[c], x);
                assert_int_equal(g->y[c], y);
                assert_int_equal(geometry_cell(g, x, y), c);
            }
            hx_bb king = 0, knight = 0, orth = 0, diag = 0;
            for (int d = 0; d < HX_DIRS; d++) {
                int dx = hx_dir_vec[d][0], dy = hx_dir_vec[d][1];
                int step = is_cell ? cell_of_shape(sh, x + dx, y + dy) : HX_NO_CELL;
                hx_bb ray = 0;
                for (int k = 1; is_cell && cell_of_shape(sh, x + k * dx, y + k * dy) != HX_NO_CELL; k++)
                    ray |= bit_of(cell_of_shape(sh, x + k * dx, y + k * dy));
                if (g->step[d][c] != step || g->ray[d][c] != ray)
                    fail_msg("%s: slot %d direction %d: step %d (expected %d), or its ray differs",
                             geometry_boards[v], c, d, g->step[d][c], step);
                king |= bit_of(step);
                *(d < HX_ORTHS ? &orth : &diag) |= ray;
            }
            for (int k = 0; k < HX_KNIGHT_LEAPS && is_cell; k++)
                knight |= bit_of(cell_of_shape(sh, x + hx_knight_vec[k][0], y + hx_knight_vec[k][1]));
            if (g->king[c] != king || g->knight[c] != knight || g->orth_lines[c] != orth ||
                g->diag_lines[c] != diag || g->orth_steps[c] != (king & orth) ||
                g->diag_steps[c] != (king & diag))
                fail_msg("%s: slot %d: a leap or line table differs from the walk",
                         geometry_boards[v], c);
        }
        assert_int_equal(hx_bb_count(g->all), cells);
    }
}

/* The lines of the line lookup (geometry.h, attacks.h) are the rays: for
 * each cell and each of the HX_DIRS / 2 axes, line_of names the line made
 * of the cell and its two opposite rays, line_pos counts the line's cells
 * below the cell, inner is the line without its two ends, the counts
 * below index 64 and line_at (the same by cell) agree, and slide_row is
 * the row of hx_slide for the cell's position. The table lists each line
 * once: nlines is the number of cells that start a line. */
static void lines_follow_from_the_rays(void **state)
{
    (void)state;
    for (int v = 0; v < 4; v++) {
        const hx_geometry *g = geometry_of(geometry_boards[v]);
        int starts = 0;
        for (int c = 0; c < g->nslots; c++) {
            if (!geometry_exists(g, c))
                continue;
            for (int a = 0; a < HX_DIRS / 2; a++) {
                int d = hx_axis_dir(a);
                hx_bb cells = bit_of(c) | g->ray[d][c] | g->ray[hx_dir_opposite(d)][c];
                int n = hx_bb_count(cells), pos = hx_bb_count(cells & (bit_of(c) - 1));
                hx_bb inner = cells & ~bit_of(hx_bb_lsb(cells)) & ~bit_of(hx_bb_msb(cells));
                starts += pos == 0;
                assert_true(g->line_of[a][c] < g->nlines);
                const hx_line *l = &g->lines[g->line_of[a][c]];
                const hx_line_at *at = &g->line_at[c][a];
                if (l->cells != cells || g->line_pos[a][c] != pos || l->inner != inner ||
                    l->cells_low != hx_bb_count(cells & UINT64_MAX) ||
                    l->inner_low != hx_bb_count(inner & UINT64_MAX))
                    fail_msg("%s: cell %s axis %d: the line (%d cells, position %d) differs",
                             geometry_boards[v], g->name[c], a, n, pos);
                assert_true(n <= HX_MAX_LINE);
                assert_true(at->cells_lo == hx_bb_lo(cells) && at->cells_hi == hx_bb_hi(cells));
                assert_true(at->inner_lo == hx_bb_lo(inner) && at->inner_hi == hx_bb_hi(inner));
                assert_int_equal(at->cells_low, l->cells_low);
                assert_int_equal(at->inner_low, l->inner_low);
                assert_ptr_equal(&(&hx_slide[0][0])[at->slide_row], &hx_slide[pos][0]);
            }
        }
        assert_int_equal(g->nlines, starts);
        assert_true(g->nlines <= HX_MAX_LINES);
    }
}

/* Ranks and names: rank = y + 1 - max(0, x - rank_bend) (geometry.h),
 * nranks the highest; rank_cells lists each rank's cells in ascending
 * file (x) order, rank_len their number, and ranks that no cell has are
 * empty; every cell's name, in each naming the board has, reads back as
 * the cell, every character of it. */
static void ranks_and_names_follow_from_the_shape(void **state)
{
    (void)state;
    for (int v = 0; v < 4; v++) {
        const hx_geometry *g = geometry_of(geometry_boards[v]);
        const hx_board_shape *sh = &g->shape;
        int len[HX_GRID] = {0}, highest = 0;
        for (int x = 0; x <= sh->xmax; x++) {
            for (int y = 0; y <= sh->ymax; y++) {
                int c = cell_of_shape(sh, x, y);
                if (c == HX_NO_CELL)
                    continue;
                int bend = x - sh->rank_bend, rank = y + 1 - (bend > 0 ? bend : 0);
                assert_int_equal(g->rank[c], rank);
                assert_true(rank >= 1 && rank < HX_GRID);
                highest = rank > highest ? rank : highest;
                assert_true(len[rank] < g->rank_len[rank]);
                assert_int_equal(g->rank_cells[rank][len[rank]++], c);
                for (int naming = 0; naming <= (sh->alt_files != NULL); naming++) {
                    char name[4];
                    int n = -1;
                    geometry_cell_name(g, c, naming, name);
                    if (naming == 0)
                        assert_string_equal(name, g->name[c]);
                    assert_int_equal(geometry_parse_cell(g, name, naming, &n), c);
                    assert_int_equal(n, (int)strlen(name));
                }
            }
        }
        assert_int_equal(g->nranks, highest);
        for (int rank = 0; rank < HX_GRID; rank++)
            assert_int_equal(g->rank_len[rank], len[rank]);
    }
}

/* A cell name is a file letter and the rank's number, read whole: no
 * leading zero, no digit left over for the caller, and a file and rank
 * that meet at no cell name nothing. The name ends where the string ends,
 * whatever bytes the buffer holds after it. */
static void cell_names_are_read_whole(void **state)
{
    (void)state;
    const hx_geometry *g = geometry_of("shafran"); /* files a..i, ranks 1..10 */
    static const char *const not_cells[] = {
        "e0", "e01", "e05", "a05", "e011", "e19", "e11", "e99", "a10", "i1", "j1", "E1", "e",
        "1", "-", "e:", "e/", "",
    };
    for (size_t i = 0; i < sizeof not_cells / sizeof not_cells[0]; i++) {
        int len = -1;
        int c = geometry_parse_cell(g, not_cells[i], 0, &len);
        if (c != HX_NO_CELL)
            fail_msg("shafran: '%s' read as cell %d (%d characters)", not_cells[i], c, len);
    }
    static const struct {
        const char *text;
        const char *cell;
        int len;
    } cells[] = {{"e10", "e10", 3}, {"e1e2", "e1", 2}, {"e10e9", "e10", 3}, {"a1-b2", "a1", 2}};
    for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
        int len = -1, c = geometry_parse_cell(g, cells[i].text, 0, &len);
        assert_int_not_equal(c, HX_NO_CELL);
        assert_string_equal(g->name[c], cells[i].cell);
        assert_int_equal(len, cells[i].len);
    }
    static const char empty_then_rank[] = {'\0', '5', '\0'}, file_then_end[] = {'a', '\0', '5', '\0'};
    assert_int_equal(geometry_parse_cell(g, empty_then_rank, 0, NULL), HX_NO_CELL);
    assert_int_equal(geometry_parse_cell(g, file_then_end, 0, NULL), HX_NO_CELL);
}

/* hx_cell_name names the board's cells and refuses every other (x, y),
 * near the board, past the grid of geometry.h or far away; so does
 * hx_position_piece. */
static void cell_names_only_on_the_board(void **state)
{
    (void)state;
    for (int v = 0; v < 4; v++) {
        hx_error err;
        const hx_rules *r = hx_rules_find(geometry_boards[v], "", &err);
        assert_non_null(r);
        hx_position *pos = open_fen(geometry_boards[v], "", NULL);
        for (int x = -3; x <= 2 * HX_GRID; x++) {
            for (int y = -3; y <= 2 * HX_GRID; y++) {
                int c = cell_of_shape(&r->g->shape, x, y);
                char name[4] = "";
                int rc = hx_cell_name(r, x, y, 0, name);
                if (rc != (c == HX_NO_CELL ? -1 : 0))
                    fail_msg("%s: hx_cell_name(%d, %d) returned %d", geometry_boards[v], x, y, rc);
                if (c != HX_NO_CELL)
                    assert_string_equal(name, r->g->name[c]);
                assert_int_equal(hx_position_piece(pos, x, y) != 0, c != HX_NO_CELL);
            }
        }
        hx_position_free(pos);
    }
}

/* ---- mutposition (issue 17): position.c, invariants.c, geometry.h, kernel.h ---- */

/* The rules of every profile of every variant, into out; returns how many. */
static int every_profile(const hx_rules **out, int cap)
{
    int n = 0;
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        for (int p = 0; p < hx_profile_count(variant); p++) {
            hx_error err;
            assert_true(n < cap);
            out[n] = hx_rules_find(variant, hx_profile_name(variant, p), &err);
            assert_non_null(out[n++]);
        }
    }
    return n;
}

/* Cell names in a second naming exist only where the variant defines one:
 * Brusky's notation B (naming 1); the canonical naming 0 everywhere; no
 * other number names anything. Every profile of every variant. */
static void namings_are_the_variants(void **state)
{
    (void)state;
    const hx_rules *rules[64];
    int n = every_profile(rules, 64);
    for (int i = 0; i < n; i++)
        for (int naming = -1; naming <= 2; naming++) {
            const char *variant = hx_rules_variant(rules[i]);
            int expected = naming == 0 || (naming == 1 && !strcmp(variant, "brusky"));
            if (hx_rules_has_naming(rules[i], naming) != expected)
                fail_msg("%s %s: naming %d: has_naming says %d", variant,
                         hx_rules_profile(rules[i]), naming, !expected);
        }
}

/* The side to move is the HexFEN's second field, and a move passes the turn:
 * every variant's initial position, with White and with Black to move. */
static void side_to_move_follows_the_fen(void **state)
{
    (void)state;
    for (int v = 0; v < hx_variant_count(); v++) {
        hx_position *pos = open_fen(hx_variant_name(v), "std", NULL);
        assert_int_equal(hx_position_side(pos), HX_WHITE);
        char fen[HX_FEN_MAX];
        hx_position_fen(pos, fen);
        char *w = strstr(fen, " w ");
        assert_non_null(w);
        w[1] = 'b';
        hx_error err;
        assert_int_equal(hx_position_set_fen(pos, fen, &err), 0);
        assert_int_equal(hx_position_side(pos), HX_BLACK);
        hx_move moves[HX_MAX_MOVES];
        assert_true(hx_legal_moves(pos, moves) > 0);
        hx_make(pos, moves[0]);
        assert_int_equal(hx_position_side(pos), HX_WHITE);
        hx_unmake(pos);
        assert_int_equal(hx_position_side(pos), HX_BLACK);
        hx_position_free(pos);
    }
}

/* Orthogonal direction d and d + 3 (mod 6) are opposite, and so are the
 * diagonals (geometry.h): the opposite's vector is the negated vector, of
 * the same kind, and opposite twice is the direction itself. */
static void opposite_directions_are_negated_vectors(void **state)
{
    (void)state;
    for (int d = 0; d < HX_DIRS; d++) {
        int o = hx_dir_opposite(d);
        assert_true(o >= 0 && o < HX_DIRS);
        assert_int_equal(hx_dir_vec[o][0], -hx_dir_vec[d][0]);
        assert_int_equal(hx_dir_vec[o][1], -hx_dir_vec[d][1]);
        assert_int_equal(o < HX_ORTHS, d < HX_ORTHS);
        assert_int_equal(hx_dir_opposite(o), d);
    }
}

/* A castling right needs its king and its rook at home: each right of each
 * profile's initial position is caught when its rook is taken off, or
 * replaced by a rook of the other colour. */
static void each_castling_right_needs_its_rook(void **state)
{
    (void)state;
    const hx_rules *rules[64];
    int n = every_profile(rules, 64), rights_seen = 0;
    for (int k = 0; k < n; k++) {
        const char *variant = hx_rules_variant(rules[k]), *profile = hx_rules_profile(rules[k]);
        hx_position *pos = open_fen(variant, profile, NULL);
        for (int i = 0; i < 4; i++) {
            if (!(pos->castling & (1 << i)))
                continue;
            int home = pos->rules->rook_home[i], colour = i / 2;
            hx_error err;
            for (int wrong = 0; wrong < 2; wrong++) {
                hx_position *broken = open_fen(variant, profile, NULL);
                position_remove(broken, home);
                if (wrong)
                    position_put(broken, hx_piece(!colour, HX_ROOK), home);
                assert_int_equal(hx_position_check(broken, &err), -1);
                if (!strstr(err.message, "castling right"))
                    fail_msg("%s right %d (%s): %s", variant, i, pos->g->name[home], err.message);
                hx_position_free(broken);
            }
            rights_seen++;
        }
        hx_position_free(pos);
    }
    assert_true(rights_seen > 0);
}

/* position_put and position_remove keep the key in step (position.h): after
 * each man taken off an initial position, and each put back, the key is the
 * one computed from scratch; all put back, it is the initial key again. */
static void put_and_remove_keep_the_key(void **state)
{
    (void)state;
    for (int v = 0; v < hx_variant_count(); v++) {
        hx_position *pos = open_fen(hx_variant_name(v), "std", NULL);
        uint64_t initial = hx_position_key(pos);
        uint8_t men[HX_MAX_CELLS];
        memcpy(men, pos->board, sizeof men);
        for (hx_bb left = pos->all; left;) {
            position_remove(pos, hx_bb_pop(&left));
            assert_true(hx_position_key(pos) == position_compute_key(pos));
        }
        assert_true(hx_position_key(pos) != initial);
        for (int c = 0; c < HX_MAX_CELLS; c++)
            if (men[c]) {
                position_put(pos, men[c], c);
                assert_true(hx_position_key(pos) == position_compute_key(pos));
            }
        assert_true(hx_position_key(pos) == initial);
        assert_int_equal(hx_position_check(pos, &(hx_error){{0}}), 0);
        hx_position_free(pos);
    }
}

/* A new position has nothing played (its history is empty) and no pawn
 * marked as re-entered; nor has a position set from a HexFEN, which cannot
 * say whether a pawn left its start cell and came back (hexfen.c), so every
 * pawn counts as unmoved: in diag-firstmove too. */
static void new_and_parsed_positions_start_clean(void **state)
{
    (void)state;
    const hx_rules *rules[64];
    int n = every_profile(rules, 64);
    for (int i = 0; i < n; i++) {
        hx_position *pos = hx_position_new(rules[i]);
        assert_non_null(pos);
        assert_int_equal(pos->ply, 0);
        assert_true(pos->reentered == 0);
        assert_int_equal(hx_position_side(pos), HX_WHITE);
        hx_error err;
        assert_int_equal(hx_position_set_fen(pos, NULL, &err), 0);
        assert_int_equal(pos->ply, 0);
        assert_true(pos->reentered == 0);
        hx_position_free(pos);
    }
}

/* A kernel needs exactly the instruction sets it was compiled for (kernel.h):
 * needing one less would run it on a CPU without them, one more would refuse
 * it where it runs. The needs are a set, one bit per instruction set. The
 * plain kernel has the library's own flags, which this test shares. */
static void kernels_need_what_they_were_built_for(void **state)
{
    (void)state;
    static const unsigned bits[] = {KERNEL_NEEDS_POPCNT, KERNEL_NEEDS_BMI, KERNEL_NEEDS_BMI2,
                                    KERNEL_NEEDS_LZCNT};
    unsigned all = 0;
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++) {
        assert_true(bits[i] != 0 && (bits[i] & (bits[i] - 1)) == 0); /* one bit */
        assert_true((all & bits[i]) == 0);                           /* its own */
        all |= bits[i];
    }
    unsigned plain = 0;
#if defined(__POPCNT__)
    plain |= KERNEL_NEEDS_POPCNT;
#endif
#if defined(__BMI__)
    plain |= KERNEL_NEEDS_BMI;
#endif
#if defined(__BMI2__)
    plain |= KERNEL_NEEDS_BMI2;
#endif
#if defined(__LZCNT__)
    plain |= KERNEL_NEEDS_LZCNT;
#endif
    assert_int_equal(kernel_at(0)->needs, plain);
    for (int k = 1; k < kernel_count(); k++) {
        const hx_kernel *kernel = kernel_at(k);
        if (!strcmp(kernel->name, "popcnt"))
            assert_int_equal(kernel->needs, KERNEL_NEEDS_POPCNT);
        else if (!strcmp(kernel->name, "bmi2"))
            assert_int_equal(kernel->needs, all);
        else
            fail_msg("kernel %s: what does it need?", kernel->name);
    }
}
/* Out of memory: test_internals is linked with --wrap=calloc,
 * --wrap=malloc and --wrap=free (tests/rules/CMakeLists.txt), so the
 * library's allocations can be made to fail, SQLite style. While armed, the
 * allocation numbered fail_at (from 1) returns NULL, and every block handed
 * out is tracked until freed. */
void *__real_calloc(size_t n, size_t size);
void *__real_malloc(size_t size);
void __real_free(void *p);
static struct {
    int armed, calls, fail_at, live;
    void *blocks[8];
} oom;

static void *tracked(void *p)
{
    if (p && oom.live < (int)(sizeof oom.blocks / sizeof oom.blocks[0]))
        oom.blocks[oom.live++] = p;
    return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
    if (!oom.armed)
        return __real_calloc(n, size);
    if (++oom.calls == oom.fail_at)
        return NULL;
    return tracked(__real_calloc(n, size));
}

void *__wrap_malloc(size_t size)
{
    if (!oom.armed)
        return __real_malloc(size);
    if (++oom.calls == oom.fail_at)
        return NULL;
    return tracked(__real_malloc(size));
}

void __wrap_free(void *p)
{
    for (int i = 0; i < oom.live; i++)
        if (oom.blocks[i] == p) {
            oom.blocks[i] = oom.blocks[--oom.live];
            break;
        }
    __real_free(p);
}

/* hx_position_new returns NULL when either of its blocks cannot be had,
 * and keeps nothing of the other; with memory, it allocates exactly what
 * hx_position_free gives back. */
static void new_position_out_of_memory(void **state)
{
    (void)state;
    hx_error err;
    const hx_rules *r = hx_rules_find("glinski", "std", &err);
    assert_non_null(r);
    for (int fail_at = 1; fail_at <= 2; fail_at++) {
        oom.armed = 1, oom.calls = 0, oom.fail_at = fail_at, oom.live = 0;
        hx_position *pos = hx_position_new(r);
        oom.armed = 0;
        assert_null(pos);
        assert_true(oom.calls >= fail_at); /* the failure did happen */
        if (oom.live != 0)
            fail_msg("allocation %d failing: %d block(s) not freed", fail_at, oom.live);
    }
    oom.armed = 1, oom.calls = 0, oom.fail_at = 0, oom.live = 0;
    hx_position *pos = hx_position_new(r);
    assert_non_null(pos);
    assert_int_equal(oom.live, 2);
    hx_position_free(pos);
    oom.armed = 0;
    assert_int_equal(oom.live, 0);
}
/* ---- end of mutposition's block ---- */

/* ---- mutstatus's block (issue 17: hx_text_moves survivors) ---- */
/* hx_text_moves needs room for the text and its NUL, no more; an empty list
 * (a stalemate) still needs its NUL; out of memory is an error of its own;
 * and the position it makes is freed on every path. */
static void text_moves_buffer_and_memory(void **state)
{
    (void)state;
    char out[4096], full[4096];
    hx_error err;
    assert_int_equal(hx_text_moves("shafran", "std", NULL, full, sizeof full, &err), 0);
    size_t need = strlen(full) + 1;
    assert_true(need > 1 && need < sizeof out);
    memset(out, 'x', sizeof out);
    assert_int_equal(hx_text_moves("shafran", "std", NULL, out, need, &err), 0);
    assert_string_equal(out, full);
    err.message[0] = '\0';
    assert_int_equal(hx_text_moves("shafran", "std", NULL, out, need - 1, &err), -1);
    assert_non_null(strstr(err.message, "too small"));
    /* glinski-s09-stalemate-queen: no legal moves. */
    static const char *const stalemate = "1/3/5/7/9/11/11/11/K10/3Q7/k10 b - - 0 1";
    memset(out, 'x', sizeof out);
    assert_int_equal(hx_text_moves("glinski", "std", stalemate, out, 1, &err), 0);
    assert_int_equal(out[0], '\0');
    err.message[0] = '\0';
    assert_int_equal(hx_text_moves("glinski", "std", stalemate, out, 0, &err), -1);
    assert_non_null(strstr(err.message, "too small"));
    /* Out of memory, at each of hx_position_new's allocations, then none. */
    for (int fail_at = 1; fail_at <= 3; fail_at++) {
        oom.armed = 1, oom.calls = 0, oom.fail_at = fail_at, oom.live = 0;
        err.message[0] = '\0';
        int rc = hx_text_moves("glinski", "std", NULL, out, sizeof out, &err);
        oom.armed = 0;
        if (fail_at <= 2) {
            assert_int_equal(rc, -1);
            assert_string_equal(err.message, "out of memory");
        } else {
            assert_int_equal(rc, 0);
        }
        if (oom.live != 0)
            fail_msg("allocation %d failing: %d block(s) not freed", fail_at, oom.live);
    }
}
/* ---- end of mutstatus's block ---- */
/* ---- mutderive (issue 17): rules_derive.c ---- */

/* rules.h: the castles of colour c are castles[first_castle[c] ..
 * first_castle[c + 1]), and each says so itself (colour, a right of that
 * colour, its king's home): tools (perft-suites' pick) read k->colour. */
static void castles_name_their_colour(void **state)
{
    (void)state;
    const hx_rules *rules[64];
    int n = every_profile(rules, 64), black_castles = 0;
    for (int i = 0; i < n; i++) {
        const hx_rules *r = rules[i];
        assert_int_equal(r->first_castle[0], 0);
        assert_int_equal(r->first_castle[2], r->ncastles);
        for (int colour = 0; colour < 2; colour++)
            for (int k = r->first_castle[colour]; k < r->first_castle[colour + 1]; k++) {
                const hx_castle *c = &r->castles[k];
                if (c->colour != colour || c->right / 2 != colour ||
                    c->king_from != r->king_home[colour])
                    fail_msg("%s/%s castle %d: colour %d, right %d, king %d; expected colour %d",
                             r->variant, r->profile, k, c->colour, c->right, c->king_from, colour);
                black_castles += colour;
            }
    }
    assert_true(black_castles > 0);
}

int main(int argc, char **argv)
{
    /* Run again by forced_kernel_or_stop: the kernel in use, or why the
     * rules are refused and that choosing a kernel lifts the refusal. */
    if (argc == 2 && !strcmp(argv[1], "--kernel-name")) {
        hx_error err;
        if (hx_rules_find("mccooey", NULL, &err)) {
            puts(hx_kernel_name());
            return 0;
        }
        printf("hexref: %s\n", err.message);
        if (hx_kernel_choose(hx_kernel_name_at(0), &err) == 0 && hx_rules_find("mccooey", NULL, &err))
            printf("main went on with %s\n", hx_kernel_name());
        return 1;
    }
    self = argv[0];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(default_choice), /* first: before any test chooses a kernel */
        cmocka_unit_test(unknown_kernel_refused),
        cmocka_unit_test(invariant_checker_catches_each_corruption),
        cmocka_unit_test(each_ghost_cell_caught),
        cmocka_unit_test(each_ghost_piece_caught),
        cmocka_unit_test(own_men_sharing_a_cell_caught),
        cmocka_unit_test(accessors),
        cmocka_unit_test(move_flags),
        cmocka_unit_test(text_interface),
        cmocka_unit_test(slider_methods_agree),
        cmocka_unit_test(lines_partition_the_board),
        cmocka_unit_test(alignment_is_the_rays_or_minus_one),
        cmocka_unit_test(keys_follow_their_definition),
        cmocka_unit_test(attackers_agree_with_attacked),
        cmocka_unit_test(slider_method_names_the_kernels_way),
#if defined(__x86_64__)
        cmocka_unit_test(cpu_features_are_their_bits),
        cmocka_unit_test(slow_pext_is_amd_before_zen3),
        cmocka_unit_test(amd_is_the_whole_vendor_id),
        cmocka_unit_test(kernel_for_real_cpus),
        cmocka_unit_test(cpuid_read_is_this_cpu),
#endif
        cmocka_unit_test(kernel_runs_on_what_it_needs),
        cmocka_unit_test(kernel_best_is_the_last_that_suits),
        cmocka_unit_test(kernel_named_or_why_not),
        cmocka_unit_test(unknown_kernel_lists_the_builds_kernels),
        cmocka_unit_test(forced_kernel_or_stop),
        cmocka_unit_test(kernel_numbers_are_the_builds),
        cmocka_unit_test(count_legal_is_the_number_listed),
        cmocka_unit_test(moves_are_their_encoding),
        cmocka_unit_test(boxed_sliders_follow_the_setup),
        cmocka_unit_test(pawn_tables_name_cells_only),
        cmocka_unit_test(geometry_tables_follow_from_the_shape),
        cmocka_unit_test(lines_follow_from_the_rays),
        cmocka_unit_test(ranks_and_names_follow_from_the_shape),
        cmocka_unit_test(cell_names_are_read_whole),
        cmocka_unit_test(cell_names_only_on_the_board),
        cmocka_unit_test(namings_are_the_variants),
        cmocka_unit_test(side_to_move_follows_the_fen),
        cmocka_unit_test(opposite_directions_are_negated_vectors),
        cmocka_unit_test(each_castling_right_needs_its_rook),
        cmocka_unit_test(put_and_remove_keep_the_key),
        cmocka_unit_test(new_and_parsed_positions_start_clean),
        cmocka_unit_test(kernels_need_what_they_were_built_for),
        cmocka_unit_test(new_position_out_of_memory),
        cmocka_unit_test(text_moves_buffer_and_memory),
        cmocka_unit_test(castles_name_their_colour),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
