/*
 * finding.c - a verify finding's name, its one-line headline and the
 * message that JSON, JUnit and HTML carry for it, and the grouping of the
 * checks that found the same thing (result.h).
 */
#include "result.h"

#include <stdlib.h>
#include <string.h>

#include "divide.h"
#include "strutil.h"

/* At most this many moves are named in a headline; the rest are counted. */
enum { HEADLINE_MOVES = 8 };

/* Walks the sorted move lists of f (got may list a move more than once):
 * calls each for every move only one side lists (extra: the engine's). */
static void each_difference(const hx_finding *f, void (*each)(void *, const char *, int),
                            void *ctx)
{
    const hx_divide *r = &f->expected, *d = &f->got;
    int i = 0, j = 0;
    while (i < r->n || j < d->n) {
        int c = i >= r->n ? 1 : j >= d->n ? -1 : strcmp(r->moves[i].move, d->moves[j].move);
        if (c != 0)
            each(ctx, c < 0 ? r->moves[i].move : d->moves[j].move, c > 0);
        const char *m = c <= 0 ? r->moves[i].move : d->moves[j].move;
        i += c <= 0;
        while (c >= 0 && j < d->n && strcmp(d->moves[j].move, m) == 0)
            j++;
    }
}

typedef struct move_list {
    hx_sbuf text;
    int n, extra, limit;
} move_list;

static void add_move(void *ctx, const char *move, int extra)
{
    move_list *l = ctx;
    if (extra != l->extra)
        return;
    if (!l->limit || l->n < l->limit)
        hx_sbuf_printf(&l->text, "%s%s", l->n ? " " : "", move);
    l->n++;
}

static move_list differing(const hx_finding *f, int extra, int limit)
{
    move_list l = {{0}, 0, extra, limit};
    each_difference(f, add_move, &l);
    return l;
}

char *hx_finding_moves(const hx_finding *f, int extra)
{
    if (f->kind != HX_FINDING_MOVES && f->kind != HX_FINDING_DUPLICATE)
        return hx_strdup(""); /* a failed or unreadable answer has no moves to compare */
    move_list l = differing(f, extra, 0);
    if (l.text.oom) {
        free(hx_sbuf_take(&l.text));
        return NULL;
    }
    char *s = hx_sbuf_take(&l.text);
    return s ? s : hx_strdup("");
}

static const char *moves_name(const hx_finding *f)
{
    move_list m = differing(f, 0, 1), e = differing(f, 1, 1);
    free(hx_sbuf_take(&m.text));
    free(hx_sbuf_take(&e.text));
    return m.n && e.n ? "missing and extra moves" : m.n ? "missing move" : "extra move";
}

const char *hx_finding_name(const hx_finding *f)
{
    static const char *const names[] = {
        "engine failure", "unparsable output", "unparsable move", "duplicate move",
        "total inconsistent with the divide lines", "", "wrong count", "wrong count",
        "cannot set up the position", "out of memory while descending",
        "the suite line is wrong", "bad HexFEN in the suite", "not run", "engine start failed"};
    if (f->kind == HX_FINDING_MOVES)
        return moves_name(f);
    if (f->kind == HX_FINDING_FAILURE && f->timed_out)
        return "timeout";
    return (unsigned)f->kind < sizeof names / sizeof names[0] ? names[f->kind] : "unknown";
}

const char *hx_finding_kind_token(const hx_finding *f)
{
    static const char *const tokens[] = {
        "engine_failure", "unparsable_output", "unparsable_move", "duplicate_move",
        "total_inconsistent", "", "wrong_count", "wrong_count_below", "setup", "descent",
        "suite_line", "suite_fen", "not_run", "engine_start"};
    if (f->kind == HX_FINDING_MOVES) {
        const char *name = moves_name(f);
        return name[0] == 'e'                          ? "extra_move"
               : strcmp(name, "missing move") == 0 ? "missing_move"
                                                       : "missing_and_extra_moves";
    }
    if (f->kind == HX_FINDING_FAILURE && f->timed_out)
        return "timeout";
    return (unsigned)f->kind < sizeof tokens / sizeof tokens[0] ? tokens[f->kind] : "unknown";
}

/* ------------------------------------------------------------ the verdict */

const char *hx_finding_verdict(const hx_finding *f)
{
    if (f->kind == HX_FINDING_COUNT_PARENT) /* its own divide one ply lower disagrees */
        return "generation is right, counting is not";
    if (f->kind != HX_FINDING_MOVES)
        return NULL;
    switch (f->fen_alone) {
    case HX_FEN_ALONE_AGREES:
        return "generation is right, make/unmake is not";
    case HX_FEN_ALONE_DIFFERS:
        return "generation is wrong";
    case HX_FEN_ALONE_FAILS:
        return "the engine fails on the HexFEN alone";
    default: /* no move was played: the engine had only the HexFEN */
        return f->path && f->path[0] ? NULL : "generation is wrong";
    }
}

const char *hx_finding_verdict_token(const hx_finding *f)
{
    const char *v = hx_finding_verdict(f);
    if (!v)
        return NULL;
    if (f->kind == HX_FINDING_COUNT_PARENT)
        return "counting";
    return f->fen_alone == HX_FEN_ALONE_AGREES ? "make_unmake"
           : f->fen_alone == HX_FEN_ALONE_FAILS ? "fails_alone"
                                                : "generation";
}

/* ------------------------------------------------------------ the headline */

/* "missing moves a b", "extra move c", "missing move a, extra moves c d". */
static void headline_moves(hx_sbuf *b, const hx_finding *f)
{
    move_list m = differing(f, 0, HEADLINE_MOVES), e = differing(f, 1, HEADLINE_MOVES);
    move_list *lists[2] = {&m, &e};
    for (int k = 0; k < 2; k++) {
        move_list *l = lists[k];
        if (!l->n)
            continue;
        hx_sbuf_printf(b, "%s%s move%s %s", k && m.n ? ", " : "", k ? "extra" : "missing",
                       l->n > 1 ? "s" : "", l->text.s ? l->text.s : "");
        if (l->n > HEADLINE_MOVES)
            hx_sbuf_printf(b, " ... (%d in all)", l->n);
    }
    free(hx_sbuf_take(&m.text));
    free(hx_sbuf_take(&e.text));
}

/* What the finding is, before where it is. */
static void headline_what(hx_sbuf *b, const hx_finding *f)
{
    switch (f->kind) {
    case HX_FINDING_MOVES:
        headline_moves(b, f);
        break;
    case HX_FINDING_DUPLICATE:
        hx_sbuf_printf(b, "duplicate move %s (listed %d times)", f->duplicate ? f->duplicate : "?",
                       f->times);
        break;
    case HX_FINDING_COUNT_HERE:
        hx_sbuf_printf(b, "wrong count of %s (the engine says %llu at depth 1)",
                       f->move ? f->move : "?", (unsigned long long)f->engine_count);
        break;
    case HX_FINDING_COUNT_PARENT:
        hx_sbuf_printf(b, "wrong count of %s at depth %d (the engine says %llu, its own divide "
                       "below %llu, the reference %llu)", f->move ? f->move : "?", f->depth,
                       (unsigned long long)f->engine_count, (unsigned long long)f->child_total,
                       (unsigned long long)f->reference_count);
        break;
    case HX_FINDING_BAD_MOVES:
        hx_sbuf_printf(b, "unparsable move");
        if (f->unknown_cell || f->nbad_moves)
            hx_sbuf_printf(b, " '%s'", f->unknown_cell ? f->unknown_cell : f->bad_moves[0].text);
        break;
    default:
        hx_sbuf_printf(b, "%s", hx_finding_name(f));
    }
}

static int has_place(hx_finding_kind k)
{
    return k <= HX_FINDING_COUNT_PARENT;
}

char *hx_finding_headline(const hx_finding *f)
{
    hx_sbuf b = {0};
    headline_what(&b, f);
    if (has_place(f->kind) && f->path && f->path[0])
        hx_sbuf_printf(&b, " after %s", f->path);
    else if (has_place(f->kind) && f->path)
        hx_sbuf_printf(&b, " at the root");
    /* narrowed below the root: where, and from what (how a narrowing that
     * stayed at the root ended is the finding's narrowing, not its headline) */
    if (f->kind == HX_FINDING_FAILURE && f->narrowing && f->narrow_moved)
        hx_sbuf_printf(&b, " at depth %d (narrowed from depth %d)", f->depth, f->failed_depth);
    const char *verdict = hx_finding_verdict(f), *what = f->what;
    if (verdict)
        hx_sbuf_printf(&b, ": %s", verdict);
    else if (what && what[0] && f->kind != HX_FINDING_BAD_MOVES)
        hx_sbuf_printf(&b, ": %.*s", (int)strcspn(what, "\n"), what);
    if (b.oom) {
        free(hx_sbuf_take(&b));
        return NULL;
    }
    return hx_sbuf_take(&b);
}

/* The headline, then what the text report says of a failure of the
 * engine's answer (its `what:`), the lines it printed that are not perft
 * output, and its stderr. */
char *hx_finding_message(const hx_finding *f)
{
    hx_finding_kind k = f->kind;
    int failure = k == HX_FINDING_FAILURE, lines = failure || k == HX_FINDING_BAD_LINES;
    char *headline = hx_finding_headline(f);
    hx_sbuf b = {0};
    hx_sbuf_printf(&b, "%s", headline ? headline : hx_finding_name(f));
    free(headline);
    for (int i = 0; lines && i < f->nbad_lines && i < HX_REPLY_KEEP; i++)
        hx_sbuf_printf(&b, "\noutput line %d: '%s'", f->bad_lines[i].line_no,
                       f->bad_lines[i].text);
    if (failure && f->stderr_text && f->stderr_text[0])
        hx_sbuf_printf(&b, "\nstderr: %s", f->stderr_text);
    if (b.oom) {
        free(hx_sbuf_take(&b));
        return hx_strdup(hx_finding_name(f));
    }
    return hx_sbuf_take(&b);
}

/* ------------------------------------------------------------ grouping */

static int same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static int same_moves(const hx_finding *a, const hx_finding *b, int extra)
{
    char *x = hx_finding_moves(a, extra), *y = hx_finding_moves(b, extra);
    int same = x && y && strcmp(x, y) == 0;
    free(x);
    free(y);
    return same;
}

int hx_finding_same(const hx_finding *a, const hx_finding *b)
{
    if (!a || !b || !a->position || !b->position || a->kind != b->kind ||
        a->timed_out != b->timed_out || strcmp(a->position, b->position) != 0)
        return 0;
    return same_text(a->move, b->move) && same_text(a->duplicate, b->duplicate) &&
           same_moves(a, b, 0) && same_moves(a, b, 1);
}

int hx_results_same_finding(const hx_results *r, const hx_check_result *c)
{
    for (int i = 0; c->finding && i < r->n; i++)
        if (r->checks[i].group == i + 1 && hx_finding_same(r->checks[i].finding, c->finding))
            return i;
    return -1;
}

int hx_results_group_size(const hx_results *r, int head)
{
    int n = 0;
    for (int i = 0; i < r->n; i++)
        n += r->checks[i].group == head + 1;
    return n;
}

int hx_results_findings(const hx_results *r)
{
    int n = 0;
    for (int i = 0; i < r->n; i++) {
        const hx_check_result *c = &r->checks[i];
        n += (c->outcome == HX_FAIL || c->outcome == HX_ERROR) && (!c->group || c->group == i + 1);
    }
    return n;
}

char *hx_results_finding_line(const hx_results *r, int i)
{
    const hx_check_result *c = &r->checks[i];
    char *headline = hx_finding_headline(c->finding), *line = NULL;
    int head = c->group - 1, size = c->group ? hx_results_group_size(r, head) : 1;
    if (!headline)
        return NULL;
    if (head >= 0 && head != i && head < r->n)
        line = hx_strfmt("the same finding as %s: %s", r->checks[head].id, headline);
    else if (size > 1)
        line = hx_strfmt("%s (%d roots lead here)", headline, size);
    else
        line = hx_strdup(headline);
    free(headline);
    return line;
}
