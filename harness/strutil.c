/*
 * strutil.c - string duplication and the growing text buffer.
 */
#define _POSIX_C_SOURCE 200809L

#include "strutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *hx_strndup(const char *s, size_t n)
{
    if (!s)
        return NULL;
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

char *hx_strdup(const char *s)
{
    return s ? hx_strndup(s, strlen(s)) : NULL;
}

static char *vformat(const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

void hx_error_path(hx_error *err, const char *before, const char *path, const char *after_fmt,
                   ...)
{
    char after[sizeof err->message];
    va_list ap;
    va_start(ap, after_fmt);
    vsnprintf(after, sizeof after, after_fmt, ap);
    va_end(ap);
    size_t room = sizeof err->message - 1, fixed = strlen(before) + strlen(after);
    size_t n = strlen(path);
    const char *dots = "", *shown = path;
    if (fixed + n > room && fixed + 3 < room) { /* keep the end of the path: its file name */
        dots = "...";
        shown = path + n - (room - fixed - 3);
    }
    char *text = hx_strfmt("%s%s%s%s", before, dots, shown, (const char *)after);
    snprintf(err->message, sizeof err->message, "%s", text ? text : "out of memory");
    free(text);
}

char *hx_strfmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    return s;
}

void hx_sbuf_printf(hx_sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    size_t len = s ? strlen(s) : 0;
    if (s && b->n + len + 1 > b->cap) {
        size_t nc = (b->n + len + 1) * 2;
        char *ns = realloc(b->s, nc);
        if (!ns) {
            free(s);
            s = NULL;
        } else {
            b->s = ns;
            b->cap = nc;
        }
    }
    if (!s) {
        b->oom = 1;
        return;
    }
    memcpy(b->s + b->n, s, len + 1);
    b->n += len;
    free(s);
}

char *hx_sbuf_take(hx_sbuf *b)
{
    char *s = b->n ? b->s : NULL;
    if (!s)
        free(b->s);
    memset(b, 0, sizeof *b);
    return s;
}

int hx_grow(void *items, int *cap, int n, size_t size, int first)
{
    if (n < *cap)
        return 0;
    int nc = *cap ? *cap * 2 : first;
    void **slot = items;
    void *grown = realloc(*slot, (size_t)nc * size);
    if (!grown)
        return -1;
    *slot = grown;
    *cap = nc;
    return 0;
}

/* The length of the well-formed UTF-8 sequence at s (2 to 4 bytes), or 0.
 * Overlong forms, surrogates and code points past U+10FFFF are not
 * well-formed (RFC 3629). */
size_t hx_utf8_length(const unsigned char *s, size_t room)
{
    size_t n;
    unsigned min_second = 0x80, max_second = 0xbf;

    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4;
    else
        return 0;
    if (s[0] == 0xe0)
        min_second = 0xa0;  /* overlong below U+0800 */
    else if (s[0] == 0xed)
        max_second = 0x9f;  /* surrogates */
    else if (s[0] == 0xf0)
        min_second = 0x90;  /* overlong below U+10000 */
    else if (s[0] == 0xf4)
        max_second = 0x8f;  /* beyond U+10FFFF */
    if (n > room || s[1] < min_second || s[1] > max_second)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return n;
}

char *hx_text_of(int (*print)(FILE *out, const void *arg), const void *arg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    int rc = print(f, arg);
    if (fclose(f) != 0 || rc != 0) {
        free(text);
        return NULL;
    }
    return text;
}
