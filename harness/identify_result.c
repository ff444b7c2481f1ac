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
        if (done[i] || r->fixtures[i].agree == all)
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
            if (!done[j] && same_group(r, i, j))
                done[j] = 1, pt->count++;
    }
    free(done);
    return 0;
}

unsigned hx_identify_differing_runs(const hx_identify_result *r, int i, int q)
{
    const hx_identify_fixture *row = &r->fixtures[i];
    return (row->engine ^ row->failed[q]) & row->ran & ~row->not_applicable[q];
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
        if (r->fixtures[i].failed[p] != r->fixtures[i].failed[q] ||
            r->fixtures[i].not_applicable[p] != r->fixtures[i].not_applicable[q])
            return 0;
    return 1;
}

/* Under which runs the engine and the reference as q part, and how. */
static char *difference_text(const hx_identify_result *r, int i, int q)
{
    const hx_identify_fixture *row = &r->fixtures[i];
    unsigned runs = hx_identify_differing_runs(r, i, q);
    hx_sbuf m = {0};
    for (int p = 0; p < r->nprofiles; p++)
        if (runs >> p & 1)
            hx_sbuf_printf(&m, "%sunder %s the engine %s, the reference as %s %s",
                           m.n ? "; " : "", r->profiles[p],
                           row->engine >> p & 1 ? "fails" : "passes", r->profiles[q],
                           row->failed[q] >> p & 1 ? "fails" : "passes");
    return hx_sbuf_take(&m);
}

/* Does the engine give the outcomes the reference gives as q at fixture i? */
static int add_check(hx_identify_result *r, int i, int q)
{
    const hx_identify_fixture *row = &r->fixtures[i];
    const hx_check_result *any = NULL;
    for (int p = 0; p < r->nprofiles && !any; p++)
        any = hx_identify_run_of(&r->engine_runs[p], row->id);
    hx_check_result c;
    hx_check_result_init(&c, HX_CHECK_IDENTIFY);
    c.outcome = row->all_na >> q & 1 ? HX_NOT_APPLICABLE : row->agree >> q & 1 ? HX_PASS : HX_FAIL;
    c.id = hx_strdup(row->id);
    c.source = hx_strdup(any ? any->source : NULL);
    c.variant = hx_strdup(r->variant);
    c.profile = hx_strdup(r->profiles[q]);
    c.fen = hx_strdup(any ? any->fen : NULL);
    c.moves = hx_strdup(any ? any->moves : NULL);
    c.depth = 1;
    if (c.outcome == HX_FAIL)
        c.message = difference_text(r, i, q);
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
