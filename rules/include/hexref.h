/*
 * hexref.h - the reference rules of hexagonal chess.
 *
 * Four variants (shafran, brusky, glinski, mccooey), each with named rule
 * profiles ("std" is the best-sourced reading; the others reproduce one
 * source each, or model a known bug: neg-..., diag-...). Positions are read
 * and written as HexFEN, moves as text (docs/conventions.md).
 *
 * Typical use:
 *
 *     hx_error err;
 *     const hx_rules *rules = hx_rules_find("shafran", "std", &err);
 *     hx_position *pos = hx_position_new(rules);
 *     hx_position_set_fen(pos, NULL, &err);            // initial position
 *     uint64_t n = hx_perft(pos, 4);
 *     hx_position_free(pos);
 *
 * Functions that can fail return 0 on success and -1 on failure, with a
 * message naming the problem and where it is in *err. Rules objects are
 * immutable and live for the whole program; positions are independent, so
 * different threads may use different positions freely.
 */
#ifndef HEXREF_H
#define HEXREF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    HX_MAX_MOVES = 1024, /* more than any valid position's legal move count */
    HX_FEN_MAX = 256,    /* longest HexFEN, with its terminating NUL */
    HX_MOVE_TEXT_MAX = 8, /* longest move text ("e10e9q"), with its NUL */
    HX_MAX_PLIES = 4096,  /* most moves a position's history holds */
    /* Deepest perft accepted: depth 10 is already over 10^17 leaves from
     * Gliński's or Brusky's initial position (centuries at 10^9 nodes/s),
     * and Brusky's depth 11 (about 5*10^19) would not fit in 64 bits. */
    HX_PERFT_MAX_DEPTH = 10
};

typedef struct hx_error {
    char message[256];
} hx_error;

typedef struct hx_rules hx_rules;       /* a variant under one profile */
typedef struct hx_position hx_position; /* a position with its history */
typedef uint32_t hx_move;               /* an encoded move */

typedef enum hx_status {
    HX_ONGOING,
    HX_CHECK,
    HX_CHECKMATE,
    HX_STALEMATE
} hx_status;

/* ---- Variants and profiles ------------------------------------------ */

/* Rules of `variant` under `profile` (NULL or "" means "std"). Fails while
 * HEXREF_KERNEL names an unusable kernel (see hx_kernel_choose). */
const hx_rules *hx_rules_find(const char *variant, const char *profile, hx_error *err);

const char *hx_rules_variant(const hx_rules *rules);
const char *hx_rules_profile(const hx_rules *rules);
/* One line on what the profile changes relative to std. */
const char *hx_rules_summary(const hx_rules *rules);
/* 1 for negative controls and diagnostics (neg-..., diag-...), else 0. */
int hx_rules_is_control(const hx_rules *rules);
/* Pawn facts for a move generator of one's own (the fuzzers' random
 * positions): the number of forward steps of a pawn (2 on Brusky's board,
 * docs/rules/brusky.md §2; else 1), and the most cells a pawn's first move
 * crosses (its longest step minus one: 2 on Shafran's board, else 1). */
int hx_rules_pawn_forward_count(const hx_rules *rules);
int hx_rules_pawn_max_crossed(const hx_rules *rules);

/* Number of variants, and the name of variant i. */
int hx_variant_count(void);
const char *hx_variant_name(int i);
/* Number of profiles of a variant, and the name of profile i (0 is std). */
int hx_profile_count(const char *variant);
const char *hx_profile_name(const char *variant, int i);

/* ---- Positions ------------------------------------------------------- */

/* A new position (set it with hx_position_set_fen); NULL if out of memory. */
hx_position *hx_position_new(const hx_rules *rules);
void hx_position_free(hx_position *pos);
/* Copies src (rules, position and history) into dst. */
void hx_position_copy(hx_position *dst, const hx_position *src);
const hx_rules *hx_position_rules(const hx_position *pos);

/* Sets the position from a HexFEN; NULL means the profile's initial one.
 * Returns 0, or -1 with err naming the problem and where it is (a text of
 * 2 * HX_FEN_MAX characters or more is refused as too long, unread); on
 * failure the position is left unchanged. */
int hx_position_set_fen(hx_position *pos, const char *fen, hx_error *err);
/* The HexFEN of a position written in the specification's piece-list
 * notation, "W Ke1 Pd5, B Ke10 Pe9, Black to move" (White to move unless
 * stated; no castling or e.p. rights). The result is validated like any
 * HexFEN. out needs HX_FEN_MAX bytes. */
int hx_fen_from_pieces(const hx_rules *rules, const char *pieces, char *out, hx_error *err);
/* Writes the HexFEN (at most HX_FEN_MAX bytes including NUL). */
void hx_position_fen(const hx_position *pos, char *out);
/* Zobrist key of the position (pieces, side, castling rights, e.p.). */
uint64_t hx_position_key(const hx_position *pos);
/* 0 = White, 1 = Black. */
int hx_position_side(const hx_position *pos);

/* ---- Board drawing -------------------------------------------------- */

/* The lattice bounds: every cell has 0 <= x < *width, 0 <= y < *height.
 * *horizontal_ranks is 1 for boards drawn with pointy-top hexes and
 * horizontal ranks (Brusky), 0 for flat-top hexes and vertical files. */
void hx_board_size(const hx_rules *rules, int *width, int *height, int *horizontal_ranks);
/* Name of cell (x, y) in the given naming (see hx_move_text); returns -1 if
 * there is no such cell. */
int hx_cell_name(const hx_rules *rules, int x, int y, int naming, char out[4]);
/* 1 if the board has cell names in `naming` (0: canonical, always; 1:
 * Brusky's seed notation B, where the variant defines it), else 0. */
int hx_rules_has_naming(const hx_rules *rules, int naming);
/* The piece letter on (x, y) (KQRBNP White, kqrbnp Black), '.' if empty,
 * or 0 if there is no such cell. */
char hx_position_piece(const hx_position *pos, int x, int y);

/* ---- Moves ----------------------------------------------------------- */

/* Fills moves[] (room for HX_MAX_MOVES) with the legal moves, returns the count. */
int hx_legal_moves(hx_position *pos, hx_move *moves);
/* The legal moves as text, sorted with strcmp; returns the count.
 * texts needs HX_MAX_MOVES entries; only the first count are written. */
int hx_legal_move_texts(hx_position *pos, char texts[][HX_MOVE_TEXT_MAX]);

/* Writes a move's text (cell names in the given naming: 0 canonical,
 * 1 Brusky's seed notation B). */
void hx_move_text(const hx_position *pos, hx_move move, int naming, char *out);
/* Parses move text (or a castling name such as O-O-O or Q-0-0) against the
 * legal moves of pos. */
int hx_move_parse(hx_position *pos, const char *text, int naming, hx_move *move,
                  hx_error *err);

/* What kind of move m is: a combination of these flags. */
enum {
    HX_MOVE_CAPTURE = 1,
    HX_MOVE_EP = 2,
    HX_MOVE_CASTLE = 4,
    HX_MOVE_PROMOTION = 8,
    HX_MOVE_MULTI_STEP = 16
};
int hx_move_flags(const hx_position *pos, hx_move move);

/* Plays a legal move and returns 0. When the history is full (HX_MAX_PLIES
 * moves played since the position was set) it plays nothing and returns -1.
 * hx_unmake takes back the last move played. */
int hx_make(hx_position *pos, hx_move move);
void hx_unmake(hx_position *pos);
/* Parses and plays a list of moves separated by spaces, tabs, newlines or
 * commas (any number, also before the first and after the last); stops at
 * the first bad one, leaving the moves before it played, and names it in
 * err. A word of 32 characters or more is refused as too long, unread. */
int hx_play_moves(hx_position *pos, const char *moves, int naming, hx_error *err);

/* Runs the invariant checker (bitboards against mailbox, incremental key
 * against a fresh one, rights against pieces). Returns 0, or -1 naming the
 * broken invariant. Debug builds run it after every make and unmake. */
int hx_position_check(const hx_position *pos, hx_error *err);

/* ---- Status and counting -------------------------------------------- */

int hx_in_check(const hx_position *pos);
hx_status hx_position_status(hx_position *pos);
const char *hx_status_name(hx_status status);

/* Draw conditions of the profile that hold now, as a comma-separated
 * description ("" if none): 50-move rule, repetition, insufficient material. */
void hx_draw_conditions(const hx_position *pos, char *out, size_t cap);
/* The score of a stalemate for the side that stalemates ("1/2" or "3/4"). */
const char *hx_stalemate_score(const hx_rules *rules);

/* The deepest perft of pos that can run: HX_PERFT_MAX_DEPTH, or less when
 * the history has room for fewer plies (HX_MAX_PLIES minus those played). */
int hx_perft_max_depth(const hx_position *pos);

/* Number of leaf nodes of the legal move tree to depth. Returns UINT64_MAX,
 * having played nothing, if depth > hx_perft_max_depth(pos); and UINT64_MAX
 * if the count does not fit in 64 bits. */
uint64_t hx_perft(hx_position *pos, int depth);

/* One root move of a divide and the leaves below it. */
typedef struct hx_divide_entry {
    char move[HX_MOVE_TEXT_MAX];
    uint64_t count;
} hx_divide_entry;

/* The perft divide (Stockfish's perft<Root>): each legal move of pos with
 * the leaves of its subtree to depth - 1 (1 each at depth 1), sorted by move
 * text (cell names in `naming`, as hx_move_text). out needs HX_MAX_MOVES
 * entries; returns the number of moves (their counts sum to hx_perft). The
 * library's one divide: a caller wanting the reference's divide calls this
 * rather than a loop of its own over hx_legal_moves and hx_perft. */
int hx_perft_divide(hx_position *pos, int depth, int naming, hx_divide_entry *out);

/* The same count for deep runs (perft_deep.c, docs/perft.md): the work is
 * shared by `threads` threads, each on its own copy of pos, and subtrees are
 * cached in a transposition table of at most hash_bytes (0: none), keyed by
 * 128 bits and lossless while it fits (hx_perft_deep_run below). Flag HX_PERFT_NO_BULK plays
 * every last-ply move instead of counting the list, for a second, independent
 * way to the same number. Returns UINT64_MAX if out of memory, and as
 * hx_perft does for a refused depth or a count beyond 64 bits. */
enum { HX_PERFT_NO_BULK = 1 };
uint64_t hx_perft_deep(const hx_position *pos, int depth, int threads, size_t hash_bytes,
                       int flags);

/* Watching and resuming a deep count. hx_perft_deep cuts the work into jobs
 * (the lines one or two plies down, always in the same order for the same
 * position and depth); hx_perft_deep_jobs says how many (0 below depth 2).
 * hx_perft_deep_watched counts like hx_perft_deep, but with watch->job_nodes
 * (njobs entries): an entry other than HX_PERFT_NOT_DONE is taken as that
 * job's count and the job is skipped (a resumed run), and each finished job
 * stores its count there and calls watch->job_done, one call at a time, from
 * whichever thread ran it. njobs must be hx_perft_deep_jobs(pos, depth): a
 * watch of another size is refused (UINT64_MAX, no job run, job_nodes left
 * as they are), as the jobs it records would be another count's. */
#define HX_PERFT_NOT_DONE UINT64_MAX
typedef struct hx_perft_watch {
    uint64_t *job_nodes;
    int njobs;
    void (*job_done)(void *ctx, int job, uint64_t nodes);
    void *ctx;
} hx_perft_watch;
int hx_perft_deep_jobs(const hx_position *pos, int depth);
uint64_t hx_perft_deep_watched(const hx_position *pos, int depth, int threads, size_t hash_bytes,
                               int flags, hx_perft_watch *watch);

/* A deep count with every option; hx_perft_deep and hx_perft_deep_watched
 * are this with key_seed 0. The table's key is 128 bits, two 64-bit Zobrist
 * sets of its own drawn from key_seed, so counts made with two seeds share
 * no key (as chess perft(15) was made twice); every probe compares all 128
 * bits and the depth. The table is lossless while it fits: an entry is
 * overwritten only when every slot near its key is taken, and then the
 * count is still exact (a lost entry costs time, not correctness). stats
 * (may be NULL) says what happened: replaced + dropped > 0 means hash_bytes
 * was too small to keep every result; slots 0 means no table (none asked,
 * too small for one, or out of memory). */
typedef struct hx_perft_options {
    int threads;           /* 1 or more */
    size_t hash_bytes;     /* the table's bound; 0: no table */
    int flags;             /* HX_PERFT_NO_BULK */
    uint64_t key_seed;     /* the table's keys; any value */
    hx_perft_watch *watch; /* NULL, or as for hx_perft_deep_watched */
} hx_perft_options;
typedef struct hx_perft_table_stats {
    uint64_t slots;    /* entries the table holds at most (0: no table) */
    uint64_t stored;   /* results kept in an empty slot */
    uint64_t replaced; /* results written over another (the table was full there) */
    uint64_t dropped;  /* results not kept (every slot near the key deeper, or busy) */
    uint64_t hits;     /* probes answered from the table */
} hx_perft_table_stats;
uint64_t hx_perft_deep_run(const hx_position *pos, int depth, const hx_perft_options *options,
                           hx_perft_table_stats *stats);

/* The generator is compiled several times for different x86-64 CPUs (e.g.
 * "x86-64", "popcnt", "bmi2"; one kernel in a -DHEXREF_NATIVE=ON or non-x86
 * build), and the library uses the fastest one this CPU runs, chosen when
 * the program starts (docs/speed.md). hx_kernel_name() names the kernel in
 * use, hx_slider_method() how it finds a slider's attacks: "line lookup
 * (PEXT/PDEP)" or "ray scan". Every kernel gives the same moves. */
const char *hx_kernel_name(void);
const char *hx_slider_method(void);
/* The kernels of this build: names, and whether this CPU can run each. */
int hx_kernel_count(void);
const char *hx_kernel_name_at(int i);
int hx_kernel_available(int i);
/* Uses the named kernel from now on. Returns 0, or -1 with err filled (an
 * unknown name, or one this CPU cannot run). Not to be called while another
 * thread is using the library.
 * HEXREF_KERNEL=NAME in the environment chooses when the program starts.
 * The library never exits: if NAME is unknown or this CPU cannot run it,
 * hx_rules_find (and so hx_text_moves) fails with "HEXREF_KERNEL: ..."
 * saying why, until hx_kernel_choose succeeds, so that nothing is counted
 * on another kernel than the one asked for. */
int hx_kernel_choose(const char *name, hx_error *err);

/* ---- Text interface (the C ABI for outside harnesses) ----------------- */

/* Legal moves of fen as sorted text lines ("e2e4\n..."), NUL-terminated.
 * Returns 0, or -1 with err filled (bad names, bad HexFEN, buffer too small). */
int hx_text_moves(const char *variant, const char *profile, const char *fen,
                  char *out, size_t cap, hx_error *err);

#ifdef __cplusplus
}
#endif

#endif
