/*
 * print_text.c - the text form of a check, and the one-line summary of its
 * difference that the other printers share.
 */
#include "print.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const char *hx_check_kind_name(hx_check_kind kind)
{
    static const char *const names[] = {"suite", "fixture", "verify", "identify", "selfcheck"};
    return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind] : "unknown";
}

const char *hx_outcome_name(hx_outcome outcome)
{
    static const char *const names[] = {"pass", "fail", "error", "not_applicable"};
    return (unsigned)outcome < sizeof names / sizeof names[0] ? names[outcome] : "unknown";
}

static void move_list(hx_sbuf *out, const char *label, const hx_move_count *m, int n,
                      const char **sep)
{
    if (n == 0)
        return;
    hx_sbuf_printf(out, "%s%s:", *sep, label);
    for (int i = 0; i < n; i++)
        hx_sbuf_printf(out, " %s", m[i].move);
    *sep = "; ";
}

void hx_check_summary(const hx_check_result *c, hx_sbuf *out)
{
    const hx_divide_diff *d = &c->diff;
    const char *sep = "";
    move_list(out, "missing", d->missing, d->nmissing, &sep);
    move_list(out, "extra", d->extra, d->nextra, &sep);
    if (d->ndiffer) {
        hx_sbuf_printf(out, "%scounts:", sep);
        for (int i = 0; i < d->ndiffer; i++)
            hx_sbuf_printf(out, " %s expected %" PRIu64 " got %" PRIu64, d->differ[i].move,
                           d->differ[i].expected, d->differ[i].got);
        sep = "; ";
    }
    if (d->expected_total != d->got_total)
        hx_sbuf_printf(out, "%stotal expected %" PRIu64 " got %" PRIu64, sep, d->expected_total,
                       d->got_total), sep = "; ";
    if (*sep)
        return;
    const char *m = c->message;
    if (m) {
        m += strspn(m, " ");
        hx_sbuf_printf(out, "%.*s", (int)strcspn(m, "\n"), m);
    } else {
        hx_sbuf_printf(out, "%s", hx_outcome_name(c->outcome));
    }
}

/* hx_check_headline's limit (print.h). */
enum { HEADLINE_MAX = 240 };

static const char *fixture_detail(const char *m)
{
    for (const char *line = m; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (strncmp(line, "    ", 4) == 0)
            return line + strspn(line, " ");
    return NULL;
}

void hx_check_headline(const hx_check_result *c, hx_sbuf *b)
{
    const char *detail = c->kind == HX_CHECK_FIXTURE ? fixture_detail(c->message) : NULL;
    char *finding = c->finding ? hx_finding_headline(c->finding) : NULL;
    if (finding) {
        hx_sbuf_printf(b, "%s", finding);
        free(finding);
    } else if (c->minimal && !c->minimal->no_diff) {
        hx_check_result view = *c;
        view.diff = c->minimal->diff;
        view.message = NULL;
        if (c->minimal->path && c->minimal->path[0])
            hx_sbuf_printf(b, "after %s: ", c->minimal->path);
        hx_check_summary(&view, b);
    } else if (detail) {
        hx_sbuf_printf(b, "%.*s", (int)strcspn(detail, "\n"), detail);
    } else {
        hx_check_summary(c, b);
    }
    if (b->s && b->n > HEADLINE_MAX) {
        memcpy(b->s + HEADLINE_MAX - 3, "...", 4);
        b->n = HEADLINE_MAX;
    }
}

void hx_print_check_text(FILE *out, const hx_check_result *c)
{
    static const char *const heads[] = {"PASS", "FAIL", "ERROR", "N/A"};
    fprintf(out, "%s %s [%s %s]", heads[c->outcome], c->id ? c->id : "?",
            c->variant ? c->variant : "?", c->profile ? c->profile : "?");
    if (c->source)
        fprintf(out, "  (%s)", c->source);
    fputc('\n', out);
    if (c->message)
        fputs(c->message, out);
    if (c->message && c->message[0] && c->message[strlen(c->message) - 1] != '\n')
        fputc('\n', out);
}
