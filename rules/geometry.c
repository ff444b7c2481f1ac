/*
 * geometry.c - derives every board table from the board's inequalities and
 * the lattice vectors, by walking one step at a time.
 */
#include "geometry.h"

#include <string.h>

const int8_t hx_dir_vec[HX_DIRS][2] = {
    /* orthogonal (through an edge), n = 1 */
    {1, 0}, {1, 1}, {0, 1}, {-1, 0}, {-1, -1}, {0, -1},
    /* diagonal (through a vertex), n = 3: each is the sum of two neighbouring
     * orthogonals */
    {2, 1}, {1, 2}, {-1, 1}, {-2, -1}, {-1, -2}, {1, -1},
};

const int8_t hx_knight_vec[HX_KNIGHT_LEAPS][2] = {
    {1, 3}, {2, 3}, {3, 2}, {3, 1}, {2, -1}, {1, -2},
    {-1, -3}, {-2, -3}, {-3, -2}, {-3, -1}, {-2, 1}, {-1, 2},
};

static int shape_has(const hx_board_shape *s, int x, int y)
{
    return x >= 0 && x <= s->xmax && y >= 0 && y <= s->ymax &&
           x - y >= s->dmin && x - y <= s->dmax;
}

static int rank_of(const hx_board_shape *s, int x, int y)
{
    int bend = x - s->rank_bend;
    return y + 1 - (bend > 0 ? bend : 0);
}

int geometry_cell(const hx_geometry *g, int x, int y)
{
    if (x < 0 || y < 0 || x >= HX_GRID || y >= HX_GRID)
        return HX_NO_CELL;
    return g->cell_at[x][y];
}

int geometry_offset(const hx_geometry *g, int c, int dx, int dy)
{
    return geometry_cell(g, g->x[c] + dx, g->y[c] + dy);
}

static void number_cells(hx_geometry *g)
{
    const hx_board_shape *s = &g->shape;
    memset(g->cell_at, 0xff, sizeof g->cell_at); /* all HX_NO_CELL */
    g->width = s->xmax + 1;
    g->nslots = g->width * (s->ymax + 1);
    g->nranks = 0;
    g->all = 0;
    for (int y = 0; y <= s->ymax; y++) {
        for (int x = 0; x <= s->xmax; x++) {
            if (!shape_has(s, x, y))
                continue;
            int c = geometry_shift(g, x, y);
            g->x[c] = (int8_t)x;
            g->y[c] = (int8_t)y;
            g->rank[c] = (int8_t)rank_of(s, x, y);
            g->cell_at[x][y] = (int16_t)c;
            g->all |= HX_BB_BIT(c);
            if (g->rank[c] > g->nranks)
                g->nranks = g->rank[c];
        }
    }
}

static void name_cells(hx_geometry *g)
{
    memset(g->rank_len, 0, sizeof g->rank_len);
    /* Cells are numbered by (y, x); walking x outermost visits each rank's
     * cells in ascending file order, as HexFEN lists them. */
    for (int x = 0; x <= g->shape.xmax; x++) {
        for (int y = 0; y <= g->shape.ymax; y++) {
            int c = geometry_cell(g, x, y);
            if (c == HX_NO_CELL)
                continue;
            geometry_cell_name(g, c, 0, g->name[c]);
            int r = g->rank[c];
            g->rank_cells[r][g->rank_len[r]++] = (int8_t)c;
        }
    }
}

static void walk_steps_and_rays(hx_geometry *g)
{
    memset(g->step, 0xff, sizeof g->step);
    for (int d = 0; d < HX_DIRS; d++) {
        for (int c = 0; c < g->nslots; c++) {
            if (!geometry_exists(g, c))
                continue;
            g->step[d][c] = (int8_t)geometry_offset(g, c, hx_dir_vec[d][0], hx_dir_vec[d][1]);
            hx_bb ray = 0;
            for (int t = g->step[d][c]; t != HX_NO_CELL;
                 t = geometry_offset(g, t, hx_dir_vec[d][0], hx_dir_vec[d][1]))
                ray |= HX_BB_BIT(t);
            g->ray[d][c] = ray;
        }
    }
}

static void derive_leaps(hx_geometry *g)
{
    for (int c = 0; c < g->nslots; c++) {
        if (!geometry_exists(g, c))
            continue;
        g->king[c] = 0;
        g->knight[c] = 0;
        g->orth_lines[c] = 0;
        g->diag_lines[c] = 0;
        for (int d = 0; d < HX_DIRS; d++)
            *(d < HX_ORTHS ? &g->orth_lines[c] : &g->diag_lines[c]) |= g->ray[d][c];
        for (int d = 0; d < HX_DIRS; d++)
            if (g->step[d][c] != HX_NO_CELL)
                g->king[c] |= HX_BB_BIT(g->step[d][c]);
        g->orth_steps[c] = g->king[c] & g->orth_lines[c];
        g->diag_steps[c] = g->king[c] & g->diag_lines[c];
        for (int k = 0; k < HX_KNIGHT_LEAPS; k++) {
            int t = geometry_offset(g, c, hx_knight_vec[k][0], hx_knight_vec[k][1]);
            if (t != HX_NO_CELL)
                g->knight[c] |= HX_BB_BIT(t);
        }
    }
}

static void derive_alignment(hx_geometry *g)
{
    memset(g->dir_to, 0xff, sizeof g->dir_to);
    for (int a = 0; a < g->nslots; a++) {
        for (int d = 0; d < HX_DIRS; d++) {
            hx_bb ray = g->ray[d][a];
            while (ray)
                g->dir_to[a][hx_bb_pop(&ray)] = (int8_t)d;
        }
    }
}

/* A line is found from its lowest cell: the one with no neighbour in the
 * axis's negative direction. */
static void derive_lines(hx_geometry *g)
{
    g->nlines = 0;
    for (int a = 0; a < HX_AXES; a++) {
        int d = hx_axis_dir(a);
        for (int c = 0; c < g->nslots; c++) {
            if (!geometry_exists(g, c) || g->step[hx_dir_opposite(d)][c] != HX_NO_CELL)
                continue;
            hx_line *l = &g->lines[g->nlines];
            l->cells = g->ray[d][c] | HX_BB_BIT(c);
            int len = hx_bb_count(l->cells);
            l->inner = len > 2 ? l->cells & ~HX_BB_BIT(c) & ~HX_BB_BIT(hx_bb_msb(l->cells)) : 0;
            l->cells_low = (uint8_t)__builtin_popcountll(hx_bb_lo(l->cells));
            l->inner_low = (uint8_t)__builtin_popcountll(hx_bb_lo(l->inner));
            int pos = 0;
            for (hx_bb rest = l->cells; rest; pos++) {
                int t = hx_bb_pop(&rest);
                g->line_of[a][t] = (uint16_t)g->nlines;
                g->line_pos[a][t] = (uint8_t)pos;
                g->line_at[t][a] = (hx_line_at){
                    .inner_lo = hx_bb_lo(l->inner), .inner_hi = hx_bb_hi(l->inner),
                    .cells_lo = hx_bb_lo(l->cells), .cells_hi = hx_bb_hi(l->cells),
                    .slide_row = (uint16_t)(pos << (HX_MAX_LINE - 2)),
                    .inner_low = l->inner_low, .cells_low = l->cells_low};
            }
            g->nlines++;
        }
    }
}

void geometry_build(hx_geometry *g, const hx_board_shape *shape)
{
    memset(g, 0, sizeof *g);
    g->shape = *shape;
    number_cells(g);
    name_cells(g);
    walk_steps_and_rays(g);
    derive_leaps(g);
    derive_alignment(g);
    derive_lines(g);
}

void geometry_cell_name(const hx_geometry *g, int c, int naming, char out[4])
{
    const hx_board_shape *s = &g->shape;
    int r = g->rank[c];
    char file = s->files[g->x[c]];
    if (naming == 1 && s->alt_files)
        file = s->alt_files[g->x[c] - g->y[c] + s->alt_offset];
    out[0] = file;
    if (r >= 10) {
        out[1] = (char)('0' + r / 10);
        out[2] = (char)('0' + r % 10);
        out[3] = '\0';
    } else {
        out[1] = (char)('0' + r);
        out[2] = '\0';
    }
}

static int find_letter(const char *letters, char ch)
{
    if (!letters || ch == '\0')
        return -1;
    const char *p = strchr(letters, ch);
    return p ? (int)(p - letters) : -1;
}

int geometry_parse_cell(const hx_geometry *g, const char *s, int naming, int *len)
{
    const hx_board_shape *sh = &g->shape;
    int alt = naming == 1 && sh->alt_files;
    int f = find_letter(alt ? sh->alt_files : sh->files, s[0]);
    if (f < 0 || s[1] < '1' || s[1] > '9')
        return HX_NO_CELL;
    int r = s[1] - '0', n = 2;
    if (s[2] >= '0' && s[2] <= '9') {
        r = r * 10 + (s[2] - '0');
        n = 3;
    }
    /* Try every y: the naming rule is invertible but walking is simpler
     * and obviously right. */
    for (int y = 0; y <= sh->ymax; y++) {
        int x = alt ? f + y - sh->alt_offset : f;
        int c = geometry_cell(g, x, y);
        if (c != HX_NO_CELL && g->rank[c] == r) {
            if (len)
                *len = n;
            return c;
        }
    }
    return HX_NO_CELL;
}
