/*
 * piecelist.c - the specification's piece-list notation for positions:
 * "W Ke1 Pd5, B Ke10 Pe9, Black to move". Used for the variants' setups and
 * offered to users (hexref fen) because the source statements are written
 * this way.
 */
#include "position.h"

#include <stdio.h>
#include <string.h>

static int type_of_letter(char ch)
{
    const char *letters = "PNBRQK";
    const char *p = ch ? strchr(letters, ch) : NULL;
    return p ? (int)(p - letters) : -1;
}

static int starts_with(const char *s, const char *word) { return strncmp(s, word, strlen(word)) == 0; }

int piece_list_parse(const hx_geometry *g, const char *text, uint8_t board[HX_MAX_CELLS],
                     int *side, hx_error *err)
{
    const char *s = text;
    int colour = -1;
    memset(board, 0, HX_MAX_CELLS);
    *side = HX_WHITE;
    while (*s) {
        if (*s == ' ' || *s == ',' || *s == '.' || *s == ';') {
            s++;
        } else if (starts_with(s, "White to move") || starts_with(s, "Black to move")) {
            *side = s[0] == 'W' ? HX_WHITE : HX_BLACK;
            s += strlen("White to move");
        } else if ((*s == 'W' || *s == 'B') && (s[1] == ' ' || s[1] == ':')) {
            colour = (*s == 'W') ? HX_WHITE : HX_BLACK;
            s += 2;
        } else {
            int type = type_of_letter(*s), len = 0;
            int c = type < 0 ? HX_NO_CELL : geometry_parse_cell(g, s + 1, 0, &len);
            if (colour < 0 || c == HX_NO_CELL) {
                snprintf(err->message, sizeof err->message,
                         "piece list: cannot read '%.12s' (expected e.g. 'W Ke1 Pd5, B Ke10')", s);
                return -1;
            }
            if (board[c]) {
                snprintf(err->message, sizeof err->message, "piece list: two pieces on %s",
                         g->name[c]);
                return -1;
            }
            board[c] = (uint8_t)hx_piece(colour, type);
            s += 1 + len;
        }
    }
    return 0;
}

int hx_fen_from_pieces(const hx_rules *rules, const char *pieces, char *out, hx_error *err)
{
    uint8_t board[HX_MAX_CELLS];
    int side;
    if (piece_list_parse(rules->g, pieces, board, &side, err) != 0)
        return -1;
    hx_position tmp;
    position_init_scratch(&tmp, rules);
    for (int c = 0; c < rules->g->nslots; c++)
        if (board[c])
            position_put(&tmp, board[c], c);
    tmp.side = side;
    hx_position_fen(&tmp, out);
    /* Validate through the parser: the same rules as any HexFEN. */
    hx_position *check = hx_position_new(rules);
    int rc = check ? hx_position_set_fen(check, out, err) : -1;
    hx_position_free(check);
    return rc;
}
