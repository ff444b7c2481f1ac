/*
 * job_merge.c - merge's reading of a jobs file and its result files
 * (job_merge.h): every line checked (its bytes, its fields, its ID and the
 * split's fingerprint), each job's multiplicity and count kept, and the
 * total summed only when every job has its line and exactly one result.
 */
#include "job_merge.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input_file.h"
#include "perft_lines.h"

/* The smallest job line ("1/1@" 16 hex digits, 5 short fields): a file of
 * B bytes holds at most B / this many jobs, which bounds N before the
 * allocation. */
enum { MIN_JOB_LINE = 30, MAX_JOBS = 1 << 26 };


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
    m->job_sum += pl_line_hash(text);
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

int merge_file(merge_state *m, const char *path)
{
    hx_error why;
    FILE *in = hx_input_open(path, &why);
    if (!in)
        return cli_bad_input("%s", why.message);
    m->file = path;
    m->line = 0;
    int rc = merge_lines(m, in);
    fclose(in);
    return rc;
}

/* Every argument is a regular file (a directory reads as empty); their
 * total size bounds the number of jobs. */
int merge_check_inputs(merge_state *m, const cli_opts *o)
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

int merge_total(const merge_state *m, uint64_t *total)
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
int merge_print_missing(const merge_state *m)
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

