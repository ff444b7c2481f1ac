/*
 * strutil.h - the few string helpers the harness shares: duplication that
 * accepts NULL, a printer's output as a string, a growing text buffer for
 * messages, and a message about a file in an hx_error.
 */
#ifndef HEXREF_HARNESS_STRUTIL_H
#define HEXREF_HARNESS_STRUTIL_H

#include <stddef.h>
#include <stdio.h>

#include "hexref.h"

/* err says "BEFORE PATH AFTER" (AFTER formatted like printf): a message
 * about a file. A path too long for an hx_error loses its start ("...")
 * rather than the message its end: what went wrong is always told. */
void hx_error_path(hx_error *err, const char *before, const char *path, const char *after_fmt,
                   ...) __attribute__((format(printf, 4, 5)));

/* malloc'ed copies; NULL for NULL input or when out of memory. */
char *hx_strdup(const char *s);
/* The length of the well-formed UTF-8 sequence at s within room bytes (2
 * to 4), or 0: overlong forms, surrogates and code points past U+10FFFF are
 * not well-formed (RFC 3629). The printers keep such text as it is and
 * replace other bytes above 0x7f. */
size_t hx_utf8_length(const unsigned char *s, size_t room);
char *hx_strndup(const char *s, size_t n);
/* A malloc'ed formatted string, or NULL. */
char *hx_strfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* What print writes on a stream, as a malloc'ed string; NULL when out of
 * memory or when print returns non-zero (a write error). */
char *hx_text_of(int (*print)(FILE *out, const void *arg), const void *arg);

/* Makes room for one more item in a growing array (*items with *cap slots,
 * n used), doubling from `first`. 0, or -1 (memory; the array is kept). */
int hx_grow(void *items, int *cap, int n, size_t size, int first);

/* A growing NUL-terminated buffer; oom is set (and text kept) on failure. */
typedef struct hx_sbuf {
    char *s;
    size_t n, cap;
    int oom;
} hx_sbuf;

void hx_sbuf_printf(hx_sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Hands the text over (NULL if empty) and resets the buffer. */
char *hx_sbuf_take(hx_sbuf *b);

#endif
