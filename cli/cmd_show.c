/*
 * cmd_show.c - hexref show: a position as a text diagram, an SVG picture
 * or a small HTML page holding the SVG.
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

#include <errno.h>

#include <stdlib.h>
#include <string.h>

#include "board_layout.h"
#include "board_svg.h"
#include "xml.h"

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

/* The picture: an SVG element, alone or in a small page. */
static int write_picture(FILE *out, const cli_opts *o, const hx_position *pos, const char *fen,
                         const char *status, hx_error *err)
{
    hx_svg_arrow arrows[HX_SVG_MAX_ARROWS];
    int n = hx_svg_parse_arrows(o->arrows, HX_ARROW_PLAIN, arrows, HX_SVG_MAX_ARROWS, err);
    if (n < 0)
        return -1;
    hx_svg_options so = {.naming = o->naming, .flip = o->flip, .highlight = o->highlight,
                         .arrows = arrows, .narrows = n};
    int html = strcmp(o->format, "html") == 0;
    const hx_rules *r = hx_position_rules(pos);
    if (html) {
        fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                     "<title>hexref: %s (%s)</title>\n<style>\nbody{font-family:'DejaVu Sans',"
                     "Arial,sans-serif;margin:12px;background:#fff;color:#222}\n"
                     "h1{font-size:18px;margin:0 0 8px}code{font-size:12px}\n</style>\n"
                     "</head>\n<body>\n<h1>%s (%s)</h1>\n",
                hx_rules_variant(r), hx_rules_profile(r), hx_rules_variant(r),
                hx_rules_profile(r));
    }
    if (hx_board_svg(out, pos, &so, err) != 0)
        return -1;
    if (html) {
        fprintf(out, "<p><code>");
        hx_xml_text(out, fen);
        fprintf(out, "</code></p>\n<p>status: %s</p>\n</body>\n</html>\n", status);
    }
    return 0;
}

/* Writes the picture to -o FILE or stdout, only once it is complete. */
static int show_picture(const cli_opts *o, const hx_position *pos, const char *fen,
                        const char *status)
{
    char *text = NULL;
    size_t len = 0;
    hx_error err = {{0}};
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return cli_bad_input("out of memory");
    int rc = write_picture(mem, o, pos, fen, status, &err);
    fclose(mem);
    if (rc != 0) {
        free(text);
        return cli_bad_input("%s", err.message);
    }
    hx_output_file file = {0};
    if (o->output && (rc = cli_output_file_open(o->output, &file)) != 0) {
        free(text);
        return rc;
    }
    fwrite(text, 1, len, o->output ? file.f : stdout);
    free(text);
    /* A short write leaves the stream's error flag set; main checks stdout. */
    return o->output ? cli_output_file_commit(&file) : EXIT_OK;
}

static int check_show_options(const cli_opts *o)
{
    int text = !o->format || strcmp(o->format, "text") == 0;
    if (!text && strcmp(o->format, "svg") && strcmp(o->format, "html"))
        return cli_usage_error("show", "unknown format '%s' (text, svg or html)", o->format);
    if (text && (o->highlight || o->arrows || o->flip))
        return cli_usage_error("show", "--highlight, --arrows and --flip need --format svg or html");
    if (!text && o->coords)
        return cli_usage_error("show", "--coords is for the text diagram (svg names every cell)");
    if (text && o->output)
        return cli_usage_error("show", "-o is for --format svg or html");
    if (o->nargs)
        return cli_usage_error("show", "unexpected argument '%s'", o->args[0]);
    return 0;
}

static void show_text(const cli_opts *o, const cli_position *cp, hx_position *pos,
                      const char *status)
{
    printf("%s (%s)   %s\n\n", o->variant, hx_rules_profile(cp->rules), cp->fen);
    cli_draw_position(pos, o->naming, o->coords);
    printf("\n");
    print_fields(cp->fen);
    char draws[128];
    hx_draw_conditions(pos, draws, sizeof draws);
    printf("status:       %s%s%s\n", status, draws[0] ? "; draw: " : "", draws);
}

static const cli_option show_options[] = {
    CLI_INCLUDE(cli_position_options),
    CLI_OPT(CLI_OPT_FLAG, 0, "coords", NULL, CLI_FIELD(coords),
            "text: print every cell's name in its cell (Qe1: queen on e1)"),
    CLI_OPT(CLI_OPT_STRING, 0, "format", "text|svg|html", CLI_FIELD(format),
            "text (default), svg (a picture: every cell named, pieces,\n"
            "rights and e.p. marked) or html (the svg in a small page)"),
    CLI_OPT(CLI_OPT_STRING, 0, "highlight", "CELLS", CLI_FIELD(highlight),
            "svg/html: highlight these cells (\"e4 f5\")"),
    CLI_OPT(CLI_OPT_STRING, 0, "arrows", "MOVES", CLI_FIELD(arrows),
            "svg/html: draw these moves as arrows (\"e2e5 d8d5\")"),
    CLI_OPT(CLI_OPT_FLAG, 0, "flip", NULL, CLI_FIELD(flip), "svg/html: Black at the bottom"),
    CLI_OPT(CLI_OPT_STRING, 'o', "output", "FILE", CLI_FIELD(output),
            "svg/html: write to FILE (complete or not at all)"),
    CLI_END};

const cli_command cli_show_command = {
    "show", cmd_show, "draw a position with its rights, status and draw conditions",
    "hexref show -v VARIANT [options]",
    "Draws the position with file and rank names on the edges, the side to move,\n"
    "castling rights, e.p. field, clocks, status and draw conditions.\n",
    show_options};

int cmd_show(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(&cli_show_command, argc, argv, &o);
    if (rc)
        return cli_exit_code(rc);
    if ((rc = cli_require_variant("show", &o)) != 0 || (rc = check_show_options(&o)) != 0)
        return rc;
    cli_position cp;
    if ((rc = cli_position_open(&o, &cp)) != 0)
        return rc;
    char status[32], err[256];
    if (cp.engine.status(cp.engine.ctx, o.variant, o.profile, cp.position, status, sizeof status, err,
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
            cli_position_close(&cp);
            return cli_bad_input("cannot draw this position: %s", pos ? e.message : "no memory");
        }
    }
    if (o.format && strcmp(o.format, "text") != 0)
        rc = show_picture(&o, pos, cp.fen, status);
    else
        show_text(&o, &cp, pos, status);
    if (pos != cp.pos)
        hx_position_free(pos);
    cli_position_close(&cp);
    return rc;
}
