/*
 * board_layout.h - where each cell of a board sits on a page, derived from
 * the lattice (hexref.h's board size and cell names), for every drawer: the
 * text diagram of `hexref show` and the SVG of render/board_svg.h.
 *
 * Cell (x, y) is placed by the lattice vectors of the specification: on the
 * flat-top boards (vertical files: Shafran, Gliński, McCooey) a step (0,1)
 * goes one cell up and (1,0) one cell right and half a cell down; on Brusky's
 * pointy-top board (horizontal ranks) (1,0) goes one cell right and (0,1) one
 * cell up and half a cell left. Nothing is typed in per cell.
 *
 * Positions come in two forms: an integer grid (col, row) for text, where a
 * flat-top column is one file and a row half a cell, and a pointy-top column
 * half a cell and a row one rank; and plane coordinates (px, py) in units of
 * the distance between neighbouring centres, y growing downwards.
 *
 * Edge labels name files and ranks where a chess player looks for them: each
 * label sits on the lattice spot that continues its file or rank beyond the
 * board. Spots are taken in order of preference (rank numbers on the left,
 * file letters below the board, rank numbers on the right, file letters
 * above) and a spot already taken is not used twice.
 */
#ifndef HEXREF_RENDER_BOARD_LAYOUT_H
#define HEXREF_RENDER_BOARD_LAYOUT_H

#include "hexref.h"

enum { HX_LAYOUT_MAX_CELLS = 128, HX_LAYOUT_MAX_LABELS = 96 };

typedef struct hx_layout_spot {
    int x, y;         /* lattice coordinates (may lie outside the board for labels) */
    int col, row;     /* text grid */
    double px, py;    /* plane, neighbouring centres 1 apart */
    char name[4];     /* cell name, or the label's text */
} hx_layout_spot;

typedef struct hx_board_layout {
    const hx_rules *rules;
    int naming;          /* 0 canonical, 1 Brusky's seed notation B */
    int flip;            /* 1: rotated 180 degrees (Black at the bottom) */
    int horizontal;      /* 1: pointy-top cells, horizontal ranks (Brusky) */
    int ncells;
    hx_layout_spot cells[HX_LAYOUT_MAX_CELLS];
    int colour[HX_LAYOUT_MAX_CELLS];  /* (x + y) mod 3, the specification's colour */
    int nlabels;
    hx_layout_spot labels[HX_LAYOUT_MAX_LABELS];
    int label_is_file[HX_LAYOUT_MAX_LABELS];
    int label_cell[HX_LAYOUT_MAX_LABELS]; /* the end cell whose line the label continues */
} hx_board_layout;

/* Lays out the board of rules in the given naming, flipped or not. */
void hx_board_layout_build(hx_board_layout *l, const hx_rules *rules, int naming, int flip);

/* The index in l->cells of the cell at lattice (x, y), or -1. */
int hx_board_layout_at(const hx_board_layout *l, int x, int y);

/* Reads a cell name at the start of text (in the layout's naming); returns
 * the index in l->cells and sets *len to the characters read, or returns -1.
 * The longest name wins ("e10" over "e1"). */
int hx_board_layout_parse(const hx_board_layout *l, const char *text, int *len);

#endif
