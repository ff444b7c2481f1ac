/*
 * test_render.c - the board layout, the SVG diagram and the HTML report.
 *
 * Cell counts are checked against a second count made here from the
 * specification's inequalities (README "Board shape"), not from the
 * library. The report is fed results built by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board_layout.h"
#include "board_svg.h"
#include "report_html.h"

static const char *const variants[] = {"shafran", "brusky", "glinski", "mccooey"};

/* The specification's exists(x, y), typed from its table. */
static int spec_cells(const char *variant)
{
    int n = 0;
    for (int x = 0; x < 16; x++)
        for (int y = 0; y < 16; y++) {
            int d = x - y;
            if (!strcmp(variant, "shafran"))
                n += x <= 8 && y <= 9 && d >= -5 && d <= 4;
            else if (!strcmp(variant, "brusky"))
                n += x <= 11 && y <= 7 && d >= -4 && d <= 8;
            else
                n += x <= 10 && y <= 10 && d >= -5 && d <= 5;
        }
    return n;
}

static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

/* Pieces in the placement field of the SVG's data-fen attribute. */
static int fen_pieces(const char *svg)
{
    const char *f = strstr(svg, "data-fen=\"");
    assert_non_null(f);
    int n = 0;
    for (f += 10; *f && *f != ' '; f++)
        n += strchr("KQRBNPkqrbnp", *f) != NULL;
    return n;
}

/* The SVG of fen (NULL: start) after moves, in a malloc'd string; *rc the
 * renderer's return. */
static char *svg_of(const char *variant, const char *fen, const char *moves,
                    const hx_svg_options *o, int *rc, hx_error *err)
{
    const hx_rules *r = hx_rules_find(variant, NULL, err);
    assert_non_null(r);
    hx_position *pos = hx_position_new(r);
    assert_int_equal(hx_position_set_fen(pos, fen, err), 0);
    assert_int_equal(hx_play_moves(pos, moves, 0, err), 0);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    *rc = hx_board_svg(mem, pos, o, err);
    fclose(mem);
    hx_position_free(pos);
    return text;
}

static void test_layout_cells_and_neighbours(void **state)
{
    (void)state;
    static hx_board_layout l;
    for (int v = 0; v < 4; v++) {
        hx_error err;
        hx_board_layout_build(&l, hx_rules_find(variants[v], NULL, &err), 0, v == 2);
        assert_int_equal(l.ncells, spec_cells(variants[v]));
        /* Orthogonal neighbours are 1 apart on the page, diagonal ones sqrt 3. */
        for (int i = 0; i < l.ncells; i++)
            for (int j = 0; j < l.ncells; j++) {
                int dx = l.cells[j].x - l.cells[i].x, dy = l.cells[j].y - l.cells[i].y;
                int n = dx * dx - dx * dy + dy * dy;
                double d = hypot(l.cells[j].px - l.cells[i].px, l.cells[j].py - l.cells[i].py);
                if (n == 1 || n == 3)
                    assert_true(fabs(d - sqrt((double)n)) < 1e-9);
            }
        /* Every label names a file or rank of its end cell and is no cell. */
        assert_true(l.nlabels > 10);
        for (int i = 0; i < l.nlabels; i++) {
            const hx_layout_spot *s = &l.labels[i], *end = &l.cells[l.label_cell[i]];
            assert_int_equal(hx_board_layout_at(&l, s->x, s->y), -1);
            if (l.label_is_file[i])
                assert_int_equal(s->name[0], end->name[0]);
            else
                assert_string_equal(s->name, end->name + 1);
        }
    }
}

static void test_layout_parse_longest_name(void **state)
{
    (void)state;
    static hx_board_layout l;
    hx_error err;
    hx_board_layout_build(&l, hx_rules_find("glinski", NULL, &err), 0, 0);
    int len = 0, c = hx_board_layout_parse(&l, "e10e9", &len);
    assert_int_equal(len, 3);
    assert_string_equal(l.cells[c].name, "e10");
    assert_int_equal(hx_board_layout_parse(&l, "j5", &len), -1); /* no j in Glinski's naming */
}

static void test_svg_cells_and_pieces(void **state)
{
    (void)state;
    static const int cells[] = {70, 84, 91, 91};
    for (int v = 0; v < 4; v++) {
        hx_svg_options o = {0};
        hx_error err;
        int rc;
        char *svg = svg_of(variants[v], NULL, NULL, &o, &rc, &err);
        assert_int_equal(rc, 0);
        assert_int_equal(count(svg, "data-cell=\""), cells[v]);
        assert_int_equal(count(svg, "data-piece=\""), fen_pieces(svg));
        assert_int_equal(count(svg, "data-piece=\"K\""), 1);
        assert_int_equal(count(svg, "data-piece=\"k\""), 1);
        assert_null(strstr(svg, " id=")); /* several boards may share a page */
        assert_null(strstr(svg, "href"));  /* nothing outside the picture */
        free(svg);
    }
}

static void test_svg_rights_and_ep(void **state)
{
    (void)state;
    hx_svg_options o = {0};
    hx_error err;
    int rc;
    char *svg = svg_of("shafran", NULL, NULL, &o, &rc, &err);
    assert_int_equal(count(svg, "data-castling="), 4);
    assert_non_null(strstr(svg, "rook home a1"));
    assert_non_null(strstr(svg, "rook home i5"));
    assert_non_null(strstr(svg, "rook home a6"));
    assert_non_null(strstr(svg, "rook home i10"));
    free(svg);
    /* Gliński: e4-e6 crosses e5; the field names no victim, the pawn on e6 is it. */
    svg = svg_of("glinski", NULL, "e4e6", &o, &rc, &err);
    assert_non_null(strstr(svg, "data-ep=\"e5\""));
    assert_non_null(strstr(svg, "data-ep-victim=\"e6\""));
    assert_non_null(strstr(svg, "data-side=\"black\""));
    free(svg);
    /* Brusky prints the victim in the field. */
    svg = svg_of("brusky", NULL, "e2e4", &o, &rc, &err);
    assert_non_null(strstr(svg, "data-ep=\"e3\""));
    assert_non_null(strstr(svg, "data-ep-victim=\"e4\""));
    free(svg);
}

static void test_svg_highlights_arrows_and_seed_names(void **state)
{
    (void)state;
    hx_svg_arrow arrows[4];
    hx_error err;
    int rc;
    assert_int_equal(hx_svg_parse_arrows("e2e5, d8d5", HX_ARROW_PLAIN, arrows, 4, &err), 2);
    hx_svg_options o = {.highlight = "e4,f5 a1", .arrows = arrows, .narrows = 2};
    char *svg = svg_of("glinski", NULL, NULL, &o, &rc, &err);
    assert_int_equal(rc, 0);
    assert_int_equal(count(svg, "data-highlight=\"1\""), 3);
    assert_int_equal(count(svg, "data-kind=\"plain\""), 2);
    free(svg);
    /* A bad cell is named and nothing is written. */
    o.highlight = "e4 z9";
    svg = svg_of("glinski", NULL, NULL, &o, &rc, &err);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err.message, "z9"));
    assert_string_equal(svg, "");
    free(svg);
    hx_svg_arrow bad[1];
    hx_svg_parse_arrows("e2x5", HX_ARROW_PLAIN, bad, 1, &err);
    hx_svg_options ob = {.arrows = bad, .narrows = 1};
    svg = svg_of("glinski", NULL, NULL, &ob, &rc, &err);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err.message, "e2x5"));
    free(svg);
    /* Brusky's notation B names cells by right-leaning files: A-a1 is B-e1. */
    hx_svg_options os = {.naming = 1, .highlight = "e1"};
    svg = svg_of("brusky", NULL, NULL, &os, &rc, &err);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(svg, "data-cell=\"m1\""));
    assert_non_null(strstr(svg, "data-piece=\"R\" data-cell-of=\"e1\""));
    free(svg);
}

/* ------------------------------------------------------------ report */

static hx_move_count moves_of(const char *m)
{
    hx_move_count c = {{0}, 1};
    snprintf(c.move, sizeof c.move, "%s", m);
    return c;
}

static char *report_of(hx_results *r)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    assert_int_equal(hx_report_html(mem, r), 0);
    fclose(mem);
    return text;
}

static void test_report_finding(void **state)
{
    (void)state;
    hx_move_count missing[] = {moves_of("f3h5")}, extra[] = {moves_of("f3f8"), moves_of("z9z8")};
    hx_reproduction m = {
        .fen = "b/qbk/rnbnr/1pppppp/1p7/11/11/4PP5/5BP4/3PNBNP3/2PRQBKRP2 w - - 0 2",
        .path = "e3e4 c8c7", .depth = 1,
        .diff = {.missing = missing, .nmissing = 1, .extra = extra, .nextra = 2},
        .command = "hexref verify --engine './e' -v mccooey -d 1"};
    hx_check_result checks[2] = {
        {.kind = HX_CHECK_VERIFY, .outcome = HX_PASS, .id = "random #1", .variant = "mccooey",
         .profile = "std", .depth = 2},
        {.kind = HX_CHECK_VERIFY, .outcome = HX_FAIL, .id = "initial position",
         .variant = "mccooey", .profile = "std",
         .fen = "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1",
         .depth = 3, .message = "missing and extra moves", .minimal = &m}};
    hx_results r = {.command = "verify", .engine = "./e <x>", .checks = checks, .n = 2};
    char *html = report_of(&r);
    assert_non_null(strstr(html, "2 checks: 1 passed, 1 failed, 0 errors"));
    assert_int_equal(count(html, "<section class=\"finding\""), 1);
    assert_non_null(strstr(html, "./e &lt;x&gt;")); /* escaped */
    /* The board: missing and extra arrows; z9z8 names no cell and is left out. */
    assert_int_equal(count(html, "data-kind=\"missing\""), 1);
    assert_int_equal(count(html, "data-kind=\"extra\""), 1);
    assert_non_null(strstr(html, "<code>z9z8</code>"));
    /* Path: root and two steps, the last one shown. */
    assert_int_equal(count(html, "class=\"step\""), 3);
    assert_non_null(strstr(html, "data-step=\"2\">"));
    assert_non_null(strstr(html, "data-goto=\"2\">1&#8230; c8c7"));
    /* Reproduction and fixture. */
    assert_non_null(strstr(html, "hexref verify --engine &#39;./e&#39; -v mccooey -d 1"));
    assert_non_null(strstr(html, "fixture mccooey-finding-initial-position\nvariant mccooey\n"
                                 "profiles std\n"));
    assert_non_null(strstr(html, "\nline e3e4 c8c7\nlegal f3h5\nillegal f3f8 z9z8\nend\n"));
    /* Self-contained: nothing loaded from anywhere. */
    assert_null(strstr(html, "src="));
    assert_null(strstr(html, "http://www.w3.org/1999"));
    assert_int_equal(count(html, "http"), count(html, "xmlns=\"http://www.w3.org/2000/svg\""));
    free(html);
}

/* The path is played from the root (fen, then the check's own moves), and
 * numbered from there: Black moves first here. */
static void test_report_path_from_moves(void **state)
{
    (void)state;
    hx_move_count missing[] = {moves_of("c7c6")};
    hx_reproduction m = {.fen = "b/qbk/rnbnr/1pppppp/1p7/11/7B3/4PP5/6P4/3PNBNP3/2PRQBKRP2 b - - 1 2",
                         .path = "c8c7 f3h5", .depth = 1,
                         .diff = {.missing = missing, .nmissing = 1}};
    hx_check_result c = {.kind = HX_CHECK_VERIFY, .outcome = HX_FAIL, .id = "p",
                         .variant = "mccooey", .profile = "std",
                         .fen = "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1",
                         .moves = "e3e4", .depth = 3, .minimal = &m};
    hx_results r = {.command = "verify", .checks = &c, .n = 1};
    char *html = report_of(&r);
    assert_non_null(strstr(html, "data-goto=\"1\">1&#8230; c8c7</button>"));
    assert_non_null(strstr(html, "data-goto=\"2\">2. f3h5</button>"));
    assert_int_equal(count(html, "class=\"step\""), 3);
    assert_null(strstr(html, "cannot be drawn"));
    assert_non_null(strstr(html, "\nline e3e4 c8c7 f3h5\nlegal c7c6\nend\n"));
    free(html);
}

static void test_report_counts_and_bad_positions(void **state)
{
    (void)state;
    hx_count_diff differ[] = {{"e2e4", 30, 31}};
    hx_reproduction m = {.fen = "not a fen", .path = "", .depth = 2,
                         .diff = {.differ = differ, .ndiffer = 1, .expected_total = 600,
                                  .got_total = 601}};
    hx_check_result c = {.kind = HX_CHECK_SUITE, .outcome = HX_FAIL, .id = "x.epd:3",
                         .variant = "glinski", .profile = "std", .fen = "not a fen",
                         .depth = 2, .minimal = &m};
    hx_results r = {.command = "suite", .checks = &c, .n = 1};
    char *html = report_of(&r);
    assert_non_null(strstr(html, "cannot be drawn"));
    assert_non_null(strstr(html, "<td><code>e2e4</code></td><td>30</td><td>31</td>"));
    assert_non_null(strstr(html, "\nperft 2 600\nend\n"));
    free(html);
    hx_results none = {.command = "fixtures"};
    html = report_of(&none);
    assert_non_null(strstr(html, "id=\"no-findings\""));
    free(html);
}

static void test_report_file_is_whole_or_absent(void **state)
{
    (void)state;
    hx_results none = {.command = "fixtures"};
    char err[256], dir[] = "/tmp/hexref-render-XXXXXX", path[300];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/missing-dir/r.html", dir);
    assert_int_equal(hx_report_html_file(path, &none, err, sizeof err), -1);
    assert_non_null(strstr(err, "r.html"));
    snprintf(path, sizeof path, "%s/r.html", dir);
    assert_int_equal(hx_report_html_file(path, &none, err, sizeof err), 0);
    assert_int_equal(access(path, R_OK), 0);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout_cells_and_neighbours),
        cmocka_unit_test(test_layout_parse_longest_name),
        cmocka_unit_test(test_svg_cells_and_pieces),
        cmocka_unit_test(test_svg_rights_and_ep),
        cmocka_unit_test(test_svg_highlights_arrows_and_seed_names),
        cmocka_unit_test(test_report_finding),
        cmocka_unit_test(test_report_path_from_moves),
        cmocka_unit_test(test_report_counts_and_bad_positions),
        cmocka_unit_test(test_report_file_is_whole_or_absent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
