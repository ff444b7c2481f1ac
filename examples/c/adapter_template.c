/*
 * adapter_template.c - the two protocols of hexref verify (docs/protocol.md)
 * around a move generator written in C. Copy this file, write the three
 * engine_* functions below for your engine (engine_hexref.c shows them for
 * hexref's own library), build, and run:
 *
 *     cc -O2 adapter_template.c my_engine.c -o my_adapter
 *     hexref verify --engine ./my_adapter -v shafran -d 4
 *     hexref verify --engine './my_adapter --uci' --protocol uci -v shafran -d 4
 *
 * script: my_adapter DEPTH HEXFEN [MOVES], rules in HEXREF_VARIANT and
 *         HEXREF_PROFILE; prints MOVE COUNT lines, a blank line, the total.
 * uci:    my_adapter --uci; uci, isready, setoption name UCI_Variant /
 *         HexrefProfile, position fen|startpos [moves ...], go perft N.
 * Errors are answered with a line "error MESSAGE".
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The three functions you write ------------------------------------ */

/* Selects variant and profile ("std" unless told). 0, or -1 with err. */
int engine_set_rules(const char *variant, const char *profile, char *err, size_t errcap);
/* Sets up fen (NULL: the initial position) and plays moves, a space-separated
 * list of move texts ("" for none). 0, or -1 with err. */
int engine_set_position(const char *fen, const char *moves, char *err, size_t errcap);
/* Calls emit once per legal move of the position with the leaf count below
 * it at depth (>= 1). */
typedef void (*engine_emit)(void *ctx, const char *move, uint64_t count);
void engine_divide(int depth, engine_emit emit, void *ctx);

/* ---- The protocols ----------------------------------------------------- */

enum { MAX_LINES = 2048 };

typedef struct divide {
    char move[MAX_LINES][16];
    uint64_t count[MAX_LINES];
    int n;
} divide;

static void collect(void *ctx, const char *move, uint64_t count)
{
    divide *d = ctx;
    if (d->n < MAX_LINES) {
        snprintf(d->move[d->n], sizeof d->move[0], "%s", move);
        d->count[d->n++] = count;
    }
}

/* Prints the divide of the current position; `sep` is "" or ":". */
static uint64_t print_divide(int depth, const char *sep)
{
    static divide d;
    d.n = 0;
    engine_divide(depth, collect, &d);
    uint64_t total = 0;
    for (int i = 0; i < d.n; i++) {
        printf("%s%s %llu\n", d.move[i], sep, (unsigned long long)d.count[i]);
        total += d.count[i];
    }
    return total;
}

static int run_script(int argc, char **argv)
{
    char err[256] = "";
    const char *variant = getenv("HEXREF_VARIANT"), *profile = getenv("HEXREF_PROFILE");
    if (argc < 3 || argc > 4 || !variant) {
        fprintf(stderr, "usage: HEXREF_VARIANT=V %s DEPTH HEXFEN [MOVES]\n", argv[0]);
        return 2;
    }
    if (engine_set_rules(variant, profile ? profile : "std", err, sizeof err) != 0 ||
        engine_set_position(argv[2], argc == 4 ? argv[3] : "", err, sizeof err) != 0) {
        printf("error %s\n", err);
        return 1;
    }
    uint64_t total = print_divide(atoi(argv[1]), "");
    printf("\n%llu\n", (unsigned long long)total);
    return 0;
}

typedef struct uci_state {
    char variant[32], profile[64];
    char *fen, *moves; /* of the last 'position'; fen NULL for startpos */
} uci_state;

static void uci_position(uci_state *s, char *args)
{
    char *moves = strstr(args, " moves ");
    free(s->fen);
    free(s->moves);
    s->moves = strdup(moves ? moves + 7 : "");
    if (moves)
        *moves = '\0';
    s->fen = strncmp(args, "fen ", 4) == 0 ? strdup(args + 4) : NULL;
}

static void uci_go(uci_state *s, const char *args)
{
    char err[256] = "";
    if (strncmp(args, "perft ", 6) != 0) {
        printf("info string only 'go perft N' is supported\n");
    } else if (engine_set_rules(s->variant, s->profile, err, sizeof err) != 0 ||
               engine_set_position(s->fen, s->moves ? s->moves : "", err, sizeof err) != 0) {
        printf("error %s\n", err);
    } else {
        uint64_t total = print_divide(atoi(args + 6), ":");
        printf("\nNodes searched: %llu\n\n", (unsigned long long)total);
    }
}

static void uci_setoption(uci_state *s, const char *args)
{
    const char *value = strstr(args, " value ");
    if (!value)
        return;
    if (strncmp(args, "name UCI_Variant ", 17) == 0)
        snprintf(s->variant, sizeof s->variant, "%s", value + 7);
    else if (strncmp(args, "name HexrefProfile ", 19) == 0)
        snprintf(s->profile, sizeof s->profile, "%s", value + 7);
}

static int run_uci(void)
{
    uci_state s = {"shafran", "std", NULL, NULL};
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) > 0) {
        line[strcspn(line, "\r\n")] = '\0';
        char *args = line + strcspn(line, " ");
        if (*args)
            *args++ = '\0';
        if (strcmp(line, "uci") == 0)
            printf("id name my engine\noption name UCI_Variant type string default shafran\n"
                   "option name HexrefProfile type string default std\nuciok\n");
        else if (strcmp(line, "isready") == 0)
            printf("readyok\n");
        else if (strcmp(line, "setoption") == 0)
            uci_setoption(&s, args);
        else if (strcmp(line, "position") == 0)
            uci_position(&s, args);
        else if (strcmp(line, "go") == 0)
            uci_go(&s, args);
        else if (strcmp(line, "quit") == 0)
            break;
        fflush(stdout); /* the answer must leave now, not when a buffer fills */
    }
    free(line);
    free(s.fen);
    free(s.moves);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--uci") == 0)
        return run_uci();
    return run_script(argc, argv);
}
