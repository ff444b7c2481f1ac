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
 * merged into one job). ID/N is followed by "@" and the fingerprint of the
 * jobs file (16 hex digits: a sum of the lines' hashes), so a result line,
 * `ID/N@FP<TAB>COUNT<TAB>CHECK` as `hexref perft --job ID/N@FP ...` prints
 * it, names the split it belongs to, and an edited jobs file shows. CHECK
 * (16 hex digits) is a hash of the rest of the result line: an edited or
 * torn count is refused. A split whose tree ends within K plies has no
 * jobs: it writes the one line "0/0@FP ... ROOT-HEXFEN 0", whose MULT 0
 * makes any result of it count nothing, and merge's total is 0.
 *
 * merge reads lines of printable ASCII and TAB only: any other byte (CR,
 * NUL, a control or non-ASCII byte) is an error naming file:line.
 */
#include "cli.h"
#include "input_file.h"
#include "perft_lines.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* ---- Merge ---------------------------------------------------------------- */

/* The smallest job line ("1/1@" 16 hex digits, 5 short fields): a file of
 * B bytes holds at most B / this many jobs, which bounds N before the
 * allocation. */
enum { MIN_JOB_LINE = 30, MAX_JOBS = 1 << 26 };

typedef struct merge_job {
    uint64_t mult, count;
    int has_job, has_result;
} merge_job;

typedef struct merge_state {
    merge_job *jobs;
    size_t n;             /* N of ID/N, 0 until the first line */
    uint64_t input_bytes; /* of all the files: bounds N */
    uint64_t fingerprint; /* the first line's; every line must carry it */
    uint64_t job_sum;     /* the fingerprint recomputed from the job lines */
    char variant[32], profile[64];
    int depth;            /* of the first job line; -1 before it */
    const char *file;
    long line;
} merge_state;

static int merge_error(const merge_state *m, const char *what)
{
    return cli_bad_input("%s:%ld: %s", m->file, m->line, what);
}

/* Digits only, below 2^64: no sign, no space (strtoull takes both). */
static int parse_u64(const char *text, uint64_t *out)
{
    char *end = NULL;
    errno = 0;
    *out = strtoull(text, &end, 10);
    return errno || !isdigit((unsigned char)text[0]) || *end ? -1 : 0;
}

static int allocate_jobs(merge_state *m, uint64_t n)
{
    if (n > MAX_JOBS || n > m->input_bytes / MIN_JOB_LINE)
        return merge_error(m, "more jobs than the input can hold (a damaged N in ID/N?)");
    m->jobs = calloc(n + 1, sizeof *m->jobs);
    if (!m->jobs)
        return cli_bad_input("out of memory");
    m->n = n;
    return 0;
}

/* Parses "ID/N@FINGERPRINT" and checks N and the fingerprint against the
 * lines seen so far. */
static int parse_id(merge_state *m, const char *text, size_t *id)
{
    char *end = NULL;
    uint64_t i = 0, n = 0, fp = 0;
    if (isdigit((unsigned char)text[0]))
        i = strtoull(text, &end, 10);
    if (end && *end == '/' && isdigit((unsigned char)end[1]))
        n = strtoull(end + 1, &end, 10);
    if (!end || (i == 0) != (n == 0) || i > n || *end != '@')
        return merge_error(m, "bad job id (expected ID/N@FINGERPRINT, as perft --split writes it)");
    fp = strtoull(end + 1, &end, 16);
    if (strlen(text) - (size_t)(strchr(text, '@') + 1 - text) != 16 || *end)
        return merge_error(m, "bad fingerprint in the job id (16 hex digits after '@')");
    int rc = m->jobs ? 0 : allocate_jobs(m, n);
    if (rc)
        return rc;
    if (!m->fingerprint)
        m->fingerprint = fp;
    if (n != m->n || fp != m->fingerprint)
        return merge_error(m, "from another split (its N or fingerprint differs from the first line's)");
    *id = (size_t)i;
    return 0;
}

static int split_fields(char *line, char **fields, int max)
{
    int n = 0;
    line[strcspn(line, "\n")] = '\0';
    for (char *p = line; n < max; p++) {
        fields[n++] = p;
        if (!(p = strchr(p, '\t')))
            break;
        *p = '\0';
    }
    return n;
}

/* Variant, profile and depth are those of the first job line, and valid. */
static int check_job_fields(merge_state *m, char **f)
{
    hx_error err;
    uint64_t depth = 0;
    if (parse_u64(f[3], &depth) || depth > HX_PERFT_MAX_DEPTH)
        return merge_error(m, "bad depth");
    if (!hx_rules_find(f[1], f[2], &err))
        return merge_error(m, err.message);
    if (!f[4][0])
        return merge_error(m, "no HexFEN");
    if (m->depth < 0) {
        snprintf(m->variant, sizeof m->variant, "%s", f[1]);
        snprintf(m->profile, sizeof m->profile, "%s", f[2]);
        m->depth = (int)depth;
    }
    if (strcmp(f[1], m->variant) || strcmp(f[2], m->profile) || (int)depth != m->depth)
        return merge_error(m, "job line of another split (variant, profile or depth differs)");
    return 0;
}

/* A job line: adds its hash (without the fingerprint) to the recomputed one. */
static int merge_job_line(merge_state *m, merge_job *j, char **f)
{
    uint64_t mult = 0;
    int rc = check_job_fields(m, f);
    if (rc)
        return rc;
    if (parse_u64(f[5], &mult) || (mult == 0) != (m->n == 0))
        return merge_error(m, "bad multiplicity (a number from 1; 0 only in the 0/0 line of a "
                              "split without jobs)");
    if (j->has_job)
        return merge_error(m, "job listed twice");
    char text[2048];
    snprintf(text, sizeof text, "%.*s\t%s\t%s\t%s\t%s\t%s", (int)strcspn(f[0], "@"), f[0], f[1],
             f[2], f[3], f[4], f[5]);
    m->job_sum += line_hash(text);
    j->has_job = 1;
    j->mult = mult;
    return 0;
}

int cli_is_job_id(const char *text) { return pl_is_job_id(text, strlen(text)); }

uint64_t cli_result_check(const char *id, uint64_t count)
{
    return pl_result_check(id, strlen(id), count);
}

/* A result line, parsed whole by pl_parse_result before split_fields. */
static int merge_result_line(merge_state *m, merge_job *j, size_t id, uint64_t count)
{
    if (j->has_result && j->count != count)
        return merge_error(m, "two different results for one job");
    if (j->has_result)
        fprintf(stderr, "hexref merge: %s:%ld: job %zu repeated (same count)\n", m->file, m->line, id);
    j->has_result = 1;
    j->count = count;
    return 0;
}

static int merge_line(merge_state *m, char *line)
{
    char *f[7] = {0};
    size_t len = strcspn(line, "\n"), tabs = 0, id_len = 0, id = 0;
    for (size_t i = 0; i < len; i++)
        tabs += line[i] == '\t';
    const char *id_text = NULL, *problem = NULL;
    uint64_t count = 0;
    if (tabs < 3 && len && line[0] != '#' &&
        (problem = pl_parse_result(line, len, &id_text, &id_len, &count)) != NULL)
        return merge_error(m, tabs == 0 ? "expected a job line (6 tab-separated fields) or a "
                                          "result (ID/N@FP<TAB>COUNT<TAB>CHECK, as perft --job prints it)"
                                        : problem);
    int n = split_fields(line, f, 7);
    if (n == 1 && (f[0][0] == '\0' || f[0][0] == '#'))
        return 0;
    if (n != 3 && n != 6)
        return merge_error(m, "expected a job line (6 tab-separated fields) or a result "
                              "(ID/N@FP<TAB>COUNT<TAB>CHECK, as perft --job prints it)");
    int rc = parse_id(m, f[0], &id);
    if (rc)
        return rc;
    return n == 6 ? merge_job_line(m, &m->jobs[id], f) : merge_result_line(m, &m->jobs[id], id, count);
}

/* Only printable ASCII and TAB belong to the grammar; the first other
 * byte of the line (len bytes, without its newline) is named. */
static int check_bytes(const merge_state *m, const char *line, size_t len)
{
    long at = pl_bad_byte(line, len);
    if (at < 0)
        return 0;
    unsigned char c = (unsigned char)line[at];
    char what[160];
    snprintf(what, sizeof what, "%s (byte 0x%02x) at column %ld: not part of a job or result line",
             pl_byte_name(c), c, at + 1);
    return merge_error(m, what);
}

static int merge_lines(merge_state *m, FILE *in)
{
    enum { MAX_LINE = 4096 }; /* a job line is at most a HexFEN and 100 bytes */
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    int rc = 0;
    while (!rc && (got = getline(&line, &cap, in)) > 0) {
        m->line++;
        size_t len = (size_t)got - (line[got - 1] == '\n');
        if ((rc = check_bytes(m, line, len)) != 0)
            break;
        if (len == (size_t)got)
            rc = merge_error(m, "the last line has no newline (a truncated file?)");
        else if (len > MAX_LINE)
            rc = merge_error(m, "line too long (more than 4096 bytes)");
        else
            rc = merge_line(m, line);
    }
    if (!rc && ferror(in))
        rc = cli_bad_input("%s: %s", m->file, strerror(errno));
    free(line);
    return rc;
}

static int merge_file(merge_state *m, const char *path)
{
    char why[4200];
    FILE *in = hx_input_open(path, why, sizeof why);
    if (!in)
        return cli_bad_input("%s", why);
    m->file = path;
    m->line = 0;
    int rc = merge_lines(m, in);
    fclose(in);
    return rc;
}

/* Every argument is a regular file (a directory reads as empty); their
 * total size bounds the number of jobs. */
static int check_inputs(merge_state *m, const cli_opts *o)
{
    for (int i = 0; i < o->nargs; i++) {
        struct stat st;
        if (stat(o->args[i], &st) != 0)
            return cli_bad_input("%s: %s", o->args[i], strerror(errno));
        if (S_ISDIR(st.st_mode))
            return cli_bad_input("%s: is a directory (give the files)", o->args[i]);
        m->input_bytes += S_ISREG(st.st_mode) ? (uint64_t)st.st_size : (uint64_t)MAX_JOBS * MIN_JOB_LINE;
    }
    return 0;
}

/* Every job must have its line and exactly one result; the job lines must
 * be those the fingerprint was made from; the total must fit. */
/* The job lines must add up to the fingerprint their IDs carry. */
static int fingerprint_mismatch(const merge_state *m)
{
    if (m->job_sum == m->fingerprint)
        return 0;
    return cli_bad_input("merge: the job lines do not match their fingerprint %016llx (edited, "
                         "or lines of another split)", (unsigned long long)m->fingerprint);
}

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
    }
    if (m->n == 0 && !m->jobs[0].has_job)
        return cli_bad_input("merge: the results of a split without jobs, without its 0/0 job line");
    if (missing_jobs || missing_results)
        return cli_bad_input("merge: %zu job lines and %zu results missing of %zu (first: job %zu)",
                             missing_jobs, missing_results, m->n, first);
    int rc = fingerprint_mismatch(m);
    if (rc)
        return rc;
    for (size_t i = 1; i <= m->n; i++) {
        const merge_job *j = &m->jobs[i];
        if (j->count && j->mult > (UINT64_MAX - *total) / j->count)
            return cli_bad_input("merge: the total does not fit in 64 bits (job %zu)", i);
        *total += j->mult * j->count;
    }
    return 0;
}

/* merge --missing: the jobs to rerun. A job line missing from the jobs file
 * is still an error: no rerun can make that file whole. */
static int print_missing(const merge_state *m)
{
    for (size_t i = 1; i <= m->n; i++)
        if (!m->jobs[i].has_job)
            return cli_bad_input("merge: job %zu/%zu has no job line (is the jobs file complete?)", i, m->n);
    int rc = fingerprint_mismatch(m);
    if (rc)
        return rc;
    size_t missing = 0;
    for (size_t i = 1; i <= m->n; i++)
        if (!m->jobs[i].has_result) {
            printf("%zu/%zu@%016llx\n", i, m->n, (unsigned long long)m->fingerprint);
            missing++;
        }
    fprintf(stderr, "merge: %zu of %zu jobs have no result\n", missing, m->n);
    return EXIT_OK;
}

static const cli_option merge_options[] = {
    CLI_OPT(CLI_OPT_FLAG, 0, "missing", NULL, CLI_FIELD(missing),
            "print the ID/N@FP of every job that has no result yet, one\n"
            "a line, instead of the total (exit 0: the jobs to rerun)"),
    CLI_END};

const cli_command cli_merge_command = {
    "merge", cmd_merge, "sum the results of the jobs of perft --split",
    "hexref merge [--missing] JOBS RESULTS...",
    "Sums the results of the jobs of 'hexref perft --split' (docs/perft.md).\n"
    "JOBS is the split's output, RESULTS hold 'ID/N@FP<TAB>COUNT<TAB>CHECK' lines (as\n"
    "perft --job ID/N@FP prints them); FP is the jobs file's fingerprint, CHECK the\n"
    "line's own. Every job must have exactly\n"
    "one result, and every line must belong to the one split. The total is the last\n"
    "line of stdout.\n",
    merge_options};

int cmd_merge(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(&cli_merge_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if (o.nargs == 0)
        return cli_usage_error("merge", "give the jobs file and the result files");
    merge_state m = {0};
    m.depth = -1;
    rc = check_inputs(&m, &o);
    for (int i = 0; i < o.nargs && !rc; i++)
        rc = merge_file(&m, o.args[i]);
    uint64_t total = 0;
    if (!rc && !m.jobs)
        rc = cli_bad_input("merge: no jobs in the input");
    if (!rc && o.missing) {
        rc = print_missing(&m);
        free(m.jobs);
        return rc;
    }
    if (!rc)
        rc = merge_total(&m, &total);
    free(m.jobs);
    if (rc)
        return rc;
    fprintf(stderr, "merge: %zu jobs\n", m.n);
    printf("%llu\n", (unsigned long long)total);
    return EXIT_OK;
}
