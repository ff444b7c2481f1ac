/*
 * counting.c - how perft and divide count (counting.h).
 */
#include "counting.h"

#include "perft_watch.h"

#include "oracle.h"

#include "session.h"

void cli_report_speed(uint64_t nodes, double seconds)
{
    fprintf(stderr, "time %.3f s, %.0f nodes/s\n", seconds,
            seconds > 0 ? (double)nodes / seconds : 0.0);
}

static int deep_options(const cli_opts *o)
{
    return o->threads > 1 || o->hash_mb || o->no_bulk || o->split || o->checkpoint;
}

/* What the table did, on stderr when it was not lossless or could not be
 * made: the count is exact either way, but a user sizing --hash for a long
 * run needs to know. */
static void table_note(const cli_opts *o, const hx_perft_table_stats *s)
{
    if (!o->hash_mb)
        return;
    if (!s->slots)
        fprintf(stderr, "hexref perft: no table of %d MB could be made: counted without one\n",
                o->hash_mb);
    else if (s->replaced || s->dropped)
        fprintf(stderr,
                "hexref perft: --hash %d MB (%llu entries) was too small to keep every result: "
                "%llu replaced, %llu not kept; the count is exact (every entry is checked on "
                "its 128-bit key), a larger --hash is faster\n",
                o->hash_mb, (unsigned long long)s->slots, (unsigned long long)s->replaced,
                (unsigned long long)s->dropped);
}

/* The reference's deep count through hx_perft_deep_run (docs/perft.md):
 * progress on a terminal, --checkpoint, --key-seed. *resumed: the part of
 * the count taken from a checkpoint, not counted now. */
static int count_reference_deep(const cli_opts *o, cli_position *cp, int depth, uint64_t *nodes,
                                uint64_t *resumed)
{
    int flags = o->no_bulk ? HX_PERFT_NO_BULK : 0;
    perft_watch pw;
    int rc = perft_watch_open(&pw, o, cp, depth);
    if (rc) {
        perft_watch_close(&pw, 0);
        return rc;
    }
    hx_perft_options po = {.threads = o->threads, .hash_bytes = (size_t)o->hash_mb << 20,
                           .flags = flags, .key_seed = o->key_seed,
                           .watch = pw.active ? &pw.w : NULL};
    hx_perft_table_stats stats;
    *nodes = hx_perft_deep_run(cp->pos, depth, &po, &stats);
    *resumed = pw.resumed_nodes;
    rc = perft_watch_close(&pw, *nodes != UINT64_MAX);
    if (*nodes == UINT64_MAX)
        return cli_bad_input("out of memory, or a count beyond 64 bits");
    table_note(o, &stats);
    return rc;
}

/* hx_perft on a terminal, with the progress line (perft_watch_count). */
static int count_watched(hx_position *pos, int depth, uint64_t *nodes)
{
    perft_watch pw;
    perft_watch_open_lines(&pw, "perft", pos, depth, 0);
    *nodes = perft_watch_count(&pw, pos, depth);
    perft_watch_close(&pw, 1);
    return *nodes == UINT64_MAX ? cli_bad_input("depth %d refused (the limit is %d) or a count "
                                                "beyond 64 bits", depth, HX_PERFT_MAX_DEPTH)
                                : 0;
}

/* The reference's hx_perft, or the oracle's count through its session; with
 * a deep option, the reference's hx_perft_deep_run, or the oracle's own
 * threads and table (-t, --hash; oracle/perft.c). On a terminal the
 * reference's hx_perft counts line by line, for the progress line. */
int cli_count(const cli_opts *o, cli_position *cp, int depth, uint64_t *nodes,
                 uint64_t *resumed)
{
    char err[256];
    *resumed = 0;
    if (deep_options(o) && cp->pos)
        return count_reference_deep(o, cp, depth, nodes, resumed);
    if (cp->pos && cli_progress_wanted())
        return count_watched(cp->pos, depth, nodes);
    if (deep_options(o))
        return oracle_perft_deep(o->variant, o->profile ? o->profile : "std", cp->fen, depth,
                                 o->threads, (size_t)o->hash_mb, nodes, err, sizeof err)
                   ? cli_bad_input("%s", err)
                   : 0;
    if (cp->pos) {
        *nodes = hx_perft(cp->pos, depth);
        return *nodes == UINT64_MAX ? cli_bad_input("depth %d refused (the limit is %d) or a count "
                                                    "beyond 64 bits", depth, HX_PERFT_MAX_DEPTH)
                                    : 0;
    }
    hx_session_error e;
    return hx_session_count(cp->session, cp->query_fen, cp->query_moves, depth, UINT64_MAX, nodes,
                            &e)
               ? cli_bad_input("%s", e.error.message)
               : 0;
}

/* The oracle's divide of the position after --moves (the oracle plays
 * them on HexFEN: it implements no profile whose state HexFEN cannot carry). */
static int oracle_divide(const cli_position *cp, int depth, hx_divide *out, hx_error *err)
{
    hx_session_answer a;
    int rc = hx_session_divide(cp->session, cp->fen, "", depth, &a);
    *out = a.divide;
    hx_divide_init(&a.divide);
    if (rc)
        *err = a.error.error;
    hx_session_answer_free(&a);
    return rc;
}

/* The reference's divide on a terminal: hx_divide_of_position's moves and
 * counts, each child counted by perft_watch_count (hx_perft line by line)
 * so that one progress line covers them all. 0 or -1 (memory). */
static int divide_watched(hx_position *pos, int depth, int naming, hx_divide *d)
{
    perft_watch pw;
    perft_watch_open_lines(&pw, "divide", pos, depth, 1);
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves), rc = 0;
    hx_divide_init(d);
    d->has_moves = 1;
    for (int i = 0; i < n && !rc; i++) {
        char text[HX_MOVE_TEXT_MAX];
        hx_move_text(pos, moves[i], naming, text);
        hx_make(pos, moves[i]);
        uint64_t nodes = perft_watch_count(&pw, pos, depth - 1);
        hx_unmake(pos);
        rc = hx_divide_add(d, text, nodes);
    }
    perft_watch_close(&pw, 1);
    if (rc)
        hx_divide_free(d);
    else
        hx_divide_sort(d);
    return rc;
}

int cli_count_divide(const cli_opts *o, const cli_position *cp, int depth, hx_divide *out,
                     hx_error *err)
{
    if (!cp->pos)
        return oracle_divide(cp, depth, out, err);
    return cli_progress_wanted() ? divide_watched(cp->pos, depth, o->naming, out)
                                 : hx_divide_of_position(cp->pos, depth, o->naming, out);
}
