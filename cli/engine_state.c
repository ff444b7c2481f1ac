/*
 * engine_state.c - what `hexref engine`'s commands set (engine_state.h): the
 * variant and profile (setoption) and the position (position), and the
 * position they make.
 */
#include "engine_state.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine_io.h"
/* The first whole word `word` in s that follows a blank, or NULL. */
static char *find_token(char *s, const char *word)
{
    for (char *at = strstr(s, word); at; at = strstr(at + 1, word))
        if (at > s && (at[-1] == ' ' || at[-1] == '\t') && engine_token_is(at, word))
            return at;
    return NULL;
}


/* "setoption name NAME value VALUE"; option names are case-insensitive. */
void engine_set_option(engine_state *s, char *args)
{
    while (isspace((unsigned char)*args))
        args++;
    char *name = engine_token_is(args, "name") ? args : NULL;
    char *value = name ? find_token(args, "value") : NULL;
    if (!name || !value) {
        engine_reply("info string setoption needs 'name N value V'\n", "");
        return;
    }
    value[-1] = '\0';
    name += 5;
    value += 6;
    name[strcspn(name, " \t")] = '\0';
    value += strspn(value, " \t");
    value[strcspn(value, " \t")] = '\0';
    int is_variant = strcasecmp(name, "UCI_Variant") == 0;
    int is_profile = strcasecmp(name, "HexrefProfile") == 0;
    if ((is_variant && s->variant_pinned) || (is_profile && s->profile_pinned))
        engine_reply("info string %s is pinned by the command line; ignored\n", name);
    else if (is_variant)
        snprintf(s->variant, sizeof s->variant, "%s", value);
    else if (is_profile)
        snprintf(s->profile, sizeof s->profile, "%s", value);
    else
        engine_reply("info string no such option: %s\n", name);
}

static char *dup_text(const char *text)
{
    size_t n = strlen(text) + 1;
    char *p = malloc(n);
    return p ? memcpy(p, text, n) : NULL;
}

/* "position fen F... [moves M...]" or "position startpos [moves M...]". */
void engine_set_position(engine_state *s, char *args)
{
    s->line_dropped = 0;
    free(s->fen);
    free(s->moves);
    s->fen = NULL;
    s->moves = NULL;
    char *moves = find_token(args, "moves");
    if (moves) {
        moves[-1] = '\0';
        moves += 5;
    }
    while (isspace((unsigned char)*args))
        args++;
    if (engine_token_is(args, "fen"))
        s->fen = dup_text(args + 4);
    else if (!engine_token_is(args, "startpos") || args[8 + strspn(args + 8, " \t")] != '\0')
        engine_reply("info string position needs 'fen HEXFEN' or 'startpos'\n", "");
    s->moves = dup_text(moves ? moves : "");
}

/* The position of the last 'position' command, or NULL with err filled. */
hx_position *engine_current_position(const engine_state *s, hx_error *err)
{
    if (s->line_dropped) {
        snprintf(err->message, sizeof err->message, "a command line longer than 64 KiB was "
                 "ignored: send the position again");
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
