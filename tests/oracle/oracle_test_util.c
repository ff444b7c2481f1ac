#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "oracle_test_util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "oracle.h"

/* The README.md board table, restated independently of oracle/. */
struct tgeo {
    const char *name, *files;
    int nx, ny, dmin, dmax, bent, nranks;
};

static const struct tgeo GEO[] = {
    {"shafran", "abcdefghi", 9, 10, -5, 4, 0, 10},
    {"brusky", "abcdefghijkl", 12, 8, -4, 8, 0, 8},
    {"glinski", "abcdefghikl", 11, 11, -5, 5, 1, 11},
    {"mccooey", "abcdefghikl", 11, 11, -5, 5, 1, 11},
};

static const struct tgeo *geo(const char *variant)
{
    for (size_t i = 0; i < sizeof GEO / sizeof GEO[0]; i++)
        if (strcmp(GEO[i].name, variant) == 0)
            return &GEO[i];
    fail_msg("unknown variant %s", variant);
    return NULL;
}

static int yof(const struct tgeo *g, int x, int rank)
{
    return rank - 1 + ((g->bent && x > 5) ? x - 5 : 0);
}

static int exists(const struct tgeo *g, int x, int y)
{
    return x >= 0 && x < g->nx && y >= 0 && y < g->ny && x - y >= g->dmin &&
           x - y <= g->dmax;
}

static void place(const struct tgeo *g, char board[12][12], const char *list,
                  int black)
{
    char buf[512], *tok, *save = NULL;

    snprintf(buf, sizeof buf, "%s", list);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        const char *f = strchr(g->files, tok[1]);
        int x, y;
        assert_non_null(f);
        x = (int)(f - g->files);
        y = yof(g, x, atoi(tok + 2));
        assert_true(exists(g, x, y));
        board[x][y] = black ? (char)(tok[0] - 'A' + 'a') : tok[0];
    }
}

char *tfen(char *out, const char *variant, const char *white,
           const char *black, const char *rest)
{
    const struct tgeo *g = geo(variant);
    char board[12][12];
    size_t n = 0;

    memset(board, 0, sizeof board);
    place(g, board, white, 0);
    place(g, board, black, 1);
    for (int r = g->nranks; r >= 1; r--) {
        int run = 0;
        for (int x = 0; x < g->nx; x++) {
            int y = yof(g, x, r);
            if (!exists(g, x, y))
                continue;
            if (board[x][y] == 0) {
                run++;
                continue;
            }
            if (run)
                n += (size_t)sprintf(out + n, "%d", run);
            run = 0;
            out[n++] = board[x][y];
        }
        if (run)
            n += (size_t)sprintf(out + n, "%d", run);
        if (r > 1)
            out[n++] = '/';
    }
    sprintf(out + n, " %s", rest);
    return out;
}

void tmoves(const char *variant, const char *profile, const char *fen,
            char *out)
{
    char err[256] = "";
    int rc = oracle_moves(variant, profile, fen, out, BIG, err, sizeof err);
    if (rc != 0)
        fail_msg("oracle_moves(%s, %s, %s): %s", variant, profile, fen, err);
}

static int move_from_is(const char *m, const char *from)
{
    size_t i = 1;
    while (m[i] >= '0' && m[i] <= '9')
        i++;
    return strlen(from) == i && strncmp(m, from, i) == 0;
}

void tmoves_from(const char *variant, const char *profile, const char *fen,
                 const char *from, char *out)
{
    char *list = malloc(BIG), *line, *save = NULL;

    assert_non_null(list);
    tmoves(variant, profile, fen, list);
    out[0] = '\0';
    for (line = strtok_r(list, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (!move_from_is(line, from))
            continue;
        if (out[0])
            strcat(out, " ");
        strcat(out, line);
    }
    free(list);
}

int thas(const char *variant, const char *profile, const char *fen,
         const char *move)
{
    char *list = malloc(BIG), *line, *save = NULL;
    int found = 0;

    assert_non_null(list);
    tmoves(variant, profile, fen, list);
    for (line = strtok_r(list, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        if (strcmp(line, move) == 0)
            found = 1;
    free(list);
    return found;
}

int tcount(const char *variant, const char *profile, const char *fen)
{
    char *list = malloc(BIG);
    int n = 0;

    assert_non_null(list);
    tmoves(variant, profile, fen, list);
    for (char *c = list; *c; c++)
        n += *c == '\n';
    free(list);
    return n;
}

void tplay(const char *variant, const char *profile, const char *fen,
           const char *moves, char *out)
{
    char buf[2048], cur[512], err[256] = "", *tok, *save = NULL;

    snprintf(buf, sizeof buf, "%s", moves);
    snprintf(cur, sizeof cur, "%s", fen);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (oracle_play(variant, profile, cur, tok, out, 512, err, sizeof err))
            fail_msg("play %s on %s: %s", tok, cur, err);
        snprintf(cur, sizeof cur, "%s", out);
    }
    snprintf(out, 512, "%s", cur);
}

void tstatus(const char *variant, const char *profile, const char *fen,
             char *out)
{
    char err[256] = "";
    if (oracle_status(variant, profile, fen, out, 32, err, sizeof err))
        fail_msg("status %s: %s", fen, err);
}

uint64_t tperft(const char *variant, const char *profile, const char *fen,
                int depth)
{
    char err[256] = "";
    uint64_t n = 0;
    if (oracle_perft(variant, profile, fen, depth, &n, err, sizeof err))
        fail_msg("perft %s: %s", fen, err);
    return n;
}

void tstart(const char *variant, const char *profile, char *out)
{
    char err[256] = "";
    if (oracle_start_fen(variant, profile, out, 512, err, sizeof err))
        fail_msg("start %s %s: %s", variant, profile, err);
}
