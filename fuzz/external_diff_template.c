/*
 * external_diff_template.c - differential fuzzing of YOUR move generator
 * against hexref's reference, in one process, at fuzzing speed
 * (docs/c-abi.md).
 *
 * You provide one function with the shape of hx_text_moves (hexref.h):
 *
 *     int ext_text_moves(const char *variant, const char *profile,
 *                        const char *fen, char *out, size_t cap,
 *                        hx_error *err);
 *
 * It writes the legal moves of the HexFEN `fen` as sorted (strcmp) text
 * lines, "e2e4\n...", NUL-terminated, and returns 0, or -1 with a message
 * in err->message. Build (libFuzzer; AFL++ works the same with
 * afl-clang-fast and its libFuzzer driver):
 *
 *     clang -g -O1 -fsanitize=fuzzer,address,undefined \
 *         external_diff_template.c my_generator.c \
 *         $(pkg-config --cflags --libs hexref) -o my_diff
 *     ./my_diff -max_total_time=600 corpus/
 *
 * Input: byte 0 picks the variant (among HEXREF_DIFF_VARIANTS); the bytes
 * up to the first '\n' are a HexFEN (empty: the initial position); every
 * byte after it picks one legal move (index modulo the count) to play next.
 * Both generators are asked about every position on that path, so a short
 * input reaches deep positions. Positions the reference rejects are not
 * compared (unless HEXREF_DIFF_STRICT_PARSE, which then requires your
 * generator to reject them too). A difference prints the variant, profile,
 * HexFEN, the moves on the path and both move lists, and aborts: the
 * fuzzer keeps the input.
 *
 * Compile-time settings:
 *   -DHEXREF_DIFF_PROFILE='"jocly"'     the profile (default "std")
 *   -DHEXREF_DIFF_VARIANTS='"mccooey"'  comma-separated variants (default: every variant)
 *   -DHEXREF_DIFF_STRICT_PARSE          compare acceptance of HexFENs too
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hexref.h"

#ifndef HEXREF_DIFF_PROFILE
#define HEXREF_DIFF_PROFILE "std"
#endif
/* HEXREF_DIFF_VARIANTS unset: every variant of hx_variant_name. */

/* Your generator: same shape as hx_text_moves. */
int ext_text_moves(const char *variant, const char *profile, const char *fen, char *out,
                   size_t cap, hx_error *err);

enum { MAX_PLIES = 96, TEXT_CAP = 32768, PATH_CAP = 1024 };

typedef struct diff_state {
    const char *variant;
    char fen[HX_FEN_MAX];
    char path[PATH_CAP]; /* moves played from the input's position */
    char reference[TEXT_CAP], external[TEXT_CAP];
} diff_state;

/* The variant named by byte b, or NULL for an empty list. */
static const char *pick_variant(uint8_t b, char *buf, size_t cap)
{
#ifdef HEXREF_DIFF_VARIANTS
    snprintf(buf, cap, "%s", HEXREF_DIFF_VARIANTS);
#else
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < hx_variant_count() && used < cap; i++)
        used += (size_t)snprintf(buf + used, cap - used, "%s%s", i ? "," : "", hx_variant_name(i));
#endif
    int count = 1;
    for (char *c = buf; *c; c++)
        count += *c == ',';
    int want = b % count;
    char *save = NULL, *name = strtok_r(buf, ",", &save);
    while (name && want-- > 0)
        name = strtok_r(NULL, ",", &save);
    return name;
}

static void print_list_difference(const char *a, const char *b, const char *label)
{
    fprintf(stderr, "  only %s:", label);
    for (const char *s = a; *s; s = strchr(s, '\n') + 1) {
        size_t n = strcspn(s, "\n");
        int found = 0;
        for (const char *t = b; *t && !found; t = strchr(t, '\n') + 1)
            found = strcspn(t, "\n") == n && strncmp(s, t, n) == 0;
        if (!found)
            fprintf(stderr, " %.*s", (int)n, s);
        if (!s[n])
            break;
    }
    fprintf(stderr, "\n");
}

static void report(const diff_state *st, const char *what)
{
    fprintf(stderr, "\nexternal_diff: %s\n  variant %s, profile %s\n  HexFEN  %s\n  path    %s\n",
            what, st->variant, HEXREF_DIFF_PROFILE, st->fen, st->path[0] ? st->path : "(none)");
    print_list_difference(st->reference, st->external, "the reference");
    print_list_difference(st->external, st->reference, "the external generator");
    fprintf(stderr, "  reference:\n%s  external:\n%s", st->reference, st->external);
    abort();
}

/* Both generators on st->fen; aborts on any difference. */
static void compare(diff_state *st)
{
    hx_error rerr, xerr;
    int rrc = hx_text_moves(st->variant, HEXREF_DIFF_PROFILE, st->fen, st->reference,
                            sizeof st->reference, &rerr);
    memset(&xerr, 0, sizeof xerr);
    int xrc = ext_text_moves(st->variant, HEXREF_DIFF_PROFILE, st->fen, st->external,
                             sizeof st->external, &xerr);
    if (rrc != 0) /* cannot happen: the HexFEN was printed by the reference */
        return;
    if (xrc != 0) {
        st->external[0] = '\0';
        report(st, xerr.message[0] ? xerr.message : "the external generator failed");
    }
    if (strcmp(st->reference, st->external) != 0)
        report(st, "the move lists differ (or the external list is not sorted)");
}

static void append_path(diff_state *st, const hx_position *pos, hx_move move)
{
    char text[HX_MOVE_TEXT_MAX];
    size_t used = strlen(st->path);
    hx_move_text(pos, move, 0, text);
    if (used + strlen(text) + 2 < sizeof st->path)
        snprintf(st->path + used, sizeof st->path - used, "%s%s", used ? " " : "", text);
}

/* Sets up the input's position; returns NULL if the reference rejects it. */
static hx_position *open_position(diff_state *st, const uint8_t *data, size_t len)
{
    hx_error err;
    const hx_rules *rules = hx_rules_find(st->variant, HEXREF_DIFF_PROFILE, &err);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    if (!pos)
        return NULL;
    char fen[HX_FEN_MAX];
    size_t n = len < sizeof fen - 1 ? len : sizeof fen - 1;
    memcpy(fen, data, n);
    fen[n] = '\0';
    if (hx_position_set_fen(pos, n ? fen : NULL, &err) == 0)
        return pos;
#ifdef HEXREF_DIFF_STRICT_PARSE
    hx_error xerr;
    snprintf(st->fen, sizeof st->fen, "%s", fen);
    if (strlen(fen) == len && ext_text_moves(st->variant, HEXREF_DIFF_PROFILE, fen, st->external,
                                             sizeof st->external, &xerr) == 0) {
        snprintf(st->reference, sizeof st->reference, "(rejected: %s)\n", err.message);
        report(st, "the external generator accepts a HexFEN the reference rejects");
    }
#endif
    hx_position_free(pos);
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static diff_state st;
    char names[256];
    if (size == 0 || !(st.variant = pick_variant(data[0], names, sizeof names)))
        return 0;
    const uint8_t *fen = data + 1, *nl = memchr(fen, '\n', size - 1);
    size_t fen_len = nl ? (size_t)(nl - fen) : size - 1;
    const uint8_t *choices = nl ? nl + 1 : data + size;
    hx_position *pos = open_position(&st, fen, fen_len);
    if (!pos)
        return 0;
    st.path[0] = '\0';
    for (size_t ply = 0;; ply++) {
        hx_position_fen(pos, st.fen);
        compare(&st);
        hx_move moves[HX_MAX_MOVES];
        int n = hx_legal_moves(pos, moves);
        if (n == 0 || ply == MAX_PLIES || choices + ply >= data + size)
            break;
        hx_move move = moves[choices[ply] % n];
        append_path(&st, pos, move);
        hx_make(pos, move);
    }
    hx_position_free(pos);
    return 0;
}
