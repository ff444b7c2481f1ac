/*
 * check.c - hexref_check.h: verify of an engine that is a function of the
 * host program. The options text becomes an hx_verify_config, the function
 * becomes a session (session_host.c), and the run is the verify runner's
 * own (verify.h); the results leave as the JSON Lines `hexref verify
 * --format json` writes. Nothing here judges an answer.
 */
#include "hexref_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_options.h"
#include "print.h"
#include "session.h"
#include "strutil.h"
#include "verify.h"

enum { CHECK_LIST_MAX = 64 };

/* The options, parsed; the strings point into text (a copy). */
typedef struct check_options {
    char *text;
    const char *name;
    const char *suites[CHECK_LIST_MAX];
    const char *fixtures[CHECK_LIST_MAX];
    int root_given; /* root= was given (else: the root when nothing else is asked) */
    hx_verify_config cfg;
} check_options;

static int fail(hx_error *err, const char *fmt, const char *a, const char *b)
{
    snprintf(err->message, sizeof err->message, fmt, a, b);
    return -1;
}

/* A whole non-negative number (or a flag 0/1). */
static int number(const char *key, const char *value, unsigned long long max,
                  unsigned long long *out, hx_error *err)
{
    char *end;
    if (!*value || *value == '-')
        return fail(err, "option %s=%s: not a number", key, value);
    *out = strtoull(value, &end, 10);
    if (*end || *out > max)
        return fail(err, "option %s=%s: not a number in range", key, value);
    return 0;
}

static int add_path(const char **list, int *n, const char *key, const char *value, hx_error *err)
{
    if (*n >= CHECK_LIST_MAX)
        return fail(err, "option %s=%s: too many (the limit is 64)", key, value);
    list[(*n)++] = value;
    return 0;
}

static int set_number(hx_verify_config *c, const char *key, const char *value, hx_error *err)
{
    unsigned long long v;
    struct {
        const char *key;
        unsigned long long max;
    } keys[] = {{"depth", HX_PERFT_MAX_DEPTH}, {"root", 1},    {"random", 1000000},
                {"seed", UINT64_MAX},          {"max_nodes", UINT64_MAX}, {"fixtures", 1}};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        if (strcmp(key, keys[i].key) != 0)
            continue;
        if (number(key, value, keys[i].max, &v, err) != 0)
            return -1;
        if (i == 0 && v == 0)
            return fail(err, "option %s=%s: depth must be from 1", key, value);
        int *ints[] = {&c->depth, &c->single, &c->random, NULL, NULL, &c->fixtures};
        if (ints[i])
            *ints[i] = (int)v;
        else if (i == 3)
            c->seed = v;
        else
            c->max_nodes = v;
        return 0;
    }
    return fail(err, "unknown option '%s' (in '%s=...')", key, key);
}

static int set_option(check_options *o, const char *key, const char *value, hx_error *err)
{
    hx_verify_config *c = &o->cfg;
    const char **strings[] = {&c->variant, &c->profile, &o->name, &c->fen, &c->moves, &c->tier};
    const char *names[] = {"variant", "profile", "name", "fen", "moves", "tier"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(key, names[i]) == 0) {
            *strings[i] = value;
            return 0;
        }
    if (strcmp(key, "suite") == 0)
        return add_path(o->suites, &c->nsuites, key, value, err);
    if (strcmp(key, "fixture") == 0)
        return add_path(o->fixtures, &c->nfixture_paths, key, value, err);
    if (strcmp(key, "timeout") == 0) {
        char *end;
        c->timeout = strtod(value, &end);
        return *end || c->timeout < 0 ? fail(err, "option %s=%s: not a number of seconds", key,
                                              value)
                                      : 0;
    }
    return set_number(c, key, value, err);
}

/* check_options.h's callback: one key=value of verify. */
static int set_verify_option(void *ctx, const char *key, const char *value, hx_error *err)
{
    check_options *o = ctx;
    o->root_given |= strcmp(key, "root") == 0;
    return set_option(o, key, value, err);
}

static int parse_options(const char *options, check_options *o, hx_error *err)
{
    memset(o, 0, sizeof *o);
    o->text = hx_strdup(options ? options : "");
    if (!o->text)
        return fail(err, "out of memory%s%s", "", "");
    hx_verify_config *c = &o->cfg;
    c->depth = -1, c->seed = 1, c->protocol = HX_PROTOCOL_SCRIPT;
    if (hx_check_each_option(o->text, set_verify_option, o, err) != 0)
        return -1;
    if (!o->root_given)
        c->single = c->fen || c->moves || (!c->nsuites && !c->random && !c->fixtures);
    if (!c->variant)
        return fail(err, "option variant= is required%s%s", "", "");
    if (!c->profile)
        c->profile = "std";
    if (c->tier && strcmp(c->tier, "quick") && strcmp(c->tier, "deep"))
        return fail(err, "option tier=%s: quick or deep%s", c->tier, "");
    if (c->fixtures && !c->nfixture_paths)
        return fail(err, "fixtures=1 needs at least one fixture=PATH%s%s", "", "");
    c->suites = o->suites;
    c->fixture_paths = o->fixtures;
    c->command = o->name ? o->name : "function";
    return 0;
}

static void ignore_event(void *ctx, const hx_verify_event *e)
{
    (void)ctx, (void)e;
}

char *hx_check_verify(const char *options, hx_check_engine_fn engine, void *ctx, int *failed,
                      int *pending, hx_error *err)
{
    check_options o;
    char *json = NULL;
    int npending = 0;
    if (parse_options(options, &o, err) != 0) {
        free(o.text);
        return NULL;
    }
    hx_verify_config *c = &o.cfg;
    /* The fixture runner's notes (a file that does not parse, a profile
     * skipped) go where a host program's own diagnostics go. */
    c->fixture_notes = stderr;
    c->session = hx_session_open_host(engine, ctx, &npending, c->command, c->variant, c->profile,
                                      err);
    hx_results results;
    hx_results_init(&results, "verify", c->command);
    hx_verify_observer obs = {ignore_event, NULL};
    hx_verify_summary summary;
    if (c->session && hx_verify_run(c, &obs, &results, &summary, err) == 0) {
        json = hx_print_json_text(&results);
        if (!json)
            snprintf(err->message, sizeof err->message, "out of memory");
        if (failed)
            *failed = summary.failed;
    }
    if (pending)
        *pending = npending;
    hx_session_close(c->session);
    hx_results_free(&results);
    free(o.text);
    return json;
}

void hx_check_free(char *text)
{
    free(text);
}
