/*
 * test_check_identify.c - hexref_check.h's hx_check_identify: identify of
 * an engine that is a C function, through the shared library, as the
 * Python and JavaScript packages call it. The engine is the reference
 * itself through hexref.h, pinned to a profile the test chooses and never
 * told to identify, which must name that profile.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hexref.h"
#include "hexref_check.h"

typedef struct fn_engine {
    const hx_rules *rules;
    int calls;
    int setups_only_start; /* 1: refuses every position but the initial one */
} fn_engine;

/* Is fen the initial position of e's rules? */
static int is_start(const fn_engine *e, const char *fen)
{
    char start[HX_FEN_MAX];
    hx_error err;
    hx_position *pos = hx_position_new(e->rules);
    int ok = pos && hx_position_set_fen(pos, NULL, &err) == 0;
    if (ok)
        hx_position_fen(pos, start);
    hx_position_free(pos);
    return ok && strcmp(start, fen) == 0;
}

/* The divide as perftree text, or the reason the position is refused. */
static int divide_text(const fn_engine *e, const char *fen, const char *moves, int depth,
                       char *out, size_t cap, hx_error *err)
{
    static hx_divide_entry list[HX_MAX_MOVES];
    hx_position *pos = hx_position_new(e->rules);
    if (!pos || hx_position_set_fen(pos, fen, err) != 0 || hx_play_moves(pos, moves, 0, err) != 0) {
        hx_position_free(pos);
        return -1;
    }
    int n = hx_perft_divide(pos, depth, 0, list);
    uint64_t total = 0;
    size_t len = 0;
    for (int i = 0; i < n && len < cap; i++) {
        total += list[i].count;
        len += (size_t)snprintf(out + len, cap - len, "%s %llu\n", list[i].move,
                                (unsigned long long)list[i].count);
    }
    if (len < cap)
        snprintf(out + len, cap - len, "\n%llu\n", (unsigned long long)total);
    hx_position_free(pos);
    return 0;
}

static int engine(void *ctx, const char *fen, const char *moves, int depth, hx_check_reply *r)
{
    fn_engine *e = ctx;
    static char text[64 * 1024];
    hx_error err;
    e->calls++;
    if (e->setups_only_start && !is_start(e, fen))
        hx_check_reply_failure(r, "error", "this engine sets up no position but the initial one");
    else if (divide_text(e, fen, moves, depth, text, sizeof text, &err) != 0)
        hx_check_reply_failure(r, "error", err.message);
    else
        hx_check_reply_text(r, text);
    return 0;
}

/* identify of the reference pinned to variant/profile (refusing every
 * position but the initial one if only_start); the JSON. */
static char *identify_engine(const char *variant, const char *profile, int only_start,
                             int *failed)
{
    hx_error err;
    fn_engine e = {hx_rules_find(variant, profile, &err), 0, only_start};
    assert_non_null(e.rules);
    char options[512];
    snprintf(options, sizeof options, "variant=%s\nfixture=%s/%s\nname=reference as %s\n",
             variant, HEXREF_FIXTURES_DIR, variant, profile);
    int pending = -1;
    char *json = hx_check_identify(options, engine, &e, failed, &pending, &err);
    if (!json)
        fail_msg("hx_check_identify: %s", err.message);
    assert_int_equal(pending, 0);
    assert_true(e.calls > 0);
    return json;
}

static char *identify(const char *variant, const char *profile, int *failed)
{
    return identify_engine(variant, profile, 0, failed);
}

/* Every check of json names profile, and there is at least one. */
static void assert_all_name(const char *json, const char *profile)
{
    char want[96];
    snprintf(want, sizeof want, "\"profile\":\"%s\"", profile);
    int lines = 0;
    for (const char *s = json; *s; lines++) {
        int n = (int)strcspn(s, "\n");
        const char *at = strstr(s, want);
        if (!at || at >= s + n)
            fail_msg("a check does not name %s: %.*s", profile, n, s);
        s += n + (s[n] != 0);
    }
    assert_true(lines > 10);
}

static void names_the_negative_control(void **state)
{
    (void)state;
    int failed = -1;
    char *json = identify("glinski", "neg-mccooey-capture", &failed);
    assert_int_equal(failed, 0);
    assert_all_name(json, "neg-mccooey-capture");
    assert_null(strstr(json, "\"outcome\":\"fail\""));
    hx_check_free(json);
}

static void names_std_for_the_reference(void **state)
{
    (void)state;
    int failed = -1;
    char *json = identify("mccooey", "std", &failed);
    assert_int_equal(failed, 0);
    assert_all_name(json, "std"); /* std and ludii generate alike: the first is named */
    hx_check_free(json);
}

/* Jocly's Brusky accepts positions its reading rejects: not applicable,
 * which is no failure. */
static void not_applicable_is_no_failure(void **state)
{
    (void)state;
    int failed = -1;
    char *json = identify("brusky", "jocly", &failed);
    assert_int_equal(failed, 0);
    assert_all_name(json, "jocly");
    assert_non_null(strstr(json, "\"outcome\":\"not_applicable\""));
    hx_check_free(json);
}

/* Issue 30: an engine that sets up no position but the initial one gives
 * errors, counted apart: every check is against std (closest), none
 * fails (no reading differs where it answered), some are errors. Under
 * the old pattern ranking its refusals made it closest to a negative
 * control. */
static void refused_setups_are_errors_not_a_reading(void **state)
{
    (void)state;
    const char *variants[] = {"mccooey", "glinski"};
    for (size_t i = 0; i < sizeof variants / sizeof *variants; i++) {
        int failed = -1;
        char *json = identify_engine(variants[i], "std", 1, &failed);
        assert_all_name(json, "std");
        assert_non_null(strstr(json, "\"outcome\":\"error\""));
        assert_non_null(strstr(json, "\"outcome\":\"pass\""));
        assert_null(strstr(json, "\"outcome\":\"fail\""));
        assert_true(failed > 0); /* the errors */
        hx_check_free(json);
    }
}

static void bad_options_are_errors(void **state)
{
    (void)state;
    const char *bad[] = {"fixture=" HEXREF_FIXTURES_DIR "\n",              /* no variant */
                         "variant=glinski\n",                              /* no fixtures */
                         "variant=glinski\nfixture=" HEXREF_FIXTURES_DIR "\ndepth=3\n",
                         "variant=glinski\nfixture\n",                     /* not key=value */
                         "variant=nosuch\nfixture=" HEXREF_FIXTURES_DIR "\n",
                         "variant=glinski\nfixture=" HEXREF_FIXTURES_DIR "/brusky\n",
                         "variant=glinski\nfixture=/nonexistent/x.fix\n"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        hx_error err = {{0}};
        fn_engine e = {hx_rules_find("glinski", "std", &err), 0, 0};
        err.message[0] = '\0';
        int failed = 0;
        char *json = hx_check_identify(bad[i], engine, &e, &failed, NULL, &err);
        if (json)
            fail_msg("options '%s' ran: %s", bad[i], json);
        if (!err.message[0])
            fail_msg("options '%s': no message", bad[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_the_negative_control),
        cmocka_unit_test(names_std_for_the_reference),
        cmocka_unit_test(not_applicable_is_no_failure),
        cmocka_unit_test(refused_setups_are_errors_not_a_reading),
        cmocka_unit_test(bad_options_are_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
