/*
 * cmd_merge.c - perft --split (cut a perft into independent jobs) and merge
 * (sum their results). docs/perft.md shows the round trip through GNU
 * parallel and a Slurm job array.
 *
 * A job line is tab-separated, so that `parallel --colsep '\t'` can take it
 * apart although a HexFEN contains spaces:
 *
 *     ID/N  VARIANT  PROFILE  DEPTH  HEXFEN  MULT
 *
 * ID/N numbers the jobs 1..N (merge checks that each is present exactly
 * once), DEPTH is the depth left to count from HEXFEN, and MULT says how
 * many lines of the root's tree lead to that position (transpositions are
 * merged into one job). A result line is `ID/N<TAB>COUNT`, which is what
 * `parallel --tagstring {1} hexref perft ...` prints.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- Split ---------------------------------------------------------------- */

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

static void write_jobs(FILE *out, const cli_opts *o, const fen_list *l, int left)
{
    size_t total = count_distinct(l), id = 0;
    const char *profile = o->profile ? o->profile : "std";
    for (size_t i = 0; i < l->n;) {
        size_t j = i + 1;
        while (j < l->n && compare_fens(&l->fens[i], &l->fens[j]) == 0)
            j++;
        fprintf(out, "%zu/%zu\t%s\t%s\t%d\t%s\t%zu\n", ++id, total, o->variant, profile, left,
                l->fens[i], j - i);
        i = j;
    }
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
    qsort(l.fens, l.n, sizeof *l.fens, compare_fens);
    FILE *out = o->output ? fopen(o->output, "w") : stdout;
    if (!out) {
        fen_list_free(&l);
        return cli_bad_input("%s: %s", o->output, strerror(errno));
    }
    write_jobs(out, o, &l, depth - plies);
    fprintf(stderr, "split: %zu lines, %zu jobs of depth %d\n", l.n, count_distinct(&l),
            depth - plies);
    fen_list_free(&l);
    int failed = ferror(out) | (out != stdout ? fclose(out) : fflush(out));
    return failed ? cli_bad_input("%s: write error", o->output ? o->output : "stdout") : EXIT_OK;
}

/* ---- Merge ---------------------------------------------------------------- */

typedef struct merge_job {
    uint64_t mult, count;
    int has_job, has_result;
} merge_job;

typedef struct merge_state {
    merge_job *jobs;
    size_t n; /* N of ID/N, 0 until the first line */
    const char *file;
    long line;
} merge_state;

static int merge_error(const merge_state *m, const char *what)
{
    return cli_bad_input("%s:%ld: %s", m->file, m->line, what);
}

/* Parses "ID/N" and checks N against the lines seen so far. */
static int parse_id(merge_state *m, const char *text, size_t *id)
{
    char *end = NULL;
    errno = 0;
    unsigned long long i = strtoull(text, &end, 10), n = 0;
    if (*end == '/')
        n = strtoull(end + 1, &end, 10);
    if (errno || end == text || *end || i == 0 || i > n || n > (1u << 30))
        return merge_error(m, "bad job id (expected ID/N)");
    if (!m->n) {
        m->jobs = calloc(n + 1, sizeof *m->jobs);
        if (!m->jobs)
            return cli_bad_input("out of memory");
        m->n = n;
    } else if (n != m->n) {
        return merge_error(m, "job id from a different split (N differs)");
    }
    *id = i;
    return 0;
}

static int parse_u64(const char *text, uint64_t *out)
{
    char *end = NULL;
    errno = 0;
    *out = strtoull(text, &end, 10);
    return errno || end == text || *end || text[0] == '-' ? -1 : 0;
}

static int split_fields(char *line, char **fields, int max)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    for (char *p = line; n < max; p++) {
        fields[n++] = p;
        if (!(p = strchr(p, '\t')))
            break;
        *p = '\0';
    }
    return n;
}

static int merge_line(merge_state *m, char *line)
{
    char *f[7];
    int n = split_fields(line, f, 7);
    size_t id = 0;
    uint64_t value = 0;
    if (n == 1 && (f[0][0] == '\0' || f[0][0] == '#'))
        return 0;
    if (n != 2 && n != 6)
        return merge_error(m, "expected a job line (6 tab-separated fields) or a result (ID/N<TAB>COUNT)");
    int rc = parse_id(m, f[0], &id);
    if (rc)
        return rc;
    if (parse_u64(f[n - 1], &value))
        return merge_error(m, n == 2 ? "bad count" : "bad multiplicity");
    merge_job *j = &m->jobs[id];
    if (n == 6) {
        if (j->has_job)
            return merge_error(m, "job listed twice");
        j->has_job = 1;
        j->mult = value;
    } else if (j->has_result && j->count != value) {
        return merge_error(m, "two different results for one job");
    } else {
        if (j->has_result)
            fprintf(stderr, "hexref merge: %s:%ld: job %zu repeated (same count)\n", m->file, m->line, id);
        j->has_result = 1;
        j->count = value;
    }
    return 0;
}

static int merge_file(merge_state *m, const char *path)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return cli_bad_input("%s: %s", path, strerror(errno));
    char line[1024];
    int rc = 0;
    m->file = path;
    m->line = 0;
    while (!rc && fgets(line, sizeof line, in)) {
        m->line++;
        if (!strchr(line, '\n') && !feof(in))
            rc = merge_error(m, "line too long");
        else
            rc = merge_line(m, line);
    }
    fclose(in);
    return rc;
}

/* Every job must have its line and exactly one result. */
static int merge_total(const merge_state *m, uint64_t *total)
{
    size_t missing_jobs = 0, missing_results = 0, first = 0;
    *total = 0;
    for (size_t i = 1; i <= m->n; i++) {
        const merge_job *j = &m->jobs[i];
        missing_jobs += !j->has_job;
        missing_results += !j->has_result;
        if ((!j->has_job || !j->has_result) && !first)
            first = i;
        *total += j->mult * j->count;
    }
    if (missing_jobs || missing_results)
        return cli_bad_input("merge: %zu job lines and %zu results missing of %zu (first: job %zu)",
                             missing_jobs, missing_results, m->n, first);
    return 0;
}

int cmd_merge(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("merge", "", argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if (o.nargs == 0)
        return cli_usage_error("merge", "give the jobs file and the result files");
    merge_state m = {0};
    for (int i = 0; i < o.nargs && !rc; i++)
        rc = merge_file(&m, o.args[i]);
    uint64_t total = 0;
    if (!rc && !m.n)
        rc = cli_bad_input("merge: no jobs in the input");
    if (!rc)
        rc = merge_total(&m, &total);
    free(m.jobs);
    if (rc)
        return rc;
    fprintf(stderr, "merge: %zu jobs\n", m.n);
    printf("%llu\n", (unsigned long long)total);
    return EXIT_OK;
}
