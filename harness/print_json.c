/*
 * print_json.c - JSON Lines: one object per check (docs/results.md; the
 * schema is docs/results.schema.json).
 */
#define _POSIX_C_SOURCE 200809L

#include "print.h"

#include <inttypes.h>
#include <stdlib.h>

static void json_string(FILE *out, const char *s)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p == '\t')
            fputs("\\t", out);
        else if (*p < 0x20 || *p >= 0x7f)
            fprintf(out, "\\u%04x", *p); /* engine text is not trusted to be UTF-8 */
        else
            fputc(*p, out);
    }
    fputc('"', out);
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
    fprintf(out, ",\"seconds\":%.6f}\n", c->seconds);
}

int hx_print_json(FILE *out, const hx_results *r)
{
    for (int i = 0; i < r->n; i++)
        json_check(out, r, &r->checks[i]);
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}

char *hx_print_json_text(const hx_results *r)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    int rc = hx_print_json(f, r);
    if (fclose(f) != 0 || rc != 0) {
        free(text);
        return NULL;
    }
    return text;
}
