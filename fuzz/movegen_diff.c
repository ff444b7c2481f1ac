/*
 * movegen_diff.c - the reference generator against the oracle on one
 * decoded position per input (fuzz_common.h gives the input layout).
 *
 * Checked on every input:
 *   - the reference's count of the legal moves (hx_perft 1, which counts
 *     without listing) equals the length of its list;
 *   - for every legal move, on the reference alone (cheap): make, the
 *     invariant checker (incremental key == key from scratch, bitboards ==
 *     mailbox, rights), unmake and the key restored; the checker once more
 *     after the last unmake (and only if that fails, after every unmake, to
 *     name the move);
 *   - the legal move set against the oracle's;
 *   - the status against oracle_status' word;
 *   - one child HexFEN against the oracle's (the byte after the moves picks
 *     it, preferring e.p., castling and promotion moves, then multi-steps),
 *     that child's HexFEN parsed back gives the same text and key, and
 *     unmaking it gives back the exact HexFEN (clocks included).
 * The oracle answers all three from one parse and one legal-move generation
 * (oracle_examine, ~50-100 us); one child per input rather than all of them
 * keeps the fuzzer fast; with HEXREF_FUZZ_FULL=1 (the ctest replay) every
 * child is compared instead, through hx_diff_position.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "differential.h"
#include "print_differential.h"
#include "fuzz_common.h"
#include "oracle.h"

static const fz_limits limits = {
    .profiles = FZ_ORACLE, .max_plies = 64, .max_edits = 48, .allow_game = 1, .reserve = 1};

enum { ORACLE_TEXT = 65536, SPECIAL = HX_MOVE_EP | HX_MOVE_CASTLE | HX_MOVE_PROMOTION };
_Static_assert(HX_MAX_MOVES * HX_MOVE_TEXT_MAX < ORACLE_TEXT, "a move list fits ORACLE_TEXT");

typedef struct move_set {
    int n;
    hx_move move[HX_MAX_MOVES];
    char text[HX_MAX_MOVES][HX_MOVE_TEXT_MAX];
} move_set;

/* On a difference, the harness's own report follows ours (it compares
 * every child, so it names the first differing one). */
_Noreturn static void fail(const fz_game *g, const char *what, const char *detail)
{
    hx_diff_finding f;
    if (g->pos && hx_diff_position(g->pos, g->root, &f, NULL) == 1)
        hx_diff_print_finding(stderr, &f);
    if (g->pos)
        hx_diff_finding_free(&f);
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

/* Make, check the child's invariants (incremental key == key from
 * scratch, bitboards == mailbox, rights), unmake, and the key restored;
 * with `after_unmake`, the invariants again after every unmake. Returns 0,
 * or -1 with the problem in detail. */
static int make_unmake_each(fz_game *g, const move_set *s, uint64_t key, int after_unmake,
                            char *detail, size_t cap)
{
    for (int i = 0; i < s->n; i++) {
        hx_error err;
        hx_make(g->pos, s->move[i]);
        if (hx_position_check(g->pos, &err) != 0) {
            hx_unmake(g->pos);
            snprintf(detail, cap, "make: after %s: %s", s->text[i], err.message);
            return -1;
        }
        hx_unmake(g->pos);
        int broken = after_unmake && hx_position_check(g->pos, &err) != 0;
        if (broken || hx_position_key(g->pos) != key) {
            snprintf(detail, cap, "unmake: %s then unmake: %s", s->text[i],
                     broken ? err.message : "key not restored");
            return -1;
        }
    }
    return 0;
}

/* For every move: make, check, unmake (make_unmake_each). Unmake restores
 * the key from the history, so "key == key recomputed from the pieces"
 * after unmake is what proves the pieces came back. That is checked once,
 * after the last unmake: an unmake that loses a piece leaves the board
 * wrong for every make that follows and for the end. Only when something
 * failed is the loop run again from the decoded position with the check
 * after every unmake as well, so that the report names the first move
 * that went wrong (a bad unmake would otherwise be blamed on the next
 * make). The printed HexFEN (clocks included) is compared for the child
 * that compare_child plays again. */
static void check_make_unmake(fz_game *g, const move_set *s)
{
    uint64_t key = hx_position_key(g->pos);
    char detail[512], first[512];
    hx_error err;
    if (make_unmake_each(g, s, key, 0, first, sizeof first) == 0) {
        if (hx_position_check(g->pos, &err) == 0)
            return;
        snprintf(first, sizeof first, "unmake: after every move and its unmake: %s",
                 err.message);
    }
    fz_redecode(g);
    if (make_unmake_each(g, s, key, 1, detail, sizeof detail) != 0)
        fail(g, "make/unmake", detail);
    fail(g, "make/unmake", first);
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
    /* A detail cut at cap is still a report; the return value is looked
     * at so that gcc's -Wformat-truncation (a -Werror build) accepts it. */
    if (snprintf(out, cap, "oracle only:%s; reference only:%s", only_oracle[0] ? only_oracle : " -",
                 only_reference[0] ? only_reference : " -") >= (int)cap)
        out[cap - 1] = '\0';
}

static void compare_move_sets(fz_game *g, const move_set *s, const char *lines)
{
    static char mine[ORACLE_TEXT], theirs[ORACLE_TEXT];
    char detail[2048];
    size_t used = 0; /* HX_MAX_MOVES lines of HX_MOVE_TEXT_MAX fit ORACLE_TEXT */
    for (int i = 0; i < s->n; i++) {
        size_t len = strlen(s->text[i]);
        memcpy(mine + used, s->text[i], len);
        mine[used + len] = '\n';
        used += len + 1;
    }
    mine[used] = '\0';
    if (strcmp(lines, mine) != 0) {
        snprintf(theirs, sizeof theirs, "%s", lines);
        describe_difference(s, theirs, detail, sizeof detail);
        fail(g, "legal moves differ", detail);
    }
}

/* The reference's status from its list and hx_in_check, as
 * hx_position_status makes it, without generating the moves a second time. */
static void compare_status(fz_game *g, const move_set *s, const char *theirs)
{
    int check = hx_in_check(g->pos);
    hx_status status = s->n ? (check ? HX_CHECK : HX_ONGOING)
                            : (check ? HX_CHECKMATE : HX_STALEMATE);
    const char *mine = hx_status_name(status);
    char detail[300];
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

static void compare_child(fz_game *g, const move_set *s, const char *fen, int i,
                          const struct oracle_view *oracle)
{
    char child[HX_FEN_MAX], after[HX_FEN_MAX], theirs[600], detail[1200];
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
    if (oracle->child_error[0])
        snprintf(theirs, sizeof theirs, "(error: %s)", oracle->child_error);
    else
        snprintf(theirs, sizeof theirs, "%s", oracle->child);
    if (strcmp(theirs, child) != 0) {
        snprintf(detail, sizeof detail, "after %s\n    reference: %s\n    oracle:    %s",
                 s->text[i], child, theirs);
        fail(g, "child position differs", detail);
    }
}

static void check_full(fz_game *g)
{
    hx_diff_finding f;
    int rc = hx_diff_position(g->pos, g->root, &f, NULL);
    char *report = rc == 1 ? hx_diff_finding_text(&f) : NULL;
    hx_diff_finding_free(&f);
    if (rc != 0)
        fz_fail("movegen_diff", g, "hx_diff_position: %s", report ? report : "");
    free(report);
}

/* One oracle call per input (oracle_examine: one parse, one generation)
 * gives the move list, the status and the picked child. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static move_set s;
    static struct oracle_view oracle;
    fz_input in = fz_input_of(data, size);
    fz_game g;
    char fen[HX_FEN_MAX], err[256];
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
    int child = s.n > 0 ? pick_child(&g, &s, probe) : -1;
    if (oracle_examine(hx_rules_variant(g.rules), hx_rules_profile(g.rules), fen,
                       child >= 0 ? s.text[child] : NULL, &oracle, err, sizeof err) != 0)
        fail(&g, "oracle rejected the reference's position", err);
    compare_move_sets(&g, &s, oracle.moves);
    compare_status(&g, &s, oracle.status);
    if (child >= 0)
        compare_child(&g, &s, fen, child, &oracle);
    return 0;
}
