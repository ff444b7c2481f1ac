/*
 * variants.c - the four variants and their profiles, as data taken from the
 * variant files of the specification (docs/rules/); rules_derive.c
 * turns the data into tables.
 *
 * A profile is its variant's default parameters plus a few overrides, so
 * each profile row below reads as "what this source changes".
 */
#include "rules.h"

#include "kernel.h"
#include "threads.h"
#include "attacks.h"
#include "zobrist.h"
#include <stdio.h>
#include <string.h>

#define STEPS(a, b) ((1 << (a)) | (1 << (b)))
#define STEP(a) (1 << (a))

typedef void (*hx_override)(hx_rule_params *p);

typedef struct profile_def {
    const char *name;
    const char *summary;
    int is_control;
    hx_override apply;
} profile_def;

typedef struct variant_def {
    const char *name;
    hx_board_shape shape;
    hx_rule_params defaults;
    const profile_def *profiles;
    int nprofiles;
} variant_def;

/* ---- Shafran (shafran.md) --------------------------------------------- */

static void shafran_jocly(hx_rule_params *p)
{
    p->ep = EP_ADJACENT_ONLY;
    p->clock = CLOCK_CAPTURE_ONLY;
    p->repetition = REP_THIRD_OCCURRENCE;
    p->material = MAT_JOCLY;
}
static void ludii_draws(hx_rule_params *p)
{
    p->auto_fifty = 1;
    p->repetition = REP_NONE;
}
static void shafran_cvp(hx_rule_params *p)
{
    p->castle_near_steps = STEP(3);
    p->castle_far_steps = STEP(3);
}
static void shafran_seed(hx_rule_params *p) { p->ep = EP_NONE; }
static void orthogonal_captures(hx_rule_params *p)
{
    static const int8_t v[2][2] = {{1, 1}, {-1, 0}};
    memcpy(p->capture, v, sizeof v);
    p->ncapture = 2;
}
static void shafran_gloss_capture(hx_rule_params *p)
{
    static const int8_t v[2][2] = {{1, 1}, {-1, 1}};
    memcpy(p->capture, v, sizeof v);
    p->ncapture = 2;
}
static void diagonal_captures(hx_rule_params *p)
{
    static const int8_t v[2][2] = {{1, 2}, {-1, 1}};
    memcpy(p->capture, v, sizeof v);
    p->ncapture = 2;
}

static const profile_def shafran_profiles[] = {
    {"std", "default: diagonal captures, first-move reach 1/2/3, e.p. on every crossed cell, 4 castlings, stalemate a draw", 0, NULL},
    {"jocly", "e.p. only on the crossed cell next to the landing cell; only captures reset the 50-move counter; Jocly's material draw", 0, shafran_jocly},
    {"ludii", "same moves; automatic 100-ply draw; no repetition rule", 0, ludii_draws},
    {"cvp", "only the two long castlings (king moves 3)", 0, shafran_cvp},
    {"seed", "no en passant; automatic threefold repetition", 0, shafran_seed},
    {"neg-glinski-capture", "bug model: orthogonal (Glinski-style) pawn captures", 1, orthogonal_captures},
    {"neg-gloss-capture", "bug model: half-orthogonal pawn captures (1,1)/(-1,1)", 1, shafran_gloss_capture},
};

/* ---- Brusky (brusky.md) ------------------------------------------------ */

static void brusky_seed(hx_rule_params *p) { p->vcap = VCAP_NEVER; }
static void brusky_jocly(hx_rule_params *p)
{
    p->cross = CROSS_NONE;
    p->castle_far_steps = STEP(2);
    p->clock = CLOCK_CAPTURE_ONLY;
    p->repetition = REP_THIRD_OCCURRENCE;
    p->material = MAT_JOCLY;
}
static void brusky_ludii(hx_rule_params *p)
{
    p->setup = "W Kf1 Qd1 Ra1 Ri1 Bc1 Be1 Bg1 Nb1 Nh1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2, "
               "B Ki8 Qg8 Rd8 Rl8 Bf8 Bh8 Bj8 Ne8 Nk8 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7 Pi7 Pj7 Pk7 Pl7";
    p->cross = CROSS_ANY_OR_MISSING;
    p->material = MAT_NONE;
    ludii_draws(p);
}
static void brusky_greenchess(hx_rule_params *p)
{
    p->cross = CROSS_NONE;
    p->vcap = VCAP_NEVER;
}
static void brusky_vcap_ep(hx_rule_params *p) { p->vcap_sets_ep = 1; }
static void brusky_victim_by_target(hx_rule_params *p) { p->ep_victim_by_target = 1; }
static void brusky_vcap_moved(hx_rule_params *p) { p->vcap = VCAP_ANYWHERE; }

static const profile_def brusky_profiles[] = {
    {"std", "default (CVP): enemy cross-block, vertical capture from the home rank, O-O-O king 3, rotation-symmetric setup", 0, NULL},
    {"seed", "no vertical capture", 0, brusky_seed},
    {"jocly", "no cross-block; O-O-O king moves 2 (f1-d1, rook a1-e1); only captures reset the 50-move counter", 0, brusky_jocly},
    {"ludii", "Black mirrored (K i8, Q g8); any piece or a missing cell cross-blocks; no repetition rule", 0, brusky_ludii},
    {"greenchess", "no cross-block and no vertical capture", 0, brusky_greenchess},
    {"neg-vcap-ep", "bug model: a vertical capture sets an e.p. right", 1, brusky_vcap_ep},
    {"neg-ep-victim-by-target", "bug model: e.p. removes the cell in front of the target, not the recorded victim", 1, brusky_victim_by_target},
    {"neg-vcap-moved", "bug model: moved pawns may also capture vertically", 1, brusky_vcap_moved},
};

/* ---- Glinski (glinski.md) ----------------------------------------------- */

static void glinski_draw(hx_rule_params *p) { p->stalemate_three_quarters = 0; }
static void glinski_ludii(hx_rule_params *p)
{
    glinski_draw(p);
    ludii_draws(p);
}
static void glinski_jackson3(hx_rule_params *p)
{
    p->setup = "W Kg1 Qe1 Rc1 Ri1 Bf1 Bf2 Bf3 Nd1 Nh1 Pb1 Pc2 Pd3 Pe3 Pf4 Pg3 Ph3 Pi2 Pk1, "
               "B Kg10 Qe10 Rc8 Ri8 Bf9 Bf10 Bf11 Nd9 Nh9 Pb7 Pc7 Pd7 Pe8 Pf8 Pg8 Ph7 Pi7 Pk7";
}
static void glinski_jackson5(hx_rule_params *p)
{
    p->setup = "W Kg1 Qe1 Rc1 Ri1 Bf1 Bf2 Bf3 Nd1 Nh1 Pb1 Pc2 Pd2 Pe3 Pf4 Pg3 Ph2 Pi2 Pk1, "
               "B Kg10 Qe10 Rc8 Ri8 Bf9 Bf10 Bf11 Nd9 Nh9 Pb7 Pc7 Pd8 Pe8 Pf8 Pg8 Ph8 Pi7 Pk7";
}
static void glinski_firstmove(hx_rule_params *p) { p->first_move_only = 1; }
static void glinski_promote_rank1(hx_rule_params *p) { p->promote_on_rank1_corners = 1; }

static const profile_def glinski_profiles[] = {
    {"std", "default (the original rules): double step from any own start cell, orthogonal captures, stalemate 3/4-1/4", 0, NULL},
    {"draw", "stalemate 1/2-1/2 (greenchess site rule)", 0, glinski_draw},
    {"ludii", "stalemate 1/2-1/2; automatic 100-ply draw; no repetition rule", 0, glinski_ludii},
    {"jackson3", "Ludii's alternative array: 3 centre pawns one cell back", 0, glinski_jackson3},
    {"jackson5", "Ludii's alternative array: 5 centre pawns one cell back", 0, glinski_jackson5},
    {"diag-firstmove", "diagnostic (no source): no double step for a pawn that re-entered a start cell by capture", 1, glinski_firstmove},
    {"neg-mccooey-capture", "bug model: diagonal (McCooey) pawn captures", 1, diagonal_captures},
    {"neg-promote-rank1", "bug model: a pawn also promotes on the enemy promotion row's corners (a1/l1, a6/l6)", 1, glinski_promote_rank1},
};

/* ---- McCooey (mccooey.md) ------------------------------------------------ */

static void mccooey_centre_double(hx_rule_params *p) { p->no_double_file = 0; }
static void mccooey_capture_ep(hx_rule_params *p) { p->capture_sets_ep = 1; }

static const profile_def mccooey_profiles[] = {
    {"std", "default: diagonal captures, no double step for the f-pawn, stalemate a draw", 0, NULL},
    {"ludii", "same moves; automatic 100-ply draw; no repetition rule", 0, ludii_draws},
    {"neg-centre-double", "bug model: the f4/f8 pawn may double-step", 1, mccooey_centre_double},
    {"neg-glinski-capture", "bug model: orthogonal (Glinski) pawn captures", 1, orthogonal_captures},
    {"neg-capture-ep", "bug model: a capture along (1,2)/(-1,-2) sets an e.p. right", 1, mccooey_capture_ep},
};

/* ---- The variants ------------------------------------------------------ */

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const variant_def variants[] = {
    {"shafran",
     {8, 9, -5, 4, "abcdefghi", 99, NULL, 0},
     {.setup = "W Ke1 Qd1 Ra1 Ri5 Bc1 Bf2 Bh4 Nb1 Ng3 Pa2 Pb2 Pc2 Pd2 Pe2 Pf3 Pg4 Ph5 Pi6, "
               "B Ke10 Qf10 Ra6 Ri10 Bb7 Bd9 Bg10 Nc8 Nh10 Pa5 Pb6 Pc7 Pd8 Pe9 Pf9 Pg9 Ph9 Pi9",
      .forward = {{0, 1}}, .nforward = 1,
      .capture = {{1, 2}, {-1, 1}}, .ncapture = 2,
      .vcap = VCAP_NEVER, .reach = REACH_HALF_FILE, .ep = EP_EVERY_CROSSED,
      .cross = CROSS_NONE, .castling = 1,
      .castle_near_steps = STEPS(2, 3), .castle_far_steps = STEPS(2, 3),
      .castle_naming = CASTLE_NAMES_BY_FLANK,
      .clock = CLOCK_PAWN_OR_CAPTURE, .repetition = REP_THREEFOLD, .material = MAT_NONE},
     shafran_profiles, COUNT(shafran_profiles)},
    {"brusky",
     {11, 7, -4, 8, "abcdefghijkl", 99, "abcdefghijklm", 4},
     {.setup = "W Kf1 Qd1 Ra1 Ri1 Bc1 Be1 Bg1 Nb1 Nh1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2, "
               "B Kg8 Qi8 Rd8 Rl8 Bf8 Bh8 Bj8 Ne8 Nk8 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7 Pi7 Pj7 Pk7 Pl7",
      .forward = {{0, 1}, {1, 1}}, .nforward = 2,
      .capture = {{-1, 1}, {2, 1}}, .ncapture = 2,
      .vertical = {1, 2}, .vcap = VCAP_HOME, .reach = REACH_FIXED_TWO,
      .ep = EP_EVERY_CROSSED, .cross = CROSS_ENEMY, .castling = 1,
      .castle_near_steps = STEP(2), .castle_far_steps = STEP(3),
      .clock = CLOCK_PAWN_OR_CAPTURE, .repetition = REP_THREEFOLD, .material = MAT_BARE_KINGS},
     brusky_profiles, COUNT(brusky_profiles)},
    {"glinski",
     {10, 10, -5, 5, "abcdefghikl", 5, NULL, 0},
     {.setup = "W Kg1 Qe1 Rc1 Ri1 Bf1 Bf2 Bf3 Nd1 Nh1 Pb1 Pc2 Pd3 Pe4 Pf5 Pg4 Ph3 Pi2 Pk1, "
               "B Kg10 Qe10 Rc8 Ri8 Bf9 Bf10 Bf11 Nd9 Nh9 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7 Pi7 Pk7",
      .forward = {{0, 1}}, .nforward = 1,
      .capture = {{1, 1}, {-1, 0}}, .ncapture = 2,
      .vcap = VCAP_NEVER, .reach = REACH_FIXED_TWO, .ep = EP_EVERY_CROSSED,
      .cross = CROSS_NONE, .castling = 0,
      .clock = CLOCK_PAWN_OR_CAPTURE, .repetition = REP_THREEFOLD, .material = MAT_NONE,
      .stalemate_three_quarters = 1},
     glinski_profiles, COUNT(glinski_profiles)},
    {"mccooey",
     {10, 10, -5, 5, "abcdefghikl", 5, NULL, 0},
     {.setup = "W Kg1 Qe1 Rd1 Rh1 Bf1 Bf2 Bf3 Ne2 Ng2 Pc1 Pd2 Pe3 Pf4 Pg3 Ph2 Pi1, "
               "B Kg10 Qe10 Rd9 Rh9 Bf9 Bf10 Bf11 Ne9 Ng9 Pc8 Pd8 Pe8 Pf8 Pg8 Ph8 Pi8",
      .forward = {{0, 1}}, .nforward = 1,
      .capture = {{1, 2}, {-1, 1}}, .ncapture = 2,
      .vcap = VCAP_NEVER, .reach = REACH_FIXED_TWO, .no_double_file = 'f',
      .ep = EP_EVERY_CROSSED, .cross = CROSS_NONE, .castling = 0,
      .clock = CLOCK_PAWN_OR_CAPTURE, .repetition = REP_THREEFOLD, .material = MAT_NONE},
     mccooey_profiles, COUNT(mccooey_profiles)},
};

enum { NVARIANTS = COUNT(variants), MAX_PROFILES = 8 };
/* all_rules has room for MAX_PROFILES per variant: a variant with more must
 * not compile (two variants have exactly 8 now). */
_Static_assert(COUNT(shafran_profiles) <= MAX_PROFILES, "shafran: more than MAX_PROFILES");
_Static_assert(COUNT(brusky_profiles) <= MAX_PROFILES, "brusky: more than MAX_PROFILES");
_Static_assert(COUNT(glinski_profiles) <= MAX_PROFILES, "glinski: more than MAX_PROFILES");
_Static_assert(COUNT(mccooey_profiles) <= MAX_PROFILES, "mccooey: more than MAX_PROFILES");

static hx_geometry geometries[NVARIANTS];
static hx_rules all_rules[NVARIANTS][MAX_PROFILES];
static char build_error[256];
static pthread_once_t built = PTHREAD_ONCE_INIT;

int rules_derive(hx_rules *r, hx_error *err); /* rules_derive.c */
void zobrist_init(void);                      /* zobrist.c */
void attacks_init(void);                      /* attacks.c */

static void build_all(void)
{
    zobrist_init();
    attacks_init();
    for (int v = 0; v < NVARIANTS; v++) {
        const variant_def *vd = &variants[v];
        geometry_build(&geometries[v], &vd->shape);
        for (int i = 0; i < vd->nprofiles; i++) {
            hx_rules *r = &all_rules[v][i];
            const profile_def *pd = &vd->profiles[i];
            r->variant = vd->name;
            r->profile = pd->name;
            r->summary = pd->summary;
            r->is_control = pd->is_control;
            r->variant_index = v;
            r->p = vd->defaults;
            if (pd->apply)
                pd->apply(&r->p);
            r->g = &geometries[v];
            hx_error err;
            if (rules_derive(r, &err) != 0 && !build_error[0])
                snprintf(build_error, sizeof build_error, "%s/%s: %.200s", vd->name, pd->name,
                         err.message);
        }
    }
}

static int find_variant(const char *name)
{
    for (int v = 0; v < NVARIANTS; v++)
        if (name && strcmp(name, variants[v].name) == 0)
            return v;
    return -1;
}

/* The variants' names as a message lists them: "a, b, c or d". */
static const char *variant_list(char *out, size_t cap)
{
    size_t used = 0;
    out[0] = '\0';
    for (int v = 0; v < NVARIANTS && used < cap; v++) {
        const char *sep = v == 0 ? "" : v + 1 < NVARIANTS ? ", " : " or ";
        used += (size_t)snprintf(out + used, cap - used, "%s%s", sep, variants[v].name);
    }
    return out;
}

const hx_rules *hx_rules_find(const char *variant, const char *profile, hx_error *err)
{
    pthread_once(&built, build_all);
    if (build_error[0]) {
        snprintf(err->message, sizeof err->message, "internal error: %.200s", build_error);
        return NULL;
    }
    if (*kernel_forced_error()) {
        snprintf(err->message, sizeof err->message, "%s", kernel_forced_error());
        return NULL;
    }
    int v = find_variant(variant);
    if (v < 0) {
        char names[128];
        snprintf(err->message, sizeof err->message, "unknown variant '%.64s' (expected %s)",
                 variant ? variant : "", variant_list(names, sizeof names));
        return NULL;
    }
    if (!profile || !*profile)
        profile = "std";
    for (int i = 0; i < variants[v].nprofiles; i++)
        if (strcmp(profile, variants[v].profiles[i].name) == 0)
            return &all_rules[v][i];
    snprintf(err->message, sizeof err->message,
             "unknown profile '%s' for variant %s (see 'hexref variants')", profile, variant);
    return NULL;
}

const char *hx_rules_variant(const hx_rules *r) { return r->variant; }
const char *hx_rules_profile(const hx_rules *r) { return r->profile; }
const char *hx_rules_summary(const hx_rules *r) { return r->summary; }
int hx_rules_is_control(const hx_rules *r) { return r->is_control; }
int hx_rules_pawn_forward_count(const hx_rules *r) { return r->p.nforward; }

int hx_rules_pawn_max_crossed(const hx_rules *r)
{
    int most = 1;
    for (int c = 0; c < HX_MAX_CELLS; c++)
        if (r->max_steps[0][c] > most)
            most = r->max_steps[0][c];
    return most - 1;
}
const char *hx_stalemate_score(const hx_rules *r) { return r->p.stalemate_three_quarters ? "3/4" : "1/2"; }

int hx_variant_count(void) { return NVARIANTS; }
const char *hx_variant_name(int i) { return (i >= 0 && i < NVARIANTS) ? variants[i].name : NULL; }

int hx_profile_count(const char *variant)
{
    int v = find_variant(variant);
    return v < 0 ? 0 : variants[v].nprofiles;
}

const char *hx_profile_name(const char *variant, int i)
{
    int v = find_variant(variant);
    if (v < 0 || i < 0 || i >= variants[v].nprofiles)
        return NULL;
    return variants[v].profiles[i].name;
}
