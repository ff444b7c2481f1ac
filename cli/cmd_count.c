/*
 * cmd_count.c - perft, divide and moves: the counting commands whose output
 * formats scripts depend on (perft: the count is the last line of stdout;
 * divide: perftree's "MOVE COUNT" lines, a blank line, the total).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

typedef struct divide_line {
    char move[HX_MOVE_TEXT_MAX];
    uint64_t count;
} divide_line;

static int compare_lines(const void *a, const void *b)
{
    return strcmp(((const divide_line *)a)->move, ((const divide_line *)b)->move);
}

static int open_for(const char *command, int argc, char **argv, cli_opts *o, cli_position *cp,
                    int *depth, int needs_depth)
{
    int rc = cli_parse(argc, argv, o);
    if (rc)
        return rc;
    if (o->help) {
        cli_usage(stdout, command);
        return -1;
    }
    if ((rc = cli_require_variant(command, o)) != 0)
        return rc;
    if (needs_depth && (rc = cli_depth(command, o, depth)) != 0)
        return rc;
    if (!needs_depth && o->nargs)
        return cli_usage_error(command, "unexpected argument '%s'", o->args[0]);
    if ((rc = cli_position_open(o, cp)) != 0)
        return rc;
    if (needs_depth && (rc = cli_depth_fits(cp, *depth)) != 0)
        cli_position_close(cp);
    return rc;
}

static void report_speed(uint64_t nodes, double seconds)
{
    fprintf(stderr, "time %.3f s, %.0f nodes/s\n", seconds,
            seconds > 0 ? (double)nodes / seconds : 0.0);
}

/* The reference's count, through hx_perft_deep when any deep option asks
 * for it (docs/perft.md), else the plain recursion. */
static int perft_reference(const cli_opts *o, cli_position *cp, int depth, uint64_t *nodes)
{
    if (o->threads <= 1 && !o->hash_mb && !o->no_bulk) {
        *nodes = hx_perft(cp->pos, depth);
        return *nodes == UINT64_MAX ? cli_bad_input("the count does not fit in 64 bits") : 0;
    }
    int flags = o->no_bulk ? HX_PERFT_NO_BULK : 0;
    *nodes = hx_perft_deep(cp->pos, depth, o->threads, (size_t)o->hash_mb << 20, flags);
    return *nodes == UINT64_MAX ? cli_bad_input("out of memory, or a count beyond 64 bits") : 0;
}

static int perft_checks(const cli_opts *o, const cli_position *cp)
{
    if (o->threads < 1 || o->threads > 256)
        return cli_usage_error("perft", "--threads must be between 1 and 256");
    if (!cp->is_reference && (o->threads > 1 || o->hash_mb || o->no_bulk || o->split))
        return cli_usage_error("perft", "--threads, --hash, --no-bulk and --split need the reference engine");
    return 0;
}

int cmd_perft(int argc, char **argv)
{
    cli_opts o;
    cli_position cp;
    int depth = 0, rc = open_for("perft", argc, argv, &o, &cp, &depth, 1);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    if ((rc = perft_checks(&o, &cp)) != 0 || o.split) {
        if (!rc)
            rc = cli_perft_split(&o, &cp, depth);
        cli_position_close(&cp);
        return rc;
    }
    uint64_t nodes = 0;
    double start = cli_now();
    if (cp.is_reference) {
        rc = perft_reference(&o, &cp, depth, &nodes);
    } else {
        char err[256];
        if (cp.engine.perft(cp.engine.ctx, o.variant, o.profile, cp.fen, depth, &nodes, err,
                            sizeof err))
            rc = cli_bad_input("%s", err);
    }
    cli_position_close(&cp);
    if (rc)
        return rc;
    report_speed(nodes, cli_now() - start);
    printf("%llu\n", (unsigned long long)nodes);
    return EXIT_OK;
}

/* Divide on the reference: play each root move on the live position. */
static int divide_reference(cli_position *cp, int depth, int naming, divide_line *lines)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(cp->pos, moves);
    for (int i = 0; i < n; i++) {
        hx_move_text(cp->pos, moves[i], naming, lines[i].move);
        hx_make(cp->pos, moves[i]);
        lines[i].count = hx_perft(cp->pos, depth - 1);
        hx_unmake(cp->pos);
    }
    return n;
}

/* Divide through the text interface (the oracle). */
static int divide_engine(const cli_opts *o, cli_position *cp, int depth, divide_line *lines,
                         char *err, size_t errcap)
{
    static char text[HX_ENGINE_TEXT_MAX];
    hx_engine *e = &cp->engine;
    if (e->moves(e->ctx, o->variant, o->profile, cp->fen, text, sizeof text, err, errcap))
        return -1;
    int n = 0;
    char *save = NULL;
    for (char *m = strtok_r(text, "\n", &save); m && n < HX_MAX_MOVES;
         m = strtok_r(NULL, "\n", &save)) {
        char child[HX_ENGINE_FEN_MAX];
        snprintf(lines[n].move, sizeof lines[n].move, "%s", m);
        if (e->play(e->ctx, o->variant, o->profile, cp->fen, m, child, sizeof child, err, errcap) ||
            e->perft(e->ctx, o->variant, o->profile, child, depth - 1, &lines[n].count, err, errcap))
            return -1;
        n++;
    }
    return n;
}

int cmd_divide(int argc, char **argv)
{
    cli_opts o;
    cli_position cp;
    int depth = 0, rc = open_for("divide", argc, argv, &o, &cp, &depth, 1);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    if (depth < 1) {
        cli_position_close(&cp);
        return cli_usage_error("divide", "DEPTH must be at least 1");
    }
    static divide_line lines[HX_MAX_MOVES];
    char err[256];
    double start = cli_now();
    int n = cp.is_reference ? divide_reference(&cp, depth, o.naming, lines)
                            : divide_engine(&o, &cp, depth, lines, err, sizeof err);
    cli_position_close(&cp);
    if (n < 0)
        return cli_bad_input("%s", err);
    qsort(lines, (size_t)n, sizeof lines[0], compare_lines);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (lines[i].count == UINT64_MAX || total > UINT64_MAX - lines[i].count)
            return cli_bad_input("the count does not fit in 64 bits");
        total += lines[i].count;
    }
    for (int i = 0; i < n; i++)
        printf("%s %llu\n", lines[i].move, (unsigned long long)lines[i].count);
    report_speed(total, cli_now() - start);
    printf("\n%llu\n", (unsigned long long)total);
    return EXIT_OK;
}

static int compare_texts(const void *a, const void *b) { return strcmp(a, b); }

int cmd_moves(int argc, char **argv)
{
    cli_opts o;
    cli_position cp;
    int rc = open_for("moves", argc, argv, &o, &cp, NULL, 0);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    if (cp.is_reference) {
        static char texts[HX_MAX_MOVES][HX_MOVE_TEXT_MAX];
        hx_move moves[HX_MAX_MOVES];
        int n = hx_legal_moves(cp.pos, moves);
        for (int i = 0; i < n; i++)
            hx_move_text(cp.pos, moves[i], o.naming, texts[i]);
        qsort(texts, (size_t)n, HX_MOVE_TEXT_MAX, compare_texts);
        for (int i = 0; i < n; i++)
            printf("%s\n", texts[i]);
    } else {
        static char text[HX_ENGINE_TEXT_MAX];
        char err[256];
        if (cp.engine.moves(cp.engine.ctx, o.variant, o.profile, cp.fen, text, sizeof text, err,
                            sizeof err))
            return cli_bad_input("%s", err);
        fputs(text, stdout);
    }
    cli_position_close(&cp);
    return EXIT_OK;
}
