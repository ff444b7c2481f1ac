/*
 * print_matrix.c - the conformance matrix (matrix.h) as text for a
 * terminal, Markdown (fit for a CI job summary such as GitHub's
 * $GITHUB_STEP_SUMMARY), JSON Lines (one object per engine) and a badge per
 * engine in the shields.io endpoint format. Values in, text out: nothing
 * here runs a check.
 */
#include "print_matrix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print.h"

static const char *stop_name(hx_verify_stop s)
{
    return s == HX_VERIFY_RAN ? "ran" : s == HX_VERIFY_GAVE_UP ? "gave up" : "no engine";
}

/* A cell as "7/7", "2/9" or "-" (nothing of the topic ran). */
static void cell_text(const hx_matrix_cell *c, char *out, size_t cap)
{
    int ran = c->passed + c->failed;
    if (ran == 0)
        snprintf(out, cap, "-");
    else
        snprintf(out, cap, "%d/%d", c->passed, ran);
}

/* ---- Text --------------------------------------------------------------- */

int hx_matrix_print_text(FILE *out, const hx_matrix *m)
{
    fprintf(out, "matrix: %d engines from %s\n", m->nrows, m->source);
    for (int i = 0; i < m->nrows; i++) {
        const hx_matrix_row *r = &m->rows[i];
        fprintf(out, "\n%s %s (%s/%s, %s): %d passed, %d failed\n",
                hx_matrix_row_ok(r) ? "ok  " : "FAIL", r->engine.name, r->engine.variant,
                r->engine.profile, stop_name(r->summary.stop), r->summary.passed,
                r->summary.failed);
        if (r->summary.engine_id[0])
            fprintf(out, "  engine says: %s\n", r->summary.engine_id);
        if (r->identify[0])
            fprintf(out, "  identify: %s\n", r->identify);
        for (int t = 0; t < m->ntopics; t++) {
            const hx_matrix_cell *c = &r->cells[t];
            char text[32];
            cell_text(c, text, sizeof text);
            fprintf(out, "  %-26s %s%s\n", m->topics[t], text, c->failed ? "  FAIL" : "");
        }
    }
    return ferror(out) ? -1 : 0;
}

/* ---- Markdown ----------------------------------------------------------- */

/* Markdown table cells: '|' and newlines would break the row. */
static void md_text(FILE *out, const char *s)
{
    for (; s && *s; s++)
        fputs(*s == '|' ? "\\|" : *s == '\n' ? " " : (char[2]){*s, 0}, out);
}

static void md_findings(FILE *out, const hx_matrix *m)
{
    int any = 0;
    for (int i = 0; i < m->nrows; i++)
        for (int t = 0; t < m->ntopics; t++) {
            const hx_matrix_row *r = &m->rows[i];
            const hx_matrix_cell *c = &r->cells[t];
            if (c->first_failure < 0)
                continue;
            const hx_check_result *f = &r->results.checks[c->first_failure];
            hx_sbuf b = {0};
            hx_check_headline(f, &b);
            if (!any++)
                fputs("\n### First failure per cell\n\n", out);
            fprintf(out, "- **%s**, %s (%d failed): `%s`: ", r->engine.name, m->topics[t],
                    c->failed, f->id ? f->id : "");
            md_text(out, b.s ? b.s : "");
            if (f->minimal && f->minimal->command)
                fprintf(out, "  \n  reproduce: `%s`", f->minimal->command);
            fputc('\n', out);
            free(hx_sbuf_take(&b));
        }
}

int hx_matrix_print_markdown(FILE *out, const hx_matrix *m, const char *version)
{
    fprintf(out, "## hexref conformance matrix\n\nhexref %s; engines from `%s`. A cell is "
                 "passed/run checks of the topic; - is none.\n\n| engine | rules |",
            version, m->source);
    for (int t = 0; t < m->ntopics; t++)
        fprintf(out, " %s |", m->topics[t]);
    int identify = m->nrows && m->rows[0].identify[0];
    fputs(identify ? " result | identify |\n|---|---|" : " result |\n|---|---|", out);
    for (int t = 0; t < m->ntopics; t++)
        fputs("---|", out);
    fputs(identify ? "---|---|\n" : "---|\n", out);
    for (int i = 0; i < m->nrows; i++) {
        const hx_matrix_row *r = &m->rows[i];
        fputs("| ", out);
        md_text(out, r->engine.name);
        if (r->summary.engine_id[0]) {
            fputs(" (", out);
            md_text(out, r->summary.engine_id);
            fputc(')', out);
        }
        fprintf(out, " | %s/%s |", r->engine.variant, r->engine.profile);
        for (int t = 0; t < m->ntopics; t++) {
            char text[32];
            cell_text(&r->cells[t], text, sizeof text);
            fprintf(out, " %s %s |", r->cells[t].failed ? "\u274c" : text[0] == '-' ? "" : "\u2705",
                    text);
        }
        fprintf(out, " %s %d passed, %d failed%s |", hx_matrix_row_ok(r) ? "\u2705" : "\u274c",
                r->summary.passed, r->summary.failed,
                r->summary.stop == HX_VERIFY_RAN ? "" : r->summary.stop == HX_VERIFY_GAVE_UP
                                                            ? " (gave up: timeouts)"
                                                            : " (engine did not start)");
        if (identify) {
            fputc(' ', out);
            md_text(out, r->identify);
            fputs(" |", out);
        }
        fputc('\n', out);
    }
    md_findings(out, m);
    return ferror(out) ? -1 : 0;
}

/* ---- JSON Lines and badges ---------------------------------------------- */

static void json_cell(FILE *out, const hx_matrix_row *r, const hx_matrix_cell *c)
{
    fprintf(out, "{\"passed\":%d,\"failed\":%d,\"skipped\":%d,\"first_failure\":", c->passed,
            c->failed, c->skipped);
    if (c->first_failure < 0) {
        fputs("null}", out);
        return;
    }
    const hx_check_result *f = &r->results.checks[c->first_failure];
    hx_sbuf b = {0};
    hx_check_headline(f, &b);
    fputs("{\"id\":", out);
    hx_json_string(out, f->id);
    fputs(",\"headline\":", out);
    hx_json_string(out, b.s);
    fputs(",\"reproduce\":", out);
    hx_json_string(out, f->minimal ? f->minimal->command : NULL);
    fputs("}}", out);
    free(hx_sbuf_take(&b));
}

int hx_matrix_print_jsonl(FILE *out, const hx_matrix *m, const char *version)
{
    for (int i = 0; i < m->nrows; i++) {
        const hx_matrix_row *r = &m->rows[i];
        fputs("{\"engine\":", out);
        hx_json_string(out, r->engine.name);
        fprintf(out, ",\"variant\":\"%s\",\"profile\":\"%s\",\"protocol\":\"%s\",\"command\":",
                r->engine.variant, r->engine.profile, hx_protocol_name(r->engine.protocol));
        hx_json_string(out, r->engine.command);
        fputs(",\"engine_id\":", out);
        hx_json_string(out, r->summary.engine_id[0] ? r->summary.engine_id : NULL);
        fputs(",\"identify\":", out);
        hx_json_string(out, r->identify[0] ? r->identify : NULL);
        fputs(",\"hexref\":", out);
        hx_json_string(out, version);
        fprintf(out, ",\"ok\":%s,\"passed\":%d,\"failed\":%d,\"stop\":\"%s\",\"cells\":{",
                hx_matrix_row_ok(r) ? "true" : "false", r->summary.passed, r->summary.failed,
                stop_name(r->summary.stop));
        for (int t = 0; t < m->ntopics; t++) {
            if (t)
                fputc(',', out);
            hx_json_string(out, m->topics[t]);
            fputc(':', out);
            json_cell(out, r, &r->cells[t]);
        }
        fputs("}}\n", out);
    }
    return ferror(out) ? -1 : 0;
}

int hx_matrix_print_badge(FILE *out, const hx_matrix_row *r)
{
    int ran = r->summary.passed + r->summary.failed;
    fprintf(out, "{\"schemaVersion\":1,\"label\":\"hexref %s/%s\",\"message\":\"",
            r->engine.variant, r->engine.profile);
    if (r->summary.stop == HX_VERIFY_NO_ENGINE)
        fputs("engine did not start", out);
    else
        fprintf(out, "%d/%d passed", r->summary.passed, ran);
    fprintf(out, "\",\"color\":\"%s\"}\n", hx_matrix_row_ok(r) ? "brightgreen" : "red");
    return ferror(out) ? -1 : 0;
}
