/*
 * perft_split.c - perft --split: cuts a perft into independent jobs, one
 * per distinct position K plies below the root, written as the job lines
 * that merge (cmd_merge.c, job_merge.c) reads back. The line format and the
 * fingerprint are cmd_merge.c's header comment; docs/perft.md shows the
 * round trip through GNU parallel and a Slurm job array.
 */
#include "cli.h"
#include "perft_lines.h"

#include <stdlib.h>
#include <string.h>

typedef struct fen_list {
    char **fens;
    size_t n, cap;
} fen_list;

static int fen_list_add(fen_list *l, const char *fen)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 1024;
        char **grown = realloc(l->fens, cap * sizeof *grown);
        if (!grown)
            return -1;
        l->fens = grown;
        l->cap = cap;
    }
    if (!(l->fens[l->n] = strdup(fen)))
        return -1;
    l->n++;
    return 0;
}

static void fen_list_free(fen_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->fens[i]);
    free(l->fens);
}

/* Length of the part of a HexFEN that decides the move tree: placement,
 * side, castling and e.p. (the clocks never change the move list). */
static size_t tree_part(const char *fen)
{
    const char *p = fen;
    for (int field = 0; field < 4 && p; field++)
        p = strchr(p + (field > 0), ' ');
    return p ? (size_t)(p - fen) : strlen(fen);
}

static int compare_fens(const void *a, const void *b)
{
    const char *x = *(char *const *)a, *y = *(char *const *)b;
    size_t lx = tree_part(x), ly = tree_part(y);
    int c = strncmp(x, y, lx < ly ? lx : ly);
    return c ? c : (lx > ly) - (lx < ly);
}

/* Every position `plies` plies down; lines where the game ends sooner count
 * 0 at any greater depth and are left out. */
static int collect(hx_position *pos, int plies, fen_list *out)
{
    if (plies == 0) {
        char fen[HX_FEN_MAX];
        hx_position_fen(pos, fen);
        return fen_list_add(out, fen);
    }
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        hx_make(pos, moves[i]);
        int rc = collect(pos, plies - 1, out);
        hx_unmake(pos);
        if (rc)
            return rc;
    }
    return 0;
}

static size_t count_distinct(const fen_list *l)
{
    size_t distinct = 0;
    for (size_t i = 0; i < l->n; i++)
        distinct += i == 0 || compare_fens(&l->fens[i - 1], &l->fens[i]) != 0;
    return distinct;
}

/* A job line's hash (pl_line_hash), and the fingerprint of a jobs file:
 * the sum of its lines' hashes (mod 2^64), so merge can recompute it from
 * the lines in any order. */
static uint64_t line_hash(const char *text) { return pl_line_hash(text); }

/* The line of job `id` without its fingerprint: "ID/N\tV\tP\tD\tFEN\tMULT". */
static void job_text(char *out, size_t cap, size_t id, size_t total, const cli_opts *o,
                     int left, const char *fen, size_t mult)
{
    snprintf(out, cap, "%zu/%zu\t%s\t%s\t%d\t%s\t%zu", id, total, o->variant,
             o->profile ? o->profile : "std", left, fen, mult);
}

/* Writes the job lines (with out NULL, only sums their hashes); returns the
 * fingerprint, the sum of the hashes. */
static uint64_t write_jobs(FILE *out, const cli_opts *o, const fen_list *l, int left,
                           uint64_t fingerprint)
{
    size_t total = count_distinct(l), id = 0;
    uint64_t sum = 0;
    for (size_t i = 0; i < l->n;) {
        size_t j = i + 1;
        while (j < l->n && compare_fens(&l->fens[i], &l->fens[j]) == 0)
            j++;
        char text[HX_FEN_MAX + 128];
        job_text(text, sizeof text, ++id, total, o, left, l->fens[i], j - i);
        sum += line_hash(text);
        if (out) { /* the id gets the fingerprint: "ID/N@FP" */
            size_t id_len = strcspn(text, "\t");
            fprintf(out, "%.*s@%016llx%s\n", (int)id_len, text, (unsigned long long)fingerprint,
                    text + id_len);
        }
        i = j;
    }
    return sum;
}

/* The jobs file of a split whose every line ends within K plies: the one
 * line "0/0@FP V P D ROOT 0"; merge sums it to 0 (MULT 0 takes no count). */
static void write_no_jobs(FILE *out, const cli_opts *o, const cli_position *cp, int left)
{
    char fen[HX_FEN_MAX], text[HX_FEN_MAX + 128];
    hx_position_fen(cp->pos, fen);
    snprintf(text, sizeof text, "0/0\t%s\t%s\t%d\t%s\t0", o->variant,
             o->profile ? o->profile : "std", left, fen);
    fprintf(out, "0/0@%016llx%s\n", (unsigned long long)line_hash(text), text + 3);
}

int cli_perft_split(const cli_opts *o, cli_position *cp, int depth)
{
    int plies = o->split;
    if (plies < 1 || plies >= depth || plies > 4)
        return cli_usage_error("perft", "--split K needs 1 <= K <= 4 and K < DEPTH");
    if (o->profile && !strcmp(o->profile, "diag-firstmove"))
        return cli_usage_error("perft", "--split cannot carry diag-firstmove's move history in a HexFEN");
    fen_list l = {0};
    if (collect(cp->pos, plies, &l) != 0) {
        fen_list_free(&l);
        return cli_bad_input("out of memory while splitting");
    }
    if (l.n) /* no lines: fens is NULL */
        qsort(l.fens, l.n, sizeof *l.fens, compare_fens);
    hx_output_file file = {0};
    int rc = o->output ? cli_output_file_open(o->output, &file) : 0;
    if (rc) {
        fen_list_free(&l);
        return rc;
    }
    FILE *out = o->output ? file.f : stdout;
    if (l.n)
        write_jobs(out, o, &l, depth - plies, write_jobs(NULL, o, &l, depth - plies, 0));
    else
        write_no_jobs(out, o, cp, depth - plies);
    fprintf(stderr, "split: %zu lines, %zu jobs of depth %d\n", l.n, count_distinct(&l),
            depth - plies);
    fen_list_free(&l);
    return o->output ? cli_output_file_commit(&file) : EXIT_OK; /* main checks stdout */
}

