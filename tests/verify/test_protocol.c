/*
 * test_protocol.c - the engine-output reader (harness/protocol.c), the
 * process layer (harness/process.c) and the reference judged as an engine
 * for the fixture runner (harness/fixture_judge.c) on their own.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "fixture_engine.h"
#include "process.h"
#include "protocol.h"

static void feed_text(hx_reply *d, const char *text)
{
    while (*text) {
        size_t n = strcspn(text, "\n");
        hx_reply_feed(d, text, n);
        text += n + (text[n] == '\n');
    }
}

static void script_answer_is_read(void **state)
{
    (void)state;
    hx_reply d;
    hx_reply_init(&d, HX_PROTOCOL_SCRIPT);
    feed_text(&d, "e2e4 20\nd8d9q 1\n\n21\n");
    assert_true(d.complete && d.has_total);
    assert_int_equal(d.n, 2);
    assert_int_equal(d.total, 21);
    assert_int_equal(d.nbad_lines + d.nbad_moves, 0);
    hx_reply_sort(&d);
    assert_string_equal(d.lines[0].move, "d8d9q");
    assert_int_equal(hx_reply_find(&d, "e2e4"), 1);
    hx_reply_free(&d);
}

static void nothing_is_merged_or_trusted(void **state)
{
    (void)state;
    hx_reply d;
    uint64_t sum;
    hx_reply_init(&d, HX_PROTOCOL_SCRIPT);
    feed_text(&d, "e2e4 1\ne2-e5 1\nhello\ne2e4 1\n\n5\nmore\n");
    int times = 0;
    hx_reply_sort(&d);
    assert_int_equal(d.n, 2); /* the duplicate stays */
    assert_string_equal(hx_reply_duplicate(&d, &times), "e2e4");
    assert_int_equal(times, 2);
    assert_int_equal(d.nbad_moves, 1);
    assert_string_equal(d.bad_moves[0].text, "e2-e5 1");
    assert_int_equal(d.nbad_lines, 2); /* "hello", "more" after the total */
    assert_int_equal(d.bad_lines[0].line_no, 3);
    assert_int_equal(hx_reply_sum(&d, &sum), 0);
    assert_int_equal(sum, 2);
    assert_int_equal(d.total, 5);
    hx_reply_free(&d);
}

static void numbers_and_bytes_are_checked(void **state)
{
    (void)state;
    hx_reply d;
    hx_reply_init(&d, HX_PROTOCOL_SCRIPT);
    hx_reply_feed(&d, "e2e4 18446744073709551616", 25); /* 2^64 */
    hx_reply_feed(&d, "e2e4\0 1", 7);
    hx_reply_feed(&d, "e2e4 -1", 7);
    assert_int_equal(d.n, 0);
    assert_int_equal(d.nbad_lines, 3);
    assert_string_equal(d.bad_lines[1].text, "e2e4? 1");
    assert_false(d.complete);
    hx_reply_free(&d);
}

static void uci_answer_is_read(void **state)
{
    (void)state;
    hx_reply d;
    hx_reply_init(&d, HX_PROTOCOL_UCI);
    feed_text(&d, "info string NNUE\nc1c2: 3\n");
    assert_false(d.complete);
    assert_int_equal(hx_reply_feed(&d, "", 0), 0);
    assert_int_equal(hx_reply_feed(&d, "Nodes searched: 3", 17), 1);
    assert_int_equal(d.n, 1);
    assert_int_equal(d.total, 3);
    assert_int_equal(d.nbad_lines, 0);
    hx_reply_free(&d);
    hx_reply_init(&d, HX_PROTOCOL_UCI);
    feed_text(&d, "c1c2 3\n");
    assert_int_equal(d.nbad_lines, 1); /* script lines are not uci lines */
    assert_int_equal(hx_reply_feed(&d, "error: bad HexFEN", 17), 1);
    assert_true(d.has_error);
    assert_string_equal(d.error, "bad HexFEN");
    hx_reply_free(&d);
}

static void move_text_shapes(void **state)
{
    (void)state;
    assert_true(hx_move_text_ok("e2e4"));
    assert_true(hx_move_text_ok("e10e11"));
    assert_true(hx_move_text_ok("d8d9q"));
    assert_false(hx_move_text_ok("e2-e4"));
    assert_false(hx_move_text_ok("E2E4"));
    assert_false(hx_move_text_ok("d8d9Q"));
    assert_false(hx_move_text_ok("O-O"));
    assert_false(hx_move_text_ok("e2e4qq"));
    assert_false(hx_move_text_ok("e2"));
}

static hx_proc start(const char *script, int with_stdin)
{
    hx_error err;
    char *argv[] = {"/bin/sh", "-c", (char *)script, NULL};
    char *envp[] = {"PATH=/usr/bin:/bin", NULL};
    hx_proc p;
    assert_int_equal(hx_proc_start(&p, argv, envp, with_stdin, &err), 0);
    return p;
}

static void process_deadline_cap_and_exit(void **state)
{
    (void)state;
    char *line;
    size_t len;
    hx_proc p = start("sleep 30", 0);
    double t0 = hx_proc_now();
    assert_int_equal(hx_proc_read_line(&p, t0 + 0.2, 1000, &line, &len), HX_LINE_TIMEOUT);
    hx_proc_stop(&p);
    assert_true(hx_proc_now() - t0 < 5);
    assert_true(WIFSIGNALED(p.wstatus));

    p = start("yes abc", 0);
    int rc;
    while ((rc = hx_proc_read_line(&p, hx_proc_now() + 5, 10000, &line, &len)) == HX_LINE_OK)
        assert_string_equal(line, "abc");
    assert_int_equal(rc, HX_LINE_CAP);
    hx_proc_stop(&p);

    p = start("printf 'one\\ntwo'; echo oops >&2; exit 4", 0);
    assert_int_equal(hx_proc_read_line(&p, hx_proc_now() + 5, 1000, &line, &len), HX_LINE_OK);
    assert_string_equal(line, "one");
    assert_int_equal(hx_proc_read_line(&p, hx_proc_now() + 5, 1000, &line, &len), HX_LINE_OK);
    assert_string_equal(line, "two"); /* the unterminated last line */
    assert_int_equal(hx_proc_read_line(&p, hx_proc_now() + 5, 1000, &line, &len), HX_LINE_EOF);
    assert_int_equal(hx_proc_wait(&p, hx_proc_now() + 5), 0);
    hx_proc_stop(&p);
    assert_int_equal(WEXITSTATUS(p.wstatus), 4);
    assert_string_equal(p.err_text, "oops\n");
}

/* stderr: its start and its end are kept, with what was left out counted
 * (a traceback's last line is what it says), and what an engine wrote
 * before its answer's last line is there when the answer is read (issue 30). */
static void process_keeps_stderr_start_and_end(void **state)
{
    (void)state;
    char *line, text[HX_PROC_ERR_TEXT];
    size_t len;
    hx_proc p = start("i=0; while [ $i -lt 400 ]; do echo \"chatter line $i\" >&2; "
                      "i=$((i+1)); done; echo 'ValueError: the last line' >&2; echo done", 0);
    while (hx_proc_read_line(&p, hx_proc_now() + 5, 1000, &line, &len) == HX_LINE_OK)
        ;
    assert_int_equal(hx_proc_wait(&p, hx_proc_now() + 5), 0);
    hx_proc_stop(&p);
    hx_proc_stderr(&p, text, sizeof text);
    assert_true(strncmp(text, "chatter line 0\nchatter line 1\n", 30) == 0);
    assert_non_null(strstr(text, " bytes of stderr left out ...]\nchatter line "));
    size_t n = strlen(text), end = strlen("ValueError: the last line\n");
    assert_true(n > end && strcmp(text + n - end, "ValueError: the last line\n") == 0);
    assert_true(n > HX_PROC_ERR_KEEP + HX_PROC_ERR_TAIL / 2);

    p = start("printf 'Traceback (most recent call last):\\n  File x\\nKeyError: 3\\n' >&2; "
              "echo answer; exec sleep 5", 0);
    assert_int_equal(hx_proc_read_line(&p, hx_proc_now() + 5, 1000, &line, &len), HX_LINE_OK);
    assert_string_equal(line, "answer");
    hx_proc_drain_stderr(&p);
    hx_proc_stderr(&p, text, sizeof text);
    assert_string_equal(text, "Traceback (most recent call last):\n  File x\nKeyError: 3\n");
    hx_proc_stop(&p);
}

static void process_talks_both_ways(void **state)
{
    (void)state;
    char *line;
    size_t len;
    hx_proc p = start("while read x; do echo \"got $x\"; done", 1);
    assert_int_equal(hx_proc_write(&p, "ping\n", hx_proc_now() + 5), 0);
    assert_int_equal(hx_proc_read_line(&p, hx_proc_now() + 5, 1000, &line, &len), HX_LINE_OK);
    assert_string_equal(line, "got ping");
    hx_proc_stop(&p);
}

static void shell_quoting(void **state)
{
    (void)state;
    char out[64];
    hx_shell_quote("a b", out, sizeof out);
    assert_string_equal(out, "'a b'");
    hx_shell_quote("it's", out, sizeof out);
    assert_string_equal(out, "'it'\\''s'");
}

/* The pinned reference, judged as an engine, answers as an engine would. */
static void reference_backend_answers(void **state)
{
    (void)state;
    const char *start = "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1";
    hx_error err;
    hx_session *s = hx_session_open_reference("mccooey", "std", &err);
    hx_session_answer a;
    assert_non_null(s);
    assert_int_equal(hx_session_divide(s, start, "e3e4", 2, &a), 0);
    assert_int_equal(a.error.kind, HX_SESSION_OK);
    assert_int_equal(a.divide.n, 31);
    hx_session_answer_free(&a);
    hx_fixture_engine *e = hx_fixture_engine_judged(s, 1, 1, &err);
    assert_non_null(e);
    assert_true(hx_fixture_engine_has_status(e));
    strvec moves = {0};
    fx_problem why;
    fx_query q = {"mccooey", "std", start, "", start};
    assert_int_equal(fx_engine_moves(e, &q, &moves, &why), FX_OK);
    assert_true(sv_has(&moves, "f4f5"));
    assert_false(sv_has(&moves, "f4f6"));
    sv_free(&moves);
    fx_query other = {"shafran", "std", "x", "", "x"};
    assert_int_not_equal(fx_engine_moves(e, &other, &moves, &why), FX_OK);
    sv_free(&moves);
    hx_fixture_engine_free(e);
    hx_session_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(script_answer_is_read),
        cmocka_unit_test(nothing_is_merged_or_trusted),
        cmocka_unit_test(numbers_and_bytes_are_checked),
        cmocka_unit_test(uci_answer_is_read),
        cmocka_unit_test(move_text_shapes),
        cmocka_unit_test(process_deadline_cap_and_exit),
        cmocka_unit_test(process_talks_both_ways),
        cmocka_unit_test(process_keeps_stderr_start_and_end),
        cmocka_unit_test(shell_quoting),
        cmocka_unit_test(reference_backend_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
