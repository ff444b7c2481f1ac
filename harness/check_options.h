/*
 * check_options.h - the options text of hexref_check.h's calls: one
 * "key=value" per line, blank lines ignored. Shared by check.c (verify)
 * and check_identify.c, each with its own keys.
 */
#ifndef HEXREF_HARNESS_CHECK_OPTIONS_H
#define HEXREF_HARNESS_CHECK_OPTIONS_H

#include "hexref.h"

/* Calls set(ctx, key, value, err) for each line of text, which is cut up in
 * place (the strings stay valid as long as text). 0, or -1 with err (a
 * line without '=', or set's own error). */
int hx_check_each_option(char *text,
                         int (*set)(void *ctx, const char *key, const char *value, hx_error *err),
                         void *ctx, hx_error *err);

#endif
