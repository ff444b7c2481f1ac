/*
 * print_junit.c - JUnit XML as CI systems read it (the Jenkins/Ant
 * schema): one testsuite per run, one testcase per check, named by its id
 * and classed by command, variant and profile.
 */
#define _POSIX_C_SOURCE 200809L

#include "print.h"
#include "output_file.h"
#include "xml.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void line(FILE *out, const char *label, const char *value)
{
    if (!value || !value[0])
        return;
    fputc('\n', out);
    hx_xml_text(out, label);
    hx_xml_text(out, value);
}

/* A finding's body after its message: where it is, the moves that differ,
 * the verdict, the commands. */
static void finding_body(FILE *out, const hx_results *r, const hx_check_result *c)
{
    const hx_finding *f = c->finding;
    char *missing = hx_finding_moves(f, 0), *extra = hx_finding_moves(f, 1);
    char depth[32];
    snprintf(depth, sizeof depth, "%d", f->depth);
    line(out, "kind: ", hx_finding_name(f));
    if (f->path)
        line(out, "path: ", f->path[0] ? f->path : "(none: the root itself)");
    line(out, "minimal position: ", f->position);
    line(out, "depth: ", f->path ? depth : NULL);
    line(out, "narrowing: ", f->narrowing);
    line(out, "missing in the engine: ", missing);
    line(out, "extra in the engine: ", extra);
    line(out, "verdict: ", hx_finding_verdict(f));
    line(out, "HexFEN alone: ", f->fen_alone_problem);
    line(out, "reproduce: ", c->minimal ? c->minimal->command : NULL);
    line(out, "engine query: ", f->query);
    int head = c->group - 1;
    if (head >= 0 && head < r->n && hx_results_group_size(r, head) > 1) {
        line(out, "first found by: ", r->checks[head].id);
        for (int i = head; i < r->n; i++)
            if (r->checks[i].group == c->group && i != (int)(c - r->checks))
                line(out, "also found by: ", r->checks[i].id);
    }
    free(missing);
    free(extra);
}

static void testcase(FILE *out, const hx_results *r, const hx_check_result *c)
{
    fputs("    <testcase classname=\"hexref.", out);
    hx_xml_text(out, r->command);
    fputs(".", out);
    hx_xml_text(out, c->variant ? c->variant : "any");
    fputs(".", out);
    hx_xml_text(out, c->profile ? c->profile : "any");
    fputs("\" name=\"", out);
    hx_xml_text(out, c->id ? c->id : "?");
    fprintf(out, "\" time=\"%.6f\"", c->seconds);
    if (c->outcome == HX_PASS) {
        fputs("/>\n", out);
        return;
    }
    static const char *const tags[] = {"", "failure", "error", "skipped"};
    hx_sbuf summary = {0};
    char *finding = c->finding ? hx_results_finding_line(r, (int)(c - r->checks)) : NULL;
    if (!finding)
        hx_check_summary(c, &summary);
    fprintf(out, ">\n      <%s message=\"", tags[c->outcome]);
    hx_xml_text(out, finding ? finding : summary.s);
    fprintf(out, "\" type=\"%s\">", hx_outcome_name(c->outcome));
    hx_xml_text(out, c->fen ? "position: " : "");
    hx_xml_text(out, c->fen);
    if (c->moves) {
        hx_xml_text(out, "\nmoves: ");
        hx_xml_text(out, c->moves);
    }
    if (c->message) {
        fputc('\n', out);
        hx_xml_text(out, c->message);
    }
    if (c->finding) {
        finding_body(out, r, c);
    } else if (c->minimal) {
        hx_xml_text(out, "\nminimal position: ");
        hx_xml_text(out, c->minimal->fen);
        hx_xml_text(out, "\nreproduce: ");
        hx_xml_text(out, c->minimal->command);
    }
    fprintf(out, "</%s>\n    </testcase>\n", tags[c->outcome]);
    free(summary.s);
    free(finding);
}

int hx_print_junit(FILE *out, const hx_results *r)
{
    double seconds = 0;
    for (int i = 0; i < r->n; i++)
        seconds += r->checks[i].seconds;
    int failures = hx_results_count(r, HX_FAIL), errors = hx_results_count(r, HX_ERROR),
        skipped = hx_results_count(r, HX_NOT_APPLICABLE);
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"hexref ", out);
    hx_xml_text(out, r->command);
    fprintf(out, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.6f\">\n",
            r->n, failures, errors, skipped, seconds);
    fputs("  <testsuite name=\"hexref ", out);
    hx_xml_text(out, r->command);
    if (r->engine) {
        fputs(" ", out);
        hx_xml_text(out, r->engine);
    }
    fprintf(out, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.6f\">\n",
            r->n, failures, errors, skipped, seconds);
    for (int i = 0; i < r->n; i++)
        testcase(out, r, &r->checks[i]);
    fputs("  </testsuite>\n</testsuites>\n", out);
    return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}

int hx_write_junit_file(const char *path, const hx_results *r)
{
    hx_error err;
    hx_output_file out;
    int rc = hx_output_open(&out, path, &err);
    if (rc == 0) {
        hx_print_junit(out.f, r); /* a failed write stays in the stream's error flag */
        rc = hx_output_commit(&out, &err);
    }
    if (rc != 0)
        fprintf(stderr, "hexref: %s\n", err.message);
    return rc;
}
