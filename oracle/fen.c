/*
 * fen.c - HexFEN parser and printer (docs/conventions.md "HexFEN").
 *
 * The parser checks exactly the list "What a valid HexFEN is", one field at
 * a time, and names the problem in its error message.
 */
#include "oracle_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define ERR(...) orc_fail(err, errcap, __VA_ARGS__)

static const char *side_name(int side)
{
    return side == WHITE ? "White" : "Black";
}

/* Splits s in place at every sep; returns the number of parts (at most
 * max; a larger count is returned as max + 1 and the rest is not split). */
static int split(char *s, char sep, char **part, int max)
{
    int n = 0;

    for (;;) {
        char *next = strchr(s, sep);
        if (n == max)
            return max + 1;
        part[n++] = s;
        if (next == NULL)
            return n;
        *next = '\0';
        s = next + 1;
    }
}

/* The existing cells of rank r, in ascending x. A file meets a rank in at
 * most one cell: orc_rank_of grows by one with y, so on file x rank r is at
 * y = r - orc_rank_of(x, 0). (One cell per file instead of a scan of the whole
 * grid per rank, which was most of the time of a parse or a print.) */
static int rank_cells(const struct game *g, int r, cell *out)
{
    int n = 0;

    for (int x = 0; x < g->nx; x++) {
        cell bottom = {(signed char)x, 0};
        cell c = {(signed char)x, (signed char)(r - orc_rank_of(g, bottom))};
        if (on_board(g, c))
            out[n++] = c;
    }
    return n;
}

/* ---- Field 1: placement -------------------------------------------------- */

static int parse_rank(const struct game *g, const char *t, int r,
                      struct position *p, char *err, size_t errcap)
{
    cell cells[NX];
    int ncells = rank_cells(g, r, cells), k = 0;

    while (*t != '\0') {
        if (*t >= '0' && *t <= '9') {
            int run = 0;
            if (*t == '0')
                return ERR("rank %d: a run of empty cells may not be 0 or "
                           "start with 0", r);
            while (*t >= '0' && *t <= '9' && run <= ncells)
                run = run * 10 + (*t++ - '0');
            if (k + run > ncells)
                return ERR("rank %d has too many cells (it has %d)", r, ncells);
            k += run;
        } else if (strchr("KQRBNPkqrbnp", *t) != NULL) {
            if (k >= ncells)
                return ERR("rank %d has too many cells (it has %d)", r, ncells);
            p->sq[cells[k].x][cells[k].y] = *t++;
            k++;
        } else if (*t > ' ' && *t < 127) {
            return ERR("unknown piece letter '%c' in rank %d", *t, r);
        } else {
            return ERR("unknown character 0x%02x in rank %d",
                       (unsigned)(unsigned char)*t, r);
        }
    }
    if (k < ncells)
        return ERR("rank %d has too few cells (%d of %d)", r, k, ncells);
    return 0;
}

static int parse_placement(const struct game *g, char *s, struct position *p,
                           char *err, size_t errcap)
{
    char *rank[NY + 1];
    int n = split(s, '/', rank, NY);

    if (n != g->nranks)
        return ERR("%s has %d ranks, not %s%d", g->vname, g->nranks,
                   n > NY ? "more than " : "", n > NY ? NY : n);
    for (int i = 0; i < n; i++)  /* the highest rank comes first */
        if (parse_rank(g, rank[i], g->nranks - i, p, err, errcap) != 0)
            return -1;
    return 0;
}

/* ---- Fields 2 and 3: side, castling -------------------------------------- */

static int parse_side(const char *s, struct position *p, char *err,
                      size_t errcap)
{
    if (strcmp(s, "w") == 0)
        p->stm = WHITE;
    else if (strcmp(s, "b") == 0)
        p->stm = BLACK;
    else
        return ERR("bad side to move '%.10s' (w or b)", s);
    return 0;
}

static const struct castling *castling_of_letter(const struct game *g, char ch)
{
    int side = (ch >= 'A' && ch <= 'Z') ? WHITE : BLACK;
    char lower = side == WHITE ? (char)(ch - 'A' + 'a') : ch;

    for (int i = 0; i < g->ncastlings; i++) {
        const struct castling *cs = &g->castlings[i];
        if (cs->side == side && g->files[cs->rook_from.x] == lower)
            return cs;
    }
    return NULL;
}

static int parse_castling(const struct game *g, const char *s,
                          struct position *p, char *err, size_t errcap)
{
    if (strcmp(s, "-") == 0)
        return 0;
    if (g->ncastlings == 0)
        return ERR("%s has no castling: the castling field must be '-'",
                   g->vname);
    for (; *s != '\0'; s++) {
        const struct castling *cs = castling_of_letter(g, *s);
        if (cs == NULL)
            return ERR("castling letter '%c' names no rook home cell", *s);
        if (p->castle[cs->side][cs->rook_from.x])
            return ERR("castling letter '%c' given twice", *s);
        if (p->sq[cs->king_from.x][cs->king_from.y] != orc_piece_of(cs->side, 'K'))
            return ERR("castling letter '%c': no %s king at its home cell",
                       *s, side_name(cs->side));
        if (p->sq[cs->rook_from.x][cs->rook_from.y] != orc_piece_of(cs->side, 'R'))
            return ERR("castling letter '%c': no %s rook at its home cell",
                       *s, side_name(cs->side));
        p->castle[cs->side][cs->rook_from.x] = 1;
    }
    return 0;
}

/* ---- Field 4: e.p. ------------------------------------------------------- */

static int parse_ep_cell(const struct game *g, const char *s, cell *c,
                         char *err, size_t errcap)
{
    if (orc_parse_cell(g, s, strlen(s), c) != 0)
        return ERR("e.p. field: '%.8s' is not a cell of the %s board", s,
                   g->vname);
    return 0;
}

/* The pawn started one step behind the first crossed cell, along the line
 * from the last crossed cell to the victim: that cell must be one of the
 * mover's start cells, and empty now (docs/decisions.md, 13). */
static int check_ep_origin(const struct game *g, const struct position *p,
                           char *err, size_t errcap)
{
    int mover = !p->stm;
    cell last = p->ep[p->ep_n - 1];
    cell dir = {(signed char)(p->ep_victim.x - last.x),
                (signed char)(p->ep_victim.y - last.y)};
    cell origin = {(signed char)(p->ep[0].x - dir.x),
                   (signed char)(p->ep[0].y - dir.y)};

    if (!on_board(g, origin) ||
        g->initial[origin.x][origin.y] != orc_piece_of(mover, 'P') ||
        p->sq[origin.x][origin.y] != EMPTY)
        return ERR("e.p. field: the multi-step did not start on an empty %s "
                   "start cell", side_name(mover));
    return 0;
}

/* The victim of the multi-step that crossed p->ep[]: given or default. */
static int parse_ep_victim(const struct game *g, const char *v,
                           struct position *p, char *err, size_t errcap)
{
    int mover = !p->stm;
    cell last = p->ep[p->ep_n - 1];
    cell fwd = {0, (signed char)(mover == WHITE ? 1 : -1)};

    if (g->variant == BRUSKY) {  /* mandatory; one of the two forward steps */
        cell f0 = {0, fwd.y}, f1 = {fwd.y, fwd.y};
        if (v == NULL)
            return ERR("e.p. field: Brusky needs the victim (':cell')");
        if (parse_ep_cell(g, v, &p->ep_victim, err, errcap) != 0)
            return -1;
        if (!same_cell(p->ep_victim, step(last, f0, 1)) &&
            !same_cell(p->ep_victim, step(last, f1, 1)))
            return ERR("e.p. field: victim %s is not one %s forward step "
                       "beyond the crossed cell", v, side_name(mover));
    } else {  /* the cell after the last crossed cell along the file */
        cell def = step(last, fwd, 1);
        if (!on_board(g, def))
            return ERR("e.p. field: the victim cell is off the board");
        if (v != NULL) {
            cell given;
            if (parse_ep_cell(g, v, &given, err, errcap) != 0)
                return -1;
            if (!same_cell(given, def))
                return ERR("e.p. field: victim %s is not the cell after the "
                           "last crossed cell", v);
        }
        p->ep_victim = def;
    }
    if (p->sq[p->ep_victim.x][p->ep_victim.y] != orc_piece_of(mover, 'P'))
        return ERR("e.p. field: the victim cell holds no %s pawn",
                   side_name(mover));
    return check_ep_origin(g, p, err, errcap);
}

static int parse_ep(const struct game *g, char *s, struct position *p,
                    char *err, size_t errcap)
{
    char *part[2], *cells[MAX_CROSSED + 1];
    int nparts, ncells;
    cell fwd = {0, (signed char)(p->stm == BLACK ? 1 : -1)};  /* mover's */

    p->ep_n = 0;
    if (strcmp(s, "-") == 0)
        return 0;
    nparts = split(s, ':', part, 2);
    if (nparts > 2)
        return ERR("e.p. field: more than one ':'");
    ncells = split(part[0], ',', cells, MAX_CROSSED);
    if (ncells > g->max_crossed)
        return ERR("e.p. field: a %s pawn multi-step crosses at most %d "
                   "cell(s)", g->vname, g->max_crossed);
    for (int i = 0; i < ncells; i++) {
        cell c;
        if (parse_ep_cell(g, cells[i], &c, err, errcap) != 0)
            return -1;
        if (p->sq[c.x][c.y] != EMPTY)
            return ERR("e.p. field: crossed cell %s is not empty", cells[i]);
        if (i > 0 && !same_cell(c, step(p->ep[i - 1], fwd, 1)))
            return ERR("e.p. field: crossed cells are not consecutive along "
                       "%s's forward direction", side_name(!p->stm));
        p->ep[p->ep_n++] = c;
    }
    return parse_ep_victim(g, nparts == 2 ? part[1] : NULL, p, err, errcap);
}

/* ---- Fields 5 and 6, and whole-position checks --------------------------- */

static int parse_number(const char *s, long min, long *out, const char *what,
                        char *err, size_t errcap)
{
    size_t len = strlen(s);

    if (len == 0 || len > 9 || strspn(s, "0123456789") != len ||
        (s[0] == '0' && len > 1))  /* 9 digits: at most MAX_COUNTER */
        return ERR("bad %s '%.12s'", what, s);
    *out = 0;
    for (size_t i = 0; i < len; i++)
        *out = *out * 10 + (s[i] - '0');
    if (*out < min)
        return ERR("bad %s '%.12s'", what, s);
    return 0;
}

/* docs/decisions.md, 3: no side may have more than this many men. */
#define MAX_MEN 24

static int check_men(const struct game *g, const struct position *p,
                     char *err, size_t errcap)
{
    int kings[2] = {0, 0}, men[2] = {0, 0};

    for (int x = 0; x < g->nx; x++) {
        for (int y = 0; y < g->ny; y++) {
            cell c = {(signed char)x, (signed char)y};
            char pc = p->sq[x][y], name[4];
            if (!on_board(g, c) || pc == EMPTY)
                continue;
            men[side_of(pc)]++;
            if (orc_type_of(pc) == 'K')
                kings[side_of(pc)]++;
            if (orc_type_of(pc) == 'P' && orc_is_promotion_cell(g, side_of(pc), c)) {
                orc_cell_name(g, c, name);
                return ERR("%s pawn on its promotion cell %s",
                           side_name(side_of(pc)), name);
            }
        }
    }
    for (int s = 0; s < 2; s++) {
        if (kings[s] != 1)
            return ERR("%s has %s king", side_name(s),
                       kings[s] == 0 ? "no" : "more than one");
        if (men[s] > MAX_MEN)
            return ERR("%s has %d men; at most %d are allowed", side_name(s),
                       men[s], MAX_MEN);
    }
    return 0;
}

int orc_fen_parse(const struct game *g, const char *fen, struct position *p,
              char *err, size_t errcap)
{
    char buf[FEN_MAX], *f[7];
    int nf;

    if (fen == NULL)
        return ERR("no HexFEN given");
    if (strlen(fen) >= sizeof buf)
        return ERR("HexFEN longer than %d characters", FEN_MAX - 1);
    strcpy(buf, fen);
    memset(p, 0, sizeof *p);
    memset(p->sq, EMPTY, sizeof p->sq);
    if (buf[0] == ' ' || strstr(buf, "  ") != NULL ||
        (buf[0] != '\0' && buf[strlen(buf) - 1] == ' '))
        return ERR("empty field (fields are separated by single spaces)");
    nf = split(buf, ' ', f, 6);
    if (nf > 6)
        return ERR("trailing text after the sixth field");
    if (nf < 4)
        return ERR("HexFEN has %d field(s); at least 4 are needed", nf);
    if (nf == 5 && g->ncastlings == 0 && isdigit((unsigned char)f[3][0])) {
        /* HexChess.club's FEN (glinski.md §2) has no castling field. */
        static char none[] = "-";
        memmove(f + 3, f + 2, 3 * sizeof f[0]);
        f[2] = none;
        nf = 6;
    }
    if (parse_placement(g, f[0], p, err, errcap) || parse_side(f[1], p, err, errcap) ||
        parse_castling(g, f[2], p, err, errcap) || parse_ep(g, f[3], p, err, errcap) ||
        parse_number(nf > 4 ? f[4] : "0", 0, &p->half, "halfmove clock", err, errcap) ||
        parse_number(nf > 5 ? f[5] : "1", 1, &p->full, "fullmove number", err, errcap) ||
        check_men(g, p, err, errcap))
        return -1;
    if (orc_in_check(g, p, !p->stm))
        return ERR("the side not to move (%s) is in check", side_name(!p->stm));
    return 0;
}

/* ---- Printer -------------------------------------------------------------- */

struct text {
    char *buf;
    size_t cap, len;
    int overflow;
};

static void add(struct text *t, const char *s)
{
    size_t n = strlen(s);

    if (t->len + n >= t->cap) {
        t->overflow = 1;
        return;
    }
    memcpy(t->buf + t->len, s, n + 1);
    t->len += n;
}

/* A run of empty cells: 1 to 11 (no rank is longer), written digit by
 * digit (snprintf was a tenth of a print). */
static void add_run(struct text *t, int *run)
{
    char num[3] = {0, 0, 0}, *d = num;

    if (*run >= 10)
        *d++ = (char)('0' + *run / 10);
    if (*run > 0) {
        *d = (char)('0' + *run % 10);
        add(t, num);
    }
    *run = 0;
}

static void add_placement(const struct game *g, const struct position *p,
                          struct text *t)
{
    for (int r = g->nranks; r >= 1; r--) {
        cell cells[NX];
        int n = rank_cells(g, r, cells), run = 0;
        for (int i = 0; i < n; i++) {
            char piece[2] = {p->sq[cells[i].x][cells[i].y], 0};
            if (piece[0] == EMPTY) {
                run++;
            } else {
                add_run(t, &run);
                add(t, piece);
            }
        }
        add_run(t, &run);
        if (r > 1)
            add(t, "/");
    }
}

static void add_castling(const struct game *g, const struct position *p,
                         struct text *t)
{
    int any = 0;

    for (int side = WHITE; side <= BLACK; side++) {
        for (int x = 0; x < g->nx; x++) {
            char letter[2] = {0, 0};
            if (!p->castle[side][x])
                continue;
            letter[0] = side == WHITE ? (char)(g->files[x] - 'a' + 'A') : g->files[x];
            add(t, letter);
            any = 1;
        }
    }
    if (!any)
        add(t, "-");
}

/* Victim printed always for Brusky; elsewhere it is the default, omitted. */
static void add_ep(const struct game *g, const struct position *p,
                   struct text *t)
{
    char name[4];

    if (p->ep_n == 0) {
        add(t, "-");
        return;
    }
    for (int i = 0; i < p->ep_n; i++) {
        if (i > 0)
            add(t, ",");
        orc_cell_name(g, p->ep[i], name);
        add(t, name);
    }
    if (g->variant == BRUSKY) {
        orc_cell_name(g, p->ep_victim, name);
        add(t, ":");
        add(t, name);
    }
}

int orc_fen_print(const struct game *g, const struct position *p, char *out,
              size_t cap)
{
    struct text t = {out, cap, 0, 0};
    char num[48];

    if (out == NULL || cap == 0)
        return -1;
    out[0] = '\0';
    add_placement(g, p, &t);
    add(&t, p->stm == WHITE ? " w " : " b ");
    add_castling(g, p, &t);
    add(&t, " ");
    add_ep(g, p, &t);
    snprintf(num, sizeof num, " %ld %ld", p->half, p->full);
    add(&t, num);
    if (t.overflow) {
        out[0] = '\0';
        return -1;
    }
    return 0;
}
