/*
 * print_json.c - JSON Lines: one object per check (docs/results.md; the
 * schema is docs/results.schema.json).
 */
#define _POSIX_C_SOURCE 200809L

#include "print.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Text is written as it is where it is UTF-8 (the fixtures quote sources
 * with "§" and "é"); a byte that is not part of well-formed UTF-8 (an
 * engine's stray output) is written as \u00XX, so the line stays valid
 * JSON whatever the engine printed. */
static void json_string(FILE *out, const char *s)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        size_t n = *p >= 0x80 ? hx_utf8_length(p, 4) : 0; /* stops at the NUL */
        if (n) {
            fwrite(p, 1, n, out);
            p += n - 1;
        } else if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p == '\t')
            fputs("\\t", out);
        else if (*p < 0x20 || *p >= 0x7f)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

void hx_json_string(FILE *out, const char *s)
{
    json_string(out, s);
}

static void json_moves(FILE *out, const hx_move_count *m, int n)
{
    fputc('[', out);
    for (int i = 0; i < n; i++) {
        fputs(i ? ",{\"move\":" : "{\"move\":", out);
        json_string(out, m[i].move);
        fprintf(out, ",\"count\":%" PRIu64 "}", m[i].count);
    }
    fputc(']', out);
}

/* A divide, or null when none was computed (no moves and a zero total,
 * except in a suite check, whose counts are always known). */
static void json_divide(FILE *out, const hx_check_result *c, const hx_divide *d)
{
    if (!d->has_moves && d->total == 0 && c->kind != HX_CHECK_SUITE) {
        fputs("null", out);
        return;
    }
    fprintf(out, "{\"total\":%" PRIu64 ",\"moves\":", d->total);
    if (d->has_moves)
        json_moves(out, d->moves, d->n);
    else
        fputs("null", out);
    fputc('}', out);
}

static void json_diff(FILE *out, const hx_divide_diff *d)
{
    fputs("{\"missing\":", out);
    json_moves(out, d->missing, d->nmissing);
    fputs(",\"extra\":", out);
    json_moves(out, d->extra, d->nextra);
    fputs(",\"counts\":[", out);
    for (int i = 0; i < d->ndiffer; i++) {
        fputs(i ? ",{\"move\":" : "{\"move\":", out);
        json_string(out, d->differ[i].move);
        fprintf(out, ",\"expected\":%" PRIu64 ",\"got\":%" PRIu64 "}", d->differ[i].expected,
                d->differ[i].got);
    }
    fprintf(out, "],\"expected_total\":%" PRIu64 ",\"got_total\":%" PRIu64 "}",
            d->expected_total, d->got_total);
}

static void json_reproduction(FILE *out, const hx_reproduction *r)
{
    if (!r) {
        fputs("null", out);
        return;
    }
    fputs("{\"position\":", out);
    json_string(out, r->fen);
    fputs(",\"path\":", out);
    json_string(out, r->path);
    fprintf(out, ",\"depth\":%d,\"difference\":", r->depth);
    if (r->no_diff)
        fputs("null", out);
    else
        json_diff(out, &r->diff);
    fputs(",\"command\":", out);
    json_string(out, r->command);
    fputc('}', out);
}

static void json_field(FILE *out, const char *name, const char *value)
{
    fprintf(out, ",\"%s\":", name);
    json_string(out, value);
}

/* Space-separated moves as a JSON array of strings. */
static void json_move_names(FILE *out, const char *name, const char *moves)
{
    fprintf(out, ",\"%s\":[", name);
    for (const char *m = moves ? moves : ""; *m;) {
        char move[HX_RESULT_MOVE_MAX];
        size_t n = strcspn(m, " ");
        snprintf(move, sizeof move, "%.*s", (int)n, m);
        fputs(m == moves ? "" : ",", out);
        json_string(out, move); /* engine text: escaped */
        m += n + (m[n] == ' ');
    }
    fputc(']', out);
}

/* The engine's own words: what it failed with, its stray lines, its stderr. */
static void json_engine_words(FILE *out, const hx_finding *f)
{
    fputs(",\"engine_said\":{\"what\":", out);
    json_string(out, f->what);
    json_field(out, "stderr", f->stderr_text && f->stderr_text[0] ? f->stderr_text : NULL);
    fputs(",\"lines\":[", out);
    const hx_reply_problem *bad = f->nbad_lines ? f->bad_lines : f->bad_moves;
    int n = f->nbad_lines ? f->nbad_lines : f->nbad_moves;
    for (int i = 0; i < n && i < HX_REPLY_KEEP; i++) {
        fprintf(out, "%s{\"line\":%d,\"text\":", i ? "," : "", bad[i].line_no);
        json_string(out, bad[i].text);
        fputc('}', out);
    }
    fprintf(out, "],\"lines_in_all\":%d}", n);
}

/* How a failure was narrowed from the root's depth to this position (issue 30 D). */
static void json_narrowing(FILE *out, const hx_finding *f)
{
    fputs(",\"narrowing\":", out);
    if (!f->narrowing) {
        fputs("null", out);
        return;
    }
    static const char *const ends[] = {"none", "depth_1", "own", "children_answer", "stopped"};
    fprintf(out, "{\"from_depth\":%d,\"queries\":%d,\"moved\":%s,\"end\":\"%s\",\"note\":",
            f->failed_depth, f->narrow_queries, f->narrow_moved ? "true" : "false",
            ends[f->narrow_end]);
    json_string(out, f->narrowing);
    fputc('}', out);
}

static void json_group(FILE *out, const hx_results *r, const hx_check_result *c)
{
    int head = c->group - 1;
    fputs(",\"group\":", out);
    if (head < 0 || head >= r->n) {
        fputs("null", out);
        return;
    }
    fputs("{\"first\":", out);
    json_string(out, r->checks[head].id);
    fprintf(out, ",\"checks\":%d,\"ids\":[", hx_results_group_size(r, head));
    for (int i = head, k = 0; i < r->n; i++)
        if (r->checks[i].group == c->group) {
            fputs(k++ ? "," : "", out);
            json_string(out, r->checks[i].id);
        }
    fputs("]}", out);
}

/* The counts of a wrong count, how often a duplicate is listed; else null. */
static void json_counts(FILE *out, const hx_finding *f)
{
    int counts = f->kind == HX_FINDING_COUNT_HERE || f->kind == HX_FINDING_COUNT_PARENT;
    if (counts)
        fprintf(out, ",\"engine_count\":%" PRIu64 ",\"reference_count\":%" PRIu64, f->engine_count,
                f->reference_count);
    else
        fputs(",\"engine_count\":null,\"reference_count\":null", out);
    if (f->kind == HX_FINDING_COUNT_PARENT)
        fprintf(out, ",\"child_total\":%" PRIu64, f->child_total);
    else
        fputs(",\"child_total\":null", out);
    if (f->kind == HX_FINDING_DUPLICATE)
        fprintf(out, ",\"times\":%d", f->times);
    else
        fputs(",\"times\":null", out);
}

/* verify's finding: every field of hx_finding that a reader needs. */
static void json_finding(FILE *out, const hx_results *r, const hx_check_result *c)
{
    const hx_finding *f = c->finding;
    if (!f) {
        fputs("null", out);
        return;
    }
    char *headline = hx_finding_headline(f);
    char *missing = hx_finding_moves(f, 0), *extra = hx_finding_moves(f, 1);
    fputs("{\"kind\":", out);
    json_string(out, hx_finding_kind_token(f));
    json_field(out, "name", hx_finding_name(f));
    json_field(out, "headline", headline);
    json_field(out, "root", f->root);
    json_field(out, "path", f->path);
    json_field(out, "position", f->position);
    fprintf(out, ",\"depth\":%d", f->depth);
    json_move_names(out, "missing", missing);
    json_move_names(out, "extra", extra);
    json_field(out, "move", f->move ? f->move : f->duplicate);
    json_counts(out, f);
    json_field(out, "verdict", hx_finding_verdict_token(f));
    json_field(out, "verdict_text", hx_finding_verdict(f));
    json_field(out, "hexfen_alone_problem", f->fen_alone_problem);
    json_engine_words(out, f);
    json_narrowing(out, f);
    json_field(out, "reproduce", c->minimal ? c->minimal->command : NULL);
    json_field(out, "query", f->query);
    json_group(out, r, c);
    fputc('}', out);
    free(headline);
    free(missing);
    free(extra);
}

static void json_check(FILE *out, const hx_results *r, const hx_check_result *c)
{
    fputs("{\"command\":", out);
    json_string(out, r->command);
    fputs(",\"engine\":", out);
    json_string(out, r->engine);
    fprintf(out, ",\"kind\":\"%s\",\"outcome\":\"%s\",\"id\":", hx_check_kind_name(c->kind),
            hx_outcome_name(c->outcome));
    json_string(out, c->id);
    fputs(",\"source\":", out);
    json_string(out, c->source);
    fputs(",\"variant\":", out);
    json_string(out, c->variant);
    fputs(",\"profile\":", out);
    json_string(out, c->profile);
    fputs(",\"position\":", out);
    json_string(out, c->fen);
    fputs(",\"moves\":", out);
    json_string(out, c->moves);
    fprintf(out, ",\"depth\":%d,\"expected\":", c->depth);
    json_divide(out, c, &c->expected);
    fputs(",\"got\":", out);
    if (c->got_passed)
        fputs("null", out);
    else
        json_divide(out, c, &c->got);
    fputs(",\"difference\":", out);
    if (c->outcome == HX_PASS || c->got_passed || (!c->expected.has_moves && !c->got.has_moves &&
                                  c->diff.expected_total == c->diff.got_total))
        fputs("null", out);
    else
        json_diff(out, &c->diff);
    fputs(",\"message\":", out);
    json_string(out, c->message);
    fputs(",\"minimal\":", out);
    json_reproduction(out, c->minimal);
    fputs(",\"finding\":", out);
    json_finding(out, r, c);
    fprintf(out, ",\"seconds\":%.6f}\n", c->seconds);
}

int hx_print_json(FILE *out, const hx_results *r)
{
    for (int i = 0; i < r->n; i++)
        json_check(out, r, &r->checks[i]);
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}

static int print_json(FILE *out, const void *r)
{
    return hx_print_json(out, r);
}

char *hx_print_json_text(const hx_results *r)
{
    return hx_text_of(print_json, r);
}
