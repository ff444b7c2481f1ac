/*
 * suite.c - the strict perft-suite reader (suite.h).
 */
#define _POSIX_C_SOURCE 200809L

#include "suite.h"

#include "hexref.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input_file.h"
#include "strutil.h"

static char *trim(char *s)
{
    s += strspn(s, " \t");
    size_t n = strlen(s);
    while (n && strchr(" \t\r\n", s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* Sets why to the problem; returns -1. */
static int why_is(hx_error *why, const char *problem)
{
    snprintf(why->message, sizeof why->message, "%s", problem);
    return -1;
}

static int parse_depth_op(const char *op, hx_suite_line *l, hx_error *why)
{
    char *end = NULL;
    errno = 0;
    long d = strtol(op + 1, &end, 10);
    if (end == op + 1 || d < 1 || (*end != ' ' && *end != '\t'))
        return why_is(why, "bad depth operation (expected 'Dk n')");
    if (errno == ERANGE || d > HX_PERFT_MAX_DEPTH) { /* the digits as written, not strtol's clamp */
        snprintf(why->message, sizeof why->message, "depth %.*s is out of range (1 to %d)",
                 (int)(end - op - 1 > 40 ? 40 : end - op - 1), op + 1, HX_PERFT_MAX_DEPTH);
        return -1;
    }
    const char *num = end + strspn(end, " \t");
    if (*num < '0' || *num > '9')
        return why_is(why, "bad node count (expected a non-negative number)");
    unsigned long long n = strtoull(num, &end, 10);
    if (errno == ERANGE)
        return why_is(why, "node count out of range (0 to 18446744073709551615)");
    if (errno || *end)
        return why_is(why, "bad node count (expected a non-negative number)");
    if (l->ndepths == HX_SUITE_MAX_DEPTHS)
        return why_is(why, "too many depths");
    if (l->ndepths && d <= l->depth[l->ndepths - 1])
        return why_is(why, "depths must increase along the line");
    l->depth[l->ndepths] = (int)d;
    l->count[l->ndepths++] = n;
    return 0;
}

static int parse_op(char *op, hx_suite_line *l, hx_error *why)
{
    if (op[0] == 'D' && op[1] >= '0' && op[1] <= '9')
        return parse_depth_op(op, l, why);
    if (!strncmp(op, "id ", 3)) {
        const char *id = trim(op + 3);
        if (strlen(id) >= sizeof l->id)
            return why_is(why, "id too long");
        snprintf(l->id, sizeof l->id, "%s", id);
        return 0;
    }
    if (!strncmp(op, "tier ", 5)) {
        const char *t = trim(op + 5);
        if (strcmp(t, "quick") && strcmp(t, "deep"))
            return why_is(why, "tier must be quick or deep");
        l->quick = !strcmp(t, "quick");
        return 0;
    }
    return why_is(why, "unknown operation (expected Dk, id or tier)");
}

/* One position line (not blank, not a comment): 0, or -1 with *why. */
static int parse_line(char *text, hx_suite_line *l, hx_error *why)
{
    char *save = NULL, *field = strtok_r(text, ";", &save);
    char *fen = field ? trim(field) : NULL;
    if (!fen || !*fen)
        return why_is(why, "missing HexFEN");
    if (strlen(fen) >= sizeof l->fen)
        return why_is(why, "HexFEN too long");
    strcpy(l->fen, fen);
    while ((field = strtok_r(NULL, ";", &save)) != NULL)
        if (parse_op(trim(field), l, why))
            return -1;
    if (!l->ndepths)
        return why_is(why, "no depth operation (Dk n)");
    return 0;
}

/* "# hexref gen -v V -p P ..." or "# hexref perft suite: V, profile P." */
static void names_from_header(const char *text, hx_suite *s)
{
    char v[HX_SUITE_NAME_MAX], p[HX_SUITE_NAME_MAX];
    if (sscanf(text, "# hexref gen -v %31s -p %31s", v, p) == 2 ||
        sscanf(text, "# hexref perft suite: %31[^,], profile %31[^. \n]", v, p) == 2) {
        snprintf(s->variant, sizeof s->variant, "%s", v);
        snprintf(s->profile, sizeof s->profile, "%s", p);
        s->names_from = "header";
    }
}

static void names_from_file_name(const char *path, hx_suite *s)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dash = strchr(base, '-'), *dot = strrchr(base, '.');
    if (!dash || !dot || dot < dash || dash - base >= HX_SUITE_NAME_MAX ||
        dot - dash - 1 >= HX_SUITE_NAME_MAX || strcmp(dot, ".epd") != 0)
        return;
    snprintf(s->variant, sizeof s->variant, "%.*s", (int)(dash - base), base);
    snprintf(s->profile, sizeof s->profile, "%.*s", (int)(dot - dash - 1), dash + 1);
    s->names_from = "file name";
}

static hx_suite_line *new_line(hx_suite *s)
{
    if (hx_grow(&s->lines, &s->cap, s->n, sizeof *s->lines, 64) != 0)
        return NULL;
    hx_suite_line *l = &s->lines[s->n];
    memset(l, 0, sizeof *l);
    return l;
}

static int read_lines(FILE *in, const char *path, hx_suite *s, hx_error *err)
{
    char text[HX_SUITE_LINE_MAX + 2];
    long lineno = 0;
    while (fgets(text, sizeof text, in)) {
        lineno++;
        hx_error problem;
        const char *why = NULL;
        if (!strchr(text, '\n'))
            why = feof(in) ? "truncated line (no newline at the end of the file)"
                           : "line too long";
        char *t = why ? NULL : trim(text);
        if (t && lineno == 1 && *t == '#')
            names_from_header(t, s);
        if (t && (!*t || *t == '#'))
            continue;
        hx_suite_line *l = why ? NULL : new_line(s);
        if (!why && !l)
            why = "out of memory";
        if (!why && parse_line(t, l, &problem) == 0) {
            l->lineno = lineno;
            s->n++;
            continue;
        }
        hx_error_path(err, "", path, ":%ld: %s", lineno, why ? why : problem.message);
        return -1;
    }
    if (ferror(in)) {
        hx_error_path(err, "", path, ": read error");
        return -1;
    }
    return 0;
}

int hx_suite_read(const char *path, hx_suite *out, hx_error *err)
{
    memset(out, 0, sizeof *out);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        hx_error_path(err, "", path, ": a directory, not a suite (no suite in it is read: give "
                      "the .epd files)");
        return -1;
    }
    FILE *in = hx_input_open(path, err);
    if (!in)
        return -1;
    int rc = read_lines(in, path, out, err);
    fclose(in);
    if (rc == 0 && !out->names_from)
        names_from_file_name(path, out);
    if (rc != 0)
        hx_suite_free(out);
    return rc;
}

void hx_suite_free(hx_suite *s)
{
    free(s->lines);
    memset(s, 0, sizeof *s);
}

int hx_suite_deepest(const hx_suite_line *l, int max_depth, uint64_t max_nodes)
{
    int best = -1;
    for (int k = 0; k < l->ndepths; k++)
        if (l->depth[k] <= max_depth && (!max_nodes || l->count[k] <= max_nodes))
            best = k;
    return best;
}
