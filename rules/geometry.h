/*
 * geometry.h - a board's cells and every table derived from them.
 *
 * A board is described by three inequalities (x range, y range, x-y range)
 * and a naming rule. geometry_build() numbers the existing cells and derives
 * all step, ray and leap tables by walking the lattice one step at a time
 * from the twelve direction vectors and the knight vectors: no per-cell
 * table is typed in (the Ethereal way).
 *
 * Cell (x, y) has index y * width + x, width = xmax + 1: the board sits in a
 * grid with holes where cells do not exist (`all` marks the real ones). Two
 * things follow. A step (dx, dy) is the same index shift everywhere, so pawn
 * moves are generated for all pawns at once by shifting a bitboard. And along
 * every direction the index either always grows ("positive" directions) or
 * always shrinks, so the first blocker on a ray is the lowest or highest set
 * cell of ray & occupied. Every board fits: 11 x 11, 12 x 8 and 9 x 10 slots.
 */
#ifndef HEXREF_GEOMETRY_H
#define HEXREF_GEOMETRY_H

#include <stdint.h>
#include "bitboard.h"

enum {
    HX_MAX_CELLS = 128,
    HX_GRID = 16,    /* x and y of every board lie in [0, HX_GRID) */
    HX_DIRS = 12,    /* 0..5 orthogonal, 6..11 diagonal */
    HX_ORTHS = 6,
    HX_KNIGHT_LEAPS = 12,
    HX_AXES = 6,     /* lines through a cell: 0..2 orthogonal, 3..5 diagonal */
    HX_MAX_LINE = 12, /* cells on the longest line of any board */
    HX_MAX_LINES = 6 * HX_MAX_CELLS,
    HX_NO_CELL = -1
};

/* The lattice vectors of the specification (README "Lattice"). Orthogonal
 * direction d and d+3 (mod 6) are opposite; likewise for the diagonals. */
extern const int8_t hx_dir_vec[HX_DIRS][2];
extern const int8_t hx_knight_vec[HX_KNIGHT_LEAPS][2];

static inline int hx_dir_is_positive(int d) { return (d % 6) < 3; }
static inline int hx_dir_opposite(int d) { return (d < 6) ? (d + 3) % 6 : 6 + (d - 6 + 3) % 6; }

/* One straight line of cells (orthogonal or diagonal), end to end. A
 * slider's attack along it depends only on its position on the line and on
 * which inner cells are occupied (the end cells never block anything
 * beyond them), which is what the line lookup of attacks.c indexes. */
typedef struct hx_line {
    hx_bb cells;         /* every cell of the line */
    hx_bb inner;         /* the line without its two end cells */
    uint8_t cells_low;   /* how many of `cells` have an index below 64 */
    uint8_t inner_low;   /* how many of `inner` have an index below 64 */
} hx_line;

/* A cell's line along one axis as the line lookup (attacks.h) reads it,
 * all in one place: the line's masks by 64-bit half, how many of each lie
 * in the low half, and the row of the shared table for the cell's position
 * on the line (position << (HX_MAX_LINE - 2)). */
typedef struct hx_line_at {
    uint64_t inner_lo, inner_hi, cells_lo, cells_hi;
    uint16_t slide_row;
    uint8_t inner_low, cells_low;
} hx_line_at;

/* Axis a runs along directions hx_axis_dir(a) (positive) and its opposite. */
static inline int hx_axis_dir(int a) { return a < 3 ? a : a + 3; }

typedef struct hx_board_shape {
    int xmax, ymax;       /* 0 <= x <= xmax, 0 <= y <= ymax */
    int dmin, dmax;       /* dmin <= x - y <= dmax */
    const char *files;    /* file letters, indexed by x */
    int rank_bend;        /* rank = y + 1 - max(0, x - rank_bend) */
    const char *alt_files; /* second naming (Brusky's notation B) or NULL: */
    int alt_offset;        /* its file index is x - y + alt_offset */
} hx_board_shape;

typedef struct hx_geometry {
    hx_board_shape shape;
    int width;   /* xmax + 1: the index shift of one step in y */
    int nslots;  /* indices run from 0 to nslots - 1, with holes */
    int nranks;
    hx_bb all;                           /* every cell */
    int8_t x[HX_MAX_CELLS], y[HX_MAX_CELLS];
    int8_t rank[HX_MAX_CELLS];           /* 1-based rank number */
    int16_t cell_at[HX_GRID][HX_GRID];   /* [x][y] -> cell or HX_NO_CELL */
    char name[HX_MAX_CELLS][4];
    int8_t step[HX_DIRS][HX_MAX_CELLS];  /* neighbour in direction d */
    hx_bb ray[HX_DIRS][HX_MAX_CELLS];    /* cells beyond, in direction d */
    hx_bb orth_lines[HX_MAX_CELLS];      /* a rook's reach on an empty board */
    hx_bb diag_lines[HX_MAX_CELLS];      /* a bishop's reach on an empty board */
    hx_bb knight[HX_MAX_CELLS];
    hx_bb king[HX_MAX_CELLS];            /* 12 directions, one step */
    hx_bb orth_steps[HX_MAX_CELLS];      /* the king's steps along orth_lines */
    hx_bb diag_steps[HX_MAX_CELLS];      /* ... along diag_lines */
    int8_t dir_to[HX_MAX_CELLS][HX_MAX_CELLS]; /* direction a->b or -1 */
    /* The line through each cell along each axis, and the cell's position
     * on it (0 at its lowest index). */
    uint16_t line_of[HX_AXES][HX_MAX_CELLS];
    uint8_t line_pos[HX_AXES][HX_MAX_CELLS];
    hx_line lines[HX_MAX_LINES];
    int nlines;
    hx_line_at line_at[HX_MAX_CELLS][HX_AXES]; /* the same, by cell, for the lookup */
    /* Cells of each rank in ascending file order, for HexFEN. */
    int8_t rank_cells[HX_GRID][HX_GRID];
    int8_t rank_len[HX_GRID];
} hx_geometry;

void geometry_build(hx_geometry *g, const hx_board_shape *shape);

static inline int geometry_exists(const hx_geometry *g, int c) { return hx_bb_has(g->all, c); }
/* The index shift of a step (dx, dy). */
static inline int geometry_shift(const hx_geometry *g, int dx, int dy) { return dy * g->width + dx; }

/* Cell at (x, y), or HX_NO_CELL if it does not exist. */
int geometry_cell(const hx_geometry *g, int x, int y);
/* Cell one `vec` away from c, or HX_NO_CELL. */
int geometry_offset(const hx_geometry *g, int c, int dx, int dy);
/* Parses a cell name at s (letters then digits); returns the cell and sets
 * *len to the characters used, or returns HX_NO_CELL. `naming` 1 is Brusky's
 * notation B. */
int geometry_parse_cell(const hx_geometry *g, const char *s, int naming, int *len);
/* Writes the name of c in the given naming. */
void geometry_cell_name(const hx_geometry *g, int c, int naming, char out[4]);

#endif
