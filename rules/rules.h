/*
 * rules.h - a variant under one profile, as data, and the tables derived
 * from it at start-up.
 *
 * A variant is a board shape, a naming rule, a setup, pawn vectors and rule
 * parameters; a profile is a named set of parameter values that overrides
 * some of them (variants.c). rules_derive() (rules_derive.c) turns that
 * description into the tables the generator reads. Most profile differences
 * become different tables (pawn vectors and reach, start and promotion
 * cells, castlings and the rights they keep); the rest are tests of a
 * parameter that never changes during a search, made per node, per pawn
 * set or per move played: Brusky's cross-block (p.cross, movegen.c), the
 * clock rule and the bug models' switches (makemove.c).
 */
#ifndef HEXREF_RULES_H
#define HEXREF_RULES_H

#include "hexref.h"
#include "geometry.h"

enum { HX_WHITE = 0, HX_BLACK = 1 };
enum { HX_PAWN, HX_KNIGHT, HX_BISHOP, HX_ROOK, HX_QUEEN, HX_KING, HX_PIECE_TYPES };
enum { HX_EMPTY = 0 }; /* board[] holds 0, or (colour << 3 | type) + 1 */

static inline int hx_piece(int colour, int type) { return ((colour << 3) | type) + 1; }
static inline int hx_piece_colour(int piece) { return (piece - 1) >> 3; }
static inline int hx_piece_type(int piece) { return (piece - 1) & 7; }

enum { HX_MAX_CASTLES = 8, HX_MAX_FORWARD = 2, HX_MAX_PAWN_VECS = 3 };

typedef enum { EP_EVERY_CROSSED, EP_ADJACENT_ONLY, EP_NONE } hx_ep_rule;
typedef enum { CROSS_NONE, CROSS_ENEMY, CROSS_ANY_OR_MISSING } hx_cross_rule;
typedef enum { VCAP_NEVER, VCAP_HOME, VCAP_ANYWHERE } hx_vcap_rule;
typedef enum { REACH_FIXED_TWO, REACH_HALF_FILE } hx_reach_rule;
typedef enum { CLOCK_PAWN_OR_CAPTURE, CLOCK_CAPTURE_ONLY } hx_clock_rule;
typedef enum { REP_THREEFOLD, REP_THIRD_OCCURRENCE, REP_NONE } hx_repetition_rule;
typedef enum { MAT_NONE, MAT_BARE_KINGS, MAT_JOCLY } hx_material_rule;

/* Castling on one flank: the king moves `steps` cells toward the rook. */
typedef struct hx_castle {
    int8_t colour, right;        /* right = bit index in the rights mask */
    int8_t king_from, king_to, rook_from, rook_to;
    hx_bb must_be_empty;         /* every cell strictly between king and rook */
    hx_bb must_be_safe;          /* king's start, path and landing */
    const char *names[3];        /* accepted names, e.g. "O-O-Q", "Q-0-0" */
} hx_castle;

/* Castling names: O-O for the near rook and O-O-O for the far one, or
 * Shafran's by flank and length (O-O / B-O-O-O on the bishops' flank,
 * O-O-Q / Q-O-O-O on the queen's). */
typedef enum { CASTLE_NAMES_BY_ROOK, CASTLE_NAMES_BY_FLANK } hx_castle_naming;

/* Everything a profile may set; variants.c gives each variant's default and
 * each profile's overrides. */
typedef struct hx_rule_params {
    const char *setup;              /* piece list, "W Ke1 ..., B Ke10 ..." */
    int8_t forward[HX_MAX_FORWARD][2]; /* White's forward steps (Black: negated) */
    int nforward;
    int8_t capture[HX_MAX_PAWN_VECS][2]; /* White's capture vectors */
    int ncapture;
    int8_t vertical[2];             /* Brusky's vertical capture, White */
    hx_vcap_rule vcap;
    hx_reach_rule reach;
    char no_double_file;            /* file letter whose pawns never multi-step, or 0 */
    hx_ep_rule ep;
    hx_cross_rule cross;
    int castling;                   /* 0: no castling in this variant */
    int castle_near_steps;          /* bitmask of king step counts: near rook */
    int castle_far_steps;           /* ... far rook (same as near if equidistant) */
    hx_castle_naming castle_naming; /* how castlings are written (docs/conventions.md) */
    hx_clock_rule clock;
    hx_repetition_rule repetition;
    hx_material_rule material;
    int auto_fifty;                 /* the 100-ply draw is automatic */
    int stalemate_three_quarters;
    /* Bug models (negative controls and diagnostics) */
    int vcap_sets_ep;               /* neg-vcap-ep */
    int ep_victim_by_target;        /* neg-ep-victim-by-target */
    int capture_sets_ep;            /* neg-capture-ep */
    int promote_on_rank1_corners;   /* neg-promote-rank1 */
    int first_move_only;            /* diag-firstmove */
} hx_rule_params;

struct hx_rules {
    const char *variant, *profile, *summary;
    int is_control;
    int variant_index;
    hx_rule_params p;
    const hx_geometry *g;
    /* Derived pawn tables, indexed [colour][cell]. */
    int8_t push[2][HX_MAX_FORWARD][HX_MAX_CELLS];  /* forward neighbour or -1 */
    int8_t max_steps[2][HX_MAX_CELLS];  /* 1, or the multi-step reach from a start cell */
    hx_bb pawn_capture[2][HX_MAX_CELLS];   /* capture targets (incl. e.p.) */
    hx_bb pawn_vertical[2][HX_MAX_CELLS];  /* vertical capture targets */
    hx_bb pawn_attackers[2][HX_MAX_CELLS]; /* cells from which a pawn of colour attacks cell */
    hx_bb ep_capturers[2][HX_MAX_CELLS];   /* cells from which a pawn of colour may take e.p. on cell */
    hx_bb start[2];                        /* pawn start cells */
    hx_bb promotion[2];                    /* where a pawn of colour promotes */
    uint8_t promotes[2][HX_MAX_CELLS];     /* the same, as a byte per cell */
    /* Set-wise pawn tables: a pawn vector is one index shift (geometry.h),
     * valid from the cells of its source mask (whose target exists). */
    int8_t push_shift[2][HX_MAX_FORWARD];
    hx_bb push_src[2][HX_MAX_FORWARD];
    int8_t capture_shift[2][HX_MAX_PAWN_VECS];
    hx_bb capture_src[2][HX_MAX_PAWN_VECS];
    int8_t vertical_shift[2];
    hx_bb vertical_src[2];                 /* empty when there is no vertical capture */
    hx_bb reach2[2], reach3[2];            /* start cells allowing 2+, 3+ steps */
    hx_castle castles[HX_MAX_CASTLES];
    int ncastles;
    uint8_t first_castle[3];               /* castles of colour c: [first[c], first[c + 1]) */
    /* The setup has sliders boxed in by their own side (every first step
     * onto a piece of theirs): the generator then looks for such sliders
     * before their lookups (docs/speed.md). */
    uint8_t boxed_sliders;
    int8_t rook_home[4];                   /* right bit -> rook home cell, or -1 */
    int8_t king_home[2];
    /* The castling rights that survive a move from / to a cell: a move
     * from a king's home or from or to a rook's home loses that right. */
    uint8_t rights_keep_from[HX_MAX_CELLS], rights_keep_to[HX_MAX_CELLS];
    /* The setup as a placement: board[] content per cell. */
    uint8_t setup[HX_MAX_CELLS];
};

#endif
