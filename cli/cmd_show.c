/*
 * cmd_show.c - hexref show: a position as a text diagram (board_text.c),
 * an SVG picture or a small HTML page holding the SVG, with the position's
 * fields, status and draw conditions.
 */
#include "cli.h"

#include <errno.h>

#include <stdlib.h>
#include <string.h>

#include "board_svg.h"
#include "xml.h"

static void print_fields(const char *fen)
{
    char copy[HX_FEN_TEXT_MAX];
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
    char status[HX_SESSION_WORD_MAX];
    hx_session_error se;
    if (cp.pos)
        snprintf(status, sizeof status, "%s", hx_status_name(hx_position_status(cp.pos)));
    else if (hx_session_status(cp.session, cp.query_fen, cp.query_moves, status, &se)) {
        cli_position_close(&cp);
        return cli_bad_input("%s", se.error.message);
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
