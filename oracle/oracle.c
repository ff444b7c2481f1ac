/*
 * oracle.c - the public API of oracle.h on top of board.c, fen.c, movegen.c
 * (perft.c has the counts).
 *
 * Every entry point builds its own game and position on the stack: no global
 * mutable state, so the oracle is reentrant and thread-safe.
 */
#include "oracle.h"
#include "oracle_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Copies s into out, or fails: an output that does not fit is an error. */
static int put_text(char *out, size_t cap, const char *s, char *err,
                    size_t errcap)
{
    size_t n = strlen(s);

    if (out == NULL || cap == 0)
        return orc_fail(err, errcap, "no output buffer");
    if (n >= cap) {
        out[0] = '\0';
        return orc_fail(err, errcap, "output buffer too small (%zu bytes "
                           "needed)", n + 1);
    }
    memcpy(out, s, n + 1);
    return 0;
}

/* Common prologue: the variant/profile, then the HexFEN. */
static int load(const char *variant, const char *profile, const char *fen,
                struct game *g, struct position *p, char *err, size_t errcap)
{
    if (orc_game_init(g, variant, profile, err, errcap) != 0)
        return -1;
    return orc_fen_parse(g, fen, p, err, errcap);
}

static int legal_list(const struct game *g, const struct position *p,
                      struct movelist *ml, char *err, size_t errcap)
{
    orc_legal_moves(g, p, ml);
    if (ml->overflow)  /* impossible by the bound on MAX_MOVES */
        return orc_fail(err, errcap, "too many moves");
    return 0;
}

int oracle_supports(const char *variant, const char *profile)
{
    struct game g;

    return orc_game_init(&g, variant, profile, NULL, 0) == 0;
}

int oracle_start_fen(const char *variant, const char *profile, char *out,
                     size_t cap, char *err, size_t errcap)
{
    struct game g;
    struct position p;
    char fen[FEN_MAX];

    if (out != NULL && cap > 0)
        out[0] = '\0';
    if (orc_game_init(&g, variant, profile, err, errcap) != 0)
        return -1;
    orc_start_position(&g, &p);
    if (orc_fen_print(&g, &p, fen, sizeof fen) != 0)
        return orc_fail(err, errcap, "HexFEN too long");
    return put_text(out, cap, fen, err, errcap);
}

/* Appends "line\n" to out (holding *len bytes), keeping it NUL-terminated;
 * an output that does not fit is emptied and reported. */
static int append_line(char *out, size_t cap, size_t *len, const char *line,
                       char *err, size_t errcap)
{
    size_t n = strlen(line);

    if (*len + n + 1 >= cap) {
        out[0] = '\0';
        return orc_fail(err, errcap, "output buffer too small");
    }
    memcpy(out + *len, line, n);
    out[*len + n] = '\n';
    *len += n + 1;
    out[*len] = '\0';
    return 0;
}

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The sorted move texts of ml, one per line (oracle_moves' output). */
static int moves_text(const struct game *g, const struct movelist *ml,
                      char *out, size_t cap, char *err, size_t errcap)
{
    char text[MAX_MOVES][MOVE_TEXT];
    size_t len = 0;

    out[0] = '\0';
    for (int i = 0; i < ml->n; i++)
        orc_move_text(g, &ml->m[i], text[i]);
    qsort(text, (size_t)ml->n, MOVE_TEXT, compare_text);
    for (int i = 0; i < ml->n; i++)
        if (append_line(out, cap, &len, text[i], err, errcap) != 0)
            return -1;
    return 0;
}

/* oracle_status' word for p, whose legal moves are ml. */
static int status_text(const struct game *g, const struct position *p,
                       const struct movelist *ml, char *out, size_t cap,
                       char *err, size_t errcap)
{
    int check = orc_in_check(g, p, p->stm);

    if (ml->n == 0)
        return put_text(out, cap, check ? "checkmate" : "stalemate", err, errcap);
    return put_text(out, cap, check ? "check" : "ongoing", err, errcap);
}

/* The HexFEN after the move of ml whose text is `move` (p is changed). */
static int child_text(const struct game *g, struct position *p,
                      const struct movelist *ml, const char *move, char *out,
                      size_t cap, char *err, size_t errcap)
{
    char text[MOVE_TEXT], child[FEN_MAX];

    if (move == NULL)
        return orc_fail(err, errcap, "no move given");
    for (int i = 0; i < ml->n; i++) {
        orc_move_text(g, &ml->m[i], text);
        if (strcmp(text, move) != 0)
            continue;
        orc_apply_move(g, p, &ml->m[i]);
        if (p->half > MAX_COUNTER || p->full > MAX_COUNTER)  /* keep it parsable */
            return orc_fail(err, errcap, "the halfmove clock or the "
                               "fullmove number would exceed %ld", MAX_COUNTER);
        if (orc_fen_print(g, p, child, sizeof child) != 0)
            return orc_fail(err, errcap, "HexFEN too long");
        return put_text(out, cap, child, err, errcap);
    }
    return orc_fail(err, errcap, "'%.16s' is not a legal move here", move);
}

int oracle_moves(const char *variant, const char *profile, const char *fen,
                 char *out, size_t cap, char *err, size_t errcap)
{
    struct game g;
    struct position p;
    struct movelist ml;

    if (out == NULL || cap == 0)
        return orc_fail(err, errcap, "no output buffer");
    out[0] = '\0';
    if (load(variant, profile, fen, &g, &p, err, errcap) != 0 ||
        legal_list(&g, &p, &ml, err, errcap) != 0)
        return -1;
    return moves_text(&g, &ml, out, cap, err, errcap);
}

int oracle_status(const char *variant, const char *profile, const char *fen,
                  char *out, size_t cap, char *err, size_t errcap)
{
    struct game g;
    struct position p;
    struct movelist ml;

    if (out != NULL && cap > 0)
        out[0] = '\0';
    if (load(variant, profile, fen, &g, &p, err, errcap) != 0 ||
        legal_list(&g, &p, &ml, err, errcap) != 0)
        return -1;
    return status_text(&g, &p, &ml, out, cap, err, errcap);
}

int oracle_play(const char *variant, const char *profile, const char *fen,
                const char *move, char *out, size_t cap, char *err,
                size_t errcap)
{
    struct game g;
    struct position p;
    struct movelist ml;

    if (out != NULL && cap > 0)
        out[0] = '\0';
    if (load(variant, profile, fen, &g, &p, err, errcap) != 0 ||
        legal_list(&g, &p, &ml, err, errcap) != 0)
        return -1;
    return child_text(&g, &p, &ml, move, out, cap, err, errcap);
}

int oracle_examine(const char *variant, const char *profile, const char *fen,
                   const char *move, struct oracle_view *view, char *err,
                   size_t errcap)
{
    struct game g;
    struct position p;
    struct movelist ml;

    if (view == NULL)
        return orc_fail(err, errcap, "no output buffer");
    view->moves[0] = view->status[0] = view->child[0] = '\0';
    view->child_error[0] = '\0';
    if (load(variant, profile, fen, &g, &p, err, errcap) != 0 ||
        legal_list(&g, &p, &ml, err, errcap) != 0 ||
        moves_text(&g, &ml, view->moves, sizeof view->moves, err, errcap) != 0 ||
        status_text(&g, &p, &ml, view->status, sizeof view->status, err,
                    errcap) != 0)
        return -1;
    if (move != NULL &&
        child_text(&g, &p, &ml, move, view->child, sizeof view->child,
                   view->child_error, sizeof view->child_error) != 0)
        view->child[0] = '\0';
    return 0;
}

struct child_line {
    char text[MOVE_TEXT + FEN_MAX + 2];
};

static int compare_child(const void *a, const void *b)
{
    return strcmp(((const struct child_line *)a)->text,
                  ((const struct child_line *)b)->text);
}

int oracle_children(const char *variant, const char *profile, const char *fen,
                    char *out, size_t cap, char *err, size_t errcap)
{
    struct game g;
    struct position p;
    struct movelist ml;
    static _Thread_local struct child_line lines[MAX_MOVES];
    size_t len = 0;

    if (out == NULL || cap == 0)
        return orc_fail(err, errcap, "no output buffer");
    out[0] = '\0';
    if (load(variant, profile, fen, &g, &p, err, errcap) != 0 ||
        legal_list(&g, &p, &ml, err, errcap) != 0)
        return -1;
    for (int i = 0; i < ml.n; i++) {  /* "move fen" sorts by the move */
        struct position q = p;
        char child[FEN_MAX], text[MOVE_TEXT];
        orc_move_text(&g, &ml.m[i], text);
        orc_apply_move(&g, &q, &ml.m[i]);
        if (orc_fen_print(&g, &q, child, sizeof child) != 0)
            return orc_fail(err, errcap, "HexFEN too long");
        snprintf(lines[i].text, sizeof lines[i].text, "%s %s", text, child);
    }
    qsort(lines, (size_t)ml.n, sizeof lines[0], compare_child);
    for (int i = 0; i < ml.n; i++)
        if (append_line(out, cap, &len, lines[i].text, err, errcap) != 0)
            return -1;
    return 0;
}
