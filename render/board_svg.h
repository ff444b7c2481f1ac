/*
 * board_svg.h - a position of any variant as an SVG diagram.
 *
 * The board is laid out from the lattice (board_layout.h): every cell a
 * hexagon in its colour class (x + y) mod 3, named inside; file and rank
 * names on the edges; pieces drawn as inline SVG paths (no font or file is
 * needed); the side to move, the castling rights (a badge on each rook home
 * cell that keeps its right), the e.p. cells and the pawn that may be taken
 * e.p. Highlighted cells and arrows are drawn on top.
 *
 * The picture can be queried: every cell is an element with data-cell="NAME"
 * (exactly one per cell), every piece one with data-piece="K" (the HexFEN
 * letter) and data-cell-of="NAME", every arrow one with data-arrow="MOVE"
 * and data-kind="plain|missing|extra". The SVG defines no ids, so several
 * diagrams can share one HTML page.
 *
 * Typical use (show --format svg):
 *
 *     hx_svg_arrow arrows[16];
 *     int n = hx_svg_parse_arrows("e2e5 d8d5", HX_ARROW_PLAIN, arrows, 16, &err);
 *     hx_svg_options o = {.highlight = "e4 f5", .arrows = arrows, .narrows = n};
 *     if (hx_board_svg(stdout, pos, &o, &err) != 0) ... err.message names the bad cell
 */
#ifndef HEXREF_RENDER_BOARD_SVG_H
#define HEXREF_RENDER_BOARD_SVG_H

#include <stdio.h>

#include "hexref.h"

enum { HX_SVG_MOVE_MAX = 24, HX_SVG_MAX_ARROWS = 256 };

/* Arrow colours: a plain arrow (--arrows), a move only the reference has
 * (missing in the engine), a move only the engine has (extra). */
typedef enum hx_arrow_kind { HX_ARROW_PLAIN, HX_ARROW_MISSING, HX_ARROW_EXTRA } hx_arrow_kind;

typedef struct hx_svg_arrow {
    char move[HX_SVG_MOVE_MAX]; /* move text "e2e5", "d8d9q": two cell names */
    hx_arrow_kind kind;
} hx_svg_arrow;

typedef struct hx_svg_options {
    int naming;               /* 0 canonical, 1 Brusky's seed notation B */
    int flip;                 /* 1: Black at the bottom */
    const char *highlight;    /* cell names separated by blanks or commas, or NULL */
    const hx_svg_arrow *arrows;
    int narrows;
    int skip_bad_arrows;      /* 1: leave out arrows that name no cell (an engine's
                                 odd move text) instead of failing */
    const char *heading;      /* first caption line; NULL: "VARIANT (PROFILE)" */
    double cell_px;           /* distance between neighbouring centres; 0: 48 */
} hx_svg_options;

/* Splits text ("e2e5 d8d5" or "e2e5,d8d5") into arrows of one kind; returns
 * how many, or -1 with err filled (too many, too long). Cells are checked
 * when drawing. */
int hx_svg_parse_arrows(const char *text, hx_arrow_kind kind, hx_svg_arrow *out, int max,
                        hx_error *err);

/* Writes the SVG element of pos. Checks every highlight and arrow first:
 * on a bad one returns -1 naming it in err, with nothing written. */
int hx_board_svg(FILE *out, const hx_position *pos, const hx_svg_options *o, hx_error *err);

/* The colour of an arrow kind, and what it means, for legends. */
const char *hx_arrow_colour(hx_arrow_kind kind);
const char *hx_arrow_meaning(hx_arrow_kind kind);


#endif
