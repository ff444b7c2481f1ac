/*
 * print_suite.c - the text printer of a suite run (print_suite.h).
 */
#include "print_suite.h"

static void print_divide(FILE *out, const char *engine_name, const hx_divide *d, int depth)
{
    fprintf(out, "    %s's divide at D%d:\n", engine_name, depth);
    for (int i = 0; i < d->n; i++)
        fprintf(out, "    %-8s %llu\n", d->moves[i].move, (unsigned long long)d->moves[i].count);
}

static void print_difference(FILE *out, const hx_suite_run_config *cfg, const hx_divide_diff *d)
{
    const char *mine = cfg->engine_name, *theirs = cfg->other_name;
    for (int i = 0; i < d->nextra; i++)
        fprintf(out, "    %-8s %s %llu, %s: no such move\n", d->extra[i].move, mine,
                (unsigned long long)d->extra[i].count, theirs);
    for (int i = 0; i < d->ndiffer; i++)
        fprintf(out, "    %-8s %s %llu, %s %llu\n", d->differ[i].move, mine,
                (unsigned long long)d->differ[i].got, theirs,
                (unsigned long long)d->differ[i].expected);
    for (int i = 0; i < d->nmissing; i++)
        fprintf(out, "    %-8s %s: no such move, %s %llu\n", d->missing[i].move, mine, theirs,
                (unsigned long long)d->missing[i].count);
}

static void print_minimal(FILE *out, const hx_suite_run_config *cfg, const hx_reproduction *m)
{
    fprintf(out, "    minimal: after '%s', at depth %d: %s\n",
            m->path[0] ? m->path : "(the line itself)", m->depth, m->fen);
    print_difference(out, cfg, &m->diff);
    fprintf(out, "    reproduce: %s\n", m->command ? m->command : "(out of memory)");
}

/* What the failing depth's divides showed. */
static void print_divides(FILE *out, const hx_suite_line_result *r, const hx_suite_run_config *cfg)
{
    const hx_check_result *c = r->check;
    switch (r->divide) {
    case HX_SUITE_DIVIDE_NONE:
        break;
    case HX_SUITE_DIVIDE_FAILED:
        fprintf(out, "    (no divide: %s)\n", r->why.message);
        break;
    case HX_SUITE_DIVIDE_NOT_RUN:
        fprintf(out, "    (%s's divide not run: above %llu nodes)\n", cfg->other_name,
                (unsigned long long)r->limit);
        print_divide(out, cfg->engine_name, &c->got, c->depth);
        break;
    case HX_SUITE_DIVIDE_DIFFERS:
        fprintf(out, "    divide at D%d against %s, moves that differ:\n", c->depth,
                cfg->other_name);
        print_difference(out, cfg, &c->diff);
        if (c->minimal)
            print_minimal(out, cfg, c->minimal);
        break;
    case HX_SUITE_DIVIDE_AGREES:
        fprintf(out, "    (none: %s and %s agree, so the expected count is suspect)\n",
                cfg->engine_name, cfg->other_name);
        print_divide(out, cfg->engine_name, &c->got, c->depth);
        break;
    }
}

/* The FAIL line: a failed count's message says "Dk expected N, got M"
 * (or "got more than N"), an error's what went wrong at depth k. */
static void print_failure(FILE *out, const hx_suite_line_result *r, const hx_suite_run_config *cfg,
                          const char *id)
{
    const hx_check_result *c = r->check;
    if (c->outcome == HX_ERROR)
        fprintf(out, "FAIL  %s %s: D%d: %s\n", r->where, id, c->depth,
                c->message ? c->message : "");
    else
        fprintf(out, "FAIL  %s %s: %s%s\n", r->where, id, c->message ? c->message : "",
                c->got_passed ? " (the count stopped there)" : "");
    print_divides(out, r, cfg);
}

void hx_suite_print_line_done(void *ctx, const hx_suite_line_result *r,
                              const hx_suite_run_config *cfg)
{
    const hx_suite_text *t = ctx;
    const char *id = r->line->id[0] ? r->line->id : "(no id)";
    if (r->outcome == HX_SUITE_LINE_FAILED) {
        print_failure(t->out, r, cfg, id);
    } else if (r->outcome == HX_SUITE_LINE_PASSED) {
        fprintf(t->out, "pass  %s %s: D1..D%d, %llu nodes", r->where, id, r->last_depth,
                (unsigned long long)r->nodes);
        if (!t->quiet)
            fprintf(t->out, ", %.2f s", r->seconds);
        fprintf(t->out, "\n");
    }
    fflush(t->out);
}

void hx_suite_print_file_skipped(FILE *out, const char *path, const char *engine_name,
                                 const char *variant, const char *profile)
{
    fprintf(out, "skip  %s: the %s does not implement %s %s\n", path, engine_name, variant,
            profile);
}

void hx_suite_print_skipped(FILE *out, const hx_suite_totals *t)
{
    if (t->skipped)
        fprintf(out, "%d lines skipped (every depth above --max-nodes)\n", t->skipped);
}

void hx_suite_print_summary(FILE *out, const hx_suite_totals *t)
{
    fprintf(out, "%d passed, %d failed\n", t->passed, t->failed);
}
