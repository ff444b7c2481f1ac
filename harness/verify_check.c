/*
 * verify_check.c - one check of the verify runner: the divides of both
 * sides at a position compared, the descent to the minimal position
 * (hx_bisect_walk), and the finding made there (result.h's hx_finding).
 */
#include "verify_private.h"

#include <stdlib.h>
#include <string.h>

#include "bisect.h"
#include "divide.h"
#include "strutil.h"

/* What a comparison found besides the findings of result.h. */
enum { K_AGREE = -1, K_COUNTS = -2 /* same moves, different counts: descend */ };

/* One position on the way down, and what both sides said there. */
typedef struct node {
    char *path;           /* moves from the root (malloc'ed) */
    int depth;            /* of the divide asked here */
    hx_divide ref;        /* the reference's divide */
    verify_answer answer; /* the engine's */
    int pick;             /* K_COUNTS / COUNT_HERE / a failing child: index into ref */
    int asked;            /* answer already holds the engine's (narrowing asked it) */
} node;

/* One check, as it runs: the nodes share one reference position. */
typedef struct check_run {
    verify_ctx *v;
    const char *root, *label;
    hx_position *pos;     /* the reference at root + the deepest node's path */
    node *nodes;          /* depth + 1 of them */
    int last;             /* the kind the last step found */
    double start;
    hx_check_result *c;
    char narrowing[300];  /* how the narrowing of a failure ended ("" none) */
    int narrow_queries;   /* queries the narrowing asked */
    hx_narrow_end narrow_end;
    int narrow_moved;     /* the narrowing went below the check's root */
} check_run;

/* Every divide the runner asks of the engine, told to the observer first
 * (a long run shows which position it is on). */
static void engine_ask(check_run *r, const char *fen, const char *moves, int depth,
                       verify_answer *a)
{
    hx_verify_event e = {.kind = HX_VERIFY_QUERY, .label = r->label, .depth = depth};
    e.moves = moves;
    e.queries = ++r->v->queries;
    verify_tell(r->v, &e);
    verify_engine_ask(r->v->engine, fen, moves, depth, a);
}

/* ------------------------------------------------------------ comparing */

static int is_cell(const verify_ctx *v, const char *s, size_t n)
{
    for (int i = 0; i < v->ncells; i++)
        if (strlen(v->cells[i]) == n && strncmp(v->cells[i], s, n) == 0)
            return 1;
    return 0;
}

/* Move text whose cells exist on this board (hx_move_text_ok checked the shape). */
static int names_cells(const verify_ctx *v, const char *move)
{
    size_t a = 1 + strspn(move + 1, "0123456789");
    size_t b = 1 + strspn(move + a + 1, "0123456789");
    return is_cell(v, move, a) && is_cell(v, move + a, b);
}

/* Does a file of this board's cell names start with letter? (Some boards
 * skip j: the rules' cell names say so.) */
static int has_file(const verify_ctx *v, char letter)
{
    for (int i = 0; i < v->ncells; i++)
        if (v->cells[i][0] == letter)
            return 1;
    return 0;
}

static int first_unknown_cell(const verify_ctx *v, const hx_divide *d)
{
    for (int i = 0; i < d->n; i++)
        if (!names_cells(v, d->moves[i].move))
            return i;
    return -1;
}

/* The first move listed more than once (sorted), and how often; or NULL. */
static const char *duplicate_move(const hx_divide *d, int *times)
{
    for (int i = 0; i + 1 < d->n; i++)
        if (strcmp(d->moves[i].move, d->moves[i + 1].move) == 0) {
            int j = i + 1;
            while (j < d->n && strcmp(d->moves[j].move, d->moves[i].move) == 0)
                j++;
            if (times)
                *times = j - i;
            return d->moves[i].move;
        }
    return NULL;
}

static int same_move_set(const hx_divide *r, const hx_divide *d)
{
    if (r->n != d->n)
        return 0;
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->moves[i].move, d->moves[i].move) != 0)
            return 0;
    return 1;
}

/* Same moves, different counts: the differing move with the smallest
 * reference subtree, or -1. */
static int cheapest_difference(const hx_divide *r, const hx_divide *d)
{
    int best = -1;
    for (int i = 0; i < r->n; i++)
        if (r->moves[i].count != d->moves[i].count &&
            (best < 0 || r->moves[i].count < r->moves[best].count))
            best = i;
    return best;
}

static int compare(const verify_ctx *v, node *nd)
{
    const verify_answer *a = &nd->answer;
    if (a->failed)
        return HX_FINDING_FAILURE;
    if (a->nbad_lines)
        return HX_FINDING_BAD_LINES;
    if (a->nbad_moves || first_unknown_cell(v, &a->got) >= 0)
        return HX_FINDING_BAD_MOVES;
    if (duplicate_move(&a->got, NULL))
        return HX_FINDING_DUPLICATE;
    if (!a->total_ok)
        return HX_FINDING_TOTAL;
    if (!same_move_set(&nd->ref, &a->got))
        return HX_FINDING_MOVES;
    nd->pick = cheapest_difference(&nd->ref, &a->got);
    if (nd->pick < 0)
        return K_AGREE;
    return nd->depth == 1 ? HX_FINDING_COUNT_HERE : K_COUNTS;
}

/* ------------------------------------------------------------ the finding */

/* The command line that repeats a finding (malloc'ed, NULL: memory). */
static char *reproduce_command(const verify_ctx *v, const check_run *r, const node *nd, int depth)
{
    const hx_verify_config *cfg = v->cfg;
    char *command = verify_quote(cfg->command), *root = verify_quote(r->root);
    char *path = verify_quote(nd->path), *timeout = hx_strfmt(" --timeout %g", cfg->timeout);
    char *text = NULL;
    if (cfg->session && root && path) /* an in-process engine: its check's options */
        text = hx_strfmt("in-process verify: variant=%s profile=%s fen=%s%s%s depth=%d",
                         cfg->variant, cfg->profile, root, nd->path[0] ? " moves=" : "",
                         nd->path[0] ? path : "", depth);
    else if (command && root && path && timeout)
        text = hx_strfmt("hexref verify --engine %s --protocol %s%s -v %s -p %s --fen %s%s%s -d "
                         "%d%s", command, hx_protocol_name(cfg->protocol),
                         cfg->history ? " --history" : "", cfg->variant, cfg->profile, root,
                         nd->path[0] ? " --moves " : "", nd->path[0] ? path : "", depth,
                         cfg->timeout > 0 ? timeout : "");
    free(command), free(root), free(path), free(timeout);
    return text;
}

/* Both sides' divides at nd and their difference. */
static int divides_at(const node *nd, hx_divide *expected, hx_divide *got, hx_divide_diff *diff)
{
    int rc = hx_divide_copy(expected, &nd->ref);
    rc |= hx_divide_copy(got, &nd->answer.got);
    return rc | hx_divide_diff_of(expected, got, diff);
}

/* An answer that failed or could not be read has no moves to compare: it
 * would list every reference move as missing in the engine. */
static int has_diff(int k)
{
    return k != HX_FINDING_FAILURE && k != HX_FINDING_BAD_LINES && k != HX_FINDING_BAD_MOVES &&
           k != HX_FINDING_TOTAL;
}

/* The minimal reproduction of the running check: where the report is. */
static void record_minimal(check_run *r, int k, const node *nd, const char *fen, int depth)
{
    hx_check_result *c = r->c;
    hx_reproduction *m = c->minimal ? NULL : calloc(1, sizeof *m);
    if (!m)
        return;
    size_t own = strlen(c->moves ? c->moves : "");
    const char *path = own && strncmp(nd->path, c->moves, own) == 0 ? nd->path + own : nd->path;
    m->fen = hx_strdup(fen);
    m->path = hx_strdup(path + (path[0] == ' '));
    m->depth = depth;
    m->command = reproduce_command(r->v, r, nd, depth);
    if (has_diff(k)) {
        hx_divide e, g;
        divides_at(nd, &e, &g, &m->diff);
        hx_divide_free(&e);
        hx_divide_free(&g);
    } else {
        m->no_diff = 1;
    }
    c->minimal = m;
}

/* The same query with the HexFEN alone: tells generation errors from
 * errors in playing the moves. */
static void ask_fen_alone(check_run *r, const node *nd, hx_finding *f)
{
    verify_answer a;
    engine_ask(r, f->position, "", 1, &a);
    if (a.has_problem) {
        f->fen_alone = HX_FEN_ALONE_FAILS;
        f->fen_alone_problem = hx_strdup(a.problem);
    } else {
        f->fen_alone = same_move_set(&nd->ref, &a.got) ? HX_FEN_ALONE_AGREES
                                                       : HX_FEN_ALONE_DIFFERS;
    }
    verify_answer_free(&a);
}

/* What the engine's answer at nd says, into f. */
static void answer_detail(const verify_ctx *v, int k, const node *nd, hx_finding *f)
{
    const verify_answer *a = &nd->answer;
    if (k == HX_FINDING_FAILURE || k == HX_FINDING_BAD_LINES || k == HX_FINDING_TOTAL)
        f->what = hx_strdup(a->problem);
    f->stderr_text = hx_strdup(a->stderr_text);
    memcpy(f->bad_lines, a->bad_lines, sizeof f->bad_lines);
    memcpy(f->bad_moves, a->bad_moves, sizeof f->bad_moves);
    f->nbad_lines = a->nbad_lines;
    f->nbad_moves = a->nbad_moves;
    f->timed_out = k == HX_FINDING_FAILURE && a->timed_out;
    int u = first_unknown_cell(v, &a->got);
    if (k == HX_FINDING_BAD_MOVES && u >= 0) {
        f->unknown_cell = hx_strdup(a->got.moves[u].move);
        f->no_such_file = strchr(f->unknown_cell, 'j') && !has_file(v, 'j');
    }
    if (k == HX_FINDING_DUPLICATE)
        f->duplicate = hx_strdup(duplicate_move(&a->got, &f->times));
}

static void count_detail(const node *nd, const node *child, hx_finding *f)
{
    int i = nd->pick;
    f->move = hx_strdup(nd->ref.moves[i].move);
    f->engine_count = nd->answer.got.moves[i].count;
    f->reference_count = nd->ref.moves[i].count;
    f->child_total = child ? child->answer.got.total : 0;
}

/* A move-set difference found at a depth above 1 is asked again at depth
 * 1 (one->path is nd's, borrowed): the move lists are what differ, so the
 * finding, its reproduction and their commands all say depth 1, with the
 * depth-1 divides. 0 if the engine's depth-1 answer does not show the same
 * move lists: the finding stays at the depth asked. */
static int ask_depth_one(check_run *r, const node *nd, node *one)
{
    one->path = nd->path;
    one->depth = 1;
    if (hx_divide_of_position(r->pos, 1, 0, &one->ref) != 0)
        return 0;
    engine_ask(r, r->root, nd->path, 1, &one->answer);
    if (one->answer.fatal)
        r->v->stop = 1;
    return compare(r->v, one) == HX_FINDING_MOVES &&
           same_move_set(&one->answer.got, &nd->answer.got);
}

/* The finding of kind k at at (child: the node below, for COUNT_PARENT). */
static void report_at(check_run *r, int k, node *at, const node *child)
{
    hx_finding *f = calloc(1, sizeof *f);
    char fen[HX_FEN_MAX];
    hx_position_fen(r->pos, fen);
    record_minimal(r, k, at, fen, at->depth);
    if (!f)
        return;
    f->kind = (hx_finding_kind)k;
    f->root = hx_strdup(r->root);
    f->path = hx_strdup(at->path);
    f->position = hx_strdup(fen);
    f->depth = at->depth;
    f->seconds = hx_proc_now() - r->start;
    answer_detail(r->v, k, at, f);
    if (k == HX_FINDING_COUNT_HERE || k == HX_FINDING_COUNT_PARENT)
        count_detail(at, child, f);
    hx_divide_copy(&f->expected, &at->ref);
    hx_divide_copy(&f->got, &at->answer.got);
    f->query = verify_engine_query(r->v->engine, r->root, at->path, at->depth);
    if (k == HX_FINDING_FAILURE && r->narrowing[0]) {
        f->narrowing = hx_strdup(r->narrowing);
        f->narrow_queries = r->narrow_queries;
        f->narrow_end = r->narrow_end;
        f->narrow_moved = r->narrow_moved;
        f->failed_depth = r->c->depth;
    }
    r->c->finding = f;
    /* (an engine that takes only its initial position plus moves cannot be
     * asked about the HexFEN alone) */
    if (k == HX_FINDING_MOVES && at->path[0] && !verify_engine_history_only(r->v->engine))
        ask_fen_alone(r, at, f);
    if (!r->c->message) /* after the HexFEN alone: the headline has its verdict */
        r->c->message = hx_finding_message(f);
}

/* The finding of kind k at nd, where the descent stopped (child: the node
 * below, for COUNT_PARENT); a move-set one at depth 1 if it shows there. */
static void report(check_run *r, int k, node *nd, const node *child)
{
    node one;
    memset(&one, 0, sizeof one);
    int again = k == HX_FINDING_MOVES && nd->depth > 1;
    report_at(r, k, again && ask_depth_one(r, nd, &one) ? &one : nd, child);
    if (again) {
        hx_divide_free(&one.ref);
        verify_answer_free(&one.answer);
    }
}

/* ------------------------------------------------------------ descent */

static int ask(check_run *r, node *nd)
{
    if (hx_divide_of_position(r->pos, nd->depth, 0, &nd->ref) != 0)
        return HX_FINDING_DESCENT;
    if (!nd->asked)
        engine_ask(r, r->root, nd->path, nd->depth, &nd->answer);
    nd->asked = 1;
    if (nd->answer.fatal)
        r->v->stop = 1; /* nothing else can run */
    return compare(r->v, nd);
}

/* ------------------------------------------------------------ narrowing */

/* Is the engine still to be asked? If not, r->narrowing says why the
 * narrowing stopped at the position it reached. */
static int can_ask(check_run *r)
{
    if (!r->v->stop && !verify_engine_gave_up(r->v->engine))
        return 1;
    if (!r->narrow_queries && !verify_engine_gave_up(r->v->engine))
        return 0; /* it could not be asked at all (no start, no handshake): nothing to say */
    r->narrow_end = HX_NARROW_STOPPED;
    snprintf(r->narrowing, sizeof r->narrowing, "narrowing stopped at this position: %s",
             verify_engine_gave_up(r->v->engine)
                 ? "the engine timed out on the last queries and is not asked again"
                 : "the engine cannot be asked again");
    return 0;
}

/* The answer of a narrowing query (counted, and fatal ones stop the run). */
static void narrow_ask(check_run *r, const char *path, int depth, verify_answer *a)
{
    engine_ask(r, r->root, path, depth, a);
    r->narrow_queries++;
    if (a->fatal)
        r->v->stop = 1;
}

/* The engine failed at nd (an error, a crash, a timeout): is that the
 * position's own failure, or one below it? Asks nd at depth 1 (failing
 * there too, the finding is nd at depth 1), then each child at depth - 1,
 * in the order of the reference's divide, and stops at the first that
 * fails: 1 with nd->pick and that child's answer in nodes[level + 1] (the
 * descent goes on there, with the same per-query timeout), 0 where the
 * finding is nd, with r->narrowing saying why. At most 1 + the number of
 * moves queries a level, at most depth levels (issue 30 D). */
static int narrow(check_run *r, int level)
{
    node *nd = &r->nodes[level], *child = &r->nodes[level + 1];
    int depth = nd->depth;
    if (depth <= 1) { /* reached by narrowing (queries were asked), or the root's depth is 1 */
        if (r->narrow_queries) {
            r->narrow_end = HX_NARROW_DEPTH1;
            snprintf(r->narrowing, sizeof r->narrowing,
                     "narrowed to this position: the engine fails here at depth 1");
        }
        return 0;
    }
    if (!can_ask(r))
        return 0;
    verify_answer one;
    hx_divide ref1;
    narrow_ask(r, nd->path, 1, &one);
    if (one.failed && hx_divide_of_position(r->pos, 1, 0, &ref1) == 0) {
        hx_divide_free(&nd->ref);
        verify_answer_free(&nd->answer);
        nd->ref = ref1, nd->answer = one, nd->depth = 1;
        r->narrow_end = HX_NARROW_OWN;
        snprintf(r->narrowing, sizeof r->narrowing,
                 "the engine fails at this position at depth 1 as well as at depth %d: the "
                 "failure is the position's own", depth);
        return 0;
    }
    verify_answer_free(&one);
    for (int i = 0; i < nd->ref.n; i++) {
        if (!can_ask(r))
            return 0;
        char *path = hx_strfmt("%s%s%s", nd->path, nd->path[0] ? " " : "", nd->ref.moves[i].move);
        verify_answer a;
        if (!path)
            return 0;
        narrow_ask(r, path, depth - 1, &a);
        free(path);
        if (a.failed) {
            nd->pick = i;
            child->answer = a;
            child->asked = 1;
            r->narrow_moved = 1;
            return 1;
        }
        verify_answer_free(&a);
    }
    r->narrow_end = HX_NARROW_CHILDREN;
    snprintf(r->narrowing, sizeof r->narrowing,
             "every child at depth %d answered (%d moves): the engine fails at this position "
             "at depth %d", depth - 1, nd->ref.n, depth);
    return 0;
}

/* hx_bisect_walk's view of verify: compare at one level, move down. */
static hx_bisect_step verify_step(void *ctx, int level, int depth)
{
    check_run *r = ctx;
    (void)depth; /* nodes[level].depth, set by verify_down */
    r->last = ask(r, &r->nodes[level]);
    if (r->last == HX_FINDING_FAILURE && narrow(r, level))
        return HX_STEP_DESCEND;
    return r->last == K_AGREE    ? HX_STEP_AGREE
           : r->last == K_COUNTS ? HX_STEP_DESCEND
           : r->last == HX_FINDING_DESCENT ? HX_STEP_ABORT
                                            : HX_STEP_STOP;
}

/* The child shares the reference position: the differing move is played on it. */
static int verify_down(void *ctx, int level)
{
    check_run *r = ctx;
    node *nd = &r->nodes[level], *child = &r->nodes[level + 1];
    const char *move = nd->ref.moves[nd->pick].move;
    hx_move m;
    hx_error err;
    child->depth = nd->depth - 1;
    child->path = hx_strfmt("%s%s%s", nd->path, nd->path[0] ? " " : "", move);
    if (!child->path || hx_move_parse(r->pos, move, 0, &m, &err) != 0)
        return -1;
    hx_make(r->pos, m);
    return 0;
}

/* Checks the position at nodes[0] to its depth, descending while only the
 * counts differ. Returns 1 if the engine agreed, 0 after a finding. */
static int descend(check_run *r)
{
    int parent = 0, levels = 0;
    int level = hx_bisect_walk(r, verify_step, verify_down, r->nodes[0].depth, &parent, &levels);
    if (level == -1)
        return 1;
    if (level == -2) {
        hx_finding *f = calloc(1, sizeof *f);
        if (f)
            f->kind = HX_FINDING_DESCENT;
        r->c->finding = f;
        return 0;
    }
    if (parent) { /* the child agrees, so the parent's count was wrong: report there */
        hx_unmake(r->pos);
        report(r, HX_FINDING_COUNT_PARENT, &r->nodes[level], &r->nodes[level + 1]);
    } else {
        report(r, r->last, &r->nodes[level], NULL);
    }
    return 0;
}

/* ------------------------------------------------------------ the check */

static void begin_check(verify_ctx *v, hx_check_result *c, const char *label, const char *root,
                        const char *moves, int depth)
{
    hx_check_result_init(c, HX_CHECK_VERIFY);
    c->id = hx_strdup(label);
    c->variant = hx_strdup(v->cfg->variant);
    c->profile = hx_strdup(v->cfg->profile);
    c->fen = hx_strdup(root);
    c->moves = moves && moves[0] ? hx_strdup(moves) : NULL;
    c->depth = depth;
}

static void end_check(check_run *r, int ok)
{
    hx_check_result *c = r->c;
    const verify_answer *a = r->nodes ? &r->nodes[0].answer : NULL;
    c->outcome = ok ? HX_PASS : a && a->failed ? HX_ERROR : HX_FAIL;
    if (a && a->nlines + a->has_total > 0)
        divides_at(&r->nodes[0], &c->expected, &c->got, &c->diff);
    if (!ok && !c->message)
        c->message = hx_strdup(a && a->message[0] ? a->message
                                                  : "the position could not be set up");
    c->seconds = hx_proc_now() - r->start;
}

/* The check cannot start: a SETUP finding saying why. */
static int cannot_set_up(check_run *r, const char *why)
{
    hx_finding *f = calloc(1, sizeof *f);
    if (f) {
        f->kind = HX_FINDING_SETUP;
        f->what = hx_strdup(why);
    }
    r->c->finding = f;
    return -1;
}

/* The reference at root + moves; 0, or -1 with a SETUP finding. */
static int set_up(check_run *r, const char *moves)
{
    hx_error err;
    if (!r->nodes || !(r->nodes[0].path = hx_strdup(moves)) ||
        !(r->pos = hx_position_new(r->v->rules)))
        return cannot_set_up(r, "out of memory");
    if (hx_position_set_fen(r->pos, r->root, &err) != 0 ||
        hx_play_moves(r->pos, moves, 0, &err) != 0)
        return cannot_set_up(r, err.message);
    r->nodes[0].depth = r->c->depth;
    return 0;
}

int verify_check(verify_ctx *v, const char *root, const char *moves, int depth,
                 const char *label)
{
    if (!verify_engine_can_ask(v->engine, root)) { /* a history-only engine */
        hx_verify_event e = {.kind = HX_VERIFY_NOT_ASKED, .label = label, .depth = depth};
        verify_tell(v, &e);
        v->summary->not_asked++;
        return 1;
    }
    hx_check_result check;
    check_run r = {v, root, label, NULL, calloc((size_t)depth + 1, sizeof(node)), K_AGREE,
                   hx_proc_now(), &check, "", 0, HX_NARROW_NONE, 0};
    hx_verify_event begin = {.kind = HX_VERIFY_CHECK_BEGIN, .label = label, .depth = depth};
    begin_check(v, &check, label, root, moves, depth);
    verify_tell(v, &begin);
    int ok = set_up(&r, moves) == 0 && descend(&r);
    end_check(&r, ok);
    if (!ok)
        verify_group(v, &check);
    hx_verify_event done = {.kind = HX_VERIFY_CHECK_DONE, .label = label, .depth = depth,
                            .check = &check};
    if (check.group > 0 && check.group <= v->results->n)
        done.same_as = &v->results->checks[check.group - 1];
    verify_tell(v, &done);
    for (int i = 0; r.nodes && i <= depth; i++) {
        free(r.nodes[i].path);
        hx_divide_free(&r.nodes[i].ref);
        verify_answer_free(&r.nodes[i].answer);
    }
    free(r.nodes);
    hx_position_free(r.pos);
    ok ? v->summary->passed++ : v->summary->failed++;
    hx_results_add(v->results, &check);
    return ok;
}
