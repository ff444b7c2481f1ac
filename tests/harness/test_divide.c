/*
 * test_divide.c - the harness's core values: the library divide against
 * perft, divides from an engine reply and from the text interface, the
 * difference of two divides, and the JSON and XML printers' escaping.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bisect.h"
#include "divide.h"
#include "print.h"
#include "session.h"
#include "xml.h"

static hx_position *start_position(const char *variant)
{
    hx_error err;
    const hx_rules *r = hx_rules_find(variant, "std", &err);
    assert_non_null(r);
    hx_position *pos = hx_position_new(r);
    assert_int_equal(hx_position_set_fen(pos, NULL, &err), 0);
    return pos;
}

/* The library divide sums to perft and is sorted; the oracle, through the
 * text interface, gives the same divide. */
static void library_divide_matches_perft_and_oracle(void **state)
{
    (void)state;
    const char *variants[] = {"shafran", "brusky", "glinski", "mccooey"};
    for (int v = 0; v < 4; v++) {
        hx_position *pos = start_position(variants[v]);
        hx_divide mine, theirs;
        assert_int_equal(hx_divide_of_position(pos, 3, 0, &mine), 0);
        assert_int_equal(mine.total, hx_perft(pos, 3));
        for (int i = 1; i < mine.n; i++)
            assert_true(strcmp(mine.moves[i - 1].move, mine.moves[i].move) < 0);
        char fen[HX_FEN_MAX];
        hx_error err;
        hx_position_fen(pos, fen);
        hx_session *oracle = hx_session_open_oracle(variants[v], "std", &err);
        hx_session_answer a;
        assert_non_null(oracle);
        hx_divide_free(&mine); /* the oracle at depth 2: ci/valgrind runs this test too */
        assert_int_equal(hx_divide_of_position(pos, 2, 0, &mine), 0);
        assert_int_equal(hx_session_divide(oracle, fen, "", 2, &a), 0);
        theirs = a.divide;
        hx_divide_init(&a.divide);
        hx_session_answer_free(&a);
        hx_session_close(oracle);
        hx_divide_diff d;
        assert_int_equal(hx_divide_diff_of(&mine, &theirs, &d), 0);
        assert_true(hx_divide_diff_empty(&d));
        hx_divide_diff_free(&d);
        hx_divide_free(&mine);
        hx_divide_free(&theirs);
        hx_position_free(pos);
    }
}

static void add_all(hx_divide *d, const char *const *moves, const uint64_t *counts, int n)
{
    hx_divide_init(d);
    for (int i = 0; i < n; i++)
        assert_int_equal(hx_divide_add(d, moves[i], counts[i]), 0);
}

/* Missing, extra and differing counts, whatever order the moves came in. */
static void difference_of_two_divides(void **state)
{
    (void)state;
    const char *em[] = {"e2e4", "a1a2", "f4f5"}, *gm[] = {"f4f5", "g1g2", "e2e4"};
    const uint64_t ec[] = {10, 7, 3}, gc[] = {4, 9, 10};
    hx_divide e, g;
    add_all(&e, em, ec, 3);
    add_all(&g, gm, gc, 3);
    assert_int_equal(e.total, 20);
    assert_int_equal(g.total, 23);
    hx_divide_diff d;
    assert_int_equal(hx_divide_diff_of(&e, &g, &d), 0);
    assert_false(hx_divide_diff_empty(&d));
    assert_int_equal(d.nmissing, 1);
    assert_string_equal(d.missing[0].move, "a1a2");
    assert_int_equal(d.nextra, 1);
    assert_string_equal(d.extra[0].move, "g1g2");
    assert_int_equal(d.ndiffer, 1);
    assert_string_equal(d.differ[0].move, "f4f5");
    assert_int_equal(d.differ[0].expected, 3);
    assert_int_equal(d.differ[0].got, 4);
    assert_int_equal(d.expected_total, 20);
    assert_int_equal(d.got_total, 23);
    hx_divide_diff copy;
    assert_int_equal(hx_divide_diff_copy(&copy, &d), 0);
    assert_string_equal(copy.extra[0].move, "g1g2");
    hx_divide_diff_free(&copy);
    hx_divide_diff_free(&d);
    /* only totals known: only totals compared */
    hx_divide t1, t2;
    hx_divide_init(&t1);
    hx_divide_init(&t2);
    t1.total = t2.total = 20;
    assert_int_equal(hx_divide_diff_of(&t1, &e, &d), 0);
    assert_true(hx_divide_diff_empty(&d));
    hx_divide_diff_free(&d);
    hx_divide_free(&e);
    hx_divide_free(&g);
}

/* An engine's reply keeps its duplicate lines and its own total. */
static void divide_of_reply(void **state)
{
    (void)state;
    hx_reply r;
    hx_reply_init(&r, HX_PROTOCOL_SCRIPT);
    const char *lines[] = {"f4f5 3", "e2e4 2", "e2e4 2", "", "9"};
    for (int i = 0; i < 5; i++)
        hx_reply_feed(&r, lines[i], strlen(lines[i]));
    hx_divide d;
    assert_int_equal(hx_divide_of_reply(&r, &d), 0);
    assert_int_equal(d.n, 3);
    assert_string_equal(d.moves[0].move, "e2e4");
    assert_string_equal(d.moves[1].move, "e2e4");
    assert_int_equal(d.total, 9);
    hx_divide_free(&d);
    hx_reply_free(&r);
}

/* JSON strings escape quotes, backslashes and bytes that are not ASCII. */
static void json_escapes_engine_text(void **state)
{
    (void)state;
    hx_results r;
    hx_results_init(&r, "verify", "odd \"engine\"\\ \x01\xff");
    hx_check_result c;
    hx_check_result_init(&c, HX_CHECK_VERIFY);
    c.id = strdup("x");
    c.outcome = HX_ERROR;
    c.message = strdup("line1\nline2 \xc2\xa7 \xc0\xaf");
    assert_int_equal(hx_results_add(&r, &c), 0);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_int_equal(hx_print_json(f, &r), 0);
    fclose(f);
    assert_non_null(strstr(text, "\"engine\":\"odd \\\"engine\\\"\\\\ \\u0001\\u00ff\""));
    /* UTF-8 ("§", as the fixtures quote their sources) is kept; an overlong
     * form is not UTF-8, and is escaped byte by byte */
    assert_non_null(strstr(text, "\"message\":\"line1\\nline2 \xc2\xa7 \\u00c0\\u00af\""));
    assert_non_null(strstr(text, "\"outcome\":\"error\""));
    free(text);
    hx_results_free(&r);
}

static char *xml_of(const char *text, size_t n)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    assert_non_null(f);
    hx_xml_text_n(f, text, n);
    fclose(f);
    return out;
}

/* XML text (JUnit, SVG, HTML): the five entities; newline and tab kept,
 * other control bytes and bytes that are not well-formed UTF-8 (a lone
 * byte, an overlong form, a surrogate, a sequence cut short) become '?';
 * well-formed UTF-8 ("Gliński") is kept as it is. */
static void xml_keeps_documents_well_formed(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"a<b>&\"c'", "a&lt;b&gt;&amp;&quot;c&#39;"},
        {"l1\nl2\tx\x01\x7f", "l1\nl2\tx??"},
        {"Gli\xc5\x84ski \xe2\x99\x94 \xf0\x9f\x98\x80", "Gli\xc5\x84ski \xe2\x99\x94 \xf0\x9f\x98\x80"},
        {"\xff\xc5 \xc0\xaf \xed\xa0\x80 \xf4\x90\x80\x80", "?? ?? ??? ????"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out = xml_of(cases[i].in, strlen(cases[i].in));
        assert_string_equal(out, cases[i].out);
        free(out);
    }
    char *cut = xml_of("n\xc5\x84", 2);  /* the limit splits the sequence */
    assert_string_equal(cut, "n?");
    free(cut);
    char *none = xml_of(NULL, 5);
    assert_string_equal(none, "");
    free(none);
}

/* McCooey's std and its bug model neg-capture-ep (a capture sets an e.p.
 * right) first differ at perft 4 from the start (1,157,852 against
 * 1,157,856): the bisection must end three plies down, at depth 1, where
 * the bug model lists an e.p. capture std does not. */
static void bisection_finds_the_minimal_position(void **state)
{
    (void)state;
    hx_error err;
    hx_session *std = hx_session_open_reference("mccooey", "std", &err);
    hx_session *neg = hx_session_open_reference("mccooey", "neg-capture-ep", &err);
    assert_non_null(std);
    assert_non_null(neg);
    char fen[HX_FEN_MAX];
    hx_position *start = start_position("mccooey");
    hx_position_fen(start, fen);
    hx_position_free(start);
    hx_reproduction m;
    assert_int_equal(hx_bisect(std, neg, fen, "", 3, &m, &err), 0);
    assert_int_equal(hx_bisect(std, neg, fen, "", 4, &m, &err), 1);
    assert_int_equal(m.depth, 1);
    int plies = 1;
    for (const char *p = m.path; *p; p++)
        plies += *p == ' ';
    assert_int_equal(plies, 3);
    assert_int_equal(m.diff.nmissing, 0);
    assert_int_equal(m.diff.nextra, 1);
    /* reached by the path, the two move lists differ there by that move; the
     * HexFEN is the expected side's (std's) position after the path */
    hx_session_answer a, b;
    hx_divide_diff d;
    assert_int_equal(hx_session_divide(std, fen, m.path, 1, &a), 0);
    assert_int_equal(hx_session_divide(neg, fen, m.path, 1, &b), 0);
    assert_int_equal(hx_divide_diff_of(&a.divide, &b.divide, &d), 0);
    assert_int_equal(d.nextra, 1);
    assert_string_equal(d.extra[0].move, m.diff.extra[0].move);
    hx_divide_diff_free(&d);
    hx_session_answer_free(&a);
    hx_session_answer_free(&b);
    hx_session_close(std);
    hx_session_close(neg);
    hx_position *pos = start_position("mccooey");
    hx_error e;
    assert_int_equal(hx_play_moves(pos, m.path, 0, &e), 0);
    hx_position_fen(pos, fen);
    assert_string_equal(fen, m.fen);
    hx_position_free(pos);
    free(m.fen);
    free(m.path);
    hx_divide_diff_free(&m.diff);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(library_divide_matches_perft_and_oracle),
        cmocka_unit_test(difference_of_two_divides),
        cmocka_unit_test(divide_of_reply),
        cmocka_unit_test(json_escapes_engine_text),
        cmocka_unit_test(xml_keeps_documents_well_formed),
        cmocka_unit_test(bisection_finds_the_minimal_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
