/*
 * fuzz_common.c - input decoding shared by the fuzz targets.
 *
 * The decoder knows the boards only through the public API (cell names,
 * hx_position_piece, the initial HexFEN); the few rule facts it needs to
 * build valid placements (pawn forward vectors, king steps, how many cells
 * an e.p. field may list) come from docs/rules/README.md. Whatever it
 * builds is checked by the reference's own HexFEN parser before use.
 */
#include "fuzz_common.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

enum { MAX_CELLS = 128, GRID = 16, MAX_PROFILES = 64, MAX_EP_CHOICES = 64 };

/* ---- Input ------------------------------------------------------------ */

int fz_byte(fz_input *in)
{
    return in->pos < in->size ? in->data[in->pos++] : 0;
}

int fz_choose(fz_input *in, int n)
{
    return n > 0 ? fz_byte(in) % n : 0;
}

size_t fz_left(const fz_input *in)
{
    return in->size - in->pos;
}

/* ---- Options ------------------------------------------------------------ */

static int env_flag(const char *name)
{
    const char *v = getenv(name);
    return v && *v && *v != '0';
}

const fz_options *fz_opts(void)
{
    static fz_options opts;
    static int read;
    if (!read) {
        opts.full = env_flag("HEXREF_FUZZ_FULL");
        opts.strict = !env_flag("HEXREF_FUZZ_LENIENT");
        opts.verbose = env_flag("HEXREF_FUZZ_VERBOSE");
        read = 1;
    }
    return &opts;
}

/* ---- Boards --------------------------------------------------------------- */

/* One variant's cells, found by asking the library for every name. */
typedef struct fz_board {
    int ncells, nranks;
    int8_t x[MAX_CELLS], y[MAX_CELLS];
    int16_t at[GRID][GRID];               /* cell index or -1 */
    char name[MAX_CELLS][4];
    int8_t rank_len[GRID + 1];
    int8_t rank_cells[GRID + 1][GRID];    /* ascending x, as HexFEN lists them */
} fz_board;

static void board_build(fz_board *b, const hx_rules *rules)
{
    int w, h, horizontal;
    hx_board_size(rules, &w, &h, &horizontal);
    memset(b, 0, sizeof *b);
    memset(b->at, 0xff, sizeof b->at);
    for (int x = 0; x < w && x < GRID; x++) {
        for (int y = 0; y < h && y < GRID; y++) {
            char name[4];
            if (hx_cell_name(rules, x, y, 0, name) != 0)
                continue;
            int c = b->ncells++, rank = atoi(name + 1);
            b->x[c] = (int8_t)x;
            b->y[c] = (int8_t)y;
            b->at[x][y] = (int16_t)c;
            memcpy(b->name[c], name, sizeof name);
            if (rank > 0 && rank <= GRID) {
                b->rank_cells[rank][b->rank_len[rank]++] = (int8_t)c;
                if (rank > b->nranks)
                    b->nranks = rank;
            }
        }
    }
}

static int board_cell(const fz_board *b, int x, int y)
{
    return (x < 0 || y < 0 || x >= GRID || y >= GRID) ? -1 : b->at[x][y];
}

/* ---- Profiles and their setups ------------------------------------------- */

/* Per profile: the board, the setup array and limits the decoder obeys. */
typedef struct fz_setup {
    const hx_rules *rules;
    hx_position *pos, *scratch;
    fz_board board;
    char initial[MAX_CELLS];   /* piece letter or 0 */
    char start_fen[HX_FEN_MAX];
    int limit[128];            /* most pieces of a letter: the setup's count */
    int king_home[2];
    int nrights;
    int rook_home[4];
    char right_letter[4];      /* as in the initial castling field */
    int nforward;
    int fwd[2][2];             /* White's forward steps; Black's are negated */
    int max_crossed;           /* cells an e.p. field may list */
} fz_setup;

static const hx_rules *all_rules[MAX_PROFILES];
static int nall = -1;
static fz_setup *setups[MAX_PROFILES];

static void list_profiles(void)
{
    if (nall >= 0)
        return;
    nall = 0;
    for (int v = 0; v < hx_variant_count(); v++) {
        const char *variant = hx_variant_name(v);
        for (int p = 0; p < hx_profile_count(variant) && nall < MAX_PROFILES; p++) {
            hx_error err;
            const hx_rules *r = hx_rules_find(variant, hx_profile_name(variant, p), &err);
            if (r)
                all_rules[nall++] = r;
        }
    }
}

/* offered[which][i]: is all_rules[i] in the list `which`? Asked once:
 * oracle_supports costs an oracle start-up, too much for every input. */
static signed char offered_cache[2][MAX_PROFILES];

static int offered(fz_profiles which, int i)
{
    if (!offered_cache[which][i]) {
        const hx_rules *r = all_rules[i];
        int yes = which == FZ_ALL || oracle_supports(hx_rules_variant(r), hx_rules_profile(r));
        offered_cache[which][i] = yes ? 1 : -1;
    }
    return offered_cache[which][i] > 0;
}

int fz_profile_count(fz_profiles which)
{
    static int count[2] = {-1, -1};
    list_profiles();
    if (count[which] < 0) {
        count[which] = 0;
        for (int i = 0; i < nall; i++)
            count[which] += offered(which, i);
    }
    return count[which];
}

static int global_index(fz_profiles which, int index)
{
    list_profiles();
    for (int i = 0; i < nall; i++)
        if (offered(which, i) && index-- == 0)
            return i;
    return -1;
}

const hx_rules *fz_profile(fz_profiles which, int index)
{
    int i = global_index(which, index);
    return i < 0 ? NULL : all_rules[i];
}

int fz_profile_index(fz_profiles which, const char *variant, const char *profile)
{
    int n = fz_profile_count(which);
    for (int i = 0; i < n; i++) {
        const hx_rules *r = fz_profile(which, i);
        if (strcmp(hx_rules_variant(r), variant) == 0 && strcmp(hx_rules_profile(r), profile) == 0)
            return i;
    }
    return -1;
}

/* The castling field of the initial HexFEN names the rook home cells. */
static void read_rights(fz_setup *s)
{
    const char *f = strchr(s->start_fen, ' ');
    f = f ? strchr(f + 1, ' ') : NULL;
    s->nrights = 0;
    for (f = f ? f + 1 : ""; *f && *f != ' ' && *f != '-' && s->nrights < 4; f++) {
        int colour = isupper((unsigned char)*f) ? 0 : 1;
        char rook = colour == 0 ? 'R' : 'r', file = (char)tolower((unsigned char)*f);
        for (int c = 0; c < s->board.ncells; c++)
            if (s->board.name[c][0] == file && s->initial[c] == rook) {
                s->rook_home[s->nrights] = c;
                s->right_letter[s->nrights++] = *f;
            }
    }
}

/* Forward steps and e.p. length, from the rules' API (docs/rules/README.md
 * states them); the step vectors are this file's own coordinates. */
static void read_pawn_facts(fz_setup *s)
{
    s->nforward = hx_rules_pawn_forward_count(s->rules);
    s->fwd[0][0] = 0;
    s->fwd[0][1] = 1;
    s->fwd[1][0] = 1;
    s->fwd[1][1] = 1;
    s->max_crossed = hx_rules_pawn_max_crossed(s->rules);
}

static void read_setup(fz_setup *s)
{
    hx_error err;
    hx_position_set_fen(s->pos, NULL, &err);
    hx_position_fen(s->pos, s->start_fen);
    memset(s->limit, 0, sizeof s->limit);
    for (int c = 0; c < s->board.ncells; c++) {
        char p = hx_position_piece(s->pos, s->board.x[c], s->board.y[c]);
        s->initial[c] = p == '.' ? 0 : p;
        if (p != '.')
            s->limit[(unsigned char)p]++;
        if (p == 'K' || p == 'k')
            s->king_home[p == 'k'] = c;
    }
    read_rights(s);
    read_pawn_facts(s);
}

static fz_setup *setup_of(const hx_rules *r)
{
    list_profiles();
    for (int i = 0; i < nall; i++) {
        if (all_rules[i] != r)
            continue;
        if (!setups[i]) {
            fz_setup *s = calloc(1, sizeof *s);
            if (!s || !(s->pos = hx_position_new(r)) || !(s->scratch = hx_position_new(r)))
                abort(); /* out of memory at start-up: nothing to fuzz */
            s->rules = r;
            board_build(&s->board, r);
            read_setup(s);
            setups[i] = s;
        }
        return setups[i];
    }
    abort();
}

hx_position *fz_position(const hx_rules *rules)
{
    return setup_of(rules)->pos;
}

hx_position *fz_scratch(const hx_rules *rules)
{
    return setup_of(rules)->scratch;
}

/* ---- Placement decoding ------------------------------------------------- */

typedef struct placement {
    char sq[MAX_CELLS]; /* piece letter or 0 */
    int side;
    char rights[5];
    char ep[24];
    int half, full;
} placement;

static const char piece_letters[] = "PNBRQKpnbrqk";

static int colour_of(char p) { return islower((unsigned char)p) ? 1 : 0; }

/* A king step: an orthogonal (n = 1) or diagonal (n = 3) lattice vector. */
static int king_step(const fz_board *b, int a, int c)
{
    int dx = b->x[c] - b->x[a], dy = b->y[c] - b->y[a];
    int n = dx * dx - dx * dy + dy * dy;
    return n == 1 || n == 3;
}

static int forward_cell(const fz_setup *s, int c, int k, int colour, int times)
{
    int sign = colour == 0 ? 1 : -1;
    return board_cell(&s->board, s->board.x[c] + sign * times * s->fwd[k][0],
                      s->board.y[c] + sign * times * s->fwd[k][1]);
}

/* A pawn's own promotion cell: no forward step exists from it. */
static int promotion_cell(const fz_setup *s, int c, int colour)
{
    for (int k = 0; k < s->nforward; k++)
        if (forward_cell(s, c, k, colour, 1) >= 0)
            return 0;
    return 1;
}

static int count_of(const fz_setup *s, const char *sq, char p)
{
    int n = 0;
    for (int c = 0; c < s->board.ncells; c++)
        n += sq[c] == p;
    return n;
}

static int find_piece(const fz_setup *s, const char *sq, char p)
{
    for (int c = 0; c < s->board.ncells; c++)
        if (sq[c] == p)
            return c;
    return -1;
}

/* One edit: put piece code 0 (empty) .. 12 on cell c, unless that would make
 * the placement invalid (kings are moved, never removed or doubled). */
static void apply_edit(const fz_setup *s, char *sq, int c, int code)
{
    char p = code ? piece_letters[code - 1] : 0;
    if (sq[c] == 'K' || sq[c] == 'k' || sq[c] == p)
        return;
    if (p == 'K' || p == 'k') {
        int other = find_piece(s, sq, p == 'K' ? 'k' : 'K');
        if (king_step(&s->board, c, other))
            return;
        sq[find_piece(s, sq, p)] = 0;
    } else if (p && (p == 'P' || p == 'p') && promotion_cell(s, c, colour_of(p))) {
        return;
    } else if (p && count_of(s, sq, p) >= s->limit[(unsigned char)p]) {
        return;
    }
    sq[c] = p;
}

/* A run of empty cells (1..11: a rank has at most 11 cells), without
 * sprintf, which was a tenth of an input's cost. */
static char *put_run(char *o, int empty)
{
    if (empty >= 10)
        *o++ = (char)('0' + empty / 10);
    if (empty)
        *o++ = (char)('0' + empty % 10);
    return o;
}

static char *put_rank(const fz_setup *s, const char *sq, int rank, char *o)
{
    int empty = 0;
    for (int i = 0; i < s->board.rank_len[rank]; i++) {
        char p = sq[s->board.rank_cells[rank][i]];
        if (!p) {
            empty++;
            continue;
        }
        o = put_run(o, empty);
        empty = 0;
        *o++ = p;
    }
    return put_run(o, empty);
}

static void placement_fen(const fz_setup *s, const placement *pl, char *out)
{
    char *o = out;
    for (int rank = s->board.nranks; rank >= 1; rank--) {
        o = put_rank(s, pl->sq, rank, o);
        if (rank > 1)
            *o++ = '/';
    }
    sprintf(o, " %c %s %s %d %d", pl->side ? 'b' : 'w', pl->rights[0] ? pl->rights : "-",
            pl->ep[0] ? pl->ep : "-", pl->half, pl->full);
}

static int accepted(fz_setup *s, const placement *pl)
{
    char fen[HX_FEN_MAX * 2];
    hx_error err;
    placement_fen(s, pl, fen);
    return hx_position_set_fen(s->pos, fen, &err) == 0;
}

/* The side not to move may not be in check: try the other side to move,
 * then take pieces off (kings are never adjacent, so this ends). */
static void settle_side(fz_setup *s, placement *pl)
{
    placement plain = *pl;
    plain.rights[0] = plain.ep[0] = 0;
    for (int c = -1; c < s->board.ncells; c++) {
        if (c >= 0) {
            if (!plain.sq[c] || plain.sq[c] == 'K' || plain.sq[c] == 'k')
                continue;
            plain.sq[c] = 0;
        }
        if (accepted(s, &plain))
            break;
        plain.side = !plain.side;
        if (accepted(s, &plain))
            break;
        plain.side = !plain.side;
    }
    memcpy(pl->sq, plain.sq, sizeof pl->sq);
    pl->side = plain.side;
}

static void choose_rights(const fz_setup *s, placement *pl, int mask)
{
    int n = 0;
    for (int i = 0; i < s->nrights; i++) {
        int colour = isupper((unsigned char)s->right_letter[i]) ? 0 : 1;
        if ((mask >> i & 1) && pl->sq[s->king_home[colour]] == (colour ? 'k' : 'K') &&
            pl->sq[s->rook_home[i]] == (colour ? 'r' : 'R'))
            pl->rights[n++] = s->right_letter[i];
    }
    pl->rights[n] = 0;
}

typedef struct ep_choice {
    int cells[3], ncells, victim;
} ep_choice;

/* Could the mover's pawn on v have just arrived by a multi-step of
 * `crossed` cells in direction k from one of its start cells? */
static int ep_candidate(const fz_setup *s, const placement *pl, int v, int k, int crossed,
                        ep_choice *out)
{
    int mover = !pl->side;
    int origin = forward_cell(s, v, k, mover, -(crossed + 1));
    if (origin < 0 || pl->sq[origin] || s->initial[origin] != (mover ? 'p' : 'P'))
        return 0;
    for (int i = 0; i < crossed; i++) {
        int c = forward_cell(s, origin, k, mover, i + 1);
        if (c < 0 || pl->sq[c])
            return 0;
        out->cells[i] = c;
    }
    out->ncells = crossed;
    out->victim = v;
    return 1;
}

static void choose_ep(const fz_setup *s, placement *pl, int byte)
{
    ep_choice list[MAX_EP_CHOICES];
    int n = 0;
    char pawn = pl->side ? 'P' : 'p'; /* the mover is the side not to move */
    pl->ep[0] = 0;
    for (int v = 0; v < s->board.ncells && byte; v++)
        for (int k = 0; k < s->nforward && pl->sq[v] == pawn; k++)
            for (int crossed = 1; crossed <= s->max_crossed && n < MAX_EP_CHOICES; crossed++)
                n += ep_candidate(s, pl, v, k, crossed, &list[n]);
    if (n == 0)
        return;
    const ep_choice *e = &list[(byte - 1) % n];
    char *o = pl->ep;
    for (int i = 0; i < e->ncells; i++)
        o += sprintf(o, "%s%s", i ? "," : "", s->board.name[e->cells[i]]);
    if (s->nforward > 1) /* Brusky always names the victim */
        sprintf(o, ":%s", s->board.name[e->victim]);
}

static void decode_placement(fz_input *in, const fz_limits *lim, fz_setup *s, fz_game *g)
{
    placement pl;
    memset(&pl, 0, sizeof pl);
    if (fz_byte(in) & 1) {
        memcpy(pl.sq, s->initial, sizeof pl.sq);
    } else {
        pl.sq[s->king_home[0]] = 'K';
        pl.sq[s->king_home[1]] = 'k';
    }
    int edits = fz_choose(in, lim->max_edits + 1);
    for (int i = 0; i < edits; i++) {
        int c = fz_choose(in, s->board.ncells);
        apply_edit(s, pl.sq, c, fz_choose(in, 13));
    }
    pl.side = fz_byte(in) & 1;
    int rights = fz_byte(in), ep = fz_byte(in), clock = fz_byte(in);
    pl.half = clock % 100;
    pl.full = 1 + clock;
    settle_side(s, &pl);
    choose_rights(s, &pl, rights);
    choose_ep(s, &pl, ep);
    placement_fen(s, &pl, g->root);
    hx_error err;
    if (hx_position_set_fen(s->pos, g->root, &err) != 0)
        fz_fail("decoder", g, "a repaired placement was rejected: %s", err.message);
}

/* ---- Roots and games --------------------------------------------------- */

static void decode_text(fz_input *in, fz_setup *s, fz_game *g)
{
    char text[FZ_TEXT_MAX];
    size_t n = 0;
    hx_error err;
    for (int ch; fz_left(in) && (ch = fz_byte(in)) != '\n';)
        if (n + 1 < sizeof text)
            text[n++] = (char)ch;
    text[n] = '\0';
    if (hx_position_set_fen(s->pos, text, &err) != 0)
        hx_position_set_fen(s->pos, NULL, &err);
    hx_position_fen(s->pos, g->root);
}

void fz_decode_root(fz_input *in, const fz_limits *lim, fz_game *g)
{
    int index = fz_choose(in, fz_profile_count(lim->profiles));
    fz_mode mode = (fz_mode)fz_choose(in, FZ_MODES);
    fz_setup *s = setup_of(fz_profile(lim->profiles, index));
    hx_error err;
    g->rules = s->rules;
    g->pos = s->pos;
    g->plies = 0;
    if (mode == FZ_MODE_PLACEMENT || (!lim->allow_game && mode == FZ_MODE_GAME)) {
        decode_placement(in, lim, s, g);
    } else if (mode == FZ_MODE_TEXT) {
        decode_text(in, s, g);
    } else {
        hx_position_set_fen(s->pos, NULL, &err);
        hx_position_fen(s->pos, g->root);
    }
}

/* Quickselect: moves[k] becomes the k-th smallest, in O(n) on average. */
static hx_move select_kth(hx_move *moves, int n, int k)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        hx_move pivot = moves[(lo + hi) / 2];
        int i = lo, j = hi;
        while (i <= j) {
            while (moves[i] < pivot)
                i++;
            while (moves[j] > pivot)
                j--;
            if (i <= j) {
                hx_move t = moves[i];
                moves[i++] = moves[j];
                moves[j--] = t;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            break;
    }
    return moves[k];
}

int fz_pick_move(hx_position *pos, int byte, hx_move *move)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves);
    if (n > 0)
        *move = select_kth(moves, n, byte % n);
    return n;
}

int fz_move_byte(hx_position *pos, hx_move move)
{
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves), smaller = 0, found = 0;
    for (int i = 0; i < n; i++) {
        smaller += moves[i] < move;
        found |= moves[i] == move;
    }
    return found ? smaller : -1;
}

void fz_play(fz_game *g, hx_move m)
{
    if (g->plies < FZ_MAX_PLIES) {
        g->moves[g->plies++] = m;
        hx_make(g->pos, m);
    }
}

void fz_redecode(fz_game *g)
{
    hx_error err;
    if (hx_position_set_fen(g->pos, g->root, &err) != 0)
        fz_fail("decoder", g, "the root does not parse again: %s", err.message);
    for (int i = 0; i < g->plies; i++)
        hx_make(g->pos, g->moves[i]);
}

void fz_path(const fz_game *g, char *out, size_t cap)
{
    hx_position *pos = fz_scratch(g->rules);
    hx_error err;
    size_t used = 0;
    snprintf(out, cap, "(none)");
    if (g->plies == 0 || hx_position_set_fen(pos, g->root, &err) != 0)
        return;
    for (int i = 0; i < g->plies && used < cap; i++) {
        char text[HX_MOVE_TEXT_MAX];
        hx_move_text(pos, g->moves[i], 0, text);
        used += (size_t)snprintf(out + used, cap - used, "%s%s", i ? " " : "", text);
        hx_make(pos, g->moves[i]);
    }
}

void fz_decode(fz_input *in, const fz_limits *lim, fz_game *g)
{
    fz_decode_root(in, lim, g);
    int max = lim->max_plies < FZ_MAX_PLIES ? lim->max_plies : FZ_MAX_PLIES;
    while (g->plies < max && fz_left(in) > (size_t)lim->reserve) {
        hx_move m;
        if (fz_pick_move(g->pos, fz_byte(in), &m) == 0)
            break;
        fz_play(g, m);
    }
    if (fz_opts()->verbose) {
        char fen[HX_FEN_MAX], path[FZ_PATH_MAX];
        fz_fen(g, fen);
        fz_path(g, path, sizeof path);
        fprintf(stderr, "%s/%s root %s | %s | now %s\n", hx_rules_variant(g->rules),
                hx_rules_profile(g->rules), g->root, path, fen);
    }
}

void fz_fen(const fz_game *g, char *out)
{
    hx_position_fen(g->pos, out);
}

/* HEXREF_FUZZ_FINDING=FILE: the finding also goes to FILE as tab-separated
 * "KEY<TAB>VALUE" lines (target, variant, profile, root, path; the path is
 * empty at the root), so that ci/fuzz can replay it through 'hexref verify'
 * into an HTML report without reading the human report above. */
static void write_finding(const char *target, const fz_game *g)
{
    const char *file = getenv("HEXREF_FUZZ_FINDING");
    char path[FZ_PATH_MAX];
    FILE *f = file && *file ? fopen(file, "w") : NULL;
    if (!f)
        return;
    fz_path(g, path, sizeof path);
    fprintf(f, "target\t%s\nvariant\t%s\nprofile\t%s\nroot\t%s\npath\t%s\n", target,
            hx_rules_variant(g->rules), hx_rules_profile(g->rules), g->root,
            g->plies ? path : "");
    fclose(f);
}

_Noreturn void fz_fail(const char *target, const fz_game *g, const char *fmt, ...)
{
    char fen[HX_FEN_MAX], path[FZ_PATH_MAX];
    va_list ap;
    fflush(stdout);
    fz_path(g, path, sizeof path);
    fprintf(stderr, "\n==== %s: FAILURE in %s/%s ====\n", target, hx_rules_variant(g->rules),
            hx_rules_profile(g->rules));
    fprintf(stderr, "  root:     %s\n  path:     %s\n", g->root, path);
    if (g->pos) {
        fz_fen(g, fen);
        fprintf(stderr, "  position: %s\n", fen);
    }
    fprintf(stderr, "  problem:  ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    fflush(stderr);
    write_finding(target, g);
    abort();
}
