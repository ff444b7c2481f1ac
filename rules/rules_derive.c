/*
 * rules_derive.c - turns a variant's description (rules.h: hx_rule_params)
 * into the tables the generator reads: setup, pawn steps, captures, start
 * and promotion cells, and castling paths. Everything is found by walking
 * the board from vectors; nothing here knows a cell by name except through
 * the setup text of the specification.
 */
#include "rules.h"

#include <stdio.h>
#include <string.h>

int piece_list_parse(const hx_geometry *g, const char *text, uint8_t board[HX_MAX_CELLS],
                     int *side, hx_error *err); /* piecelist.c */

static int parse_setup(hx_rules *r, hx_error *err)
{
    int side;
    return piece_list_parse(r->g, r->p.setup, r->setup, &side, err);
}

static int sign(int colour) { return colour == HX_WHITE ? 1 : -1; }

static int offset(const hx_rules *r, int colour, int c, const int8_t v[2])
{
    return geometry_offset(r->g, c, sign(colour) * v[0], sign(colour) * v[1]);
}

static int count_cells_along(const hx_rules *r, int c, int dx, int dy)
{
    int n = 0;
    for (int t = geometry_offset(r->g, c, dx, dy); t != HX_NO_CELL;
         t = geometry_offset(r->g, t, dx, dy))
        n++;
    return n;
}

/* How many cells a pawn on start cell c may advance at most. */
static int multi_step_reach(const hx_rules *r, int colour, int c)
{
    if (r->p.no_double_file && r->g->shape.files[r->g->x[c]] == r->p.no_double_file)
        return 1;
    if (r->p.reach == REACH_FIXED_TWO)
        return 2;
    /* REACH_HALF_FILE (Shafran): index the file 0..L-1 from the mover's
     * end; a pawn may reach index floor((L-1)/2), never the far half. */
    int fx = sign(colour) * r->p.forward[0][0], fy = sign(colour) * r->p.forward[0][1];
    int behind = count_cells_along(r, c, -fx, -fy);
    int length = behind + 1 + count_cells_along(r, c, fx, fy);
    int reach = (length - 1) / 2 - behind;
    return reach > 1 ? reach : 1;
}

static void derive_pawn_tables(hx_rules *r)
{
    const hx_geometry *g = r->g;
    memset(r->push, 0xff, sizeof r->push);
    memset(r->max_steps, 0, sizeof r->max_steps);
    memset(r->pawn_capture, 0, sizeof r->pawn_capture);
    memset(r->pawn_vertical, 0, sizeof r->pawn_vertical);
    for (int colour = 0; colour < 2; colour++) {
        r->start[colour] = 0;
        r->promotion[colour] = 0;
        for (int c = 0; c < g->nslots; c++)
            if (r->setup[c] == hx_piece(colour, HX_PAWN))
                r->start[colour] |= HX_BB_BIT(c);
        for (int c = 0; c < g->nslots; c++) {
            if (!geometry_exists(g, c))
                continue;
            int any_forward = 0;
            for (int k = 0; k < r->p.nforward; k++) {
                r->push[colour][k][c] = (int8_t)offset(r, colour, c, r->p.forward[k]);
                any_forward |= r->push[colour][k][c] != HX_NO_CELL;
            }
            if (!any_forward)
                r->promotion[colour] |= HX_BB_BIT(c);
            r->max_steps[colour][c] = (int8_t)(hx_bb_has(r->start[colour], c)
                                                   ? multi_step_reach(r, colour, c) : 1);
            r->pawn_capture[colour][c] = 0;
            for (int k = 0; k < r->p.ncapture; k++) {
                int t = offset(r, colour, c, r->p.capture[k]);
                if (t != HX_NO_CELL)
                    r->pawn_capture[colour][c] |= HX_BB_BIT(t);
            }
            r->pawn_vertical[colour][c] = 0;
            int vertical_here = r->p.vcap == VCAP_ANYWHERE ||
                                (r->p.vcap == VCAP_HOME && hx_bb_has(r->start[colour], c));
            int t = offset(r, colour, c, r->p.vertical);
            if (vertical_here && t != HX_NO_CELL)
                r->pawn_vertical[colour][c] = HX_BB_BIT(t);
        }
    }
}

/* neg-promote-rank1: a pawn also promotes on the corners of the enemy's
 * promotion row (ESB issue 6). */
static void add_corner_promotions(hx_rules *r)
{
    hx_bb edge_files = 0;
    for (int c = 0; c < r->g->nslots; c++)
        if (geometry_exists(r->g, c) && (r->g->x[c] == 0 || r->g->x[c] == r->g->shape.xmax))
            edge_files |= HX_BB_BIT(c);
    hx_bb white = r->promotion[HX_WHITE], black = r->promotion[HX_BLACK];
    r->promotion[HX_WHITE] |= black & edge_files;
    r->promotion[HX_BLACK] |= white & edge_files;
}

static void derive_reverse_tables(hx_rules *r)
{
    memset(r->pawn_attackers, 0, sizeof r->pawn_attackers);
    memset(r->ep_capturers, 0, sizeof r->ep_capturers);
    for (int colour = 0; colour < 2; colour++) {
        for (int c = 0; c < r->g->nslots; c++) {
            hx_bb caps = r->pawn_capture[colour][c];
            hx_bb all = caps | r->pawn_vertical[colour][c];
            while (all)
                r->pawn_attackers[colour][hx_bb_pop(&all)] |= HX_BB_BIT(c);
            while (caps)
                r->ep_capturers[colour][hx_bb_pop(&caps)] |= HX_BB_BIT(c);
        }
    }
}

/* Names by which a castling may be written (docs/conventions.md). */
static void name_castle(hx_castle *k, int queen_flank, hx_castle_naming naming, int steps,
                        int is_far)
{
    static const char *const by_flank[2][2][2] = {
        /* bishops' flank */ {{"O-O", "B-O-O"}, {"O-O-O", "B-O-O-O"}},
        /* queen's flank  */ {{"O-O-Q", "Q-O-O"}, {"O-O-O-Q", "Q-O-O-O"}},
    };
    memset(k->names, 0, sizeof k->names);
    if (naming == CASTLE_NAMES_BY_FLANK) {
        k->names[0] = by_flank[queen_flank][steps == 3][0];
        k->names[1] = by_flank[queen_flank][steps == 3][1];
    } else {
        k->names[0] = is_far ? "O-O-O" : "O-O";
    }
}

static int cells_between(const hx_geometry *g, int a, int b, hx_bb *between)
{
    int d = g->dir_to[a][b];
    *between = g->ray[d][a] & ~g->ray[d][b] & ~HX_BB_BIT(b);
    return hx_bb_count(*between) + 1;
}

static void add_castles_for_rook(hx_rules *r, int colour, int king, int rook, int right,
                                 int is_far, int queen_flank)
{
    const hx_geometry *g = r->g;
    int d = g->dir_to[king][rook];
    hx_bb between;
    int distance = cells_between(g, king, rook, &between);
    int mask = is_far ? r->p.castle_far_steps : r->p.castle_near_steps;
    for (int steps = 1; steps < distance; steps++) {
        if (!(mask & (1 << steps)))
            continue;
        hx_castle *k = &r->castles[r->ncastles++];
        k->colour = (int8_t)colour;
        k->right = (int8_t)right;
        k->king_from = (int8_t)king;
        k->rook_from = (int8_t)rook;
        int to = king;
        hx_bb path = HX_BB_BIT(king);
        for (int s = 0; s < steps; s++) {
            to = g->step[d][to];
            path |= HX_BB_BIT(to);
        }
        k->king_to = (int8_t)to;
        k->rook_to = g->step[hx_dir_opposite(d)][to];
        k->must_be_empty = between;
        k->must_be_safe = path;
        name_castle(k, queen_flank, r->p.castle_naming, steps, is_far);
    }
}

/* The castling rooks are the setup's rooks on an orthogonal line through
 * their king; the one farther away is the "far" rook (O-O-O). */
static void derive_castles(hx_rules *r)
{
    const hx_geometry *g = r->g;
    r->ncastles = 0;
    memset(r->rook_home, 0xff, sizeof r->rook_home);
    for (int colour = 0; colour < 2; colour++) {
        r->first_castle[colour] = (uint8_t)r->ncastles;
        int king = -1, rooks[2], nrooks = 0, queen = -1;
        for (int c = 0; c < g->nslots; c++) {
            if (r->setup[c] == hx_piece(colour, HX_KING))
                king = c;
            if (r->setup[c] == hx_piece(colour, HX_QUEEN))
                queen = c;
        }
        r->king_home[colour] = (int8_t)king;
        if (!r->p.castling)
            continue;
        for (int c = 0; c < g->nslots && nrooks < 2; c++) /* ascending x on a line */
            if (r->setup[c] == hx_piece(colour, HX_ROOK) && g->dir_to[king][c] >= 0 &&
                g->dir_to[king][c] < HX_ORTHS)
                rooks[nrooks++] = c;
        if (nrooks == 2 && g->x[rooks[0]] > g->x[rooks[1]]) {
            int t = rooks[0];
            rooks[0] = rooks[1];
            rooks[1] = t;
        }
        hx_bb b0, b1;
        int d0 = nrooks > 0 ? cells_between(g, king, rooks[0], &b0) : 0;
        int d1 = nrooks > 1 ? cells_between(g, king, rooks[1], &b1) : 0;
        for (int i = 0; i < nrooks; i++) {
            int right = colour * 2 + i;
            int mine = i == 0 ? d0 : d1, other = i == 0 ? d1 : d0;
            int d = g->dir_to[king][rooks[i]];
            int queen_flank = queen >= 0 && g->dir_to[king][queen] == d;
            r->rook_home[right] = (int8_t)rooks[i];
            add_castles_for_rook(r, colour, king, rooks[i], right, mine > other, queen_flank);
        }
    }
    r->first_castle[2] = (uint8_t)r->ncastles;
}

static void derive_rights_keep(hx_rules *r)
{
    memset(r->rights_keep_from, 0xff, sizeof r->rights_keep_from);
    memset(r->rights_keep_to, 0xff, sizeof r->rights_keep_to);
    for (int i = 0; i < 4; i++) {
        uint8_t lose = (uint8_t)~(1u << i);
        if (r->rook_home[i] >= 0) {
            r->rights_keep_from[r->rook_home[i]] &= lose;
            r->rights_keep_to[r->rook_home[i]] &= lose;
        }
        if (r->king_home[i / 2] >= 0)
            r->rights_keep_from[r->king_home[i / 2]] &= lose;
    }
}

/* Cells of the board from which vector v (White's; negated for Black)
 * lands on the board. */
static hx_bb source_mask(const hx_rules *r, int colour, const int8_t v[2])
{
    hx_bb src = 0;
    for (int c = 0; c < r->g->nslots; c++)
        if (geometry_exists(r->g, c) && offset(r, colour, c, v) != HX_NO_CELL)
            src |= HX_BB_BIT(c);
    return src;
}

static int8_t shift_of(const hx_rules *r, int colour, const int8_t v[2])
{
    return (int8_t)(sign(colour) * geometry_shift(r->g, v[0], v[1]));
}

static void derive_pawn_shifts(hx_rules *r)
{
    for (int colour = 0; colour < 2; colour++) {
        for (int k = 0; k < r->p.nforward; k++) {
            r->push_shift[colour][k] = shift_of(r, colour, r->p.forward[k]);
            r->push_src[colour][k] = source_mask(r, colour, r->p.forward[k]);
        }
        for (int k = 0; k < r->p.ncapture; k++) {
            r->capture_shift[colour][k] = shift_of(r, colour, r->p.capture[k]);
            r->capture_src[colour][k] = source_mask(r, colour, r->p.capture[k]);
        }
        r->vertical_shift[colour] = shift_of(r, colour, r->p.vertical);
        r->vertical_src[colour] = 0;
        if (r->p.vcap != VCAP_NEVER)
            r->vertical_src[colour] = source_mask(r, colour, r->p.vertical) &
                                      (r->p.vcap == VCAP_HOME ? r->start[colour] : r->g->all);
        r->reach2[colour] = r->reach3[colour] = 0;
        for (int c = 0; c < r->g->nslots; c++) {
            if (r->max_steps[colour][c] >= 2)
                r->reach2[colour] |= HX_BB_BIT(c);
            if (r->max_steps[colour][c] >= 3)
                r->reach3[colour] |= HX_BB_BIT(c);
        }
    }
}

/* The slider lookup of attacks.c has a table for lines up to HX_MAX_LINE. */
static int check_line_lengths(const hx_geometry *g, hx_error *err)
{
    for (int i = 0; i < g->nlines; i++) {
        if (hx_bb_count(g->lines[i].cells) > HX_MAX_LINE) {
            snprintf(err->message, sizeof err->message, "a line of %d cells exceeds HX_MAX_LINE",
                     hx_bb_count(g->lines[i].cells));
            return -1;
        }
    }
    return 0;
}

int rules_derive(hx_rules *r, hx_error *err)
{
    if (check_line_lengths(r->g, err) != 0 || parse_setup(r, err) != 0)
        return -1;
    derive_pawn_tables(r);
    if (r->p.promote_on_rank1_corners)
        add_corner_promotions(r);
    for (int colour = 0; colour < 2; colour++)
        for (int c = 0; c < HX_MAX_CELLS; c++)
            r->promotes[colour][c] = (uint8_t)hx_bb_has(r->promotion[colour], c);
    derive_reverse_tables(r);
    derive_pawn_shifts(r);
    derive_castles(r);
    derive_rights_keep(r);
    return 0;
}
