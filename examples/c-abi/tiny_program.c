/*
 * tiny_program.c - the smallest program against the installed library:
 *
 *     cc tiny_program.c $(pkg-config --cflags --libs hexref) -o tiny
 *
 * Prints the legal moves of McCooey's initial position and perft 3.
 */
#include <stdio.h>

#include <hexref.h>

int main(void)
{
    hx_error err;
    char moves[8192];
    const hx_rules *rules = hx_rules_find("mccooey", "std", &err);
    hx_position *pos = rules ? hx_position_new(rules) : NULL;
    if (!pos || hx_position_set_fen(pos, NULL, &err) != 0 ||
        hx_text_moves("mccooey", "std", NULL, moves, sizeof moves, &err) != 0) {
        fprintf(stderr, "tiny: %s\n", err.message);
        return 1;
    }
    fputs(moves, stdout);
    printf("perft 3: %llu\n", (unsigned long long)hx_perft(pos, 3));
    hx_position_free(pos);
    return 0;
}
