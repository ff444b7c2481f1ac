/*
 * cmd_show.c - draws a position as a hexagonal diagram a person can read.
 *
 * Flat-top boards (Shafran, Gliński, McCooey) are drawn with vertical files:
 * a cell sits at column 4x and half-row 2y - x, so neighbouring files are
 * offset by half a cell. Brusky's pointy-top board is drawn with horizontal
 * ranks, cells at column 2(2x - y). Cell names label the edges.
 */
#include "cli.h"

#include <string.h>

enum { ROWS = 48, COLS = 100, MARGIN = 5 };

typedef struct canvas {
    char cell[ROWS][COLS + 1];
    int rows;
} canvas;

static void put_text(canvas *cv, int row, int col, const char *text)
{
    if (row < 0 || row >= ROWS)
        return;
    for (int i = 0; text[i] && col + i < COLS; i++)
        if (col + i >= 0)
            cv->cell[row][col + i] = text[i];
    if (row + 1 > cv->rows)
        cv->rows = row + 1;
}

static void put_piece(canvas *cv, int row, int col, char piece)
{
    char text[4] = {'(', piece, ')', '\0'};
    if (piece == '.')
        text[0] = ' ', text[2] = ' ';
    put_text(cv, row, col, text);
}

static void draw_vertical_files(canvas *cv, const hx_position *pos, int width, int height,
                                int naming)
{
    const hx_rules *r = hx_position_rules(pos);
    int top = 0;
    for (int x = 0; x < width; x++)
        for (int y = 0; y < height; y++)
            if (hx_position_piece(pos, x, y) && 2 * y - x > top)
                top = 2 * y - x;
    for (int x = 0; x < width; x++) {
        int low = -1, high = -1;
        for (int y = 0; y < height; y++) {
            char piece = hx_position_piece(pos, x, y);
            if (!piece)
                continue;
            put_piece(cv, 2 + top - (2 * y - x), MARGIN + 4 * x, piece);
            low = low < 0 ? y : low;
            high = y;
        }
        char name[4];
        if (low < 0)
            continue;
        hx_cell_name(r, x, high, naming, name);
        put_text(cv, 1 + top - (2 * high - x), MARGIN + 4 * x, name);
        hx_cell_name(r, x, low, naming, name);
        put_text(cv, 3 + top - (2 * low - x), MARGIN + 4 * x, name);
    }
}

static void draw_horizontal_ranks(canvas *cv, const hx_position *pos, int width, int height,
                                  int naming)
{
    const hx_rules *r = hx_position_rules(pos);
    for (int y = height - 1; y >= 0; y--) {
        int row = 1 + (height - 1 - y), first = -1, last = -1;
        for (int x = 0; x < width; x++) {
            char piece = hx_position_piece(pos, x, y);
            if (!piece)
                continue;
            put_piece(cv, row, MARGIN + 2 * (2 * x - y) + 2 * height, piece);
            first = first < 0 ? x : first;
            last = x;
        }
        char name[4];
        hx_cell_name(r, first, y, naming, name);
        put_text(cv, row, MARGIN + 2 * (2 * first - y) + 2 * height - 4, name);
        hx_cell_name(r, last, y, naming, name);
        put_text(cv, row, MARGIN + 2 * (2 * last - y) + 2 * height + 4, name);
    }
}

static void print_canvas(canvas *cv)
{
    for (int row = 0; row < cv->rows; row++) {
        int end = COLS;
        while (end > 0 && cv->cell[row][end - 1] == ' ')
            end--;
        printf("%.*s\n", end, cv->cell[row]);
    }
}

/* Draws pos; used by show and by verify's reports. */
void cli_draw_position(const hx_position *pos, int naming)
{
    static canvas cv;
    int width, height, horizontal;
    memset(cv.cell, ' ', sizeof cv.cell);
    for (int row = 0; row < ROWS; row++)
        cv.cell[row][COLS] = '\0';
    cv.rows = 0;
    hx_board_size(hx_position_rules(pos), &width, &height, &horizontal);
    if (horizontal)
        draw_horizontal_ranks(&cv, pos, width, height, naming);
    else
        draw_vertical_files(&cv, pos, width, height, naming);
    print_canvas(&cv);
}

static void print_fields(const char *fen)
{
    char copy[HX_ENGINE_FEN_MAX];
    snprintf(copy, sizeof copy, "%s", fen);
    char *fields[6] = {0};
    char *save = NULL;
    int n = 0;
    for (char *f = strtok_r(copy, " ", &save); f && n < 6; f = strtok_r(NULL, " ", &save))
        fields[n++] = f;
    printf("side to move: %s\n", fields[1] && fields[1][0] == 'w' ? "White" : "Black");
    printf("castling:     %s\n", fields[2] ? fields[2] : "-");
    printf("e.p.:         %s\n", fields[3] ? fields[3] : "-");
    printf("clocks:       halfmove %s, fullmove %s\n", fields[4] ? fields[4] : "0",
           fields[5] ? fields[5] : "1");
}

int cmd_show(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse("show", "variant profile fen moves engine cells", argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if ((rc = cli_require_variant("show", &o)) != 0)
        return rc;
    if (o.nargs)
        return cli_usage_error("show", "unexpected argument '%s'", o.args[0]);
    cli_position cp;
    if ((rc = cli_position_open(&o, &cp)) != 0)
        return rc;
    char status[32], err[256];
    if (cp.engine.status(cp.engine.ctx, o.variant, o.profile, cp.fen, status, sizeof status, err,
                         sizeof err)) {
        cli_position_close(&cp);
        return cli_bad_input("%s", err);
    }
    hx_position *pos = cp.pos;
    hx_error e;
    if (!pos) { /* oracle engine: draw from the reference's reading of the HexFEN */
        pos = hx_position_new(cp.rules);
        if (!pos || hx_position_set_fen(pos, cp.fen, &e) != 0) {
            hx_position_free(pos);
            return cli_bad_input("cannot draw this position: %s", pos ? e.message : "no memory");
        }
    }
    printf("%s (%s)   %s\n\n", o.variant, hx_rules_profile(cp.rules), cp.fen);
    cli_draw_position(pos, o.naming);
    printf("\n");
    print_fields(cp.fen);
    char draws[128];
    hx_draw_conditions(pos, draws, sizeof draws);
    printf("status:       %s%s%s\n", status, draws[0] ? "; draw: " : "", draws);
    if (pos != cp.pos)
        hx_position_free(pos);
    cli_position_close(&cp);
    return EXIT_OK;
}
