/*
 * cmd_verify.c - hexref verify: an outside engine against the reference.
 *
 * Each check is a perft divide of one position. Where the engine and the
 * reference disagree only in the counts, verify follows a differing move
 * (the one with the smallest subtree, so each step is cheap) and asks again
 * one ply lower, until the difference is in a move set itself, or in a
 * count that the engine contradicts one ply lower: that is the minimal
 * position, and the report is written there. The engine is always sent the
 * root position plus the moves, as a perftree user would, so errors in how
 * it plays moves (e.p. and castling rights) show up too.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "bisect.h"
#include "divide.h"
#include "engine_external.h"
#include "fixtures.h"
#include "print.h"
#include "process.h"
#include "random.h"
#include "strutil.h"
#include "suite.h"

enum { PATH_MAX_TEXT = 8192, MAX_CELLS = 128, LINE_MAX_TEXT = 2048, MAX_DEPTH = 32 };

/* What a comparison at one position found. */
typedef enum kind {
    K_AGREE,
    K_FAILURE,         /* timeout, crash, exit status, cap, truncated, error */
    K_BAD_LINES,       /* lines that are not MOVE COUNT */
    K_BAD_MOVES,       /* moves in a notation hexref cannot read */
    K_DUPLICATE,
    K_TOTAL,           /* total disagrees with the engine's own lines */
    K_MOVES,           /* missing and/or extra moves */
    K_COUNT_HERE,      /* depth 1: a count other than 1 */
    K_COUNTS,          /* same moves, different counts: descend */
    K_COUNT_PARENT     /* the child agrees, so the parent's count was wrong */
} kind;

typedef struct ref_divide {
    int n;
    char text[HX_MAX_MOVES][HX_MOVE_TEXT_MAX];
    hx_move move[HX_MAX_MOVES];
    uint64_t count[HX_MAX_MOVES];
    uint64_t total;
} ref_divide;

typedef struct verify_ctx {
    const cli_opts *o;
    const char *variant, *profile, *command;
    int protocol;
    const hx_rules *rules;
    hx_external *ext;
    char cells[MAX_CELLS][4];
    int ncells;
    int passed, failed, stop;
    int suite_lines;        /* suite lines selected (--tier) */
    int progress;           /* a progress line on stderr (a terminal) */
    hx_results results;     /* every check, for the JSON and JUnit printers */
    hx_check_result *check; /* the check running now (check_position) */
} verify_ctx;

/* One position on the way down, and what both sides said there. */
typedef struct node {
    const char *root;     /* HexFEN sent to the engine */
    char path[PATH_MAX_TEXT];
    hx_position *pos;     /* the reference at root + path */
    int depth;            /* of the divide asked here */
    hx_ext_answer answer;
    ref_divide *ref;
    int pick;             /* K_COUNTS / K_COUNT_HERE: index into ref */
} node;

/* ------------------------------------------------------------ reference */

static void sort_ref(ref_divide *r)
{
    for (int i = 1; i < r->n; i++) /* insertion sort keeps text, move, count together */
        for (int j = i; j > 0 && strcmp(r->text[j - 1], r->text[j]) > 0; j--) {
            char t[HX_MOVE_TEXT_MAX];
            memcpy(t, r->text[j], sizeof t);
            memcpy(r->text[j], r->text[j - 1], sizeof t);
            memcpy(r->text[j - 1], t, sizeof t);
            hx_move m = r->move[j];
            r->move[j] = r->move[j - 1], r->move[j - 1] = m;
            uint64_t c = r->count[j];
            r->count[j] = r->count[j - 1], r->count[j - 1] = c;
        }
}

static void reference_divide(hx_position *pos, int depth, ref_divide *r)
{
    r->n = hx_legal_moves(pos, r->move);
    r->total = 0;
    for (int i = 0; i < r->n; i++) {
        hx_move_text(pos, r->move[i], 0, r->text[i]);
        hx_make(pos, r->move[i]);
        r->count[i] = hx_perft(pos, depth - 1);
        hx_unmake(pos);
        r->total += r->count[i];
    }
    sort_ref(r);
}

/* ------------------------------------------------------------ comparing */

static void collect_cells(verify_ctx *v)
{
    int w, h, horizontal;
    hx_board_size(v->rules, &w, &h, &horizontal);
    for (int x = 0; x < w; x++)
        for (int y = 0; y < h; y++)
            if (v->ncells < MAX_CELLS && hx_cell_name(v->rules, x, y, 0, v->cells[v->ncells]) == 0)
                v->ncells++;
}

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

/* Does a file of this board's cell names start with letter? (The boards
 * named after Glinski skip j.) */
static int has_file(const verify_ctx *v, char letter)
{
    for (int i = 0; i < v->ncells; i++)
        if (v->cells[i][0] == letter)
            return 1;
    return 0;
}

static int first_unknown_cell(const verify_ctx *v, const hx_reply *d)
{
    for (int i = 0; i < d->n; i++)
        if (!names_cells(v, d->lines[i].move))
            return i;
    return -1;
}

static int same_move_set(const ref_divide *r, const hx_reply *d)
{
    if (r->n != d->n)
        return 0;
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->text[i], d->lines[i].move) != 0)
            return 0;
    return 1;
}

/* Same moves, different counts: the differing move with the smallest
 * reference subtree, or -1. */
static int cheapest_difference(const ref_divide *r, const hx_reply *d)
{
    int best = -1;
    for (int i = 0; i < r->n; i++)
        if (r->count[i] != d->lines[i].count && (best < 0 || r->count[i] < r->count[best]))
            best = i;
    return best;
}

static kind compare(const verify_ctx *v, node *nd)
{
    hx_reply *d = &nd->answer.reply;
    uint64_t sum;
    if (nd->answer.failure != HX_EXT_OK)
        return K_FAILURE;
    if (d->nbad_lines)
        return K_BAD_LINES;
    hx_reply_sort(d);
    if (d->nbad_moves || first_unknown_cell(v, d) >= 0)
        return K_BAD_MOVES;
    if (hx_reply_duplicate(d, NULL))
        return K_DUPLICATE;
    if (!d->has_total || hx_reply_sum(d, &sum) != 0 || sum != d->total)
        return K_TOTAL;
    if (!same_move_set(nd->ref, d))
        return K_MOVES;
    nd->pick = cheapest_difference(nd->ref, d);
    if (nd->pick < 0)
        return K_AGREE;
    return nd->depth == 1 ? K_COUNT_HERE : K_COUNTS;
}

/* ------------------------------------------------------------ reports */

static void print_quoted(const char *s)
{
    char q[LINE_MAX_TEXT * 2];
    hx_shell_quote(s, q, sizeof q);
    fputs(q, stdout);
}

/* The command line that repeats a finding, as one string (malloc'ed). */
static char *reproduce_command(const verify_ctx *v, const node *nd, int depth)
{
    static char q[4][PATH_MAX_TEXT * 2];
    hx_shell_quote(v->command, q[0], sizeof q[0]);
    hx_shell_quote(nd->root, q[1], sizeof q[1]);
    hx_shell_quote(nd->path, q[2], sizeof q[2]);
    snprintf(q[3], sizeof q[3], " --timeout %g", v->o->timeout);
    return hx_strfmt("hexref verify --engine %s --protocol %s -v %s -p %s --fen %s%s%s -d %d%s",
                     q[0], hx_protocol_name(v->protocol), v->variant, v->profile, q[1],
                     nd->path[0] ? " --moves " : "", nd->path[0] ? q[2] : "", depth,
                     v->o->timeout > 0 ? q[3] : "");
}

static void print_reproduce(const verify_ctx *v, const node *nd, int depth)
{
    char *command = reproduce_command(v, nd, depth);
    printf("  reproduce: %s\n", command ? command : "(out of memory)");
    free(command);
    static char query[PATH_MAX_TEXT * 3];
    hx_external_query_text(v->ext, nd->root, nd->path, depth, query, sizeof query);
    printf("  engine query: %s\n", query);
}

/* The reference's divide as a result value. */
static int ref_as_divide(const ref_divide *r, hx_divide *out)
{
    hx_divide_init(out);
    out->has_moves = 1;
    for (int i = 0; i < r->n; i++)
        if (hx_divide_add(out, r->text[i], r->count[i]) != 0)
            return -1;
    return 0;
}

/* Both sides' divides at nd and their difference. */
static int divides_at(const node *nd, hx_divide *expected, hx_divide *got, hx_divide_diff *diff)
{
    int rc = ref_as_divide(nd->ref, expected);
    rc |= hx_divide_of_reply(&nd->answer.reply, got);
    return rc | hx_divide_diff_of(expected, got, diff);
}

/* The minimal reproduction of the running check: where the report is. */
static void record_minimal(verify_ctx *v, kind k, const node *nd, const char *fen, int depth)
{
    hx_check_result *c = v->check;
    if (!c || c->minimal)
        return;
    hx_reproduction *m = calloc(1, sizeof *m);
    if (!m)
        return;
    hx_divide e, g;
    size_t own = strlen(c->moves ? c->moves : "");
    const char *path = own && strncmp(nd->path, c->moves, own) == 0 ? nd->path + own : nd->path;
    m->fen = hx_strdup(fen);
    m->path = hx_strdup(path + (path[0] == ' '));
    m->depth = depth;
    m->command = reproduce_command(v, nd, depth);
    /* An answer that failed or could not be read has no moves to compare:
     * it would list every reference move as missing in the engine. */
    if (k != K_FAILURE && k != K_BAD_LINES && k != K_BAD_MOVES && k != K_TOTAL) {
        divides_at(nd, &e, &g, &m->diff);
        hx_divide_free(&e);
        hx_divide_free(&g);
    } else {
        m->no_diff = 1;
    }
    c->minimal = m;
}

/* The union of both move lists in order; '-' only the reference has the
 * move, '+' only the engine, '*' the engine lists it more than once. */
static void print_move_sets(const ref_divide *r, const hx_reply *d)
{
    printf("  moves: reference %d, engine %d   ('-' only the reference, '+' only the engine,"
           " '*' listed twice)\n",
           r->n, d->n);
    int i = 0, j = 0, col = 0;
    while (i < r->n || j < d->n) {
        int c = i >= r->n ? 1 : j >= d->n ? -1 : strcmp(r->text[i], d->lines[j].move);
        char mark = c < 0 ? '-' : c > 0 ? '+' : ' ';
        const char *m = c <= 0 ? r->text[i] : d->lines[j].move;
        int dup = c >= 0 && j + 1 < d->n && strcmp(d->lines[j].move, d->lines[j + 1].move) == 0;
        i += c <= 0;
        j += c >= 0;
        while (dup && j < d->n && strcmp(d->lines[j].move, m) == 0)
            j++;
        int last = ++col == 8 || (i >= r->n && j >= d->n);
        printf("%s%c%-*s", col == 1 ? "    " : " ", dup ? '*' : mark, last ? 0 : 7, m);
        if (col == 8)
            printf("\n"), col = 0;
    }
    if (col)
        printf("\n");
}

static void print_difference_lists(const ref_divide *r, const hx_reply *d)
{
    int i = 0, j = 0, nm = 0, ne = 0;
    char missing[LINE_MAX_TEXT] = "", extra[LINE_MAX_TEXT] = "";
    while (i < r->n || j < d->n) {
        int c = i >= r->n ? 1 : j >= d->n ? -1 : strcmp(r->text[i], d->lines[j].move);
        char *list = c < 0 ? missing : extra;
        if (c != 0 && strlen(list) + 12 < LINE_MAX_TEXT) {
            strcat(list, " ");
            strcat(list, c < 0 ? r->text[i] : d->lines[j].move);
        }
        nm += c < 0, ne += c > 0;
        i += c <= 0;
        j += c >= 0;
        while (c >= 0 && j > 0 && j < d->n && !strcmp(d->lines[j].move, d->lines[j - 1].move))
            j++; /* a duplicate is reported as such, not as an extra move */
    }
    if (nm)
        printf("  missing in the engine:%s\n", missing);
    if (ne)
        printf("  extra in the engine:  %s\n", extra);
}

/* Same move sets, different counts: the moves whose counts differ. */
static void print_count_differences(const ref_divide *r, const hx_reply *d)
{
    int differ = 0;
    printf("  counts that differ (move: engine, reference):\n");
    for (int i = 0; i < r->n; i++)
        if (r->count[i] != d->lines[i].count && differ++ < 8)
            printf("    %-8s %llu, %llu\n", r->text[i], (unsigned long long)d->lines[i].count,
                   (unsigned long long)r->count[i]);
    if (differ > 8)
        printf("    ... %d moves in all\n", differ);
}

static const char *kind_name(kind k, const node *nd)
{
    static const char *const names[] = {"agree", "engine failure", "unparsable output",
                                        "unparsable move", "duplicate move",
                                        "total inconsistent with the divide lines", "",
                                        "wrong count", "", "wrong count"};
    if (k != K_MOVES)
        return names[k];
    int missing = 0, extra = 0;
    const hx_reply *d = &nd->answer.reply;
    for (int i = 0; i < nd->ref->n; i++)
        missing += hx_reply_find(d, nd->ref->text[i]) < 0;
    extra = d->n - (nd->ref->n - missing);
    return missing && extra ? "missing and extra moves" : missing ? "missing move" : "extra move";
}

static void print_problem_lines(const hx_reply_problem *list, int count, const char *what)
{
    for (int i = 0; i < count && i < HX_REPLY_KEEP; i++)
        printf("    output line %d: '%s'\n", list[i].line_no, list[i].text);
    if (count > HX_REPLY_KEEP)
        printf("    ... %d %s in all\n", count, what);
}

/* The first lines of the engine's stderr, indented. */
static void print_stderr(const char *text)
{
    int lines = 0;
    while (*text && lines < 6) {
        int n = (int)strcspn(text, "\n");
        printf("  %s %.*s%s\n", lines ? "          " : "stderr:   ", n > 100 ? 100 : n, text,
               n > 100 ? "..." : "");
        text += n + (text[n] == '\n');
        lines++;
    }
    if (*text)
        printf("             [...]\n");
}

static void print_detail(const verify_ctx *v, kind k, const node *nd)
{
    const hx_reply *d = &nd->answer.reply;
    char text[700];
    int times = 0;
    if (k == K_FAILURE) {
        printf("  what:      %s\n", nd->answer.message);
        if (d->nbad_lines) {
            printf("  it printed lines that are not perft output:\n");
            print_problem_lines(d->bad_lines, d->nbad_lines, "such lines");
        }
        print_stderr(nd->answer.stderr_text);
    } else if (k == K_BAD_LINES) {
        hx_ext_answer_problem(&nd->answer, text, sizeof text);
        printf("  what:      %s\n", text);
        print_problem_lines(d->bad_lines, d->nbad_lines, "such lines");
    } else if (k == K_BAD_MOVES) {
        printf("  what:      moves hexref cannot read (expected e2e5, d8d9q with %s's cell "
               "names: docs/conventions.md)\n", v->variant);
        print_problem_lines(d->bad_moves, d->nbad_moves, "such lines");
        int u = first_unknown_cell(v, d);
        if (u >= 0 && !d->nbad_moves)
            printf("    '%s' names a cell that %s has not%s\n", d->lines[u].move, v->variant,
                   strchr(d->lines[u].move, 'j') && !has_file(v, 'j')
                       ? " (hexref's files are a-l without j, Glinski's naming;"
                         " McCooey's own j is hexref's k)"
                       : "");
    } else if (k == K_DUPLICATE) {
        const char *m = hx_reply_duplicate(d, &times);
        printf("  what:      %s is listed %d times (never merged)\n", m, times);
    } else if (k == K_TOTAL) {
        hx_ext_answer_problem(&nd->answer, text, sizeof text);
        printf("  what:      %s\n", text);
    }
}

static void print_count_detail(kind k, const node *nd, const node *child)
{
    const ref_divide *r = nd->ref;
    const hx_reply *d = &nd->answer.reply;
    int i = nd->pick;
    printf("  move:      %s\n", r->text[i]);
    if (k == K_COUNT_HERE) {
        printf("  what:      the engine counts %s as %llu at depth 1 (every move counts 1)\n",
               r->text[i], (unsigned long long)d->lines[i].count);
        return;
    }
    printf("  what:      at depth %d the engine counts %s as %llu (reference %llu), but its own\n"
           "             divide of the position after %s gives %llu, as the reference does:\n"
           "             the count depends on the way the engine reaches the position\n",
           nd->depth, r->text[i], (unsigned long long)d->lines[i].count,
           (unsigned long long)r->count[i], r->text[i],
           (unsigned long long)child->answer.reply.total);
}

/* The same query with the HexFEN alone: tells generation errors from errors
 * in playing the moves. */
static void print_fen_alone(verify_ctx *v, const node *nd, const char *fen)
{
    hx_ext_answer a;
    hx_external_divide(v->ext, fen, "", 1, &a);
    char problem[600];
    hx_reply_sort(&a.reply);
    if (hx_ext_answer_problem(&a, problem, sizeof problem))
        printf("  HexFEN alone: the engine fails too (%s)\n", problem);
    else if (same_move_set(nd->ref, &a.reply))
        printf("  HexFEN alone: the engine agrees with the reference there, so the error is in\n"
               "             how it plays the moves (e.p. or castling rights, make/unmake)\n");
    else
        printf("  HexFEN alone: the engine shows a difference there too\n");
    hx_ext_answer_free(&a);
}

/* The check's message, for JSON, JUnit and HTML: the kind, then what the
 * text report says of a failure of the engine's answer (its `what:`), the
 * lines it printed that are not perft output, and its stderr. */
static char *check_message(kind k, const node *nd)
{
    const hx_reply *d = &nd->answer.reply;
    hx_sbuf b = {0};
    char what[700] = "";
    if (k == K_FAILURE || k == K_BAD_LINES || k == K_TOTAL)
        hx_ext_answer_problem(&nd->answer, what, sizeof what);
    hx_sbuf_printf(&b, "%s%s%s", kind_name(k, nd), what[0] ? ": " : "", what);
    if (k == K_FAILURE || k == K_BAD_LINES)
        for (int i = 0; i < d->nbad_lines && i < HX_REPLY_KEEP; i++)
            hx_sbuf_printf(&b, "\noutput line %d: '%s'", d->bad_lines[i].line_no,
                           d->bad_lines[i].text);
    if (k == K_FAILURE && nd->answer.stderr_text[0])
        hx_sbuf_printf(&b, "\nstderr: %s", nd->answer.stderr_text);
    if (b.oom) {
        free(hx_sbuf_take(&b));
        return hx_strdup(kind_name(k, nd));
    }
    return hx_sbuf_take(&b);
}

static void report(verify_ctx *v, kind k, node *nd, const node *child, const char *label,
                   double seconds)
{
    char fen[HX_FEN_MAX];
    hx_position_fen(nd->pos, fen);
    printf("\nFAIL %s: %s\n", label, kind_name(k, nd));
    record_minimal(v, k, nd, fen, k == K_MOVES ? 1 : nd->depth);
    if (v->check && !v->check->message)
        v->check->message = check_message(k, nd);
    printf("  variant:   %s, profile %s; engine %s (%s)\n", v->variant, v->profile, v->command,
           hx_protocol_name(v->protocol));
    printf("  root:      %s\n", nd->root);
    printf("  path:      %s\n", nd->path[0] ? nd->path : "(none: the root itself)");
    printf("  position:  %s\n", fen);
    printf("  depth:     %d", nd->depth);
    if (!v->o->quiet)
        printf(", found in %.1f s", seconds);
    printf("\n");
    print_detail(v, k, nd);
    if (k == K_COUNT_HERE || k == K_COUNT_PARENT)
        print_count_detail(k, nd, child);
    if (k == K_MOVES || k == K_DUPLICATE) {
        print_move_sets(nd->ref, &nd->answer.reply);
        print_difference_lists(nd->ref, &nd->answer.reply);
    }
    if (k == K_COUNT_HERE || k == K_COUNT_PARENT)
        print_count_differences(nd->ref, &nd->answer.reply);
    printf("\n");
    cli_draw_position(nd->pos, 0, 0);
    printf("\n");
    print_reproduce(v, nd, k == K_MOVES ? 1 : nd->depth);
    if (k == K_MOVES && nd->path[0])
        print_fen_alone(v, nd, fen);
    fflush(stdout);
}

/* ------------------------------------------------------------ descent */

static int ask(verify_ctx *v, node *nd)
{
    reference_divide(nd->pos, nd->depth, nd->ref);
    hx_external_divide(v->ext, nd->root, nd->path, nd->depth, &nd->answer);
    if (nd->answer.failure == HX_EXT_START || nd->answer.failure == HX_EXT_HANDSHAKE ||
        hx_external_gave_up(v->ext))
        v->stop = 1; /* nothing else can run */
    return compare(v, nd);
}

static int path_push(node *nd, const char *move)
{
    size_t n = strlen(nd->path);
    if (n + strlen(move) + 2 >= sizeof nd->path)
        return -1;
    snprintf(nd->path + n, sizeof nd->path - n, "%s%s", n ? " " : "", move);
    return 0;
}

/*
 * Checks the position at nodes[0] to its depth, descending while only the
 * counts differ; nodes[] has room for depth + 1 entries, all sharing one
 * reference position. Returns 1 if the engine agreed, 0 after a report;
 * *levels is how many nodes were used.
 */
/* hx_bisect_walk's view of verify: compare at one level, move down. */
typedef struct verify_walk {
    verify_ctx *v;
    node *nodes;
    kind last; /* the kind the last step found */
} verify_walk;

static hx_bisect_step verify_step(void *ctx, int level, int depth)
{
    verify_walk *w = ctx;
    (void)depth; /* nodes[level].depth, set by verify_down */
    w->last = ask(w->v, &w->nodes[level]);
    return w->last == K_AGREE ? HX_STEP_AGREE : w->last == K_COUNTS ? HX_STEP_DESCEND
                                                                     : HX_STEP_STOP;
}

/* The child shares the reference position: the differing move is played on it. */
static int verify_down(void *ctx, int level)
{
    verify_walk *w = ctx;
    node *nd = &w->nodes[level], *child = &w->nodes[level + 1];
    memcpy(child->path, nd->path, sizeof child->path);
    child->root = nd->root;
    child->pos = nd->pos;
    child->depth = nd->depth - 1;
    child->ref = malloc(sizeof *child->ref);
    if (!child->ref || path_push(child, nd->ref->text[nd->pick]) != 0)
        return -1;
    hx_make(nd->pos, nd->ref->move[nd->pick]);
    return 0;
}

/*
 * Checks the position at nodes[0] to its depth, descending while only the
 * counts differ (hx_bisect_walk); nodes[] has room for depth + 1 entries,
 * all sharing one reference position. Returns 1 if the engine agreed, 0
 * after a report; *levels is how many nodes were used.
 */
static int descend(verify_ctx *v, node *nodes, const char *label, double start, int *levels)
{
    verify_walk w = {v, nodes, K_AGREE};
    int parent = 0;
    int level = hx_bisect_walk(&w, verify_step, verify_down, nodes[0].depth, &parent, levels);
    if (level == -1)
        return 1;
    if (level == -2) {
        printf("FAIL %s: out of memory or path too long while descending\n", label);
        return 0;
    }
    double seconds = hx_proc_now() - start;
    if (parent) { /* the child agrees, so the parent's count was wrong: report there */
        hx_unmake(nodes[level + 1].pos);
        report(v, K_COUNT_PARENT, &nodes[level], &nodes[level + 1], label, seconds);
    } else {
        report(v, w.last, &nodes[level], NULL, label, seconds);
    }
    return 0;
}

/* Starts the result of one check (v->check) and hands it to v->results. */
static void begin_check(verify_ctx *v, hx_check_result *c, const char *label, const char *root,
                        const char *moves, int depth)
{
    hx_check_result_init(c, HX_CHECK_VERIFY);
    c->id = hx_strdup(label);
    c->variant = hx_strdup(v->variant);
    c->profile = hx_strdup(v->profile);
    c->fen = hx_strdup(root);
    c->moves = moves && moves[0] ? hx_strdup(moves) : NULL;
    c->depth = depth;
    v->check = c;
}

static void end_check(verify_ctx *v, hx_check_result *c, const node *root, int ok, double start)
{
    c->outcome = ok ? HX_PASS : root->answer.failure != HX_EXT_OK ? HX_ERROR : HX_FAIL;
    if (root->ref && root->answer.reply.n + root->answer.reply.has_total > 0)
        divides_at(root, &c->expected, &c->got, &c->diff);
    if (!ok && !c->message)
        c->message = hx_strdup(root->answer.message[0] ? root->answer.message
                                                        : "the position could not be set up");
    c->seconds = hx_proc_now() - start;
    v->check = NULL;
    hx_results_add(&v->results, c);
}

/* A check that could not run (bad suite, engine that does not start). */
static void check_failed(verify_ctx *v, const char *label, const char *why)
{
    hx_check_result c;
    hx_check_result_init(&c, HX_CHECK_VERIFY);
    c.outcome = HX_ERROR;
    c.id = hx_strdup(label);
    c.variant = hx_strdup(v->variant);
    c.profile = hx_strdup(v->profile);
    c.message = hx_strdup(why);
    hx_results_add(&v->results, &c);
    v->failed++;
}

/* Runs one check: root HexFEN (canonical), moves on it, depth (1..MAX_DEPTH). */
static int check_position(verify_ctx *v, const char *root, const char *moves, int depth,
                          const char *label)
{
    static node nodes[MAX_DEPTH + 1];
    hx_error err;
    hx_check_result check;
    memset(nodes, 0, sizeof nodes);
    begin_check(v, &check, label, root, moves, depth);
    nodes[0].root = root;
    nodes[0].depth = depth;
    nodes[0].pos = hx_position_new(v->rules);
    nodes[0].ref = malloc(sizeof *nodes[0].ref);
    snprintf(nodes[0].path, sizeof nodes[0].path, "%s", moves);
    double start = hx_proc_now();
    int ok = 0, levels = 1;
    if (v->progress)
        fprintf(stderr, "\rverify: %s, depth %d ...   ", label, depth);
    if (!nodes[0].pos || !nodes[0].ref || hx_position_set_fen(nodes[0].pos, root, &err) != 0 ||
        hx_play_moves(nodes[0].pos, moves, 0, &err) != 0)
        printf("FAIL %s: cannot set up the position: %s\n", label,
               nodes[0].pos && nodes[0].ref ? err.message : "out of memory");
    else
        ok = descend(v, nodes, label, start, &levels);
    if (v->progress)
        fprintf(stderr, "\r%70s\r", "");
    if (ok)
        printf("ok   %s: depth %d, %llu nodes%s", label, depth,
               (unsigned long long)nodes[0].answer.reply.total, v->o->quiet ? "\n" : "");
    if (ok && !v->o->quiet)
        printf(", %.2f s\n", hx_proc_now() - start);
    end_check(v, &check, &nodes[0], ok, start);
    for (int i = 0; i <= levels && i <= MAX_DEPTH; i++) {
        hx_ext_answer_free(&nodes[i].answer);
        free(nodes[i].ref);
    }
    hx_position_free(nodes[0].pos);
    fflush(stdout);
    ok ? v->passed++ : v->failed++;
    return ok;
}

/* ------------------------------------------------------------ work items */

/* Canonical text of a move list played on pos (left played). */
static int canonical_moves(hx_position *pos, const char *moves, char *out, size_t cap)
{
    char buf[PATH_MAX_TEXT];
    if (strlen(moves) >= sizeof buf)
        return cli_bad_input("--moves is too long");
    snprintf(buf, sizeof buf, "%s", moves);
    out[0] = '\0';
    char *save = NULL;
    for (char *m = strtok_r(buf, " ,", &save); m; m = strtok_r(NULL, " ,", &save)) {
        hx_move move;
        hx_error err;
        char text[HX_MOVE_TEXT_MAX];
        if (hx_move_parse(pos, m, 0, &move, &err) != 0)
            return cli_bad_input("--moves: %s", err.message);
        hx_move_text(pos, move, 0, text);
        hx_make(pos, move);
        size_t n = strlen(out);
        if (n + strlen(text) + 2 >= cap)
            return cli_bad_input("--moves is too long");
        snprintf(out + n, cap - n, "%s%s", n ? " " : "", text);
    }
    return 0;
}

/* The root HexFEN (canonical) of --fen or the initial position. */
static int root_fen(const verify_ctx *v, hx_position *pos, char *out)
{
    hx_error err;
    if (hx_position_set_fen(pos, v->o->fen, &err) != 0)
        return cli_bad_input("bad HexFEN: %s", err.message);
    hx_position_fen(pos, out);
    return 0;
}

static int run_single(verify_ctx *v)
{
    static char root[HX_FEN_MAX], moves[PATH_MAX_TEXT];
    hx_position *pos = hx_position_new(v->rules);
    int rc = pos ? root_fen(v, pos, root) : cli_bad_input("out of memory");
    if (rc == 0 && v->o->moves)
        rc = canonical_moves(pos, v->o->moves, moves, sizeof moves);
    hx_position_free(pos);
    if (rc != 0)
        return rc;
    int depth = v->o->depth >= 0 ? v->o->depth : 3;
    char label[64];
    snprintf(label, sizeof label, "%s", v->o->fen || v->o->moves ? "position" : "initial position");
    check_position(v, root, moves, depth, label);
    return 0;
}

/* A position after up to 60 random legal plies from the root. */
static int random_position(hx_position *pos, uint64_t *state, char *fen)
{
    hx_move moves[HX_MAX_MOVES];
    int plies = 1 + (int)(hx_splitmix64(state) % 60), played = 0;
    for (; played < plies; played++) {
        int n = hx_legal_moves(pos, moves);
        if (n == 0)
            break;
        hx_make(pos, moves[hx_splitmix64(state) % (uint64_t)n]);
    }
    hx_position_fen(pos, fen);
    return played;
}

static int run_random(verify_ctx *v)
{
    static char root[HX_FEN_MAX];
    uint64_t seed = v->o->has_seed ? v->o->seed : 1, state = seed;
    int depth = v->o->depth >= 0 ? v->o->depth : 2;
    for (int i = 0; i < v->o->random && !v->stop; i++) {
        hx_position *pos = hx_position_new(v->rules);
        char fen[HX_FEN_MAX], label[96];
        if (!pos || root_fen(v, pos, root) != 0) {
            hx_position_free(pos);
            return EXIT_BAD_INPUT;
        }
        int plies = random_position(pos, &state, fen);
        hx_position_free(pos);
        snprintf(label, sizeof label, "random #%d (seed %llu, %d plies)", i + 1,
                 (unsigned long long)seed, plies);
        check_position(v, fen, "", depth, label);
    }
    return 0;
}

/* Does the reference agree with the suite line's count at depth k? Counted
 * only up to that count, so a tiny count at a deep depth fails at once
 * instead of running the whole tree; a count past it is "more than N". */
static int suite_count_holds(verify_ctx *v, const char *fen, const hx_suite_line *l, int k,
                             const char *label)
{
    hx_engine ref = hx_engine_reference();
    uint64_t got = 0;
    char err[256], why[400];
    if (hx_engine_perft_upto(&ref, v->variant, v->profile, fen, l->depth[k], l->count[k], &got,
                             err, sizeof err) != 0)
        snprintf(why, sizeof why, "the reference cannot count D%d: %s", l->depth[k], err);
    else if (got > l->count[k])
        snprintf(why, sizeof why, "the suite says D%d %llu, the reference counts more than %llu",
                 l->depth[k], (unsigned long long)l->count[k], (unsigned long long)l->count[k]);
    else if (got < l->count[k])
        snprintf(why, sizeof why, "the suite says D%d %llu, the reference counts %llu",
                 l->depth[k], (unsigned long long)l->count[k], (unsigned long long)got);
    else
        return 1;
    printf("FAIL %s: %s (the suite line is wrong; the engine is not asked)\n", label, why);
    check_failed(v, label, why);
    return 0;
}

/* A suite line: checked at its deepest depth within -d and --max-nodes. */
static void run_suite_line(verify_ctx *v, const char *file, const hx_suite_line *l)
{
    char label[300], canon[HX_FEN_MAX];
    int limit = v->o->depth > 0 ? v->o->depth : MAX_DEPTH;
    int k = hx_suite_deepest(l, limit, v->o->max_nodes);
    snprintf(label, sizeof label, "%s:%ld%s%s", file, l->lineno, l->id[0] ? " " : "", l->id);
    hx_position *pos = hx_position_new(v->rules);
    hx_error err;
    if (!pos || hx_position_set_fen(pos, l->fen, &err) != 0) {
        printf("FAIL %s: bad HexFEN in the suite: %s\n", label, pos ? err.message : "no memory");
        check_failed(v, label, "bad HexFEN in the suite");
    } else if (k < 0) {
        printf("skip %s: no depth within -d / --max-nodes\n", label);
    } else {
        hx_position_fen(pos, canon);
        if (suite_count_holds(v, canon, l, k, label))
            check_position(v, canon, "", l->depth[k], label);
    }
    hx_position_free(pos);
}

/* A suite for other rules than the engine is run with (its header or its
 * name says so) is skipped with a note. */
static void run_suite(verify_ctx *v, const char *file)
{
    hx_suite s;
    char err[512];
    if (hx_suite_read(file, &s, err, sizeof err) != 0) {
        printf("FAIL %s\n", err);
        check_failed(v, file, err);
        return;
    }
    hx_error e;
    if (s.names_from && hx_rules_find(s.variant, s.profile, &e) &&
        (strcmp(s.variant, v->variant) != 0 || strcmp(s.profile, v->profile) != 0)) {
        printf("skip %s: a suite for %s/%s (run verify with -v %s -p %s)\n", file, s.variant,
               s.profile, s.variant, s.profile);
        hx_suite_free(&s);
        return;
    }
    int quick = v->o->tier && strcmp(v->o->tier, "quick") == 0;
    for (int i = 0; i < s.n && !v->stop; i++)
        if (!quick || s.lines[i].quick) {
            v->suite_lines++;
            run_suite_line(v, file, &s.lines[i]);
        }
    hx_suite_free(&s);
}

static void run_fixtures(verify_ctx *v)
{
    char dir[CLI_PATH_MAX];
    const char *slot[1];
    int npaths;
    const char *const *paths = cli_fixture_paths(v->o, dir, slot, &npaths);
    if (!paths) {
        printf("FAIL fixtures: the installed fixtures were not found\n");
        v->failed++;
        return;
    }
    hx_engine engine = hx_external_engine(v->ext);
    hx_fixture_stats stats;
    printf("fixtures (depth-1 move sets%s) of %s under %s:\n",
           engine.status ? " and statuses" : "", v->variant, v->profile);
    fflush(stdout);
    int first = v->results.n;
    if (hx_fixtures_run(&engine, v->variant, v->profile, paths, npaths, stdout, &v->results,
                        &stats) != 0) {
        printf("FAIL fixtures: the fixture files could not be run\n");
        check_failed(v, "fixtures", "the fixture files could not be run");
        return;
    }
    if (v->results.n == first) { /* a run that checks nothing fails */
        printf("FAIL fixtures: no fixture of %s under %s in the given files\n", v->variant,
               v->profile);
        check_failed(v, "fixtures", "no fixture selected");
        return;
    }
    int failed = 0;
    for (int i = first; i < v->results.n; i++)
        if (v->results.checks[i].outcome != HX_PASS) {
            hx_print_check_text(stdout, &v->results.checks[i]);
            failed++;
        }
    printf("fixtures: %d file%s, %d fixture%s run: %d passed, %d failed, %d run%s skipped\n",
           stats.files, stats.files == 1 ? "" : "s", stats.fixtures,
           stats.fixtures == 1 ? "" : "s", v->results.n - first - failed, failed,
           stats.skipped_runs, stats.skipped_runs == 1 ? "" : "s");
    v->passed += v->results.n - first - failed;
    v->failed += failed;
    if (failed) {
        printf("  reproduce: hexref verify --engine ");
        print_quoted(v->command);
        printf(" --protocol %s -v %s -p %s --fixtures", hx_protocol_name(v->protocol), v->variant,
               v->profile);
        for (int i = 0; i < npaths; i++) {
            printf(" ");
            print_quoted(paths[i]);
        }
        printf("\n");
    }
}

/* ------------------------------------------------------------ command */

static int setup(verify_ctx *v, const cli_opts *o)
{
    int rc;
    if ((rc = cli_require_variant("verify", o)) != 0)
        return rc;
    if (!o->engine || !o->engine[0])
        return cli_usage_error("verify", "--engine 'CMD' is required (the engine's command line)");
    v->protocol = o->protocol ? hx_protocol_by_name(o->protocol) : HX_PROTOCOL_SCRIPT;
    if (v->protocol < 0)
        return cli_usage_error("verify", "unknown protocol '%s' (script or uci)", o->protocol);
    if (o->depth == 0 || o->depth > HX_PERFT_MAX_DEPTH)
        return cli_usage_error("verify", "depth must be from 1 to %d (the limit of a count that "
                               "can finish)", HX_PERFT_MAX_DEPTH);
    if (o->tier && strcmp(o->tier, "quick") && strcmp(o->tier, "deep"))
        return cli_usage_error("verify", "--tier must be quick or deep");
    if (o->nargs && !o->fixtures)
        return cli_usage_error("verify", "unexpected argument '%s'", o->args[0]);
    hx_error err;
    v->o = o;
    v->variant = o->variant;
    v->profile = o->profile ? o->profile : "std";
    v->command = o->engine;
    v->rules = hx_rules_find(v->variant, v->profile, &err);
    if (!v->rules)
        return cli_bad_input("%s", err.message);
    collect_cells(v);
    hx_ext_config cfg = {v->command, v->protocol, v->variant, v->profile, o->timeout, 0};
    v->ext = hx_external_new(&cfg);
    return v->ext ? 0 : cli_bad_input("out of memory");
}

/* A uci engine is started (and its handshake checked) before any position. */
static int start_engine(verify_ctx *v)
{
    hx_ext_answer a;
    int rc = hx_external_start(v->ext, &a);
    if (rc != 0) {
        printf("\nFAIL engine start: %s\n", a.message);
        print_stderr(a.stderr_text);
        printf("  reproduce: printf '%%s\\n' uci isready quit | %s\n", v->command);
        check_failed(v, "engine start", a.message);
    } else if (v->protocol == HX_PROTOCOL_UCI && !hx_external_has_profile_option(v->ext)) {
        printf("note: the engine lists no HexrefProfile option; it is taken to play %s\n",
               v->profile);
    }
    hx_ext_answer_free(&a);
    fflush(stdout);
    return rc;
}

static const cli_option verify_options[] = {
    CLI_OPT(CLI_OPT_STRING, 'e', "engine", "'CMD'", CLI_FIELD(engine),
            "the engine's command line, run by /bin/sh -c"),
    CLI_OPT(CLI_OPT_STRING, 0, "protocol", "script|uci", CLI_FIELD(protocol),
            "script (default; perftree: CMD DEPTH HEXFEN [MOVES]) or uci"),
    CLI_INCLUDE(cli_variant_options),
    CLI_INCLUDE(cli_start_options),
    CLI_OPT(CLI_OPT_INT, 'd', "depth", "D", CLI_FIELD(depth),
            "perft depth (default 3; 2 with --random; suites: their own)"),
    CLI_OPT_COUNTED(CLI_OPT_LIST, 0, "suite", "FILE", CLI_FIELD(suites), CLI_FIELD(nsuites),
                    "a perft suite, 'HEXFEN ;D1 n ;D2 n ... ;id NAME' (repeatable),\n"
                    "checked at its deepest depth within -d and --max-nodes N"),
    CLI_OPT(CLI_OPT_STRING, 0, "tier", "quick|deep", CLI_FIELD(tier),
            "quick: only the suite lines marked ';tier quick'"),
    CLI_OPT(CLI_OPT_U64, 0, "max-nodes", "N", CLI_FIELD(max_nodes),
            "suites: skip the depths whose expected count exceeds N"),
    CLI_OPT(CLI_OPT_INT, 0, "random", "N", CLI_FIELD(random),
            "N random reachable positions (--seed S, default 1)"),
    CLI_OPT_COUNTED(CLI_OPT_U64, 0, "seed", "S", CLI_FIELD(seed), CLI_FIELD(has_seed),
                    "the seed of --random (default 1)"),
    CLI_OPT(CLI_OPT_FLAG, 0, "fixtures", NULL, CLI_FIELD(fixtures),
            "the fixtures (default: hexref's own) as depth-1 move sets"),
    CLI_OPT(CLI_OPT_DOUBLE, 0, "timeout", "SECONDS", CLI_FIELD(timeout),
            "limit per query (default 30; raise it for slow engines)"),
    CLI_INCLUDE(cli_output_options),
    CLI_INCLUDE(cli_report_option),
    CLI_END};

const cli_command cli_verify_command = {
    "verify", cmd_verify, "check an outside engine against the reference, down to one move",
    "hexref verify --engine 'CMD' -v VARIANT [options] [FIXTURE FILE|DIR ...]",
    "Checks an outside engine against the reference, down to the position and move.\n"
    "Compares perft divides (docs/protocol.md) of one position (default: the initial\n"
    "one), of suites, of random positions, and the fixtures. A mismatch is followed\n"
    "down to the minimal position; the report names the kind, the moves from the\n"
    "root, the HexFEN, both move sets, a diagram and a command that reproduces it.\n"
    "Ends with 'N passed, N failed'; exits 0 only if everything agreed. The variant\n"
    "and profile (default std) are told to the engine, and --moves are sent to it\n"
    "as moves.\n",
    verify_options};

int cmd_verify(int argc, char **argv)
{
    hx_proc_guard_signals(); /* INT, TERM, HUP end the engine too */
    cli_opts o;
    verify_ctx v;
    memset(&v, 0, sizeof v);
    int rc = cli_parse(&cli_verify_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if ((rc = setup(&v, &o)) != 0)
        return rc;
    cli_output out;
    if ((rc = cli_output_begin("verify", &o, &out)) != 0) {
        hx_external_free(v.ext);
        return rc;
    }
    hx_results_init(&v.results, "verify", v.command);
    v.progress = cli_progress_wanted();
    printf("verify: engine %s (%s protocol), %s/%s, timeout %g s per query\n", v.command,
           hx_protocol_name(v.protocol), v.variant, v.profile, o.timeout > 0 ? o.timeout : 30.0);
    if (start_engine(&v) != 0)
        v.stop = 1;
    int single = o.fen || o.moves || (!o.nsuites && !o.random && !o.fixtures);
    if (single)
        rc = run_single(&v);
    for (int i = 0; rc == 0 && i < o.nsuites && !v.stop; i++)
        run_suite(&v, o.suites[i]);
    if (rc == 0 && o.nsuites && !v.stop && v.suite_lines == 0 && v.failed == 0)
        rc = cli_bad_input("verify: no suite line selected%s", o.tier ? " (--tier)" : "");
    if (rc == 0 && o.random > 0 && !v.stop)
        rc = run_random(&v);
    if (rc == 0 && o.fixtures && !v.stop)
        run_fixtures(&v);
    if (rc) {
        hx_external_free(v.ext);
        hx_results_free(&v.results);
        if (out.json_out)
            fclose(out.json_out);
        return rc;
    }
    if (v.stop)
        printf("stopped: %s\n", hx_external_gave_up(v.ext)
                                    ? "the engine timed out on 3 queries in a row"
                                    : "the engine could not be started or failed its handshake");
    hx_external_free(v.ext);
    printf("%d passed, %d failed\n", v.passed, v.failed);
    int wrote = cli_output_end(&out, &v.results);
    hx_results_free(&v.results);
    if (wrote)
        return wrote;
    return v.failed || v.stop ? EXIT_BAD_INPUT : EXIT_OK;
}
