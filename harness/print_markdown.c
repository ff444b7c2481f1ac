/*
 * print_markdown.c - a run's results as Markdown (print.h), the form a CI
 * job summary shows ($GITHUB_STEP_SUMMARY, a merge request note): the
 * outcome as the heading, then one table row per check that did not pass,
 * with its headline and the command that reproduces it.
 */
#include "print.h"

#include <stdlib.h>
#include <string.h>

enum { MARKDOWN_ROWS_MAX = 100 };

/* Table-cell text: '|' and newlines would end the cell or the row. */
static void cell(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '|')
            fputs("\\|", out);
        else
            fputc(*s == '\n' ? ' ' : *s, out);
    }
}

static void count(const hx_results *r, int *passed, int *failed, int *other)
{
    *passed = *failed = *other = 0;
    for (int i = 0; i < r->n; i++) {
        hx_outcome o = r->checks[i].outcome;
        *passed += o == HX_PASS;
        *failed += o == HX_FAIL || o == HX_ERROR;
        *other += o == HX_NOT_APPLICABLE;
    }
}

static void row(FILE *out, const hx_check_result *c)
{
    hx_sbuf b = {0};
    hx_check_headline(c, &b);
    fputs("| ", out);
    cell(out, c->id ? c->id : "?");
    fprintf(out, " | %s/%s | %s | ", c->variant ? c->variant : "?", c->profile ? c->profile : "?",
            hx_outcome_name(c->outcome));
    cell(out, b.s ? b.s : "");
    fputs(" | ", out);
    if (c->minimal && c->minimal->command) {
        fputc('`', out);
        cell(out, c->minimal->command);
        fputc('`', out);
    }
    fputs(" |\n", out);
    free(hx_sbuf_take(&b));
}

int hx_print_markdown(FILE *out, const hx_results *r)
{
    int passed, failed, other;
    count(r, &passed, &failed, &other);
    fprintf(out, "### %s hexref %s: %d passed, %d failed", failed ? "\u274c" : "\u2705",
            r->command ? r->command : "check", passed, failed);
    if (other)
        fprintf(out, ", %d not applicable", other);
    fputs("\n\n", out);
    if (r->engine) {
        fputs("Engine `", out);
        cell(out, r->engine);
        fputs("`.\n\n", out);
    }
    if (!failed) {
        fputs(r->n ? "Every check passed.\n" : "Nothing was checked.\n", out);
        return ferror(out) ? -1 : 0;
    }
    fputs("| check | rules | outcome | finding | reproduce |\n|---|---|---|---|---|\n", out);
    int shown = 0;
    for (int i = 0; i < r->n; i++) {
        const hx_check_result *c = &r->checks[i];
        if (c->outcome != HX_FAIL && c->outcome != HX_ERROR)
            continue;
        if (shown++ < MARKDOWN_ROWS_MAX)
            row(out, c);
    }
    if (shown > MARKDOWN_ROWS_MAX)
        fprintf(out, "\nand %d more (the JSON or JUnit output has every check).\n",
                shown - MARKDOWN_ROWS_MAX);
    return ferror(out) ? -1 : 0;
}
