/*
 * results.c - the lifetimes of result.h's values: a check result, its
 * reproduction, and the run's list of results.
 */
#include "result.h"

#include <stdlib.h>
#include <string.h>

#include "divide.h"
#include "strutil.h"

void hx_reproduction_free(hx_reproduction *r)
{
    if (!r)
        return;
    free(r->fen);
    free(r->path);
    free(r->command);
    hx_divide_diff_free(&r->diff);
    free(r);
}

void hx_finding_free(hx_finding *f)
{
    if (!f)
        return;
    free(f->root);
    free(f->path);
    free(f->position);
    free(f->what);
    free(f->stderr_text);
    free(f->narrowing);
    free(f->unknown_cell);
    free(f->duplicate);
    free(f->move);
    hx_divide_free(&f->expected);
    hx_divide_free(&f->got);
    free(f->query);
    free(f->fen_alone_problem);
    free(f);
}

void hx_check_result_init(hx_check_result *c, hx_check_kind kind)
{
    memset(c, 0, sizeof *c);
    c->kind = kind;
}

void hx_check_result_free(hx_check_result *c)
{
    free(c->id);
    free(c->source);
    free(c->variant);
    free(c->profile);
    free(c->fen);
    free(c->moves);
    free(c->message);
    hx_divide_free(&c->expected);
    hx_divide_free(&c->got);
    hx_divide_diff_free(&c->diff);
    hx_reproduction_free(c->minimal);
    hx_finding_free(c->finding);
    memset(c, 0, sizeof *c);
}

void hx_results_init(hx_results *r, const char *command, const char *engine)
{
    memset(r, 0, sizeof *r);
    r->command = command;
    r->engine = engine;
}

int hx_results_add(hx_results *r, hx_check_result *c)
{
    if (hx_grow(&r->checks, &r->cap, r->n, sizeof *r->checks, 64) != 0) {
        hx_check_result_free(c);
        return -1;
    }
    r->checks[r->n++] = *c;
    memset(c, 0, sizeof *c);
    return 0;
}

int hx_results_count(const hx_results *r, hx_outcome outcome)
{
    int n = 0;
    for (int i = 0; i < r->n; i++)
        n += r->checks[i].outcome == outcome;
    return n;
}

void hx_results_free(hx_results *r)
{
    for (int i = 0; i < r->n; i++)
        hx_check_result_free(&r->checks[i]);
    free(r->checks);
    r->checks = NULL;
    r->n = r->cap = 0;
}
