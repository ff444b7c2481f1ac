/*
 * print_verify.c - the text form of a verify run, from the runner's events
 * and result values (verify.h, result.h's hx_finding).
 */
#include "print_verify.h"

#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "protocol.h"

static void print_problem_lines(FILE *o, const hx_reply_problem *list, int count, const char *what)
{
    for (int i = 0; i < count && i < HX_REPLY_KEEP; i++)
        fprintf(o, "    output line %d: '%s'\n", list[i].line_no, list[i].text);
    if (count > HX_REPLY_KEEP)
        fprintf(o, "    ... %d %s in all\n", count, what);
}

/* One line of stderr, indented, at most 100 characters. */
static void print_stderr_line(FILE *o, int first, const char *text, int n)
{
    fprintf(o, "  %s %.*s%s\n", first ? "stderr:   " : "          ", n > 100 ? 100 : n, text,
            n > 100 ? "..." : "");
}

/* The engine's stderr, indented: all of it up to 8 lines, else its first 2
 * lines and its last 5 (a traceback ends in what went wrong). */
static void print_stderr(FILE *o, const char *text)
{
    int lines = 0;
    for (const char *t = text; t && *t; t += strcspn(t, "\n"), t += *t == '\n')
        lines++;
    int shown = 0;
    for (int i = 0; text && *text; i++) {
        int n = (int)strcspn(text, "\n");
        if (lines <= 8 || i < 2 || i >= lines - 5)
            print_stderr_line(o, shown++ == 0, text, n);
        else if (i == 2)
            fprintf(o, "             [... %d lines ...]\n", lines - 7);
        text += n + (text[n] == '\n');
    }
}

/* The union of both move lists in order; '-' only the reference has the
 * move, '+' only the engine, '*' the engine lists it more than once. */
static void print_move_sets(FILE *o, const hx_divide *r, const hx_divide *d)
{
    fprintf(o, "  moves: reference %d, engine %d   ('-' only the reference, '+' only the engine,"
               " '*' listed twice)\n", r->n, d->n);
    int i = 0, j = 0, col = 0;
    while (i < r->n || j < d->n) {
        int c = i >= r->n ? 1 : j >= d->n ? -1 : strcmp(r->moves[i].move, d->moves[j].move);
        char mark = c < 0 ? '-' : c > 0 ? '+' : ' ';
        const char *m = c <= 0 ? r->moves[i].move : d->moves[j].move;
        int dup = c >= 0 && j + 1 < d->n && strcmp(d->moves[j].move, d->moves[j + 1].move) == 0;
        i += c <= 0;
        j += c >= 0;
        while (dup && j < d->n && strcmp(d->moves[j].move, m) == 0)
            j++;
        int last = ++col == 8 || (i >= r->n && j >= d->n);
        fprintf(o, "%s%c%-*s", col == 1 ? "    " : " ", dup ? '*' : mark, last ? 0 : 7, m);
        if (col == 8)
            fprintf(o, "\n"), col = 0;
    }
    if (col)
        fprintf(o, "\n");
}

/* Missing and extra moves; a duplicate is reported as such, not as extra. */
static void print_difference_lists(FILE *o, const hx_divide *r, const hx_divide *d)
{
    int i = 0, j = 0, nm = 0, ne = 0;
    char missing[2048] = "", extra[2048] = "";
    while (i < r->n || j < d->n) {
        int c = i >= r->n ? 1 : j >= d->n ? -1 : strcmp(r->moves[i].move, d->moves[j].move);
        char *list = c < 0 ? missing : extra;
        if (c != 0 && strlen(list) + 12 < sizeof missing) {
            strcat(list, " ");
            strcat(list, c < 0 ? r->moves[i].move : d->moves[j].move);
        }
        nm += c < 0, ne += c > 0;
        i += c <= 0;
        j += c >= 0;
        while (c >= 0 && j > 0 && j < d->n && !strcmp(d->moves[j].move, d->moves[j - 1].move))
            j++;
    }
    if (nm)
        fprintf(o, "  missing in the engine:%s\n", missing);
    if (ne)
        fprintf(o, "  extra in the engine:  %s\n", extra);
}

/* Same move sets, different counts: the moves whose counts differ. */
static void print_count_differences(FILE *o, const hx_divide *r, const hx_divide *d)
{
    int differ = 0;
    fprintf(o, "  counts that differ (move: engine, reference):\n");
    for (int i = 0; i < r->n && i < d->n; i++)
        if (r->moves[i].count != d->moves[i].count && differ++ < 8)
            fprintf(o, "    %-8s %llu, %llu\n", r->moves[i].move,
                    (unsigned long long)d->moves[i].count, (unsigned long long)r->moves[i].count);
    if (differ > 8)
        fprintf(o, "    ... %d moves in all\n", differ);
}

static void print_detail(FILE *o, const hx_verify_text *t, const hx_finding *f)
{
    if (f->kind == HX_FINDING_FAILURE) {
        fprintf(o, "  what:      %s\n", f->what);
        if (f->nbad_lines) {
            fprintf(o, "  it printed lines that are not perft output:\n");
            print_problem_lines(o, f->bad_lines, f->nbad_lines, "such lines");
        }
        print_stderr(o, f->stderr_text);
    } else if (f->kind == HX_FINDING_BAD_LINES) {
        fprintf(o, "  what:      %s\n", f->what);
        print_problem_lines(o, f->bad_lines, f->nbad_lines, "such lines");
    } else if (f->kind == HX_FINDING_BAD_MOVES) {
        fprintf(o, "  what:      moves hexref cannot read (expected e2e5, d8d9q with %s's cell "
                   "names: docs/conventions.md)\n", t->cfg->variant);
        print_problem_lines(o, f->bad_moves, f->nbad_moves, "such lines");
        if (f->unknown_cell && !f->nbad_moves)
            fprintf(o, "    '%s' names a cell that %s has not%s\n", f->unknown_cell,
                    t->cfg->variant, f->no_such_file
                        ? " (hexref's files are a-l without j;"
                          " an engine that names the file after i j means hexref's k)" : "");
    } else if (f->kind == HX_FINDING_DUPLICATE) {
        fprintf(o, "  what:      %s is listed %d times (never merged)\n", f->duplicate, f->times);
    } else if (f->kind == HX_FINDING_TOTAL) {
        fprintf(o, "  what:      %s\n", f->what);
    }
}

static void print_count_detail(FILE *o, const hx_finding *f)
{
    fprintf(o, "  move:      %s\n", f->move);
    if (f->kind == HX_FINDING_COUNT_HERE) {
        fprintf(o, "  what:      the engine counts %s as %llu at depth 1 (every move counts 1)\n",
                f->move, (unsigned long long)f->engine_count);
        return;
    }
    fprintf(o, "  what:      at depth %d the engine counts %s as %llu (reference %llu), but its own\n"
               "             divide of the position after %s gives %llu, as the reference does:\n"
               "             the count depends on the way the engine reaches the position\n",
            f->depth, f->move, (unsigned long long)f->engine_count,
            (unsigned long long)f->reference_count, f->move, (unsigned long long)f->child_total);
}

static void print_fen_alone(FILE *o, const hx_finding *f)
{
    if (f->fen_alone == HX_FEN_ALONE_FAILS)
        fprintf(o, "  HexFEN alone: the engine fails too (%s)\n", f->fen_alone_problem);
    else if (f->fen_alone == HX_FEN_ALONE_AGREES)
        fprintf(o, "  HexFEN alone: the engine agrees with the reference there, so the error is in\n"
                   "             how it plays the moves (e.p. or castling rights, make/unmake)\n");
    else if (f->fen_alone == HX_FEN_ALONE_DIFFERS)
        fprintf(o, "  HexFEN alone: the engine shows a difference there too\n");
}

/* The report of a finding at a position. */
static void print_report(FILE *o, const hx_verify_text *t, const hx_check_result *c,
                         const hx_finding *f)
{
    hx_finding_kind k = f->kind;
    char *headline = hx_finding_headline(f);
    fprintf(o, "\nFAIL %s: %s\n", c->id, headline ? headline : hx_finding_name(f));
    free(headline);
    fprintf(o, "  variant:   %s, profile %s; engine %s (%s)\n", t->cfg->variant, t->cfg->profile,
            t->cfg->command, hx_protocol_name(t->cfg->protocol));
    fprintf(o, "  root:      %s\n", f->root);
    fprintf(o, "  path:      %s\n", f->path[0] ? f->path : "(none: the root itself)");
    fprintf(o, "  position:  %s\n", f->position);
    fprintf(o, "  depth:     %d", f->depth);
    if (!t->quiet)
        fprintf(o, ", found in %.1f s", f->seconds);
    fprintf(o, "\n");
    if (f->kind == HX_FINDING_FAILURE && f->narrowing)
        fprintf(o, "  narrowed:  from depth %d at the root, %d quer%s: %s\n", f->failed_depth,
                f->narrow_queries, f->narrow_queries == 1 ? "y" : "ies", f->narrowing);
    print_detail(o, t, f);
    int counts = k == HX_FINDING_COUNT_HERE || k == HX_FINDING_COUNT_PARENT;
    if (counts)
        print_count_detail(o, f);
    if (k == HX_FINDING_MOVES || k == HX_FINDING_DUPLICATE) {
        print_move_sets(o, &f->expected, &f->got);
        print_difference_lists(o, &f->expected, &f->got);
    }
    if (counts)
        print_count_differences(o, &f->expected, &f->got);
    fprintf(o, "\n");
    fflush(o);
    if (t->draw)
        t->draw(t->draw_ctx, f->position);
    fprintf(o, "\n");
    const char *command = c->minimal ? c->minimal->command : NULL;
    fprintf(o, "  reproduce: %s\n", command ? command : "(out of memory)");
    fprintf(o, "  engine query: %s\n", f->query ? f->query : "(out of memory)");
    print_fen_alone(o, f);
}

/* A check that could not run, in one line (or the engine start's block). */
static void print_not_run(FILE *o, const hx_verify_text *t, const hx_check_result *c,
                          const hx_finding *f)
{
    switch (f->kind) {
    case HX_FINDING_SETUP:
        fprintf(o, "FAIL %s: cannot set up the position: %s\n", c->id, f->what);
        break;
    case HX_FINDING_DESCENT:
        fprintf(o, "FAIL %s: out of memory or path too long while descending\n", c->id);
        break;
    case HX_FINDING_SUITE_LINE:
        fprintf(o, "FAIL %s: %s (the suite line is wrong; the engine is not asked)\n", c->id,
                f->what);
        break;
    case HX_FINDING_SUITE_FEN:
        fprintf(o, "FAIL %s: bad HexFEN in the suite: %s\n", c->id, f->what);
        break;
    case HX_FINDING_ENGINE_START:
        fprintf(o, "\nFAIL engine start: %s\n", f->what);
        print_stderr(o, f->stderr_text);
        fprintf(o, "  reproduce: printf '%%s\\n' uci isready quit | %s\n", t->cfg->command);
        break;
    default: /* NOT_RUN */
        if (strcmp(c->id, "fixtures") == 0)
            fprintf(o, "FAIL fixtures: %s\n", f->what ? f->what : "");
        else
            fprintf(o, "FAIL %s\n", f->what);
    }
}

/* A check whose finding an earlier check made: one line naming it. */
static void print_same(FILE *o, const hx_check_result *c, const hx_check_result *first)
{
    char *headline = hx_finding_headline(c->finding); /* with its own path */
    fprintf(o, "\nFAIL %s: %s\n  the same finding as %s (not repeated)\n", c->id,
            headline ? headline : hx_finding_name(c->finding), first->id);
    free(headline);
}

static void print_done(FILE *o, const hx_verify_text *t, const hx_check_result *c,
                       const hx_check_result *same_as)
{
    const hx_finding *f = c->finding;
    if (same_as && same_as != c && f && same_as->finding) {
        print_same(o, c, same_as);
    } else if (c->outcome == HX_PASS) {
        fprintf(o, "ok   %s: depth %d, %llu nodes%s", c->id, c->depth,
                (unsigned long long)c->got.total, t->quiet ? "\n" : "");
        if (!t->quiet)
            fprintf(o, ", %.2f s\n", c->seconds);
    } else if (f && f->kind <= HX_FINDING_COUNT_PARENT) {
        print_report(o, t, c, f);
    } else if (f) {
        print_not_run(o, t, c, f);
    }
}

static void print_fixtures_done(FILE *o, const hx_verify_text *t, const hx_verify_event *e)
{
    const hx_fixture_stats *s = e->stats;
    for (int i = e->first; i < e->results->n; i++)
        if (e->results->checks[i].outcome != HX_PASS)
            hx_print_check_text(o, &e->results->checks[i]);
    fprintf(o, "fixtures: %d file%s, %d fixture%s run: %d passed, %d failed, %d run%s skipped\n",
            s->files, s->files == 1 ? "" : "s", s->fixtures, s->fixtures == 1 ? "" : "s",
            e->passed, e->failed, s->skipped_runs, s->skipped_runs == 1 ? "" : "s");
    if (!e->failed)
        return;
    char q[4096];
    hx_shell_quote(t->cfg->command, q, sizeof q);
    fprintf(o, "  reproduce: hexref verify --engine %s --protocol %s%s -v %s -p %s --fixtures", q,
            hx_protocol_name(t->cfg->protocol), t->cfg->history ? " --history" : "",
            t->cfg->variant, t->cfg->profile);
    for (int i = 0; i < t->cfg->nfixture_paths; i++) {
        hx_shell_quote(t->cfg->fixture_paths[i], q, sizeof q);
        fprintf(o, " %s", q);
    }
    fprintf(o, "\n");
}

/* The live line on a terminal: the check, the query's depth and path, the
 * queries so far and the time since the first. */
static void show_progress(hx_verify_text *t, const hx_verify_event *e)
{
    double now = hx_now();
    if (e->queries == 1)
        t->started = now;
    const char *moves = e->moves && *e->moves ? e->moves : "";
    fprintf(stderr, "\r\033[Kverify: %.40s: depth %d%s%.40s%s, query %d, %.0f s", e->label, e->depth,
            *moves ? " after " : "", moves, strlen(moves) > 40 ? "..." : "", e->queries,
            now - t->started);
}

void hx_verify_text_event(void *ctx, const hx_verify_event *e)
{
    hx_verify_text *t = ctx;
    FILE *o = t->out;
    if (e->kind == HX_VERIFY_QUERY && t->progress)
        show_progress(t, e);
    if (e->kind == HX_VERIFY_CHECK_DONE && t->progress)
        fputs("\r\033[K", stderr);
    if (e->kind == HX_VERIFY_CHECK_DONE)
        print_done(o, t, e->check, e->same_as);
    else if (e->kind == HX_VERIFY_NO_PROFILE_OPTION)
        fprintf(o, "note: the engine lists no HexrefProfile option; it is taken to play %s\n",
                t->cfg->profile);
    else if (e->kind == HX_VERIFY_SUITE_SKIPPED)
        fprintf(o, "skip %s: a suite for %s/%s (run verify with -v %s -p %s)\n", e->label,
                e->variant, e->profile, e->variant, e->profile);
    else if (e->kind == HX_VERIFY_LINE_SKIPPED)
        fprintf(o, "skip %s: no depth within -d / --max-nodes\n", e->label);
    else if (e->kind == HX_VERIFY_NOT_ASKED)
        fprintf(o, "skip %s: not asked (a position given as a HexFEN; the engine takes only its "
                "initial position plus moves, --history)\n", e->label);
    else if (e->kind == HX_VERIFY_FIXTURES_BEGIN)
        fprintf(o, "fixtures (depth-1 move sets%s) of %s under %s:\n",
                e->with_status ? " and statuses" : "", t->cfg->variant, t->cfg->profile);
    else if (e->kind == HX_VERIFY_FIXTURES_MISSING)
        fprintf(o, "FAIL fixtures: the installed fixtures were not found\n");
    else if (e->kind == HX_VERIFY_FIXTURES_DONE)
        print_fixtures_done(o, t, e);
    fflush(o);
}

void hx_verify_print_header(FILE *o, const hx_verify_config *cfg)
{
    fprintf(o, "verify: engine %s (%s protocol), %s/%s, timeout %g s per query\n", cfg->command,
            hx_protocol_name(cfg->protocol), cfg->variant, cfg->profile,
            cfg->timeout > 0 ? cfg->timeout : 30.0);
}

/* The members of a group, by id (the first ten). */
static void print_members(FILE *o, const hx_results *r, int head, int size)
{
    int shown = 0;
    fprintf(o, "    %d %s here:", size, size == 1 ? "root leads" : "roots lead");
    for (int i = head; i < r->n && shown < 10; i++)
        if (r->checks[i].group == head + 1)
            fprintf(o, "%s %s", shown++ ? "," : "", r->checks[i].id);
    fprintf(o, "%s\n", size > shown ? ", ..." : "");
}

void hx_verify_print_findings(FILE *o, const hx_results *r)
{
    int failed = hx_results_count(r, HX_FAIL) + hx_results_count(r, HX_ERROR);
    int distinct = hx_results_findings(r);
    if (failed <= distinct) /* nothing was grouped: the reports above say it all */
        return;
    fprintf(o, "\nfindings: %d distinct in %d failed checks\n", distinct, failed);
    for (int i = 0; i < r->n; i++) {
        const hx_check_result *c = &r->checks[i];
        if (c->group != i + 1 || !c->finding)
            continue;
        char *headline = hx_finding_headline(c->finding);
        fprintf(o, "  %s\n", headline ? headline : hx_finding_name(c->finding));
        free(headline);
        print_members(o, r, i, hx_results_group_size(r, i));
    }
}

static void print_stopped(FILE *o, const hx_verify_summary *s)
{
    if (s->stop == HX_VERIFY_MAX_FAILURES)
        fprintf(o, "stopped: %d checks failed (--max-failures %d); the rest was not run\n",
                s->failed, s->max_failures);
    else if (s->stop != HX_VERIFY_RAN)
        fprintf(o, "stopped: %s\n", s->stop == HX_VERIFY_GAVE_UP
                                        ? "the engine timed out on 3 queries in a row"
                                        : "the engine could not be started or failed its handshake");
}

void hx_verify_print_summary(FILE *o, const hx_verify_summary *s)
{
    print_stopped(o, s);
    if (s->not_asked)
        fprintf(o, "%d check%s not asked: positions given as a HexFEN, which the engine "
                "(--history) cannot set up\n", s->not_asked, s->not_asked == 1 ? "" : "s");
    if (s->failed)
        fprintf(o, "%d passed, %d failed (%d distinct finding%s)\n", s->passed, s->failed,
                s->findings, s->findings == 1 ? "" : "s");
    else
        fprintf(o, "%d passed, %d failed\n", s->passed, s->failed);
}
