/*
 * engine_output_parse.c - fuzz target for the reader of engine output
 * (harness/protocol.c), which sees whatever an outside engine prints.
 *
 * The input is split into lines at '\n' (other bytes, NUL included, stay in
 * the line) and fed to a reader of each protocol; then every query the
 * verifier makes on the result is made. Checked: nothing crashes or reads
 * out of bounds, every accepted move is move text, the parts add up (each
 * line lands in exactly one of: moves, bad lines, bad moves, skipped), and
 * a duplicate found is really listed twice.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"

static void check(int ok)
{
    if (!ok)
        abort();
}

static void feed_all(hx_reply *d, const uint8_t *data, size_t size)
{
    size_t start = 0;
    for (size_t i = 0; i <= size; i++)
        if (i == size || data[i] == '\n') {
            if (i > start || i < size)
                hx_reply_feed(d, (const char *)data + start, i - start);
            start = i + 1;
        }
}

static void check_result(hx_reply *d)
{
    check(d->n >= 0 && d->nbad_lines >= 0 && d->nbad_moves >= 0);
    check(d->n + d->nbad_lines + d->nbad_moves <= d->line_no);
    hx_reply_sort(d);
    for (int i = 0; i < d->n; i++) {
        check(hx_move_text_ok(d->lines[i].move));
        check(i == 0 || strcmp(d->lines[i - 1].move, d->lines[i].move) <= 0);
        check(hx_reply_find(d, d->lines[i].move) <= i);
    }
    int times = 0;
    const char *dup = hx_reply_duplicate(d, &times);
    check(!dup || (times >= 2 && hx_reply_find(d, dup) >= 0));
    uint64_t sum;
    (void)hx_reply_sum(d, &sum);
    for (int i = 0; i < d->nbad_lines && i < HX_REPLY_KEEP; i++)
        check(strlen(d->bad_lines[i].text) < HX_REPLY_TEXT);
    check(strlen(d->error) < sizeof d->error);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (int protocol = HX_PROTOCOL_SCRIPT; protocol <= HX_PROTOCOL_UCI; protocol++) {
        hx_reply d;
        hx_reply_init(&d, protocol);
        feed_all(&d, data, size);
        check_result(&d);
        hx_reply_free(&d);
    }
    char text[32]; /* the move-text check on the first bytes as a string */
    size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, n);
    text[n] = '\0';
    (void)hx_move_text_ok(text);
    return 0;
}
