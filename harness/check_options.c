/*
 * check_options.c - the "key=value" lines of hexref_check.h's options
 * (check_options.h).
 */
#include "check_options.h"

#include <stdio.h>
#include <string.h>

int hx_check_each_option(char *text,
                         int (*set)(void *ctx, const char *key, const char *value, hx_error *err),
                         void *ctx, hx_error *err)
{
    for (char *line = text, *next; line && *line; line = next) {
        next = line + strcspn(line, "\n");
        if (*next)
            *next++ = '\0';
        if (!*line)
            continue;
        char *eq = strchr(line, '=');
        if (!eq) {
            snprintf(err->message, sizeof err->message, "option line '%.200s' is not key=value",
                     line);
            return -1;
        }
        *eq = '\0';
        if (set(ctx, line, eq + 1, err) != 0)
            return -1;
    }
    return 0;
}
