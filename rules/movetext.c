/*
 * movetext.c - moves as text: "<from><to>[q|r|b|n]", and the castling names
 * of the sources (docs/conventions.md).
 */
#include "position.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char promo_letter[HX_PIECE_TYPES] = {0, 'n', 'b', 'r', 'q', 0};

void hx_move_text(const hx_position *pos, hx_move m, int naming, char *out)
{
    /* Two names of at most 3 characters and a letter fit HX_MOVE_TEXT_MAX;
     * written without snprintf, which cost more than the move generation
     * where every move of a list is named (the fuzzers, hx_legal_move_texts). */
    char from[4], to[4];
    geometry_cell_name(pos->g, move_from(m), naming, from);
    geometry_cell_name(pos->g, move_to(m), naming, to);
    int promo = move_promo(m), n = 0;
    for (const char *c = from; *c; c++)
        out[n++] = *c;
    for (const char *c = to; *c; c++)
        out[n++] = *c;
    if (promo)
        out[n++] = promo_letter[promo];
    out[n] = '\0';
}

static int compare_texts(const void *a, const void *b) { return strcmp(a, b); }

int hx_legal_move_texts(hx_position *pos, char texts[][HX_MOVE_TEXT_MAX])
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    for (int i = 0; i < n; i++)
        hx_move_text(pos, moves[i], 0, texts[i]);
    qsort(texts, (size_t)n, HX_MOVE_TEXT_MAX, compare_texts);
    return n;
}

/* "O-O-O", "0-0-0", "Q-0-0" ... all normalised to letter O. */
static int castle_by_name(hx_position *pos, const char *text, hx_move *out)
{
    char norm[16];
    size_t len = strlen(text);
    if (len == 0 || len >= sizeof norm)
        return 0;
    for (size_t i = 0; i <= len; i++)
        norm[i] = text[i] == '0' ? 'O' : (char)toupper((unsigned char)text[i]);
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        if (move_kind(moves[i]) != MOVE_CASTLE)
            continue;
        const hx_castle *k = &pos->rules->castles[move_castle(moves[i])];
        for (int j = 0; j < 3 && k->names[j]; j++)
            if (strcmp(norm, k->names[j]) == 0) {
                *out = moves[i];
                return 1;
            }
    }
    return 0;
}

static int is_castle_name(const char *text)
{
    return (text[0] == 'O' || text[0] == '0' || text[0] == 'Q' || text[0] == 'B') &&
           text[1] == '-';
}

static int promo_of_letter(char ch)
{
    for (int t = HX_KNIGHT; t <= HX_QUEEN; t++)
        if (promo_letter[t] == tolower((unsigned char)ch))
            return t;
    return -1;
}

static int parse_cells(const hx_position *pos, const char *text, int naming, int *from,
                       int *to, int *promo)
{
    int len1 = 0, len2 = 0;
    *from = geometry_parse_cell(pos->g, text, naming, &len1);
    if (*from == HX_NO_CELL)
        return -1;
    *to = geometry_parse_cell(pos->g, text + len1, naming, &len2);
    if (*to == HX_NO_CELL)
        return -1;
    const char *rest = text + len1 + len2;
    if (*rest == '=')
        rest++;
    *promo = 0;
    if (*rest) {
        *promo = promo_of_letter(*rest);
        if (*promo < 0 || rest[1])
            return -1;
    }
    return 0;
}

int hx_move_parse(hx_position *pos, const char *text, int naming, hx_move *move, hx_error *err)
{
    if (is_castle_name(text)) {
        if (pos->rules->ncastles && castle_by_name(pos, text, move))
            return 0;
        snprintf(err->message, sizeof err->message, "castling '%s' is not legal here", text);
        return -1;
    }
    int from, to, promo;
    if (parse_cells(pos, text, naming, &from, &to, &promo) != 0) {
        snprintf(err->message, sizeof err->message,
                 "malformed move '%.16s': expected <from><to>[q|r|b|n] with cells of %s", text,
                 pos->rules->variant);
        return -1;
    }
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves), needs_promo = 0;
    for (int i = 0; i < n; i++) {
        if (move_from(moves[i]) != from || move_to(moves[i]) != to)
            continue;
        if (move_promo(moves[i]) == promo) {
            *move = moves[i];
            return 0;
        }
        needs_promo |= move_promo(moves[i]) != 0;
    }
    if (needs_promo && !promo)
        snprintf(err->message, sizeof err->message,
                 "move '%.16s' promotes: add q, r, b or n", text);
    else
        snprintf(err->message, sizeof err->message, "illegal move '%.16s' in this position",
                 text);
    return -1;
}

int hx_play_moves(hx_position *pos, const char *moves, int naming, hx_error *err)
{
    char word[32];
    int index = 0;
    const char *s = moves ? moves : "";
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == ',')
            s++;
        if (!*s)
            break;
        size_t len = strcspn(s, " \t\n,");
        index++;
        if (len >= sizeof word) {
            snprintf(err->message, sizeof err->message, "move %d is too long", index);
            return -1;
        }
        memcpy(word, s, len);
        word[len] = '\0';
        s += len;
        hx_move m;
        if (hx_move_parse(pos, word, naming, &m, err) != 0) {
            char detail[sizeof err->message];
            snprintf(detail, sizeof detail, "%s", err->message);
            snprintf(err->message, sizeof err->message, "move %d: %.200s", index, detail);
            return -1;
        }
        if (hx_make(pos, m) != 0) {
            snprintf(err->message, sizeof err->message,
                     "move %d: more than %d moves (the history's limit)", index, HX_HISTORY);
            return -1;
        }
    }
    return 0;
}

int hx_move_flags(const hx_position *pos, hx_move m)
{
    int kind = move_kind(m), flags = 0;
    if (kind == MOVE_EP || (kind != MOVE_CASTLE && pos->board[move_to(m)]))
        flags |= HX_MOVE_CAPTURE;
    if (kind == MOVE_EP)
        flags |= HX_MOVE_EP;
    if (kind == MOVE_CASTLE)
        flags |= HX_MOVE_CASTLE;
    if (kind == MOVE_MULTI)
        flags |= HX_MOVE_MULTI_STEP;
    if (move_promo(m))
        flags |= HX_MOVE_PROMOTION;
    return flags;
}
