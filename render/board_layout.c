/*
 * board_layout.c - cells and edge labels of a board placed on a page, from
 * the lattice alone (see board_layout.h).
 */
#include "board_layout.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void place(const hx_board_layout *l, hx_layout_spot *s, int x, int y)
{
    s->x = x;
    s->y = y;
    /* Text grid: flat-top, a column per file and half a cell per row;
     * pointy-top, half a cell per column and a rank per row. */
    int col = l->horizontal ? 2 * x - y : x;
    int row = l->horizontal ? -y : x - 2 * y;
    if (l->flip)
        col = -col, row = -row;
    s->col = col;
    s->row = row;
    double half_root3 = sqrt(3.0) / 2.0;
    s->px = l->horizontal ? col * 0.5 : col * half_root3;
    s->py = l->horizontal ? row * half_root3 : row * 0.5;
}

int hx_board_layout_at(const hx_board_layout *l, int x, int y)
{
    for (int i = 0; i < l->ncells; i++)
        if (l->cells[i].x == x && l->cells[i].y == y)
            return i;
    return -1;
}

int hx_board_layout_parse(const hx_board_layout *l, const char *text, int *len)
{
    int best = -1;
    size_t best_len = 0;
    for (int i = 0; i < l->ncells; i++) {
        size_t n = strlen(l->cells[i].name);
        if (n > best_len && strncmp(text, l->cells[i].name, n) == 0)
            best = i, best_len = n;
    }
    if (best >= 0 && len)
        *len = (int)best_len;
    return best;
}

/* ------------------------------------------------------------ edge labels */

/* A line of cells sharing a file letter or a rank number, in order: files
 * from their lowest rank up, ranks from their lowest x. */
typedef struct line {
    int cells[HX_LAYOUT_MAX_CELLS];
    int n;
} line;

static int rank_number(const hx_layout_spot *s)
{
    return atoi(s->name + 1);
}

static void collect_line(const hx_board_layout *l, int is_file, const char *key, line *out)
{
    out->n = 0;
    for (int i = 0; i < l->ncells; i++) {
        const hx_layout_spot *s = &l->cells[i];
        int member = is_file ? s->name[0] == key[0] : strcmp(s->name + 1, key) == 0;
        if (member)
            out->cells[out->n++] = i;
    }
    for (int i = 1; i < out->n; i++) /* insertion sort: lines are short */
        for (int j = i; j > 0; j--) {
            const hx_layout_spot *a = &l->cells[out->cells[j - 1]], *b = &l->cells[out->cells[j]];
            int after = is_file ? rank_number(a) > rank_number(b) : a->x > b->x;
            if (!after)
                break;
            int t = out->cells[j];
            out->cells[j] = out->cells[j - 1];
            out->cells[j - 1] = t;
        }
}

static int spot_free(const hx_board_layout *l, int x, int y)
{
    if (hx_board_layout_at(l, x, y) >= 0)
        return 0;
    for (int i = 0; i < l->nlabels; i++)
        if (l->labels[i].x == x && l->labels[i].y == y)
            return 0;
    return 1;
}

static void add_label(hx_board_layout *l, int x, int y, const char *text, int is_file, int end)
{
    if (l->nlabels >= HX_LAYOUT_MAX_LABELS || !spot_free(l, x, y))
        return;
    hx_layout_spot *s = &l->labels[l->nlabels];
    place(l, s, x, y);
    snprintf(s->name, sizeof s->name, "%s", text);
    l->label_cell[l->nlabels] = end;
    l->label_is_file[l->nlabels++] = is_file;
}

/* The spot one step beyond end `at_end` (0: first cell, 1: last) of a line,
 * continuing the line's own direction there; `fallback` gives the direction
 * of a line of one cell. */
static int beyond(const hx_board_layout *l, const line *ln, int at_end, const int fallback[2],
                  int out[2])
{
    if (ln->n == 0)
        return 0;
    const hx_layout_spot *end = &l->cells[ln->cells[at_end ? ln->n - 1 : 0]];
    int dx = fallback[0], dy = fallback[1];
    if (ln->n > 1) {
        const hx_layout_spot *next = &l->cells[ln->cells[at_end ? ln->n - 2 : 1]];
        dx = end->x - next->x;
        dy = end->y - next->y;
    } else if (!at_end) {
        dx = -dx, dy = -dy;
    }
    out[0] = end->x + dx;
    out[1] = end->y + dy;
    return 1;
}

/* The distinct file letters or rank numbers of the board, in order. */
static int line_keys(const hx_board_layout *l, int is_file, char keys[][4])
{
    int n = 0;
    for (int i = 0; i < l->ncells; i++) {
        const char *key = is_file ? l->cells[i].name : l->cells[i].name + 1;
        char k[4] = {0};
        snprintf(k, sizeof k, "%.*s", is_file ? 1 : 3, key);
        int seen = 0;
        for (int j = 0; j < n && !seen; j++)
            seen = strcmp(keys[j], k) == 0;
        if (!seen)
            snprintf(keys[n++], 4, "%s", k);
    }
    return n;
}

static void label_edges(hx_board_layout *l)
{
    static const int rank_step[2] = {1, 0}, file_step[2] = {0, 1};
    char files[HX_LAYOUT_MAX_CELLS][4], ranks[HX_LAYOUT_MAX_CELLS][4];
    int nfiles = line_keys(l, 1, files), nranks = line_keys(l, 0, ranks);
    /* pass 0: ranks left; 1: files below; 2: ranks right; 3: files above */
    for (int pass = 0; pass < 4; pass++) {
        int is_file = pass == 1 || pass == 3, at_end = pass >= 2;
        int n = is_file ? nfiles : nranks;
        for (int i = 0; i < n; i++) {
            line ln;
            int spot[2];
            char *key = is_file ? files[i] : ranks[i];
            collect_line(l, is_file, key, &ln);
            if (beyond(l, &ln, at_end, is_file ? file_step : rank_step, spot))
                add_label(l, spot[0], spot[1], key, is_file, ln.cells[at_end ? ln.n - 1 : 0]);
        }
    }
}

void hx_board_layout_build(hx_board_layout *l, const hx_rules *rules, int naming, int flip)
{
    int width, height;
    memset(l, 0, sizeof *l);
    l->rules = rules;
    l->naming = naming;
    l->flip = flip;
    hx_board_size(rules, &width, &height, &l->horizontal);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            char name[4];
            if (l->ncells >= HX_LAYOUT_MAX_CELLS || hx_cell_name(rules, x, y, naming, name) != 0)
                continue;
            hx_layout_spot *s = &l->cells[l->ncells];
            place(l, s, x, y);
            memcpy(s->name, name, sizeof s->name);
            l->colour[l->ncells++] = (x + y) % 3;
        }
    label_edges(l);
}
