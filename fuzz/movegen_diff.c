/*
 * movegen_diff.c - the reference generator against the oracle on one
 * decoded position per input (fuzz_common.h gives the input layout).
 *
 * Checked on every input:
 *   - the reference's count of the legal moves (hx_perft 1, which counts
 *     without listing) equals the length of its list;
 *   - for every legal move, on the reference alone (cheap): make, the
 *     invariant checker (incremental key == key from scratch, bitboards ==
 *     mailbox, rights), unmake, the checker again and the key restored;
 *   - the legal move set against the oracle's;
 *   - the status: the oracle's view of "in check" and the move count, and
 *     oracle_status itself whenever the reference says check, mate or
 *     stalemate;
 *   - one child HexFEN against the oracle's (the byte after the moves picks
 *     it, preferring e.p., castling and promotion moves, then multi-steps),
 *     that child's HexFEN parsed back gives the same text and key, and
 *     unmaking it gives back the exact HexFEN (clocks included).
 * An oracle call costs a full legal-move generation (~50-100 us), so one
 * child per input rather than all of them keeps the fuzzer fast; with
 * HEXREF_FUZZ_FULL=1 (the ctest replay) every child is compared instead,
 * through hx_diff_position.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "differential.h"
#include "fuzz_common.h"
#include "oracle.h"

static const fz_limits limits = {
    .profiles = FZ_ORACLE, .max_plies = 200, .max_edits = 48, .allow_game = 1, .reserve = 1};

enum { ORACLE_TEXT = 65536, SPECIAL = HX_MOVE_EP | HX_MOVE_CASTLE | HX_MOVE_PROMOTION };

typedef struct move_set {
    int n;
    hx_move move[HX_MAX_MOVES];
    char text[HX_MAX_MOVES][HX_MOVE_TEXT_MAX];
} move_set;

/* On a difference, the harness's own report follows ours (it compares
 * every child, so it names the first differing one). */
_Noreturn static void fail(const fz_game *g, const char *what, const char *detail)
{
    if (g->pos)
        hx_diff_position(g->pos, g->root, stderr, NULL);
    fz_fail("movegen_diff", g, "%s: %s", what, detail);
}

static int by_text(const void *a, const void *b)
{
    return strcmp(((const char *)a), ((const char *)b));
}

/* The reference's moves with their texts, both sorted by text. */
static void reference_moves(hx_position *pos, move_set *s)
{
    static struct {
        char text[HX_MOVE_TEXT_MAX];
        hx_move move;
    } pairs[HX_MAX_MOVES];
    s->n = hx_legal_moves(pos, s->move);
    for (int i = 0; i < s->n; i++) {
        hx_move_text(pos, s->move[i], 0, pairs[i].text);
        pairs[i].move = s->move[i];
    }
    qsort(pairs, (size_t)s->n, sizeof pairs[0], by_text);
    for (int i = 0; i < s->n; i++) {
        memcpy(s->text[i], pairs[i].text, HX_MOVE_TEXT_MAX);
        s->move[i] = pairs[i].move;
    }
}

/* hx_perft counts the last ply without listing it (a second generator
 * path): its count must be the list's length. */
static void check_count(fz_game *g, const move_set *s)
{
    uint64_t counted = hx_perft(g->pos, 1);
    char detail[128];
    if (counted != (uint64_t)s->n) {
        snprintf(detail, sizeof detail, "hx_perft(1) counts %llu, hx_legal_moves lists %d",
                 (unsigned long long)counted, s->n);
        fail(g, "move count", detail);
    }
}

/* For every move: make, check the child's invariants, unmake, check the
 * invariants again and the key. Unmake restores the key from the history,
 * so "key == key recomputed from the pieces" after unmake is what proves
 * the pieces came back; the printed HexFEN (clocks included) is compared
 * for the child that compare_child plays again. */
static void check_make_unmake(fz_game *g, const move_set *s)
{
    uint64_t key = hx_position_key(g->pos);
    char detail[512];
    for (int i = 0; i < s->n; i++) {
        hx_error err;
        hx_make(g->pos, s->move[i]);
        if (hx_position_check(g->pos, &err) != 0) {
            hx_unmake(g->pos);
            snprintf(detail, sizeof detail, "after %s: %s", s->text[i], err.message);
            fail(g, "make", detail);
        }
        hx_unmake(g->pos);
        if (hx_position_check(g->pos, &err) != 0 || hx_position_key(g->pos) != key) {
            snprintf(detail, sizeof detail, "%s then unmake: %s", s->text[i],
                     hx_position_key(g->pos) != key ? "key not restored" : err.message);
            fail(g, "unmake", detail);
        }
    }
}

/* Walks the two sorted lists together, naming what only one side has. */
static void describe_difference(const move_set *s, char *lines, char *out, size_t cap)
{
    char only_oracle[1024] = "", only_reference[1024] = "";
    size_t uo = 0, ur = 0;
    int i = 0;
    char *save = NULL, *m = strtok_r(lines, "\n", &save);
    while (m || i < s->n) {
        int cmp = !m ? 1 : i == s->n ? -1 : strcmp(m, s->text[i]);
        if (cmp < 0 && uo < sizeof only_oracle)
            uo += (size_t)snprintf(only_oracle + uo, sizeof only_oracle - uo, " %s", m);
        if (cmp > 0 && ur < sizeof only_reference)
            ur += (size_t)snprintf(only_reference + ur, sizeof only_reference - ur, " %s",
                                   s->text[i]);
        if (cmp <= 0)
            m = strtok_r(NULL, "\n", &save);
        if (cmp >= 0)
            i++;
    }
    snprintf(out, cap, "oracle only:%s; reference only:%s", only_oracle[0] ? only_oracle : " -",
             only_reference[0] ? only_reference : " -");
}

static void compare_move_sets(fz_game *g, const move_set *s, const char *fen, int *oracle_n)
{
    static char lines[ORACLE_TEXT], mine[ORACLE_TEXT];
    char err[256], detail[2048];
    const char *v = hx_rules_variant(g->rules), *p = hx_rules_profile(g->rules);
    if (oracle_moves(v, p, fen, lines, sizeof lines, err, sizeof err) != 0)
        fail(g, "oracle rejected the reference's position", err);
    size_t used = 0;
    mine[0] = '\0';
    for (int i = 0; i < s->n; i++)
        used += (size_t)snprintf(mine + used, sizeof mine - used, "%s\n", s->text[i]);
    *oracle_n = 0;
    for (const char *c = lines; *c; c++)
        *oracle_n += *c == '\n';
    if (strcmp(lines, mine) != 0) {
        describe_difference(s, lines, detail, sizeof detail);
        fail(g, "legal moves differ", detail);
    }
}

/* The oracle's "in check": its HexFEN parser rejects a position whose side
 * not to move is in check, so hand it the position with the sides swapped
 * (and no e.p. field, which depends on the side). Costs a parse, not a
 * move generation. */
static int oracle_in_check(const fz_game *g, const char *fen)
{
    char flipped[HX_FEN_MAX + 64], place[HX_FEN_MAX], side, rights[8];
    char ep[32], err[256];
    int half, full;
    uint64_t nodes;
    if (sscanf(fen, "%255s %c %7s %31s %d %d", place, &side, rights, ep, &half, &full) != 6)
        return -1;
    snprintf(flipped, sizeof flipped, "%s %c %s - %d %d", place, side == 'w' ? 'b' : 'w',
             rights, half, full);
    return oracle_perft(hx_rules_variant(g->rules), hx_rules_profile(g->rules), flipped, 0,
                        &nodes, err, sizeof err) != 0;
}

static void compare_status(fz_game *g, const char *fen, int oracle_n)
{
    const char *mine = hx_status_name(hx_position_status(g->pos));
    int check = oracle_in_check(g, fen);
    const char *theirs = oracle_n == 0 ? (check ? "checkmate" : "stalemate")
                                       : (check ? "check" : "ongoing");
    char status[32], err[256], detail[300];
    if (strcmp(mine, "ongoing") != 0 &&
        oracle_status(hx_rules_variant(g->rules), hx_rules_profile(g->rules), fen, status,
                      sizeof status, err, sizeof err) == 0)
        theirs = status;
    if (strcmp(mine, theirs) != 0) {
        snprintf(detail, sizeof detail, "reference %s, oracle %s", mine, theirs);
        fail(g, "status differs", detail);
    }
}

/* The child to compare. Probe bits 0-1 pick a tier: 0 and 1 prefer e.p.,
 * castling and promotion moves, 2 prefers multi-steps (they set the e.p.
 * field), 3 takes any move; an empty tier falls through to the next. The
 * other bits pick within the tier. */
static int pick_child(fz_game *g, const move_set *s, int probe)
{
    static const int tiers[] = {SPECIAL, SPECIAL, HX_MOVE_MULTI_STEP, 0};
    int in_tier[HX_MAX_MOVES];
    for (int t = probe & 3; t < 4; t++) {
        int n = 0;
        for (int i = 0; i < s->n; i++)
            if (!tiers[t] || (hx_move_flags(g->pos, s->move[i]) & tiers[t]))
                in_tier[n++] = i;
        if (n > 0)
            return in_tier[(probe >> 2) % n];
    }
    return 0;
}

static void check_parse_back(fz_game *g, const char *text, const char *child, uint64_t key)
{
    hx_position *again = fz_scratch(g->rules);
    hx_error err;
    char printed[HX_FEN_MAX], detail[700];
    if (hx_position_set_fen(again, child, &err) != 0) {
        snprintf(detail, sizeof detail, "after %s the child %s does not parse: %s", text, child,
                 err.message);
        fail(g, "child HexFEN", detail);
    }
    hx_position_fen(again, printed);
    if (strcmp(printed, child) != 0 || hx_position_key(again) != key) {
        snprintf(detail, sizeof detail, "after %s the child %s parses back as %s (key %s)", text,
                 child, printed, hx_position_key(again) == key ? "same" : "differs");
        fail(g, "child HexFEN", detail);
    }
}

static void compare_child(fz_game *g, const move_set *s, const char *fen, int i)
{
    char child[HX_FEN_MAX], after[HX_FEN_MAX], theirs[512], err[256], detail[1200];
    hx_make(g->pos, s->move[i]);
    hx_position_fen(g->pos, child);
    uint64_t key = hx_position_key(g->pos);
    hx_unmake(g->pos);
    hx_position_fen(g->pos, after);
    if (strcmp(after, fen) != 0) {
        snprintf(detail, sizeof detail, "%s then unmake gives %s", s->text[i], after);
        fail(g, "unmake", detail);
    }
    check_parse_back(g, s->text[i], child, key);
    if (oracle_play(hx_rules_variant(g->rules), hx_rules_profile(g->rules), fen, s->text[i],
                    theirs, sizeof theirs, err, sizeof err) != 0)
        snprintf(theirs, sizeof theirs, "(error: %s)", err);
    if (strcmp(theirs, child) != 0) {
        snprintf(detail, sizeof detail, "after %s\n    reference: %s\n    oracle:    %s",
                 s->text[i], child, theirs);
        fail(g, "child position differs", detail);
    }
}

static void check_full(fz_game *g)
{
    static char report[8192];
    FILE *f = fmemopen(report, sizeof report, "w");
    int rc = hx_diff_position(g->pos, g->root, f, NULL);
    if (f)
        fclose(f);
    if (rc != 0)
        fz_fail("movegen_diff", g, "hx_diff_position: %s", report);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static move_set s;
    fz_input in = fz_input_of(data, size);
    fz_game g;
    char fen[HX_FEN_MAX];
    int oracle_n;
    fz_decode(&in, &limits, &g);
    int probe = fz_byte(&in);
    fz_fen(&g, fen);
    reference_moves(g.pos, &s);
    check_count(&g, &s);
    check_make_unmake(&g, &s);
    if (fz_opts()->full) {
        check_full(&g);
        return 0;
    }
    compare_move_sets(&g, &s, fen, &oracle_n);
    compare_status(&g, fen, oracle_n);
    if (s.n > 0)
        compare_child(&g, &s, fen, pick_child(&g, &s, probe));
    return 0;
}
