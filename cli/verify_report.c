/*
 * verify_report.c - verify's checks as hx_results, for the HTML report.
 */
#include "verify_report.h"

#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report_html.h"
#include "result.h"

struct verify_report {
    hx_results results;
    char *engine;
};

static char *copy(const char *s)
{
    return s ? strdup(s) : NULL;
}

static hx_move_count *copy_moves(const char *const *moves, int n)
{
    hx_move_count *m = n ? calloc((size_t)n, sizeof *m) : NULL;
    for (int i = 0; m && i < n; i++) {
        snprintf(m[i].move, sizeof m[i].move, "%s", moves[i]);
        m[i].count = 1;
    }
    return m;
}

static hx_count_diff *copy_counts(const vr_count *c, int n)
{
    hx_count_diff *d = n ? calloc((size_t)n, sizeof *d) : NULL;
    for (int i = 0; d && i < n; i++) {
        snprintf(d[i].move, sizeof d[i].move, "%s", c[i].move);
        d[i].expected = c[i].expected;
        d[i].got = c[i].got;
    }
    return d;
}

static void free_diff(hx_divide_diff *d)
{
    free(d->missing);
    free(d->extra);
    free(d->differ);
}

static void free_check(hx_check_result *c)
{
    free(c->id), free(c->source), free(c->variant), free(c->profile), free(c->fen);
    free(c->moves), free(c->message);
    free_diff(&c->diff);
    if (c->minimal) {
        free(c->minimal->fen), free(c->minimal->path), free(c->minimal->command);
        free_diff(&c->minimal->diff);
        free(c->minimal);
    }
}

static int fill_minimal(hx_check_result *out, const vr_check *c)
{
    hx_reproduction *m = calloc(1, sizeof *m);
    if (!m)
        return -1;
    out->minimal = m;
    m->fen = copy(c->fen_minimal);
    m->path = copy(c->path ? c->path : "");
    m->command = copy(c->command);
    m->depth = c->depth_minimal;
    m->diff.missing = copy_moves(c->missing, c->nmissing);
    m->diff.nmissing = m->diff.missing ? c->nmissing : 0;
    m->diff.extra = copy_moves(c->extra, c->nextra);
    m->diff.nextra = m->diff.extra ? c->nextra : 0;
    m->diff.differ = copy_counts(c->differ, c->ndiffer);
    m->diff.ndiffer = m->diff.differ ? c->ndiffer : 0;
    m->diff.expected_total = c->expected_total;
    m->diff.got_total = c->got_total;
    return m->fen && m->path ? 0 : -1;
}

verify_report *verify_report_new(const char *engine)
{
    verify_report *r = calloc(1, sizeof *r);
    if (r) {
        r->engine = copy(engine);
        r->results.command = "verify";
        r->results.engine = r->engine;
    }
    return r;
}

int verify_report_add(verify_report *r, const vr_check *c)
{
    hx_results *res = &r->results;
    if (res->n == res->cap) {
        int cap = res->cap ? 2 * res->cap : 16;
        hx_check_result *grown = realloc(res->checks, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        res->checks = grown;
        res->cap = cap;
    }
    hx_check_result *out = &res->checks[res->n++];
    memset(out, 0, sizeof *out);
    static const hx_outcome outcomes[] = {HX_PASS, HX_FAIL, HX_ERROR};
    out->kind = HX_CHECK_VERIFY;
    out->outcome = outcomes[c->outcome];
    out->id = copy(c->label);
    out->variant = copy(c->variant);
    out->profile = copy(c->profile);
    out->fen = copy(c->root);
    out->moves = c->moves && *c->moves ? copy(c->moves) : NULL;
    out->message = copy(c->message);
    out->depth = c->depth;
    out->seconds = c->seconds;
    return c->fen_minimal ? fill_minimal(out, c) : 0;
}

int verify_report_can_write(const char *path)
{
    char *copy_of_path = strdup(path);
    int ok = copy_of_path && access(dirname(copy_of_path), W_OK) == 0;
    free(copy_of_path);
    return ok;
}

int verify_report_write(const verify_report *r, const char *path, char *err, size_t cap)
{
    return hx_report_html_file(path, &r->results, err, cap);
}

void verify_report_free(verify_report *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->results.n; i++)
        free_check(&r->results.checks[i]);
    free(r->results.checks);
    free(r->engine);
    free(r);
}
