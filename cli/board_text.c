/*
 * board_text.c - a position as a text diagram on stdout, for show, verify's
 * reports and the engine's "d" command.
 *
 * The text diagram places cells by the board layout (render/board_layout.h):
 * on flat-top boards a column per file and a row per half cell, on Brusky's
 * board a row per rank. Every cell shows its piece, '.' when empty, or with
 * --coords the piece letter followed by the cell's name. File letters sit
 * below (and above) their files and rank numbers beside their ranks, each on
 * the spot that continues its file or rank beyond the edge, so a label is in
 * line with the cells it names and never on a row of other cells' pieces.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "board_layout.h"

enum { ROWS = 64, COLS = 128, MARGIN = 2 };

typedef struct canvas {
    char cell[ROWS][COLS + 1];
    int rows;
    int col_scale, col0, row0; /* text column of grid column c: (c - col0) * col_scale */
} canvas;

/* Writes text centred on grid spot s. */
static void put_centred(canvas *cv, const hx_layout_spot *s, const char *text)
{
    int row = s->row - cv->row0, len = (int)strlen(text);
    int col = MARGIN + (s->col - cv->col0) * cv->col_scale + 1 - len / 2;
    if (row < 0 || row >= ROWS)
        return;
    for (int i = 0; i < len && col + i < COLS; i++)
        if (col + i >= 0)
            cv->cell[row][col + i] = text[i];
    if (row + 1 > cv->rows)
        cv->rows = row + 1;
}

static void cell_text(const hx_board_layout *l, const hx_position *pos, int i, int coords,
                      char out[8])
{
    char piece = hx_position_piece(pos, l->cells[i].x, l->cells[i].y);
    if (coords)
        snprintf(out, 8, "%s%s", piece == '.' ? "" : (char[]){piece, '\0'}, l->cells[i].name);
    else
        snprintf(out, 8, piece == '.' ? "." : "(%c)", piece);
}

static void print_canvas(const canvas *cv)
{
    for (int row = 0; row < cv->rows; row++) {
        int end = COLS;
        while (end > 0 && cv->cell[row][end - 1] == ' ')
            end--;
        printf("%.*s\n", end, cv->cell[row]);
    }
}

/* Lays pos out on cv and prints it. */
static void draw_into(const hx_position *pos, int naming, int coords, hx_board_layout *lp,
                      canvas *cvp)
{
    hx_board_layout_build(lp, hx_position_rules(pos), naming, 0);
    memset(cvp->cell, ' ', sizeof cvp->cell);
    for (int row = 0; row < ROWS; row++)
        cvp->cell[row][COLS] = '\0';
    cvp->rows = 0;
    cvp->col_scale = lp->horizontal ? (coords ? 3 : 2) : (coords ? 5 : 4);
    cvp->col0 = cvp->row0 = 1 << 20;
    for (int i = 0; i < lp->ncells + lp->nlabels; i++) {
        const hx_layout_spot *s = i < lp->ncells ? &lp->cells[i] : &lp->labels[i - lp->ncells];
        cvp->col0 = s->col < cvp->col0 ? s->col : cvp->col0;
        cvp->row0 = s->row < cvp->row0 ? s->row : cvp->row0;
    }
    for (int i = 0; i < lp->ncells; i++) {
        char text[8];
        cell_text(lp, pos, i, coords, text);
        put_centred(cvp, &lp->cells[i], text);
    }
    /* A rank number goes on the text row of the rank's end cell, so that
     * it reads as the start (or end) of that row's rank. */
    for (int i = 0; i < lp->nlabels; i++) {
        hx_layout_spot s = lp->labels[i];
        if (!lp->label_is_file[i])
            s.row = lp->cells[lp->label_cell[i]].row;
        put_centred(cvp, &s, s.name);
    }
    print_canvas(cvp);
}

/* Draws pos as text on stdout; used by show and by verify's reports. The
 * layout and the canvas are a few tens of KB: on the heap, not in static
 * buffers shared by every call (issue 26). */
void cli_draw_position(const hx_position *pos, int naming, int coords)
{
    hx_board_layout *l = malloc(sizeof *l);
    canvas *cv = malloc(sizeof *cv);
    if (l && cv)
        draw_into(pos, naming, coords, l, cv);
    else
        printf("(no memory to draw the board)\n");
    free(l);
    free(cv);
}
