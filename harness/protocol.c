/*
 * protocol.c - the engine-output reader of protocol.h. Written to survive
 * any input (it has a fuzz target, fuzz/engine_output_parse.c): every line
 * is read through bounded copies, nothing is assumed about its length or
 * bytes.
 */
#include "protocol.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { S_LINES, S_TOTAL, S_AFTER };
enum { MAX_TOKENS = 4, TOKEN_MAX = 32 };

int hx_protocol_by_name(const char *name)
{
    if (name && strcmp(name, "script") == 0)
        return HX_PROTOCOL_SCRIPT;
    if (name && strcmp(name, "uci") == 0)
        return HX_PROTOCOL_UCI;
    return -1;
}

const char *hx_protocol_name(int protocol)
{
    return protocol == HX_PROTOCOL_UCI ? "uci" : "script";
}

void hx_reply_init(hx_reply *d, int protocol)
{
    memset(d, 0, sizeof *d);
    d->protocol = protocol;
    d->state = S_LINES;
}

void hx_reply_free(hx_reply *d)
{
    free(d->lines);
    d->lines = NULL;
    d->n = d->cap = 0;
}

static void quote(char *out, const char *line, size_t len)
{
    size_t n = len < HX_REPLY_TEXT - 4 ? len : HX_REPLY_TEXT - 4;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)line[i];
        out[i] = (c >= 32 && c < 127) ? (char)c : '?';
    }
    strcpy(out + n, n < len ? "..." : "");
}

static void keep(hx_reply_problem *list, int *count, int line_no, const char *line, size_t len)
{
    if (*count < HX_REPLY_KEEP) {
        list[*count].line_no = line_no;
        quote(list[*count].text, line, len);
    }
    (*count)++;
}

/* Splits on blanks into at most MAX_TOKENS tokens of < TOKEN_MAX bytes.
 * Returns the token count, or -1 if a token is too long or there are more
 * tokens, or the line holds a NUL or control byte. */
static int tokenize(const char *line, size_t len, char tok[MAX_TOKENS][TOKEN_MAX])
{
    int n = 0;
    size_t i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)line[i];
        if (c == ' ' || c == '\t') {
            i++;
            continue;
        }
        if (n == MAX_TOKENS)
            return -1;
        size_t k = 0;
        for (; i < len && line[i] != ' ' && line[i] != '\t'; i++) {
            c = (unsigned char)line[i];
            if (c < 32 || c == 127 || k + 1 >= TOKEN_MAX)
                return -1;
            tok[n][k++] = (char)c;
        }
        tok[n++][k] = '\0';
    }
    return n;
}

/* A plain decimal number that fits 64 bits. */
static int parse_count(const char *s, uint64_t *out)
{
    if (!*s)
        return -1;
    uint64_t v = 0;
    for (; *s; s++) {
        if (!isdigit((unsigned char)*s))
            return -1;
        unsigned digit = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return -1;
        v = v * 10 + digit;
    }
    *out = v;
    return 0;
}

size_t hx_cell_text_len(const char *s)
{
    if (!(s[0] >= 'a' && s[0] <= 'z') || !isdigit((unsigned char)s[1]))
        return 0;
    return isdigit((unsigned char)s[2]) ? 3 : 2;
}

int hx_move_text_ok(const char *s)
{
    size_t a = hx_cell_text_len(s);
    size_t b = a ? hx_cell_text_len(s + a) : 0;
    if (!b)
        return 0;
    const char *t = s + a + b;
    return *t == '\0' || (strchr("qrbn", *t) && t[1] == '\0');
}

static int add_line(hx_reply *d, const char *move, uint64_t count)
{
    if (d->n == d->cap) {
        int nc = d->cap ? d->cap * 2 : 64;
        hx_reply_line *nl = realloc(d->lines, (size_t)nc * sizeof *nl);
        if (!nl) {
            d->oom = 1;
            return -1;
        }
        d->lines = nl;
        d->cap = nc;
    }
    snprintf(d->lines[d->n].move, HX_REPLY_MOVE_MAX, "%s", move);
    d->lines[d->n++].count = count;
    return 0;
}

static int is_error_line(const char *line, size_t len)
{
    return len >= 5 && strncmp(line, "error", 5) == 0 &&
           (len == 5 || line[5] == ' ' || line[5] == ':' || line[5] == '\t');
}

static int take_error(hx_reply *d, const char *line, size_t len)
{
    d->has_error = 1;
    d->complete = 1;
    size_t skip = len > 5 && line[5] == ':' ? 6 : 5;
    while (skip < len && (line[skip] == ' ' || line[skip] == '\t'))
        skip++;
    size_t n = len - skip < sizeof d->error - 1 ? len - skip : sizeof d->error - 1;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)line[skip + i];
        d->error[i] = (c >= 32 && c < 127) ? (char)c : '?';
    }
    d->error[n] = '\0';
    return 1;
}

/* A move line: tokens "MOVE COUNT" (script) or "MOVE: COUNT" (uci). */
static void move_line(hx_reply *d, const char *line, size_t len, char tok[][TOKEN_MAX], int n)
{
    uint64_t count;
    size_t mlen = n == 2 ? strlen(tok[0]) : 0;
    int colon = mlen > 0 && tok[0][mlen - 1] == ':';
    if (n != 2 || colon != (d->protocol == HX_PROTOCOL_UCI) || parse_count(tok[1], &count)) {
        keep(d->bad_lines, &d->nbad_lines, d->line_no, line, len);
        return;
    }
    if (colon)
        tok[0][mlen - 1] = '\0';
    if (!hx_move_text_ok(tok[0])) {
        keep(d->bad_moves, &d->nbad_moves, d->line_no, line, len);
        return;
    }
    add_line(d, tok[0], count);
}

static int feed_script(hx_reply *d, const char *line, size_t len, char tok[][TOKEN_MAX], int n)
{
    if (n == 0) {
        if (d->state == S_LINES)
            d->state = S_TOTAL;
        return d->complete;
    }
    if (d->state == S_LINES) {
        if (is_error_line(line, len))
            return take_error(d, line, len);
        move_line(d, line, len, tok, n);
    } else if (d->state == S_TOTAL) {
        if (n == 1 && parse_count(tok[0], &d->total) == 0)
            d->has_total = d->complete = 1;
        else
            keep(d->bad_lines, &d->nbad_lines, d->line_no, line, len);
        d->state = S_AFTER;
    } else { /* anything after the total */
        keep(d->bad_lines, &d->nbad_lines, d->line_no, line, len);
    }
    return d->complete;
}

static int feed_uci(hx_reply *d, const char *line, size_t len, char tok[][TOKEN_MAX], int n)
{
    if (n == 0 || strcmp(tok[0], "info") == 0)
        return 0;
    if (is_error_line(line, len))
        return take_error(d, line, len);
    if (n >= 2 && strcmp(tok[0], "Nodes") == 0 && strcmp(tok[1], "searched:") == 0) {
        if (n == 3 && parse_count(tok[2], &d->total) == 0)
            d->has_total = 1;
        else
            keep(d->bad_lines, &d->nbad_lines, d->line_no, line, len);
        d->complete = 1;
        return 1;
    }
    move_line(d, line, len, tok, n);
    return 0;
}

int hx_reply_feed(hx_reply *d, const char *line, size_t len)
{
    d->line_no++;
    if (d->protocol == HX_PROTOCOL_UCI && len >= 4 && strncmp(line, "info", 4) == 0 &&
        (len == 4 || line[4] == ' ' || line[4] == '\t'))
        return 0; /* info lines may be long or hold anything */
    char tok[MAX_TOKENS][TOKEN_MAX];
    int n = tokenize(line, len, tok);
    if (n < 0) {
        if (is_error_line(line, len) && d->state == S_LINES)
            return take_error(d, line, len);
        keep(d->bad_lines, &d->nbad_lines, d->line_no, line, len);
        return d->complete;
    }
    if (d->protocol == HX_PROTOCOL_UCI)
        return feed_uci(d, line, len, tok, n);
    return feed_script(d, line, len, tok, n);
}

static int compare_lines(const void *a, const void *b)
{
    return strcmp(((const hx_reply_line *)a)->move, ((const hx_reply_line *)b)->move);
}

void hx_reply_sort(hx_reply *d)
{
    if (d->n > 1)
        qsort(d->lines, (size_t)d->n, sizeof d->lines[0], compare_lines);
}

const char *hx_reply_duplicate(const hx_reply *d, int *times)
{
    for (int i = 0; i + 1 < d->n; i++) {
        if (strcmp(d->lines[i].move, d->lines[i + 1].move) != 0)
            continue;
        int k = i + 1;
        while (k < d->n && strcmp(d->lines[k].move, d->lines[i].move) == 0)
            k++;
        if (times)
            *times = k - i;
        return d->lines[i].move;
    }
    return NULL;
}

int hx_reply_sum(const hx_reply *d, uint64_t *sum)
{
    uint64_t s = 0;
    for (int i = 0; i < d->n; i++) {
        if (d->lines[i].count > UINT64_MAX - s)
            return -1;
        s += d->lines[i].count;
    }
    *sum = s;
    return 0;
}

int hx_reply_find(const hx_reply *d, const char *move)
{
    int lo = 0, hi = d->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = strcmp(d->lines[mid].move, move);
        if (c == 0) {
            while (mid > 0 && strcmp(d->lines[mid - 1].move, move) == 0)
                mid--;
            return mid;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}
