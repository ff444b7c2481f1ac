/*
 * identify_result.c - identify's comparison as values (identify.h): the
 * rule points that tell profiles apart and one check per fixture, which
 * the JSON and JUnit printers show as they show any run's.
 */
#include "identify_private.h"

#include <stdlib.h>
#include <string.h>

#include "strutil.h"

/* A fixture id's topic (its second part) as a rule point's name. */
static void topic_name(const char *id, char *out, size_t cap)
{
    const char *t = strchr(id, '-');
    t = t ? t + 1 : id;
    size_t n = strcspn(t, "-");
    static const char *const names[][2] = {
        {"pawn", "pawn moves"}, {"promo", "promotion"}, {"ep", "en passant"},
        {"castle", "castling"}, {"geo", "piece geometry"}, {"clock", "clocks"},
        {"perft", "published perft"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i][0]) == n && strncmp(t, names[i][0], n) == 0) {
            snprintf(out, cap, "%s", names[i][1]);
            return;
        }
    if (t[0] == 's' && n == 3)
        snprintf(out, cap, "spec section 7, item %d", atoi(t + 1));
    else
        snprintf(out, cap, "%.*s", (int)n, t);
}

static int same_group(const hx_identify_result *r, int i, int j)
{
    char a[64], b[64];
    topic_name(r->fixtures[i].id, a, sizeof a);
    topic_name(r->fixtures[j].id, b, sizeof b);
    return r->fixtures[i].agree == r->fixtures[j].agree && strcmp(a, b) == 0;
}

int identify_points(hx_identify_result *r)
{
    unsigned all = (1u << r->nprofiles) - 1;
    char *done = calloc((size_t)r->nfixtures + 1, 1);
    if (!done)
        return -1;
    for (int i = 0; i < r->nfixtures; i++) {
        const hx_identify_fixture *row = &r->fixtures[i];
        int answered = 0;
        for (int q = 0; q < r->nprofiles; q++)
            answered |= row->state[q] == HX_IDENTIFY_AGREE || row->state[q] == HX_IDENTIFY_DIFFER;
        if (done[i] || row->kind != HX_IDENTIFY_SEPARATING || !answered || row->agree == all)
            continue;
        if (hx_grow(&r->points, &r->cappoints, r->npoints, sizeof *r->points, 32) != 0) {
            free(done);
            return -1;
        }
        hx_identify_point *pt = &r->points[r->npoints++];
        memset(pt, 0, sizeof *pt);
        topic_name(r->fixtures[i].id, pt->topic, sizeof pt->topic);
        pt->follows = r->fixtures[i].agree;
        pt->example = r->fixtures[i].id;
        for (int j = i; j < r->nfixtures; j++)
            if (!done[j] && r->fixtures[j].kind == HX_IDENTIFY_SEPARATING && same_group(r, i, j))
                done[j] = 1, pt->count++;
    }
    free(done);
    return 0;
}

unsigned hx_identify_differing_runs(const hx_identify_result *r, int i, int q)
{
    const hx_identify_fixture *row = &r->fixtures[i];
    return (row->differs[q] | row->errors) & row->ran & ~row->not_applicable[q];
}

const hx_check_result *hx_identify_run_of(const hx_results *runs, const char *id)
{
    for (int i = 0; i < runs->n; i++)
        if (strcmp(runs->checks[i].id, id) == 0)
            return &runs->checks[i];
    return NULL;
}

int hx_identify_indistinguishable(const hx_identify_result *r, int p, int q)
{
    for (int i = 0; i < r->nfixtures; i++)
        if (r->fixtures[i].kind != HX_IDENTIFY_SKIP &&
            r->fixtures[i].answer[p] != r->fixtures[i].answer[q])
            return 0;
    return 1;
}

/* The engine's answer under one run in a word. */
static const char *answer_word(const hx_identify_fixture *row, int p)
{
    return row->errors >> p & 1 ? "gives no usable answer" : row->engine >> p & 1 ? "fails"
                                                                                   : "passes";
}

/* Under which runs the engine and the reference as q part, and how. */
static void difference_text(const hx_identify_result *r, int i, int q, hx_sbuf *m)
{
    const hx_identify_fixture *row = &r->fixtures[i];
    unsigned runs = hx_identify_differing_runs(r, i, q);
    int n = 0;
    for (int p = 0; p < r->nprofiles; p++)
        if (runs >> p & 1) {
            int ref_fails = (int)(row->failed[q] >> p & 1);
            int same_outcome = !(row->errors >> p & 1) && (int)(row->engine >> p & 1) == ref_fails;
            hx_sbuf_printf(m, "%sunder %s the engine %s, the reference as %s %s%s", n++ ? "; " : "",
                           r->profiles[p], answer_word(row, p), r->profiles[q],
                           ref_fails ? "fails" : "passes",
                           same_outcome ? " (on other answers)" : "");
        }
}

/* The profiles of mask, space-separated. */
static void mask_names(const hx_identify_result *r, unsigned mask, hx_sbuf *m)
{
    int n = 0;
    for (int p = 0; p < r->nprofiles; p++)
        if (mask >> p & 1)
            hx_sbuf_printf(m, "%s%s", n++ ? " " : "", r->profiles[p]);
}

/* Why fixture i's check against q is not a pass (NULL for a pass). */
static char *check_message(const hx_identify_result *r, int i, int q)
{
    const hx_identify_fixture *row = &r->fixtures[i];
    hx_sbuf m = {0};
    unsigned follows = 0;
    for (int k = 0; k < r->nprofiles; k++)
        follows |= (unsigned)(row->state[k] == HX_IDENTIFY_AGREE) << k;
    switch ((hx_identify_state)row->state[q]) {
    case HX_IDENTIFY_AGREE:
    case HX_IDENTIFY_NA:
        return NULL;
    case HX_IDENTIFY_SKIPPED:
        hx_sbuf_printf(&m, "skipped: %s", hx_fixture_skip_text(row->skip));
        return hx_sbuf_take(&m);
    case HX_IDENTIFY_ERROR:
        hx_sbuf_printf(&m, "engine error: the engine gave no usable answer or rejected the "
                       "position (counted apart, not as a difference)");
        for (int p = 0; p < r->nprofiles; p++) {
            const hx_check_result *c = row->errors >> p & 1
                                           ? hx_identify_run_of(&r->engine_runs[p], row->id)
                                           : NULL;
            if (c && c->message) {
                hx_sbuf_printf(&m, "\n  under %s:\n%s", r->profiles[p], c->message);
                break;
            }
        }
        return hx_sbuf_take(&m);
    case HX_IDENTIFY_DIFFER:
        break;
    }
    if (row->kind == HX_IDENTIFY_COMMON)
        hx_sbuf_printf(&m, "engine bug: every profile gives the same answers here and the engine "
                       "differs (not a reading): ");
    else if (!follows)
        hx_sbuf_printf(&m, "the engine's answers are no profile's here (an engine bug, not a "
                       "reading): ");
    else {
        hx_sbuf_printf(&m, "the engine follows ");
        mask_names(r, follows, &m);
        hx_sbuf_printf(&m, " here, not %s: ", r->profiles[q]);
    }
    difference_text(r, i, q, &m);
    return hx_sbuf_take(&m);
}

/* Does the engine give the answers the reference gives as q at fixture i? */
static int add_check(hx_identify_result *r, int i, int q)
{
    const hx_identify_fixture *row = &r->fixtures[i];
    const hx_check_result *any = NULL;
    for (int p = 0; p < r->nprofiles && !any; p++)
        any = hx_identify_run_of(&r->engine_runs[p], row->id);
    static const hx_outcome outcomes[] = {HX_PASS, HX_FAIL, HX_ERROR, HX_NOT_APPLICABLE,
                                          HX_NOT_APPLICABLE};
    hx_check_result c;
    hx_check_result_init(&c, HX_CHECK_IDENTIFY);
    c.outcome = outcomes[row->state[q]];
    c.id = hx_strdup(row->id);
    c.source = hx_strdup(any ? any->source : NULL);
    c.variant = hx_strdup(r->variant);
    c.profile = hx_strdup(r->profiles[q]);
    c.fen = hx_strdup(any ? any->fen : NULL);
    c.moves = hx_strdup(any ? any->moves : NULL);
    c.depth = 1;
    c.message = check_message(r, i, q);
    return hx_results_add(&r->checks, &c);
}

int identify_checks(hx_identify_result *r)
{
    for (int i = 0; i < r->nfixtures; i++)
        if (add_check(r, i, r->closest) != 0)
            return -1;
    return 0;
}

int identify_unusable_check(hx_identify_result *r)
{
    hx_check_result e;
    hx_check_result_init(&e, HX_CHECK_IDENTIFY);
    e.outcome = HX_ERROR;
    e.id = hx_strdup("engine");
    e.variant = hx_strdup(r->variant);
    e.message = hx_strfmt("the engine gave no usable answer: %s", r->unusable);
    return hx_results_add(&r->checks, &e);
}
