/*
 * board.c - boards, profiles and initial arrays, copied from the spec.
 *
 * Everything here is a constant table or a one-line formula from
 * docs/rules/<variant>.md §1 (board), §2 (setup), §4 (castling), §6 (profiles).
 */
#include "oracle_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int orc_fail(char *err, size_t errcap, const char *fmt, ...)
{
    if (err != NULL && errcap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errcap, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ---- Board shapes (README.md "Board shape and naming") ---------------- */

struct shape {
    const char *files;
    int nx, ny, dmin, dmax, bent, nranks, max_crossed;
};

static const struct shape SHAFRAN_SHAPE = {"abcdefghi", 9, 10, -5, 4, 0, 10, 2};
static const struct shape BRUSKY_SHAPE = {"abcdefghijkl", 12, 8, -4, 8, 0, 8, 1};
static const struct shape GLINSKI_SHAPE = {"abcdefghikl", 11, 11, -5, 5, 1, 11, 1};

/* The board's cells (README.md): 0<=x<nx, 0<=y<ny, dmin<=x-y<=dmax. */
static void fill_exists(struct game *g)
{
    memset(g->exists, 0, sizeof g->exists);
    for (int x = 0; x < g->nx; x++)
        for (int y = 0; y < g->ny; y++)
            g->exists[x + PAD][y + PAD] = x - y >= g->dmin && x - y <= g->dmax;
}

/* Glinski/McCooey ranks bend at the f-file: rank = y+1-max(0,x-5). */
static int bend(const struct game *g, int x)
{
    return (g->bent && x > 5) ? x - 5 : 0;
}

int orc_rank_of(const struct game *g, cell c)
{
    return c.y + 1 - bend(g, c.x);
}

/* "e10" -> (4,9) on Shafran. Rejects letters, ranks and cells not on board. */
int orc_parse_cell(const struct game *g, const char *s, size_t len, cell *c)
{
    const char *f;
    int rank;

    if (len < 2 || len > 3 || s[0] == '\0')
        return -1;
    f = strchr(g->files, s[0]);
    if (f == NULL || s[1] < '1' || s[1] > '9')
        return -1;
    rank = s[1] - '0';
    if (len == 3) {
        if (s[2] < '0' || s[2] > '9')
            return -1;
        rank = rank * 10 + (s[2] - '0');
    }
    c->x = (signed char)(f - g->files);
    c->y = (signed char)(rank - 1 + bend(g, c->x));
    return on_board(g, *c) ? 0 : -1;
}

/* The file letter and the rank (1..11, so at most two digits). */
void orc_cell_name(const struct game *g, cell c, char out[4])
{
    int r = orc_rank_of(g, c), i = 0;

    out[i++] = g->files[c.x];
    if (r >= 10)
        out[i++] = (char)('0' + r / 10);
    out[i++] = (char)('0' + r % 10);
    out[i] = '\0';
}

char orc_type_of(char piece)  /* upper-case piece letter */
{
    return (piece >= 'a' && piece <= 'z') ? (char)(piece - 'a' + 'A') : piece;
}

char orc_piece_of(int side, char type)  /* type is upper case */
{
    return side == WHITE ? type : (char)(type - 'A' + 'a');
}

/* README.md: hex distance max(|dx|, |dy|, |dx-dy|). */
int orc_hex_distance(cell a, cell b)
{
    int dx = b.x - a.x, dy = b.y - a.y, dd = dx - dy;
    int n = dx < 0 ? -dx : dx;

    if ((dy < 0 ? -dy : dy) > n)
        n = dy < 0 ? -dy : dy;
    if ((dd < 0 ? -dd : dd) > n)
        n = dd < 0 ? -dd : dd;
    return n;
}

/* ---- Castlings (§4 and §6 tables): king from, king to, rook from, to --- */

struct castling_names {
    int side;
    const char *king_from, *king_to, *rook_from, *rook_to;
};

/* shafran.md §4: short = king 2, rook 3; long = king 3, rook 2. */
static const struct castling_names SHAFRAN_CASTLE[] = {
    {WHITE, "e1", "c1", "a1", "d1"},     /* Q-0-0 */
    {WHITE, "e1", "b1", "a1", "c1"},     /* Q-0-0-0 */
    {WHITE, "e1", "g3", "i5", "f2"},     /* B-0-0 */
    {WHITE, "e1", "h4", "i5", "g3"},     /* B-0-0-0 */
    {BLACK, "e10", "g10", "i10", "f10"}, /* Q-0-0 */
    {BLACK, "e10", "h10", "i10", "g10"}, /* Q-0-0-0 */
    {BLACK, "e10", "c8", "a6", "d9"},    /* B-0-0 */
    {BLACK, "e10", "b7", "a6", "c8"},    /* B-0-0-0 */
    {-1, NULL, NULL, NULL, NULL}};

/* shafran.md §6 cvp: the two long castlings only. */
static const struct castling_names SHAFRAN_CVP_CASTLE[] = {
    {WHITE, "e1", "b1", "a1", "c1"},
    {WHITE, "e1", "h4", "i5", "g3"},
    {BLACK, "e10", "h10", "i10", "g10"},
    {BLACK, "e10", "b7", "a6", "c8"},
    {-1, NULL, NULL, NULL, NULL}};

/* brusky.md §4: O-O king 2 toward the nearer rook, O-O-O king 3. */
static const struct castling_names BRUSKY_CASTLE[] = {
    {WHITE, "f1", "h1", "i1", "g1"},     /* O-O */
    {WHITE, "f1", "c1", "a1", "d1"},     /* O-O-O */
    {BLACK, "g8", "e8", "d8", "f8"},     /* O-O */
    {BLACK, "g8", "j8", "l8", "i8"},     /* O-O-O */
    {-1, NULL, NULL, NULL, NULL}};

/* brusky.md §6 jocly: O-O-O moves the king only 2. */
static const struct castling_names BRUSKY_JOCLY_CASTLE[] = {
    {WHITE, "f1", "h1", "i1", "g1"},
    {WHITE, "f1", "d1", "a1", "e1"},
    {BLACK, "g8", "e8", "d8", "f8"},
    {BLACK, "g8", "i8", "l8", "h8"},
    {-1, NULL, NULL, NULL, NULL}};

/* brusky.md §6 ludii: Black is mirrored (king i8), so its castlings too. */
static const struct castling_names BRUSKY_LUDII_CASTLE[] = {
    {WHITE, "f1", "h1", "i1", "g1"},
    {WHITE, "f1", "c1", "a1", "d1"},
    {BLACK, "i8", "k8", "l8", "j8"},     /* O-O */
    {BLACK, "i8", "f8", "d8", "g8"},     /* O-O-O */
    {-1, NULL, NULL, NULL, NULL}};

static const struct castling_names NO_CASTLE[] = {{-1, NULL, NULL, NULL, NULL}};

/* ---- Initial arrays (§2, and §6 for ludii / jackson) ------------------ */

#define SHAFRAN_W "Ke1 Qd1 Ra1 Ri5 Bc1 Bf2 Bh4 Nb1 Ng3 " \
                  "Pa2 Pb2 Pc2 Pd2 Pe2 Pf3 Pg4 Ph5 Pi6"
#define SHAFRAN_B "Ke10 Qf10 Ra6 Ri10 Bb7 Bd9 Bg10 Nc8 Nh10 " \
                  "Pa5 Pb6 Pc7 Pd8 Pe9 Pf9 Pg9 Ph9 Pi9"
#define BRUSKY_W "Kf1 Qd1 Ra1 Ri1 Bc1 Be1 Bg1 Nb1 Nh1 " \
                 "Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2"
#define BRUSKY_B_PAWNS "Pc7 Pd7 Pe7 Pf7 Pg7 Ph7 Pi7 Pj7 Pk7 Pl7"
#define BRUSKY_B "Kg8 Qi8 Rd8 Rl8 Bf8 Bh8 Bj8 Ne8 Nk8 " BRUSKY_B_PAWNS
#define BRUSKY_B_MIRROR "Ki8 Qg8 Rd8 Rl8 Bf8 Bh8 Bj8 Ne8 Nk8 " BRUSKY_B_PAWNS
#define GLINSKI_W_PIECES "Kg1 Qe1 Rc1 Ri1 Bf1 Bf2 Bf3 Nd1 Nh1 "
#define GLINSKI_B_PIECES "Kg10 Qe10 Rc8 Ri8 Bf9 Bf10 Bf11 Nd9 Nh9 "
#define MCCOOEY_W "Kg1 Qe1 Rd1 Rh1 Bf1 Bf2 Bf3 Ne2 Ng2 " \
                  "Pc1 Pd2 Pe3 Pf4 Pg3 Ph2 Pi1"
#define MCCOOEY_B "Kg10 Qe10 Rd9 Rh9 Bf9 Bf10 Bf11 Ne9 Ng9 " \
                  "Pc8 Pd8 Pe8 Pf8 Pg8 Ph8 Pi8"

/* ---- Profiles (§6 of each variant file) ------------------------------- */

struct profile {
    enum variant variant;
    const char *vname, *pname;
    enum ep_rule ep;
    enum cross_block cross_block;
    int vertical_capture, jocly_clock;
    const struct castling_names *castlings;
    const char *white, *black;
};

static const struct profile PROFILES[] = {
    {SHAFRAN, "shafran", "std", EP_EVERY_CROSSED, CB_NONE, 0, 0,
     SHAFRAN_CASTLE, SHAFRAN_W, SHAFRAN_B},
    {SHAFRAN, "shafran", "jocly", EP_NEXT_TO_LANDING, CB_NONE, 0, 1,
     SHAFRAN_CASTLE, SHAFRAN_W, SHAFRAN_B},
    {SHAFRAN, "shafran", "ludii", EP_EVERY_CROSSED, CB_NONE, 0, 0,
     SHAFRAN_CASTLE, SHAFRAN_W, SHAFRAN_B},
    {SHAFRAN, "shafran", "cvp", EP_EVERY_CROSSED, CB_NONE, 0, 0,
     SHAFRAN_CVP_CASTLE, SHAFRAN_W, SHAFRAN_B},
    {SHAFRAN, "shafran", "seed", EP_NONE, CB_NONE, 0, 0,
     SHAFRAN_CASTLE, SHAFRAN_W, SHAFRAN_B},

    {BRUSKY, "brusky", "std", EP_EVERY_CROSSED, CB_ENEMY, 1, 0,
     BRUSKY_CASTLE, BRUSKY_W, BRUSKY_B},
    {BRUSKY, "brusky", "seed", EP_EVERY_CROSSED, CB_ENEMY, 0, 0,
     BRUSKY_CASTLE, BRUSKY_W, BRUSKY_B},
    {BRUSKY, "brusky", "jocly", EP_EVERY_CROSSED, CB_NONE, 1, 1,
     BRUSKY_JOCLY_CASTLE, BRUSKY_W, BRUSKY_B},
    {BRUSKY, "brusky", "ludii", EP_EVERY_CROSSED, CB_ANY_OR_MISSING, 1, 0,
     BRUSKY_LUDII_CASTLE, BRUSKY_W, BRUSKY_B_MIRROR},
    {BRUSKY, "brusky", "greenchess", EP_EVERY_CROSSED, CB_NONE, 0, 0,
     BRUSKY_CASTLE, BRUSKY_W, BRUSKY_B},

    {GLINSKI, "glinski", "std", EP_EVERY_CROSSED, CB_NONE, 0, 0, NO_CASTLE,
     GLINSKI_W_PIECES "Pb1 Pc2 Pd3 Pe4 Pf5 Pg4 Ph3 Pi2 Pk1",
     GLINSKI_B_PIECES "Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7 Pi7 Pk7"},
    {GLINSKI, "glinski", "draw", EP_EVERY_CROSSED, CB_NONE, 0, 0, NO_CASTLE,
     GLINSKI_W_PIECES "Pb1 Pc2 Pd3 Pe4 Pf5 Pg4 Ph3 Pi2 Pk1",
     GLINSKI_B_PIECES "Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7 Pi7 Pk7"},
    {GLINSKI, "glinski", "ludii", EP_EVERY_CROSSED, CB_NONE, 0, 0, NO_CASTLE,
     GLINSKI_W_PIECES "Pb1 Pc2 Pd3 Pe4 Pf5 Pg4 Ph3 Pi2 Pk1",
     GLINSKI_B_PIECES "Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7 Pi7 Pk7"},
    {GLINSKI, "glinski", "jackson3", EP_EVERY_CROSSED, CB_NONE, 0, 0, NO_CASTLE,
     GLINSKI_W_PIECES "Pb1 Pc2 Pd3 Pe3 Pf4 Pg3 Ph3 Pi2 Pk1",
     GLINSKI_B_PIECES "Pb7 Pc7 Pd7 Pe8 Pf8 Pg8 Ph7 Pi7 Pk7"},
    {GLINSKI, "glinski", "jackson5", EP_EVERY_CROSSED, CB_NONE, 0, 0, NO_CASTLE,
     GLINSKI_W_PIECES "Pb1 Pc2 Pd2 Pe3 Pf4 Pg3 Ph2 Pi2 Pk1",
     GLINSKI_B_PIECES "Pb7 Pc7 Pd8 Pe8 Pf8 Pg8 Ph8 Pi7 Pk7"},

    {MCCOOEY, "mccooey", "std", EP_EVERY_CROSSED, CB_NONE, 0, 0, NO_CASTLE,
     MCCOOEY_W, MCCOOEY_B},
    {MCCOOEY, "mccooey", "ludii", EP_EVERY_CROSSED, CB_NONE, 0, 0, NO_CASTLE,
     MCCOOEY_W, MCCOOEY_B},
};

/* Places a list such as "Ke1 Qd1 Pa2" (upper-case types) for one side. */
static int place_list(struct game *g, const char *list, int side)
{
    const char *s = list;

    while (*s != '\0') {
        size_t len = strcspn(s + 1, " ");
        cell c;
        if (orc_parse_cell(g, s + 1, len, &c) != 0 || g->initial[c.x][c.y] != EMPTY)
            return -1;
        g->initial[c.x][c.y] = orc_piece_of(side, s[0]);
        s += 1 + len;
        while (*s == ' ')
            s++;
    }
    return 0;
}

static int resolve_castlings(struct game *g, const struct castling_names *t)
{
    g->ncastlings = 0;
    for (; t->side >= 0; t++) {
        struct castling *c = &g->castlings[g->ncastlings++];
        c->side = t->side;
        if (orc_parse_cell(g, t->king_from, strlen(t->king_from), &c->king_from) ||
            orc_parse_cell(g, t->king_to, strlen(t->king_to), &c->king_to) ||
            orc_parse_cell(g, t->rook_from, strlen(t->rook_from), &c->rook_from) ||
            orc_parse_cell(g, t->rook_to, strlen(t->rook_to), &c->rook_to))
            return -1;
    }
    return 0;
}

static const struct shape *shape_of(enum variant v)
{
    return v == SHAFRAN ? &SHAFRAN_SHAPE : v == BRUSKY ? &BRUSKY_SHAPE
                                                       : &GLINSKI_SHAPE;
}

static int setup_game(struct game *g, const struct profile *pr)
{
    const struct shape *s = shape_of(pr->variant);

    memset(g, 0, sizeof *g);
    g->variant = pr->variant;
    g->vname = pr->vname;
    g->pname = pr->pname;
    g->files = s->files;
    g->nx = s->nx;
    g->ny = s->ny;
    g->dmin = s->dmin;
    g->dmax = s->dmax;
    fill_exists(g);
    g->bent = s->bent;
    g->nranks = s->nranks;
    g->max_crossed = s->max_crossed;
    g->ep = pr->ep;
    g->cross_block = pr->cross_block;
    g->vertical_capture = pr->vertical_capture;
    g->jocly_clock = pr->jocly_clock;
    memset(g->initial, EMPTY, sizeof g->initial);
    if (place_list(g, pr->white, WHITE) || place_list(g, pr->black, BLACK))
        return -1;
    return resolve_castlings(g, pr->castlings);
}

int orc_game_init(struct game *g, const char *variant, const char *profile,
              char *err, size_t errcap)
{
    size_t i;
    int known_variant = 0;

    if (variant == NULL)
        return orc_fail(err, errcap, "no variant given");
    if (profile == NULL || profile[0] == '\0')
        profile = "std";
    for (i = 0; i < sizeof PROFILES / sizeof PROFILES[0]; i++) {
        if (strcmp(PROFILES[i].vname, variant) != 0)
            continue;
        known_variant = 1;
        if (strcmp(PROFILES[i].pname, profile) == 0) {
            if (setup_game(g, &PROFILES[i]) != 0)
                return orc_fail(err, errcap, "internal table error");
            return 0;
        }
    }
    if (!known_variant)
        return orc_fail(err, errcap, "unknown variant '%.40s'", variant);
    if (strncmp(profile, "neg-", 4) == 0 || strncmp(profile, "diag-", 5) == 0)
        return orc_fail(err, errcap,
                           "profile '%.40s' is a negative control; the oracle "
                           "does not implement it", profile);
    return orc_fail(err, errcap, "unknown profile '%.40s' for %s", profile,
                       variant);
}

/* The initial position: the array, White to move, every castling right. */
void orc_start_position(const struct game *g, struct position *p)
{
    int i;

    memset(p, 0, sizeof *p);
    memcpy(p->sq, g->initial, sizeof p->sq);
    p->stm = WHITE;
    for (i = 0; i < g->ncastlings; i++) {
        const struct castling *c = &g->castlings[i];
        p->castle[c->side][c->rook_from.x] = 1;
    }
    p->ep_n = 0;
    p->half = 0;
    p->full = 1;
}
