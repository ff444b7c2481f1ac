/*
 * oracle_int.h - private declarations shared by the oracle's source files.
 *
 * Not part of the API (that is oracle.h). The design is deliberately plain:
 * a position is an array of piece letters indexed by (x, y), every rule is
 * read straight off docs/rules/, and nothing is cached or incremental.
 */
#ifndef HEXREF_ORACLE_INT_H
#define HEXREF_ORACLE_INT_H

#include <stddef.h>

enum { WHITE = 0, BLACK = 1 };
enum variant { SHAFRAN, BRUSKY, GLINSKI, MCCOOEY };

/* Which crossed cells of the last multi-step an enemy pawn may capture on. */
enum ep_rule { EP_EVERY_CROSSED, EP_NEXT_TO_LANDING, EP_NONE };

/* What stops a Brusky pawn's non-capturing moves (spec brusky.md §3, §6). */
enum cross_block { CB_NONE, CB_ENEMY, CB_ANY_OR_MISSING };

enum move_kind { MV_PLAIN, MV_MULTI, MV_EP, MV_CASTLE };

#define NX 12          /* no board has x or y above 11 */
#define NY 12
#define PAD 3          /* a step from a board cell moves at most 3 (a knight) */
#define EMPTY '.'
#define MAX_CROSSED 2  /* Shafran's triple step crosses two cells */
#define MAX_CASTLINGS 8
#define MOVE_TEXT 8    /* longest move text "l10l11q" plus NUL */
#define FEN_MAX 512    /* longer HexFENs are rejected */
#define MAX_COUNTER 999999999L  /* largest clock / move number (9 digits) */

/*
 * A side has at most W pieces and the other C-W cells as destinations, so
 * the (from, to) pairs number at most C*C/4 <= 91*91/4 < 2071. Promotions
 * add three more moves per promoting pair (at most 4 pairs per far-rank
 * cell, 12 cells) and castlings at most 4, so 3000 is never reached.
 */
#define MAX_MOVES 3000

typedef struct { signed char x, y; } cell;

struct castling {  /* one castling of one side, as in the spec's tables */
    int side;
    cell king_from, king_to, rook_from, rook_to;
};

struct game {  /* one variant under one profile */
    enum variant variant;
    const char *vname, *pname;
    const char *files;               /* file letters indexed by x */
    int nx, ny, dmin, dmax;          /* exists: 0<=x<nx, 0<=y<ny, dmin<=x-y<=dmax */
    /* That formula as a table, with PAD cells of margin on every side so
     * that any step from a board cell lands inside it: [x + PAD][y + PAD]. */
    unsigned char exists[NX + 2 * PAD][NY + 2 * PAD];
    int bent;                        /* Glinski board: rank = y+1-max(0,x-5) */
    int nranks;
    int max_crossed;                 /* most cells one pawn multi-step crosses */
    enum ep_rule ep;
    enum cross_block cross_block;    /* Brusky only */
    int vertical_capture;            /* Brusky only */
    int jocly_clock;                 /* only a capture resets; castling keeps */
    int ncastlings;
    struct castling castlings[MAX_CASTLINGS];
    char initial[NX][NY];            /* the profile's initial array */
};

struct position {
    char sq[NX][NY];                 /* EMPTY or a piece letter KQRBNP/kqrbnp */
    int stm;                         /* side to move */
    unsigned char castle[2][NX];     /* right of the rook whose home is on file x */
    int ep_n;                        /* number of crossed cells, 0 = no e.p. field */
    cell ep[MAX_CROSSED];            /* crossed cells in move order */
    cell ep_victim;                  /* the pawn that made the multi-step */
    long half, full;
};

struct move {
    cell from, to;
    cell rook_from, rook_to;         /* castling only */
    char promo;                      /* 0 or 'q','r','b','n' */
    char kind;                       /* enum move_kind */
};

struct movelist {
    int n;
    int overflow;                    /* set by a push beyond MAX_MOVES, which the
                                        bound above says no position makes;
                                        oracle.c reports it as an error */
    struct move m[MAX_MOVES];
};

/* The step vectors of README.md "Lattice" (checked by the n-test in tests). */
extern const cell orc_ortho[6];
extern const cell orc_diag[6];
extern const cell orc_knight[12];

/* The small cell and piece helpers are inline: the move generator calls
 * them for every cell it looks at. */

/* Is c a cell of the board? (Coordinates outside the padded table are
 * not: orc_parse_cell may ask about any rank.) */
static inline int on_board(const struct game *g, cell c)
{
    unsigned x = (unsigned)(c.x + PAD), y = (unsigned)(c.y + PAD);
    return x < NX + 2 * PAD && y < NY + 2 * PAD && g->exists[x][y];
}

static inline int same_cell(cell a, cell b)
{
    return a.x == b.x && a.y == b.y;
}

/* c + k*d. Stays within signed char: |coordinates| <= 11 + 3*3. */
static inline cell step(cell c, cell d, int k)
{
    cell r;
    r.x = (signed char)(c.x + k * d.x);
    r.y = (signed char)(c.y + k * d.y);
    return r;
}

static inline int side_of(char piece)
{
    return (piece >= 'a' && piece <= 'z') ? BLACK : WHITE;
}

/* board.c */
int orc_fail(char *err, size_t errcap, const char *fmt, ...);
int orc_game_init(struct game *g, const char *variant, const char *profile,
              char *err, size_t errcap);
int orc_rank_of(const struct game *g, cell c);
int orc_parse_cell(const struct game *g, const char *s, size_t len, cell *c);
void orc_cell_name(const struct game *g, cell c, char out[4]);
char orc_piece_of(int side, char type);
char orc_type_of(char piece);
int orc_hex_distance(cell a, cell b);
void orc_start_position(const struct game *g, struct position *p);

/* fen.c */
int orc_fen_parse(const struct game *g, const char *fen, struct position *p,
              char *err, size_t errcap);
int orc_fen_print(const struct game *g, const struct position *p,
              char *out, size_t cap);

/* movegen.c */
int orc_is_promotion_cell(const struct game *g, int side, cell c);
int orc_attacked(const struct game *g, const struct position *p, cell c, int by);
int orc_in_check(const struct game *g, const struct position *p, int side);
void orc_legal_moves(const struct game *g, const struct position *p,
                 struct movelist *ml);
void orc_apply_move(const struct game *g, struct position *p, const struct move *m);
void orc_move_text(const struct game *g, const struct move *m, char out[MOVE_TEXT]);

#endif
