/*
 * hexfen.c - reading and writing HexFEN (docs/conventions.md).
 *
 * The parser fills a scratch position and copies it over the caller's only
 * when every check has passed, so a bad HexFEN never leaves a position
 * half-set.
 */
#include "position.h"
#include "attacks.h"
#include "zobrist.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FIELDS = 6 };

static int fail(hx_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
}

static int piece_of_letter(char ch)
{
    const char *letters = "PNBRQK";
    const char *p = strchr(letters, toupper((unsigned char)ch));
    if (!ch || !p)
        return 0;
    return hx_piece(isupper((unsigned char)ch) ? HX_WHITE : HX_BLACK, (int)(p - letters));
}

/* Splits fen into at most MAX_FIELDS fields on single spaces. */
static int split_fields(char *buf, char *fields[MAX_FIELDS], hx_error *err)
{
    int n = 0;
    char *s = buf;
    if (*s == '\0')
        return fail(err, "empty HexFEN");
    for (;;) {
        if (n == MAX_FIELDS)
            return fail(err, "trailing text after the fullmove number: '%.20s'", s);
        fields[n++] = s;
        char *sp = strchr(s, ' ');
        if (!sp)
            break;
        *sp = '\0';
        s = sp + 1;
        if (*s == '\0' || *s == ' ')
            return fail(err, "fields must be separated by single spaces (after field %d)", n);
    }
    if (n < 4)
        return fail(err, "HexFEN has %d field%s; expected at least 4 (placement, side, castling, e.p.)",
                    n, n == 1 ? "" : "s");
    return n;
}

static int parse_rank(hx_position *pos, const char *text, int rank, hx_error *err)
{
    const hx_geometry *g = pos->g;
    int expected = g->rank_len[rank], filled = 0, last_was_number = 0;
    for (const char *s = text; *s; s++) {
        if (isdigit((unsigned char)*s)) {
            if (last_was_number || *s == '0')
                return fail(err, "rank %d: bad empty-cell count at '%s'", rank, s);
            int run = 0;
            while (isdigit((unsigned char)*s) && run <= HX_MAX_CELLS)
                run = run * 10 + (*s++ - '0');
            s--;
            filled += run;
            last_was_number = 1;
        } else {
            int piece = piece_of_letter(*s);
            if (!piece)
                return fail(err, "rank %d: unknown piece letter '%c'", rank, *s);
            if (filled < expected)
                position_put(pos, piece, g->rank_cells[rank][filled]);
            filled++;
            last_was_number = 0;
        }
        if (filled > expected)
            return fail(err, "rank %d has too many cells (expected %d)", rank, expected);
    }
    if (filled < expected)
        return fail(err, "rank %d has %d cells; expected %d", rank, filled, expected);
    return 0;
}

static int parse_placement(hx_position *pos, char *text, hx_error *err)
{
    const hx_geometry *g = pos->g;
    int rank = g->nranks;
    char *save = NULL;
    int slashes = 0;
    for (const char *s = text; *s; s++)
        slashes += *s == '/';
    if (slashes != g->nranks - 1)
        return fail(err, "placement has %d ranks; %s has %d", slashes + 1,
                    pos->rules->variant, g->nranks);
    for (char *tok = strtok_r(text, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
        if (parse_rank(pos, tok, rank, err) != 0)
            return -1;
        rank--;
    }
    if (rank != 0)
        return fail(err, "placement has an empty rank");
    return 0;
}

/* At most this many men a side. No reachable position has more than 19, and
 * the bound keeps every legal move list within HX_MAX_MOVES: no man has more
 * than 42 moves (a queen in the middle of Glinski's board: 30 orthogonal,
 * 12 diagonal), so 23 * 42 plus a king's 16 stay below 1024. */
enum { MAX_MEN = 24 };

static int check_kings_and_pawns(const hx_position *pos, hx_error *err)
{
    static const char *const side_name[2] = {"White", "Black"};
    for (int colour = 0; colour < 2; colour++) {
        int men = hx_bb_count(pos->occupied[colour]);
        if (men > MAX_MEN)
            return fail(err, "%s has %d men; at most %d are allowed", side_name[colour], men,
                        MAX_MEN);
        int kings = hx_bb_count(pos->pieces[colour][HX_KING]);
        if (kings != 1)
            return fail(err, "%s has %d kings; expected exactly 1", side_name[colour], kings);
        hx_bb bad = pos->pieces[colour][HX_PAWN] & pos->rules->promotion[colour];
        if (bad)
            return fail(err, "%s pawn on its own promotion cell %s", side_name[colour],
                        pos->g->name[hx_bb_lsb(bad)]);
    }
    return 0;
}

static int parse_side(hx_position *pos, const char *text, hx_error *err)
{
    if (strcmp(text, "w") == 0)
        pos->side = HX_WHITE;
    else if (strcmp(text, "b") == 0)
        pos->side = HX_BLACK;
    else
        return fail(err, "side to move must be 'w' or 'b', not '%s'", text);
    return 0;
}

static int castling_right_of_letter(const hx_position *pos, char ch)
{
    const hx_rules *r = pos->rules;
    int colour = isupper((unsigned char)ch) ? HX_WHITE : HX_BLACK;
    for (int i = colour * 2; i < colour * 2 + 2; i++) {
        int home = r->rook_home[i];
        if (home >= 0 && r->g->shape.files[r->g->x[home]] == tolower((unsigned char)ch))
            return i;
    }
    return -1;
}

static int parse_castling(hx_position *pos, const char *text, hx_error *err)
{
    const hx_rules *r = pos->rules;
    pos->castling = 0;
    if (strcmp(text, "-") == 0)
        return 0;
    for (const char *s = text; *s; s++) {
        int right = castling_right_of_letter(pos, *s);
        if (right < 0)
            return fail(err, "castling field: '%c' is not a castling rook's file in %s", *s,
                        r->variant);
        if (pos->castling & (1 << right))
            return fail(err, "castling field: '%c' given twice", *s);
        int colour = right / 2, home = r->rook_home[right];
        if (pos->board[home] != hx_piece(colour, HX_ROOK))
            return fail(err, "castling right '%c' but no rook on %s", *s, r->g->name[home]);
        if (pos->board[r->king_home[colour]] != hx_piece(colour, HX_KING))
            return fail(err, "castling right '%c' but no king on %s", *s,
                        r->g->name[r->king_home[colour]]);
        pos->castling |= (uint8_t)(1 << right);
    }
    return 0;
}

/* Does the recorded path (crossed cells, then the victim) run straight along
 * the moved side's forward direction k, from an empty start cell? */
static int straight_path(const hx_position *pos, const hx_ep *ep, int k)
{
    const hx_rules *r = pos->rules;
    int mover = !pos->side;
    for (int i = 0; i < ep->count; i++) {
        int next = i + 1 < ep->count ? ep->cells[i + 1] : ep->victim;
        if (r->push[mover][k][ep->cells[i]] != next)
            return 0;
    }
    for (int c = 0; c < r->g->nslots; c++) /* the origin: one step behind */
        if (r->push[mover][k][c] == ep->cells[0])
            return hx_bb_has(r->start[mover], c) && !pos->board[c];
    return 0;
}

static int check_ep_shape(const hx_position *pos, const hx_ep *ep, hx_error *err)
{
    const hx_rules *r = pos->rules;
    if (r->p.capture_sets_ep || r->p.vcap_sets_ep) /* bug models record captures too */
        return 0;
    for (int k = 0; k < r->p.nforward; k++)
        if (straight_path(pos, ep, k))
            return 0;
    return fail(err, "e.p. field: %s%s and the pawn on %s are not consecutive cells of a "
                     "multi-step from an empty start cell",
                r->g->name[ep->cells[0]], ep->count > 1 ? ",..." : "", r->g->name[ep->victim]);
}

static int parse_ep_cell(const hx_position *pos, const char *s, int *len, hx_error *err)
{
    int c = geometry_parse_cell(pos->g, s, 0, len);
    if (c == HX_NO_CELL)
        fail(err, "e.p. field: '%.4s' is not a cell of %s", s, pos->rules->variant);
    return c;
}

static int parse_ep(hx_position *pos, const char *text, hx_error *err)
{
    const hx_rules *r = pos->rules;
    hx_ep ep = {.count = 0, .victim = HX_NO_CELL};
    if (strcmp(text, "-") == 0) {
        pos->ep = ep;
        return 0;
    }
    const char *s = text;
    for (;;) {
        int len = 0, c = parse_ep_cell(pos, s, &len, err);
        if (c == HX_NO_CELL)
            return -1;
        if (ep.count == HX_MAX_EP)
            return fail(err, "e.p. field lists more than %d cells", HX_MAX_EP);
        if (pos->board[c])
            return fail(err, "e.p. field: crossed cell %s is not empty", r->g->name[c]);
        ep.cells[ep.count++] = (int8_t)c;
        s += len;
        if (*s != ',')
            break;
        s++;
    }
    int mover = !pos->side;
    if (*s == ':') {
        int len = 0, c = parse_ep_cell(pos, s + 1, &len, err);
        if (c == HX_NO_CELL)
            return -1;
        ep.victim = (int8_t)c;
        s += 1 + len;
    } else if (r->p.nforward > 1) {
        return fail(err, "e.p. field: %s needs the victim's cell (e.g. '%s:%s')", r->variant,
                    r->g->name[ep.cells[0]], "cell");
    } else {
        ep.victim = r->push[mover][0][ep.cells[ep.count - 1]];
    }
    if (*s)
        return fail(err, "e.p. field: unexpected '%s'", s);
    if (ep.victim == HX_NO_CELL || pos->board[ep.victim] != hx_piece(mover, HX_PAWN))
        return fail(err, "e.p. field: no %s pawn on the victim's cell",
                    mover == HX_WHITE ? "White" : "Black");
    if (check_ep_shape(pos, &ep, err) != 0)
        return -1;
    ep.capturable = position_ep_capturable(r, &ep);
    pos->ep = ep;
    return 0;
}

static int parse_counter(const char *text, const char *what, int min, int *out, hx_error *err)
{
    char *end = NULL;
    if (!isdigit((unsigned char)text[0]) || strlen(text) > 9 || (text[0] == '0' && text[1]))
        return fail(err, "%s must be a number without leading zeros, not '%.12s'", what, text);
    long v = strtol(text, &end, 10);
    if (*end || v < min)
        return fail(err, "%s must be a number >= %d, not '%s'", what, min, text);
    *out = (int)v;
    return 0;
}

/* Marks as "re-entered" the pawns on start cells they cannot have been
 * standing on from the start (diag-firstmove); from a HexFEN we cannot tell,
 * so every pawn counts as unmoved. */
static int parse_fields(hx_position *pos, char *fields[], int n, hx_error *err)
{
    if (parse_placement(pos, fields[0], err) || check_kings_and_pawns(pos, err) ||
        parse_side(pos, fields[1], err) || parse_castling(pos, fields[2], err) ||
        parse_ep(pos, fields[3], err))
        return -1;
    if (n > 4 && parse_counter(fields[4], "halfmove clock", 0, &pos->halfmove, err))
        return -1;
    if (n > 5 && parse_counter(fields[5], "fullmove number", 1, &pos->fullmove, err))
        return -1;
    if (position_attacked(pos, pos->king[!pos->side], pos->side, pos->all))
        return fail(err, "the side not to move (%s) is in check",
                    pos->side == HX_WHITE ? "Black" : "White");
    return 0;
}

static void start_fen(const hx_rules *r, char *out)
{
    hx_position tmp;
    position_init_scratch(&tmp, r);
    for (int c = 0; c < r->g->nslots; c++)
        if (r->setup[c])
            position_put(&tmp, r->setup[c], c);
    for (int i = 0; i < 4; i++)
        if (r->rook_home[i] >= 0)
            tmp.castling |= (uint8_t)(1 << i);
    hx_position_fen(&tmp, out);
}

int hx_position_set_fen(hx_position *pos, const char *fen, hx_error *err)
{
    char buf[HX_FEN_MAX * 2], start[HX_FEN_MAX];
    if (!fen) {
        start_fen(pos->rules, start);
        fen = start;
    }
    if (strlen(fen) >= sizeof buf)
        return fail(err, "HexFEN is too long (%zu characters)", strlen(fen));
    strcpy(buf, fen);
    char *fields[MAX_FIELDS + 1];
    int n = split_fields(buf, fields, err);
    if (n < 0)
        return -1;
    if (!pos->rules->p.castling && n == 5 && isdigit((unsigned char)fields[3][0])) {
        /* HexChess.club's FEN has no castling field: "... w - 0 1". */
        static char no_castling[] = "-";
        memmove(fields + 3, fields + 2, 3 * sizeof fields[0]);
        fields[2] = no_castling;
        n = 6;
    }
    hx_position scratch;
    position_init_scratch(&scratch, pos->rules);
    if (parse_fields(&scratch, fields, n, err) != 0)
        return -1;
    scratch.key = position_compute_key(&scratch);
    position_copy_state(pos, &scratch);
    return 0;
}

/* ---- Printing ------------------------------------------------------------ */

static char letter_of_piece(int piece)
{
    char ch = "PNBRQK"[hx_piece_type(piece)];
    return hx_piece_colour(piece) == HX_WHITE ? ch : (char)tolower((unsigned char)ch);
}

/* The printers below write digits and names themselves: sprintf was half
 * the cost of a HexFEN (the fuzzers print one or more per input). */
static char *put_uint(char *s, unsigned v)
{
    char digits[12];
    int n = 0;
    do
        digits[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n)
        *s++ = digits[--n];
    return s;
}

static char *put_text(char *s, const char *t)
{
    while (*t)
        *s++ = *t++;
    return s;
}

static char *print_placement(const hx_position *pos, char *s)
{
    const hx_geometry *g = pos->g;
    for (int rank = g->nranks; rank >= 1; rank--) {
        int empty = 0;
        for (int i = 0; i < g->rank_len[rank]; i++) {
            int piece = pos->board[g->rank_cells[rank][i]];
            if (!piece) {
                empty++;
                continue;
            }
            if (empty)
                s = put_uint(s, (unsigned)empty);
            empty = 0;
            *s++ = letter_of_piece(piece);
        }
        if (empty)
            s = put_uint(s, (unsigned)empty);
        if (rank > 1)
            *s++ = '/';
    }
    return s;
}

static char *print_castling(const hx_position *pos, char *s)
{
    const hx_rules *r = pos->rules;
    char *start = s;
    for (int i = 0; i < 4; i++) {
        if (!(pos->castling & (1 << i)))
            continue;
        char f = r->g->shape.files[r->g->x[r->rook_home[i]]];
        *s++ = i < 2 ? (char)toupper((unsigned char)f) : f;
    }
    if (s == start)
        *s++ = '-';
    return s;
}

static char *print_ep(const hx_position *pos, char *s)
{
    const hx_rules *r = pos->rules;
    const hx_ep *ep = &pos->ep;
    if (ep->count == 0) {
        *s++ = '-';
        return s;
    }
    for (int i = 0; i < ep->count; i++) {
        if (i)
            *s++ = ',';
        s = put_text(s, r->g->name[ep->cells[i]]);
    }
    int mover = !pos->side;
    int implied = r->push[mover][0][ep->cells[ep->count - 1]];
    if (r->p.nforward > 1 || ep->victim != implied)
    {
        *s++ = ':';
        s = put_text(s, r->g->name[ep->victim]);
    }
    return s;
}

void hx_position_fen(const hx_position *pos, char *out)
{
    char *s = print_placement(pos, out);
    *s++ = ' ';
    *s++ = pos->side == HX_WHITE ? 'w' : 'b';
    *s++ = ' ';
    s = print_castling(pos, s);
    *s++ = ' ';
    s = print_ep(pos, s);
    *s++ = ' ';
    s = put_uint(s, (unsigned)pos->halfmove);
    *s++ = ' ';
    s = put_uint(s, (unsigned)pos->fullmove);
    *s = '\0';
}
