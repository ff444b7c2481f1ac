/*
 * finding.c - a verify finding's name and the message that JSON, JUnit and
 * HTML carry for it (result.h).
 */
#include "result.h"

#include <stdlib.h>

#include "divide.h"
#include "strutil.h"

static const char *moves_name(const hx_finding *f)
{
    int missing = 0;
    for (int i = 0; i < f->expected.n; i++)
        missing += hx_divide_find(&f->got, f->expected.moves[i].move) == NULL;
    int extra = f->got.n - (f->expected.n - missing);
    return missing && extra ? "missing and extra moves" : missing ? "missing move" : "extra move";
}

const char *hx_finding_name(const hx_finding *f)
{
    static const char *const names[] = {
        "engine failure", "unparsable output", "unparsable move", "duplicate move",
        "total inconsistent with the divide lines", "", "wrong count", "wrong count",
        "cannot set up the position", "out of memory while descending",
        "the suite line is wrong", "bad HexFEN in the suite", "not run", "engine start failed"};
    if (f->kind == HX_FINDING_MOVES)
        return moves_name(f);
    return (unsigned)f->kind < sizeof names / sizeof names[0] ? names[f->kind] : "unknown";
}

/* The kind, then what the text report says of a failure of the engine's
 * answer (its `what:`), the lines it printed that are not perft output,
 * and its stderr. */
char *hx_finding_message(const hx_finding *f)
{
    hx_finding_kind k = f->kind;
    int failure = k == HX_FINDING_FAILURE, lines = failure || k == HX_FINDING_BAD_LINES;
    const char *what = (lines || k == HX_FINDING_TOTAL) && f->what ? f->what : "";
    hx_sbuf b = {0};
    hx_sbuf_printf(&b, "%s%s%s", hx_finding_name(f), what[0] ? ": " : "", what);
    for (int i = 0; lines && i < f->nbad_lines && i < HX_REPLY_KEEP; i++)
        hx_sbuf_printf(&b, "\noutput line %d: '%s'", f->bad_lines[i].line_no,
                       f->bad_lines[i].text);
    if (failure && f->stderr_text && f->stderr_text[0])
        hx_sbuf_printf(&b, "\nstderr: %s", f->stderr_text);
    if (b.oom) {
        free(hx_sbuf_take(&b));
        return hx_strdup(hx_finding_name(f));
    }
    return hx_sbuf_take(&b);
}
