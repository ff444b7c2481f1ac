/*
 * report_html.c - the HTML report of a run's results (see report_html.h).
 *
 * Only the result values are read; every board is drawn afresh by the
 * reference from a HexFEN and moves, never taken from printed text.
 */
#include "report_html.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board_svg.h"
#include "output_file.h"
#include "xml.h"
#include "hexref.h"

enum { MAX_PATH = 1024, MAX_STEPS = 64, STEP_CELL_PX = 30, BOARD_CELL_PX = 44 };

static const char *const outcome_names[] = {"pass", "fail", "error", "n/a"};
static const char *const kind_names[] = {"suite line", "fixture", "verify", "identify",
                                         "selfcheck"};

static const char *text_or(const char *s, const char *fallback)
{
    return s && *s ? s : fallback;
}

static void esc(FILE *out, const char *s)
{
    hx_xml_text(out, s);
}

/* Single-quoted for a POSIX shell, escaped for HTML: the text between
 * single quotes is escaped a run at a time, so that characters of several
 * bytes stay whole. */
static void shell_word(FILE *out, const char *s)
{
    fputc('\'', out);
    while (s && *s) {
        size_t run = strcspn(s, "'");
        hx_xml_text_n(out, s, run);
        s += run;
        if (*s == '\'') {
            fputs("'\\''", out);
            s++;
        }
    }
    fputc('\'', out);
}

/* ------------------------------------------------------------ head and summary */

static void write_head(FILE *out, const hx_results *r)
{
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<title>hexref report</title>\n<style>\n"
                 "body{font-family:'DejaVu Sans',Arial,sans-serif;margin:16px;color:#222;"
                 "background:#fff;max-width:1100px}\n"
                 "h1{font-size:20px}h2{font-size:17px;margin-top:28px;border-top:2px solid #ccc;"
                 "padding-top:10px}h3{font-size:14px;margin:14px 0 4px}\n"
                 "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;"
                 "padding:3px 6px;text-align:left;vertical-align:top}\n"
                 ".pass{color:#2e7d32}.fail{color:#c62828;font-weight:bold}.error{color:#ef6c00;"
                 "font-weight:bold}.na{color:#777}\n"
                 "pre,code{font-family:'DejaVu Sans Mono',monospace;font-size:12px}"
                 "pre{background:#f4f4f4;padding:8px;overflow-x:auto;white-space:pre-wrap}\n"
                 ".missing{color:#1565c0}.extra{color:#d84315}\n"
                 ".moves button{font:12px monospace;margin:1px;border:1px solid #bbb;"
                 "background:#fafafa;cursor:pointer}.moves button.on{background:#ffe033}\n"
                 ".boards{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}\n"
                 "</style>\n</head>\n<body>\n<h1>hexref ");
    esc(out, text_or(r->command, "check"));
    fprintf(out, " report</h1>\n");
    if (r->engine) {
        fprintf(out, "<p>engine: <code>");
        esc(out, r->engine);
        fprintf(out, "</code></p>\n");
    }
}

static void write_summary(FILE *out, const hx_results *r)
{
    int count[4] = {0, 0, 0, 0};
    for (int i = 0; i < r->n; i++)
        count[r->checks[i].outcome]++;
    fprintf(out, "<p id=\"summary-counts\">%d checks: %d passed, %d failed, %d errors, "
                 "%d not applicable</p>\n",
            r->n, count[HX_PASS], count[HX_FAIL], count[HX_ERROR], count[HX_NOT_APPLICABLE]);
    if (count[HX_FAIL] + count[HX_ERROR])
        fprintf(out, "<p id=\"summary-findings\">%d distinct finding%s</p>\n",
                hx_results_findings(r), hx_results_findings(r) == 1 ? "" : "s");
    fprintf(out, "<table id=\"summary\">\n<tr><th>#</th><th>outcome</th><th>check</th>"
                 "<th>variant</th><th>profile</th><th>depth</th><th>what</th></tr>\n");
    for (int i = 0; i < r->n; i++) {
        const hx_check_result *c = &r->checks[i];
        int finding = c->outcome == HX_FAIL || c->outcome == HX_ERROR;
        fprintf(out, "<tr data-outcome=\"%s\"><td>%d</td><td class=\"%s\">%s</td><td>%s",
                outcome_names[c->outcome], i + 1,
                c->outcome == HX_NOT_APPLICABLE ? "na" : outcome_names[c->outcome],
                outcome_names[c->outcome], kind_names[c->kind]);
        int section = c->group ? c->group : i + 1; /* a group's section is its first check's */
        fprintf(out, finding ? " <a href=\"#finding-%d\">" : " <span>", section);
        esc(out, text_or(c->id, "-"));
        fprintf(out, finding ? "</a></td><td>" : "</span></td><td>");
        esc(out, text_or(c->variant, "-"));
        fprintf(out, "</td><td>");
        esc(out, text_or(c->profile, "-"));
        fprintf(out, "</td><td>%d</td><td>", c->depth);
        esc(out, text_or(c->message, ""));
        fprintf(out, "</td></tr>\n");
    }
    fprintf(out, "</table>\n");
}

/* ------------------------------------------------------------ boards */

/* The reference's position of fen with moves played, or NULL with why. */
static hx_position *set_up(const hx_check_result *c, const char *fen, const char *moves,
                           hx_error *why)
{
    const hx_rules *rules = hx_rules_find(c->variant, c->profile, why);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    if (rules && !pos)
        snprintf(why->message, sizeof why->message, "out of memory");
    if (pos && (hx_position_set_fen(pos, fen, why) != 0 || hx_play_moves(pos, moves, 0, why) != 0)) {
        hx_position_free(pos);
        return NULL;
    }
    return pos;
}

static int add_arrows(hx_svg_arrow *arrows, int n, const hx_move_count *moves, int count,
                      hx_arrow_kind kind)
{
    for (int i = 0; i < count && n < HX_SVG_MAX_ARROWS; i++) {
        snprintf(arrows[n].move, sizeof arrows[n].move, "%s", moves[i].move);
        arrows[n++].kind = kind;
    }
    return n;
}

static void write_board(FILE *out, const hx_position *pos, const hx_svg_options *o)
{
    hx_error err;
    if (hx_board_svg(out, pos, o, &err) != 0) {
        fprintf(out, "<p class=\"error\">board not drawn: ");
        esc(out, err.message);
        fprintf(out, "</p>\n");
    }
}

static void write_unavailable(FILE *out, const char *what, const hx_error *why)
{
    fprintf(out, "<p class=\"error\">%s cannot be drawn: ", what);
    esc(out, why->message);
    fprintf(out, "</p>\n");
}

/* The board where the difference shows, with the differing moves as arrows. */
static void write_main_board(FILE *out, const hx_check_result *c)
{
    static hx_svg_arrow arrows[HX_SVG_MAX_ARROWS];
    const hx_divide_diff *d = c->minimal ? &c->minimal->diff : &c->diff;
    hx_error why;
    hx_position *pos = c->minimal && c->minimal->fen ? set_up(c, c->minimal->fen, NULL, &why)
                                                     : set_up(c, c->fen, c->moves, &why);
    fprintf(out, "<h3>%s</h3>\n<div class=\"board main-board\">\n",
            c->minimal ? "minimal position" : "position checked");
    if (!pos) {
        write_unavailable(out, "the position", &why);
        fprintf(out, "</div>\n");
        return;
    }
    int n = add_arrows(arrows, 0, d->missing, d->nmissing, HX_ARROW_MISSING);
    n = add_arrows(arrows, n, d->extra, d->nextra, HX_ARROW_EXTRA);
    hx_svg_options o = {.arrows = arrows, .narrows = n, .skip_bad_arrows = 1,
                        .cell_px = BOARD_CELL_PX};
    write_board(out, pos, &o);
    hx_position_free(pos);
    fprintf(out, "</div>\n");
}

/* ------------------------------------------------------------ text parts */

static void write_move_list(FILE *out, const char *cls, const char *what,
                            const hx_move_count *m, int n)
{
    if (n == 0)
        return;
    fprintf(out, "<p class=\"%s\" data-list=\"%s\">%s (%d):", cls, cls, what, n);
    for (int i = 0; i < n; i++) {
        fprintf(out, " <code>");
        esc(out, m[i].move);
        fprintf(out, "</code>");
    }
    fprintf(out, "</p>\n");
}

static void write_differences(FILE *out, const hx_divide_diff *d)
{
    write_move_list(out, "missing", "missing in the engine (the reference has them)",
                    d->missing, d->nmissing);
    write_move_list(out, "extra", "extra in the engine (the reference has not)", d->extra,
                    d->nextra);
    if (d->ndiffer) {
        fprintf(out, "<table class=\"counts\"><tr><th>move</th><th>reference</th>"
                     "<th>engine</th></tr>\n");
        for (int i = 0; i < d->ndiffer; i++) {
            fprintf(out, "<tr><td><code>");
            esc(out, d->differ[i].move);
            fprintf(out, "</code></td><td>%llu</td><td>%llu</td></tr>\n",
                    (unsigned long long)d->differ[i].expected,
                    (unsigned long long)d->differ[i].got);
        }
        fprintf(out, "</table>\n");
    }
    if (d->expected_total != d->got_total)
        fprintf(out, "<p>total: reference %llu, engine %llu</p>\n",
                (unsigned long long)d->expected_total, (unsigned long long)d->got_total);
}

static void write_field(FILE *out, const char *name, const char *value, int code)
{
    if (!value || !*value)
        return;
    fprintf(out, "<tr><th>%s</th><td>%s", name, code ? "<code>" : "");
    esc(out, value);
    fprintf(out, "%s</td></tr>\n", code ? "</code>" : "");
}

/* What the engine itself said: its failure, its stray lines, its stderr. */
static void write_engine_words(FILE *out, const hx_finding *f)
{
    const hx_reply_problem *bad = f->nbad_lines ? f->bad_lines : f->bad_moves;
    int n = f->nbad_lines ? f->nbad_lines : f->nbad_moves;
    int stderr_text = f->stderr_text && f->stderr_text[0];
    if (!(f->what && f->what[0]) && !n && !stderr_text)
        return;
    fprintf(out, "<tr class=\"engine-said\"><th>the engine said</th><td>");
    if (f->what && f->what[0]) {
        fprintf(out, "<p class=\"what\">");
        esc(out, f->what);
        fprintf(out, "</p>");
    }
    for (int i = 0; i < n && i < HX_REPLY_KEEP; i++) {
        fprintf(out, "<p>output line %d: <code>", bad[i].line_no);
        esc(out, bad[i].text);
        fprintf(out, "</code></p>");
    }
    if (n > HX_REPLY_KEEP)
        fprintf(out, "<p>... %d such lines in all</p>", n);
    if (stderr_text) {
        fprintf(out, "<pre class=\"stderr\">");
        esc(out, f->stderr_text);
        fprintf(out, "</pre>");
    }
    fprintf(out, "</td></tr>\n");
}

/* The roots whose checks found the same thing (the group of check c). */
static void write_group(FILE *out, const hx_results *r, const hx_check_result *c)
{
    int head = c->group - 1, size = c->group ? hx_results_group_size(r, head) : 0;
    if (size < 2)
        return;
    fprintf(out, "<tr class=\"group\"><th>%d roots lead here</th><td>", size);
    for (int i = head, k = 0; i < r->n; i++)
        if (r->checks[i].group == c->group) {
            fputs(k++ ? ", " : "", out);
            esc(out, text_or(r->checks[i].id, "?"));
        }
    fprintf(out, "</td></tr>\n");
}

static void write_finding_fields(FILE *out, const hx_results *r, const hx_check_result *c)
{
    char *headline = hx_finding_headline(c->finding);
    write_field(out, "finding", headline, 0);
    free(headline);
    const char *verdict = hx_finding_verdict(c->finding);
    if (verdict) {
        fprintf(out, "<tr class=\"verdict\"><th>verdict</th><td>");
        esc(out, verdict);
        fprintf(out, "</td></tr>\n");
    }
    write_field(out, "the HexFEN alone", c->finding->fen_alone_problem, 0);
    write_engine_words(out, c->finding);
    write_group(out, r, c);
}

static void write_fields(FILE *out, const hx_results *r, const hx_check_result *c)
{
    char depth[32];
    snprintf(depth, sizeof depth, "%d", c->minimal ? c->minimal->depth : c->depth);
    fprintf(out, "<table class=\"fields\">\n");
    write_field(out, "variant", c->variant, 0);
    write_field(out, "profile", c->profile, 0);
    write_field(out, "source", c->source, 0);
    write_field(out, "root", c->fen, 1);
    write_field(out, "moves before the check", c->moves, 1);
    if (c->minimal) {
        write_field(out, "path to the minimal position", text_or(c->minimal->path, "(none)"), 1);
        write_field(out, "minimal position", c->minimal->fen, 1);
    }
    write_field(out, "depth", depth, 0);
    if (c->finding)
        write_field(out, "narrowed", c->finding->narrowing, 0);
    if (c->finding)
        write_finding_fields(out, r, c);
    else
        write_field(out, "what", c->message, 0);
    fprintf(out, "</table>\n");
}

/* ------------------------------------------------------------ path stepper */

static void write_step(FILE *out, const hx_position *pos, int step, int last, const char *move)
{
    hx_svg_arrow arrow;
    hx_svg_options o = {.cell_px = STEP_CELL_PX, .skip_bad_arrows = 1};
    if (move) {
        snprintf(arrow.move, sizeof arrow.move, "%s", move);
        arrow.kind = HX_ARROW_PLAIN;
        o.arrows = &arrow;
        o.narrows = 1;
    }
    fprintf(out, "<div class=\"step\" data-step=\"%d\"%s>\n", step, step == last ? "" : " hidden");
    write_board(out, pos, &o);
    fprintf(out, "</div>\n");
}

/* The path's moves, split in place; returns how many. */
static int split_moves(char *text, char **moves, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *m = strtok_r(text, " ,", &save); m && n < max; m = strtok_r(NULL, " ,", &save))
        moves[n++] = m;
    return n;
}

/* Move numbers as a chess player writes them: "12." before White's move,
 * "12..." before Black's, counted from the root's fullmove number. */
static void move_number(const hx_position *root, int ply, int *number, int *black)
{
    char fen[HX_FEN_MAX];
    int side = root ? hx_position_side(root) : 0, full = 1;
    if (root) {
        hx_position_fen(root, fen);
        const char *last = strrchr(fen, ' ');
        full = last ? atoi(last + 1) : 1;
    }
    *number = full + (ply + side) / 2;
    *black = (ply + side) % 2;
}

static void write_path(FILE *out, const hx_check_result *c)
{
    static char *moves[MAX_PATH];
    char *text = strdup(c->minimal->path ? c->minimal->path : "");
    int n = text ? split_moves(text, moves, MAX_PATH) : 0;
    int boards = n < MAX_STEPS ? n : MAX_STEPS; /* the list is whole, the boards stop */
    hx_error why;
    hx_position *pos = set_up(c, c->fen, c->moves, &why);
    fprintf(out, "<h3>path from the root (%d moves)</h3>\n<div class=\"stepper\">\n"
                 "<p class=\"moves\"><button class=\"prev\">&#9664;</button>"
                 "<button data-goto=\"0\">root</button>", n);
    for (int i = 0; i < boards; i++) {
        int number, black;
        move_number(pos, i, &number, &black);
        fprintf(out, "<button data-goto=\"%d\">%d%s ", i + 1, number, black ? "&#8230;" : ".");
        esc(out, moves[i]);
        fprintf(out, "</button>");
    }
    fprintf(out, "<button class=\"next\">&#9654;</button></p>\n");
    if (n > boards) {
        fprintf(out, "<p>boards for the first %d moves only; the rest:", boards);
        for (int i = boards; i < n; i++)
            fputc(' ', out), esc(out, moves[i]);
        fprintf(out, "</p>\n");
    }
    if (!pos) {
        write_unavailable(out, "the root", &why);
        fprintf(out, "</div>\n");
        free(text);
        return;
    }
    write_step(out, pos, 0, boards, NULL);
    for (int i = 0; i < boards; i++) {
        if (hx_play_moves(pos, moves[i], 0, &why) != 0) {
            write_unavailable(out, "the rest of the path", &why);
            break;
        }
        write_step(out, pos, i + 1, boards, moves[i]);
    }
    hx_position_free(pos);
    free(text);
    fprintf(out, "</div>\n");
}

/* ------------------------------------------------------------ reproduction */

static void write_commands(FILE *out, const hx_check_result *c)
{
    const char *fen = c->minimal && c->minimal->fen ? c->minimal->fen : c->fen;
    int depth = c->minimal ? c->minimal->depth : c->depth;
    fprintf(out, "<h3>reproduce</h3>\n<pre class=\"commands\">");
    if (c->minimal && c->minimal->command) {
        fprintf(out, "# the engine's answer\n");
        esc(out, c->minimal->command);
        fprintf(out, "\n");
    }
    fprintf(out, "# the reference's answer\nhexref divide -v ");
    shell_word(out, text_or(c->variant, "?"));
    fprintf(out, " -p ");
    shell_word(out, text_or(c->profile, "std"));
    fprintf(out, " --fen ");
    shell_word(out, text_or(fen, "?"));
    if (!c->minimal && c->moves && *c->moves) {
        fprintf(out, " --moves ");
        shell_word(out, c->moves);
    }
    fprintf(out, " %d\n</pre>\n", depth > 0 ? depth : 1);
}

static void fixture_id(FILE *out, const hx_check_result *c)
{
    fprintf(out, "%s-finding-", text_or(c->variant, "variant"));
    int dash = 1;
    for (const char *s = text_or(c->id, ""); *s; s++) {
        int ok = isalnum((unsigned char)*s);
        if (ok)
            fputc(tolower((unsigned char)*s), out);
        else if (!dash)
            fputc('-', out);
        dash = !ok;
    }
}

static void write_fixture(FILE *out, const hx_check_result *c)
{
    const hx_divide_diff *d = c->minimal ? &c->minimal->diff : &c->diff;
    fprintf(out, "<h3>fixture that pins it down (docs/fixtures.md)</h3>\n<pre class=\"fixture\">"
                 "fixture ");
    fixture_id(out, c);
    fprintf(out, "\nvariant ");
    esc(out, text_or(c->variant, "?"));
    fprintf(out, "\nprofiles ");
    esc(out, text_or(c->profile, "std"));
    fprintf(out, "\nsource hexref %s finding: ", kind_names[c->kind]);
    esc(out, text_or(c->id, "?"));
    fprintf(out, "\nfen ");
    esc(out, text_or(c->fen, "start"));
    const char *path = c->minimal ? c->minimal->path : NULL;
    if ((c->moves && *c->moves) || (path && *path)) {
        fprintf(out, "\nline");
        if (c->moves && *c->moves)
            fputc(' ', out), esc(out, c->moves);
        if (path && *path)
            fputc(' ', out), esc(out, path);
    }
    if (d->nmissing) {
        fprintf(out, "\nlegal");
        for (int i = 0; i < d->nmissing; i++)
            fputc(' ', out), esc(out, d->missing[i].move);
    }
    if (d->nextra) {
        fprintf(out, "\nillegal");
        for (int i = 0; i < d->nextra; i++)
            fputc(' ', out), esc(out, d->extra[i].move);
    }
    int depth = c->minimal ? c->minimal->depth : c->depth;
    if (d->ndiffer && depth > 0)
        fprintf(out, "\nperft %d %llu", depth, (unsigned long long)d->expected_total);
    fprintf(out, "\nend\n</pre>\n");
}

/* An attribute with an escaped value, left out when the value is absent. */
static void write_attribute(FILE *out, const char *name, const char *value)
{
    if (!value || !*value)
        return;
    fprintf(out, " %s=\"", name);
    esc(out, value);
    fputc('"', out);
}

static void write_finding(FILE *out, const hx_results *r, const hx_check_result *c, int index)
{
    fprintf(out, "<section class=\"finding\" id=\"finding-%d\" data-outcome=\"%s\"", index,
            outcome_names[c->outcome]);
    /* What the check was and where, for tests and scripts that query the page. */
    write_attribute(out, "data-check", c->id);
    write_attribute(out, "data-source", c->source);
    write_attribute(out, "data-fen", c->fen);
    write_attribute(out, "data-minimal-fen", c->minimal ? c->minimal->fen : NULL);
    write_attribute(out, "data-finding", c->finding ? hx_finding_kind_token(c->finding) : NULL);
    write_attribute(out, "data-verdict", c->finding ? hx_finding_verdict_token(c->finding) : NULL);
    if (c->group)
        fprintf(out, " data-checks=\"%d\"", hx_results_group_size(r, c->group - 1));
    fprintf(out, ">\n<h2><span class=\"%s\">%s</span> #%d: ", outcome_names[c->outcome],
            c->outcome == HX_FAIL ? "FAIL" : "ERROR", index);
    esc(out, text_or(c->id, kind_names[c->kind]));
    fprintf(out, "</h2>\n");
    write_fields(out, r, c);
    fprintf(out, "<div class=\"boards\">\n<div>\n");
    write_main_board(out, c);
    write_differences(out, c->minimal ? &c->minimal->diff : &c->diff);
    fprintf(out, "</div>\n");
    if (c->minimal) {
        fprintf(out, "<div>\n");
        write_path(out, c);
        fprintf(out, "</div>\n");
    }
    fprintf(out, "</div>\n");
    write_commands(out, c);
    write_fixture(out, c);
    fprintf(out, "</section>\n");
}

/* Steps through each path: buttons show one board at a time. Without
 * scripts the last board (the minimal position) stays shown. */
static const char stepper_script[] =
    "<script>\n"
    "document.querySelectorAll('.stepper').forEach(function (s) {\n"
    "  var steps = s.querySelectorAll('.step'), moves = s.querySelectorAll('[data-goto]');\n"
    "  var cur = steps.length - 1;\n"
    "  function show(k) {\n"
    "    if (k < 0 || k >= steps.length) return;\n"
    "    cur = k;\n"
    "    steps.forEach(function (e, i) { e.hidden = i !== k; });\n"
    "    moves.forEach(function (b) { b.classList.toggle('on', +b.dataset.goto === k); });\n"
    "  }\n"
    "  s.querySelector('.prev').onclick = function () { show(cur - 1); };\n"
    "  s.querySelector('.next').onclick = function () { show(cur + 1); };\n"
    "  moves.forEach(function (b) { b.onclick = function () { show(+b.dataset.goto); }; });\n"
    "  show(cur);\n"
    "});\n"
    "</script>\n";

int hx_report_html(FILE *out, const hx_results *r)
{
    write_head(out, r);
    write_summary(out, r);
    int findings = 0;
    for (int i = 0; i < r->n; i++) {
        const hx_check_result *c = &r->checks[i];
        int first = !c->group || c->group == i + 1; /* a group has one section */
        if ((c->outcome == HX_FAIL || c->outcome == HX_ERROR) && first) {
            write_finding(out, r, c, i + 1);
            findings++;
        }
    }
    if (!findings)
        fprintf(out, "<p id=\"no-findings\">No findings: every check passed or did not "
                     "apply.</p>\n");
    fprintf(out, "%s</body>\n</html>\n", stepper_script);
    return ferror(out) ? -1 : 0;
}

int hx_report_html_file(const char *path, const hx_results *r, char *err, size_t cap)
{
    hx_output_file out;
    hx_error why;
    int rc = hx_output_open(&out, path, &why);
    if (rc == 0) {
        hx_report_html(out.f, r); /* a failed write stays in the stream's error flag */
        rc = hx_output_commit(&out, &why);
    }
    if (rc != 0)
        snprintf(err, cap, "the report: %s", why.message);
    return rc;
}
