/*
 * check_identify.c - hexref_check.h's hx_check_identify: the options text
 * becomes an hx_identify_config, the function a session (session_host.c),
 * and the run is the identify runner's own (identify.h); its checks leave
 * as the JSON Lines `hexref identify --format json` writes.
 */
#include "hexref_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_options.h"
#include "identify.h"
#include "print.h"
#include "session.h"
#include "strutil.h"

enum { IDENTIFY_PATHS_MAX = 64 };

typedef struct identify_options {
    char *text; /* a copy: the strings below point into it */
    const char *variant, *name;
    const char *paths[IDENTIFY_PATHS_MAX];
    int npaths;
} identify_options;

static int fail(hx_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
}

static int set_option(void *ctx, const char *key, const char *value, hx_error *err)
{
    identify_options *o = ctx;
    if (strcmp(key, "variant") == 0)
        o->variant = value;
    else if (strcmp(key, "name") == 0)
        o->name = value;
    else if (strcmp(key, "fixture") != 0)
        return fail(err, "unknown option '%s' for identify (variant=, name=, fixture=)", key);
    else if (o->npaths == IDENTIFY_PATHS_MAX)
        return fail(err, "option fixture=: more than %d", IDENTIFY_PATHS_MAX);
    else
        o->paths[o->npaths++] = value;
    return 0;
}

static int parse_options(const char *options, identify_options *o, hx_error *err)
{
    memset(o, 0, sizeof *o);
    if (!(o->text = hx_strdup(options ? options : "")))
        return fail(err, "out of memory");
    if (hx_check_each_option(o->text, set_option, o, err) != 0)
        return -1;
    if (!o->variant)
        return fail(err, "option variant= is required");
    if (!o->npaths)
        return fail(err, "identify needs at least one fixture=PATH (a file or directory)");
    return 0;
}

/* The run's checks as JSON, or NULL with err. */
static char *identify_json(const identify_options *o, hx_session *s, int *failed, hx_error *err)
{
    hx_identify_result *r = calloc(1, sizeof *r);
    hx_identify_config cfg = {s, HX_PROTOCOL_SCRIPT, o->variant, o->paths, o->npaths, stderr};
    char *json = NULL;
    if (!r)
        fail(err, "out of memory");
    else if (hx_identify_run(&cfg, NULL, r, err) == 0 && !(json = hx_print_json_text(&r->checks)))
        fail(err, "out of memory");
    for (int i = 0; json && failed && i < r->checks.n; i++)
        *failed += r->checks.checks[i].outcome == HX_FAIL ||
                   r->checks.checks[i].outcome == HX_ERROR; /* not applicable is no failure */
    if (r)
        hx_identify_result_free(r);
    free(r);
    return json;
}

char *hx_check_identify(const char *options, hx_check_engine_fn engine, void *ctx, int *failed,
                        int *pending, hx_error *err)
{
    identify_options o;
    int npending = 0;
    char *json = NULL;
    if (failed)
        *failed = 0;
    if (parse_options(options, &o, err) == 0) {
        /* the profile is not told: the engine's behaviour is what is identified */
        hx_session *s = hx_session_open_host(engine, ctx, &npending,
                                             o.name ? o.name : "function", o.variant, NULL, err);
        json = s ? identify_json(&o, s, failed, err) : NULL;
        hx_session_close(s);
    }
    if (pending)
        *pending = npending;
    free(o.text);
    return json;
}
