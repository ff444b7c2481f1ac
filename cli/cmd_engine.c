/*
 * cmd_engine.c - hexref as a uci engine (docs/protocol.md), so that
 * `hexref verify --protocol uci` can be pointed at hexref itself, and so a
 * uci adapter has a working counterpart to compare with.
 *
 * Only what verify needs: uci, isready, setoption (UCI_Variant,
 * HexrefProfile), position, go perft N, the HexrefStatus extension
 * (`status`), d (draw), quit. A variant or profile given on the command
 * line is pinned: setoption cannot change it, so `hexref engine -p neg-...`
 * behaves like an engine with that bug whatever verify asks for.
 */
#include "cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct engine_state {
    char variant[32], profile[64];
    int variant_pinned, profile_pinned;
    char *fen;   /* NULL: the initial position */
    char *moves; /* space-separated, "" for none */
} engine_state;

typedef struct divide_entry {
    char move[HX_MOVE_TEXT_MAX];
    uint64_t count;
} divide_entry;

static void reply(const char *fmt, const char *arg)
{
    printf(fmt, arg);
    fflush(stdout);
}

static void print_uci(const engine_state *s)
{
    printf("id name hexref %s\nid author the hexref project\n", "0.1.0");
    printf("option name UCI_Variant type combo default %s", s->variant[0] ? s->variant : "shafran");
    for (int i = 0; i < hx_variant_count(); i++)
        printf(" var %s", hx_variant_name(i));
    printf("\noption name HexrefProfile type string default %s\n", s->profile);
    printf("option name HexrefStatus type check default true\nuciok\n");
    fflush(stdout);
}

/* "setoption name NAME value VALUE"; option names are case-insensitive. */
static void set_option(engine_state *s, char *args)
{
    char *name = strstr(args, "name ");
    char *value = strstr(args, " value ");
    if (!name || !value) {
        reply("info string setoption needs 'name N value V'\n", "");
        return;
    }
    *value = '\0';
    name += 5;
    value += 7;
    value[strcspn(value, " \t")] = '\0';
    int is_variant = strcasecmp(name, "UCI_Variant") == 0;
    int is_profile = strcasecmp(name, "HexrefProfile") == 0;
    if ((is_variant && s->variant_pinned) || (is_profile && s->profile_pinned))
        reply("info string %s is pinned by the command line; ignored\n", name);
    else if (is_variant)
        snprintf(s->variant, sizeof s->variant, "%s", value);
    else if (is_profile)
        snprintf(s->profile, sizeof s->profile, "%s", value);
    else
        reply("info string no such option: %s\n", name);
}

static char *dup_text(const char *text)
{
    size_t n = strlen(text) + 1;
    char *p = malloc(n);
    return p ? memcpy(p, text, n) : NULL;
}

/* "position fen F... [moves M...]" or "position startpos [moves M...]". */
static void set_position(engine_state *s, char *args)
{
    free(s->fen);
    free(s->moves);
    s->fen = NULL;
    s->moves = NULL;
    char *moves = strstr(args, " moves");
    if (moves) {
        *moves = '\0';
        moves += 6;
    }
    while (*args == ' ')
        args++;
    if (strncmp(args, "fen ", 4) == 0)
        s->fen = dup_text(args + 4);
    else if (strncmp(args, "startpos", 8) != 0)
        reply("info string position needs 'fen HEXFEN' or 'startpos'\n", "");
    s->moves = dup_text(moves ? moves : "");
}

/* The position of the last 'position' command, or NULL with err filled. */
static hx_position *current_position(const engine_state *s, hx_error *err)
{
    if (!s->variant[0]) {
        snprintf(err->message, sizeof err->message, "no variant: send setoption name UCI_Variant");
        return NULL;
    }
    const hx_rules *rules = hx_rules_find(s->variant, s->profile, err);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    if (rules && !pos)
        snprintf(err->message, sizeof err->message, "out of memory");
    if (pos && (hx_position_set_fen(pos, s->fen, err) != 0 ||
                hx_play_moves(pos, s->moves, 0, err) != 0)) {
        hx_position_free(pos);
        pos = NULL;
    }
    return pos;
}

static int compare_entries(const void *a, const void *b)
{
    return strcmp(((const divide_entry *)a)->move, ((const divide_entry *)b)->move);
}

static void go_perft(const engine_state *s, int depth)
{
    hx_error err;
    hx_position *pos = current_position(s, &err);
    if (!pos) {
        reply("error %s\n", err.message);
        return;
    }
    static divide_entry lines[HX_MAX_MOVES];
    hx_move moves[HX_MAX_MOVES];
    int n = depth > 0 ? hx_legal_moves(pos, moves) : 0;
    uint64_t total = depth > 0 ? 0 : 1;
    for (int i = 0; i < n; i++) {
        hx_move_text(pos, moves[i], 0, lines[i].move);
        hx_make(pos, moves[i]);
        lines[i].count = hx_perft(pos, depth - 1);
        hx_unmake(pos);
        total += lines[i].count;
    }
    qsort(lines, (size_t)n, sizeof lines[0], compare_entries);
    for (int i = 0; i < n; i++)
        printf("%s: %llu\n", lines[i].move, (unsigned long long)lines[i].count);
    printf("\nNodes searched: %llu\n\n", (unsigned long long)total);
    fflush(stdout);
    hx_position_free(pos);
}

static void go(const engine_state *s, const char *args)
{
    char *end = NULL;
    while (*args == ' ')
        args++;
    if (strncmp(args, "perft", 5) != 0) {
        reply("info string only 'go perft N' is supported\nbestmove 0000\n", "");
        return;
    }
    long depth = strtol(args + 5, &end, 10);
    if (end == args + 5 || depth < 0 || depth > 32)
        reply("error go perft needs a depth from 0 to 32\n", "");
    else
        go_perft(s, (int)depth);
}

static void status(const engine_state *s)
{
    hx_error err;
    hx_position *pos = current_position(s, &err);
    if (!pos) {
        reply("error %s\n", err.message);
        return;
    }
    reply("status %s\n", hx_status_name(hx_position_status(pos)));
    hx_position_free(pos);
}

static void draw(const engine_state *s)
{
    hx_error err;
    hx_position *pos = current_position(s, &err);
    if (!pos) {
        reply("error %s\n", err.message);
        return;
    }
    char fen[HX_FEN_MAX];
    hx_position_fen(pos, fen);
    cli_draw_position(pos, 0, 0);
    printf("\n%s (%s) Fen: %s\n", s->variant, s->profile, fen);
    fflush(stdout);
    hx_position_free(pos);
}

/* Runs one command line; returns 1 on quit. */
static int dispatch(engine_state *s, char *line)
{
    line[strcspn(line, "\r\n")] = '\0';
    while (isspace((unsigned char)*line))
        line++;
    char *args = line + strcspn(line, " ");
    if (*args)
        *args++ = '\0';
    if (strcmp(line, "quit") == 0)
        return 1;
    if (strcmp(line, "uci") == 0)
        print_uci(s);
    else if (strcmp(line, "isready") == 0)
        reply("readyok\n", "");
    else if (strcmp(line, "setoption") == 0)
        set_option(s, args);
    else if (strcmp(line, "position") == 0)
        set_position(s, args);
    else if (strcmp(line, "go") == 0)
        go(s, args);
    else if (strcmp(line, "status") == 0)
        status(s);
    else if (strcmp(line, "d") == 0)
        draw(s);
    else if (line[0] && strcmp(line, "ucinewgame") != 0 && strcmp(line, "stop") != 0)
        reply("info string unknown command: %s\n", line);
    return 0;
}

int cmd_engine(int argc, char **argv)
{
    cli_opts o;
    int rc = cli_parse(argc, argv, &o);
    if (rc)
        return rc;
    if (o.help) {
        cli_usage(stdout, "engine");
        return EXIT_OK;
    }
    if (o.nargs)
        return cli_usage_error("engine", "unexpected argument '%s'", o.args[0]);
    engine_state s = {{0}, "std", o.variant != NULL, o.profile != NULL, NULL, NULL};
    hx_error err;
    if (o.variant && !hx_rules_find(o.variant, o.profile, &err))
        return cli_bad_input("%s", err.message);
    snprintf(s.variant, sizeof s.variant, "%s", o.variant ? o.variant : "");
    snprintf(s.profile, sizeof s.profile, "%s", o.profile ? o.profile : "std");
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) > 0 && !dispatch(&s, line))
        ;
    free(line);
    free(s.fen);
    free(s.moves);
    return EXIT_OK;
}
