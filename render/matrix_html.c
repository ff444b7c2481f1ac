/*
 * matrix_html.c - the conformance matrix page (matrix_html.h). Plain HTML
 * and inline CSS, nothing fetched: the page works offline and as a CI
 * artifact.
 */
#include "matrix_html.h"

static void esc(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

static void write_head(FILE *out, const hx_matrix *m, const char *version)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<title>hexref conformance matrix</title>\n<style>\n"
          "body{font-family:'DejaVu Sans',Arial,sans-serif;margin:16px;color:#222;"
          "background:#fff}\nh1{font-size:20px}\n"
          "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;"
          "padding:4px 8px;text-align:center}th{background:#f4f4f4}\n"
          "td.engine,td.rules,td.command{text-align:left}td.command code{font-size:11px}\n"
          "td.pass{background:#e8f5e9;color:#2e7d32}td.fail{background:#ffebee;"
          "color:#c62828;font-weight:bold}td.none{color:#999}\n"
          "td.fail a{color:#c62828}td{white-space:nowrap}td.command{white-space:normal}\n"
          "small.engine-id{color:#666}\n</style>\n</head>\n<body>\n"
          "<h1>hexref conformance matrix</h1>\n<p>hexref <code>",
          out);
    esc(out, version);
    fputs("</code>; engines from <code>", out);
    esc(out, m->source);
    fprintf(out, "</code>: %d engines. A cell is passed/run checks of the topic; a failing "
                 "cell links to its first finding in the engine's report.</p>\n",
            m->nrows);
}

static void write_cell(FILE *out, const hx_matrix_row *r, const hx_matrix_cell *c,
                       const char *topic)
{
    int ran = c->passed + c->failed;
    if (ran == 0) {
        fputs("<td class=\"none\">-</td>", out);
        return;
    }
    fprintf(out, "<td class=\"%s\" data-topic=\"", c->failed ? "fail" : "pass");
    esc(out, topic);
    fprintf(out, "\" data-passed=\"%d\" data-failed=\"%d\">", c->passed, c->failed);
    if (c->failed) {
        fputs("<a href=\"", out);
        esc(out, r->engine.name);
        fprintf(out, ".html#finding-%d\">\u2717 %d/%d</a></td>", c->first_failure + 1,
                c->passed, ran);
    } else {
        fprintf(out, "\u2713 %d/%d</td>", c->passed, ran);
    }
}

static void write_row(FILE *out, const hx_matrix *m, const hx_matrix_row *r)
{
    int ok = hx_matrix_row_ok(r);
    fprintf(out, "<tr data-engine=\"");
    esc(out, r->engine.name);
    fprintf(out, "\" data-ok=\"%d\"><td class=\"engine\"><a href=\"", ok);
    esc(out, r->engine.name);
    fputs(".html\">", out);
    esc(out, r->engine.name);
    fputs("</a>", out);
    if (r->summary.engine_id[0]) {
        fputs("<br><small class=\"engine-id\">", out);
        esc(out, r->summary.engine_id);
        fputs("</small>", out);
    }
    fputs("</td><td class=\"rules\">", out);
    esc(out, r->engine.variant);
    fputc('/', out);
    esc(out, r->engine.profile);
    fputs("</td>", out);
    for (int t = 0; t < m->ntopics; t++)
        write_cell(out, r, &r->cells[t], m->topics[t]);
    fprintf(out, "<td class=\"%s\">%s %d passed, %d failed%s</td>",
            ok ? "pass" : "fail", ok ? "\u2713" : "\u2717", r->summary.passed, r->summary.failed,
            r->summary.stop == HX_VERIFY_RAN        ? ""
            : r->summary.stop == HX_VERIFY_GAVE_UP ? " (gave up: timeouts)"
                                                   : " (engine did not start)");
    if (r->identify[0]) {
        fputs("<td class=\"identify\">", out);
        esc(out, r->identify);
        fputs("</td>", out);
    }
    fputs("<td class=\"command\"><code>", out);
    esc(out, r->engine.command);
    fputs("</code></td></tr>\n", out);
}

int hx_matrix_html(FILE *out, const hx_matrix *m, const char *version)
{
    write_head(out, m, version);
    fputs("<table id=\"matrix\">\n<tr><th>engine</th><th>rules</th>", out);
    for (int t = 0; t < m->ntopics; t++) {
        fputs("<th>", out);
        esc(out, m->topics[t]);
        fputs("</th>", out);
    }
    int identify = m->nrows && m->rows[0].identify[0];
    fputs(identify ? "<th>result</th><th>identify</th><th>command</th></tr>\n"
                   : "<th>result</th><th>command</th></tr>\n",
          out);
    for (int i = 0; i < m->nrows; i++)
        write_row(out, m, &m->rows[i]);
    fputs("</table>\n</body>\n</html>\n", out);
    return ferror(out) ? -1 : 0;
}
