/*
 * faulty_engine.c - a script-protocol engine (docs/protocol.md) with one
 * planted fault, for the tests of hexref verify.
 *
 *     faulty_engine DEPTH HEXFEN [MOVES]      (HEXREF_VARIANT, HEXREF_PROFILE)
 *
 * It counts with the reference rules, except in the one position given by
 * FAULT_FEN (recognised wherever it is reached, by its Zobrist key, as a
 * real bug in a move generator would be):
 *   FAULT_DROP=MOVE   the move is not generated there;
 *   FAULT_ADD=MOVE    an extra move is generated there (a leaf: it counts 1
 *                     at every remaining depth);
 *   FAULT_BUMP=MOVE   at remaining depth >= 2 the move's subtree counts one
 *                     more (a counting bug that a depth-1 query never shows).
 *   FAULT_FAIL=error  the engine fails on generating moves there (so only
 *                     when a query's tree reaches it with depth to go):
 *                     'error Board doesn't have a king' and exit status 1;
 *   FAULT_FAIL=crash  it dies there of SIGSEGV, after two lines of stderr.
 * Every count is consistent with the fault, so verify has to find the
 * position by descending from wherever it starts. Without a FAULT_FEN,
 * FAULT_SLOW=D makes every query of depth D or more hang (a slow engine:
 * the children at depth D - 1 answer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "hexref.h"

typedef struct fault {
    uint64_t key;
    const char *drop, *add, *bump, *fail;
} fault;

typedef struct line {
    char move[HX_MOVE_TEXT_MAX];
    uint64_t count;
} line;

static fault planted;

static int is_fault(const hx_position *pos)
{
    return planted.key && hx_position_key(pos) == planted.key;
}

/* FAULT_FAIL: the engine's failure on reaching the position with depth to go. */
static void fail_here(const hx_position *pos, int depth)
{
    if (!planted.fail || depth < 1 || !is_fault(pos))
        return;
    fflush(stdout);
    if (strcmp(planted.fail, "crash") == 0) {
        fprintf(stderr, "faulty_engine: walking the tree\nfaulty_engine: bad square, dying\n");
        fflush(stderr);
        /* the default action, so the engine dies by signal 11 even when a
         * sanitizer's handler is installed (the ASan build aborted instead) */
        signal(SIGSEGV, SIG_DFL);
        raise(SIGSEGV);
    }
    fprintf(stderr, "faulty_engine: first stderr line\nValueError: Board doesn't have a king\n");
    printf("error Board doesn't have a king\n");
    exit(1);
}

static uint64_t perft(hx_position *pos, int depth)
{
    fail_here(pos, depth);
    if (depth == 0)
        return 1;
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves), here = is_fault(pos);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        char text[HX_MOVE_TEXT_MAX] = "";
        if (here)
            hx_move_text(pos, moves[i], 0, text);
        if (here && planted.drop && strcmp(text, planted.drop) == 0)
            continue;
        hx_make(pos, moves[i]);
        total += perft(pos, depth - 1);
        hx_unmake(pos);
        if (here && planted.bump && depth >= 2 && strcmp(text, planted.bump) == 0)
            total++;
    }
    return total + (here && planted.add ? 1 : 0);
}

static int compare_lines(const void *a, const void *b)
{
    return strcmp(((const line *)a)->move, ((const line *)b)->move);
}

static int divide(hx_position *pos, int depth, line *lines)
{
    fail_here(pos, depth);
    hx_move moves[HX_MAX_MOVES];
    int n = hx_legal_moves(pos, moves), k = 0, here = is_fault(pos);
    for (int i = 0; i < n; i++) {
        hx_move_text(pos, moves[i], 0, lines[k].move);
        if (here && planted.drop && strcmp(lines[k].move, planted.drop) == 0)
            continue;
        hx_make(pos, moves[i]);
        lines[k].count = perft(pos, depth - 1);
        hx_unmake(pos);
        if (here && planted.bump && depth >= 2 && strcmp(lines[k].move, planted.bump) == 0)
            lines[k].count++;
        k++;
    }
    if (here && planted.add) {
        snprintf(lines[k].move, sizeof lines[k].move, "%s", planted.add);
        lines[k++].count = 1;
    }
    qsort(lines, (size_t)k, sizeof *lines, compare_lines);
    return k;
}

/* The key of FAULT_FEN under the same rules. */
static int plant(const hx_rules *rules)
{
    const char *fen = getenv("FAULT_FEN");
    planted.drop = getenv("FAULT_DROP");
    planted.add = getenv("FAULT_ADD");
    planted.bump = getenv("FAULT_BUMP");
    planted.fail = getenv("FAULT_FAIL");
    if (!fen)
        return 0;
    hx_error err;
    hx_position *pos = hx_position_new(rules);
    if (!pos || hx_position_set_fen(pos, fen, &err) != 0) {
        fprintf(stderr, "faulty_engine: bad FAULT_FEN: %s\n", pos ? err.message : "no memory");
        hx_position_free(pos);
        return -1;
    }
    planted.key = hx_position_key(pos);
    hx_position_free(pos);
    return 0;
}

int main(int argc, char **argv)
{
    hx_error err;
    const char *variant = getenv("HEXREF_VARIANT");
    if (argc < 3 || argc > 4 || !variant) {
        fprintf(stderr, "usage: HEXREF_VARIANT=V faulty_engine DEPTH HEXFEN [MOVES]\n");
        return 2;
    }
    const hx_rules *rules = hx_rules_find(variant, getenv("HEXREF_PROFILE"), &err);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    int depth = atoi(argv[1]);
    if (!pos || plant(rules) != 0 || hx_position_set_fen(pos, argv[2], &err) != 0 ||
        hx_play_moves(pos, argc == 4 ? argv[3] : "", 0, &err) != 0 || depth < 1) {
        fprintf(stderr, "faulty_engine: %s\n", pos ? err.message : "bad variant or profile");
        hx_position_free(pos);
        return 1;
    }
    const char *slow = getenv("FAULT_SLOW");
    if (slow && depth >= atoi(slow))
        sleep(600);
    static line lines[HX_MAX_MOVES + 1];
    int n = divide(pos, depth, lines);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        printf("%s %llu\n", lines[i].move, (unsigned long long)lines[i].count);
        total += lines[i].count;
    }
    printf("\n%llu\n", (unsigned long long)total);
    hx_position_free(pos);
    return 0;
}
