/*
 * board_svg.c - a position as an SVG diagram (see board_svg.h).
 *
 * Everything is checked and placed first (struct picture), then written in
 * layers: cells (with their names and highlights), edge labels, marks for
 * rights and e.p., pieces, arrows, caption. Coordinates come from the layout
 * only; the glyphs are drawn in a 100 x 100 box and scaled into a cell.
 */
#include "board_svg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "board_layout.h"
#include "xml.h"

enum { FIELDS = 6 };

typedef struct placed_arrow {
    int from, to; /* layout cell indices */
    const hx_svg_arrow *arrow;
} placed_arrow;

typedef struct picture {
    hx_board_layout l;
    const hx_position *pos;
    const hx_svg_options *o;
    char canonical[HX_LAYOUT_MAX_CELLS][4]; /* HexFEN's fields use these names */
    char highlight[HX_LAYOUT_MAX_CELLS];
    char ep[HX_LAYOUT_MAX_CELLS];
    int ep_order[HX_LAYOUT_MAX_CELLS], nep;  /* crossed cells, in the field's order */
    char rook_right[HX_LAYOUT_MAX_CELLS];   /* castling letter of the right, or 0 */
    int victim;                             /* cell of the pawn e.p. may take, or -1 */
    placed_arrow arrows[HX_SVG_MAX_ARROWS];
    int narrows;
    char fen[HX_FEN_MAX];
    char *field[FIELDS];
    double scale, ox, oy, width, height, caption_top;
} picture;

static const char *const cell_fill[3] = {"#b07a45", "#dcb68a", "#f3e3c7"};
static const char *const name_fill[3] = {"#f6ead8", "#4a3520", "#6b5238"};

const char *hx_arrow_colour(hx_arrow_kind kind)
{
    static const char *const colours[] = {"#2e7d32", "#1565c0", "#d84315"};
    return colours[kind];
}

const char *hx_arrow_meaning(hx_arrow_kind kind)
{
    static const char *const meanings[] = {"arrow", "missing: in the reference only",
                                           "extra: in the engine only"};
    return meanings[kind];
}

int hx_svg_parse_arrows(const char *text, hx_arrow_kind kind, hx_svg_arrow *out, int max,
                        hx_error *err)
{
    int n = 0;
    while (text && *text) {
        size_t skip = strspn(text, " ,\t"), len = strcspn(text + skip, " ,\t");
        text += skip;
        if (len == 0)
            break;
        if (n >= max || len >= HX_SVG_MOVE_MAX) {
            snprintf(err->message, sizeof err->message, "%s at '%.*s'",
                     n >= max ? "too many arrows" : "arrow too long", (int)len, text);
            return -1;
        }
        snprintf(out[n].move, sizeof out[n].move, "%.*s", (int)len, text);
        out[n++].kind = kind;
        text += len;
    }
    return n;
}

/* ------------------------------------------------------------ checking */

static int bad(hx_error *err, const char *what, const char *text, size_t len)
{
    snprintf(err->message, sizeof err->message, "%s '%.*s'", what, (int)len, text);
    return -1;
}

/* A token that must be exactly one cell name. */
static int whole_cell(const picture *p, const char *text, size_t len)
{
    int used = 0, c = hx_board_layout_parse(&p->l, text, &used);
    return c >= 0 && (size_t)used == len ? c : -1;
}

static int mark_highlights(picture *p, hx_error *err)
{
    const char *text = p->o->highlight;
    while (text && *text) {
        size_t skip = strspn(text, " ,\t"), len = strcspn(text + skip, " ,\t");
        text += skip;
        if (len == 0)
            break;
        int c = whole_cell(p, text, len);
        if (c < 0)
            return bad(err, "--highlight: no such cell", text, len);
        p->highlight[c] = 1;
        text += len;
    }
    return 0;
}

/* Move text: two cell names and at most a promotion letter. */
static int place_arrow(picture *p, const hx_svg_arrow *a)
{
    int n1 = 0, n2 = 0;
    int from = hx_board_layout_parse(&p->l, a->move, &n1);
    int to = from < 0 ? -1 : hx_board_layout_parse(&p->l, a->move + n1, &n2);
    const char *rest = a->move + n1 + n2;
    if (to < 0 || (rest[0] && (strchr("qrbn", rest[0]) == NULL || rest[1])))
        return -1;
    placed_arrow *pa = &p->arrows[p->narrows++];
    pa->from = from;
    pa->to = to;
    pa->arrow = a;
    return 0;
}

static int place_arrows(picture *p, hx_error *err)
{
    for (int i = 0; i < p->o->narrows && p->narrows < HX_SVG_MAX_ARROWS; i++) {
        const hx_svg_arrow *a = &p->o->arrows[i];
        if (place_arrow(p, a) != 0 && !p->o->skip_bad_arrows)
            return bad(err, "--arrows: not a move between two cells:", a->move, strlen(a->move));
    }
    return 0;
}

/* ------------------------------------------------------------ position */

static int canonical_cell(const picture *p, const char *name, size_t len)
{
    for (int i = 0; i < p->l.ncells; i++)
        if (strlen(p->canonical[i]) == len && strncmp(p->canonical[i], name, len) == 0)
            return i;
    return -1;
}

/* Rook home cells of the castling field: the end of the file on the side's
 * own back edge (lowest y for White, highest for Black). */
static void mark_rights(picture *p)
{
    for (const char *f = p->field[2]; f && *f && *f != '-'; f++) {
        int white = *f >= 'A' && *f <= 'Z', best = -1;
        char letter = (char)(white ? *f - 'A' + 'a' : *f);
        for (int i = 0; i < p->l.ncells; i++) {
            if (p->canonical[i][0] != letter)
                continue;
            if (best < 0 || (white ? p->l.cells[i].y < p->l.cells[best].y
                                   : p->l.cells[i].y > p->l.cells[best].y))
                best = i;
        }
        if (best >= 0)
            p->rook_right[best] = *f;
    }
}

/* The e.p. field "c1,c2[:victim]"; without a victim, the pawn stands one
 * step beyond the last crossed cell along the mover's file. */
static void mark_ep(picture *p)
{
    const char *f = p->field[3];
    int last = -1;
    p->victim = -1;
    while (f && *f && *f != '-' && *f != ':') {
        size_t len = strcspn(f, ",:");
        int c = canonical_cell(p, f, len);
        if (c >= 0)
            p->ep[c] = 1, last = c, p->ep_order[p->nep++] = c;
        f += len + (*(f + len) == ',');
    }
    if (f && *f == ':')
        p->victim = canonical_cell(p, f + 1, strlen(f + 1));
    else if (last >= 0) {
        int mover_white = hx_position_side(p->pos) == 1;
        p->victim = hx_board_layout_at(&p->l, p->l.cells[last].x,
                                       p->l.cells[last].y + (mover_white ? 1 : -1));
    }
}

static void read_position(picture *p)
{
    hx_position_fen(p->pos, p->fen);
    char *save = NULL;
    int n = 0;
    for (char *t = strtok_r(p->fen, " ", &save); t && n < FIELDS; t = strtok_r(NULL, " ", &save))
        p->field[n++] = t;
    for (int i = 0; i < p->l.ncells; i++)
        hx_cell_name(p->l.rules, p->l.cells[i].x, p->l.cells[i].y, 0, p->canonical[i]);
    mark_rights(p);
    mark_ep(p);
}

/* ------------------------------------------------------------ page */

static const double HEX_RADIUS = 0.5773502691896258; /* 1/sqrt(3): centres 1 apart */

static void fit_page(picture *p)
{
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
    for (int i = 0; i < p->l.ncells + p->l.nlabels; i++) {
        const hx_layout_spot *s = i < p->l.ncells ? &p->l.cells[i] : &p->l.labels[i - p->l.ncells];
        double r = i < p->l.ncells ? HEX_RADIUS : 0.35;
        x0 = fmin(x0, s->px - r), x1 = fmax(x1, s->px + r);
        y0 = fmin(y0, s->py - r), y1 = fmax(y1, s->py + r);
    }
    p->scale = p->o->cell_px > 0 ? p->o->cell_px : 48;
    double margin = 0.25 * p->scale;
    p->ox = margin - x0 * p->scale;
    p->oy = margin - y0 * p->scale;
    p->width = ceil((x1 - x0) * p->scale + 2 * margin);
    p->caption_top = (y1 - y0) * p->scale + 2 * margin;
    p->height = ceil(p->caption_top + 5 * 17 + 8);
    if (p->width < 420)
        p->width = 420; /* room for the caption */
}

static double page_x(const picture *p, const hx_layout_spot *s) { return p->ox + s->px * p->scale; }
static double page_y(const picture *p, const hx_layout_spot *s) { return p->oy + s->py * p->scale; }

static void hexagon_points(FILE *out, const picture *p, const hx_layout_spot *s, double shrink)
{
    double cx = page_x(p, s), cy = page_y(p, s), r = HEX_RADIUS * p->scale * shrink;
    double start = p->l.horizontal ? 30.0 : 0.0;
    for (int k = 0; k < 6; k++) {
        double a = (start + 60.0 * k) * 3.14159265358979323846 / 180.0;
        fprintf(out, "%s%.1f,%.1f", k ? " " : "", cx + r * cos(a), cy + r * sin(a));
    }
}

/* ------------------------------------------------------------ layers */

static void write_cells(FILE *out, const picture *p)
{
    double font = 0.2 * p->scale;
    fprintf(out, "<g class=\"cells\" stroke=\"#5a4632\" stroke-width=\"1\">\n");
    for (int i = 0; i < p->l.ncells; i++) {
        const hx_layout_spot *s = &p->l.cells[i];
        int c = p->l.colour[i];
        fprintf(out, "<g data-cell=\"%s\" data-colour=\"%d\"%s>", s->name, c,
                p->highlight[i] ? " data-highlight=\"1\"" : "");
        fprintf(out, "<polygon fill=\"%s\" points=\"", cell_fill[c]);
        hexagon_points(out, p, s, 1.0);
        fprintf(out, "\"/>");
        if (p->highlight[i]) {
            fprintf(out, "<polygon fill=\"#ffe033\" fill-opacity=\"0.6\" stroke=\"#c9a000\" "
                         "stroke-width=\"2\" points=\"");
            hexagon_points(out, p, s, 0.9);
            fprintf(out, "\"/>");
        }
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" stroke=\"none\" "
                     "text-anchor=\"middle\">%s</text></g>\n",
                page_x(p, s), page_y(p, s) + 0.41 * p->scale, font, name_fill[c], s->name);
    }
    fprintf(out, "</g>\n");
}

static void write_labels(FILE *out, const picture *p)
{
    fprintf(out, "<g class=\"edge-labels\" font-size=\"%.1f\" font-weight=\"bold\" "
                 "fill=\"#6d5a46\" text-anchor=\"middle\" dominant-baseline=\"central\">\n",
            0.3 * p->scale);
    for (int i = 0; i < p->l.nlabels; i++) {
        const hx_layout_spot *s = &p->l.labels[i];
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" data-label=\"%s\">%s</text>\n", page_x(p, s),
                page_y(p, s), p->l.label_is_file[i] ? "file" : "rank", s->name);
    }
    fprintf(out, "</g>\n");
}

static void write_marks(FILE *out, const picture *p)
{
    double r = p->scale;
    fprintf(out, "<g class=\"marks\">\n");
    for (int i = 0; i < p->l.ncells; i++) {
        const hx_layout_spot *s = &p->l.cells[i];
        double x = page_x(p, s), y = page_y(p, s);
        if (p->rook_right[i])
            fprintf(out, "<g data-castling=\"%c\"><title>castling right %c (rook home %s)</title>"
                         "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#e0b000\" "
                         "stroke=\"#5a4632\"/></g>\n",
                    p->rook_right[i], p->rook_right[i], s->name, x + 0.30 * r, y - 0.30 * r,
                    0.09 * r);
        if (p->ep[i])
            fprintf(out, "<g data-ep=\"%s\"><title>e.p. cell %s</title><circle cx=\"%.1f\" "
                         "cy=\"%.1f\" r=\"%.1f\" fill=\"#00897b\" fill-opacity=\"0.35\" "
                         "stroke=\"#00695c\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/></g>\n",
                    s->name, s->name, x, y, 0.22 * r);
        if (i == p->victim)
            fprintf(out, "<g data-ep-victim=\"%s\"><title>pawn that may be taken e.p.</title>"
                         "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" "
                         "stroke=\"#c62828\" stroke-width=\"3\" stroke-dasharray=\"5 3\"/></g>\n",
                    s->name, x, y, 0.42 * r);
    }
    fprintf(out, "</g>\n");
}

/* Glyphs in a 100 x 100 box: outline paths, then detail lines. */
typedef struct glyph {
    char letter;
    const char *body;
    const char *detail;
} glyph;

static const glyph glyphs[] = {
    {'p', "M50 17a13 13 0 1 1 -0.1 0zM41 42h18q5 18 8 36h-34q3 -18 8 -36zM25 90h50l-3 -12h-44z",
     ""},
    {'r', "M28 90h44v-10h-6l-2 -38h8v-20h-9v8h-8v-8h-10v8h-8v-8h-9v20h8l-2 38h-6z",
     "M36 42h28M34 80h32"},
    {'b', "M28 90h44l-4 -10h-36zM36 80q-8 -26 14 -54q22 28 14 54zM50 12a6 6 0 1 1 -0.1 0z",
     "M44 54h12M50 47v14"},
    {'n', "M30 90h44l-2 -20q2 -30 -16 -48l-6 -8l-4 10q-12 6 -20 26l4 8l10 -4l6 -4q-2 14 -16 30z",
     "M44 33a3 3 0 1 1 -0.1 0z"},
    {'q', "M28 90h44l-2 -12l8 -42l-15 24l1 -34l-10 30l-4 -34l-4 34l-10 -30l1 34l-15 -24l8 42z",
     "M30 78h40M22 36a5 5 0 1 1 -0.1 0zM36 26a5 5 0 1 1 -0.1 0zM50 22a5 5 0 1 1 -0.1 0z"
     "M64 26a5 5 0 1 1 -0.1 0zM78 36a5 5 0 1 1 -0.1 0z"},
    {'k', "M28 90h44l-2 -12q14 -28 -4 -36q-8 -2 -16 10q-8 -12 -16 -10q-18 8 -4 36z"
          "M46 10h8v8h8v8h-8v14h-8v-14h-8v-8h8z",
     "M30 78h40M50 52v24"},
};

static void write_piece(FILE *out, const picture *p, const hx_layout_spot *s, char piece)
{
    int white = piece >= 'A' && piece <= 'Z';
    char lower = (char)(white ? piece - 'A' + 'a' : piece);
    const glyph *g = NULL;
    for (size_t i = 0; i < sizeof glyphs / sizeof glyphs[0]; i++)
        if (glyphs[i].letter == lower)
            g = &glyphs[i];
    if (!g)
        return;
    double size = 0.64 * p->scale, k = size / 100.0;
    fprintf(out, "<g data-piece=\"%c\" data-cell-of=\"%s\" transform=\"translate(%.1f %.1f) "
                 "scale(%.3f)\"><path d=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"5\" "
                 "stroke-linejoin=\"round\"/><path d=\"%s\" fill=\"none\" stroke=\"%s\" "
                 "stroke-width=\"4\"/></g>\n",
            piece, s->name, page_x(p, s) - size / 2, page_y(p, s) - 0.44 * p->scale, k, g->body,
            white ? "#ffffff" : "#262626", white ? "#1a1a1a" : "#000000", g->detail,
            white ? "#1a1a1a" : "#e8e8e8");
}

static void write_pieces(FILE *out, const picture *p)
{
    fprintf(out, "<g class=\"pieces\">\n");
    for (int i = 0; i < p->l.ncells; i++) {
        char piece = hx_position_piece(p->pos, p->l.cells[i].x, p->l.cells[i].y);
        if (piece && piece != '.')
            write_piece(out, p, &p->l.cells[i], piece);
    }
    fprintf(out, "</g>\n");
}

static void write_arrow(FILE *out, const picture *p, const placed_arrow *a)
{
    const hx_layout_spot *f = &p->l.cells[a->from], *t = &p->l.cells[a->to];
    double x0 = page_x(p, f), y0 = page_y(p, f), x1 = page_x(p, t), y1 = page_y(p, t);
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    if (len < 1)
        return;
    double ux = dx / len, uy = dy / len, head = 0.34 * p->scale, w = 0.16 * p->scale;
    double bx = x1 - ux * (0.12 * p->scale + head), by = y1 - uy * (0.12 * p->scale + head);
    double tx = x1 - ux * 0.12 * p->scale, ty = y1 - uy * 0.12 * p->scale;
    static const char *const kinds[] = {"plain", "missing", "extra"};
    const char *colour = hx_arrow_colour(a->arrow->kind);
    fputs("<g data-arrow=\"", out);
    hx_xml_text(out, a->arrow->move);
    fprintf(out, "\" data-kind=\"%s\" fill=\"%s\" stroke=\"%s\" opacity=\"0.85\"><title>",
            kinds[a->arrow->kind], colour, colour);
    hx_xml_text(out, a->arrow->move);
    fprintf(out, ": %s</title><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                 "stroke-width=\"%.1f\" stroke-linecap=\"round\"/>"
                 "<polygon stroke=\"none\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/></g>\n",
            hx_arrow_meaning(a->arrow->kind), x0 + ux * 0.1 * p->scale, y0 + uy * 0.1 * p->scale,
            bx, by, 0.09 * p->scale, tx, ty, bx - uy * w, by + ux * w, bx + uy * w, by - ux * w);
}

static void write_arrows(FILE *out, const picture *p)
{
    fprintf(out, "<g class=\"arrows\">\n");
    for (int i = 0; i < p->narrows; i++)
        write_arrow(out, p, &p->arrows[i]);
    fprintf(out, "</g>\n");
}

/* Castling rights with their rook home cells, e.p. cells and victim, all
 * named as the cells of this picture are. */
static void write_rights_line(FILE *out, const picture *p, double y)
{
    fprintf(out, "<text x=\"10\" y=\"%.1f\">castling: %s", y, p->field[2] ? p->field[2] : "-");
    int n = 0;
    for (int i = 0; i < p->l.ncells; i++)
        if (p->rook_right[i])
            fprintf(out, "%s%s", n++ ? " " : " (", p->l.cells[i].name);
    if (n)
        fputc(')', out);
    fprintf(out, " \xc2\xb7 e.p.: %s", p->nep ? "" : "-");
    for (int i = 0; i < p->nep; i++)
        fprintf(out, "%s%s", i ? "," : "", p->l.cells[p->ep_order[i]].name);
    if (p->victim >= 0)
        fprintf(out, " (pawn %s)", p->l.cells[p->victim].name);
    fprintf(out, "</text>\n");
}

/* Caption: heading and side to move; castling and e.p.; arrow legend; FEN. */
static void write_caption(FILE *out, const picture *p)
{
    double y = p->caption_top + 14;
    int black = p->field[1] && p->field[1][0] == 'b';
    fprintf(out, "<g class=\"caption\" font-size=\"13\" fill=\"#222\">\n");
    fprintf(out, "<circle cx=\"16\" cy=\"%.1f\" r=\"6\" fill=\"%s\" stroke=\"#222\" "
                 "data-side=\"%s\"/><text x=\"28\" y=\"%.1f\">",
            y - 4, black ? "#262626" : "#ffffff", black ? "black" : "white", y);
    if (p->o->heading)
        hx_xml_text(out, p->o->heading);
    else
        fprintf(out, "%s (%s)", hx_rules_variant(p->l.rules), hx_rules_profile(p->l.rules));
    fprintf(out, " \xe2\x80\x94 %s to move</text>\n", black ? "Black" : "White");
    write_rights_line(out, p, y + 17);
    int has[3] = {0, 0, 0}, line = 2;
    for (int i = 0; i < p->narrows; i++)
        has[p->arrows[i].arrow->kind] = 1;
    for (int k = HX_ARROW_MISSING; k <= HX_ARROW_EXTRA; k++)
        if (has[k])
            fprintf(out, "<text x=\"10\" y=\"%.1f\" fill=\"%s\">\xe2\x86\x92 %s</text>\n",
                    y + 17 * line++, hx_arrow_colour((hx_arrow_kind)k),
                    hx_arrow_meaning((hx_arrow_kind)k));
    fprintf(out, "<text x=\"10\" y=\"%.1f\" font-size=\"10\" fill=\"#555\" "
                 "font-family=\"monospace\">",
            y + 17 * line);
    char fen[HX_FEN_MAX];
    hx_position_fen(p->pos, fen);
    hx_xml_text(out, fen);
    fprintf(out, "</text>\n</g>\n");
}

int hx_board_svg(FILE *out, const hx_position *pos, const hx_svg_options *o, hx_error *err)
{
    picture *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return -1;
    }
    p->pos = pos;
    p->o = o;
    hx_board_layout_build(&p->l, hx_position_rules(pos), o->naming, o->flip);
    if (mark_highlights(p, err) != 0 || place_arrows(p, err) != 0) {
        free(p);
        return -1;
    }
    read_position(p);
    fit_page(p);
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                 "viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Arial, sans-serif\" "
                 "data-variant=\"%s\" data-profile=\"%s\" data-cells=\"%d\" data-fen=\"",
            p->width, p->height, p->width, p->height, hx_rules_variant(p->l.rules),
            hx_rules_profile(p->l.rules), p->l.ncells);
    char fen[HX_FEN_MAX];
    hx_position_fen(pos, fen);
    hx_xml_text(out, fen);
    fprintf(out, "\">\n<title>%s (%s): ", hx_rules_variant(p->l.rules),
            hx_rules_profile(p->l.rules));
    hx_xml_text(out, fen);
    fprintf(out, "</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#fbf8f2\"/>\n");
    write_cells(out, p);
    write_labels(out, p);
    write_marks(out, p);
    write_pieces(out, p);
    write_arrows(out, p);
    write_caption(out, p);
    fprintf(out, "</svg>\n");
    free(p);
    return 0;
}
