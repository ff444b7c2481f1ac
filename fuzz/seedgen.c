/*
 * seedgen.c - writes the seed corpora corpus/<target>/ in the input layout
 * of fuzz_common.h, from
 *   - every profile's initial position, and a few seeded random games;
 *   - every fixture of tests/fixtures (its HexFEN, and its "line" of moves
 *     played as move bytes, so the special move the fixture is about is
 *     among the children of the position, or was just played);
 *   - for move_parse, the texts of special moves (castling names,
 *     promotions with and without '=', Brusky's notation B).
 *
 *     fuzz_seedgen OUT_DIR FIXTURE_FILE...
 *
 * File names say what a seed is; identical seeds are written once.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_common.h"
#include "oracle.h"

enum { SEED_MAX = 1024, LINE_MAX_CHARS = 4096 };

typedef struct seed {
    uint8_t b[SEED_MAX];
    size_t n;
} seed;

static const char *out_dir;
static int written;

static void put(seed *s, const void *data, size_t n)
{
    if (s->n + n <= SEED_MAX) {
        memcpy(s->b + s->n, data, n);
        s->n += n;
    }
}

static void put_byte(seed *s, int b)
{
    uint8_t c = (uint8_t)b;
    put(s, &c, 1);
}

/* FNV-1a, to give identical seeds one file name. */
static unsigned long hash_of(const seed *s)
{
    unsigned long h = 2166136261UL;
    for (size_t i = 0; i < s->n; i++)
        h = (h ^ s->b[i]) * 16777619UL;
    return h & 0xffffffffUL;
}

static void save(const char *target, const char *label, const seed *s)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", out_dir, target);
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/%s/%s-%08lx", out_dir, target, label, hash_of(s));
    for (char *c = path + strlen(out_dir) + strlen(target) + 2; *c; c++)
        if (*c == '/' || *c == ' ')
            *c = '_';
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(s->b, 1, s->n, f) != s->n) {
        fprintf(stderr, "seedgen: cannot write %s: %s\n", path, strerror(errno));
        exit(1);
    }
    fclose(f);
    written++;
}

/* The byte that picks move `text` (fz_pick_move), or -1. */
static int move_byte(hx_position *pos, const char *text)
{
    hx_move m;
    hx_error err;
    if (hx_move_parse(pos, text, 0, &m, &err) != 0)
        return -1;
    int b = fz_move_byte(pos, m);
    return b < 256 ? b : -1;
}

/* A text-mode prefix: profile byte, mode 2, the HexFEN and '\n'. */
static void text_prefix(seed *s, int index, const char *fen)
{
    s->n = 0;
    put_byte(s, index);
    put_byte(s, FZ_MODE_TEXT);
    put(s, fen, strlen(fen));
    put_byte(s, '\n');
}

/* Plays `line` on pos, appending one move byte per move; -1 if a move of
 * the line is not legal. */
static int put_line(seed *s, hx_position *pos, const char *line)
{
    char copy[LINE_MAX_CHARS], *save_ptr = NULL;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *w = strtok_r(copy, " ", &save_ptr); w; w = strtok_r(NULL, " ", &save_ptr)) {
        int b = move_byte(pos, w);
        hx_move m;
        hx_error err;
        if (b < 0 || hx_move_parse(pos, w, 0, &m, &err) != 0)
            return -1;
        put_byte(s, b);
        hx_make(pos, m);
    }
    return 0;
}

/* ---- Seeds per target --------------------------------------------------- */

static int count_men(const char *fen)
{
    int n = 0;
    for (const char *c = fen; *c && *c != ' '; c++)
        n += (*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z');
    return n;
}

static void diff_seeds(const char *label, const hx_rules *r, const char *fen, const char *line)
{
    int index = fz_profile_index(FZ_ORACLE, hx_rules_variant(r), hx_rules_profile(r));
    hx_position *pos = fz_scratch(r);
    hx_error err;
    seed s;
    if (index < 0 || hx_position_set_fen(pos, fen, &err) != 0)
        return;
    text_prefix(&s, index, fen);
    save("movegen_diff", label, &s);
    if (count_men(fen) <= 16)
        save("perft_diff", label, &s);
    if (line && *line && put_line(&s, pos, line) == 0) {
        put_byte(&s, 0); /* the probe: prefer a special child */
        save("movegen_diff", label, &s);
    }
}

static void parse_seed(const char *label, const hx_rules *r, const char *fen)
{
    seed s = {.n = 0};
    put_byte(&s, fz_profile_index(FZ_ALL, hx_rules_variant(r), hx_rules_profile(r)));
    put(&s, fen, strlen(fen));
    save("hexfen_parse", label, &s);
}

static void move_seed(const char *label, const hx_rules *r, const char *fen, int naming,
                      const char *text)
{
    seed s;
    text_prefix(&s, fz_profile_index(FZ_ALL, hx_rules_variant(r), hx_rules_profile(r)), fen);
    put_byte(&s, naming); /* no moves played */
    put(&s, text, strlen(text));
    save("move_parse", label, &s);
}

static const char *const castle_names[] = {"O-O", "O-O-O", "O-O-Q", "O-O-O-Q", "Q-0-0",
                                           "Q-0-0-0", "B-0-0", "B-0-0-0", "0-0", "0-0-0"};

/* The first move of pos with any of `flags` (or the first move if flags is
 * 0), or -1. */
static int first_with(hx_position *pos, const hx_move *moves, int n, int flags)
{
    for (int i = 0; i < n; i++)
        if (!flags || (hx_move_flags(pos, moves[i]) & flags))
            return i;
    return -1;
}

/* Castling names, one promotion (also written "=Q"), one e.p. capture and
 * one plain move, each also in notation B on Brusky. */
static void move_seeds(const char *label, const hx_rules *r, const char *fen)
{
    static const int kinds[] = {HX_MOVE_PROMOTION, HX_MOVE_EP, HX_MOVE_CASTLE, 0};
    hx_position *pos = fz_scratch(r);
    hx_move moves[HX_MAX_MOVES], m;
    hx_error err;
    char text[HX_MOVE_TEXT_MAX], buf[16];
    if (hx_position_set_fen(pos, fen, &err) != 0)
        return;
    for (size_t i = 0; i < sizeof castle_names / sizeof castle_names[0]; i++)
        if (hx_move_parse(pos, castle_names[i], 0, &m, &err) == 0)
            move_seed(label, r, fen, 0, castle_names[i]);
    int n = hx_legal_moves(pos, moves);
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        int i = first_with(pos, moves, n, kinds[k]);
        if (i < 0)
            continue;
        hx_move_text(pos, moves[i], 0, text);
        move_seed(label, r, fen, 0, text);
        if (kinds[k] == HX_MOVE_PROMOTION) {
            snprintf(buf, sizeof buf, "%.*s=%c", (int)strlen(text) - 1, text,
                     text[strlen(text) - 1] - 'a' + 'A');
            move_seed(label, r, fen, 0, buf);
        }
        if (hx_rules_has_naming(r, 1)) { /* the variant's second naming (Brusky's seed notation) */
            hx_move_text(pos, moves[i], 1, text);
            move_seed(label, r, fen, 1, text);
        }
    }
}

/* ---- Sources of positions ------------------------------------------------ */

static void start_seeds(void)
{
    for (int i = 0; i < fz_profile_count(FZ_ALL); i++) {
        const hx_rules *r = fz_profile(FZ_ALL, i);
        hx_position *pos = fz_scratch(r);
        hx_error err;
        char fen[HX_FEN_MAX], label[128];
        hx_position_set_fen(pos, NULL, &err);
        hx_position_fen(pos, fen);
        snprintf(label, sizeof label, "start-%s-%s", hx_rules_variant(r), hx_rules_profile(r));
        parse_seed(label, r, fen);
        move_seeds(label, r, fen);
    }
}

/* Game mode: the initial position, then random games of a few lengths. */
static void game_seeds(void)
{
    static const int lengths[] = {0, 6, 24, 80};
    uint64_t rng = 0x5eed;
    for (int i = 0; i < fz_profile_count(FZ_ORACLE); i++) {
        const hx_rules *r = fz_profile(FZ_ORACLE, i);
        for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
            seed s = {.n = 0};
            char label[128];
            put_byte(&s, i);
            put_byte(&s, FZ_MODE_GAME);
            for (int j = 0; j < lengths[k]; j++) {
                rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
                put_byte(&s, (int)(rng >> 56));
            }
            snprintf(label, sizeof label, "game%d-%s-%s", lengths[k], hx_rules_variant(r),
                     hx_rules_profile(r));
            save("movegen_diff", label, &s);
        }
    }
}

typedef struct fixture {
    char name[128], variant[32], profiles[256], fen[HX_FEN_MAX], line[LINE_MAX_CHARS];
} fixture;

static void seeds_for_profile(const fixture *fx, const char *profile)
{
    hx_error err;
    const hx_rules *r = hx_rules_find(fx->variant, profile, &err);
    char fen[HX_FEN_MAX], label[200];
    if (!r)
        return;
    hx_position *pos = fz_scratch(r);
    if (hx_position_set_fen(pos, strcmp(fx->fen, "start") ? fx->fen : NULL, &err) != 0)
        return;
    hx_position_fen(pos, fen);
    snprintf(label, sizeof label, "fix-%s-%s", fx->name, profile);
    diff_seeds(label, r, fen, fx->line);
    parse_seed(label, r, fen);
    hx_position_set_fen(pos, fen, &err);
    if (hx_play_moves(pos, fx->line, 0, &err) == 0) {
        hx_position_fen(pos, fen);
        move_seeds(label, r, fen);
        parse_seed(label, r, fen);
    }
}

/* Each fixture under std (if it lists std) and under one more of its
 * profiles, taken in turn, so that every profile gets its share of every
 * kind of fixture without multiplying the corpus by the profile count. */
static void fixture_seeds(const fixture *fx)
{
    static unsigned turn;
    char copy[256], *save_ptr = NULL, *list[16];
    int n = 0;
    snprintf(copy, sizeof copy, "%s", fx->profiles);
    for (char *p = strtok_r(copy, " ", &save_ptr); p && n < 16; p = strtok_r(NULL, " ", &save_ptr))
        list[n++] = p;
    if (n == 0)
        return;
    const char *other = list[turn++ % (unsigned)n];
    for (int i = 0; i < n; i++)
        if (strcmp(list[i], "std") == 0)
            seeds_for_profile(fx, "std");
    if (strcmp(other, "std") != 0)
        seeds_for_profile(fx, other);
}

static void field(char *dst, size_t cap, const char *line, const char *key)
{
    size_t k = strlen(key);
    if (strncmp(line, key, k) == 0 && line[k] == ' ') {
        snprintf(dst, cap, "%s", line + k + 1);
        dst[strcspn(dst, "\n")] = '\0';
    }
}

static void read_fixtures(const char *file)
{
    FILE *f = fopen(file, "r");
    char line[LINE_MAX_CHARS];
    fixture fx;
    memset(&fx, 0, sizeof fx);
    if (!f) {
        fprintf(stderr, "seedgen: cannot read %s\n", file);
        exit(1);
    }
    while (fgets(line, sizeof line, f)) {
        field(fx.name, sizeof fx.name, line, "fixture");
        field(fx.variant, sizeof fx.variant, line, "variant");
        field(fx.profiles, sizeof fx.profiles, line, "profiles");
        field(fx.fen, sizeof fx.fen, line, "fen");
        field(fx.line, sizeof fx.line, line, "line");
        if (strncmp(line, "end", 3) == 0) {
            fixture_seeds(&fx);
            memset(&fx, 0, sizeof fx);
        }
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s OUT_DIR [FIXTURE_FILE...]\n", argv[0]);
        return 2;
    }
    out_dir = argv[1];
    mkdir(out_dir, 0777);
    start_seeds();
    game_seeds();
    for (int i = 2; i < argc; i++)
        read_fixtures(argv[i]);
    printf("seedgen: %d files written (duplicates overwrite each other)\n", written);
    return 0;
}
