/*
 * external_text.c - shell quoting, and a query written out as the command
 * line that repeats it by hand (for reports).
 */
#include "external_private.h"

#include <stdio.h>
#include <string.h>

void hx_shell_quote(const char *s, char *out, size_t cap)
{
    size_t k = 0;
    if (cap < 3) {
        if (cap)
            out[0] = '\0';
        return;
    }
    out[k++] = '\'';
    for (; *s && k + 6 < cap; s++) {
        if (*s == '\'') {
            memcpy(out + k, "'\\''", 4);
            k += 4;
        } else {
            out[k++] = *s;
        }
    }
    out[k++] = '\'';
    out[k] = '\0';
}

static void append(char *out, size_t cap, const char *text)
{
    size_t used = strlen(out);
    if (used < cap)
        snprintf(out + used, cap - used, "%s", text);
}

static void append_quoted(char *out, size_t cap, const char *text)
{
    char q[2048];
    hx_shell_quote(text, q, sizeof q);
    append(out, cap, q);
}

static void uci_query_text(const hx_external *x, const char *fen, const char *moves, int depth,
                           char *out, size_t cap)
{
    char line[1024];
    snprintf(out, cap, "printf '%%s\\n' uci ");
    snprintf(line, sizeof line, "setoption name UCI_Variant value %s", x->variant);
    append_quoted(out, cap, line);
    if (x->profile) {
        snprintf(line, sizeof line, "setoption name HexrefProfile value %s", x->profile);
        append(out, cap, " ");
        append_quoted(out, cap, line);
    }
    append(out, cap, " isready ");
    hx_ext_position_command(fen, moves, line, sizeof line);
    line[strcspn(line, "\n")] = '\0';
    append_quoted(out, cap, line);
    snprintf(line, sizeof line, " 'go perft %d' quit | ", depth);
    append(out, cap, line);
    append(out, cap, x->command);
}

void hx_external_query_text(const hx_external *x, const char *fen, const char *moves,
                            int depth, char *out, size_t cap)
{
    if (x->protocol == HX_PROTOCOL_UCI) {
        uci_query_text(x, fen, moves, depth, out, cap);
        return;
    }
    snprintf(out, cap, "HEXREF_VARIANT=%s ", x->variant);
    if (x->profile) {
        append(out, cap, "HEXREF_PROFILE=");
        append(out, cap, x->profile);
        append(out, cap, " ");
    }
    char d[16];
    snprintf(d, sizeof d, " %d ", depth);
    append(out, cap, x->command);
    append(out, cap, d);
    append_quoted(out, cap, fen);
    if (moves && *moves) {
        append(out, cap, " ");
        append_quoted(out, cap, moves);
    }
}

